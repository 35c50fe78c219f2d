// Section "orders-admin": the staff's orders list with 100,000 orders, and
// the CSV export of all of them.
//
// Like "orders", it runs on a store of its own: a fresh demo database (PGlite folder, or a
// scratch database on BENCH_DATABASE_URL's server, dropped afterwards) filled with 100,000
// orders by INSERT … SELECT generate_series: spread over 90 days, older ones mostly delivered,
// recent ones waiting, twenty cities weighted like real traffic, ~2 lines per order from the demo
// catalogue, a timeline of one to five events each. Then ANALYZE, as autovacuum would have.
//
// Measured: GET /api/admin/orders (what the console's orders screen reads: a page, the total and
// the counts per status) under the filters staff use, one request at a time (a person waiting
// for a page), p50/p95/p99 against the target, p95 < 50 ms on PostgreSQL. Then
// GET /api/admin/orders/export.csv of all 100,000: time to the first byte, total time, bytes, and
// the store process's resident memory (VmRSS from /proc, sampled every 20 ms) before and during
// the export, which must stay flat however large the file.
//
// BENCH_ADMIN_ORDERS (100000) changes the number of orders; BENCH_ADMIN_REQUESTS (200) the timed
// requests per filter (after 20 discarded); BENCH_ADMIN_SQL runs statements (say, a CREATE INDEX)
// on the filled database before the store starts.
import http from "node:http";
import { sql } from "drizzle-orm";
import { createOrPromoteAdmin } from "../core/staff/owner-command";
import { ReadCache } from "../core/shared/cache";
import { createDatabaseRateLimiter } from "../core/shared/rate-limit";
import { openStaffSession } from "../core/staff/sessions";
import type { Db } from "../db/client";
import { freshDatabase, rows } from "../scripts/lib/shop-fixtures";
import { residentMb } from "./lib/resident";
import { fixed, loud, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import { startStore } from "./lib/server";
import { fillOrders } from "./orders-fill";

const P95_TARGET_MS = 50;
// a list that read the whole file into memory would grow by about the file's size (tens of MB)
const RSS_GROWTH_TARGET_MB = 32;
const WARMUP_REQUESTS = 20;
const CAPPED_HEAP_MB = 128;

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** A staff token for an owner made as `npm run admin:create` makes one, opened straight in the database. */
async function staffToken(db: Db): Promise<string> {
  const core = { db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(db) };
  const { user } = await createOrPromoteAdmin(core, { email: "bench.owner@example.pk", password: "Bench-owner-2026" });
  const { token } = await openStaffSession(db, user.id, "api", { ip: "127.0.0.1" });
  return token;
}

/** One GET, answered whole: status, milliseconds, bytes. */
function timedGet(
  agent: http.Agent,
  url: string,
  token: string,
): Promise<{ status: number; ms: number; body: string; total: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString("utf8"),
          total: Number(response.headers["x-total-count"]),
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    request.on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface PageFigures {
  name: string;
  query: string;
  total: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

async function measurePage(
  agent: http.Agent,
  baseUrl: string,
  token: string,
  name: string,
  query: string,
  requests: number,
): Promise<PageFigures> {
  const url = `${baseUrl}/api/admin/orders?${query}`;
  let total = NaN;
  for (let i = 0; i < WARMUP_REQUESTS; i++) {
    const answer = await timedGet(agent, url, token);
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const answer = await timedGet(agent, url, token);
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    times.push(answer.ms);
    total = answer.total;
  }
  times.sort((a, b) => a - b);
  return {
    name,
    query,
    total,
    requests,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1]!,
  };
}

interface ExportFigures {
  bytes: number;
  lines: number;
  firstByteMs: number;
  totalMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** resident memory when a quarter, half, three quarters and all of the file had arrived */
  rssAtQuarters: number[];
}

function measureExport(baseUrl: string, token: string, pid: number): Promise<ExportFigures> {
  return new Promise((resolve, reject) => {
    const rssBeforeMb = residentMb(pid);
    let rssPeakMb = rssBeforeMb;
    const samples: { bytes: number; rss: number }[] = [];
    let bytes = 0;
    let lines = 0;
    let firstByteMs = NaN;
    const sampler = setInterval(() => {
      const rss = residentMb(pid);
      if (rss > rssPeakMb) rssPeakMb = rss;
      samples.push({ bytes, rss });
    }, 20);
    const started = performance.now();
    const request = http.get(
      `${baseUrl}/api/admin/orders/export.csv`,
      { headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          clearInterval(sampler);
          reject(new Error(`the export answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.on("data", (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        response.on("end", () => {
          clearInterval(sampler);
          const totalMs = performance.now() - started;
          const end = residentMb(pid);
          if (end > rssPeakMb) rssPeakMb = end;
          samples.push({ bytes, rss: end });
          const rssAtQuarters = [0.25, 0.5, 0.75, 1].map(
            (q) => samples.find((s) => s.bytes >= q * bytes)?.rss ?? samples[samples.length - 1]!.rss,
          );
          resolve({ bytes, lines, firstByteMs, totalMs, rssBeforeMb, rssPeakMb, rssAtQuarters });
        });
        response.on("error", (error) => {
          clearInterval(sampler);
          reject(error);
        });
      },
    );
    request.on("error", (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

async function measureAdminOrders(context: SectionContext): Promise<SectionOutcome> {
  const count = wholeNumber("BENCH_ADMIN_ORDERS", 100_000);
  const requests = wholeNumber("BENCH_ADMIN_REQUESTS", 200);
  const serverUrl = context.database === "postgres" ? process.env.BENCH_DATABASE_URL : undefined;
  if (context.database === "postgres" && !serverUrl) throw new Error("BENCH_DATABASE_URL is not set");
  context.log("orders-admin: preparing a fresh demo database");
  const database = await freshDatabase("store-bench-orders-admin", serverUrl);
  try {
    const handle = await database.open();
    const fillStarted = performance.now();
    context.log(`orders-admin: writing ${count.toLocaleString("en-US")} orders with their items and timelines`);
    await fillOrders(handle.db, count);
    // BENCH_ADMIN_SQL: statements run on the filled database (then VACUUM ANALYZE again), to
    // measure an index before writing its migration
    if (process.env.BENCH_ADMIN_SQL) {
      context.log(`orders-admin: running BENCH_ADMIN_SQL`);
      // one statement at a time: PGlite's driver takes one per query
      for (const statement of process.env.BENCH_ADMIN_SQL.split(";").map((t) => t.trim()))
        if (statement) await handle.db.execute(sql.raw(statement));
      await handle.db.execute(sql`vacuum analyze orders`);
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const token = await staffToken(handle.db);
    // a phone, a name and a city that the filled store holds, for the filters
    const [sample] = await rows<{ phone: string; city: string; name: string; created: string }>(
      handle.db,
      sql`select phone, city, first_name || ' ' || last_name as name, to_char(created_at, 'YYYY-MM-DD') as created
          from orders order by id limit 1 offset ${Math.floor(count / 2)}`,
    );
    await handle.close();
    if (!sample) throw new Error("no orders were written");

    context.log("orders-admin: starting a store on it");
    const store = await startStore({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { SEED_DEMO: "0", LOG_LEVEL: "error" },
    });
    // one kept-alive connection: a person on the orders screen, page after page
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const pages: PageFigures[] = [];
    let exported: ExportFigures;
    try {
      const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
      const filters: [string, string][] = [
        ["all, first page", "limit=50"],
        ["tab: pending confirmation", "status=pending%20confirmation&limit=50"],
        ["tab: delivered", "status=delivered&limit=50"],
        ["city", `city=${encodeURIComponent(sample.city)}&limit=50`],
        ["search: phone", `search=${encodeURIComponent(sample.phone)}&limit=50`],
        ["search: name", `search=${encodeURIComponent(sample.name)}&limit=50`],
        ["dates: one week", `from=${weekAgo}&to=${new Date().toISOString().slice(0, 10)}&limit=50`],
        ["page 50", "limit=50&offset=2450"],
        ["tab + city + 30 days", `status=delivered&city=${encodeURIComponent(sample.city)}&from=${monthAgo}&limit=50`],
      ];
      for (const [name, query] of filters) {
        context.log(`orders-admin: ${name} (${requests} requests)`);
        pages.push(await measurePage(agent, store.baseUrl, token, name, query, requests));
      }
      context.log("orders-admin: exporting every order as CSV");
      exported = await measureExport(store.baseUrl, token, store.child.process.pid!);
    } finally {
      agent.destroy();
      await store.stop();
    }
    // V8 collects lazily: with memory to spare, the garbage of each batch piles up for a while
    // before a full collection, and the resident size climbs during the export without anything
    // being kept. Capping the store's heap makes it collect sooner: if the export held the file or
    // its rows, it would then run out of memory; it streams, so the resident size stays flat.
    context.log(`orders-admin: exporting again from a store whose heap is capped at ${CAPPED_HEAP_MB} MB`);
    const capped = await startStore({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { SEED_DEMO: "0", LOG_LEVEL: "error", NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MB}` },
    });
    let exportedCapped: ExportFigures;
    let exportedCappedAgain: ExportFigures;
    try {
      // the first export also warms what any first request does (and PGlite's page cache)
      exportedCapped = await measureExport(capped.baseUrl, token, capped.child.process.pid!);
      exportedCappedAgain = await measureExport(capped.baseUrl, token, capped.child.process.pid!);
    } finally {
      await capped.stop();
    }

    const failures: string[] = [];
    for (const figures of [exported, exportedCapped, exportedCappedAgain])
      if (figures.lines !== count + 1)
        failures.push(`the export has ${figures.lines} lines, not ${count + 1} (a header and one per order)`);
    const onPostgres = context.database === "postgres";
    const growth = (f: ExportFigures) => f.rssPeakMb - f.rssBeforeMb;
    const data = {
      database: context.database,
      orders: count,
      fillSeconds,
      pages,
      export: exported,
      exportedCapped,
      exportedCappedAgain,
    };
    const report = [
      `Orders list with ${count.toLocaleString("en-US")} orders (${context.database}; filled in ${fixed(fillSeconds, 1)} s): GET /api/admin/orders, ${requests} requests one at a time per filter (page, total and counts per status)`,
      table(
        [
          "filter",
          "orders",
          "p50 ms",
          "p95 ms",
          "p99 ms",
          "max ms",
          `target p95 < ${P95_TARGET_MS} ms${onPostgres ? "" : " (PostgreSQL)"}`,
        ],
        pages.map((p) => [
          p.name,
          fixed(p.total),
          fixed(p.p50, 1),
          fixed(p.p95, 1),
          fixed(p.p99, 1),
          fixed(p.max, 1),
          p.p95 < P95_TARGET_MS ? "met" : onPostgres ? "MISSED" : "missed (target is for PostgreSQL)",
        ]),
      ),
      "",
      `CSV export of all ${count.toLocaleString("en-US")} orders: GET /api/admin/orders/export.csv`,
      table(
        [
          "store heap",
          "first byte ms",
          "total s",
          "MB",
          "lines",
          "RSS before MB",
          "RSS peak MB",
          "growth MB",
          `target growth < ${RSS_GROWTH_TARGET_MB} MB`,
          "RSS at 25/50/75/100% of the file",
        ],
        [
          ["default", exported],
          [`capped at ${CAPPED_HEAP_MB} MB`, exportedCapped],
          [`capped, again`, exportedCappedAgain],
        ].map(([label, f]) => {
          const e = f as ExportFigures;
          return [
            label as string,
            fixed(e.firstByteMs, 1),
            fixed(e.totalMs / 1000, 2),
            fixed(e.bytes / 2 ** 20, 1),
            fixed(e.lines),
            fixed(e.rssBeforeMb, 1),
            fixed(e.rssPeakMb, 1),
            fixed(growth(e), 1),
            Number.isNaN(growth(e)) ? "no /proc here" : growth(e) < RSS_GROWTH_TARGET_MB ? "met" : "MISSED",
            e.rssAtQuarters.map((r) => fixed(r, 0)).join(" / "),
          ];
        }),
      ),
      ...(failures.length ? [loud(failures)] : []),
    ].join("\n");
    return { report, data, failures };
  } finally {
    await database.dispose();
  }
}

export const ordersAdminSection: Section = {
  name: "orders-admin",
  description:
    "the staff's orders list with 100,000 orders (p95 of a filtered page) and the CSV export's time and memory, on a store of its own",
  run: measureAdminOrders,
};
