// Collections for staff (decision 0066): list, create, edit, move and delete them, with the hero
// image. Every write locks the collection's row first and is audited in its transaction, and
// clears the read caches after it so the storefront shows it at once. The hero image is chosen
// among the photos of the collection's products (uploading it is media/site-images.ts); the
// products and their order are collection-products-admin.ts.
import { and, asc, count, eq, max, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { collectionProducts, collections, productImages, products } from "../../db/schema";
import { AppError, notFound } from "../shared/errors";
import { releaseSiteImage } from "../media/site-images";
import type { MediaStorage } from "../media/storage";
import { changedFields } from "../shared/audit";
import { urduOrNull } from "../shared/localised-text";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { staffWrite, type StaffWriteScope } from "../shared/staff-write";
import { mainPhotoUrl } from "../media/product-photos";

export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 2000;
export const COLLECTION_POSITION_MAX = 100_000;

export interface StaffCollection {
  id: number;
  name: string;
  description: string;
  /** the Urdu twins (decision 0111); null: the Urdu pages show the English */
  nameUr: string | null;
  descriptionUr: string | null;
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
  /** absent: kept as stored (none on a new collection); null or only whitespace: none */
  nameUr?: string | null;
  descriptionUr?: string | null;
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
  nameUr: collections.nameUr,
  descriptionUr: collections.descriptionUr,
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
      imageUrl: mainPhotoUrl,
    })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(asc(collectionProducts.position), asc(products.id));
  return rows.map(({ archivedAt, ...r }) => ({ ...r, archived: archivedAt !== null }));
}

/** The photos of the collection's products, in the products' order: the hero image's choices. */
export async function imageChoices(db: Db, collectionId: number): Promise<string[]> {
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

/**
 * An Urdu twin checked as its English field is (length first, then control characters), then
 * trimmed; only whitespace is null (decision 0111).
 */
function urduField(field: string, value: string | null | undefined, max: number, lines: boolean) {
  if (value === undefined || value === null) return value;
  if (typeof value !== "string") throw new AppError(422, `${field} must be text`);
  if (value.length > max) throw new AppError(422, `${field} must be at most ${max} characters`);
  if ((lines ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value))
    throw new AppError(422, `${field} must not contain control characters`);
  return urduOrNull(value);
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- line breaks are allowed in a description
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** Checks the fields core owns (the API's schema checks them too; the console sends raw text). */
function checkFields(fields: CollectionPatch): void {
  if ("nameUr" in fields) fields.nameUr = urduField("name_ur", fields.nameUr, COLLECTION_NAME_MAX, false);
  if ("descriptionUr" in fields)
    fields.descriptionUr = urduField("description_ur", fields.descriptionUr, COLLECTION_DESCRIPTION_MAX, true);
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

/** The collection's row, locked to the end of the transaction; 404 when there is none. */
async function lockCollection(tx: Db, id: number) {
  const [row] = await tx.select(columns).from(collections).where(eq(collections.id, id)).for("update");
  if (!row) throw notFound("Collection not found");
  return row;
}

/**
 * A staff write to one collection: its row is locked first, so two staff changing it at once
 * (a reorder and an add) take turns, then the write runs with the row as it is now.
 */
export function collectionWrite<T>(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  write: (scope: StaffWriteScope, current: Awaited<ReturnType<typeof lockCollection>>) => Promise<T>,
): Promise<T> {
  return staffWrite(ctx, actor, "collections", async (scope) => write(scope, await lockCollection(scope.tx, id)));
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
  const row = await staffWrite(ctx, actor, "collections", async ({ tx, audit }) => {
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
        nameUr: fields.nameUr ?? null,
        descriptionUr: fields.descriptionUr ?? null,
        isActive: fields.isActive,
        isFeatured: fields.isFeatured,
        position,
        imageUrl: null,
      })
      .returning(columns);
    await audit({
      action: "collection.create",
      entityType: "collection",
      entityId: created!.id,
      changes: {
        name: created!.name,
        ...(created!.nameUr ? { name_ur: created!.nameUr } : {}),
        ...(created!.descriptionUr ? { description_ur: "written" } : {}),
        is_active: created!.isActive,
        is_featured: created!.isFeatured,
        position: created!.position,
      },
    });
    return created!;
  });
  return { ...row, productCount: 0 };
}

const EDITABLE = [
  "name",
  "description",
  "nameUr",
  "descriptionUr",
  "imageUrl",
  "isActive",
  "isFeatured",
  "position",
] as const;

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
  const result = await collectionWrite(ctx, actor, id, async ({ tx, audit, unchanged }, current) => {
    if (patch.imageUrl !== undefined) await checkImage(tx, id, patch.imageUrl, current.imageUrl);
    const changes = changedFields(current, patch, EDITABLE);
    if (Object.keys(changes).length === 0) return unchanged({ row: current, changed: false, before: current.imageUrl });
    const set = Object.fromEntries(EDITABLE.filter((k) => k in changes).map((k) => [k, patch[k]]));
    const [row] = await tx
      .update(collections)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(collections.id, id))
      .returning(columns);
    await audit({ action: "collection.update", entityType: "collection", entityId: id, changes });
    return { row: row!, changed: true, before: current.imageUrl };
  });
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
  return staffWrite(ctx, actor, "collections", async ({ tx, audit, unchanged }) => {
    // every collection's row: two moves at once take turns over the one order
    const all = await tx
      .select({ id: collections.id, name: collections.name, position: collections.position })
      .from(collections)
      .orderBy(asc(collections.position), asc(collections.id))
      .for("update");
    const at = all.findIndex((c) => c.id === id);
    if (at < 0) throw notFound("Collection not found");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= all.length) return unchanged({ changed: false });
    const order = all.map((c) => c.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    await tx.execute(
      sql`update ${collections} set position = v.pos, updated_at = now() from (values ${sql.join(
        order.map((cid, pos) => sql`(${cid}::int, ${pos}::int)`),
        sql`, `,
      )}) as v(id, pos) where ${collections.id} = v.id and ${collections.position} <> v.pos`,
    );
    await audit({
      action: "collection.move",
      entityType: "collection",
      entityId: id,
      changes: { name: all[at]!.name, place: [at + 1, to + 1] },
    });
    return { changed: true };
  });
}

/** Deletes a collection; its products stay in the catalogue (only their links to it go). */
export async function deleteCollection(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  /** given: an uploaded hero's files are deleted after (decision 0066) */
  storage?: MediaStorage,
): Promise<void> {
  const image = await collectionWrite(ctx, actor, id, async ({ tx, audit }, current) => {
    const [n] = await tx.select({ n: count() }).from(collectionProducts).where(eq(collectionProducts.collectionId, id));
    await tx.delete(collections).where(eq(collections.id, id));
    await audit({
      action: "collection.delete",
      entityType: "collection",
      entityId: id,
      changes: { name: current.name, products: Number(n?.n ?? 0) },
    });
    return current.imageUrl;
  });
  if (storage) await releaseSiteImage(ctx, storage, image);
}
