// The home page's sections for staff (decision 0067): add, change, delete and order them. A
// section is either picked by hand (its products: home-section-products.ts) or the newest N
// products, filled by itself (decision 0097). Every write is audited in its transaction and
// clears the read and page caches.
import { asc, eq, inArray } from "drizzle-orm";
import type { CoreContext } from "../context";
import {
  HOME_SECTION_KINDS,
  homepageCategories,
  homepageCategoryProducts,
  products,
  type HomeSectionKind,
} from "../../db/schema";
import { newestProducts } from "../catalog/products";
import { changedFields } from "../shared/audit";
import { invalid, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { CONTENT_LIMITS as L } from "./content-limits";
import { flag, lineText, longText } from "./content-input";
import { deleteFromList, endOf, reorderList, type HomeList } from "./home-lists";

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

const SECTIONS: HomeList<typeof homepageCategories> = {
  table: homepageCategories,
  noun: "section",
  entityType: "home_section",
  missing: "Home page section not found",
};

export const NEWEST_COUNT_RULE = `newest_count must be a whole number from 1 to ${L.newestProducts}`;

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

/** One section as the console shows it, after a write; 404 when it is gone. */
export async function sectionOf(ctx: CoreContext, actor: StaffActor, id: number): Promise<StaffHomeSection> {
  const found = (await listHomeSectionsForStaff(ctx, actor)).find((s) => s.id === id);
  if (!found) throw notFound(SECTIONS.missing);
  return found;
}

export async function addHomeSection(
  ctx: CoreContext,
  actor: StaffActor,
  input: SectionInput,
): Promise<StaffHomeSection> {
  const id = await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const { name, isActive = true, kind = "picked", ...rest } = sectionValues(input, true);
    const description = rest.description ?? "";
    const count = rest.newestCount ?? 8;
    const [row] = await tx
      .insert(homepageCategories)
      .values({
        name: name!,
        description,
        isActive,
        kind,
        newestCount: count,
        position: await endOf(tx, homepageCategories),
      })
      .returning({ id: homepageCategories.id });
    await audit({
      action: "home_section.create",
      entityType: "home_section",
      entityId: row!.id,
      changes: { name, is_active: isActive, kind, ...(kind === "newest" ? { newest_count: count } : {}) },
    });
    return row!.id;
  });
  return sectionOf(ctx, actor, id);
}

export async function updateHomeSection(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  input: SectionInput,
): Promise<StaffHomeSection> {
  await staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const values = sectionValues(input, false);
    const [current] = await tx
      .select(sectionColumns)
      .from(homepageCategories)
      .where(eq(homepageCategories.id, id))
      .for("update");
    if (!current) throw notFound(SECTIONS.missing);
    const changes = changedFields(current, values, ["name", "description", "isActive", "kind", "newestCount"]);
    if (Object.keys(changes).length === 0) return;
    await tx.update(homepageCategories).set(values).where(eq(homepageCategories.id, id));
    await audit({ action: "home_section.update", entityType: "home_section", entityId: id, changes });
  });
  return sectionOf(ctx, actor, id);
}

export const deleteHomeSection = (ctx: CoreContext, actor: StaffActor, id: number) =>
  deleteFromList(ctx, actor, SECTIONS, id, (gone) => ({ name: gone.name }));

export async function reorderHomeSections(
  ctx: CoreContext,
  actor: StaffActor,
  ids: unknown,
): Promise<StaffHomeSection[]> {
  await reorderList(ctx, actor, SECTIONS, ids);
  return listHomeSectionsForStaff(ctx, actor);
}

/** What a section of the newest shows now (the most any may show), as the storefront picks it. */
export async function newestForStaff(ctx: CoreContext, actor: StaffActor): Promise<{ id: number; name: string }[]> {
  requirePermission(actor, "content");
  return (await newestProducts(ctx, L.newestProducts)).map((p) => ({ id: p.id, name: p.name }));
}

export { HOME_SECTION_KINDS } from "../../db/schema";
