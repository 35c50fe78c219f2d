// Reading the catalogue: product lists with filters, sorting and paging, one product,
// recommendations and similar products. Amounts are paisa. How a query reads in SQL is
// product-search.ts; a product's images, variants and combinations, product-details.ts.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import {
  collectionProducts,
  products,
  variantCombinations,
  type Faq,
  type StructuredDescription,
} from "../../db/schema";
import { detailsOf, idIn, productColumns, rowsWithDetails, withDetails, type Product } from "./product-details";
import { filters, ordering, relevance, type ProductQuery, type SearchMatch } from "./product-search";
import { correctionsOf } from "./search-corrections";
import { searchTerms } from "./search-query";

export type { Product, ProductImage, Review, Variant, VariantCombination } from "./product-details";
export { PRODUCT_SORTS, type ProductQuery, type ProductSort } from "./product-search";

export interface ProductPage {
  items: Product[];
  total: number;
}

/** One page of active products matching the query, with the total count of matches. */
export async function listProducts(ctx: CoreContext, query: ProductQuery): Promise<ProductPage> {
  const page = await listPage(ctx, query, "words");
  const terms = query.search ? searchTerms(query.search) : [];
  if (page.total > 0 || terms.length === 0) return page;
  // a word before the last may be abbreviated ("kurt lawn"): then every word as a prefix; with
  // one word that is the query just asked
  if (terms.length > 1) {
    const prefixed = await listPage(ctx, query, "prefixes");
    if (prefixed.total > 0) return prefixed;
  }
  // a word the catalogue does not hold may be a typo of one it does: then it and its corrections
  // (decision 0108)
  const corrections = await correctionsOf(ctx, terms);
  if (corrections.size > 0) {
    const corrected = await listPage(ctx, query, { corrections });
    if (corrected.total > 0) return corrected;
  }
  // what is still unmatched: the names closest to the words (pg_trgm)
  return listPage(ctx, query, "fuzzy");
}

// The page's ids first, then its rows (decision 0075): the ids of a deep page (offset 90,000)
// come from an index alone, where reading whole rows read and threw away 90,000 of them; and the
// count is its own query, where count(*) over () made every list read every match (except a
// search by relevance, whose ranking reads every match anyway: rankedIds).
async function listPage(ctx: CoreContext, query: ProductQuery, match: SearchMatch): Promise<ProductPage> {
  const where = filters(query, match);
  const rank = relevance(query, match);
  const { ids, total } = rank ? await rankedIds(ctx, query, where, rank) : await orderedIds(ctx, query, where);
  if (ids.length === 0) return { items: [], total };
  // the rows and their details at once: the details need only the ids
  const [rows, details] = await Promise.all([
    ctx.db.select(productColumns).from(products).where(idIn(products.id, ids)),
    detailsOf(ctx, ids),
  ]);
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { items: withDetails(rows, details), total };
}

const countOf = (ctx: CoreContext, where: SQL) =>
  ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(where)
    .then(([counted]) => counted?.n ?? 0);

/** A page's ids in a sort an index can give, and the count of matches beside them. */
async function orderedIds(ctx: CoreContext, query: ProductQuery, where: SQL) {
  const [idRows, total] = await Promise.all([
    ctx.db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.limit)
      .offset(query.offset),
    countOf(ctx, where),
  ]);
  return { ids: idRows.map((r) => r.id), total };
}

/**
 * A page of search results by relevance, and how many there are, from one pass over the matches.
 * Ranking reads every match (its heap row, for ts_rank) before it can keep the best, so counting
 * them there costs little; a count of its own read them all a second time: 16 ms of a common
 * word's 38 on PostgreSQL (10,000 of 100,000 products), and on PGlite, which runs one statement at
 * a time, all of it in the answer's time.
 */
async function rankedIds(ctx: CoreContext, query: ProductQuery, where: SQL, rank: SQL) {
  const matches = ctx.db
    .select({ id: products.id, rank: sql<number>`${rank}`.as("rank") })
    .from(products)
    .where(where)
    // "offset 0" keeps the rank worked out in the scan: flattened, the planner ranked above the
    // window, which then kept every match's vector (10,000 of them) and took 45 ms, not 28
    .offset(0)
    .as("matches");
  const idRows = await ctx.db
    .select({ id: matches.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .orderBy(desc(matches.rank), asc(matches.id))
    .limit(query.limit)
    .offset(query.offset);
  // a page past the last match carries no count: only then is it asked for on its own
  const total = idRows[0]?.total ?? (query.offset > 0 ? await countOf(ctx, where) : 0);
  return { ids: idRows.map((r) => r.id), total };
}

/** The product `which` finds, with its details, while it is active; null otherwise. */
async function activeProduct(ctx: CoreContext, which: SQL): Promise<Product | null> {
  const rows = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(which, eq(products.isActive, true)));
  const [product] = await rowsWithDetails(ctx, rows);
  return product ?? null;
}

export const getProduct = (ctx: CoreContext, id: number) => activeProduct(ctx, eq(products.id, id));

export const getProductByUrl = (ctx: CoreContext, customUrl: string) =>
  activeProduct(ctx, eq(products.customUrl, customUrl));

// products.stock counts only for products sold without combinations; orders take stock from
// the combination, so a product with combinations is in stock when one of them is. "offset 0"
// keeps each check a lookup of the product's own combinations: without it the planner may hash
// every combination in the table first (it did at 20,000 products) to answer for the few
// products it reads from products_rating_idx (decision 0075).
const canBeBought = sql`(
  exists (select 1 from ${variantCombinations} c where c.product_id = ${products.id} and c.is_available and c.stock > 0 offset 0)
  or (${products.stock} > 0 and not exists (select 1 from ${variantCombinations} c where c.product_id = ${products.id} offset 0)))`;

/** Best-rated products that can be bought now: "You might also like" on cart and product pages. */
export async function recommendedProducts(ctx: CoreContext, limit: number): Promise<Product[]> {
  const rows = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.isActive, true), canBeBought))
    // the order of products_rating_idx, written as its expression is, so the best-rated are read
    // from it a few at a time instead of every product being rated and sorted (decision 0075)
    .orderBy(
      sql`(case when "products"."review_count" = 0 then 0 else "products"."rating_total"::float / "products"."review_count" end) desc`,
      desc(products.reviewCount),
      asc(products.id),
    )
    .limit(limit);
  return rowsWithDetails(ctx, rows);
}

/**
 * The newest products the shop can sell now, newest first and, at the same moment, the later
 * product first: a home section of the newest (decision 0097). Read backwards along
 * products_active_created_idx, stopping at the limit, so it costs the same at any catalogue size.
 */
export async function newestProducts(ctx: CoreContext, limit: number): Promise<Product[]> {
  const rows = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.isActive, true), canBeBought))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rowsWithDetails(ctx, rows);
}

/** Products sharing a collection with this one, nearest in price first. */
export async function similarProducts(ctx: CoreContext, id: number, limit: number): Promise<Product[] | null> {
  const [self] = await ctx.db
    .select({ price: products.minPricePaisa })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  if (!self) return null;
  const rows = await ctx.db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        sql`${products.id} <> ${id}`,
        sql`exists (select 1 from ${collectionProducts} a join ${collectionProducts} b on a.collection_id = b.collection_id
                    where a.product_id = ${id} and b.product_id = ${products.id})`,
      ),
    )
    .orderBy(sql`abs(${products.minPricePaisa} - ${self.price})`, asc(products.id))
    .limit(limit);
  return rowsWithDetails(ctx, rows);
}

/**
 * The stock and price of one combination (spec §7, GET /variant-combination/{id}/quantity); null
 * for a combination of a hidden product, whose stock is as private as the product.
 */
export async function getCombinationQuantity(
  ctx: CoreContext,
  combinationId: number,
): Promise<{ id: number; productId: number; stock: number; pricePaisa: number; isAvailable: boolean } | null> {
  const [row] = await ctx.db
    .select({
      id: variantCombinations.id,
      productId: variantCombinations.productId,
      stock: variantCombinations.stock,
      pricePaisa: variantCombinations.pricePaisa,
      isAvailable: variantCombinations.isAvailable,
    })
    .from(variantCombinations)
    .innerJoin(products, and(eq(products.id, variantCombinations.productId), eq(products.isActive, true)))
    .where(eq(variantCombinations.id, combinationId));
  return row ?? null;
}

export type { Faq, StructuredDescription };

/** Active products with these ids (any order); used by the homepage layout and wishlists. */
export async function getProductsByIds(ctx: CoreContext, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(idIn(products.id, ids), eq(products.isActive, true)));
  return rowsWithDetails(ctx, rows);
}
