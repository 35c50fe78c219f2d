// The demo store: fills an empty database with a deterministic catalogue, content and vouchers
// (SEED_DEMO, `npm run db:seed`, and every test file that needs a catalogue).
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { is, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import {
  announcements,
  blogs,
  collectionProducts,
  collections,
  homepageCategories,
  homepageCategoryProducts,
  homepageVideos,
  productImages,
  products,
  reviews,
  siteSettings,
  variantCombinations,
  variants,
  vouchers,
} from "../../db/schema";
import { bulkInsert } from "./bulk";
import { ANNOUNCEMENTS, SITE } from "./content-data";
import { ANNOUNCEMENTS_UR } from "./urdu-content";
import { generateDemoImages, type ImageGenerationResult } from "./images";
import { demoPlan } from "./plan";
import { BASE_DATE, mediaUrl } from "./plan-shape";

export { generateDemoImages, demoImageList, demoImageFile } from "./images";
export type { ImageGenerationOptions, ImageGenerationResult } from "./images";
export { demoPlan } from "./plan";
export { BASE_DATE } from "./plan-shape";

export interface SeedSummary {
  collections: number;
  products: number;
  variants: number;
  combinations: number;
  productImages: number;
  reviews: number;
  blogs: number;
  videos: number;
  vouchers: number;
  announcements: number;
  homepageCategories: number;
  /** time spent writing rows, in ms */
  dbMs: number;
  /** null when images were not requested */
  images: ImageGenerationResult | null;
}

/** True when there is no collection and no product: the only state seedDemoStore fills. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db
    .select({
      collections: sql<boolean>`exists (select 1 from ${collections})`,
      products: sql<boolean>`exists (select 1 from ${products})`,
    })
    .from(sql`(select 1) as one`);
  return !row?.collections && !row?.products;
}

/** Every table in db/schema, in the order the schema declares them. */
export function appTableNames(): string[] {
  const names = new Set<string>();
  for (const value of Object.values(schema)) {
    if (is(value, PgTable)) names.add(getTableConfig(value).name);
  }
  return [...names];
}

/** Empties every app table and restarts their id sequences (migrations are kept). */
export async function resetDatabase(db: Db): Promise<void> {
  const list = appTableNames()
    .map((name) => `"${name.replace(/"/g, '""')}"`)
    .join(", ");
  await db.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`));
}

/**
 * Fills an EMPTY database with the demo store in one transaction, then (unless images is false)
 * draws the pictures it refers to into `${mediaDir}/demo`. Throws if the catalogue is not empty.
 */
export async function seedDemoStore(db: Db, options: { mediaDir: string; images?: boolean }): Promise<SeedSummary> {
  const plan = demoPlan();
  const started = performance.now();

  const counts = await db.transaction(async (tx) => {
    const [state] = await tx
      .select({
        any: sql<boolean>`exists (select 1 from ${collections}) or exists (select 1 from ${products})`,
      })
      .from(sql`(select 1) as one`);
    if (state?.any) throw new Error("seedDemoStore: the database already has a catalogue; reset it first");

    await tx
      .insert(siteSettings)
      .values({
        id: 1,
        siteName: SITE.siteName,
        freeShippingThresholdPaisa: SITE.freeShippingThresholdPaisa,
        shippingFeePaisa: SITE.shippingFeePaisa,
        logoUrl: null,
        defaultMetaTitle: SITE.defaultMetaTitle,
        defaultMetaDescription: SITE.defaultMetaDescription,
        defaultMetaKeywords: SITE.defaultMetaKeywords,
        defaultOgImage: mediaUrl("collection-lawn", 1200),
        phone: SITE.phone,
        email: SITE.email,
        address: SITE.address,
        whatsappNumber: SITE.whatsappNumber,
        facebookUrl: SITE.facebookUrl,
        instagramUrl: SITE.instagramUrl,
        twitterUrl: SITE.twitterUrl,
        businessHours: SITE.businessHours,
        schemaOrgType: SITE.schemaOrgType,
        schemaOrgData: {
          priceRange: "Rs. 590 - Rs. 18,500",
          currenciesAccepted: "PKR",
          paymentAccepted: "Cash on Delivery",
          areaServed: "PK",
        },
        updatedAt: BASE_DATE,
      })
      .onConflictDoNothing();

    await bulkInsert(
      tx,
      announcements,
      ANNOUNCEMENTS.map((a, i) => ({
        content: a.content,
        contentUr: ANNOUNCEMENTS_UR[a.content] ?? null,
        isActive: a.isActive,
        position: i,
        createdAt: new Date(BASE_DATE.getTime() - (30 - i) * 86_400_000),
      })),
    );

    const collectionIds = new Map<string, number>();
    const insertedCollections = await bulkInsert<typeof collections, { id: number; name: string }>(
      tx,
      collections,
      plan.collections.map((c) => c.row),
      ["id", "name"],
    );
    const collectionKeyByName = new Map(plan.collections.map((c) => [c.row.name, c.key]));
    for (const row of insertedCollections) {
      const key = collectionKeyByName.get(row.name);
      if (key) collectionIds.set(key, row.id);
    }

    const productIds = new Map<string, number>();
    const insertedProducts = await bulkInsert<typeof products, { id: number; name: string }>(
      tx,
      products,
      plan.products.map((p) => p.row),
      ["id", "name"],
    );
    for (const row of insertedProducts) productIds.set(row.name, row.id);
    const idOf = (name: string): number => {
      const id = productIds.get(name);
      if (id === undefined) throw new Error(`seed: product ${name} was not inserted`);
      return id;
    };

    const links: (typeof collectionProducts.$inferInsert)[] = [];
    const positions = new Map<string, number>();
    for (const p of plan.products) {
      for (const key of p.collections) {
        const collectionId = collectionIds.get(key);
        if (collectionId === undefined) throw new Error(`seed: collection ${key} missing`);
        const position = positions.get(key) ?? 0;
        positions.set(key, position + 1);
        links.push({ collectionId, productId: idOf(p.def.name), position });
      }
    }
    const variantRows = plan.products.flatMap((p) => p.variants.map((v) => ({ ...v, productId: idOf(p.def.name) })));
    const comboRows = plan.products.flatMap((p) => p.combinations.map((c) => ({ ...c, productId: idOf(p.def.name) })));
    const imageRows = plan.products.flatMap((p) => p.images.map((m) => ({ ...m, productId: idOf(p.def.name) })));
    const reviewRows = plan.products.flatMap((p) => p.reviews.map((r) => ({ ...r, productId: idOf(p.def.name) })));

    await bulkInsert(tx, collectionProducts, links);
    await bulkInsert(tx, variants, variantRows);
    await bulkInsert(tx, variantCombinations, comboRows);
    await bulkInsert(tx, productImages, imageRows);
    await bulkInsert(tx, reviews, reviewRows);
    await bulkInsert(tx, blogs, plan.blogs);
    await bulkInsert(tx, homepageVideos, plan.videos);
    await bulkInsert(tx, vouchers, plan.vouchers);

    const categories = await bulkInsert<typeof homepageCategories, { id: number; name: string }>(
      tx,
      homepageCategories,
      plan.homepage.map((h) => ({ name: h.name, description: h.description, isActive: true, position: h.position })),
      ["id", "name"],
    );
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    const sectionRows = plan.homepage.flatMap((h) =>
      h.productNames.map((name, position) => ({
        categoryId: categoryId.get(h.name) as number,
        productId: idOf(name),
        position,
      })),
    );
    await bulkInsert(tx, homepageCategoryProducts, sectionRows);

    return {
      collections: insertedCollections.length,
      products: productIds.size,
      variants: variantRows.length,
      combinations: comboRows.length,
      productImages: imageRows.length,
      reviews: reviewRows.length,
      blogs: plan.blogs.length,
      videos: plan.videos.length,
      vouchers: plan.vouchers.length,
      announcements: ANNOUNCEMENTS.length,
      homepageCategories: categories.length,
    };
  });
  const dbMs = Math.round(performance.now() - started);

  const images = options.images === false ? null : await generateDemoImages(options.mediaDir);
  return { ...counts, dbMs, images };
}
