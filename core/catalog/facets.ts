// What the collection page's filters can offer (spec §5): the sizes and colours found on the
// products of a collection (or all), and their lowest and highest prices. Read-only.
import { and, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
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
      ctx.db
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

const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "2XL", "3XL", "4XL", "FREE SIZE"];

// letter sizes in wearing order, then band-and-cup sizes (32B, 34C…) by band then cup
function compareSizes(a: string, b: string): number {
  const ia = LETTER_SIZES.indexOf(a.toUpperCase());
  const ib = LETTER_SIZES.indexOf(b.toUpperCase());
  if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  return a.localeCompare(b, "en", { numeric: true });
}
