// A product as the editor shows it: its fields, collections, options and the grid of combinations
// with their stock, and the version (updated_at to the microsecond) a save must send back.
import { asc, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { collectionProducts, collections, orderItems, products, variantCombinations, variants } from "../../db/schema";
import { notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import type { DescriptionFormat, ProductState, SizeGuideChoice } from "./product-options";

export interface EditableCombination {
  id: number;
  name: string;
  attributes: Record<string, string>;
  pricePaisa: number;
  sku: string | null;
  isAvailable: boolean;
  stock: number;
  /** sold at least once: removing its value makes it unavailable instead of deleting it */
  hasOrders: boolean;
}

export interface EditableProduct {
  id: number;
  name: string;
  /** the Urdu twins (decision 0111); null: the Urdu page shows the English */
  nameUr: string | null;
  customUrl: string | null;
  description: string;
  descriptionUr: string | null;
  descriptionFormat: DescriptionFormat;
  structuredDescription: { bullet_points: string[]; highlights: string[] } | null;
  materialType: string | null;
  pricePaisa: number;
  comparePricePaisa: number | null;
  minPricePaisa: number;
  maxPricePaisa: number;
  collectionIds: number[];
  customFields: { key: string; value: string }[];
  faqs: { question: string; answer: string }[];
  sizeGuide: SizeGuideChoice;
  isActive: boolean;
  archivedAt: Date | null;
  state: ProductState;
  /** the product's own stock (used when it has no combinations) */
  stock: number;
  options: { type: string; values: { value: string; color_hex: string | null }[] }[];
  combinations: EditableCombination[];
  hasOrders: boolean;
  /** the concurrency token: send it back unchanged with the save */
  updatedAt: string;
  createdAt: Date;
}

// microseconds kept: a JavaScript Date would drop them and two saves within a millisecond would match
export const VERSION = sql<string>`to_char(${products.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function readEditable(db: Db, id: number): Promise<EditableProduct | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      nameUr: products.nameUr,
      customUrl: products.customUrl,
      description: products.description,
      descriptionUr: products.descriptionUr,
      descriptionFormat: products.descriptionFormat,
      structuredDescription: products.structuredDescription,
      materialType: products.materialType,
      pricePaisa: products.pricePaisa,
      comparePricePaisa: products.comparePricePaisa,
      minPricePaisa: products.minPricePaisa,
      maxPricePaisa: products.maxPricePaisa,
      customFields: products.customFields,
      faqs: products.faqs,
      sizeGuide: products.sizeGuide,
      isActive: products.isActive,
      archivedAt: products.archivedAt,
      stock: products.stock,
      version: VERSION,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  const [collectionRows, variantRows, comboRows, sold] = await Promise.all([
    db
      .select({ id: collectionProducts.collectionId })
      .from(collectionProducts)
      .where(eq(collectionProducts.productId, id))
      .orderBy(asc(collectionProducts.collectionId)),
    db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.position), asc(variants.id)),
    db
      .select({
        id: variantCombinations.id,
        name: variantCombinations.combinationName,
        attributes: variantCombinations.variantAttributes,
        pricePaisa: variantCombinations.pricePaisa,
        sku: variantCombinations.sku,
        isAvailable: variantCombinations.isAvailable,
        stock: variantCombinations.stock,
        hasOrders: sql<boolean>`exists (select 1 from ${orderItems} oi where oi.combination_id = "variant_combinations"."id")`,
      })
      .from(variantCombinations)
      .where(eq(variantCombinations.productId, id))
      .orderBy(asc(variantCombinations.id)),
    queryRows<{ n: number }>(db, sql`select count(*) as n from ${orderItems} where product_id = ${id}`),
  ]);
  const options: EditableProduct["options"] = [];
  for (const v of variantRows) {
    let o = options.find((x) => x.type === v.variantType);
    if (!o) options.push((o = { type: v.variantType, values: [] }));
    if (!o.values.some((x) => x.value === v.variantValue))
      o.values.push({ value: v.variantValue, color_hex: v.colorHex });
  }
  const sd = row.structuredDescription;
  return {
    ...row,
    descriptionFormat: row.descriptionFormat as DescriptionFormat,
    structuredDescription: sd ? { bullet_points: sd.bullet_points ?? [], highlights: sd.highlights ?? [] } : null,
    collectionIds: collectionRows.map((c) => c.id),
    customFields: Object.entries(row.customFields ?? {}).map(([key, value]) => ({ key, value: String(value) })),
    faqs: row.faqs ?? [],
    sizeGuide: row.sizeGuide as SizeGuideChoice,
    state: row.archivedAt ? "archived" : row.isActive ? "active" : "hidden",
    options,
    combinations: comboRows.map((c) => ({ ...c, hasOrders: Boolean(c.hasOrders) })),
    hasOrders: Number(sold[0]?.n ?? 0) > 0,
    updatedAt: row.version,
  };
}

/** One product as the editor shows it (archived ones too); 404 when there is none. */
export async function getProductForEditing(ctx: CoreContext, actor: StaffActor, id: number): Promise<EditableProduct> {
  requirePermission(actor, "products");
  const product = await readEditable(ctx.db, id);
  if (!product) throw notFound("Product not found");
  return product;
}

/** Collections to choose from in the editor, in the store's order. */
export async function listCollectionChoices(
  ctx: CoreContext,
  actor: StaffActor,
): Promise<{ id: number; name: string }[]> {
  requirePermission(actor, "products");
  return ctx.db
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .orderBy(asc(collections.position), asc(collections.id));
}
