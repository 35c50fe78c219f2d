// Collections for staff (issue 14, point 5; decision 0066): list, create, edit, delete, the hero
// image and the order of a collection's products. Every write locks the collection's row first,
// so two staff reordering (or adding and removing) at once take turns and the positions stay one
// clean 0..n-1 sequence; each write is audited in its transaction and clears the read caches so
// the storefront shows it at once. The hero image is chosen among the photos of the collection's
// products (uploading is part of the products' photos, issue 14, point 2).
import { and, asc, count, eq, ilike, isNull, max, or, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { collectionProducts, collections, productImages, products } from "../../db/schema";
import { AppError, notFound } from "../shared/errors";
import { releaseSiteImage } from "../media/site-images";
import type { MediaStorage } from "../media/storage";
import { changedFields, recordAudit, whoIs } from "../shared/audit";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";

export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 2000;
export const COLLECTION_POSITION_MAX = 100_000;
/** a collection holds at most this many products: the console's list and one reorder stay small */
export const COLLECTION_PRODUCTS_MAX = 2000;

export interface StaffCollection {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  isActive: boolean;
  isFeatured: boolean;
  position: number;
  productCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface CollectionProduct {
  id: number;
  name: string;
  customUrl: string | null;
  isActive: boolean;
  archived: boolean;
  pricePaisa: number;
  imageUrl: string | null;
  position: number;
}

export interface CollectionDetail extends StaffCollection {
  products: CollectionProduct[];
  /** the photos of its products: what the hero image may be */
  imageChoices: string[];
}

export interface CollectionFields {
  name: string;
  description: string;
  isActive: boolean;
  isFeatured: boolean;
  /** where it stands among collections (lowest first); absent: after the last one */
  position?: number;
  imageUrl?: string | null;
}

export type CollectionPatch = Partial<CollectionFields>;

const columns = {
  id: collections.id,
  name: collections.name,
  description: collections.description,
  imageUrl: collections.imageUrl,
  isActive: collections.isActive,
  isFeatured: collections.isFeatured,
  position: collections.position,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
};

const productCount =
  sql<number>`(select count(*) from ${collectionProducts} cp where cp.collection_id = "collections"."id")`.mapWith(
    Number,
  );

/** Every collection, shown or hidden, in the storefront's order. */
export async function listCollectionsForStaff(ctx: CoreContext, actor: StaffActor): Promise<StaffCollection[]> {
  requirePermission(actor, "collections");
  return ctx.db
    .select({ ...columns, productCount })
    .from(collections)
    .orderBy(asc(collections.position), asc(collections.id));
}

async function productsOf(db: Db, collectionId: number): Promise<CollectionProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      customUrl: products.customUrl,
      isActive: products.isActive,
      archivedAt: products.archivedAt,
      pricePaisa: products.minPricePaisa,
      position: collectionProducts.position,
      imageUrl: sql<string | null>`(select pi.image_url from ${productImages} pi where pi.product_id = ${products.id}
                                    order by pi.is_primary desc, pi.position, pi.id limit 1)`,
    })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(asc(collectionProducts.position), asc(products.id));
  return rows.map(({ archivedAt, ...r }) => ({ ...r, archived: archivedAt !== null }));
}

/** The photos of the collection's products, in the products' order: the hero image's choices. */
async function imageChoices(db: Db, collectionId: number): Promise<string[]> {
  const rows = await db
    .select({ url: productImages.imageUrl })
    .from(productImages)
    .innerJoin(
      collectionProducts,
      and(eq(collectionProducts.productId, productImages.productId), eq(collectionProducts.collectionId, collectionId)),
    )
    .orderBy(
      asc(collectionProducts.position),
      asc(productImages.productId),
      asc(productImages.position),
      asc(productImages.id),
    )
    .limit(500);
  return [...new Set(rows.map((r) => r.url))];
}

/** One collection with its products in order and the hero image's choices; 404 when missing. */
export async function getCollectionForStaff(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
): Promise<CollectionDetail> {
  requirePermission(actor, "collections");
  const [row] = await ctx.db
    .select({ ...columns, productCount })
    .from(collections)
    .where(eq(collections.id, id));
  if (!row) throw notFound("Collection not found");
  const [list, choices] = await Promise.all([productsOf(ctx.db, id), imageChoices(ctx.db, id)]);
  return { ...row, products: list, imageChoices: choices };
}

/** Checks the fields core owns (the API's schema checks them too; the console sends raw text). */
function checkFields(fields: CollectionPatch): void {
  if (fields.name !== undefined) {
    if (fields.name.length === 0) throw new AppError(422, "name is required");
    if (fields.name.length > COLLECTION_NAME_MAX)
      throw new AppError(422, `name must be at most ${COLLECTION_NAME_MAX} characters`);
  }
  if (fields.description !== undefined && fields.description.length > COLLECTION_DESCRIPTION_MAX)
    throw new AppError(422, `description must be at most ${COLLECTION_DESCRIPTION_MAX} characters`);
  if (
    fields.position !== undefined &&
    (!Number.isSafeInteger(fields.position) || fields.position < 0 || fields.position > COLLECTION_POSITION_MAX)
  )
    throw new AppError(422, `position must be a whole number from 0 to ${COLLECTION_POSITION_MAX}`);
}

/** The hero image must be one of the photos of the collection's products (or none). */
async function checkImage(tx: Db, collectionId: number | null, imageUrl: string | null, current: string | null) {
  if (imageUrl === null || imageUrl === current) return;
  const allowed = collectionId === null ? [] : await imageChoices(tx, collectionId);
  if (!allowed.includes(imageUrl))
    throw new AppError(422, "image_url must be the photo of one of the collection's products, or empty", {
      field: "image_url",
    });
}

async function lockCollection(tx: Db, id: number) {
  const [row] = await tx.select(columns).from(collections).where(eq(collections.id, id)).for("update");
  if (!row) throw notFound("Collection not found");
  return row;
}

/** Creates a collection (after the last one unless a position is given); it has no products yet. */
export async function createCollection(
  ctx: CoreContext,
  actor: StaffActor,
  fields: CollectionFields,
): Promise<StaffCollection> {
  requirePermission(actor, "collections");
  checkFields(fields);
  // a new collection has no products, so no photo to choose from
  if (fields.imageUrl) await checkImage(ctx.db, null, fields.imageUrl, null);
  const row = await ctx.db.transaction(async (tx) => {
    let position = fields.position;
    if (position === undefined) {
      const [last] = await tx.select({ p: max(collections.position) }).from(collections);
      position = Math.min((last?.p ?? -1) + 1, COLLECTION_POSITION_MAX);
    }
    const [created] = await tx
      .insert(collections)
      .values({
        name: fields.name,
        description: fields.description,
        isActive: fields.isActive,
        isFeatured: fields.isFeatured,
        position,
        imageUrl: null,
      })
      .returning(columns);
    await recordAudit(tx, whoIs(actor), {
      action: "collection.create",
      entityType: "collection",
      entityId: created!.id,
      changes: {
        name: created!.name,
        is_active: created!.isActive,
        is_featured: created!.isFeatured,
        position: created!.position,
      },
    });
    return created!;
  });
  ctx.cache.clear();
  return { ...row, productCount: 0 };
}

const EDITABLE = ["name", "description", "imageUrl", "isActive", "isFeatured", "position"] as const;

/** Changes a collection's fields (the ones given); changed: false when nothing differed. */
export async function updateCollection(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  patch: CollectionPatch,
  /** given: an uploaded hero this replaces or clears has its files deleted after (decision 0066) */
  storage?: MediaStorage,
): Promise<{ collection: StaffCollection; changed: boolean }> {
  requirePermission(actor, "collections");
  // a field given as undefined is a field left out
  patch = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as CollectionPatch;
  checkFields(patch);
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockCollection(tx, id);
    if (patch.imageUrl !== undefined) await checkImage(tx, id, patch.imageUrl, current.imageUrl);
    const changes = changedFields(current, patch, EDITABLE);
    if (Object.keys(changes).length === 0) return { row: current, changed: false, before: current.imageUrl };
    const set = Object.fromEntries(EDITABLE.filter((k) => k in changes).map((k) => [k, patch[k]]));
    const [row] = await tx
      .update(collections)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(collections.id, id))
      .returning(columns);
    await recordAudit(tx, whoIs(actor), {
      action: "collection.update",
      entityType: "collection",
      entityId: id,
      changes,
    });
    return { row: row!, changed: true, before: current.imageUrl };
  });
  if (result.changed) ctx.cache.clear();
  if (storage && result.before !== result.row.imageUrl) await releaseSiteImage(ctx, storage, result.before);
  const [n] = await ctx.db
    .select({ n: count() })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, id));
  return { collection: { ...result.row, productCount: Number(n?.n ?? 0) }, changed: result.changed };
}

/** Moves a collection one place up or down among collections (renumbering them all 0..n-1). */
export async function moveCollection(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  direction: "up" | "down",
): Promise<{ changed: boolean }> {
  requirePermission(actor, "collections");
  const changed = await ctx.db.transaction(async (tx) => {
    // every collection's row: two moves at once take turns over the one order
    const all = await tx
      .select({ id: collections.id, name: collections.name, position: collections.position })
      .from(collections)
      .orderBy(asc(collections.position), asc(collections.id))
      .for("update");
    const at = all.findIndex((c) => c.id === id);
    if (at < 0) throw notFound("Collection not found");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= all.length) return false;
    const order = all.map((c) => c.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    await tx.execute(
      sql`update ${collections} set position = v.pos, updated_at = now() from (values ${sql.join(
        order.map((cid, pos) => sql`(${cid}::int, ${pos}::int)`),
        sql`, `,
      )}) as v(id, pos) where ${collections.id} = v.id and ${collections.position} <> v.pos`,
    );
    await recordAudit(tx, whoIs(actor), {
      action: "collection.move",
      entityType: "collection",
      entityId: id,
      changes: { name: all[at]!.name, place: [at + 1, to + 1] },
    });
    return true;
  });
  if (changed) ctx.cache.clear();
  return { changed };
}

/** Deletes a collection; its products stay in the catalogue (only their links to it go). */
export async function deleteCollection(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  /** given: an uploaded hero's files are deleted after (decision 0066) */
  storage?: MediaStorage,
): Promise<void> {
  requirePermission(actor, "collections");
  const image = await ctx.db.transaction(async (tx) => {
    const current = await lockCollection(tx, id);
    const [n] = await tx.select({ n: count() }).from(collectionProducts).where(eq(collectionProducts.collectionId, id));
    await tx.delete(collections).where(eq(collections.id, id));
    await recordAudit(tx, whoIs(actor), {
      action: "collection.delete",
      entityType: "collection",
      entityId: id,
      changes: { name: current.name, products: Number(n?.n ?? 0) },
    });
    return current.imageUrl;
  });
  ctx.cache.clear();
  if (storage) await releaseSiteImage(ctx, storage, image);
}

async function memberIds(tx: Db, collectionId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId));
  return rows.map((r) => r.id);
}

/** Writes positions 0..n-1 in this order (only the rows whose position changes). */
async function writeOrder(tx: Db, collectionId: number, order: number[]): Promise<void> {
  if (order.length === 0) return;
  await tx.execute(
    sql`update ${collectionProducts} set position = v.pos from (values ${sql.join(
      order.map((pid, pos) => sql`(${pid}::int, ${pos}::int)`),
      sql`, `,
    )}) as v(product_id, pos)
        where ${collectionProducts.collectionId} = ${collectionId} and ${collectionProducts.productId} = v.product_id
          and ${collectionProducts.position} <> v.pos`,
  );
}

export const PRODUCTS_CHANGED =
  "The collection's products changed while you were ordering them (someone added or removed one). Please reload and try again.";

/**
 * Sets the order of the collection's products: `order` holds every product of the collection,
 * each once. A list that no longer matches (a product added or removed meanwhile) is refused
 * with 409 rather than guessed at.
 */
export async function orderCollectionProducts(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  order: number[],
): Promise<{ productIds: number[]; changed: boolean }> {
  requirePermission(actor, "collections");
  if (order.length > COLLECTION_PRODUCTS_MAX)
    throw new AppError(422, `product_ids must hold at most ${COLLECTION_PRODUCTS_MAX} products`);
  if (new Set(order).size !== order.length) throw new AppError(422, "product_ids must name each product once");
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockCollection(tx, id);
    const before = await memberIds(tx, id);
    const members = new Set(before);
    if (order.length !== before.length || order.some((pid) => !members.has(pid)))
      throw new AppError(409, PRODUCTS_CHANGED, { product_ids: before });
    if (order.every((pid, i) => before[i] === pid)) {
      // the same order: still make the positions a clean sequence (seeded rows may tie)
      await writeOrder(tx, id, order);
      return { changed: false };
    }
    await writeOrder(tx, id, order);
    await recordAudit(tx, whoIs(actor), {
      action: "collection.reorder",
      entityType: "collection",
      entityId: id,
      changes: { name: current.name, product_ids: [before, order] },
    });
    return { changed: true };
  });
  if (result.changed) ctx.cache.clear();
  return { productIds: order, changed: result.changed };
}

/** Moves one product a place up or down in the collection's order (the console's buttons). */
export async function moveCollectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  productId: number,
  direction: "up" | "down",
): Promise<{ productIds: number[]; changed: boolean }> {
  requirePermission(actor, "collections");
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockCollection(tx, id);
    const order = await memberIds(tx, id);
    const at = order.indexOf(productId);
    if (at < 0) throw notFound("This product is not in the collection");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return { order, changed: false };
    const before = [...order];
    [order[at], order[to]] = [order[to]!, order[at]!];
    await writeOrder(tx, id, order);
    await recordAudit(tx, whoIs(actor), {
      action: "collection.reorder",
      entityType: "collection",
      entityId: id,
      changes: { name: current.name, product_ids: [before, order] },
    });
    return { order, changed: true };
  });
  if (result.changed) ctx.cache.clear();
  return { productIds: result.order, changed: result.changed };
}

/** Adds a product at the end of the collection; changed: false when it already was in it. */
export async function addCollectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  productId: number,
): Promise<{ changed: boolean }> {
  requirePermission(actor, "collections");
  const changed = await ctx.db.transaction(async (tx) => {
    const current = await lockCollection(tx, id);
    const [product] = await tx
      .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw notFound("Product not found");
    if (product.archivedAt) throw new AppError(422, "An archived product cannot be added to a collection");
    const order = await memberIds(tx, id);
    if (order.includes(productId)) return false;
    if (order.length >= COLLECTION_PRODUCTS_MAX)
      throw new AppError(422, `A collection holds at most ${COLLECTION_PRODUCTS_MAX} products`);
    // positions are kept 0..n-1 here, so the end is the count
    await writeOrder(tx, id, order);
    await tx.insert(collectionProducts).values({ collectionId: id, productId, position: order.length });
    await recordAudit(tx, whoIs(actor), {
      action: "collection.add_product",
      entityType: "collection",
      entityId: id,
      changes: { name: current.name, product_id: productId, product_name: product.name },
    });
    return true;
  });
  if (changed) ctx.cache.clear();
  return { changed };
}

/** Takes a product out of the collection (the product stays in the catalogue). */
export async function removeCollectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  productId: number,
): Promise<void> {
  requirePermission(actor, "collections");
  await ctx.db.transaction(async (tx) => {
    const current = await lockCollection(tx, id);
    const removed = await tx
      .delete(collectionProducts)
      .where(and(eq(collectionProducts.collectionId, id), eq(collectionProducts.productId, productId)))
      .returning({ id: collectionProducts.productId });
    if (removed.length === 0) throw notFound("This product is not in the collection");
    await writeOrder(tx, id, await memberIds(tx, id));
    // a hero image taken from this product's photos no longer belongs to the collection
    let imageCleared = false;
    if (current.imageUrl && !(await imageChoices(tx, id)).includes(current.imageUrl)) {
      const [photo] = await tx
        .select({ id: productImages.id })
        .from(productImages)
        .where(and(eq(productImages.productId, productId), eq(productImages.imageUrl, current.imageUrl)))
        .limit(1);
      if (photo) {
        await tx
          .update(collections)
          .set({ imageUrl: null, updatedAt: sql`now()` })
          .where(eq(collections.id, id));
        imageCleared = true;
      }
    }
    await recordAudit(tx, whoIs(actor), {
      action: "collection.remove_product",
      entityType: "collection",
      entityId: id,
      changes: {
        name: current.name,
        product_id: productId,
        ...(imageCleared ? { image_url: [current.imageUrl, null] } : {}),
      },
    });
  });
  ctx.cache.clear();
}

export const PRODUCT_SEARCH_MAX = 100;

/** Products to add: by name (any part) or number, not archived, not already in the collection. */
export async function findProductsToAdd(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  search: string,
  limit = 20,
): Promise<{ id: number; name: string; isActive: boolean; pricePaisa: number }[]> {
  requirePermission(actor, "collections");
  const term = search.trim().slice(0, PRODUCT_SEARCH_MAX);
  if (!term) return [];
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const asId = /^\d{1,9}$/.test(term) ? Number(term) : null;
  return ctx.db
    .select({ id: products.id, name: products.name, isActive: products.isActive, pricePaisa: products.minPricePaisa })
    .from(products)
    .where(
      and(
        isNull(products.archivedAt),
        or(ilike(products.name, pattern), asId !== null ? eq(products.id, asId) : undefined),
        sql`not exists (select 1 from ${collectionProducts} cp where cp.collection_id = ${id} and cp.product_id = ${products.id})`,
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit);
}
