// What the XML sitemap lists (decision 0027): every active product, active collection and visible blog
// post, with the time each last changed. Only the columns a link needs.
//
// Products are read in slices, never all at once (decision 0075): with 100,000 of them the
// whole list was ~100,000 objects and a ~10 MB string per request. The outline (collections,
// posts, how many products, when the catalogue last changed) is small; the products of one
// sitemap part are read by keyset on id, a batch at a time, through products_sitemap_idx.
import { and, asc, count, eq, gt, max, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { blogs, collections, products } from "../../db/schema";
import { visible } from "./content";

export interface SitemapProduct {
  id: number;
  customUrl: string | null;
  updatedAt: Date;
}

export interface SitemapOutline {
  collections: { id: number; updatedAt: Date }[];
  posts: { id: number; slug: string; updatedAt: Date }[];
  /** active products */
  productCount: number;
  /** the newest change of an active product, null without any */
  productsChanged: Date | null;
}

/** Rows read per query while a part is written: a part's memory is one batch, not the part. */
export const SITEMAP_BATCH = 5_000;

const productsInSitemap = eq(products.isActive, true);

export async function getSitemapOutline(ctx: CoreContext): Promise<SitemapOutline> {
  const [collectionRows, postRows, [totals]] = await Promise.all([
    ctx.db
      .select({ id: collections.id, updatedAt: collections.updatedAt })
      .from(collections)
      .where(eq(collections.isActive, true))
      .orderBy(asc(collections.position), asc(collections.id)),
    ctx.db
      .select({ id: blogs.id, slug: blogs.slug, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(visible())
      .orderBy(asc(blogs.id)),
    // one pass over the partial index (an index-only scan once vacuumed)
    ctx.db
      .select({ n: count(), changed: max(products.updatedAt) })
      .from(products)
      .where(productsInSitemap),
  ]);
  return {
    collections: collectionRows,
    posts: postRows,
    productCount: Number(totals?.n ?? 0),
    productsChanged: totals?.changed ? new Date(totals.changed) : null,
  };
}

/**
 * The active products from the offset-th (in id order) on, at most limit of them, a batch at a
 * time. The first id is found on the index alone; each batch then starts after the last id seen.
 */
export async function* sitemapProducts(
  ctx: CoreContext,
  range: { offset: number; limit: number },
  batch = SITEMAP_BATCH,
): AsyncGenerator<SitemapProduct[]> {
  if (range.limit <= 0) return;
  let after: number | null = null;
  if (range.offset > 0) {
    const [before] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(productsInSitemap)
      .orderBy(asc(products.id))
      .limit(1)
      .offset(range.offset - 1);
    if (!before) return;
    after = before.id;
  }
  let left = range.limit;
  while (left > 0) {
    const rows: SitemapProduct[] = await ctx.db
      .select({ id: products.id, customUrl: products.customUrl, updatedAt: products.updatedAt })
      .from(products)
      .where(after === null ? productsInSitemap : and(productsInSitemap, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(Math.min(batch, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    after = rows[rows.length - 1]!.id;
    if (rows.length < Math.min(batch, left + rows.length)) return;
  }
}

/**
 * The newest change among the products of each part, when the products start at index `first`
 * of the sitemap's addresses and a part holds `size` addresses: for the index's lastmod.
 * One pass over the index, no rows kept.
 */
export async function sitemapPartsChanged(ctx: CoreContext, first: number, size: number): Promise<Map<number, Date>> {
  const rows = await ctx.db.execute(sql`
    select part, max(updated_at) as changed from (
      select ((row_number() over (order by ${products.id}) - 1 + ${first}) / ${size})::int + 1 as part, ${products.updatedAt} as updated_at
      from ${products} where ${productsInSitemap}
    ) numbered group by part`);
  const result = new Map<number, Date>();
  for (const row of (rows as unknown as { rows: { part: number; changed: string | Date }[] }).rows) {
    result.set(Number(row.part), new Date(row.changed));
  }
  return result;
}
