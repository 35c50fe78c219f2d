// The storefront's announcement bar, home page sections (with their products in order) and
// home page videos for staff (issue 14, point 8; decision 0067). Lists are ordered by position;
// a reorder names every row of the list once and rewrites positions 0, 1, 2… in one
// transaction. Every write is audited with it and clears the read and page caches. A section is
// either picked by hand or the newest N products, filled by itself; a picked list carries a
// version, so a reorder made from an older list is refused, not written over (decision 0097).
import { and, asc, count, eq, ilike, inArray, max, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import {
  announcements,
  HOME_SECTION_KINDS,
  homepageCategories,
  homepageCategoryProducts,
  homepageVideos,
  products,
  type HomeSectionKind,
} from "../../db/schema";
import { databaseError, UNIQUE_VIOLATION } from "../shared/db-errors";
import { newestProducts } from "../catalog/products";
import { conflict, invalid, notFound } from "../shared/errors";
import { changedFields, recordAudit, whoIs } from "../shared/audit";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { CONTENT_LIMITS as L } from "./content-limits";
import { lineText, longText } from "./content-input";
import { youTubeId } from "./video-url";

const flag = (field: string, value: unknown): boolean => {
  if (typeof value !== "boolean") throw invalid(`${field} must be true or false`);
  return value;
};

/** Checks that ids name each of existing once, and writes their positions in that order. */
async function writeOrder(
  tx: Db,
  table: PgTable & { id: PgColumn; position: PgColumn },
  existing: number[],
  ids: unknown,
  noun: string,
): Promise<number[]> {
  if (!Array.isArray(ids) || ids.length > L.reorder) throw invalid(`ids must list every ${noun} once`);
  const order = ids.map((id) => (Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : NaN));
  const known = new Set(existing);
  if (order.length !== known.size || new Set(order).size !== order.length || order.some((id) => !known.has(id))) {
    throw invalid(`ids must list every ${noun} once (${known.size} in all)`);
  }
  for (const [position, id] of order.entries()) {
    await tx
      .update(table)
      .set({ position } as never)
      .where(eq(table.id, id));
  }
  return order;
}

// ---------------------------------------------------------------- announcements

export interface StaffAnnouncement {
  id: number;
  content: string;
  isActive: boolean;
  position: number;
}

const announcementColumns = {
  id: announcements.id,
  content: announcements.content,
  isActive: announcements.isActive,
  position: announcements.position,
};

export async function listAnnouncementsForStaff(ctx: CoreContext, actor: StaffActor): Promise<StaffAnnouncement[]> {
  requirePermission(actor, "content");
  return ctx.db
    .select(announcementColumns)
    .from(announcements)
    .orderBy(asc(announcements.position), asc(announcements.id));
}

/** Adds an announcement at the end of the bar (shown at once unless isActive is false). */
export async function addAnnouncement(
  ctx: CoreContext,
  actor: StaffActor,
  input: { content?: unknown; isActive?: unknown },
): Promise<StaffAnnouncement> {
  requirePermission(actor, "content");
  const content = lineText("content", input.content, L.announcement, true);
  const isActive = input.isActive === undefined ? true : flag("is_active", input.isActive);
  const row = await ctx.db.transaction(async (tx) => {
    const [last] = await tx.select({ n: max(announcements.position) }).from(announcements);
    const [row] = await tx
      .insert(announcements)
      .values({ content, isActive, position: (last?.n ?? -1) + 1 })
      .returning(announcementColumns);
    await recordAudit(tx, whoIs(actor), {
      action: "announcement.create",
      entityType: "announcement",
      entityId: row!.id,
      changes: { content, is_active: isActive },
    });
    return row!;
  });
  ctx.cache.clear();
  return row;
}

/** Changes an announcement's words or turns it on or off. */
export async function updateAnnouncement(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  input: { content?: unknown; isActive?: unknown },
): Promise<StaffAnnouncement> {
  requirePermission(actor, "content");
  const values: { content?: string; isActive?: boolean } = {};
  if (input.content !== undefined) values.content = lineText("content", input.content, L.announcement, true);
  if (input.isActive !== undefined) values.isActive = flag("is_active", input.isActive);
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select(announcementColumns)
      .from(announcements)
      .where(eq(announcements.id, id))
      .for("update");
    if (!current) throw notFound("Announcement not found");
    const changes = changedFields(current, values, ["content", "isActive"]);
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx
      .update(announcements)
      .set(values)
      .where(eq(announcements.id, id))
      .returning(announcementColumns);
    await recordAudit(tx, whoIs(actor), {
      action: "announcement.update",
      entityType: "announcement",
      entityId: id,
      changes,
    });
    return row!;
  });
  ctx.cache.clear();
  return row;
}

export async function deleteAnnouncement(ctx: CoreContext, actor: StaffActor, id: number): Promise<{ id: number }> {
  requirePermission(actor, "content");
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(announcements).where(eq(announcements.id, id)).returning(announcementColumns);
    if (!gone) throw notFound("Announcement not found");
    await recordAudit(tx, whoIs(actor), {
      action: "announcement.delete",
      entityType: "announcement",
      entityId: id,
      changes: { content: gone.content },
    });
  });
  ctx.cache.clear();
  return { id };
}

/** Puts the announcements in the order of ids (every one named once). */
export async function reorderAnnouncements(
  ctx: CoreContext,
  actor: StaffActor,
  ids: unknown,
): Promise<StaffAnnouncement[]> {
  requirePermission(actor, "content");
  await ctx.db.transaction(async (tx) => {
    const existing = await tx.select({ id: announcements.id }).from(announcements).for("update");
    const order = await writeOrder(
      tx,
      announcements,
      existing.map((r) => r.id),
      ids,
      "announcement",
    );
    await recordAudit(tx, whoIs(actor), {
      action: "announcement.reorder",
      entityType: "announcement",
      changes: { order },
    });
  });
  ctx.cache.clear();
  return listAnnouncementsForStaff(ctx, actor);
}

// ---------------------------------------------------------------- home page sections

export interface SectionProduct {
  id: number;
  name: string;
  isActive: boolean;
  position: number;
}

export interface StaffHomeSection {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  position: number;
  /** picked by hand, or the newest products the shop can sell */
  kind: HomeSectionKind;
  /** how many a section of the newest shows */
  newestCount: number;
  /** the picked list's version: a reorder names it */
  productsVersion: number;
  /** the picked products (kept while the section shows the newest, for when it is picked again) */
  products: SectionProduct[];
}

const sectionColumns = {
  id: homepageCategories.id,
  name: homepageCategories.name,
  description: homepageCategories.description,
  isActive: homepageCategories.isActive,
  position: homepageCategories.position,
  kind: homepageCategories.kind,
  newestCount: homepageCategories.newestCount,
  productsVersion: homepageCategories.productsVersion,
};

export const NEWEST_COUNT_RULE = `newest_count must be a whole number from 1 to ${L.newestProducts}`;
export const SECTION_CHANGED =
  "Someone else changed this section's products meanwhile. The list now shows them as they are: put them in order again and save.";
const NEWEST_TAKES_NO_PRODUCTS =
  "This section shows the newest products by itself. Make it a hand-picked section to choose its products.";

type SectionInput = {
  name?: unknown;
  description?: unknown;
  isActive?: unknown;
  kind?: unknown;
  newestCount?: unknown;
};

function sectionKind(value: unknown): HomeSectionKind {
  if (typeof value !== "string" || !(HOME_SECTION_KINDS as readonly string[]).includes(value)) {
    throw invalid("kind must be picked or newest");
  }
  return value as HomeSectionKind;
}

function newestCount(value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > L.newestProducts) {
    throw invalid(NEWEST_COUNT_RULE);
  }
  return value;
}

function sectionValues(input: SectionInput, creating: boolean) {
  const values: {
    name?: string;
    description?: string;
    isActive?: boolean;
    kind?: HomeSectionKind;
    newestCount?: number;
  } = {};
  if (creating || input.name !== undefined) values.name = lineText("name", input.name, L.sectionName, true);
  if (input.description !== undefined) {
    values.description = longText("description", input.description, L.sectionDescription);
  }
  if (input.isActive !== undefined) values.isActive = flag("is_active", input.isActive);
  if (input.kind !== undefined) values.kind = sectionKind(input.kind);
  if (input.newestCount !== undefined) values.newestCount = newestCount(input.newestCount);
  return values;
}

/** Every section, shown or hidden, with its products (hidden products too, marked). */
export async function listHomeSectionsForStaff(ctx: CoreContext, actor: StaffActor): Promise<StaffHomeSection[]> {
  requirePermission(actor, "content");
  const sections = await ctx.db
    .select(sectionColumns)
    .from(homepageCategories)
    .orderBy(asc(homepageCategories.position), asc(homepageCategories.id));
  if (sections.length === 0) return [];
  const links = await ctx.db
    .select({
      sectionId: homepageCategoryProducts.categoryId,
      id: products.id,
      name: products.name,
      isActive: products.isActive,
      position: homepageCategoryProducts.position,
    })
    .from(homepageCategoryProducts)
    .innerJoin(products, eq(products.id, homepageCategoryProducts.productId))
    .where(
      inArray(
        homepageCategoryProducts.categoryId,
        sections.map((s) => s.id),
      ),
    )
    .orderBy(asc(homepageCategoryProducts.position), asc(homepageCategoryProducts.productId));
  return sections.map((s) => ({
    ...s,
    products: links.filter((l) => l.sectionId === s.id).map(({ sectionId: _s, ...p }) => p),
  }));
}

async function sectionOf(ctx: CoreContext, actor: StaffActor, id: number): Promise<StaffHomeSection> {
  const found = (await listHomeSectionsForStaff(ctx, actor)).find((s) => s.id === id);
  if (!found) throw notFound("Home page section not found");
  return found;
}

export async function addHomeSection(
  ctx: CoreContext,
  actor: StaffActor,
  input: SectionInput,
): Promise<StaffHomeSection> {
  requirePermission(actor, "content");
  const { name, isActive = true, kind = "picked", ...rest } = sectionValues(input, true);
  const description = rest.description ?? "";
  const count = rest.newestCount ?? 8;
  const id = await ctx.db.transaction(async (tx) => {
    const [last] = await tx.select({ n: max(homepageCategories.position) }).from(homepageCategories);
    const [row] = await tx
      .insert(homepageCategories)
      .values({ name: name!, description, isActive, kind, newestCount: count, position: (last?.n ?? -1) + 1 })
      .returning({ id: homepageCategories.id });
    await recordAudit(tx, whoIs(actor), {
      action: "home_section.create",
      entityType: "home_section",
      entityId: row!.id,
      changes: { name, is_active: isActive, kind, ...(kind === "newest" ? { newest_count: count } : {}) },
    });
    return row!.id;
  });
  ctx.cache.clear();
  return sectionOf(ctx, actor, id);
}

export async function updateHomeSection(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  input: SectionInput,
): Promise<StaffHomeSection> {
  requirePermission(actor, "content");
  const values = sectionValues(input, false);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select(sectionColumns)
      .from(homepageCategories)
      .where(eq(homepageCategories.id, id))
      .for("update");
    if (!current) throw notFound("Home page section not found");
    const changes = changedFields(current, values, ["name", "description", "isActive", "kind", "newestCount"]);
    if (Object.keys(changes).length === 0) return;
    await tx.update(homepageCategories).set(values).where(eq(homepageCategories.id, id));
    await recordAudit(tx, whoIs(actor), {
      action: "home_section.update",
      entityType: "home_section",
      entityId: id,
      changes,
    });
  });
  ctx.cache.clear();
  return sectionOf(ctx, actor, id);
}

export async function deleteHomeSection(ctx: CoreContext, actor: StaffActor, id: number): Promise<{ id: number }> {
  requirePermission(actor, "content");
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(homepageCategories).where(eq(homepageCategories.id, id)).returning(sectionColumns);
    if (!gone) throw notFound("Home page section not found");
    await recordAudit(tx, whoIs(actor), {
      action: "home_section.delete",
      entityType: "home_section",
      entityId: id,
      changes: { name: gone.name },
    });
  });
  ctx.cache.clear();
  return { id };
}

export async function reorderHomeSections(
  ctx: CoreContext,
  actor: StaffActor,
  ids: unknown,
): Promise<StaffHomeSection[]> {
  requirePermission(actor, "content");
  await ctx.db.transaction(async (tx) => {
    const existing = await tx.select({ id: homepageCategories.id }).from(homepageCategories).for("update");
    const order = await writeOrder(
      tx,
      homepageCategories,
      existing.map((r) => r.id),
      ids,
      "section",
    );
    await recordAudit(tx, whoIs(actor), {
      action: "home_section.reorder",
      entityType: "home_section",
      changes: { order },
    });
  });
  ctx.cache.clear();
  return listHomeSectionsForStaff(ctx, actor);
}

/** Adds a product at the end of a section; 409 when it is already there. */
export async function addHomeSectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  sectionId: number,
  productId: number,
): Promise<StaffHomeSection> {
  requirePermission(actor, "content");
  try {
    await ctx.db.transaction(async (tx) => {
      const [section] = await tx
        .select({ id: homepageCategories.id, kind: homepageCategories.kind })
        .from(homepageCategories)
        .where(eq(homepageCategories.id, sectionId))
        .for("update");
      if (!section) throw notFound("Home page section not found");
      if (section.kind === "newest") throw conflict(NEWEST_TAKES_NO_PRODUCTS);
      const [product] = await tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(eq(products.id, productId));
      if (!product) throw invalid("product_id must be one of the store's products");
      const [already] = await tx
        .select({ id: homepageCategoryProducts.productId })
        .from(homepageCategoryProducts)
        .where(
          and(eq(homepageCategoryProducts.categoryId, sectionId), eq(homepageCategoryProducts.productId, productId)),
        );
      const [size] = await tx
        .select({ n: count(), last: max(homepageCategoryProducts.position) })
        .from(homepageCategoryProducts)
        .where(eq(homepageCategoryProducts.categoryId, sectionId));
      if (already) throw conflict("This product is already in the section");
      if (Number(size?.n ?? 0) >= L.sectionProducts)
        throw invalid(`A section holds at most ${L.sectionProducts} products`);
      await tx
        .insert(homepageCategoryProducts)
        .values({ categoryId: sectionId, productId, position: (size?.last ?? -1) + 1 });
      await nextProductsVersion(tx, sectionId);
      await recordAudit(tx, whoIs(actor), {
        action: "home_section.product_add",
        entityType: "home_section",
        entityId: sectionId,
        changes: { product_id: productId, product_name: product.name },
      });
    });
  } catch (error) {
    if (databaseError(error)?.code === UNIQUE_VIOLATION) throw conflict("This product is already in the section");
    throw error;
  }
  ctx.cache.clear();
  return sectionOf(ctx, actor, sectionId);
}

export async function removeHomeSectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  sectionId: number,
  productId: number,
): Promise<StaffHomeSection> {
  requirePermission(actor, "content");
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(homepageCategoryProducts)
      .where(and(eq(homepageCategoryProducts.categoryId, sectionId), eq(homepageCategoryProducts.productId, productId)))
      .returning({ productId: homepageCategoryProducts.productId });
    if (!gone) throw notFound("That product is not in this section");
    await nextProductsVersion(tx, sectionId);
    await recordAudit(tx, whoIs(actor), {
      action: "home_section.product_remove",
      entityType: "home_section",
      entityId: sectionId,
      changes: { product_id: productId },
    });
  });
  ctx.cache.clear();
  return sectionOf(ctx, actor, sectionId);
}

/** Counts one more change of a section's picked list. */
async function nextProductsVersion(tx: Db, sectionId: number): Promise<number | undefined> {
  const [row] = await tx
    .update(homepageCategories)
    .set({ productsVersion: sql`${homepageCategories.productsVersion} + 1` })
    .where(eq(homepageCategories.id, sectionId))
    .returning({ version: homepageCategories.productsVersion });
  return row?.version;
}

/**
 * Puts a section's products in the order of ids (each of its products named once), made from the
 * list at `version` (products_version as it was read): when the list changed since (someone
 * else's reorder, an added or removed product), 409 and nothing is written. Without a version
 * (older staff API clients) the order is written over whatever is there, as before.
 */
export async function reorderHomeSectionProducts(
  ctx: CoreContext,
  actor: StaffActor,
  sectionId: number,
  ids: unknown,
  version?: unknown,
): Promise<StaffHomeSection> {
  requirePermission(actor, "content");
  if (version !== undefined && (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0)) {
    throw invalid("version must be the products_version the list was read with");
  }
  await ctx.db.transaction(async (tx) => {
    // held to the end: two reorders at once take turns, and the second sees the first's version
    const [section] = await tx
      .select({ id: homepageCategories.id, kind: homepageCategories.kind, version: homepageCategories.productsVersion })
      .from(homepageCategories)
      .where(eq(homepageCategories.id, sectionId))
      .for("update");
    if (!section) throw notFound("Home page section not found");
    if (section.kind === "newest") throw conflict(NEWEST_TAKES_NO_PRODUCTS);
    if (version !== undefined && version !== section.version) throw conflict(SECTION_CHANGED);
    const existing = await tx
      .select({ id: homepageCategoryProducts.productId })
      .from(homepageCategoryProducts)
      .where(eq(homepageCategoryProducts.categoryId, sectionId));
    const known = new Set(existing.map((r) => r.id));
    if (
      !Array.isArray(ids) ||
      ids.length !== known.size ||
      new Set(ids).size !== ids.length ||
      ids.some((id) => !known.has(id as number))
    ) {
      throw invalid(`ids must list every product of the section once (${known.size} in all)`);
    }
    for (const [position, productId] of (ids as number[]).entries()) {
      await tx
        .update(homepageCategoryProducts)
        .set({ position })
        .where(
          and(eq(homepageCategoryProducts.categoryId, sectionId), eq(homepageCategoryProducts.productId, productId)),
        );
    }
    const next = await nextProductsVersion(tx, sectionId);
    await recordAudit(tx, whoIs(actor), {
      action: "home_section.product_reorder",
      entityType: "home_section",
      entityId: sectionId,
      changes: { order: ids, version: [section.version, next] },
    });
  });
  ctx.cache.clear();
  return sectionOf(ctx, actor, sectionId);
}

/** What a section of the newest shows now (the most any may show), as the storefront picks it. */
export async function newestForStaff(ctx: CoreContext, actor: StaffActor): Promise<{ id: number; name: string }[]> {
  requirePermission(actor, "content");
  return (await newestProducts(ctx, L.newestProducts)).map((p) => ({ id: p.id, name: p.name }));
}

/** Products to add to a section, by name or number (hidden ones too, marked). */
export async function searchProductsForSection(
  ctx: CoreContext,
  actor: StaffActor,
  search: string,
  limit = 20,
): Promise<{ id: number; name: string; isActive: boolean }[]> {
  requirePermission(actor, "content");
  const term = search.trim().slice(0, 100);
  if (!term) return [];
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const asId = /^\d{1,9}$/.test(term) ? Number(term) : null;
  return ctx.db
    .select({ id: products.id, name: products.name, isActive: products.isActive })
    .from(products)
    .where(or(ilike(products.name, pattern), asId !== null ? eq(products.id, asId) : undefined))
    .orderBy(sql`${products.isActive} desc`, asc(products.name))
    .limit(limit);
}

// ---------------------------------------------------------------- home page videos

export interface StaffHomeVideo {
  id: number;
  title: string;
  description: string;
  videoUrl: string;
  isActive: boolean;
  position: number;
}

const videoColumns = {
  id: homepageVideos.id,
  title: homepageVideos.title,
  description: homepageVideos.description,
  videoUrl: homepageVideos.videoUrl,
  isActive: homepageVideos.isActive,
  position: homepageVideos.position,
};

type VideoInput = { title?: unknown; description?: unknown; videoUrl?: unknown; isActive?: unknown };

function videoValues(input: VideoInput, creating: boolean) {
  const v: { title?: string; description?: string; videoUrl?: string; isActive?: boolean } = {};
  if (creating || input.title !== undefined) v.title = lineText("title", input.title, L.videoTitle, true);
  if (input.description !== undefined) v.description = longText("description", input.description, L.videoDescription);
  if (creating || input.videoUrl !== undefined) {
    const url = lineText("video_url", input.videoUrl, L.videoUrl, true);
    // the storefront plays only what it finds a YouTube id in (VideoCarousel, video-url.ts)
    if (youTubeId(url) === null) {
      throw invalid("video_url must be a YouTube address (youtube.com/watch?v=…, youtu.be/…, or /shorts/…)");
    }
    v.videoUrl = url;
  }
  if (input.isActive !== undefined) v.isActive = flag("is_active", input.isActive);
  return v;
}

export async function listHomeVideosForStaff(ctx: CoreContext, actor: StaffActor): Promise<StaffHomeVideo[]> {
  requirePermission(actor, "content");
  return ctx.db.select(videoColumns).from(homepageVideos).orderBy(asc(homepageVideos.position), asc(homepageVideos.id));
}

export async function addHomeVideo(ctx: CoreContext, actor: StaffActor, input: VideoInput): Promise<StaffHomeVideo> {
  requirePermission(actor, "content");
  const values = videoValues(input, true);
  const row = await ctx.db.transaction(async (tx) => {
    const [last] = await tx.select({ n: max(homepageVideos.position) }).from(homepageVideos);
    const [row] = await tx
      .insert(homepageVideos)
      .values({ ...(values as { title: string; videoUrl: string }), position: (last?.n ?? -1) + 1 })
      .returning(videoColumns);
    await recordAudit(tx, whoIs(actor), {
      action: "home_video.create",
      entityType: "home_video",
      entityId: row!.id,
      changes: { title: row!.title, video_url: row!.videoUrl },
    });
    return row!;
  });
  ctx.cache.clear();
  return row;
}

export async function updateHomeVideo(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  input: VideoInput,
): Promise<StaffHomeVideo> {
  requirePermission(actor, "content");
  const values = videoValues(input, false);
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select(videoColumns).from(homepageVideos).where(eq(homepageVideos.id, id)).for("update");
    if (!current) throw notFound("Video not found");
    const changes = changedFields(current, values, ["title", "description", "videoUrl", "isActive"]);
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx.update(homepageVideos).set(values).where(eq(homepageVideos.id, id)).returning(videoColumns);
    await recordAudit(tx, whoIs(actor), {
      action: "home_video.update",
      entityType: "home_video",
      entityId: id,
      changes,
    });
    return row!;
  });
  ctx.cache.clear();
  return row;
}

export async function deleteHomeVideo(ctx: CoreContext, actor: StaffActor, id: number): Promise<{ id: number }> {
  requirePermission(actor, "content");
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(homepageVideos).where(eq(homepageVideos.id, id)).returning(videoColumns);
    if (!gone) throw notFound("Video not found");
    await recordAudit(tx, whoIs(actor), {
      action: "home_video.delete",
      entityType: "home_video",
      entityId: id,
      changes: { title: gone.title, video_url: gone.videoUrl },
    });
  });
  ctx.cache.clear();
  return { id };
}

export async function reorderHomeVideos(ctx: CoreContext, actor: StaffActor, ids: unknown): Promise<StaffHomeVideo[]> {
  requirePermission(actor, "content");
  await ctx.db.transaction(async (tx) => {
    const existing = await tx.select({ id: homepageVideos.id }).from(homepageVideos).for("update");
    const order = await writeOrder(
      tx,
      homepageVideos,
      existing.map((r) => r.id),
      ids,
      "video",
    );
    await recordAudit(tx, whoIs(actor), { action: "home_video.reorder", entityType: "home_video", changes: { order } });
  });
  ctx.cache.clear();
  return listHomeVideosForStaff(ctx, actor);
}

export { HOME_SECTION_KINDS } from "../../db/schema";
