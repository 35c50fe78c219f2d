// The products of a hand-picked home page section, for staff (decisions 0067, 0097): add, remove
// and order them, and find products to add. A picked list carries a version, counted up by every
// change, so a reorder made from an older list is refused rather than written over it.
import { and, asc, count, eq, ilike, max, or, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { homepageCategories, homepageCategoryProducts, products } from "../../db/schema";
import { conflict, invalid, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { escapeLike } from "../shared/search";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { CONTENT_LIMITS as L } from "./content-limits";
import { sectionOf, type StaffHomeSection } from "./home-sections-admin";

export const SECTION_CHANGED =
  "Someone else changed this section's products meanwhile. The list now shows them as they are: put them in order again and save.";
const NEWEST_TAKES_NO_PRODUCTS =
  "This section shows the newest products by itself. Make it a hand-picked section to choose its products.";
const ALREADY_IN = "This product is already in the section";

/** Counts one more change of a section's picked list. */
async function nextProductsVersion(tx: Db, sectionId: number): Promise<number | undefined> {
  const [row] = await tx
    .update(homepageCategories)
    .set({ productsVersion: sql`${homepageCategories.productsVersion} + 1` })
    .where(eq(homepageCategories.id, sectionId))
    .returning({ version: homepageCategories.productsVersion });
  return row?.version;
}

/** The section's row, held to the end of the transaction; a section of the newest takes no products. */
async function lockPickedSection(tx: Db, sectionId: number) {
  const [section] = await tx
    .select({ id: homepageCategories.id, kind: homepageCategories.kind, version: homepageCategories.productsVersion })
    .from(homepageCategories)
    .where(eq(homepageCategories.id, sectionId))
    .for("update");
  if (!section) throw notFound("Home page section not found");
  if (section.kind === "newest") throw conflict(NEWEST_TAKES_NO_PRODUCTS);
  return section;
}

const linkOf = (sectionId: number, productId: number) =>
  and(eq(homepageCategoryProducts.categoryId, sectionId), eq(homepageCategoryProducts.productId, productId));

/** Adds a product at the end of a section; 409 when it is already there. */
export async function addHomeSectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  sectionId: number,
  productId: number,
): Promise<StaffHomeSection> {
  await staffWrite(ctx, actor, "content", async ({ tx, audit, refuseUnique }) => {
    // the same product added twice at once: the second insert meets the first's row
    refuseUnique(() => conflict(ALREADY_IN));
    await lockPickedSection(tx, sectionId);
    const [product] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw invalid("product_id must be one of the store's products");
    const [already] = await tx
      .select({ id: homepageCategoryProducts.productId })
      .from(homepageCategoryProducts)
      .where(linkOf(sectionId, productId));
    const [size] = await tx
      .select({ n: count(), last: max(homepageCategoryProducts.position) })
      .from(homepageCategoryProducts)
      .where(eq(homepageCategoryProducts.categoryId, sectionId));
    if (already) throw conflict(ALREADY_IN);
    if (Number(size?.n ?? 0) >= L.sectionProducts)
      throw invalid(`A section holds at most ${L.sectionProducts} products`);
    await tx
      .insert(homepageCategoryProducts)
      .values({ categoryId: sectionId, productId, position: (size?.last ?? -1) + 1 });
    await nextProductsVersion(tx, sectionId);
    await audit({
      action: "home_section.product_add",
      entityType: "home_section",
      entityId: sectionId,
      changes: { product_id: productId, product_name: product.name },
    });
  });
  return sectionOf(ctx, actor, sectionId);
}

export async function removeHomeSectionProduct(
  ctx: CoreContext,
  actor: StaffActor,
  sectionId: number,
  productId: number,
): Promise<StaffHomeSection> {
  await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const [gone] = await tx
      .delete(homepageCategoryProducts)
      .where(linkOf(sectionId, productId))
      .returning({ productId: homepageCategoryProducts.productId });
    if (!gone) throw notFound("That product is not in this section");
    await nextProductsVersion(tx, sectionId);
    await audit({
      action: "home_section.product_remove",
      entityType: "home_section",
      entityId: sectionId,
      changes: { product_id: productId },
    });
  });
  return sectionOf(ctx, actor, sectionId);
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
  await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    if (version !== undefined && (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0)) {
      throw invalid("version must be the products_version the list was read with");
    }
    // held to the end: two reorders at once take turns, and the second sees the first's version
    const section = await lockPickedSection(tx, sectionId);
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
      await tx.update(homepageCategoryProducts).set({ position }).where(linkOf(sectionId, productId));
    }
    const next = await nextProductsVersion(tx, sectionId);
    await audit({
      action: "home_section.product_reorder",
      entityType: "home_section",
      entityId: sectionId,
      changes: { order: ids, version: [section.version, next] },
    });
  });
  return sectionOf(ctx, actor, sectionId);
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
  const pattern = `%${escapeLike(term)}%`;
  const asId = /^\d{1,9}$/.test(term) ? Number(term) : null;
  return ctx.db
    .select({ id: products.id, name: products.name, isActive: products.isActive })
    .from(products)
    .where(or(ilike(products.name, pattern), asId !== null ? eq(products.id, asId) : undefined))
    .orderBy(sql`${products.isActive} desc`, asc(products.name))
    .limit(limit);
}
