// The policy pages' text as staff edit it (decision 0067): terms, privacy,
// the return policy and about. A page with a row shows its stored (cleaned) HTML and the day it
// was saved; a page without one shows the text the store ships with. Saving is audited and
// clears the read and page caches, so the page and the sitemap's lastmod change at once.
import { eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { POLICY_PAGE_SLUGS, policyPages, type PolicyPageSlug } from "../../db/schema";
import { invalid, notFound } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { CONTENT_LIMITS as L, POLICY_PAGE_TITLES } from "./content-limits";
import { htmlText, lineText, urduHtml } from "./content-input";
import { cleanHtml } from "../shared/sanitize";
import { urduOrNull } from "../shared/localised-text";

export interface PolicyPage {
  slug: PolicyPageSlug;
  title: string;
  /** cleaned HTML */
  content: string;
  /** the Urdu twins (decision 0111), the content cleaned HTML; null: the Urdu page shows the English */
  titleUr: string | null;
  contentUr: string | null;
  updatedAt: Date;
}

export function isPolicySlug(value: string): value is PolicyPageSlug {
  return (POLICY_PAGE_SLUGS as readonly string[]).includes(value);
}

function requireSlug(slug: string): PolicyPageSlug {
  if (!isPolicySlug(slug)) throw notFound(`No such page: the pages are ${POLICY_PAGE_SLUGS.join(", ")}`);
  return slug;
}

/** Every stored page (the storefront's and the sitemap's read), cached with the other reads. */
export function listPolicyPages(ctx: CoreContext): Promise<PolicyPage[]> {
  return ctx.cache.getOrLoad("policy-pages", async () => {
    const rows = await ctx.db
      .select({
        slug: policyPages.slug,
        title: policyPages.title,
        content: policyPages.content,
        titleUr: policyPages.titleUr,
        contentUr: policyPages.contentUr,
        updatedAt: policyPages.updatedAt,
      })
      .from(policyPages);
    // shown cleaned whatever the row holds (decision 0012)
    return rows.map((r) => ({
      ...r,
      content: cleanHtml(r.content),
      contentUr: r.contentUr === null ? null : cleanHtml(r.contentUr),
    }));
  });
}

/** The stored text of one page, or null when it shows the shipped text. */
export async function getPolicyPage(ctx: CoreContext, slug: PolicyPageSlug): Promise<PolicyPage | null> {
  return (await listPolicyPages(ctx)).find((p) => p.slug === slug) ?? null;
}

export interface StaffPolicyPage {
  slug: PolicyPageSlug;
  title: string;
  content: string;
  titleUr: string | null;
  contentUr: string | null;
  /** false: the storefront shows the text the store ships with */
  stored: boolean;
  updatedAt: Date | null;
  updatedBy: number | null;
}

export async function listPolicyPagesForStaff(ctx: CoreContext, actor: StaffActor): Promise<StaffPolicyPage[]> {
  requirePermission(actor, "content");
  const rows = await ctx.db.select().from(policyPages);
  return POLICY_PAGE_SLUGS.map((slug) => {
    const row = rows.find((r) => r.slug === slug);
    return row
      ? {
          slug,
          title: row.title,
          content: row.content,
          titleUr: row.titleUr,
          contentUr: row.contentUr,
          stored: true,
          updatedAt: row.updatedAt,
          updatedBy: row.updatedBy,
        }
      : {
          slug,
          title: POLICY_PAGE_TITLES[slug],
          content: "",
          titleUr: null,
          contentUr: null,
          stored: false,
          updatedAt: null,
          updatedBy: null,
        };
  });
}

export async function getPolicyPageForStaff(
  ctx: CoreContext,
  actor: StaffActor,
  slug: string,
): Promise<StaffPolicyPage> {
  const known = requireSlug(slug);
  return (await listPolicyPagesForStaff(ctx, actor)).find((p) => p.slug === known)!;
}

/** Stores a page's text (cleaned); the page shows it, with today's date, from now on. */
export async function savePolicyPage(
  ctx: CoreContext,
  actor: StaffActor,
  slug: string,
  input: { title?: unknown; content?: unknown; titleUr?: unknown; contentUr?: unknown },
): Promise<StaffPolicyPage> {
  requirePermission(actor, "content");
  const known = requireSlug(slug);
  const title = lineText("title", input.title, L.title) || POLICY_PAGE_TITLES[known];
  const content = cleanHtml(htmlText("content", input.content, L.html));
  if (!content.replace(/<[^>]*>/g, "").trim()) {
    throw invalid("content is required: write the page's text (or go back to the shipped text)");
  }
  // the Urdu twins (decision 0111): absent keeps what is stored, empty or only whitespace is none
  const urdu: { titleUr?: string | null; contentUr?: string | null } = {};
  if (input.titleUr !== undefined) urdu.titleUr = urduOrNull(lineText("title_ur", input.titleUr, L.title)) ?? null;
  if (input.contentUr !== undefined)
    urdu.contentUr = urduHtml(cleanHtml(htmlText("content_ur", input.contentUr, L.html)));
  await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const [before] = await tx.select().from(policyPages).where(eq(policyPages.slug, known)).for("update");
    const now = new Date();
    await tx
      .insert(policyPages)
      .values({ slug: known, title, content, ...urdu, updatedBy: actor.userId, updatedAt: now })
      .onConflictDoUpdate({
        target: policyPages.slug,
        set: { title, content, ...urdu, updatedBy: actor.userId, updatedAt: now },
      });
    const size = (html: string | null | undefined) => (html ? `${html.length} characters` : null);
    await audit({
      action: "policy_page.update",
      entityType: "policy_page",
      entityId: known,
      changes: {
        title: [before?.title ?? null, title],
        content: [before ? `${before.content.length} characters` : "shipped text", `${content.length} characters`],
        ...("titleUr" in urdu && urdu.titleUr !== (before?.titleUr ?? null)
          ? { title_ur: [before?.titleUr ?? null, urdu.titleUr] }
          : {}),
        ...("contentUr" in urdu && urdu.contentUr !== (before?.contentUr ?? null)
          ? { content_ur: [size(before?.contentUr), size(urdu.contentUr)] }
          : {}),
      },
    });
  });
  return getPolicyPageForStaff(ctx, actor, known);
}

/** Drops a page's stored text: it shows the text the store ships with again. */
export async function resetPolicyPage(ctx: CoreContext, actor: StaffActor, slug: string): Promise<StaffPolicyPage> {
  requirePermission(actor, "content");
  const known = requireSlug(slug);
  await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const [gone] = await tx
      .delete(policyPages)
      .where(eq(policyPages.slug, known))
      .returning({ title: policyPages.title });
    if (!gone) return;
    await audit({
      action: "policy_page.reset",
      entityType: "policy_page",
      entityId: known,
      changes: { content: ["stored text", "shipped text"] },
    });
  });
  return getPolicyPageForStaff(ctx, actor, known);
}

// the pages' names as stored; pages and the API take them from here, not from db/schema
export { POLICY_PAGE_SLUGS, type PolicyPageSlug } from "../../db/schema";
