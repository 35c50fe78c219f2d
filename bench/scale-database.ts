// The scale section's own database (scale.ts): kept between runs in data/bench-scale (PGlite)
// or the database bench_scale on BENCH_DATABASE_URL's server, migrated, seeded with the demo
// store and filled with the large catalogue once (BENCH_SCALE_REFILL=1 writes it again), with a
// staff owner to sign in as.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createOrPromoteAdmin } from "../core/staff/owner-command";
import { ReadCache } from "../core/shared/cache";
import { createDatabaseRateLimiter } from "../core/shared/rate-limit";
import { openPglite, openPostgres, queryRows, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedDemoStore } from "../core/demo";
import {
  clearScaleCatalogue,
  countScaleProducts,
  fillCatalogue,
  SCALE_URL_PREFIX,
} from "../scripts/lib/catalogue-fill";
import { projectRoot } from "./lib/paths";
import { fixed } from "./lib/report";
import type { SectionContext } from "./lib/section";

export const PGLITE_DIR = "data/bench-scale";
export const POSTGRES_DATABASE = "bench_scale";
export const OWNER = { email: "scale.owner@example.pk", password: "Bench-scale-owner-2026" };

export function wholeNumber(name: string, fallback: number, least = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < least)
    throw new Error(`${name} must be a whole number of at least ${least}, got "${raw}"`);
  return value;
}

const refill = () => ["1", "true", "yes"].includes((process.env.BENCH_SCALE_REFILL ?? "").toLowerCase());

async function serverAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ScaleDatabase {
  dataDir: string;
  databaseUrl?: string;
  open(): Promise<DatabaseHandle>;
}

/** The kept database of this round, made (empty) when missing or when a refill is asked for. */
export async function scaleDatabase(context: SectionContext): Promise<ScaleDatabase> {
  const dataDir = path.resolve(projectRoot, PGLITE_DIR);
  if (context.database === "pglite") {
    if (refill()) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dataDir, "media"), { recursive: true });
    return { dataDir, open: () => openPglite(dataDir) };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error("BENCH_DATABASE_URL is not set");
  const url = new URL(serverUrl);
  url.pathname = `/${POSTGRES_DATABASE}`;
  const databaseUrl = url.toString();
  const [exists] = await (async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query("select 1 from pg_database where datname = $1", [POSTGRES_DATABASE])).rows;
    } finally {
      await client.end();
    }
  })();
  if (!exists) await serverAdmin(serverUrl, `create database ${POSTGRES_DATABASE}`);
  // its media (none but the demo pictures' rows) in a folder of its own
  const mediaDir = path.resolve(projectRoot, "data/bench-scale-postgres");
  fs.mkdirSync(path.join(mediaDir, "media"), { recursive: true });
  return { dataDir: mediaDir, databaseUrl, open: () => openPostgres(databaseUrl) };
}

export interface Prepared {
  fillSeconds: number | null;
  reused: boolean;
  collectionId: number;
  productId: number;
  products: number;
  /** the colour the fewest active products have: a filter the variants' index must serve */
  rareColor: string;
}

/** Migrated, the demo store, the large catalogue (kept or written now), a staff owner. */
export async function prepare(context: SectionContext, target: ScaleDatabase, count: number): Promise<Prepared> {
  const handle = await target.open();
  try {
    await migrateDatabase(handle);
    const [seeded] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from product_images`);
    if (!seeded?.n) {
      context.log("scale: seeding the demo store (its pictures' rows are what the large catalogue reuses)");
      await seedDemoStore(handle.db, { mediaDir: path.join(target.dataDir, "media"), images: false });
    }
    let fillSeconds: number | null = null;
    const have = await countScaleProducts(handle.db);
    // on PostgreSQL a refill empties the catalogue rather than dropping the database, which the
    // bench's main store may be connected to (BENCH_DATABASE_URL may name this very database)
    if (have !== count || refill()) {
      if (have > 0) {
        context.log(`scale: the database holds ${have} of ${count} products from an earlier fill: clearing them`);
        await clearScaleCatalogue(handle.db);
      }
      context.log(`scale: writing ${count.toLocaleString("en-US")} products (10 combinations and 2 pictures each)`);
      const started = performance.now();
      await fillCatalogue(handle.db, count, {
        progress: (written, total) =>
          context.log(
            `scale: ${written.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} products, ${fixed((performance.now() - started) / 1000, 1)} s`,
          ),
      });
      fillSeconds = (performance.now() - started) / 1000;
    } else {
      context.log(
        `scale: reusing the ${count.toLocaleString("en-US")} products already there (BENCH_SCALE_REFILL=1 to write them again)`,
      );
    }
    if (process.env.BENCH_SCALE_SQL) {
      context.log("scale: running BENCH_SCALE_SQL");
      for (const statement of process.env.BENCH_SCALE_SQL.split(";").map((s) => s.trim()))
        if (statement) await handle.db.execute(sql.raw(statement));
      await handle.db.execute(sql`vacuum analyze`);
    }
    const core = { db: handle.db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(handle.db) };
    await createOrPromoteAdmin(core, OWNER);
    const [collection] = await queryRows<{ id: number }>(
      handle.db,
      sql`select id from collections where name like 'Scale: %' order by id limit 1`,
    );
    const [product] = await queryRows<{ id: number }>(
      handle.db,
      sql`select id from products where custom_url = ${`${SCALE_URL_PREFIX}${Math.ceil(count / 2)}`}`,
    );
    const [rare] = await queryRows<{ value: string }>(
      handle.db,
      sql`select v.variant_value as value from variants v join products p on p.id = v.product_id
          where p.is_active and v.variant_type = 'color' group by v.variant_value order by count(*), 1 limit 1`,
    );
    const [total] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from products where is_active`,
    );
    return {
      fillSeconds,
      reused: fillSeconds === null,
      collectionId: collection!.id,
      productId: product!.id,
      products: Number(total!.n),
      rareColor: rare!.value,
    };
  } finally {
    await handle.close();
  }
}
