// The blog's posts for staff (decision 0067): drafts and published, newest change first.
import { Link, useLoaderData } from "react-router";
import { listBlogPostsForStaff } from "../../../core/content/blog-admin";
import { BLOG_STATUSES, searchText, type BlogStatus } from "../../../core/content/content-limits";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ContentNav } from "../../components/admin/ContentNav";
import { PageTitle } from "../../components/admin/Fields";
import { FilterForm, SearchBox } from "../../components/admin/ListFilters";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import { ListTabs } from "../../components/admin/ListTabs";
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
    pages: pageCount(found.total, PAGE_SIZE),
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
  const href = (changes: Record<string, string>) =>
    listHref("/admin/content/blog", { status, search, ...changes }, { status: "all" });
  return (
    <>
      <PageTitle title="Blog" intro="Drafts never show on the storefront. Publish a post to show it on /blog." />
      <ContentNav current="/admin/content/blog" />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <ListTabs
          label="Post status"
          className=""
          current={status}
          tabs={BLOG_STATUSES.map((s) => ({ key: s, label: TABS[s], href: href({ status: s }) }))}
        />
        <Link to="/admin/content/blog/new" className="btn-primary ms-auto">
          New post
        </Link>
      </div>
      <FilterForm label="Find posts" keep={{ status: status === "all" ? "" : status }}>
        <SearchBox value={search} placeholder="Title or slug" />
      </FilterForm>
      {deleted && (
        <div className="mb-4">
          <Notice kind="success">Post deleted.</Notice>
        </div>
      )}
      <ListCount total={total} page={page} pages={pages} noun={["post", "posts"]} empty="No posts here." />
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
