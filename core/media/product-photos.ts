// A product's photos (issue 14, point 2; decision 0063): staff with the products permission
// upload several at once, reorder them, set their alt text, choose the main one and delete them.
// Each upload is judged by its bytes, never its name or declared type; turned upright by its
// EXIF orientation; stripped of every piece of metadata (GPS location included) by being
// re-encoded; and written as the WebP widths the storefront loads (<base>-<width>.webp).
// The main photo is always the first: reordering makes the first one main, and making one main
// moves it to the front, so the console's order is the storefront's.
import crypto from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import type { CoreContext } from "../context";
import { AppError, invalid, notFound } from "../shared/errors";
import { recordAudit, whoIs } from "../staff/audit";
import { requirePermission } from "../staff/errors";
import type { StaffActor } from "../staff/permissions";
import type { Db } from "../../db/client";
import { productImages, products } from "../../db/schema";
import { HEIC_REFUSED, megabytes, PHOTO_LIMITS, PHOTO_TYPES_TEXT, PHOTO_WIDTHS } from "./photo-rules";
import type { MediaStorage } from "./storage";

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

export interface UploadedFile {
  /** the name the browser sent, only to name the file in a message */
  name: string;
  bytes: Uint8Array;
}

type ImageType = "jpeg" | "png" | "webp" | "heic" | "other";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

// HEIF brands of Apple's and Samsung's HEIC photos (ISO/IEC 23008-12); "mif1" alone is HEIF too
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

/** What the bytes are, from their first bytes (the "magic numbers"), whatever the file is called. */
export function detectImageType(bytes: Uint8Array): ImageType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const major = ascii(bytes, 8, 12);
    // AVIF files say mif1 as well, with avif among their compatible brands
    const size = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), 64);
    const compatible = new Set<string>();
    for (let at = 16; at + 4 <= size; at += 4) compatible.add(ascii(bytes, at, at + 4));
    if (major === "avif" || major === "avis" || compatible.has("avif")) return "other";
    if (HEIC_BRANDS.has(major)) return "heic";
  }
  return "other";
}

/** The WebP files of one photo, ready to store. */
export interface PreparedPhoto {
  name: string;
  files: { width: number; bytes: Buffer }[];
  /** the upright image's size, after EXIF orientation */
  width: number;
  height: number;
}

const label = (name: string) => {
  // a file's name is the sender's words: short, printable, quoted
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters are dropped from the name
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 80);
  return clean ? `"${clean}"` : "The file";
};

/**
 * Checks one file by its content and makes its WebP widths: upright (EXIF orientation applied),
 * without metadata (sharp writes none unless asked), never enlarged. 413 when too large, 422
 * for anything that is not a JPEG, PNG or WebP photo sharp can decode.
 */
export async function preparePhoto(file: UploadedFile): Promise<PreparedPhoto> {
  const name = label(file.name);
  if (file.bytes.length > PHOTO_LIMITS.fileBytes)
    throw new AppError(413, `${name} is larger than ${megabytes(PHOTO_LIMITS.fileBytes)}. Send a smaller photo.`);
  if (file.bytes.length === 0) throw invalid(`${name} is empty.`);
  const type = detectImageType(file.bytes);
  if (type === "heic") throw invalid(`${name} ${HEIC_REFUSED}`);
  if (type === "other") throw invalid(`${name} is not a photo this store can read: send ${PHOTO_TYPES_TEXT}.`);
  const input = () => sharp(file.bytes, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: "error" });
  let meta: Metadata;
  try {
    // the header only: the pixel limit is checked below with a message that says so
    meta = await sharp(file.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(`${name} looks like a ${type.toUpperCase()} but could not be read. It may be damaged.`);
  }
  if (meta.format !== type || !meta.width || !meta.height)
    throw invalid(`${name} is not a photo this store can read: send ${PHOTO_TYPES_TEXT}.`);
  if (meta.width * meta.height > PHOTO_LIMITS.pixels)
    throw new AppError(
      413,
      `${name} has ${Math.round((meta.width * meta.height) / 1e6)} megapixels; at most ${Math.round(PHOTO_LIMITS.pixels / 1e6)} are taken.`,
    );
  try {
    // decoded once, turned upright and brought down to the largest width; the others come from that
    const largest = Math.max(...PHOTO_WIDTHS);
    const { data, info } = await input()
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const files = await Promise.all(
      PHOTO_WIDTHS.map(async (width) => {
        let pipeline = sharp(data, raw);
        if (width < info.width) pipeline = pipeline.resize({ width });
        return { width, bytes: await pipeline.webp({ quality: 80, effort: 4 }).toBuffer() };
      }),
    );
    const upright = (meta.orientation ?? 1) >= 5;
    return { name, files, width: upright ? meta.height : meta.width, height: upright ? meta.width : meta.height };
  } catch {
    throw invalid(`${name} could not be read to the end. It may be damaged.`);
  }
}

const fileKey = (base: string, width: number) => `${base}-${width}.webp`;
const keysOf = (base: string) => PHOTO_WIDTHS.map((w) => fileKey(base, w));

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
    const rows = await ctx.db.transaction(async (tx) => {
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
      await recordAudit(tx, whoIs(actor), {
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
    ctx.cache.clear();
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
  const photos = await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const current = await photosOf(tx, productId);
    const own = new Set(current.map((p) => p.id));
    const stranger = photoIds.find((id) => !own.has(id));
    if (stranger !== undefined) throw notFound(`Photo ${stranger} not found on this product`);
    if (photoIds.length !== current.length)
      throw new AppError(409, "The product's photos changed while you were looking. Please reload and try again.");
    await renumber(tx, photoIds);
    await recordAudit(tx, whoIs(actor), {
      action: "product.photos_reorder",
      entityType: "product",
      entityId: productId,
      changes: { order: [current.map((p) => p.id), photoIds] },
    });
    return photosOf(tx, productId);
  });
  ctx.cache.clear();
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
  const photo = await ctx.db.transaction(async (tx) => {
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
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, whoIs(actor), {
        action: "product.photo_update",
        entityType: "product",
        entityId: productId,
        changes: { photo_id: photoId, ...changes },
      });
    const [after] = await tx.select().from(productImages).where(eq(productImages.id, photoId));
    return { row: after!, changed: Object.keys(changes).length > 0 };
  });
  if (photo.changed) ctx.cache.clear();
  return present(photo.row);
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
  requirePermission(actor, "products");
  const gone = await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const current = await photosOf(tx, productId);
    const photo = current.find((p) => p.id === photoId);
    if (!photo) throw notFound("Photo not found");
    await tx.delete(productImages).where(eq(productImages.id, photoId));
    await renumber(
      tx,
      current.filter((p) => p.id !== photoId).map((p) => p.id),
    );
    await recordAudit(tx, whoIs(actor), {
      action: "product.photo_delete",
      entityType: "product",
      entityId: productId,
      changes: { photo_id: photoId, url: photo.imageUrl, alt_text: photo.altText, was_primary: photo.isPrimary },
    });
    return photo;
  });
  ctx.cache.clear();
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
