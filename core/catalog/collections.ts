// Collections (spec §3): name, description, image; "all" is every product, not a row.
import { and, asc, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { collectionProducts, collections, products } from "../../db/schema";

export interface Collection {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  isFeatured: boolean;
  productCount: number;
}

const columns = {
  id: collections.id,
  name: collections.name,
  description: collections.description,
  imageUrl: collections.imageUrl,
  isFeatured: collections.isFeatured,
  // written out in full: Drizzle prints select-list columns unqualified, and a bare "id" here
  // would mean the subquery's own products.id
  productCount: sql<number>`(select count(*) from ${collectionProducts} cp join ${products} p on p.id = cp.product_id
                             where cp.collection_id = "collections"."id" and p.is_active)`.mapWith(Number),
};

export async function listCollections(ctx: CoreContext, options: { featuredOnly?: boolean } = {}): Promise<Collection[]> {
  return ctx.db
    .select(columns)
    .from(collections)
    .where(and(eq(collections.isActive, true), options.featuredOnly ? eq(collections.isFeatured, true) : undefined))
    .orderBy(asc(collections.position), asc(collections.id));
}

export async function getCollection(ctx: CoreContext, id: number): Promise<Collection | null> {
  const [row] = await ctx.db
    .select(columns)
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.isActive, true)));
  return row ?? null;
}
