// A blog post's form in the console (decision 0067): title, address, the text in the rich-text
// editor, excerpt, details (category, tags, author, picture, featured), what search engines show,
// and draft or published; one ConsoleForm (decision 0096), Save and the way to Delete.
import { Link } from "react-router";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import { ConsoleForm, FormNotice, Panel, TextArea, TextField } from "./Fields";
import { RichTextEditor } from "./RichTextEditor";

export interface BlogPostValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  /** the Urdu twins (decision 0111): empty is none, the Urdu blog shows the English */
  titleUr: string;
  excerptUr: string;
  contentUr: string;
  category: string;
  tags: string;
  authorName: string;
  featuredImageUrl: string;
  isFeatured: boolean;
  seoTitle: string;
  seoDescription: string;
  isPublished: boolean;
}

export function BlogPostForm({
  v,
  post,
  media,
  answer,
  busy,
  confirmDelete,
}: {
  /** what the fields show: the stored post, or what was typed when a save was refused */
  v: BlogPostValues;
  post: { id: number | null; publishedAt: string | null };
  /** the store's pictures to choose from */
  media: string[];
  /** the action's answer to a save (a refused field under itself) */
  answer: unknown;
  busy: boolean;
  /** the delete's second step is open above: no second Delete here */
  confirmDelete: boolean;
}) {
  return (
    <ConsoleForm method="post" className="space-y-4" aria-label="Post" answer={answer}>
      <input type="hidden" name="intent" value="save" />
      <Panel>
        <div className="space-y-4">
          <TextField name="title" label="Title" defaultValue={v.title} maxLength={L.title} required />
          <TextField
            name="slug"
            label="Address"
            defaultValue={v.slug}
            maxLength={L.slug}
            hint="The end of /blog/…: lowercase words joined by hyphens. Empty: made from the title."
          />
          <RichTextEditor
            name="content"
            label="Text"
            defaultValue={v.content}
            maxLength={L.html}
            hint="Headings, bold, italic, lists, links and quotes. Pasted text comes in plain."
          />
          <TextArea
            name="excerpt"
            label="Excerpt"
            defaultValue={v.excerpt}
            maxLength={L.excerpt}
            rows={3}
            hint="Shown under the title in the blog's list."
          />
        </div>
      </Panel>
      <Panel title="In Urdu">
        <div className="space-y-4">
          <p className="text-sm text-stone-600">
            Shown on the Urdu blog (/ur/blog). A field left empty shows its English there.
          </p>
          <TextField name="title_ur" label="Urdu title" defaultValue={v.titleUr} maxLength={L.title} lang="ur" />
          <RichTextEditor
            name="content_ur"
            label="Urdu text"
            defaultValue={v.contentUr}
            maxLength={L.html}
            lang="ur"
            hint="Cleaned as the English text is."
          />
          <TextArea
            name="excerpt_ur"
            label="Urdu excerpt"
            defaultValue={v.excerptUr}
            maxLength={L.excerpt}
            rows={3}
            lang="ur"
          />
        </div>
      </Panel>
      <Panel title="Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="category" label="Category" defaultValue={v.category} maxLength={L.category} />
          <TextField
            name="tags"
            label="Tags"
            defaultValue={v.tags}
            maxLength={L.tags * (L.tag + 2)}
            hint="Separated by commas."
          />
          <TextField name="author_name" label="Author" defaultValue={v.authorName} maxLength={L.author} />
          <div>
            <label htmlFor="featured_image_url" className="block text-sm font-semibold">
              Picture{post.id ? " (or upload one above)" : ""}
            </label>
            <select
              id="featured_image_url"
              name="featured_image_url"
              defaultValue={v.featuredImageUrl}
              className="field mt-1"
            >
              <option value="">None</option>
              {media.map((url) => (
                <option key={url} value={url}>
                  {url.replace(/^\/media\//, "")}
                </option>
              ))}
            </select>
            {v.featuredImageUrl && (
              <img src={v.featuredImageUrl} alt="" className="mt-2 h-24 w-auto object-cover ring-1 ring-stone-200" />
            )}
          </div>
          <label className="flex min-h-11 items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="featured" defaultChecked={v.isFeatured} className="h-5 w-5" />
            Featured (shown first on the home page)
          </label>
        </div>
      </Panel>
      <Panel title="Search engines">
        <div className="space-y-4">
          <TextField
            name="seo_title"
            label="Title for search results"
            defaultValue={v.seoTitle}
            maxLength={L.seoTitle}
            hint="Empty: the post's title."
          />
          <TextArea
            name="seo_description"
            label="Description for search results"
            defaultValue={v.seoDescription}
            maxLength={L.seoDescription}
            rows={2}
          />
        </div>
      </Panel>
      <Panel title="Show on the storefront">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">Status</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="status" value="draft" defaultChecked={!v.isPublished} className="h-5 w-5" />
            Draft (hidden)
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name="status" value="published" defaultChecked={v.isPublished} className="h-5 w-5" />
            Published
          </label>
        </fieldset>
        {post.publishedAt && <p className="mt-2 text-xs text-stone-600">First published {post.publishedAt}.</p>}
      </Panel>
      <FormNotice />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="btn-primary">
          Save post
        </button>
        {post.id && !confirmDelete && (
          <Link to={`/admin/content/blog/${post.id}?delete=1`} className="btn-secondary ms-auto">
            Delete
          </Link>
        )}
      </div>
    </ConsoleForm>
  );
}
