// A policy page's text in the console (decision 0067): terms, privacy, the return policy and
// about, written in the same editor as the blog. A page without stored text shows the text the
// store came with; "Go back to the store's text" drops the stored one.
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { CONTENT_LIMITS as L, POLICY_PAGE_TITLES } from "../../../core/content/content-limits";
import {
  getPolicyPageForStaff,
  isPolicySlug,
  resetPolicyPage,
  savePolicyPage,
} from "../../../core/content/policy-pages";
import { AppError } from "../../../core/shared/errors";
import { POLICY_PAGE_SLUGS } from "../../../core/content/policy-pages";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ContentNav } from "../../components/admin/ContentNav";
import { ConsoleForm, PageTitle, TextField } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { RichTextEditor } from "../../components/admin/RichTextEditor";
import { consoleMeta, formText } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { shippedPolicyHtml } from "../../lib/policy-shipped.server";
import { formErrorsOf } from "../../lib/form-errors";
import { formErrorsFor } from "../../lib/form-errors.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/content-policy";

export const meta = ({ data }: Route.MetaArgs) => consoleMeta(data?.page.title ?? "Policy page");
export const ErrorBoundary = ConsoleErrorBoundary;

function slugOf(param: string | undefined) {
  if (!param || !isPolicySlug(param))
    throw data({ detail: "There is no such page in the back office." }, { status: 404 });
  return param;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "content");
  const page = await getPolicyPageForStaff(context.core, actor, slugOf(params.slug));
  // a page without stored text starts from the text it shows now
  const content = page.stored
    ? page.content
    : await shippedPolicyHtml(context.core, context.config.publicUrl, page.slug);
  return {
    page: { ...page, content, updatedAt: page.updatedAt ? formatDayTime(page.updatedAt) : null },
    pages: POLICY_PAGE_SLUGS.map((slug) => ({ slug, title: POLICY_PAGE_TITLES[slug] })),
  };
}

type Answer = {
  done?: string;
  error?: string;
  fields?: Record<string, string>;
  at?: number;
  content?: string;
  contentUr?: string;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "content");
  const slug = slugOf(params.slug);
  const form = await request.formData();
  const content = formText(form, "content");
  const contentUr = formText(form, "content_ur");
  try {
    if (formText(form, "intent") === "reset") {
      await resetPolicyPage(context.core, actor, slug);
      return { done: "The page shows the store's own text again.", at: Date.now() } satisfies Answer;
    }
    await savePolicyPage(context.core, actor, slug, {
      title: formText(form, "title"),
      content,
      // empty clears the Urdu twins (decision 0111)
      titleUr: formText(form, "title_ur"),
      contentUr,
    });
    return { done: "Saved: the page shows this text now.", at: Date.now() } satisfies Answer;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    return data<Answer>(
      // the title's refusal under the title (decision 0096); the text's, which names no input, above
      {
        ...formErrorsFor(error, { known: ["title", "title_ur"] }),
        content: content.slice(0, L.html),
        contentUr: contentUr.slice(0, L.html),
        at: Date.now(),
      },
      { status: error.status },
    );
  }
}

export default function ConsolePolicyPage() {
  const { page, pages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle
        title={page.title}
        intro={
          page.stored
            ? `Your text, saved ${page.updatedAt}.`
            : "The page shows the text the store came with, below. Change it and save to replace it."
        }
      />
      <ContentNav current="/admin/content/policies" />
      <nav aria-label="Policy pages" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {pages.map((p) => (
          <Link
            key={p.slug}
            to={`/admin/content/policies/${p.slug}`}
            aria-current={p.slug === page.slug ? "page" : undefined}
            className={`underline-offset-4 ${p.slug === page.slug ? "font-semibold" : "underline"}`}
          >
            {p.title}
          </Link>
        ))}
      </nav>
      {answer && (
        // a new answer (the same words again, too) is brought into sight again
        <div className="mb-4 [&>div]:scroll-mt-16" key={answer.at}>
          {answer.done ? (
            <Notice kind="success">{answer.done}</Notice>
          ) : (
            formErrorsOf(answer).form && <Notice kind="error">{answer.error}</Notice>
          )}
        </div>
      )}
      {/* a new key after each save: the editor shows the text as stored (cleaned) */}
      <ConsoleForm
        method="post"
        className="space-y-4 bg-white p-4 ring-1 ring-stone-200"
        aria-label="Page text"
        key={`${page.slug}-${page.updatedAt}`}
        answer={answer}
      >
        <input type="hidden" name="intent" value="save" />
        <TextField name="title" label="Title" defaultValue={page.title} maxLength={L.title} />
        <RichTextEditor
          name="content"
          label="Text"
          defaultValue={answer?.content ?? page.content}
          maxLength={L.html}
          hint="Shown with today's date as “Last updated”."
        />
        <TextField
          name="title_ur"
          label="Urdu title"
          defaultValue={page.titleUr ?? ""}
          maxLength={L.title}
          lang="ur"
          hint="Shown on the Urdu page. Empty: the Urdu page shows the English."
        />
        <RichTextEditor
          name="content_ur"
          label="Urdu text"
          defaultValue={answer?.contentUr ?? page.contentUr ?? ""}
          maxLength={L.html}
          lang="ur"
          hint="Cleaned as the English text is. Empty: the Urdu page shows the English."
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className="btn-primary">
            Save page
          </button>
          <a href={`/${page.slug}`} className="btn-secondary">
            See the page
          </a>
        </div>
      </ConsoleForm>
      {page.stored && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" disabled={busy} className="btn-secondary">
            Go back to the store&apos;s own text
          </button>
        </Form>
      )}
    </>
  );
}
