// What the XML sitemap lists (issue 7): every active product, active collection and visible blog
// post, with the time each last changed. Only the columns a link needs, so a catalogue of
// 100,000 products is one light query.
import { asc, eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { blogs, collections, products } from "../../db/schema";
import { visible } from "./content";

export interface SitemapData {
  products: { id: number; customUrl: string | null; updatedAt: Date }[];
  collections: { id: number; updatedAt: Date }[];
  posts: { id: number; slug: string; updatedAt: Date }[];
}

export async function listSitemapData(ctx: CoreContext): Promise<SitemapData> {
  const [productRows, collectionRows, postRows] = await Promise.all([
    ctx.db
      .select({ id: products.id, customUrl: products.customUrl, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id)),
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
  ]);
  return { products: productRows, collections: collectionRows, posts: postRows };
}
