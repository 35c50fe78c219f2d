// What the collection page's filters can offer (spec §5): the sizes and colours found on the
// products of a collection (or all), and their lowest and highest prices. Read-only.
import { and, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { collectionProducts, products, variants } from "../../db/schema";

export interface CatalogFacets {
  sizes: string[];
  colors: { value: string; hex: string | null }[];
  minPricePaisa: number;
  maxPricePaisa: number;
}

/** Filter choices for a collection, or for every active product when collectionId is undefined. */
export async function getCatalogFacets(ctx: CoreContext, collectionId?: number): Promise<CatalogFacets> {
  const inScope = and(
    eq(products.isActive, true),
    collectionId === undefined
      ? undefined
      : sql`exists (select 1 from ${collectionProducts} cp where cp.collection_id = ${collectionId} and cp.product_id = ${products.id})`,
  );
  return ctx.cache.getOrLoad(`facets:${collectionId ?? "all"}`, async () => {
    const [optionRows, [range]] = await Promise.all([
      collectionId === undefined
        ? everyOption(ctx)
        : ctx.db
            .selectDistinct({ type: variants.variantType, value: variants.variantValue, hex: variants.colorHex })
            .from(variants)
            .innerJoin(products, eq(products.id, variants.productId))
            .where(and(inScope, sql`${variants.variantType} in ('size', 'color')`)),
      ctx.db
        .select({
          min: sql<number>`coalesce(min(${products.minPricePaisa}), 0)`.mapWith(Number),
          max: sql<number>`coalesce(max(${products.maxPricePaisa}), 0)`.mapWith(Number),
        })
        .from(products)
        .where(inScope),
    ]);
    const sizes = [...new Set(optionRows.filter((r) => r.type === "size").map((r) => r.value))].sort(compareSizes);
    const colors = new Map<string, string | null>();
    for (const r of optionRows) if (r.type === "color" && !colors.has(r.value)) colors.set(r.value, r.hex);
    return {
      sizes,
      colors: [...colors].map(([value, hex]) => ({ value, hex })).sort((a, b) => a.value.localeCompare(b.value)),
      minPricePaisa: range?.min ?? 0,
      maxPricePaisa: range?.max ?? 0,
    };
  });
}

/**
 * Every size and colour some active product has, for "all products". A distinct over the whole
 * variants table read all of it (700,000 rows at 100,000 products, ~0.4 s); this walks
 * variants_type_value_idx (type, value, product_id) from one distinct value to the next, one
 * type at a time (a loose index scan, which PostgreSQL does not do by itself), and asks, per
 * value, for one active product that has it, through the same index. Each step is a descent of
 * the index: 1 ms in all at 100,000 products, a value found in one product as fast as one in all.
 * - The step names its type (= o.type and value > o.value): as a row comparison over both types
 *   it did not start at its value and read every entry of the value before (11 ms a step).
 * - The first product in the index's order, checked by its key: joined, the planner chose a
 *   sequential scan that stops at the first match, or a merge join over every product up to it,
 *   both a read of the table for a rare value near its end (15-90 ms each; query-plans.test.ts).
 */
async function everyOption(ctx: CoreContext): Promise<{ type: string; value: string; hex: string | null }[]> {
  return queryRows(
    ctx.db,
    sql`with recursive o(type, value) as (
          select t.type, (select min(v.variant_value) from ${variants} v where v.variant_type = t.type)
          from (values ('color'), ('size')) t(type)
          union all
          select o.type, (select v.variant_value from ${variants} v
                          where v.variant_type = o.type and v.variant_value > o.value
                          order by v.variant_value limit 1)
          from o where o.value is not null
        )
        select o.type, o.value, one.hex from o cross join lateral (
          select v.color_hex as hex from ${variants} v
          where v.variant_type = o.type and v.variant_value = o.value
            and (select p.is_active from ${products} p where p.id = v.product_id)
          order by v.product_id limit 1) one
        where o.value is not null`,
  );
}

const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "2XL", "3XL", "4XL", "FREE SIZE"];

// letter sizes in wearing order, then band-and-cup sizes (32B, 34C…) by band then cup
function compareSizes(a: string, b: string): number {
  const ia = LETTER_SIZES.indexOf(a.toUpperCase());
  const ib = LETTER_SIZES.indexOf(b.toUpperCase());
  if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  return a.localeCompare(b, "en", { numeric: true });
}
