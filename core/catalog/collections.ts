// Collections (spec §3): name, description, image; "all" is every product, not a row.
import { and, asc, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { collectionProducts, collections, products } from "../../db/schema";

export interface Collection {
  id: number;
  name: string;
  description: string;
  /** the Urdu twins (decision 0111); null: an Urdu page shows the English */
  nameUr: string | null;
  descriptionUr: string | null;
  imageUrl: string | null;
  isFeatured: boolean;
  productCount: number;
}

const columns = {
  id: collections.id,
  name: collections.name,
  description: collections.description,
  nameUr: collections.nameUr,
  descriptionUr: collections.descriptionUr,
  imageUrl: collections.imageUrl,
  isFeatured: collections.isFeatured,
};

// A collection's active products: its links, less those of hidden products (decision 0075).
// Counting the active ones directly joined each collection's links to every active product (a
// whole index per collection: 1.2 s for 58 collections at 100,000 products); the links are
// counted on the primary key alone, and the hidden products, few, found by products_inactive_idx.
// Written out in full: Drizzle prints select-list columns unqualified.
const linkCount = sql`(select count(*) from ${collectionProducts} cp where cp.collection_id = "collections"."id")`;
const hiddenCount = sql`(select count(*) from ${products} p join ${collectionProducts} cp on cp.product_id = p.id
                         where not p.is_active and cp.collection_id = "collections"."id")`;

export async function listCollections(
  ctx: CoreContext,
  options: { featuredOnly?: boolean } = {},
): Promise<Collection[]> {
  const [rows, hidden] = await Promise.all([
    ctx.db
      .select({ ...columns, links: linkCount.mapWith(Number) })
      .from(collections)
      .where(and(eq(collections.isActive, true), options.featuredOnly ? eq(collections.isFeatured, true) : undefined))
      .orderBy(asc(collections.position), asc(collections.id)),
    // every hidden product's collections, one lookup each ("offset 0" keeps them lookups: joined
    // freely, the planner read every link to find these few)
    queryRows<{ id: number; n: number }>(
      ctx.db,
      sql`select l.collection_id as id, count(*)::int as n
          from (select id from ${products} where not is_active offset 0) p
          cross join lateral (select cp.collection_id from ${collectionProducts} cp where cp.product_id = p.id offset 0) l
          group by l.collection_id`,
    ),
  ]);
  const hiddenIn = new Map(hidden.map((r) => [Number(r.id), Number(r.n)]));
  return rows.map(({ links, ...r }) => ({ ...r, productCount: links - (hiddenIn.get(r.id) ?? 0) }));
}

export async function getCollection(ctx: CoreContext, id: number): Promise<Collection | null> {
  const [row] = await ctx.db
    .select({ ...columns, productCount: sql<number>`${linkCount} - ${hiddenCount}`.mapWith(Number) })
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.isActive, true)));
  return row ?? null;
}
