// Reading the catalogue: product lists with filters, sorting and paging, one product,
// recommendations and similar products. Amounts are paisa.
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { cleanHtml } from "../shared/sanitize";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import {
  collectionProducts,
  productImages,
  products,
  variantCombinations,
  variants,
  type Faq,
  type StructuredDescription,
} from "../../db/schema";

export interface ProductImage {
  id: number;
  imageUrl: string;
  widths: number[];
  altText: string;
  isPrimary: boolean;
}

export interface Variant {
  id: number;
  variantType: string;
  variantValue: string;
  colorHex: string | null;
}

export interface VariantCombination {
  id: number;
  combinationName: string;
  variantAttributes: Record<string, string>;
  pricePaisa: number;
  stock: number;
  isAvailable: boolean;
}

export interface Review {
  id: number;
  productId: number;
  rating: number;
  reviewText: string;
  reviewerName: string;
  isGuest: boolean;
  user: { firstName: string; lastName: string } | null;
  createdAt: Date;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  descriptionFormat: string;
  structuredDescription: StructuredDescription | null;
  customUrl: string | null;
  pricePaisa: number;
  basePricePaisa: number | null;
  comparePricePaisa: number | null;
  minPricePaisa: number;
  maxPricePaisa: number;
  materialType: string | null;
  customFields: Record<string, string>;
  faqs: Faq[];
  darazLink: string | null;
  /** auto, apparel, bra or none: which size guide the product page shows */
  sizeGuide: string;
  averageRating: number;
  reviewCount: number;
  /** units available: the sum over combinations, or the product's own stock without them */
  stock: number;
  createdAt: Date;
  updatedAt: Date;
  images: ProductImage[];
  variants: Variant[];
  combinations: VariantCombination[];
}

export const PRODUCT_SORTS = ["name", "price_asc", "price_desc", "newest", "relevance"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductQuery {
  collectionId?: number;
  search?: string;
  limit: number;
  offset: number;
  sort?: ProductSort;
  minPricePaisa?: number;
  maxPricePaisa?: number;
  sizes?: string[];
  colors?: string[];
}

export interface ProductPage {
  items: Product[];
  total: number;
}

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  descriptionFormat: products.descriptionFormat,
  structuredDescription: products.structuredDescription,
  customUrl: products.customUrl,
  pricePaisa: products.pricePaisa,
  basePricePaisa: products.basePricePaisa,
  comparePricePaisa: products.comparePricePaisa,
  minPricePaisa: products.minPricePaisa,
  maxPricePaisa: products.maxPricePaisa,
  stock: products.stock,
  materialType: products.materialType,
  customFields: products.customFields,
  faqs: products.faqs,
  darazLink: products.darazLink,
  sizeGuide: products.sizeGuide,
  reviewCount: products.reviewCount,
  ratingTotal: products.ratingTotal,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

type ProductRow = Omit<Product, "averageRating" | "images" | "variants" | "combinations"> & { ratingTotal: number };

/**
 * How the search's words match, tried in this order until one finds something (listProducts):
 * - "words": the words before the last whole, the last as a prefix ("lawn kurt" -> 'lawn' & 'kurt':*),
 *   as a shopper types: the words before a space are finished. This is Algolia's default
 *   (prefixLast). A whole word is found from the GIN index's lists directly; a prefix collects every
 *   match of every word that starts with it first: the two-word design search took 3.1 ms of
 *   PostgreSQL's time with both words as prefixes, 1.7 ms so (100,000 products, issue 16, point 4).
 * - "prefixes": every word a prefix ('lawn':* & 'kurt':*), for an abbreviated word before the last.
 * - "fuzzy": a close trigram match on the name, for typos.
 */
export type SearchMatch = "words" | "prefixes" | "fuzzy";

/** The search's words (the first eight), in lower case. */
const searchWords = (search: string) =>
  search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);

/** The search's words as a tsquery for that match, or null when it has no words. */
export function toSearchTsQuery(search: string, match: Exclude<SearchMatch, "fuzzy"> = "prefixes"): string | null {
  const words = searchWords(search);
  if (words.length === 0) return null;
  const last = words.length - 1;
  return words.map((w, i) => (match === "prefixes" || i === last ? `'${w}':*` : `'${w}'`)).join(" & ");
}

/**
 * A full-text match on name and description; or, when `fuzzy`, a close trigram match on the name,
 * for typos. The fuzzy match is asked only when the words match nothing (listProducts): asked
 * alongside, a two-word design name found ~250 products by its words and ~9,500 more that share
 * one word with a typo's closeness, all ranked on every search (decision 0075).
 */
function searchCondition(search: string, match: SearchMatch): SQL | undefined {
  if (match === "fuzzy") return searchWords(search).length > 0 ? sql`${search} <% ${products.name}` : undefined;
  const tsQuery = toSearchTsQuery(search, match);
  return tsQuery ? sql`${products.searchVector} @@ to_tsquery('simple', ${tsQuery})` : undefined;
}

function filters(query: ProductQuery, match: SearchMatch): SQL {
  const conditions: (SQL | undefined)[] = [eq(products.isActive, true)];
  if (query.collectionId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${collectionProducts} cp where cp.collection_id = ${query.collectionId} and cp.product_id = ${products.id})`,
    );
  }
  if (query.search) conditions.push(searchCondition(query.search, match));
  // a product matches a price range when any of its prices falls inside it
  if (query.minPricePaisa !== undefined) conditions.push(sql`${products.maxPricePaisa} >= ${query.minPricePaisa}`);
  if (query.maxPricePaisa !== undefined) conditions.push(sql`${products.minPricePaisa} <= ${query.maxPricePaisa}`);
  for (const [type, values] of [
    ["size", query.sizes],
    ["color", query.colors],
  ] as const) {
    if (values && values.length > 0) {
      conditions.push(
        sql`exists (select 1 from ${variants} v where v.product_id = ${products.id} and v.variant_type = ${type} and lower(v.variant_value) in (${sql.join(
          values.map((v) => sql`${v.toLowerCase()}`),
          sql`, `,
        )}))`,
      );
    }
  }
  return and(...conditions) as SQL;
}

/**
 * The relevance of a product to the search, when the list is ordered by it (the default with a
 * search); null otherwise. ts_rank alone: the vector weighs the name (A) above the description
 * (B), so a name that holds the words already ranks first. The word_similarity that was added to
 * it measured the same thing again at twice ts_rank's cost: a common word (10,000 matches at
 * 100,000 products) ranked in 80 ms with it, 32 ms without (issue 16, point 4).
 */
function relevance(query: ProductQuery, match: SearchMatch): SQL | null {
  if (!query.search || (query.sort ?? "relevance") !== "relevance") return null;
  // a typo's matches hold none of its words, so ts_rank gives them all 0 (then by id, as before)
  const tsQuery = toSearchTsQuery(query.search, match === "words" ? "words" : "prefixes");
  return tsQuery ? sql`ts_rank(${products.searchVector}, to_tsquery('simple', ${tsQuery}))` : null;
}

function ordering(query: ProductQuery): SQL[] {
  // a collection's default order ("Featured" on its page) is the order staff gave its products
  // in the console (issue 14, point 5); a sort the shopper picks or a search overrides it
  if (query.sort === undefined && !query.search && query.collectionId !== undefined) {
    return [
      sql`(select cp.position from ${collectionProducts} cp where cp.collection_id = ${query.collectionId} and cp.product_id = ${products.id}) asc`,
      desc(products.createdAt),
      desc(products.id),
    ];
  }
  const sort = query.sort ?? (query.search ? "relevance" : "newest");
  switch (sort) {
    case "name":
      return [asc(products.name), asc(products.id)];
    case "price_asc":
      return [asc(products.minPricePaisa), asc(products.id)];
    case "price_desc":
      return [desc(products.minPricePaisa), asc(products.id)];
    // a search by relevance is ordered by rankedIds; without a search, relevance is the newest first
    case "relevance":
    case "newest":
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

/** One page of active products matching the query, with the total count of matches. */
export async function listProducts(ctx: CoreContext, query: ProductQuery): Promise<ProductPage> {
  const page = await listPage(ctx, query, "words");
  const words = query.search ? searchWords(query.search).length : 0;
  if (page.total > 0 || words === 0) return page;
  // a word before the last may be abbreviated ("kurt lawn"): then every word as a prefix; with
  // one word that is the query just asked
  if (words > 1) {
    const prefixed = await listPage(ctx, query, "prefixes");
    if (prefixed.total > 0) return prefixed;
  }
  // words that match nothing may be a typo: then the names closest to them (pg_trgm)
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

export async function getProduct(ctx: CoreContext, id: number): Promise<Product | null> {
  const rows = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  const [product] = await rowsWithDetails(ctx, rows);
  return product ?? null;
}

export async function getProductByUrl(ctx: CoreContext, customUrl: string): Promise<Product | null> {
  const rows = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.customUrl, customUrl), eq(products.isActive, true)));
  const [product] = await rowsWithDetails(ctx, rows);
  return product ?? null;
}

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
 * `column = any($1)`: the ids travel as one array parameter. inArray sends one parameter per id,
 * a hundred of them for a page of search results, each bound and typed on every call.
 */
function idIn(column: AnyColumn, ids: number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

type ProductDetails = Awaited<ReturnType<typeof detailsOf>>;

type ImageTuple = [
  productId: number,
  id: number,
  imageUrl: string,
  widths: number[],
  altText: string,
  isPrimary: boolean,
];
type VariantTuple = [productId: number, id: number, variantType: string, variantValue: string, colorHex: string | null];
type CombinationTuple = [
  productId: number,
  id: number,
  combinationName: string,
  variantAttributes: Record<string, string>,
  pricePaisa: number,
  stock: number,
  isAvailable: boolean,
];

/**
 * Images, variants and combinations of these products, with only the fields a Product carries, in
 * one statement that answers one JSON value of three arrays of arrays. A page of 100 results has
 * ~1,900 of these rows, and the time went in handing them over row by row, not in finding them:
 * as three queries they took 20 ms on PGlite (its rows are decoded in JavaScript) and 6.6 ms on
 * PostgreSQL, one after another; as one JSON value, 8 and 5.8 (issue 16, point 4). Arrays, not
 * objects: json_build_object with the key names took 11 and 9 ms.
 */
async function detailsOf(ctx: CoreContext, ids: number[]) {
  const of = sql`${sql.param(ids)}::int[]`;
  const [row] = await queryRows<{ details: [ImageTuple[] | null, VariantTuple[] | null, CombinationTuple[] | null] }>(
    ctx.db,
    sql`select json_build_array(
      (select json_agg(json_build_array(i.product_id, i.id, i.image_url, i.widths, i.alt_text, i.is_primary) order by i.position, i.id)
        from ${productImages} i where i.product_id = any(${of})),
      (select json_agg(json_build_array(v.product_id, v.id, v.variant_type, v.variant_value, v.color_hex) order by v.position, v.id)
        from ${variants} v where v.product_id = any(${of})),
      (select json_agg(json_build_array(c.product_id, c.id, c.combination_name, c.variant_attributes, c.price_paisa, c.stock, c.is_available) order by c.id)
        from ${variantCombinations} c where c.product_id = any(${of}))
    ) as details`,
  );
  const [imageRows, variantRows, combinationRows] = row!.details;
  return {
    images: byProduct(
      (imageRows ?? []).map(([productId, id, imageUrl, widths, altText, isPrimary]) => ({
        productId,
        id,
        imageUrl,
        widths,
        altText,
        isPrimary,
      })),
    ),
    variants: byProduct(
      (variantRows ?? []).map(([productId, id, variantType, variantValue, colorHex]) => ({
        productId,
        id,
        variantType,
        variantValue,
        colorHex,
      })),
    ),
    combinations: byProduct(
      (combinationRows ?? []).map(
        ([productId, id, combinationName, variantAttributes, pricePaisa, stock, isAvailable]) => ({
          productId,
          id,
          combinationName,
          variantAttributes,
          pricePaisa,
          stock,
          isAvailable,
        }),
      ),
    ),
  };
}

function byProduct<T extends { productId: number }>(list: T[]): Map<number, Omit<T, "productId">[]> {
  const map = new Map<number, Omit<T, "productId">[]>();
  for (const { productId, ...item } of list) {
    const bucket = map.get(productId);
    if (bucket) bucket.push(item);
    else map.set(productId, [item]);
  }
  return map;
}

/** Product rows read by some query, with their details fetched since. */
async function rowsWithDetails(ctx: CoreContext, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  return withDetails(
    rows,
    await detailsOf(
      ctx,
      rows.map((r) => r.id),
    ),
  );
}

/** Each row as a Product: its details attached, its description cleaned, its stock and rating worked out. */
function withDetails(rows: ProductRow[], details: ProductDetails): Product[] {
  return rows.map((row) => {
    const combinations = details.combinations.get(row.id) ?? [];
    const { ratingTotal, ...rest } = row;
    return {
      ...rest,
      // shown cleaned whatever the row holds (decision 0012): every product read passes here
      description: row.descriptionFormat === "html" ? cleanHtml(row.description) : row.description,
      averageRating: row.reviewCount === 0 ? 0 : Math.round((ratingTotal / row.reviewCount) * 10) / 10,
      stock:
        combinations.length > 0 ? combinations.reduce((sum, c) => sum + (c.isAvailable ? c.stock : 0), 0) : row.stock,
      images: details.images.get(row.id) ?? [],
      variants: details.variants.get(row.id) ?? [],
      combinations,
    };
  });
}

/**
 * The stock and price of one combination (spec §7, GET /variant-combination/{id}/quantity); null
 * for a combination of a hidden product, whose stock is as private as the product (issue 11).
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
