// The product editor's use-cases (issue 14, point 1; decision 0062): staff list, read, create,
// change, archive, restore and delete products with their options and the grid of combinations.
// One save is one transaction with its audit row: the product's row is locked first and its
// updated_at must still be the one the form was loaded with (else 409, someone else saved), and
// every change of stock goes through applyStockChange as a new total checked against the total
// the screen showed, so a sale made while the editor was open is never lost. A product with
// orders is archived, never deleted, so old orders keep their lines.
import { refreshPriceRanges } from "./price-range";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { cleanHtml } from "../shared/sanitize";
import type { CoreContext } from "../context";
import { databaseError, UNIQUE_VIOLATION } from "../shared/db-errors";
import { AppError, invalid, notFound } from "../shared/errors";
import { slugify } from "../shared/slug";
import { recordAudit, whoIs } from "../shared/audit";
import { CHANGED_BY_SOMEONE_ELSE, requirePermission } from "../shared/staff-errors";
import { can, type StaffActor } from "../shared/permissions";
import { queryRows, type Db } from "../../db/client";
import {
  collectionProducts,
  collections,
  orderItems,
  productImages,
  products,
  variantCombinations,
  variants,
} from "../../db/schema";
import { productInput, type ProductInput } from "./product-input";
import { invalidFields } from "../shared/field-errors";
import {
  allCombinations,
  combinationName,
  LIMITS,
  LOW_STOCK,
  type DescriptionFormat,
  type ProductListSort,
  type ProductState,
  type SizeGuideChoice,
  type StockFilter,
} from "./product-options";
import { applyStockChange } from "./stock";

export const PRODUCT_SEARCH_MAX = 100;

export const ARCHIVED_READ_ONLY = "This product is archived. Restore it before changing it.";
export const HAS_ORDERS =
  "This product has orders, so it cannot be deleted: archive it instead (old orders keep their lines).";
export const urlTakenMessage = (url: string, by: string) => `The custom URL “${url}” is already used by “${by}”.`;
export const URL_RULES =
  "Custom URL may hold only lowercase letters, digits and single hyphens, such as summer-lawn-kurta.";

// ---------------------------------------------------------------------------------------------
// the list

export interface ProductListQuery {
  search?: string;
  collectionId?: number;
  stock: StockFilter;
  /** absent: active and hidden, never archived */
  state?: ProductState;
  sort: ProductListSort;
  limit: number;
  offset: number;
}

export interface ProductListItem {
  id: number;
  name: string;
  customUrl: string | null;
  state: ProductState;
  pricePaisa: number;
  minPricePaisa: number;
  maxPricePaisa: number;
  /** units for sale: the available combinations' stock, or the product's own */
  stock: number;
  combinations: number;
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

// spelt out: in a select list Drizzle prints a one-table query's columns without their table, and
// inside these subqueries a bare "id" would be the combination's
const PRODUCT_ID = sql.raw(`"products"."id"`);

// a product with combinations sells from them (available ones only); one without sells its own
const stockTotal = sql<number>`(case when exists (select 1 from ${variantCombinations} c where c.product_id = ${PRODUCT_ID})
  then coalesce((select sum(c.stock) from ${variantCombinations} c where c.product_id = ${PRODUCT_ID} and c.is_available), 0)
  else "products"."stock" end)`;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function stateWhere(state: ProductState | undefined): SQL | undefined {
  if (state === "archived") return isNotNull(products.archivedAt);
  if (state === "active") return and(isNull(products.archivedAt), eq(products.isActive, true));
  if (state === "hidden") return and(isNull(products.archivedAt), eq(products.isActive, false));
  return isNull(products.archivedAt);
}

/** Products for the console's list, newest first or by name, with the filters' total. */
export async function listProductsForStaff(
  ctx: CoreContext,
  actor: StaffActor,
  query: ProductListQuery,
): Promise<{ items: ProductListItem[]; total: number }> {
  requirePermission(actor, "products");
  const term = query.search?.trim();
  const pattern = term ? likePattern(term) : undefined;
  const where = and(
    stateWhere(query.state),
    // each of the three read through its own trigram index (decision 0075); an OR with an
    // EXISTS over the combinations read every product and every combination
    pattern
      ? sql`${PRODUCT_ID} in (select p.id from ${products} p where p.name ilike ${pattern}
          union select p.id from ${products} p where p.custom_url ilike ${pattern}
          union select c.product_id from ${variantCombinations} c where c.sku ilike ${pattern})`
      : undefined,
    query.collectionId !== undefined
      ? sql`exists (select 1 from ${collectionProducts} cp where cp.product_id = ${PRODUCT_ID} and cp.collection_id = ${query.collectionId})`
      : undefined,
    query.stock === "in_stock"
      ? sql`${stockTotal} > 0`
      : query.stock === "low"
        ? sql`${stockTotal} between 1 and ${LOW_STOCK}`
        : query.stock === "out"
          ? sql`${stockTotal} = 0`
          : undefined,
  );
  const order =
    query.sort === "name" ? [asc(products.name), asc(products.id)] : [desc(products.createdAt), desc(products.id)];
  // the page's ids first, from an index, then what each row shows for those 50 alone (decision
  // 0075): asked in one query, the planner read every combination to compute the stock of rows
  // it then skipped, and a deep page read every row before it
  const [idRows, [total]] = await Promise.all([
    ctx.db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            id: products.id,
            name: products.name,
            customUrl: products.customUrl,
            isActive: products.isActive,
            archivedAt: products.archivedAt,
            pricePaisa: products.pricePaisa,
            minPricePaisa: products.minPricePaisa,
            maxPricePaisa: products.maxPricePaisa,
            stock: stockTotal.mapWith(Number),
            combinations:
              sql<number>`(select count(*) from ${variantCombinations} c where c.product_id = ${PRODUCT_ID})`.mapWith(
                Number,
              ),
            imageUrl: sql<
              string | null
            >`(select i.image_url from ${productImages} i where i.product_id = ${PRODUCT_ID} order by i.is_primary desc, i.position, i.id limit 1)`,
            createdAt: products.createdAt,
            updatedAt: products.updatedAt,
          })
          .from(products)
          .where(inArray(products.id, ids));
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return {
    items: rows.map(({ isActive, archivedAt, ...r }) => ({
      ...r,
      state: archivedAt ? "archived" : isActive ? "active" : "hidden",
    })),
    total: total?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// one product, as the editor shows it

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
  customUrl: string | null;
  description: string;
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
const VERSION = sql<string>`to_char(${products.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function readEditable(db: Db, id: number): Promise<EditableProduct | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      customUrl: products.customUrl,
      description: products.description,
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

// ---------------------------------------------------------------------------------------------
// the custom URL

/** null when the text is a usable custom URL, else why not. */
export function customUrlProblem(url: string): string | null {
  if (url.length > LIMITS.customUrl) return `Custom URL must be at most ${LIMITS.customUrl} characters.`;
  if (slugify(url) !== url || url.includes("--")) return URL_RULES;
  return null;
}

export interface UrlCheck {
  url: string;
  available: boolean;
  /** a slug made from what was typed, when it was not one */
  suggestion: string | null;
  message: string;
}

/** Is this custom URL free for this product (exclude: the product being edited)? */
export async function checkCustomUrl(
  ctx: CoreContext,
  actor: StaffActor,
  url: string,
  excludeId?: number,
): Promise<UrlCheck> {
  requirePermission(actor, "products");
  const text = url.trim();
  if (text === "")
    return { url: text, available: true, suggestion: null, message: "No custom URL: the product's number is used." };
  const problem = customUrlProblem(text);
  if (problem) {
    const suggestion = slugify(text.slice(0, 200)) || null;
    return { url: text, available: false, suggestion, message: problem };
  }
  const [taken] = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.customUrl, text), excludeId !== undefined ? sql`${products.id} <> ${excludeId}` : undefined))
    .limit(1);
  if (taken) return { url: text, available: false, suggestion: null, message: urlTakenMessage(text, taken.name) };
  return { url: text, available: true, suggestion: null, message: `/p/${text} is free.` };
}

// ---------------------------------------------------------------------------------------------
// create and change

function parse(raw: unknown): ProductInput {
  const parsed = productInput.safeParse(raw);
  // every field's message, for the editor to show each under its field (decision 0096)
  if (!parsed.success) throw invalidFields(parsed.error);
  const input = parsed.data;
  if (input.custom_url === "") input.custom_url = null;
  if (input.custom_url !== null) {
    const problem = customUrlProblem(input.custom_url);
    if (problem) throw invalid(`custom_url: ${problem}`);
  }
  if (input.description_format === "structured" && input.structured_description === null) {
    input.structured_description = { bullet_points: [], highlights: [] };
  }
  const grid = allCombinations(input.options);
  if (grid.length > LIMITS.combinations) {
    throw invalid(`options: At most ${LIMITS.combinations} combinations (these options make more).`);
  }
  return input;
}

/** True when the save would change any stock: such a save needs the stock permission too. */
function changesStock(input: ProductInput): boolean {
  const changed = (c: { stock?: number; stock_seen?: number }) =>
    c.stock !== undefined && (c.stock_seen === undefined ? c.stock > 0 : c.stock !== c.stock_seen);
  return changed(input) || input.combinations.some(changed);
}

function productValues(input: ProductInput) {
  return {
    name: input.name,
    customUrl: input.custom_url,
    description: input.description_format === "html" ? cleanHtml(input.description) : input.description,
    descriptionFormat: input.description_format,
    structuredDescription: input.structured_description,
    materialType: input.material_type || null,
    pricePaisa: input.price,
    comparePricePaisa: input.compare_price,
    customFields: Object.fromEntries(input.custom_fields.map((f) => [f.key, f.value])),
    faqs: input.faqs,
    sizeGuide: input.size_guide,
    isActive: input.is_active,
  };
}

async function ensureUrlFree(tx: Db, url: string | null, productId: number | null) {
  if (url === null) return;
  const [taken] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.customUrl, url), productId !== null ? sql`${products.id} <> ${productId}` : undefined))
    .limit(1);
  if (taken) throw new AppError(409, `custom_url: ${urlTakenMessage(url, taken.name)}`);
}

async function setCollections(tx: Db, productId: number, wanted: number[]) {
  if (wanted.length > 0) {
    const found = await tx.select({ id: collections.id }).from(collections).where(inArray(collections.id, wanted));
    const known = new Set(found.map((c) => c.id));
    const missing = wanted.find((id) => !known.has(id));
    if (missing !== undefined) throw invalid(`collection_ids: There is no collection ${missing}.`);
  }
  const current = (
    await tx
      .select({ id: collectionProducts.collectionId })
      .from(collectionProducts)
      .where(eq(collectionProducts.productId, productId))
  ).map((r) => r.id);
  const gone = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (gone.length > 0) {
    await tx
      .delete(collectionProducts)
      .where(and(eq(collectionProducts.productId, productId), inArray(collectionProducts.collectionId, gone)));
  }
  for (const collectionId of added) {
    // a product joins the end of the collection's order
    await tx.execute(sql`insert into ${collectionProducts} (collection_id, product_id, position)
      select ${collectionId}, ${productId}, coalesce(max(position) + 1, 0) from ${collectionProducts} where collection_id = ${collectionId}`);
  }
  return { gone, added };
}

interface GridOutcome {
  created: string[];
  deleted: string[];
  madeUnavailable: string[];
  stock: { name: string; before: number; after: number }[];
}

/**
 * Writes the options and the grid: every combination of the values is a row; rows the form sent
 * keep their price, SKU, availability and stock; a combination whose value was removed is
 * deleted, or made unavailable when it was ever ordered (its order lines point at it).
 */
async function writeGrid(tx: Db, actor: StaffActor, productId: number, input: ProductInput, pricePaisa: number) {
  const outcome: GridOutcome = { created: [], deleted: [], madeUnavailable: [], stock: [] };
  const types = input.options.map((o) => o.type);
  await tx.delete(variants).where(eq(variants.productId, productId));
  let position = 0;
  const variantRows = input.options.flatMap((o) =>
    o.values.map((v) => ({
      productId,
      variantType: o.type,
      variantValue: v.value,
      colorHex: o.type === "color" ? (v.color_hex ?? null) : null,
      position: position++,
    })),
  );
  if (variantRows.length > 0) await tx.insert(variants).values(variantRows);

  const existing = await tx
    .select({
      id: variantCombinations.id,
      name: variantCombinations.combinationName,
      attributes: variantCombinations.variantAttributes,
      stock: variantCombinations.stock,
      isAvailable: variantCombinations.isAvailable,
    })
    .from(variantCombinations)
    .where(eq(variantCombinations.productId, productId))
    .orderBy(asc(variantCombinations.id))
    .for("update");
  // matched by their values, not their names: rows made elsewhere (an import) may be named otherwise
  const byKey = new Map(existing.map((c) => [attributesKey(c.attributes), c]));

  // the rows the form sent, by the name of their combination
  const sent = new Map<string, ProductInput["combinations"][number]>();
  input.combinations.forEach((c, i) => {
    const keys = Object.keys(c.attributes);
    const fits =
      keys.length === types.length &&
      types.every((t) => input.options.find((o) => o.type === t)!.values.some((v) => v.value === c.attributes[t]));
    if (!fits) {
      throw invalid(
        `combinations.${i}: “${Object.values(c.attributes).join(" / ")}” is not a combination of this product's options.`,
      );
    }
    const name = combinationName(c.attributes, types);
    if (sent.has(name)) throw invalid(`combinations.${i}: “${name}” appears twice.`);
    sent.set(name, c);
  });

  const wanted = allCombinations(input.options);
  const keep = new Set<number>();
  for (const attributes of wanted) {
    const name = combinationName(attributes, types);
    const row = sent.get(name);
    const current = byKey.get(attributesKey(attributes));
    if (current) keep.add(current.id);
    const values = {
      variantAttributes: attributes,
      pricePaisa: row?.price ?? pricePaisa,
      sku: row?.sku || null,
      isAvailable: row?.is_available ?? true,
    };
    if (current) {
      // a row the form did not send keeps what it had, but follows the options' attributes
      await tx
        .update(variantCombinations)
        .set(
          row
            ? { ...values, combinationName: name, updatedAt: sql`now()` }
            : { variantAttributes: attributes, combinationName: name, updatedAt: sql`now()` },
        )
        .where(eq(variantCombinations.id, current.id));
      if (row?.stock !== undefined) {
        if (row.stock_seen === undefined) {
          throw invalid(
            `combinations: “${name}” already exists: send the stock you saw (stock_seen) with its new stock.`,
          );
        }
        if (row.stock !== row.stock_seen) {
          const r = await applyStockChange(
            tx,
            { product_id: productId, combination_id: current.id, set: row.stock, expected: row.stock_seen },
            { actorId: actor.userId, reason: "manual", note: "product editor" },
          ).catch(renameStockConflict(name));
          outcome.stock.push({ name, before: r.before, after: r.after });
        }
      }
    } else {
      const [created] = await tx
        .insert(variantCombinations)
        .values({ productId, combinationName: name, stock: 0, ...values })
        .returning({ id: variantCombinations.id });
      outcome.created.push(name);
      const first = row?.stock ?? 0;
      if (first > 0) {
        const r = await applyStockChange(
          tx,
          { product_id: productId, combination_id: created!.id, delta: first },
          { actorId: actor.userId, reason: "manual", note: "first stock" },
        );
        outcome.stock.push({ name, before: r.before, after: r.after });
      }
    }
  }
  for (const c of existing) {
    if (keep.has(c.id)) continue;
    const [ordered] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*) as n from ${orderItems} where combination_id = ${c.id}`,
    );
    if (Number(ordered?.n ?? 0) > 0) {
      if (c.isAvailable) {
        await tx
          .update(variantCombinations)
          .set({ isAvailable: false, updatedAt: sql`now()` })
          .where(eq(variantCombinations.id, c.id));
        outcome.madeUnavailable.push(c.name);
      }
    } else {
      await tx.delete(variantCombinations).where(eq(variantCombinations.id, c.id));
      outcome.deleted.push(c.name);
    }
  }
  return outcome;
}

/** The same text for the same values, whatever order their keys came in. */
const attributesKey = (attributes: Record<string, string>) =>
  JSON.stringify(
    Object.keys(attributes)
      .sort()
      .map((k) => [k, attributes[k]]),
  );

/** A stock conflict names the combination it is about. */
const renameStockConflict = (name: string) => (error: unknown) => {
  if (error instanceof AppError && error.status === 409)
    throw new AppError(409, `${name}: ${error.message}`, error.extra);
  throw error;
};

async function writeOwnStock(tx: Db, actor: StaffActor, productId: number, input: ProductInput, isNew: boolean) {
  if (input.stock === undefined) return null;
  if (isNew) {
    if (input.stock === 0) return null;
    return applyStockChange(
      tx,
      { product_id: productId, combination_id: null, delta: input.stock },
      { actorId: actor.userId, reason: "manual", note: "first stock" },
    );
  }
  if (input.stock_seen === undefined) throw invalid("stock: Send the stock you saw (stock_seen) with the new stock.");
  if (input.stock === input.stock_seen) return null;
  return applyStockChange(
    tx,
    { product_id: productId, combination_id: null, set: input.stock, expected: input.stock_seen },
    { actorId: actor.userId, reason: "manual", note: "product editor" },
  );
}

/** A unique violation that slipped past the checks (two saves at once) is a 409, never a 500. */
function uniqueToConflict(error: unknown): never {
  const db = databaseError(error);
  if (db?.code === UNIQUE_VIOLATION) {
    if (db.constraint === "products_custom_url_key" || !db.constraint) {
      throw new AppError(409, "custom_url: That custom URL was just taken by another product. Please choose another.");
    }
    throw new AppError(409, CHANGED_BY_SOMEONE_ELSE);
  }
  throw error;
}

function checkStockPermission(actor: StaffActor, input: ProductInput) {
  if (changesStock(input)) requirePermission(actor, "stock");
}

/** Adds a product with its options, grid and first stock. */
export async function createProduct(ctx: CoreContext, actor: StaffActor, raw: unknown): Promise<EditableProduct> {
  requirePermission(actor, "products");
  const input = parse(raw);
  checkStockPermission(actor, input);
  const id = await ctx.db
    .transaction(async (tx) => {
      await ensureUrlFree(tx, input.custom_url, null);
      const [row] = await tx
        .insert(products)
        .values({ ...productValues(input), stock: 0, minPricePaisa: input.price, maxPricePaisa: input.price })
        .returning({ id: products.id });
      const productId = row!.id;
      await setCollections(tx, productId, input.collection_ids);
      const grid = await writeGrid(tx, actor, productId, input, input.price);
      if (input.options.length === 0) await writeOwnStock(tx, actor, productId, input, true);
      await refreshPriceRanges(tx, [productId]);
      await recordAudit(tx, whoIs(actor), {
        action: "product.create",
        entityType: "product",
        entityId: productId,
        changes: {
          name: input.name,
          custom_url: input.custom_url,
          price_paisa: input.price,
          is_active: input.is_active,
          combinations: grid.created,
          stock: input.options.length === 0 ? (input.stock ?? 0) : grid.stock,
        },
      });
      return productId;
    })
    .catch(uniqueToConflict);
  ctx.cache.clear();
  return (await readEditable(ctx.db, id))!;
}

const AUDITED = [
  "name",
  "customUrl",
  "description",
  "descriptionFormat",
  "materialType",
  "pricePaisa",
  "comparePricePaisa",
  "sizeGuide",
  "isActive",
] as const;

/**
 * Changes a product: its fields, collections, options, grid and stock in one transaction. The
 * form's updated_at must still be the product's (409 CHANGED_BY_SOMEONE_ELSE otherwise).
 */
export async function updateProduct(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  raw: unknown,
): Promise<EditableProduct> {
  requirePermission(actor, "products");
  const input = parse(raw);
  if (!input.updated_at) throw invalid("updated_at: Send the updated_at the product was read with.");
  checkStockPermission(actor, input);
  await ctx.db
    .transaction(async (tx) => {
      const [locked] = await tx
        .select({
          id: products.id,
          archivedAt: products.archivedAt,
          version: VERSION,
          name: products.name,
          customUrl: products.customUrl,
          description: products.description,
          descriptionFormat: products.descriptionFormat,
          materialType: products.materialType,
          pricePaisa: products.pricePaisa,
          comparePricePaisa: products.comparePricePaisa,
          sizeGuide: products.sizeGuide,
          isActive: products.isActive,
        })
        .from(products)
        .where(eq(products.id, id))
        // not FOR UPDATE: an order being placed holds a key-share lock on the product (its line's
        // foreign key) while it holds its combination's row, which this save locks next; FOR
        // UPDATE here would wait for it while it waited for us (a deadlock)
        .for("no key update");
      if (!locked) throw notFound("Product not found");
      if (locked.version !== normaliseVersion(input.updated_at!)) throw new AppError(409, CHANGED_BY_SOMEONE_ELSE);
      if (locked.archivedAt) throw new AppError(409, ARCHIVED_READ_ONLY);
      await ensureUrlFree(tx, input.custom_url, id);
      const values = productValues(input);
      await tx
        .update(products)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(products.id, id));
      const collectionsChanged = await setCollections(tx, id, input.collection_ids);
      const grid = await writeGrid(tx, actor, id, input, input.price);
      const own = input.options.length === 0 ? await writeOwnStock(tx, actor, id, input, false) : null;
      await refreshPriceRanges(tx, [id]);
      const changes: Record<string, unknown> = {};
      for (const field of AUDITED) {
        const before = locked[field];
        const after = values[field];
        // a long description is noted as changed, not copied into the log
        if (before !== after) changes[field] = field === "description" ? "changed" : [before ?? null, after ?? null];
      }
      if (collectionsChanged.added.length || collectionsChanged.gone.length) changes.collections = collectionsChanged;
      if (grid.created.length) changes.combinations_added = grid.created;
      if (grid.deleted.length) changes.combinations_deleted = grid.deleted;
      if (grid.madeUnavailable.length) changes.combinations_unavailable = grid.madeUnavailable;
      if (grid.stock.length) changes.stock = grid.stock;
      if (own && own.before !== own.after) changes.stock = [own.before, own.after];
      await recordAudit(tx, whoIs(actor), { action: "product.update", entityType: "product", entityId: id, changes });
    })
    .catch(uniqueToConflict);
  ctx.cache.clear();
  return (await readEditable(ctx.db, id))!;
}

/** "2026-11-23T05:00:00.5Z" -> "2026-11-23T05:00:00.500000Z", as VERSION prints it. */
function normaliseVersion(text: string): string {
  const match = /^(.{19})(?:\.(\d{1,6}))?Z$/.exec(text);
  if (!match) return text;
  return `${match[1]}.${(match[2] ?? "").padEnd(6, "0")}Z`;
}

// ---------------------------------------------------------------------------------------------
// archive, restore, delete

async function lockProduct(tx: Db, id: number, strength: "update" | "no key update" = "no key update") {
  const [row] = await tx
    .select({ id: products.id, name: products.name, archivedAt: products.archivedAt, isActive: products.isActive })
    .from(products)
    .where(eq(products.id, id))
    .for(strength);
  if (!row) throw notFound("Product not found");
  return row;
}

/** Takes a product off the storefront and out of the console's lists; its orders keep their lines. */
export async function archiveProduct(ctx: CoreContext, actor: StaffActor, id: number): Promise<EditableProduct> {
  requirePermission(actor, "products");
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    if (row.archivedAt) return false;
    await tx
      .update(products)
      .set({ archivedAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    await recordAudit(tx, whoIs(actor), {
      action: "product.archive",
      entityType: "product",
      entityId: id,
      changes: { name: row.name, is_active: [row.isActive, false] },
    });
    return true;
  });
  if (changed) ctx.cache.clear();
  return (await readEditable(ctx.db, id))!;
}

/** Brings an archived product back, hidden: staff check it before showing it again. */
export async function restoreProduct(ctx: CoreContext, actor: StaffActor, id: number): Promise<EditableProduct> {
  requirePermission(actor, "products");
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    if (!row.archivedAt) return false;
    await tx
      .update(products)
      .set({ archivedAt: null, isActive: false, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    await recordAudit(tx, whoIs(actor), {
      action: "product.restore",
      entityType: "product",
      entityId: id,
      changes: { name: row.name },
    });
    return true;
  });
  if (changed) ctx.cache.clear();
  return (await readEditable(ctx.db, id))!;
}

/** Deletes a product that was never ordered; one with orders must be archived (409). */
export async function deleteProduct(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
): Promise<{ id: number; name: string }> {
  requirePermission(actor, "products");
  const result = await ctx.db.transaction(async (tx) => {
    // the combinations first, as an order takes them (then the product's key share): an order
    // under way finishes first and is counted below, or finds its combination gone
    await tx
      .select({ id: variantCombinations.id })
      .from(variantCombinations)
      .where(eq(variantCombinations.productId, id))
      .orderBy(asc(variantCombinations.id))
      .for("update");
    const row = await lockProduct(tx, id, "update");
    const [ordered] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*) as n from ${orderItems} where product_id = ${id}`,
    );
    if (Number(ordered?.n ?? 0) > 0) throw new AppError(409, HAS_ORDERS);
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, whoIs(actor), {
      action: "product.delete",
      entityType: "product",
      entityId: id,
      changes: { name: row.name },
    });
    return { id, name: row.name };
  });
  ctx.cache.clear();
  return result;
}

/** Whether the actor may change stock in the editor's grid (the stock permission). */
export const mayEditStock = (actor: StaffActor) => can(actor, "stock");
