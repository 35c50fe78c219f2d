// The blog's posts for staff (issue 14, point 8): drafts and published, newest change first.
import { Form, Link, useLoaderData } from "react-router";
import { listBlogPostsForStaff } from "../../../core/content/blog-admin";
import { BLOG_STATUSES, searchText, type BlogStatus } from "../../../core/content/content-limits";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ContentNav } from "../../components/admin/ContentNav";
import { PageTitle } from "../../components/admin/Fields";
import { Pager } from "../../components/admin/Lists";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, pageParam } from "../../lib/console";
import { formatDay } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/content-blog";

export const meta = () => consoleMeta("Blog");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
const TABS: Record<BlogStatus, string> = { all: "All", draft: "Drafts", published: "Published" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "content");
  const params = new URL(request.url).searchParams;
  const statusText = params.get("status") ?? "all";
  const status = (BLOG_STATUSES as readonly string[]).includes(statusText) ? (statusText as BlogStatus) : "all";
  const search = searchText(params.get("search"));
  const page = pageParam(params);
  const found = await listBlogPostsForStaff(context.core, actor, {
    status,
    search: search || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    status,
    search,
    page,
    pages: Math.max(1, Math.ceil(found.total / PAGE_SIZE)),
    total: found.total,
    deleted: params.get("deleted") === "1",
    posts: found.items.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      published: p.isPublished,
      featured: p.isFeatured,
      category: p.category,
      changed: formatDay(p.updatedAt),
    })),
  };
}

export default function ConsoleBlog() {
  const { status, search, page, pages, total, deleted, posts } = useLoaderData<typeof loader>();
  const href = (changes: Record<string, string>) => {
    const q = new URLSearchParams(
      Object.entries({ status, search, ...changes }).filter(([k, v]) => v !== "" && !(k === "status" && v === "all")),
    );
    const text = q.toString();
    return text ? `/admin/content/blog?${text}` : "/admin/content/blog";
  };
  return (
    <>
      <PageTitle title="Blog" intro="Drafts never show on the storefront. Publish a post to show it on /blog." />
      <ContentNav current="/admin/content/blog" />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <nav aria-label="Post status">
          <ul className="flex gap-1">
            {BLOG_STATUSES.map((s) => (
              <li key={s}>
                <Link
                  to={href({ status: s })}
                  aria-current={status === s ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center px-3 text-sm ${status === s ? "bg-stone-700 text-white" : "bg-white ring-1 ring-stone-200"}`}
                >
                  {TABS[s]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/admin/content/blog/new" className="btn-primary ml-auto">
          New post
        </Link>
      </div>
      <Form method="get" className="mb-4 flex gap-2" aria-label="Find posts">
        {status !== "all" && <input type="hidden" name="status" value={status} />}
        <label className="min-w-0 flex-1">
          <span className="sr-only">Search</span>
          <input
            type="search"
            name="search"
            defaultValue={search}
            maxLength={100}
            placeholder="Title or slug"
            className="field"
          />
        </label>
        <button type="submit" className="btn-secondary">
          Find
        </button>
      </Form>
      {deleted && (
        <div className="mb-4">
          <Notice kind="success">Post deleted.</Notice>
        </div>
      )}
      <p className="mb-2 text-sm text-stone-600" role="status">
        {total === 0 ? "No posts here." : `${total} ${total === 1 ? "post" : "posts"}.`}
      </p>
      <ul className="space-y-2" aria-label="Posts">
        {posts.map((p) => (
          <li key={p.id}>
            <Link
              to={`/admin/content/blog/${p.id}`}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 bg-white p-3 ring-1 ring-stone-200 hover:ring-ink"
            >
              <span className="min-w-0 flex-1 font-semibold break-words">{p.title}</span>
              <span
                className={`text-xs font-semibold uppercase tracking-wide ${p.published ? "text-emerald-800" : "text-amber-800"}`}
              >
                {p.published ? "Published" : "Draft"}
              </span>
              <span className="w-full text-xs text-stone-600">
                /blog/{p.slug}
                {p.category ? ` · ${p.category}` : ""}
                {p.featured ? " · featured" : ""} · changed {p.changed}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => href({ page: String(n) })} />
    </>
  );
}
