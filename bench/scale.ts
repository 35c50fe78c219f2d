// Section "scale" (issue 16, point 4; decision 0075): the store with 100,000 products (a million
// combinations), on a store and a database of its own.
//
// The database is kept between runs, so only the first run pays for the fill: a PGlite folder
// (data/bench-scale) or, on the PostgreSQL round, the database bench_scale on
// BENCH_DATABASE_URL's server. It holds the demo store (without its image files) and
// 100,000 more products in 50 collections, each with 5 sizes × 2 colours and two of the demo
// store's pictures, written by scripts/lib/catalogue-fill.ts (INSERT … SELECT generate_series,
// 10,000 products per statement), then VACUUM ANALYZE. A run that finds the products there
// reuses them; BENCH_SCALE_REFILL=1 writes them again (PGlite: from an empty folder).
//
// Measured, each for BENCH_SCALE_DURATION seconds (3) after a 1 s warm-up, with
// BENCH_SCALE_CONNECTIONS (1) connections: a shopper waiting for an answer, not a crowd. The store
// runs with CATALOG_CACHE_SECONDS=0 and every request carries its own query string (?bench=<n>),
// so neither the read cache nor the page cache answers: these are the database's and the
// render's figures. Latency percentiles are the
// bench's own (to 0.1 ms, p95 included), from each answer's response time.
//
// BENCH_SCALE_PRODUCTS (100000) changes the size; BENCH_SCALE_SQL runs statements (a CREATE
// INDEX) on the filled database before the store starts, to measure an index before writing
// its migration.
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
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
import { residentMb } from "./lib/resident";
import { fixed, loud, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import { startStore } from "./lib/server";

const PGLITE_DIR = "data/bench-scale";
const POSTGRES_DATABASE = "bench_scale";
const OWNER = { email: "scale.owner@example.pk", password: "Bench-scale-owner-2026" };
// search p95 at 100,000 products, the budgets decision 0083 settled on (the figures measured on a
// quiet 2-core machine): a design, as the API's default of 100 answers it, at most 15 ms on
// PostgreSQL (30 on PGlite, as before); a word found in a tenth of the catalogue, 35 ms on
// PostgreSQL and 60 on PGlite
const SEARCH_P95_MS = { pglite: 30, postgres: 15 };
const BROAD_SEARCH_P95_MS = { pglite: 60, postgres: 35 };
// a sitemap that held its addresses would grow by tens of MB per part
const RSS_GROWTH_TARGET_MB = 32;
const CAPPED_HEAP_MB = 128;

function wholeNumber(name: string, fallback: number, least = 1): number {
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

interface ScaleDatabase {
  dataDir: string;
  databaseUrl?: string;
  open(): Promise<DatabaseHandle>;
}

/** The kept database of this round, made (empty) when missing or when a refill is asked for. */
async function scaleDatabase(context: SectionContext): Promise<ScaleDatabase> {
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

interface Prepared {
  fillSeconds: number | null;
  reused: boolean;
  collectionId: number;
  productId: number;
  products: number;
  /** the colour the fewest active products have: a filter the variants' index must serve */
  rareColor: string;
}

/** Migrated, the demo store, the large catalogue (kept or written now), a staff owner. */
async function prepare(context: SectionContext, target: ScaleDatabase, count: number): Promise<Prepared> {
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

interface Timed {
  name: string;
  path: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bytesPerAnswer: number;
  non2xx: number;
  errors: number;
  /** ms, and which database it is for */
  target?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

let requestNumber = 0;

/** autocannon for `seconds`, each request with its own query string, every response time kept. */
function timedRun(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<{ times: number[]; bytes: number; non2xx: number; errors: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let bytes = 0;
    let non2xx = 0;
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        timeout: 30,
        requests: [
          {
            setupRequest: <T extends { path?: string }>(request: T): T => {
              const p = request.path ?? "/";
              return { ...request, path: `${p}${p.includes("?") ? "&" : "?"}bench=${++requestNumber}` };
            },
          },
        ],
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ times, bytes, non2xx, errors: result.errors, seconds: options.seconds });
      },
    );
    instance.on("response", (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
      times.push(responseTime);
      bytes += resBytes;
      if (statusCode < 200 || statusCode >= 300) non2xx++;
    });
  });
}

async function timed(
  baseUrl: string,
  name: string,
  path: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; target?: number },
): Promise<Timed> {
  await timedRun(`${baseUrl}${path}`, { ...options, seconds: 1 });
  const run = await timedRun(`${baseUrl}${path}`, options);
  const sorted = [...run.times].sort((a, b) => a - b);
  return {
    name,
    path,
    requests: sorted.length,
    requestsPerSecond: sorted.length / run.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    bytesPerAnswer: sorted.length ? run.bytes / sorted.length : NaN,
    non2xx: run.non2xx,
    errors: run.errors,
    target: options.target,
  };
}

interface SitemapFigures {
  name: string;
  path: string;
  status: number;
  ms: number;
  firstByteMs: number;
  bytes: number;
  urls: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

/** One sitemap answer read to its end, the store's resident memory sampled every 20 ms. */
async function sitemapGet(baseUrl: string, name: string, path: string, pid: number): Promise<SitemapFigures> {
  const rssBeforeMb = residentMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    const rss = residentMb(pid);
    if (rss > rssPeakMb) rssPeakMb = rss;
  }, 20);
  try {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: { "accept-encoding": "identity" } });
    let firstByteMs = NaN;
    let bytes = 0;
    let urls = 0;
    const decoder = new TextDecoder();
    let carry = "";
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      const text = carry + decoder.decode(chunk, { stream: true });
      urls += text.split("<loc>").length - 1;
      carry = text.slice(-5);
      if (carry.includes("<loc>")) urls--;
    }
    const ms = performance.now() - started;
    const end = residentMb(pid);
    if (end > rssPeakMb) rssPeakMb = end;
    return {
      name,
      path,
      status: response.status,
      ms,
      firstByteMs,
      bytes,
      urls,
      rssBeforeMb,
      rssPeakMb,
      rssAfterMb: end,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function measureScale(context: SectionContext): Promise<SectionOutcome> {
  const count = wholeNumber("BENCH_SCALE_PRODUCTS", 100_000, 100);
  const seconds = wholeNumber("BENCH_SCALE_DURATION", 3);
  const connections = wholeNumber("BENCH_SCALE_CONNECTIONS", 1);
  const target = await scaleDatabase(context);
  context.log(`scale: preparing ${context.database === "pglite" ? PGLITE_DIR : `database ${POSTGRES_DATABASE}`}`);
  const prepared = await prepare(context, target, count);

  context.log("scale: starting a store on it");
  const store = await startStore({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    // no read cache and no page cache: API answers are cached by their parsed parameters, so the
    // ?bench=<n> that still defeats the page cache would not defeat them (issue 16, point 3)
    env: { SEED_DEMO: "0", LOG_LEVEL: "error", CATALOG_CACHE_SECONDS: "0" },
  });
  const pid = store.child.process.pid!;
  const failures: string[] = [];
  const runs: Timed[] = [];
  const sitemaps: SitemapFigures[] = [];
  let rssIdleMb = NaN;
  let rssEndMb = NaN;
  try {
    const signIn = await fetch(`${store.baseUrl}/api/admin/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(OWNER),
    });
    if (signIn.status !== 201) throw new Error(`staff sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const staff = { authorization: `Bearer ${token}` };
    const searchTarget = SEARCH_P95_MS[context.database];
    const c = prepared.collectionId;
    const plan: [string, string, { headers?: Record<string, string>; target?: number }][] = [
      ["search: a design (API)", "/api/products?search=Gulnaz%20Bahar", { target: searchTarget }],
      [
        "search: a fabric word (API)",
        "/api/products?search=chikankari",
        { target: BROAD_SEARCH_P95_MS[context.database] },
      ],
      ["search: a design, 24 (API)", "/api/products?search=Gulnaz%20Bahar&limit=24", { target: searchTarget }],
      [
        "collection, filters + sort (API)",
        `/api/products?collection_id=${c}&size=M&color=Black&sort=price_asc&limit=24`,
        {},
      ],
      ["collection, filters + sort (page)", `/collection/${c}?size=M&color=Black&sort=price_asc`, {}],
      ["all products, newest (page)", "/collection/all", {}],
      [
        "all products, a rare colour (API)",
        `/api/products?color=${encodeURIComponent(prepared.rareColor)}&sort=price_asc&limit=24`,
        {},
      ],
      ["deep page: offset 90,000 (API)", `/api/products?limit=24&offset=${Math.max(0, count - 10_000)}`, {}],
      ["product page", `/product/${prepared.productId}`, {}],
      ["home", "/", {}],
      ["admin products, first page", "/api/admin/products?limit=50", { headers: staff }],
      [
        "admin products, offset 90,000",
        `/api/admin/products?limit=50&offset=${Math.max(0, count - 10_000)}`,
        { headers: staff },
      ],
      ["admin products, search", "/api/admin/products?limit=50&search=Jharoka", { headers: staff }],
    ];
    rssIdleMb = residentMb(pid);
    for (const [name, path, options] of plan) {
      context.log(`scale: ${name} (${seconds} s)`);
      const figures = await timed(store.baseUrl, name, path, { connections, seconds, ...options });
      runs.push(figures);
      if (figures.non2xx || figures.errors || figures.requests === 0)
        failures.push(
          `${name}: ${figures.non2xx} non-2xx answers, ${figures.errors} errors, ${figures.requests} answers`,
        );
    }
    context.log("scale: sitemap.xml, its index and its parts");
    const index = await sitemapGet(store.baseUrl, "index", "/sitemap.xml", pid);
    sitemaps.push(index);
    const parts = index.urls;
    for (let page = 1; page <= parts; page++)
      sitemaps.push(await sitemapGet(store.baseUrl, `part ${page}`, `/sitemap.xml?page=${page}`, pid));
    // the same again: a second walk must not grow it either
    for (let page = 1; page <= parts; page++)
      sitemaps.push(await sitemapGet(store.baseUrl, `part ${page}, again`, `/sitemap.xml?page=${page}`, pid));
    for (const s of sitemaps) if (s.status !== 200) failures.push(`sitemap ${s.path} answered ${s.status}`);
    const listed = sitemaps
      .filter((s) => s.name.startsWith("part") && !s.name.endsWith("again"))
      .reduce((n, s) => n + s.urls, 0);
    if (listed < prepared.products)
      failures.push(
        `the sitemap's parts list ${listed} addresses, fewer than the ${prepared.products} active products`,
      );
    rssEndMb = residentMb(pid);
  } finally {
    await store.stop();
  }
  // V8 collects lazily: with memory to spare, each part's garbage (50,000 addresses' strings)
  // stays a while and the resident size creeps up. A store whose heap is capped must collect it:
  // had a part been kept whole, that store's resident size would climb, or it would run out.
  context.log(`scale: the sitemap again from a store whose heap is capped at ${CAPPED_HEAP_MB} MB`);
  const capped = await startStore({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    env: { SEED_DEMO: "0", LOG_LEVEL: "error", NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MB}` },
  });
  try {
    const cappedPid = capped.child.process.pid!;
    const parts = sitemaps[0]?.urls ?? 0;
    for (const round of ["capped", "capped, again"])
      for (let page = 1; page <= parts; page++) {
        const figures = await sitemapGet(
          capped.baseUrl,
          `part ${page}, ${round}`,
          `/sitemap.xml?page=${page}`,
          cappedPid,
        );
        if (figures.status !== 200) failures.push(`sitemap ${figures.path} (capped heap) answered ${figures.status}`);
        sitemaps.push(figures);
      }
  } finally {
    await capped.stop();
  }

  const fillNote =
    prepared.fillSeconds === null
      ? "reused from an earlier run (BENCH_SCALE_REFILL=1 to time the fill)"
      : `${fixed(prepared.fillSeconds, 1)} s`;
  const report = [
    `Catalogue of ${count.toLocaleString("en-US")} products (${prepared.products.toLocaleString("en-US")} active with the demo store's; ${(count * 10).toLocaleString("en-US")} combinations) on ${context.database}; filled: ${fillNote}`,
    `${connections} connection(s), ${seconds} s per run after 1 s of warm-up, no read or page cache, a new query string per request`,
    table(
      ["what", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "KB", "target"],
      runs.map((r) => [
        r.name,
        fixed(r.requestsPerSecond, 0),
        fixed(r.p50, 1),
        fixed(r.p95, 1),
        fixed(r.p99, 1),
        fixed(r.max, 1),
        fixed(r.bytesPerAnswer / 1024, 1),
        r.target === undefined ? "-" : `p95 < ${r.target} ms: ${r.p95 < r.target ? "met" : "MISSED"}`,
      ]),
    ),
    "",
    `sitemap.xml (one request at a time; store RSS idle ${fixed(rssIdleMb, 1)} MB before the runs above, ${fixed(rssEndMb, 1)} MB after the sitemaps; "capped": a store started with --max-old-space-size=${CAPPED_HEAP_MB})`,
    table(
      [
        "answer",
        "URLs",
        "MB",
        "first byte ms",
        "total ms",
        "RSS before MB",
        "RSS peak MB",
        "RSS after MB",
        `growth < ${RSS_GROWTH_TARGET_MB} MB`,
      ],
      sitemaps.map((s) => [
        `${s.name} (${s.path})`,
        fixed(s.urls),
        fixed(s.bytes / 2 ** 20, 2),
        fixed(s.firstByteMs, 1),
        fixed(s.ms, 1),
        fixed(s.rssBeforeMb, 1),
        fixed(s.rssPeakMb, 1),
        fixed(s.rssAfterMb, 1),
        Number.isNaN(s.rssPeakMb)
          ? "no /proc here"
          : s.rssPeakMb - s.rssBeforeMb < RSS_GROWTH_TARGET_MB
            ? "met"
            : "MISSED",
      ]),
    ),
    `fill: ${fillNote}`,
    ...(failures.length ? [loud(failures)] : []),
  ].join("\n");
  return {
    report,
    data: { database: context.database, products: count, prepared, runs, sitemaps, rssIdleMb, rssEndMb },
    failures,
  };
}

export const scaleSection: Section = {
  name: "scale",
  description:
    "100,000 products and a million combinations on a database of its own: search, a filtered collection, deep paging, product page, home, sitemap.xml and its memory, the staff's product list, the fill",
  run: measureScale,
};
