// What a Product carries beyond its row: its images, variants and combinations, fetched for a
// whole page of products in one statement, and the row's columns. Every catalogue read that
// answers Products (lists, one product, suggestions) passes its rows through rowsWithDetails.
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { productImages, products, variantCombinations, variants } from "../../db/schema";
import { cleanHtml } from "../shared/sanitize";
import type { Faq, StructuredDescription } from "../../db/schema";

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
  /** the Urdu twins (decision 0111), description in descriptionFormat; null: an Urdu page shows the English */
  nameUr: string | null;
  descriptionUr: string | null;
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

/** The columns a Product is read with. */
export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  nameUr: products.nameUr,
  descriptionUr: products.descriptionUr,
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

export type ProductRow = Omit<Product, "averageRating" | "images" | "variants" | "combinations"> & {
  ratingTotal: number;
};

/**
 * `column = any($1)`: the ids travel as one array parameter. inArray sends one parameter per id,
 * a hundred of them for a page of search results, each bound and typed on every call.
 */
export function idIn(column: AnyColumn, ids: number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

export type ProductDetails = Awaited<ReturnType<typeof detailsOf>>;

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
 * PostgreSQL, one after another; as one JSON value, 8 and 5.8 (decision 0075). Arrays, not
 * objects: json_build_object with the key names took 11 and 9 ms.
 */
export async function detailsOf(ctx: CoreContext, ids: number[]) {
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
export async function rowsWithDetails(ctx: CoreContext, rows: ProductRow[]): Promise<Product[]> {
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
export function withDetails(rows: ProductRow[], details: ProductDetails): Product[] {
  return rows.map((row) => {
    const combinations = details.combinations.get(row.id) ?? [];
    const { ratingTotal, ...rest } = row;
    return {
      ...rest,
      // shown cleaned whatever the row holds (decision 0012): every product read passes here
      description: row.descriptionFormat === "html" ? cleanHtml(row.description) : row.description,
      descriptionUr:
        row.descriptionFormat === "html" && row.descriptionUr !== null
          ? cleanHtml(row.descriptionUr)
          : row.descriptionUr,
      averageRating: row.reviewCount === 0 ? 0 : Math.round((ratingTotal / row.reviewCount) * 10) / 10,
      stock:
        combinations.length > 0 ? combinations.reduce((sum, c) => sum + (c.isAvailable ? c.stock : 0), 0) : row.stock,
      images: details.images.get(row.id) ?? [],
      variants: details.variants.get(row.id) ?? [],
      combinations,
    };
  });
}
