// How a product list's query reads in SQL: the search's terms as a full-text or trigram match,
// the filters (collection, price range, sizes, colours), the relevance a search ranks by, and the
// order of the other sorts. listProducts (products.ts) asks with these.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { collectionProducts, products, variants } from "../../db/schema";
import { correctedTerms, type Corrections } from "./search-corrections";
import { searchTerms, termsTsQuery, toSearchTsQuery } from "./search-query";

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

/**
 * How the search's terms (search-query.ts: its words folded, particles dropped, synonyms joined)
 * match, tried in this order until one finds something (listProducts):
 * - "words": the terms before the last whole, the last as a prefix ("lawn kurt" -> 'lawn' & 'kurt':*),
 *   as a shopper types: the words before a space are finished. This is Algolia's default
 *   (prefixLast). A whole word is found from the GIN index's lists directly; a prefix collects every
 *   match of every word that starts with it first: the two-word design search took 3.1 ms of
 *   PostgreSQL's time with both words as prefixes, 1.7 ms so (100,000 products, measured for decision 0075).
 * - "prefixes": every term a prefix ('lawn':* & 'kurt':*), for an abbreviated word before the last.
 * - corrections: "words" with a typo's corrections beside the words the catalogue does not hold
 *   (search-corrections.ts, decision 0108).
 * - "fuzzy": a close trigram match on the name, for what is left.
 */
export type SearchMatch = "words" | "prefixes" | { corrections: Corrections } | "fuzzy";

/** The search's words as typed (the first eight), in lower case: what the fuzzy match compares. */
const typedWords = (search: string) =>
  search
    .slice(0, 200)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);

/** The search as a tsquery for that match, or null when it has no words. */
function tsQueryOf(search: string, match: Exclude<SearchMatch, "fuzzy">): string | null {
  if (typeof match === "object") return termsTsQuery(correctedTerms(searchTerms(search), match.corrections), "words");
  return toSearchTsQuery(search, match);
}

/**
 * A full-text match on name and description; or, when `fuzzy`, a close trigram match on the name,
 * for typos. The fuzzy match is asked only when the words match nothing (listProducts): asked
 * alongside, a two-word design name found ~250 products by its words and ~9,500 more that share
 * one word with a typo's closeness, all ranked on every search (decision 0075).
 */
function searchCondition(search: string, match: SearchMatch): SQL | undefined {
  if (match === "fuzzy") {
    // the words only: the search as typed may hold a NUL, which PostgreSQL refuses as text
    const words = typedWords(search);
    return words.length > 0 ? sql`${words.join(" ")} <% ${products.name}` : undefined;
  }
  const tsQuery = tsQueryOf(search, match);
  return tsQuery ? sql`${products.searchVector} @@ to_tsquery('simple', ${tsQuery})` : undefined;
}

export function filters(query: ProductQuery, match: SearchMatch): SQL {
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
 * 100,000 products) ranked in 80 ms with it, 32 ms without (decision 0075).
 */
export function relevance(query: ProductQuery, match: SearchMatch): SQL | null {
  if (!query.search || (query.sort ?? "relevance") !== "relevance") return null;
  // a typo's matches hold none of its words, so ts_rank gives them all 0 (then by id, as before)
  const tsQuery = tsQueryOf(query.search, match === "fuzzy" ? "prefixes" : match);
  return tsQuery ? sql`ts_rank(${products.searchVector}, to_tsquery('simple', ${tsQuery}))` : null;
}

export function ordering(query: ProductQuery): SQL[] {
  // a collection's default order ("Featured" on its page) is the order staff gave its products
  // in the console (decision 0066); a sort the shopper picks or a search overrides it
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
