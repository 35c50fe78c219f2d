import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanHtml } from "../shared/sanitize";
import { openPglite, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import {
  demoImageFile,
  demoImageList,
  generateDemoImages,
  isDatabaseEmpty,
  resetDatabase,
  seedDemoStore,
  type SeedSummary,
} from ".";
import { buildDemoPlan, demoPlan } from "./plan";

async function rows<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function freshDatabase(): Promise<DatabaseHandle> {
  const handle = await openPglite(undefined);
  await migrateDatabase(handle);
  return handle;
}

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-media-"));

describe("seedDemoStore", () => {
  let db: DatabaseHandle;
  let summary: SeedSummary;

  beforeAll(async () => {
    db = await freshDatabase();
    expect(await isDatabaseEmpty(db.db)).toBe(true);
    summary = await seedDemoStore(db.db, { mediaDir, images: false });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  // how long seeding takes is the bench's to measure, not a test's
  it("fills the catalogue without images", async () => {
    expect(summary.images).toBeNull();
    expect(await isDatabaseEmpty(db.db)).toBe(false);
    const [counts] = await rows<Record<string, number>>(
      db,
      sql`select
        (select count(*)::int from collections) as collections,
        (select count(*)::int from collections where is_featured) as featured,
        (select count(*)::int from products) as products,
        (select count(*)::int from users) as users,
        (select count(*)::int from announcements) as announcements,
        (select count(*)::int from announcements where not is_active) as inactive_announcements,
        (select count(*)::int from homepage_videos) as videos,
        (select count(*)::int from site_settings) as settings`,
    );
    expect(counts).toMatchObject({ featured: 3, users: 0, videos: 4, settings: 1, inactive_announcements: 1 });
    expect(counts!.collections).toBeGreaterThanOrEqual(8);
    expect(counts!.products).toBeGreaterThanOrEqual(80);
    expect(counts!.announcements).toBeGreaterThanOrEqual(3);
    expect(summary.products).toBe(counts!.products);
  });

  it("puts at least ten products in every collection, and some in two", async () => {
    const perCollection = await rows<{ name: string; n: number }>(
      db,
      sql`select c.name, count(cp.product_id)::int as n from collections c
          left join collection_products cp on cp.collection_id = c.id group by c.id, c.name`,
    );
    for (const c of perCollection) expect(c.n, c.name).toBeGreaterThanOrEqual(10);
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select product_id from collection_products group by product_id having count(*) > 1) x`,
    );
    expect(n).toBeGreaterThanOrEqual(2);
    const [orphans] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p where not exists (select 1 from collection_products cp where cp.product_id = p.id)`,
    );
    expect(orphans!.n).toBe(0);
  });

  it("gives every product 3-4 images with exactly one primary, in the media URL scheme", async () => {
    const perProduct = await rows<{ id: number; n: number; primaries: number; bad_urls: number }>(
      db,
      sql`select p.id, count(i.id)::int as n, count(*) filter (where i.is_primary)::int as primaries,
            count(*) filter (where i.image_url !~ '^/media/demo/[a-z0-9-]+-[1-4]-800\\.webp$'
                             or i.widths <> '{400,800,1200}' or i.alt_text = '')::int as bad_urls
          from products p left join product_images i on i.product_id = p.id group by p.id`,
    );
    for (const p of perProduct) {
      expect(p.n).toBeGreaterThanOrEqual(3);
      expect(p.n).toBeLessThanOrEqual(4);
      expect(p.primaries).toBe(1);
      expect(p.bad_urls).toBe(0);
    }
  });

  it("has out-of-stock and low-stock combinations, and product stock and prices that match them", async () => {
    const [stock] = await rows<{ out: number; low: number; total: number }>(
      db,
      sql`select count(*) filter (where stock = 0)::int as out,
                 count(*) filter (where stock between 1 and 3)::int as low,
                 count(*)::int as total from variant_combinations`,
    );
    expect(stock!.out).toBeGreaterThan(0);
    expect(stock!.low).toBeGreaterThan(0);
    expect(stock!.out / stock!.total).toBeGreaterThan(0.04);
    expect(stock!.out / stock!.total).toBeLessThan(0.2);

    const mismatched = await rows<{ id: number }>(
      db,
      sql`select p.id from products p join variant_combinations c on c.product_id = p.id
          group by p.id, p.stock, p.min_price_paisa, p.max_price_paisa
          having p.stock <> sum(c.stock) or p.min_price_paisa <> min(c.price_paisa) or p.max_price_paisa <> max(c.price_paisa)`,
    );
    expect(mismatched).toEqual([]);
    const simple = await rows<{ id: number; price_paisa: number; min_price_paisa: number; max_price_paisa: number }>(
      db,
      sql`select id, price_paisa, min_price_paisa, max_price_paisa from products p
          where not exists (select 1 from variant_combinations c where c.product_id = p.id)`,
    );
    expect(simple.length).toBeGreaterThan(0);
    for (const p of simple) {
      expect(p.min_price_paisa).toBe(p.price_paisa);
      expect(p.max_price_paisa).toBe(p.price_paisa);
    }
    const [range] = await rows<{ lo: number; hi: number }>(
      db,
      sql`select min(min_price_paisa)::int as lo, max(max_price_paisa)::int as hi from products`,
    );
    expect(range!.lo).toBeGreaterThanOrEqual(59_000);
    expect(range!.hi).toBeLessThanOrEqual(1_850_000);
  });

  it("names combinations after their size and colour, with a colour hex on every colour variant", async () => {
    const combos = await rows<{ combination_name: string; variant_attributes: Record<string, string> }>(
      db,
      sql`select combination_name, variant_attributes from variant_combinations`,
    );
    for (const c of combos) {
      expect(c.combination_name).toBe(
        [c.variant_attributes.size, c.variant_attributes.color].filter(Boolean).join(" / "),
      );
    }
    const [missingHex] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from variants where variant_type = 'color' and (color_hex is null or color_hex !~ '^#[0-9a-f]{6}$')`,
    );
    expect(missingHex!.n).toBe(0);
  });

  it("keeps review_count and rating_total equal to the reviews table", async () => {
    const wrong = await rows<{ id: number }>(
      db,
      sql`select p.id from products p left join reviews r on r.product_id = p.id
          group by p.id, p.review_count, p.rating_total
          having p.review_count <> count(r.id) or p.rating_total <> coalesce(sum(r.rating), 0)`,
    );
    expect(wrong).toEqual([]);
    const [ratings] = await rows<{ total: number; high: number }>(
      db,
      sql`select count(*)::int as total, count(*) filter (where rating >= 4)::int as high from reviews`,
    );
    expect(ratings!.total).toBeGreaterThan(100);
    expect(ratings!.high / ratings!.total).toBeGreaterThan(0.7);
  });

  it("stores six sanitised blog posts, five featured", async () => {
    const posts = await rows<{
      slug: string;
      content: string;
      is_featured: boolean;
      read_time_minutes: number;
      featured_image_url: string;
    }>(db, sql`select slug, content, is_featured, read_time_minutes, featured_image_url from blogs`);
    expect(posts).toHaveLength(6);
    expect(posts.filter((p) => p.is_featured)).toHaveLength(5);
    for (const post of posts) {
      expect(post.content).not.toMatch(/<script/i);
      expect(post.content).toMatch(/<h2>/);
      expect(post.content).toMatch(/<blockquote>/);
      expect(post.content).toMatch(/<img src="\/media\/demo\//);
      expect(cleanHtml(post.content)).toBe(post.content);
      expect(post.read_time_minutes).toBeGreaterThanOrEqual(2);
      expect(post.featured_image_url).toBe(`/media/demo/blog-${post.slug}-1200.webp`);
    }
    const htmlProducts = await rows<{ description: string }>(
      db,
      sql`select description from products where description_format = 'html'`,
    );
    expect(htmlProducts.length).toBeGreaterThan(0);
    for (const p of htmlProducts) expect(cleanHtml(p.description)).toBe(p.description);
  });

  it("has vouchers of all three types, in uppercase", async () => {
    const list = await rows<{ code: string; discount_type: string; is_active: boolean; ends_at: Date | null }>(
      db,
      sql`select code, discount_type, is_active, ends_at from vouchers order by code`,
    );
    expect(new Set(list.map((v) => v.discount_type))).toEqual(new Set(["percentage", "flat", "shipping"]));
    expect(list.map((v) => v.code)).toEqual(["EID25", "EXPIRED20", "FLAT500", "FREESHIP", "INACTIVE", "WELCOME10"]);
    for (const v of list) expect(v.code).toBe(v.code.toUpperCase());
    expect(list.find((v) => v.code === "INACTIVE")?.is_active).toBe(false);
    expect(new Date(list.find((v) => v.code === "EXPIRED20")!.ends_at!).toISOString()).toMatch(/^2026-01-31/);
  });

  it("stores the site settings and three homepage sections of 12-20 products", async () => {
    const [settings] = await rows<Record<string, unknown>>(db, sql`select * from site_settings`);
    expect(settings).toMatchObject({
      id: 1,
      site_name: "Zaiba",
      shipping_fee_paisa: 50_000,
      free_shipping_threshold_paisa: 500_000,
      whatsapp_number: "923001234567",
      schema_org_type: "Store",
    });
    const sections = await rows<{ name: string; n: number }>(
      db,
      sql`select h.name, count(*)::int as n from homepage_categories h
          join homepage_category_products hp on hp.category_id = h.id group by h.id, h.name order by h.position`,
    );
    expect(sections.map((s) => s.name)).toEqual(["New Arrivals", "Best Sellers", "Lingerie Edit"]);
    for (const s of sections) {
      expect(s.n).toBeGreaterThanOrEqual(12);
      expect(s.n).toBeLessThanOrEqual(20);
    }
  });

  it("refuses to seed a database that already has a catalogue", async () => {
    await expect(seedDemoStore(db.db, { mediaDir, images: false })).rejects.toThrow(/already has a catalogue/);
  });

  it("builds the same plan every time, and the same rows in a second fresh database", async () => {
    expect(JSON.stringify(buildDemoPlan())).toBe(JSON.stringify(demoPlan()));
    const other = await freshDatabase();
    try {
      await seedDemoStore(other.db, { mediaDir, images: false });
      for (const table of [
        "products",
        "variant_combinations",
        "variants",
        "product_images",
        "reviews",
        "collection_products",
        "blogs",
        "vouchers",
      ]) {
        const query = sql.raw(`select * from ${table} order by 1, 2`);
        expect(await rows(other, query), table).toEqual(await rows(db, query));
      }
      // reset empties every app table and restarts ids; the store can then be seeded again
      await resetDatabase(other.db);
      expect(await isDatabaseEmpty(other.db)).toBe(true);
      const [left] = await rows<{ n: number }>(
        other,
        sql`select (select count(*) from site_settings) + (select count(*) from vouchers) + (select count(*) from reviews) as n`,
      );
      expect(Number(left!.n)).toBe(0);
      await seedDemoStore(other.db, { mediaDir, images: false });
      const [first] = await rows<{ id: number }>(other, sql`select min(id) as id from products`);
      expect(first!.id).toBe(1);
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe("generateDemoImages", () => {
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  it("renders WebP files at 400, 800 and 1200 px, 4:5 for products and 16:9 for blog posts", async () => {
    const all = demoImageList();
    const wanted = new Set([
      all.find((i) => i.name.startsWith("collection-"))!.name,
      all.find((i) => i.aspect === "landscape")!.name,
    ]);
    const firstProduct = all.find((i) => !i.name.startsWith("collection-") && i.aspect === "portrait")!;
    wanted.add(firstProduct.name);
    const picked = all.filter((i) => wanted.has(i.name));
    const result = await generateDemoImages(mediaDir, { filter: (i) => wanted.has(i.name) });
    expect(result).toMatchObject({ images: 3, written: 9, skipped: 0 });

    for (const image of picked) {
      for (const width of [400, 800, 1200]) {
        const meta = await sharp(demoImageFile(mediaDir, image, width)).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(
          image.aspect === "landscape" ? Math.round((width * 9) / 16) : Math.round((width * 5) / 4),
        );
      }
    }
    // every product image row points at a file of this list
    const names = new Set(all.map((i) => i.name));
    for (const p of demoPlan().products) {
      for (const img of p.images)
        expect(names.has(img.imageUrl.replace(/^\/media\/demo\/(.*)-800\.webp$/, "$1"))).toBe(true);
    }

    const again = await generateDemoImages(mediaDir, { filter: (i) => wanted.has(i.name) });
    expect(again).toMatchObject({ written: 0, skipped: 9 });
  }, 60_000);
});

describe("demo product pictures", () => {
  // what each picture must show, read from the product's name (a nose pin was once drawn as
  // earrings); the first match wins
  const FITS: [RegExp, string][] = [
    [/nose pin/i, "nosePin"],
    [/maang tikka/i, "tikka"],
    [/jhumka|earring/i, "earrings"],
    [/bangle/i, "bangles"],
    [/scrunchie/i, "scrunchies"],
    [/wash bag/i, "washBag"],
    [/potli/i, "bag"],
    [/clutch/i, "clutch"],
    [/extender/i, "extender"],
    [/nipple cover/i, "nippleCovers"],
    [/^pashmina shawl$/i, "shawl"],
    [/^chiffon dupatta$/i, "dupatta"],
    [/^unstitched/i, "unstitched"],
    [/2-piece|co-ord|with cambric trouser|kurta & shalwar/i, "twoPiece"],
    [/gift box|bra set|& panty set|lingerie set|(lace|tulle|balconette|push-up|bralette) set/i, "set"],
    [/babydoll|nighty|nightdress/i, "slip"],
    [/bra$/i, "bra"],
    [/panty|thong|boyshort|brief|hipster/i, "panty"],
    [/kurti$/i, "kurti"],
  ];
  // clothes and lingerie get a close-up of their fabric; jewellery, bags and small things never do
  const JEWELLERY_AND_THINGS = new Set([
    "nosePin",
    "tikka",
    "earrings",
    "bangles",
    "scrunchies",
    "washBag",
    "bag",
    "clutch",
    "extender",
    "nippleCovers",
    "small",
  ]);

  it("draws every product as what it is, in every one of its pictures", () => {
    const plan = demoPlan();
    const wrong: string[] = [];
    for (const product of plan.products) {
      const expected = FITS.find(([pattern]) => pattern.test(product.def.name))?.[1] ?? product.def.art;
      const pictures = plan.images.filter((i) => new RegExp(`^${product.slug}-\\d$`).test(i.name));
      expect(pictures.length, product.def.name).toBeGreaterThanOrEqual(3);
      for (const picture of pictures) {
        const fits =
          picture.art.shape === expected || (picture.art.shape === "fabric" && !JEWELLERY_AND_THINGS.has(expected));
        if (!fits) wrong.push(`${picture.name}: ${picture.art.shape}, should be ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
