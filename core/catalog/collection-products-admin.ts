// The products of a collection, for staff (decision 0066): add, remove and order them, and find
// products to add. Every write locks the collection's row first, so two staff reordering (or
// adding and removing) at once take turns and the positions stay one clean 0..n-1 sequence; each
// is audited in its transaction and clears the read caches, so the collection's page (whose
// default order this is) shows it at once.
import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { collectionProducts, collections, productImages, products } from "../../db/schema";
import { AppError, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { escapeLike } from "../shared/search";
import { requirePermission } from "../shared/staff-errors";
import { collectionWrite, imageChoices } from "./collection-admin";

/** a collection holds at most this many products: the console's list and one reorder stay small */
export const COLLECTION_PRODUCTS_MAX = 2000;
export const PRODUCT_SEARCH_MAX = 100;
export const PRODUCTS_CHANGED =
  "The collection's products changed while you were ordering them (someone added or removed one). Please reload and try again.";

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

const reordered = (name: string, before: number[], order: number[]) => ({ name, product_ids: [before, order] });

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
  const result = await collectionWrite(ctx, actor, id, async ({ tx, audit, unchanged }, current) => {
    const before = await memberIds(tx, id);
    const members = new Set(before);
    if (order.length !== before.length || order.some((pid) => !members.has(pid)))
      throw new AppError(409, PRODUCTS_CHANGED, { product_ids: before });
    // the same order still makes the positions a clean sequence (seeded rows may tie)
    await writeOrder(tx, id, order);
    if (order.every((pid, i) => before[i] === pid)) return unchanged({ changed: false });
    await audit({
      action: "collection.reorder",
      entityType: "collection",
      entityId: id,
      changes: reordered(current.name, before, order),
    });
    return { changed: true };
  });
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
  const result = await collectionWrite(ctx, actor, id, async ({ tx, audit, unchanged }, current) => {
    const order = await memberIds(tx, id);
    const at = order.indexOf(productId);
    if (at < 0) throw notFound("This product is not in the collection");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return unchanged({ order, changed: false });
    const before = [...order];
    [order[at], order[to]] = [order[to]!, order[at]!];
    await writeOrder(tx, id, order);
    await audit({
      action: "collection.reorder",
      entityType: "collection",
      entityId: id,
      changes: reordered(current.name, before, order),
    });
    return { order, changed: true };
  });
  return { productIds: result.order, changed: result.changed };
}

/** Adds a product at the end of the collection; changed: false when it already was in it. */
export async function addCollectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  productId: number,
): Promise<{ changed: boolean }> {
  return collectionWrite(ctx, actor, id, async ({ tx, audit, unchanged }, current) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw notFound("Product not found");
    if (product.archivedAt) throw new AppError(422, "An archived product cannot be added to a collection");
    const order = await memberIds(tx, id);
    if (order.includes(productId)) return unchanged({ changed: false });
    if (order.length >= COLLECTION_PRODUCTS_MAX)
      throw new AppError(422, `A collection holds at most ${COLLECTION_PRODUCTS_MAX} products`);
    // positions are kept 0..n-1 here, so the end is the count
    await writeOrder(tx, id, order);
    await tx.insert(collectionProducts).values({ collectionId: id, productId, position: order.length });
    await audit({
      action: "collection.add_product",
      entityType: "collection",
      entityId: id,
      changes: { name: current.name, product_id: productId, product_name: product.name },
    });
    return { changed: true };
  });
}

/** Takes a product out of the collection (the product stays in the catalogue). */
export async function removeCollectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  productId: number,
): Promise<void> {
  await collectionWrite(ctx, actor, id, async ({ tx, audit }, current) => {
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
    await audit({
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
}

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
  const pattern = `%${escapeLike(term)}%`;
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
