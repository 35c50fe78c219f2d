// The Content screens' index (decision 0067): the parts of the storefront staff write.
import { Link, useLoaderData } from "react-router";
import { listBlogPostsForStaff } from "../../../core/content/blog-admin";
import { listAnnouncementsForStaff } from "../../../core/content/announcements-admin";
import { listHomeSectionsForStaff } from "../../../core/content/home-sections-admin";
import { listHomeVideosForStaff } from "../../../core/content/home-videos-admin";
import { listPolicyPagesForStaff } from "../../../core/content/policy-pages";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { consoleMeta } from "../../lib/console";
import { formatDay } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/content";

export const meta = () => consoleMeta("Content");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "content");
  const [drafts, published, announcements, sections, videos, policies] = await Promise.all([
    listBlogPostsForStaff(context.core, actor, { status: "draft", limit: 1, offset: 0 }),
    listBlogPostsForStaff(context.core, actor, { status: "published", limit: 1, offset: 0 }),
    listAnnouncementsForStaff(context.core, actor),
    listHomeSectionsForStaff(context.core, actor),
    listHomeVideosForStaff(context.core, actor),
    listPolicyPagesForStaff(context.core, actor),
  ]);
  return {
    drafts: drafts.total,
    published: published.total,
    announcements: announcements.filter((a) => a.isActive).length,
    sections: sections.filter((s) => s.isActive).length,
    videos: videos.filter((v) => v.isActive).length,
    policies: policies.map((p) => ({
      slug: p.slug,
      title: p.title,
      changed: p.updatedAt ? formatDay(p.updatedAt) : null,
    })),
  };
}

function Part({ to, title, children }: { to: string; title: string; children: React.ReactNode }) {
  return (
    <li>
      <Link to={to} className="block h-full bg-white p-4 ring-1 ring-stone-200 hover:ring-ink">
        <span className="block text-lg font-semibold">{title}</span>
        <span className="mt-1 block text-sm text-stone-600">{children}</span>
      </Link>
    </li>
  );
}

export default function ConsoleContent() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle
        title="Content"
        intro="What the storefront says: the blog, the bar at the top, the home page and the policy pages. Changes show at once."
      />
      <ul className="grid gap-3 sm:grid-cols-2">
        <Part to="/admin/content/blog" title="Blog">
          {d.published} published, {d.drafts} {d.drafts === 1 ? "draft" : "drafts"}
        </Part>
        <Part to="/admin/content/announcements" title="Announcements">
          {d.announcements} shown in the bar at the top of every page
        </Part>
        <Part to="/admin/content/home" title="Home page">
          {d.sections} {d.sections === 1 ? "section" : "sections"} of products, {d.videos}{" "}
          {d.videos === 1 ? "video" : "videos"}
        </Part>
      </ul>
      <h2 className="mt-8 mb-3 text-lg font-semibold">Policy pages</h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {d.policies.map((p) => (
          <Part key={p.slug} to={`/admin/content/policies/${p.slug}`} title={p.title}>
            {p.changed ? `Your text, saved ${p.changed}` : "The text the store came with"}
          </Part>
        ))}
      </ul>
    </>
  );
}
