// One blog post in the console (decision 0067): /admin/content/blog/new writes a post,
// /admin/content/blog/:id edits one. The body is written in the rich-text editor (or, before or
// without JavaScript, in the textarea of its HTML); the server cleans it before storing.
// Delete asks again on a second step (?delete=1), so it works without JavaScript too. A saved
// post's picture may be uploaded (decision 0066) or chosen among the store's pictures. The post's
// form is components/admin/BlogPostForm.tsx.
import { data, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  createBlogPost,
  deleteBlogPost,
  getBlogPostForStaff,
  updateBlogPost,
  type BlogPostInput,
} from "../../../core/content/blog-admin";
import { listMediaChoices } from "../../../core/content/media-choices";
import { mediaStorage } from "../../../core/media/storage";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ContentNav } from "../../components/admin/ContentNav";
import { DeleteConfirmForm } from "../../components/admin/DeleteConfirmForm";
import { BlogPostForm, type BlogPostValues } from "../../components/admin/BlogPostForm";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { SiteImageUpload, siteImageOutcome } from "../../components/admin/SiteImageUpload";
import { consoleMeta, formText } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { formErrorsFor } from "../../lib/form-errors.server";
import { imageSrc } from "../../lib/images";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/content-blog-post";

export const meta = ({ data }: Route.MetaArgs) => consoleMeta(data?.post.id ? `Edit: ${data.post.title}` : "New post");
export const ErrorBoundary = ConsoleErrorBoundary;

function postId(param: string | undefined): number | null {
  if (param === "new") return null;
  if (!param || param.length > 10 || !/^\d+$/.test(param) || Number(param) > 2_147_483_647 || Number(param) < 1) {
    throw data({ detail: "Blog post not found" }, { status: 404 });
  }
  return Number(param);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "content");
  const id = postId(params.id);
  const search = new URL(request.url).searchParams;
  const [found, media] = await Promise.all([
    id === null
      ? null
      : getBlogPostForStaff(context.core, actor, id).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) throw data({ detail: error.message }, { status: 404 });
          throw error;
        }),
    listMediaChoices(context.core),
  ]);
  const post: BlogPostValues & { id: number | null; publishedAt: string | null; changed: string | null } = found
    ? {
        id: found.id,
        title: found.title,
        slug: found.slug,
        excerpt: found.excerpt,
        content: found.content,
        titleUr: found.titleUr ?? "",
        excerptUr: found.excerptUr ?? "",
        contentUr: found.contentUr ?? "",
        category: found.category ?? "",
        tags: found.tags.join(", "),
        authorName: found.authorName ?? "",
        featuredImageUrl: found.featuredImageUrl ?? "",
        isFeatured: found.isFeatured,
        seoTitle: found.seoTitle ?? "",
        seoDescription: found.seoDescription ?? "",
        isPublished: found.isPublished,
        publishedAt: found.publishedAt ? formatDayTime(found.publishedAt) : null,
        changed: formatDayTime(found.updatedAt),
      }
    : {
        id: null,
        title: "",
        slug: "",
        excerpt: "",
        content: "",
        titleUr: "",
        excerptUr: "",
        contentUr: "",
        category: "",
        tags: "",
        authorName: `${actor.firstName} ${actor.lastName}`.trim(),
        featuredImageUrl: "",
        isFeatured: false,
        seoTitle: "",
        seoDescription: "",
        isPublished: false,
        publishedAt: null,
        changed: null,
      };
  if (found?.featuredImageUrl && !media.includes(found.featuredImageUrl)) media.unshift(found.featuredImageUrl);
  return {
    post,
    media,
    saved: search.get("saved") === "1",
    confirmDelete: search.get("delete") === "1" && id !== null,
    upload: siteImageOutcome(search),
  };
}

interface Answer {
  error: string;
  fields?: Record<string, string>;
  values?: BlogPostValues;
  intent?: "delete" | "save";
}

/**
 * The post's fields a refusal may name, each shown under its own (decision 0096). The text (the
 * rich-text editor), the picture and the status show theirs beside the Save button.
 */
const POST_FIELDS = {
  known: [
    "title",
    "slug",
    "excerpt",
    "title_ur",
    "excerpt_ur",
    "category",
    "tags",
    "author_name",
    "seo_title",
    "seo_description",
  ],
} as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "content");
  const id = postId(params.id);
  const form = await request.formData();
  const refuse = (error: unknown, values?: BlogPostValues) => {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    if (!values) return data<Answer>({ error: error.message, intent: "delete" }, { status: error.status });
    return data<Answer>({ ...formErrorsFor(error, POST_FIELDS), values, intent: "save" }, { status: error.status });
  };

  if (formText(form, "intent") === "delete" && id !== null) {
    try {
      await deleteBlogPost(context.core, actor, id, mediaStorage(context.config));
    } catch (error) {
      return refuse(error);
    }
    throw redirect("/admin/content/blog?deleted=1");
  }

  const values: BlogPostValues = {
    title: formText(form, "title"),
    slug: formText(form, "slug"),
    excerpt: formText(form, "excerpt"),
    content: formText(form, "content"),
    titleUr: formText(form, "title_ur"),
    excerptUr: formText(form, "excerpt_ur"),
    contentUr: formText(form, "content_ur"),
    category: formText(form, "category"),
    tags: formText(form, "tags"),
    authorName: formText(form, "author_name"),
    featuredImageUrl: formText(form, "featured_image_url"),
    isFeatured: form.get("featured") === "on",
    seoTitle: formText(form, "seo_title"),
    seoDescription: formText(form, "seo_description"),
    isPublished: form.get("publish") === "on" || formText(form, "status") === "published",
  };
  const input: BlogPostInput = {
    ...values,
    tags: values.tags,
    category: values.category || null,
    authorName: values.authorName || null,
    featuredImageUrl: values.featuredImageUrl || null,
    seoTitle: values.seoTitle || null,
    seoDescription: values.seoDescription || null,
  };
  try {
    const post =
      id === null
        ? await createBlogPost(context.core, actor, input)
        : // an uploaded picture replaced or taken off: its files go (decision 0066)
          await updateBlogPost(context.core, actor, id, input, mediaStorage(context.config));
    throw redirect(`/admin/content/blog/${post.id}?saved=1`);
  } catch (error) {
    if (error instanceof Response) throw error;
    // the body is sent back too, so nothing typed is lost when the page is shown again
    return refuse(error, values);
  }
}

export default function ConsoleBlogPost() {
  const { post, media, saved, confirmDelete, upload } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const v = answer?.values ?? post;
  return (
    <>
      <PageTitle
        title={post.id ? "Edit post" : "New post"}
        intro={
          post.id
            ? `${post.isPublished ? "Published" : "Draft"} · changed ${post.changed}`
            : "A draft until you choose Published."
        }
      />
      <ContentNav current="/admin/content/blog" />
      <p className="mb-4 text-sm">
        <Link to="/admin/content/blog" className="underline underline-offset-4">
          ← All posts
        </Link>
        {post.id && post.isPublished && (
          <>
            {" · "}
            <a href={`/blog/${post.slug}`} className="underline underline-offset-4">
              See it on the storefront
            </a>
          </>
        )}
      </p>
      {saved && !answer && (
        <div className="mb-4">
          <Notice kind="success">Post saved{post.isPublished ? " and shown on the storefront" : " as a draft"}.</Notice>
        </div>
      )}
      {answer?.intent === "delete" && (
        <div className="mb-4">
          <Notice kind="error">{answer.error}</Notice>
        </div>
      )}
      {confirmDelete && (
        <DeleteConfirmForm
          label="Delete post"
          keepHref={`/admin/content/blog/${post.id}`}
          busy={busy}
          className="mb-4 space-y-3 bg-white p-4 ring-2 ring-red-300"
        >
          <p className="text-sm font-semibold">Delete “{post.title}” for good?</p>
          <p className="text-sm text-stone-700">Choose Draft instead to take it off the storefront and keep it.</p>
        </DeleteConfirmForm>
      )}
      {post.id && (
        <div className="mb-4">
          <Panel title="Picture">
            {post.featuredImageUrl ? (
              <img
                src={imageSrc(post.featuredImageUrl, 400)}
                alt="The post's picture now"
                className="mb-3 h-24 w-40 overflow-hidden bg-stone-100 object-cover text-xs ring-1 ring-stone-200"
              />
            ) : (
              <p className="mb-3 text-sm text-stone-600">The post has no picture yet.</p>
            )}
            <SiteImageUpload
              action={`/admin/content/blog/${post.id}/image/upload`}
              label="Upload the post's picture"
              hint="Save changes to the text first: uploading reloads the page."
              outcome={upload}
            />
          </Panel>
        </div>
      )}
      <BlogPostForm
        v={v}
        post={post}
        media={media}
        answer={answer?.intent === "save" ? answer : undefined}
        busy={busy}
        confirmDelete={confirmDelete}
      />
    </>
  );
}
