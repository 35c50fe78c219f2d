// The product editor's use-cases (decision 0062): staff create, change, archive, restore and
// delete products with their options and the grid of combinations (product-grid.ts writes those).
// One save is one transaction with its audit row: the product's row is locked first and its
// updated_at must still be the one the form was loaded with (else 409, someone else saved). A
// product with orders is archived, never deleted, so old orders keep their lines. The list is
// product-list-admin.ts, the editor's reading product-editing.ts.
import { asc, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { orderItems, products, variantCombinations } from "../../db/schema";
import { AppError, invalid, notFound } from "../shared/errors";
import { invalidFields } from "../shared/field-errors";
import { can, type StaffActor } from "../shared/permissions";
import { cleanHtml } from "../shared/sanitize";
import { CHANGED_BY_SOMEONE_ELSE, requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { refreshPriceRanges } from "./price-range";
import { customUrlProblem, ensureUrlFree } from "./product-custom-url";
import { readEditable, VERSION, type EditableProduct } from "./product-editing";
import { setCollections, writeGrid, writeOwnStock } from "./product-grid";
import { productInput, type ProductInput } from "./product-input";
import { allCombinations, LIMITS } from "./product-options";

export const ARCHIVED_READ_ONLY = "This product is archived. Restore it before changing it.";
export const HAS_ORDERS =
  "This product has orders, so it cannot be deleted: archive it instead (old orders keep their lines).";

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

/** The Urdu description as its format wants it: HTML cleaned as the English is; null when no text is left. */
function urduDescription(input: ProductInput): string | null | undefined {
  const text = input.description_ur;
  if (typeof text !== "string" || input.description_format !== "html") return text;
  const cleaned = cleanHtml(text);
  return cleaned.replace(/<[^>]*>/g, "").trim() === "" ? null : cleaned;
}

function productValues(input: ProductInput) {
  return {
    name: input.name,
    customUrl: input.custom_url,
    description: input.description_format === "html" ? cleanHtml(input.description) : input.description,
    // left out when absent: a save that does not name them keeps the stored Urdu
    ...(input.name_ur !== undefined ? { nameUr: input.name_ur } : {}),
    ...(input.description_ur !== undefined ? { descriptionUr: urduDescription(input) } : {}),
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

/** A unique violation that slipped past the checks (two saves at once) is a 409, never a 500. */
function uniqueConflict(constraint: string | null): AppError {
  if (constraint === "products_custom_url_key" || !constraint) {
    return new AppError(409, "custom_url: That custom URL was just taken by another product. Please choose another.");
  }
  return new AppError(409, CHANGED_BY_SOMEONE_ELSE);
}

/** Adds a product with its options, grid and first stock. */
export async function createProduct(ctx: CoreContext, actor: StaffActor, raw: unknown): Promise<EditableProduct> {
  requirePermission(actor, "products");
  const input = parse(raw);
  if (changesStock(input)) requirePermission(actor, "stock");
  const id = await staffWrite(ctx, actor, "products", async ({ tx, audit, refuseUnique }) => {
    refuseUnique(uniqueConflict);
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
    await audit({
      action: "product.create",
      entityType: "product",
      entityId: productId,
      changes: {
        name: input.name,
        ...(input.name_ur ? { name_ur: input.name_ur } : {}),
        ...(input.description_ur ? { description_ur: "written" } : {}),
        custom_url: input.custom_url,
        price_paisa: input.price,
        is_active: input.is_active,
        combinations: grid.created,
        stock: input.options.length === 0 ? (input.stock ?? 0) : grid.stock,
      },
    });
    return productId;
  });
  return (await readEditable(ctx.db, id))!;
}

const AUDITED = [
  "name",
  "nameUr",
  "customUrl",
  "description",
  "descriptionUr",
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
  if (changesStock(input)) requirePermission(actor, "stock");
  await staffWrite(ctx, actor, "products", async ({ tx, audit, refuseUnique }) => {
    refuseUnique(uniqueConflict);
    const [locked] = await tx
      .select({
        id: products.id,
        archivedAt: products.archivedAt,
        version: VERSION,
        name: products.name,
        nameUr: products.nameUr,
        customUrl: products.customUrl,
        description: products.description,
        descriptionUr: products.descriptionUr,
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
      // an Urdu twin left out of the save is kept, so it did not change
      if (!(field in values)) continue;
      const before = locked[field];
      const after = values[field as keyof typeof values];
      // a long description is noted as changed, not copied into the log
      if (before !== after)
        changes[field] =
          field === "description" || field === "descriptionUr" ? "changed" : [before ?? null, after ?? null];
    }
    if (collectionsChanged.added.length || collectionsChanged.gone.length) changes.collections = collectionsChanged;
    if (grid.created.length) changes.combinations_added = grid.created;
    if (grid.deleted.length) changes.combinations_deleted = grid.deleted;
    if (grid.madeUnavailable.length) changes.combinations_unavailable = grid.madeUnavailable;
    if (grid.stock.length) changes.stock = grid.stock;
    if (own && own.before !== own.after) changes.stock = [own.before, own.after];
    await audit({ action: "product.update", entityType: "product", entityId: id, changes });
  });
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

/**
 * Archives a product (off the storefront and out of the console's lists, its orders keep their
 * lines) or restores one, hidden: staff check it before showing it again. Doing what is already
 * done changes nothing and records nothing.
 */
async function setArchived(ctx: CoreContext, actor: StaffActor, id: number, archive: boolean) {
  await staffWrite(ctx, actor, "products", async ({ tx, audit, keepCache }) => {
    const row = await lockProduct(tx, id);
    if (Boolean(row.archivedAt) === archive) return keepCache();
    await tx
      .update(products)
      .set({ archivedAt: archive ? sql`now()` : null, isActive: false, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    await audit({
      action: archive ? "product.archive" : "product.restore",
      entityType: "product",
      entityId: id,
      changes: archive ? { name: row.name, is_active: [row.isActive, false] } : { name: row.name },
    });
  });
  return (await readEditable(ctx.db, id))!;
}

/** Takes a product off the storefront and out of the console's lists; its orders keep their lines. */
export const archiveProduct = (ctx: CoreContext, actor: StaffActor, id: number): Promise<EditableProduct> =>
  setArchived(ctx, actor, id, true);

/** Brings an archived product back, hidden: staff check it before showing it again. */
export const restoreProduct = (ctx: CoreContext, actor: StaffActor, id: number): Promise<EditableProduct> =>
  setArchived(ctx, actor, id, false);

/** Deletes a product that was never ordered; one with orders must be archived (409). */
export async function deleteProduct(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
): Promise<{ id: number; name: string }> {
  return staffWrite(ctx, actor, "products", async ({ tx, audit }) => {
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
    await audit({ action: "product.delete", entityType: "product", entityId: id, changes: { name: row.name } });
    return { id, name: row.name };
  });
}

/** Whether the actor may change stock in the editor's grid (the stock permission). */
export const mayEditStock = (actor: StaffActor) => can(actor, "stock");
