// The site's uploaded pictures (decision 0066): a collection's hero
// (the home slider and the collection page) and a blog post's featured picture. One file is
// checked and converted exactly as product photos are (prepare-photo.ts), stored as the WebP
// widths the storefront loads under collections/<id>/ or blog/<id>/, and its 800-pixel address
// is written to collections.image_url or blogs.featured_image_url, audited in the same
// transaction. Choosing among the store's existing pictures stays the other way.
// A picture replaced or cleared has its files deleted once the change has committed, and only
// when it is one of these uploads (never the demo store's files, never a product's photo) and no
// other collection or post shows it (a post may feature a collection's uploaded hero).
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { invalid, notFound } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import type { Db } from "../../db/client";
import { blogs, collections, productImages } from "../../db/schema";
import { PHOTO_WIDTHS } from "./photo-rules";
import { fileKey, keysOf, preparePhoto, type UploadedFile } from "./prepare-photo";
import { checkKey, type MediaStorage } from "./storage";

/** What an uploaded site picture belongs to. */
export type SiteImageOwner = "collection" | "blog";

const OWNERS = {
  collection: { permission: "collections", prefix: "collections", missing: "Collection not found" },
  blog: { permission: "content", prefix: "blog", missing: "Blog post not found" },
} as const;

export interface SiteImageResult {
  /** the 800-pixel file's address, as stored in the row; null when cleared */
  url: string | null;
  widths: number[];
  /** the upright picture's size, for an upload */
  width?: number;
  height?: number;
  /** whether the files of the picture it replaced were deleted (false when it had none of its own) */
  previousFilesDeleted: boolean;
}

// <prefix>/<id>/<16 hex>-<width>.webp: the only keys this module writes, so the only ones it deletes
const UPLOADED = /(?:^|\/)((?:collections|blog)\/[1-9][0-9]{0,9}\/[0-9a-f]{16})-[0-9]{2,4}\.webp$/;

/** The stored base key of an uploaded site picture's address, or null for any other address. */
export function uploadedBase(storage: MediaStorage, url: string | null | undefined): string | null {
  if (!url || url.length > 500) return null;
  const match = UPLOADED.exec(url);
  if (!match) return null;
  const base = match[1]!;
  try {
    // the address must be exactly where this storage puts that key: a look-alike elsewhere is not ours
    return storage.url(checkKey(fileKey(base, 800))) === url ? base : null;
  } catch {
    return null;
  }
}

async function lockOwner(tx: Db, owner: SiteImageOwner, id: number): Promise<{ url: string | null }> {
  if (owner === "collection") {
    const [row] = await tx
      .select({ url: collections.imageUrl })
      .from(collections)
      .where(eq(collections.id, id))
      .for("update");
    if (!row) throw notFound(OWNERS.collection.missing);
    return row;
  }
  const [row] = await tx.select({ url: blogs.featuredImageUrl }).from(blogs).where(eq(blogs.id, id)).for("update");
  if (!row) throw notFound(OWNERS.blog.missing);
  return row;
}

async function exists(db: Db, owner: SiteImageOwner, id: number): Promise<boolean> {
  const table = owner === "collection" ? collections : blogs;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return !!row;
}

async function writeImage(tx: Db, owner: SiteImageOwner, id: number, url: string | null): Promise<void> {
  if (owner === "collection") await tx.update(collections).set({ imageUrl: url }).where(eq(collections.id, id));
  else
    await tx
      .update(blogs)
      .set({ featuredImageUrl: url, updatedAt: sql`now()` })
      .where(eq(blogs.id, id));
}

const isId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/**
 * Deletes an uploaded site picture's files when nothing shows it any more: call it after the
 * change that stopped using it has committed. A demo or product picture is never touched. A
 * failure leaves unused files, never a broken picture. True when files were deleted.
 */
export async function releaseSiteImage(ctx: CoreContext, storage: MediaStorage, url: string | null): Promise<boolean> {
  const base = uploadedBase(storage, url);
  if (!base || !url) return false;
  try {
    const [a, b, c] = await Promise.all([
      ctx.db.select({ x: collections.id }).from(collections).where(eq(collections.imageUrl, url)).limit(1),
      ctx.db.select({ x: blogs.id }).from(blogs).where(eq(blogs.featuredImageUrl, url)).limit(1),
      ctx.db.select({ x: productImages.id }).from(productImages).where(eq(productImages.imageUrl, url)).limit(1),
    ]);
    if (a.length + b.length + c.length > 0) return false;
    await storage.delete(keysOf(base));
    return true;
  } catch {
    return false;
  }
}

/**
 * Uploads one picture as the collection's hero ("collections" permission) or the post's featured
 * picture ("content" permission), replacing the one it had. 404 for a missing collection or post,
 * 413 for a file too large, 422 for anything that is not a JPEG, PNG or WebP picture.
 */
export async function uploadSiteImage(
  ctx: CoreContext,
  actor: StaffActor,
  storage: MediaStorage,
  owner: SiteImageOwner,
  id: number,
  file: UploadedFile | undefined,
): Promise<SiteImageResult> {
  const rules = OWNERS[owner];
  requirePermission(actor, rules.permission);
  if (!isId(id) || !(await exists(ctx.db, owner, id))) throw notFound(rules.missing);
  if (!file) throw invalid("image: choose a picture to upload.");
  const prepared = await preparePhoto(file);
  // a new random name every time: files are cached for a year and never overwritten
  const base = `${rules.prefix}/${id}/${crypto.randomBytes(8).toString("hex")}`;
  const url = storage.url(fileKey(base, 800));
  const stored: string[] = [];
  let previous: string | null;
  try {
    for (const f of prepared.files) {
      const key = fileKey(base, f.width);
      await storage.put(key, f.bytes, "image/webp");
      stored.push(key);
    }
    previous = await staffWrite(ctx, actor, rules.permission, async ({ tx, audit }) => {
      const current = await lockOwner(tx, owner, id);
      await writeImage(tx, owner, id, url);
      await audit({
        action: `${owner}.image_upload`,
        entityType: owner,
        entityId: id,
        changes: {
          [owner === "collection" ? "image_url" : "featured_image_url"]: [current.url, url],
          size: `${prepared.width}x${prepared.height}`,
        },
      });
      return current.url;
    });
  } catch (error) {
    await storage.delete(stored).catch(() => undefined);
    throw error;
  }
  const previousFilesDeleted = previous !== url && (await releaseSiteImage(ctx, storage, previous));
  return {
    url,
    widths: [...PHOTO_WIDTHS],
    width: prepared.width,
    height: prepared.height,
    previousFilesDeleted,
  };
}

/** Takes the picture off the collection or post; an uploaded one's files are deleted after. */
export async function clearSiteImage(
  ctx: CoreContext,
  actor: StaffActor,
  storage: MediaStorage,
  owner: SiteImageOwner,
  id: number,
): Promise<SiteImageResult> {
  const rules = OWNERS[owner];
  requirePermission(actor, rules.permission);
  if (!isId(id)) throw notFound(rules.missing);
  const previous = await staffWrite(ctx, actor, rules.permission, async ({ tx, audit, unchanged }) => {
    const current = await lockOwner(tx, owner, id);
    if (current.url === null) return unchanged(null);
    await writeImage(tx, owner, id, null);
    await audit({
      action: `${owner}.image_clear`,
      entityType: owner,
      entityId: id,
      changes: { [owner === "collection" ? "image_url" : "featured_image_url"]: [current.url, null] },
    });
    return current.url;
  });
  return { url: null, widths: [], previousFilesDeleted: await releaseSiteImage(ctx, storage, previous) };
}
