// Section "photos" (decision 0063): upload-to-visible time of a 12-megapixel
// phone photo. On a store of its own (a fresh demo database, like "orders-admin"), a staff
// member uploads a 4000x3000 JPEG with EXIF orientation and location through
// POST /api/admin/products/{id}/photos; the clock stops when the product's storefront page
// (/product/{id}, rendered by the server) names the new photo and the photo's file is served.
// The photo is made here by sharp: smoothed noise, so it compresses like a real photo (~3-5 MB)
// and not like a flat colour. Over the loopback interface, so the figure is the store's own work
// (checking, decoding, resizing, WebP encoding, storing, the row); a phone's link adds the
// transfer of the file's megabytes on top.
//
// BENCH_PHOTOS_RUNS (5) timed uploads, after one discarded.
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createOrPromoteAdmin } from "../core/staff/owner-command";
import { ReadCache } from "../core/shared/cache";
import { createDatabaseRateLimiter } from "../core/shared/rate-limit";
import { openStaffSession } from "../core/staff/sessions";
import { freshDatabase, rows } from "../scripts/lib/shop-fixtures";
import { fixed, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import { startStore } from "./lib/server";

async function phonePhoto(seed: number): Promise<Buffer> {
  // noise at a quarter of the size, enlarged: detail like a photo's, not like static
  const small = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: "#888",
      noise: { type: "gaussian", mean: 120 + seed, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small)
    .resize(4000, 3000, { kernel: "cubic" })
    .withExif({ IFD0: { Make: "BenchPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "24/1 51/1 36/1" } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Run {
  bytes: number;
  uploadMs: number;
  visibleMs: number;
}

async function uploadOnce(
  baseUrl: string,
  token: string,
  productId: number,
  photo: Buffer,
  name: string,
): Promise<Run> {
  const form = new FormData();
  form.append("photos", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), name);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/admin/products/${productId}/photos`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  const uploadMs = performance.now() - started;
  const [added] = (await response.json()) as { url: string }[];
  for (;;) {
    const page = await fetch(`${baseUrl}/product/${productId}`);
    const html = await page.text();
    if (html.includes(added!.url.replace(/-800\.webp$/, ""))) {
      const file = await fetch(`${baseUrl}${added!.url}`);
      await file.arrayBuffer();
      if (file.status === 200) break;
    }
    if (performance.now() - started > 60_000) throw new Error("the photo did not show within a minute");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { bytes: photo.length, uploadMs, visibleMs: performance.now() - started };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measurePhotos(context: SectionContext): Promise<SectionOutcome> {
  const runs = Number(process.env.BENCH_PHOTOS_RUNS || 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("BENCH_PHOTOS_RUNS must be a positive whole number");
  const serverUrl = context.database === "postgres" ? process.env.BENCH_DATABASE_URL : undefined;
  context.log("photos: preparing a fresh demo database");
  const database = await freshDatabase("store-bench-photos", serverUrl);
  try {
    const handle = await database.open();
    const core = { db: handle.db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(handle.db) };
    const { user } = await createOrPromoteAdmin(core, {
      email: "bench.photos@example.pk",
      password: "Bench-owner-2026",
    });
    const { token } = await openStaffSession(handle.db, user.id, "api", { ip: "127.0.0.1" });
    const [product] = await rows<{ id: number }>(
      handle.db,
      sql`select id from products where is_active order by id limit 1`,
    );
    await handle.close();
    if (!product) throw new Error("no product");

    const store = await startStore({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { SEED_DEMO: "0", LOG_LEVEL: "error" },
    });
    const measured: Run[] = [];
    try {
      context.log(`photos: making ${runs + 1} 4000x3000 JPEGs`);
      const photos = await Promise.all(Array.from({ length: runs + 1 }, (_, i) => phonePhoto(i)));
      context.log("photos: one discarded upload, then the timed ones");
      await uploadOnce(store.baseUrl, token, product.id, photos[0]!, "warm-up.jpg");
      for (let i = 1; i <= runs; i++)
        measured.push(await uploadOnce(store.baseUrl, token, product.id, photos[i]!, `IMG_${1000 + i}.JPG`));
    } finally {
      await store.stop();
    }
    const visible = measured.map((r) => r.visibleMs);
    const data = {
      database: context.database,
      productId: product.id,
      runs: measured,
      medianVisibleMs: median(visible),
    };
    const report = [
      `Upload to visible, a 12-megapixel phone JPEG (4000x3000, EXIF orientation and GPS), ${runs} uploads one at a time over loopback (${context.database})`,
      table(
        ["upload", "JPEG MB", "upload answered ms", "on the product page ms"],
        measured.map((r, i) => [String(i + 1), fixed(r.bytes / 2 ** 20, 1), fixed(r.uploadMs), fixed(r.visibleMs)]),
      ),
      `median ${fixed(median(visible))} ms, max ${fixed(Math.max(...visible))} ms (no target is set)`,
    ].join("\n");
    return { report, data, failures: [] };
  } finally {
    await database.dispose();
  }
}

export const photosSection: Section = {
  name: "photos",
  description: "upload-to-visible time of a 12-megapixel phone photo, on a store of its own",
  run: measurePhotos,
};
