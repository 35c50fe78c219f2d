// A product's photos (decision 0063): staff with the products permission
// upload several at once, reorder them, set their alt text, choose the main one and delete them.
// Each upload is judged by its bytes, never its name or declared type; turned upright by its
// EXIF orientation; stripped of every piece of metadata (GPS location included) by being
// re-encoded; and written as the WebP widths the storefront loads (<base>-<width>.webp).
// The main photo is always the first: reordering makes the first one main, and making one main
// moves it to the front, so the console's order is the storefront's.
import crypto from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { AppError, invalid, notFound } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import type { Db } from "../../db/client";
import { productImages, products } from "../../db/schema";
import { PHOTO_LIMITS, PHOTO_WIDTHS } from "./photo-rules";
import { fileKey, keysOf, preparePhoto, type PreparedPhoto, type UploadedFile } from "./prepare-photo";
import type { MediaStorage } from "./storage";

// shared with the site's uploaded pictures; still exported from here for the product photo callers
export { detectImageType, preparePhoto, type PreparedPhoto, type UploadedFile } from "./prepare-photo";

/**
 * A product's main photo, for a select that reads products (by name: "products"."id" spelled out,
 * since drizzle prints a lone column without its table, which in the subquery would be the photo's
 * own id): the one marked main, else the first, or null for a product without photos.
 */
export const mainPhotoUrl = sql<string | null>`(select pi.image_url from product_images pi
  where pi.product_id = "products"."id" order by pi.is_primary desc, pi.position, pi.id limit 1)`;

export interface ProductPhoto {
  id: number;
  /** the 800-pixel file's address; other widths replace -800.webp */
  url: string;
  widths: number[];
  altText: string;
  isPrimary: boolean;
  position: number;
  /** false for the demo store's pictures, whose files are shared and never deleted */
  uploaded: boolean;
}

function present(row: typeof productImages.$inferSelect): ProductPhoto {
  return {
    id: row.id,
    url: row.imageUrl,
    widths: row.widths,
    altText: row.altText,
    isPrimary: row.isPrimary,
    position: row.position,
    uploaded: row.storageKey !== null,
  };
}

async function photosOf(db: Db, productId: number) {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

/** Locks the product's row, so one product's photo changes happen one after another. */
async function lockProduct(tx: Db, productId: number): Promise<{ id: number; name: string }> {
  const [product] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!product) throw notFound("Product not found");
  return product;
}

/** Writes positions 0..n-1 in the given order; the first is the main photo. */
async function renumber(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id} then ${i}::integer`),
    sql` `,
  );
  await tx
    .update(productImages)
    .set({
      position: sql`case ${productImages.id} ${cases} end`,
      isPrimary: sql`${productImages.id} = ${ids[0]!}`,
    })
    .where(inArray(productImages.id, ids));
}

/** A product's photos in their order (the first is the main one). */
export async function listProductPhotos(
  ctx: CoreContext,
  actor: StaffActor,
  productId: number,
): Promise<{ product: { id: number; name: string }; photos: ProductPhoto[] }> {
  requirePermission(actor, "products");
  const [product] = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound("Product not found");
  return { product, photos: (await photosOf(ctx.db, productId)).map(present) };
}

/**
 * Adds photos after the product's others (the first ever becomes the main one). All or nothing:
 * every file is checked and converted before anything is stored, and stored files are deleted
 * again when the rows cannot be written.
 */
export async function addProductPhotos(
  ctx: CoreContext,
  actor: StaffActor,
  storage: MediaStorage,
  productId: number,
  files: UploadedFile[],
): Promise<ProductPhoto[]> {
  requirePermission(actor, "products");
  if (files.length === 0) throw invalid("photos: choose at least one photo.");
  if (files.length > PHOTO_LIMITS.files)
    throw new AppError(413, `photos: at most ${PHOTO_LIMITS.files} photos at a time.`);
  const [exists] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!exists) throw notFound("Product not found");
  // one at a time: a 12-megapixel decode takes ~100 MB, and staff on one phone upload in a row
  const prepared: PreparedPhoto[] = [];
  for (const file of files) prepared.push(await preparePhoto(file));

  // a new random name for every upload: files are cached for a year and never overwritten
  const bases = prepared.map(() => `products/${productId}/${crypto.randomBytes(8).toString("hex")}`);
  const stored: string[] = [];
  try {
    for (const [i, photo] of prepared.entries()) {
      for (const file of photo.files) {
        const key = fileKey(bases[i]!, file.width);
        await storage.put(key, file.bytes, "image/webp");
        stored.push(key);
      }
    }
    const rows = await staffWrite(ctx, actor, "products", async ({ tx, audit }) => {
      await lockProduct(tx, productId);
      const current = await photosOf(tx, productId);
      if (current.length + prepared.length > PHOTO_LIMITS.perProduct)
        throw invalid(
          `photos: a product may have at most ${PHOTO_LIMITS.perProduct} photos; it has ${current.length}.`,
        );
      const next = current.reduce((max, p) => Math.max(max, p.position + 1), 0);
      const hasMain = current.some((p) => p.isPrimary);
      const inserted = await tx
        .insert(productImages)
        .values(
          prepared.map((_, i) => ({
            productId,
            imageUrl: storage.url(fileKey(bases[i]!, 800)),
            widths: [...PHOTO_WIDTHS],
            altText: "",
            storageKey: bases[i]!,
            isPrimary: !hasMain && i === 0,
            position: next + i,
          })),
        )
        .returning();
      await audit({
        action: "product.photos_add",
        entityType: "product",
        entityId: productId,
        changes: {
          photo_ids: inserted.map((r) => r.id),
          sizes: prepared.map((p) => `${p.width}x${p.height}`),
        },
      });
      return inserted;
    });
    return rows.sort((a, b) => a.position - b.position).map(present);
  } catch (error) {
    await storage.delete(stored).catch(() => undefined);
    throw error;
  }
}

/**
 * Puts the product's photos in the given order; the first becomes the main photo. The list must
 * name every photo of the product once: one missing or extra means the page is out of date (409);
 * another product's photo is 404.
 */
export async function reorderProductPhotos(
  ctx: CoreContext,
  actor: StaffActor,
  productId: number,
  photoIds: number[],
): Promise<ProductPhoto[]> {
  requirePermission(actor, "products");
  if (new Set(photoIds).size !== photoIds.length) throw invalid("photo_ids: each photo may appear only once.");
  const photos = await staffWrite(ctx, actor, "products", async ({ tx, audit }) => {
    await lockProduct(tx, productId);
    const current = await photosOf(tx, productId);
    const own = new Set(current.map((p) => p.id));
    const stranger = photoIds.find((id) => !own.has(id));
    if (stranger !== undefined) throw notFound(`Photo ${stranger} not found on this product`);
    if (photoIds.length !== current.length)
      throw new AppError(409, "The product's photos changed while you were looking. Please reload and try again.");
    await renumber(tx, photoIds);
    await audit({
      action: "product.photos_reorder",
      entityType: "product",
      entityId: productId,
      changes: { order: [current.map((p) => p.id), photoIds] },
    });
    return photosOf(tx, productId);
  });
  return photos.map(present);
}

export interface PhotoChange {
  altText?: string;
  /** true: make it the main photo (it moves to the front) */
  primary?: true;
}

/** Sets a photo's alt text, or makes it the main photo. */
export async function updateProductPhoto(
  ctx: CoreContext,
  actor: StaffActor,
  productId: number,
  photoId: number,
  change: PhotoChange,
): Promise<ProductPhoto> {
  requirePermission(actor, "products");
  const altText = change.altText?.trim().replace(/\s+/g, " ");
  if (altText !== undefined && altText.length > PHOTO_LIMITS.altText)
    throw invalid(`alt_text must be at most ${PHOTO_LIMITS.altText} characters`);
  const photo = await staffWrite(ctx, actor, "products", async ({ tx, audit, keepCache }) => {
    await lockProduct(tx, productId);
    const current = await photosOf(tx, productId);
    const before = current.find((p) => p.id === photoId);
    if (!before) throw notFound("Photo not found");
    const changes: Record<string, [unknown, unknown]> = {};
    if (altText !== undefined && altText !== before.altText) {
      await tx
        .update(productImages)
        .set({ altText })
        .where(and(eq(productImages.id, photoId), eq(productImages.productId, productId)));
      changes.alt_text = [before.altText, altText];
    }
    if (change.primary && current[0]?.id !== photoId) {
      await renumber(tx, [photoId, ...current.filter((p) => p.id !== photoId).map((p) => p.id)]);
      changes.primary = [current.find((p) => p.isPrimary)?.id ?? null, photoId];
    } else if (change.primary && !before.isPrimary) {
      await renumber(
        tx,
        current.map((p) => p.id),
      );
      changes.primary = [null, photoId];
    }
    if (Object.keys(changes).length === 0) keepCache();
    else
      await audit({
        action: "product.photo_update",
        entityType: "product",
        entityId: productId,
        changes: { photo_id: photoId, ...changes },
      });
    const [after] = await tx.select().from(productImages).where(eq(productImages.id, photoId));
    return after!;
  });
  return present(photo);
}

/**
 * Deletes a photo; the next one becomes main if it was. Its files are deleted from storage once
 * the row's deletion has committed (a failure then leaves unused files, never a broken image).
 */
export async function deleteProductPhoto(
  ctx: CoreContext,
  actor: StaffActor,
  storage: MediaStorage,
  productId: number,
  photoId: number,
): Promise<{ id: number; filesDeleted: boolean }> {
  const gone = await staffWrite(ctx, actor, "products", async ({ tx, audit }) => {
    await lockProduct(tx, productId);
    const current = await photosOf(tx, productId);
    const photo = current.find((p) => p.id === photoId);
    if (!photo) throw notFound("Photo not found");
    await tx.delete(productImages).where(eq(productImages.id, photoId));
    await renumber(
      tx,
      current.filter((p) => p.id !== photoId).map((p) => p.id),
    );
    await audit({
      action: "product.photo_delete",
      entityType: "product",
      entityId: productId,
      changes: { photo_id: photoId, url: photo.imageUrl, alt_text: photo.altText, was_primary: photo.isPrimary },
    });
    return photo;
  });
  let filesDeleted = false;
  if (gone.storageKey) {
    try {
      await storage.delete(keysOf(gone.storageKey));
      filesDeleted = true;
    } catch {
      // the photo is gone from the store; its files are only unused
    }
  }
  return { id: gone.id, filesDeleted };
}
