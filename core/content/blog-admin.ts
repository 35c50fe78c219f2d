// Blog posts for staff (decision 0067): list drafts and published posts,
// create, edit, delete. The body is cleaned by the one allow-list (sanitize.ts) before it is
// stored; a draft never shows on the storefront (content.ts's visible()), and published_at is
// set the first time a post is published. Every write is audited in its own transaction and
// clears the read and page caches, so the blog changes at once.
import { and, eq, getTableColumns, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { blogs } from "../../db/schema";
import { conflict, invalid, notFound } from "../shared/errors";
import { releaseSiteImage } from "../media/site-images";
import type { MediaStorage } from "../media/storage";
import { changedFields } from "../shared/audit";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { escapeLike } from "../shared/search";
import { staffWrite } from "../shared/staff-write";
import { CONTENT_LIMITS as L, SLUG_PATTERN, slugify, type BlogStatus } from "./content-limits";
import { htmlText, lineText, longText, mediaPath, urduHtml } from "./content-input";
import { requireKnownMedia } from "./media-choices";
import { cleanHtml } from "../shared/sanitize";
import { urduOrNull } from "../shared/localised-text";
import { newestFirstPage } from "../shared/paging";

export type StaffBlogPost = typeof blogs.$inferSelect;

export interface BlogPostInput {
  title?: unknown;
  slug?: unknown;
  excerpt?: unknown;
  content?: unknown;
  /** the Urdu twins (decision 0111): absent keeps them, null or only whitespace clears them */
  titleUr?: unknown;
  excerptUr?: unknown;
  contentUr?: unknown;
  category?: unknown;
  tags?: unknown;
  authorName?: unknown;
  featuredImageUrl?: unknown;
  isFeatured?: unknown;
  seoTitle?: unknown;
  seoDescription?: unknown;
  isPublished?: unknown;
}

export { BLOG_STATUSES, type BlogStatus } from "./content-limits";

const SLUG_TAKEN = "slug is already used by another post";

function flag(field: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw invalid(`${field} must be true or false`);
  return value;
}

function slugOf(value: unknown, title: string): string {
  const given = lineText("slug", value, L.slug);
  const slug = given || slugify(title);
  if (!slug) throw invalid("slug is required (lowercase letters, digits and hyphens)");
  if (slug.length > L.slug || !SLUG_PATTERN.test(slug)) {
    throw invalid("slug must be lowercase letters and digits joined by single hyphens, e.g. summer-lawn-guide");
  }
  // /blog/123 reads a post by its number
  if (/^\d+$/.test(slug)) throw invalid("slug must contain a letter");
  return slug;
}

function tagsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(list)) throw invalid("tags must be a list of words");
  if (list.length > L.tags * 4) throw invalid(`tags must be at most ${L.tags}`);
  const tags = [...new Set(list.map((t) => lineText("tags", t, L.tag)).filter(Boolean))];
  if (tags.length > L.tags) throw invalid(`tags must be at most ${L.tags}`);
  return tags;
}

/** Minutes to read at ~200 words a minute, from the cleaned body's words. */
function readTime(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.min(600, Math.max(1, Math.round(words / 200)));
}

type Values = Partial<Omit<StaffBlogPost, "id" | "createdAt" | "updatedAt" | "publishedAt">>;

/** The fields present in input, checked and cleaned; the title decides an empty slug. */
async function valuesOf(db: Db, input: BlogPostInput, current: StaffBlogPost | null): Promise<Values> {
  const v: Values = {};
  const has = (k: keyof BlogPostInput) => input[k] !== undefined;
  if (!current || has("title")) v.title = lineText("title", input.title, L.title, true);
  if (!current || has("slug")) v.slug = slugOf(input.slug, v.title ?? current!.title);
  if (has("excerpt")) v.excerpt = longText("excerpt", input.excerpt, L.excerpt);
  if (has("content")) {
    v.content = cleanHtml(htmlText("content", input.content, L.html));
    v.readTimeMinutes = readTime(v.content);
  }
  if (has("titleUr")) v.titleUr = urduOrNull(lineText("title_ur", input.titleUr, L.title)) ?? null;
  if (has("excerptUr")) v.excerptUr = urduOrNull(longText("excerpt_ur", input.excerptUr, L.excerpt)) ?? null;
  if (has("contentUr")) v.contentUr = urduHtml(cleanHtml(htmlText("content_ur", input.contentUr, L.html)));
  if (has("category")) v.category = lineText("category", input.category, L.category) || null;
  if (has("tags")) v.tags = tagsOf(input.tags);
  if (has("authorName")) v.authorName = lineText("author_name", input.authorName, L.author) || null;
  if (has("featuredImageUrl")) {
    v.featuredImageUrl = mediaPath("featured_image_url", input.featuredImageUrl, L.imageUrl);
    // keeping the picture a post already has is always allowed
    if (v.featuredImageUrl !== current?.featuredImageUrl) {
      await requireKnownMedia(db, "featured_image_url", v.featuredImageUrl);
    }
  }
  if (has("isFeatured")) v.isFeatured = flag("is_featured", input.isFeatured);
  if (has("seoTitle")) v.seoTitle = lineText("seo_title", input.seoTitle, L.seoTitle) || null;
  if (has("seoDescription"))
    v.seoDescription = longText("seo_description", input.seoDescription, L.seoDescription) || null;
  if (!current || has("isPublished"))
    v.isPublished = input.isPublished === undefined ? false : flag("is_published", input.isPublished);
  return v;
}

/** Two posts saved at once with one slug: the second meets the first at commit. */
const slugTaken = () => conflict(SLUG_TAKEN);

/** Posts for the console, newest change first: drafts, published or all, optionally searched. */
export async function listBlogPostsForStaff(
  ctx: CoreContext,
  actor: StaffActor,
  query: { status: BlogStatus; search?: string; limit: number; offset: number },
): Promise<{ items: Omit<StaffBlogPost, "content">[]; total: number }> {
  requirePermission(actor, "content");
  const term = query.search?.trim().slice(0, 100);
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const where: SQL | undefined = and(
    query.status === "draft"
      ? eq(blogs.isPublished, false)
      : query.status === "published"
        ? eq(blogs.isPublished, true)
        : undefined,
    pattern ? or(ilike(blogs.title, pattern), ilike(blogs.slug, pattern)) : undefined,
  );
  const { content: _body, ...columns } = getTableColumns(blogs);
  const listed = ctx.db.select(columns).from(blogs).$dynamic();
  const { items: items, total } = await newestFirstPage(ctx.db, listed, where, [blogs.updatedAt, blogs.id], query);
  return { items, total };
}

/** One post, draft or not. */
export async function getBlogPostForStaff(ctx: CoreContext, actor: StaffActor, id: number): Promise<StaffBlogPost> {
  requirePermission(actor, "content");
  const [row] = await ctx.db.select().from(blogs).where(eq(blogs.id, id));
  if (!row) throw notFound("Blog post not found");
  return row;
}

/** Writes a new post (a draft unless isPublished); 409 when its slug is taken. */
export async function createBlogPost(
  ctx: CoreContext,
  actor: StaffActor,
  input: BlogPostInput,
): Promise<StaffBlogPost> {
  requirePermission(actor, "content");
  const values = await valuesOf(ctx.db, input, null);
  return staffWrite(ctx, actor, "content", async ({ tx, audit, refuseUnique }) => {
    refuseUnique(slugTaken);
    const [taken] = await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.slug, values.slug!));
    if (taken) throw conflict(SLUG_TAKEN);
    const [row] = await tx
      .insert(blogs)
      .values({
        ...(values as Values & { slug: string; title: string }),
        publishedAt: values.isPublished ? sql`now()` : null,
      })
      .returning();
    await audit({
      action: "blog.create",
      entityType: "blog",
      entityId: row!.id,
      changes: {
        title: row!.title,
        ...(row!.titleUr ? { title_ur: row!.titleUr } : {}),
        ...(row!.contentUr ? { content_ur: `${row!.contentUr.length} characters` } : {}),
        slug: row!.slug,
        is_published: row!.isPublished,
      },
    });
    return row!;
  });
}

const AUDITED = [
  "title",
  "titleUr",
  "slug",
  "excerpt",
  "excerptUr",
  "category",
  "tags",
  "authorName",
  "featuredImageUrl",
  "isFeatured",
  "seoTitle",
  "seoDescription",
  "isPublished",
] as const;

/** Changes the fields given; publishing a post the first time sets its publication time. */
export async function updateBlogPost(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  input: BlogPostInput,
  /** given: an uploaded picture this replaces or clears has its files deleted after (decision 0066) */
  storage?: MediaStorage,
): Promise<StaffBlogPost> {
  let before: string | null = null;
  const updated = await staffWrite(ctx, actor, "content", async ({ tx, audit, refuseUnique }) => {
    refuseUnique(slugTaken);
    const [current] = await tx.select().from(blogs).where(eq(blogs.id, id)).for("update");
    if (!current) throw notFound("Blog post not found");
    before = current.featuredImageUrl;
    const values = await valuesOf(tx, input, current);
    if (values.slug !== undefined && values.slug !== current.slug) {
      const [taken] = await tx
        .select({ id: blogs.id })
        .from(blogs)
        .where(and(eq(blogs.slug, values.slug), ne(blogs.id, id)));
      if (taken) throw conflict(SLUG_TAKEN);
    }
    const changes: Record<string, unknown> = changedFields(
      { ...current, tags: current.tags.join(", ") } as Record<string, unknown>,
      { ...values, ...(values.tags ? { tags: values.tags.join(", ") } : {}) } as Record<string, unknown>,
      AUDITED,
    );
    // the body itself is not copied into the log: its length says that it changed
    if (values.content !== undefined && values.content !== current.content) {
      changes.content = [`${current.content.length} characters`, `${values.content.length} characters`];
    }
    if (values.contentUr !== undefined && values.contentUr !== current.contentUr) {
      const size = (html: string | null) => (html === null ? null : `${html.length} characters`);
      changes.contentUr = [size(current.contentUr), size(values.contentUr)];
    }
    const firstPublished = values.isPublished === true && current.publishedAt === null;
    const [row] = await tx
      .update(blogs)
      .set({ ...values, updatedAt: sql`now()`, ...(firstPublished ? { publishedAt: sql`now()` } : {}) })
      .where(eq(blogs.id, id))
      .returning();
    if (Object.keys(changes).length > 0) {
      await audit({ action: "blog.update", entityType: "blog", entityId: id, changes });
    }
    return row!;
  });
  if (storage && before !== updated.featuredImageUrl) await releaseSiteImage(ctx, storage, before);
  return updated;
}

/** Deletes a post for good; 404 when it is already gone. */
export async function deleteBlogPost(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  /** given: an uploaded picture's files are deleted after (decision 0066) */
  storage?: MediaStorage,
): Promise<{ id: number }> {
  const image = await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const [gone] = await tx.delete(blogs).where(eq(blogs.id, id)).returning({
      id: blogs.id,
      title: blogs.title,
      slug: blogs.slug,
      isPublished: blogs.isPublished,
      image: blogs.featuredImageUrl,
    });
    if (!gone) throw notFound("Blog post not found");
    await audit({
      action: "blog.delete",
      entityType: "blog",
      entityId: id,
      changes: { title: gone.title, slug: gone.slug, was_published: gone.isPublished },
    });
    return gone.image;
  });
  if (storage) await releaseSiteImage(ctx, storage, image);
  return { id };
}
