// npm run db:seed: empties the database and fills it with the demo store (and its pictures).
// Uses DATABASE_URL when set, otherwise PGlite in DATA_DIR (default ./data); pictures go to
// DATA_DIR/media/demo.
import path from "node:path";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { resetDatabase, seedDemoStore } from "../core/demo";

const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const databaseUrl = process.env.DATABASE_URL || undefined;
const mediaDir = path.join(dataDir, "media");

const started = performance.now();
const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await migrateDatabase(handle);
  await resetDatabase(handle.db);
  const s = await seedDemoStore(handle.db, { mediaDir });
  const img = s.images ? `, images ${s.images.written} written / ${s.images.skipped} skipped in ${s.images.ms} ms` : "";
  console.log(
    `Seeded demo store on ${handle.kind}: ${s.collections} collections, ${s.products} products, ` +
      `${s.combinations} variant combinations, ${s.productImages} product images, ${s.reviews} reviews, ` +
      `${s.blogs} blog posts, ${s.vouchers} vouchers (rows in ${s.dbMs} ms${img}; ` +
      `total ${Math.round(performance.now() - started)} ms)`,
  );
} catch (error) {
  console.error("db:seed failed:", error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
