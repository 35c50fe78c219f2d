// Announcements, blog posts, homepage videos and the homepage layout (spec §3).
import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import {
  announcements,
  blogs,
  homepageCategories,
  homepageCategoryProducts,
  homepageVideos,
  products,
} from "../../db/schema";
import { getProductsByIds, newestProducts, type Product } from "../catalog/products";
import { cleanHtml } from "../shared/sanitize";

export interface Announcement {
  id: number;
  content: string;
  /** null: the Urdu bar shows the English (localised(), core/shared/localised-text.ts) */
  contentUr: string | null;
  isActive: boolean;
}

export async function listAnnouncements(ctx: CoreContext): Promise<Announcement[]> {
  return ctx.db
    .select({
      id: announcements.id,
      content: announcements.content,
      contentUr: announcements.contentUr,
      isActive: announcements.isActive,
    })
    .from(announcements)
    .where(eq(announcements.isActive, true))
    .orderBy(asc(announcements.position), asc(announcements.id));
}

export type BlogPost = typeof blogs.$inferSelect;
export type BlogSummary = Omit<
  BlogPost,
  "content" | "contentUr" | "tags" | "seoTitle" | "seoDescription" | "seoKeywords"
>;

const summaryColumns = {
  id: blogs.id,
  slug: blogs.slug,
  title: blogs.title,
  titleUr: blogs.titleUr,
  excerpt: blogs.excerpt,
  excerptUr: blogs.excerptUr,
  category: blogs.category,
  authorName: blogs.authorName,
  featuredImageUrl: blogs.featuredImageUrl,
  readTimeMinutes: blogs.readTimeMinutes,
  isFeatured: blogs.isFeatured,
  isPublished: blogs.isPublished,
  createdAt: blogs.createdAt,
  publishedAt: blogs.publishedAt,
  updatedAt: blogs.updatedAt,
};

// a post shows once it is published and its publication time has come (also the sitemap's rule)
export const visible = () =>
  and(eq(blogs.isPublished, true), or(sql`${blogs.publishedAt} is null`, lte(blogs.publishedAt, sql`now()`)));

export async function listBlogs(
  ctx: CoreContext,
  options: { featuredOnly?: boolean; limit?: number; offset?: number } = {},
): Promise<BlogSummary[]> {
  return ctx.db
    .select(summaryColumns)
    .from(blogs)
    .where(and(visible(), options.featuredOnly ? eq(blogs.isFeatured, true) : undefined))
    .orderBy(desc(sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt})`), desc(blogs.id))
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0);
}

/** A post by slug, or by id when the key is a number (spec §7, /blogs/{slug}). */
export async function getBlog(ctx: CoreContext, slugOrId: string): Promise<BlogPost | null> {
  const byId = /^\d{1,9}$/.test(slugOrId) ? eq(blogs.id, Number(slugOrId)) : undefined;
  const [row] = await ctx.db
    .select()
    .from(blogs)
    .where(and(visible(), byId ? or(eq(blogs.slug, slugOrId), byId) : eq(blogs.slug, slugOrId)))
    .orderBy(sql`case when ${blogs.slug} = ${slugOrId} then 0 else 1 end`)
    .limit(1);
  // the body is shown cleaned whatever the row holds (decision 0012)
  return row
    ? { ...row, content: cleanHtml(row.content), contentUr: row.contentUr === null ? null : cleanHtml(row.contentUr) }
    : null;
}

export interface HomepageVideo {
  id: number;
  title: string;
  description: string;
  videoUrl: string;
}

export async function listHomepageVideos(ctx: CoreContext): Promise<HomepageVideo[]> {
  return ctx.db
    .select({
      id: homepageVideos.id,
      title: homepageVideos.title,
      description: homepageVideos.description,
      videoUrl: homepageVideos.videoUrl,
    })
    .from(homepageVideos)
    .where(eq(homepageVideos.isActive, true))
    .orderBy(asc(homepageVideos.position), asc(homepageVideos.id));
}

export interface HomepageCategory {
  id: number;
  name: string;
  description: string;
  products: Product[];
}

/**
 * The homepage's category sections: a picked section's products in the order staff arranged them,
 * a section of the newest the newest products the shop can sell, found afresh (decision 0097).
 */
export async function getHomepageLayout(ctx: CoreContext): Promise<HomepageCategory[]> {
  const categories = await ctx.db
    .select({
      id: homepageCategories.id,
      name: homepageCategories.name,
      description: homepageCategories.description,
      kind: homepageCategories.kind,
      newestCount: homepageCategories.newestCount,
    })
    .from(homepageCategories)
    .where(eq(homepageCategories.isActive, true))
    .orderBy(asc(homepageCategories.position), asc(homepageCategories.id));
  if (categories.length === 0) return [];
  const picked = categories.filter((c) => c.kind !== "newest");
  const links =
    picked.length === 0
      ? []
      : await ctx.db
          .select({ categoryId: homepageCategoryProducts.categoryId, productId: homepageCategoryProducts.productId })
          .from(homepageCategoryProducts)
          .innerJoin(products, eq(products.id, homepageCategoryProducts.productId))
          .where(
            and(
              inArray(
                homepageCategoryProducts.categoryId,
                picked.map((c) => c.id),
              ),
              eq(products.isActive, true),
              isNotNull(products.id),
            ),
          )
          .orderBy(asc(homepageCategoryProducts.position), asc(homepageCategoryProducts.productId));
  // one read for every section of the newest: the longest one's count, the others its first few
  const newestWanted = Math.max(0, ...categories.filter((c) => c.kind === "newest").map((c) => c.newestCount));
  const [productMap, newest] = await Promise.all([
    getProductsByIds(ctx, [...new Set(links.map((l) => l.productId))]).then(
      (found) => new Map(found.map((p) => [p.id, p])),
    ),
    newestWanted > 0 ? newestProducts(ctx, newestWanted) : Promise.resolve([]),
  ]);
  return categories.map(({ kind, newestCount, ...category }) => ({
    ...category,
    products:
      kind === "newest"
        ? newest.slice(0, newestCount)
        : links
            .filter((l) => l.categoryId === category.id)
            .map((l) => productMap.get(l.productId))
            .filter((p): p is Product => p !== undefined),
  }));
}
