// Section "import" (decision 0065): the product CSV import with 10,000 rows,
// which must be done in under a minute, on a store of its own (a fresh demo database).
//
// Two files, each sent as POST /api/admin/products/imports (the preview: read, checked against
// the catalogue, kept) and then POST /api/admin/products/imports/{id}/apply (checked whole, then
// written in batches of whole products, one transaction each: decision 0088):
//   1. new: 2,500 new products with 4 combinations each (size × colour), prices and stock;
//   2. update: the whole catalogue as GET /api/admin/products/export.csv gives it (the demo
//      products and the 2,500 new ones), every combination's price up Rs. 10 and stock up 1,
//      so each row is an update and a stock change through the ledger.
// Timed from the request's first byte to the answer's last, one at a time.
//
// BENCH_IMPORT_ROWS (10000) changes the size of the first file.
import { parse } from "csv-parse/sync";
import { createOrPromoteAdmin } from "../core/staff/owner-command";
import { PRODUCT_CSV_HEADER } from "../core/catalog/product-csv";
import { csvRow } from "../core/shared/csv";
import { ReadCache } from "../core/shared/cache";
import { createDatabaseRateLimiter } from "../core/shared/rate-limit";
import { openStaffSession } from "../core/staff/sessions";
import type { Db } from "../db/client";
import { freshDatabase } from "../scripts/lib/shop-fixtures";
import { fixed, loud, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import { startStore } from "./lib/server";

const TARGET_SECONDS = 60;

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 4)
    throw new Error(`${name} must be a whole number of at least 4, got "${raw}"`);
  return value;
}

export async function staffToken(db: Db): Promise<string> {
  const core = { db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(db) };
  const { user } = await createOrPromoteAdmin(core, {
    email: "bench.importer@example.pk",
    password: "Bench-import-2026",
  });
  const { token } = await openStaffSession(db, user.id, "api", { ip: "127.0.0.1" });
  return token;
}

const SIZES = ["S", "M", "L", "XL"];
const COLOURS = ["Black", "Mint", "Maroon", "Navy", "Mustard", "Peach"];

/** `rows` rows: rows / 4 new products of four sizes each. */
export function newProductsFile(rows: number): string {
  let text = csvRow(PRODUCT_CSV_HEADER);
  for (let p = 0; p < rows / 4; p++) {
    const colour = COLOURS[p % COLOURS.length]!;
    const price = 1500 + (p % 40) * 100;
    for (const size of SIZES) {
      text += csvRow([
        null,
        `bench-lawn-suit-${p + 1}`,
        `Bench lawn suit ${p + 1}, ${colour}`,
        `Three-piece printed lawn, ${colour.toLowerCase()}. Chiffon dupatta.`,
        `${price}.00`,
        p % 3 === 0 ? `${price + 500}.00` : null,
        "yes",
        null,
        `size=${size}; color=${colour}`,
        size === "XL" ? `${price + 200}.00` : `${price}.00`,
        `BN-${p + 1}-${size}`,
        "yes",
        (p * 7 + size.length * 3) % 40,
      ]);
    }
  }
  return text;
}

/** The exported file with every combination's price up Rs. 10 and its stock up 1. */
function changedExport(exported: string): { text: string; rows: number } {
  const [header, ...records] = parse(exported, { bom: true }) as string[][];
  const col = (name: string) => header!.indexOf(name);
  const price = col("combination_price");
  const stock = col("stock");
  let text = csvRow(header!);
  for (const r of records) {
    if (r[price]) r[price] = (Number(r[price]) + 10).toFixed(2);
    r[stock] = String(Number(r[stock]) + 1);
    text += csvRow(r);
  }
  return { text, rows: records.length };
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

interface ImportFigures {
  file: string;
  rows: number;
  megabytes: number;
  previewMs: number;
  applyMs: number;
  counts: Record<string, number>;
}

async function runImport(baseUrl: string, token: string, file: string, text: string): Promise<ImportFigures> {
  const auth = { authorization: `Bearer ${token}` };
  const preview = await timed(`${baseUrl}/api/admin/products/imports?file_name=${file}.csv`, {
    method: "POST",
    headers: { ...auth, "content-type": "text/csv" },
    body: text,
  });
  if (preview.status !== 201)
    throw new Error(`preview of ${file} answered ${preview.status}: ${preview.body.slice(0, 300)}`);
  const previewed = JSON.parse(preview.body) as {
    id: number;
    error_count: number;
    errors: unknown[];
    counts: Record<string, number>;
  };
  if (previewed.error_count > 0)
    throw new Error(
      `preview of ${file} found ${previewed.error_count} errors: ${JSON.stringify(previewed.errors.slice(0, 3))}`,
    );
  const apply = await timed(`${baseUrl}/api/admin/products/imports/${previewed.id}/apply`, {
    method: "POST",
    headers: auth,
  });
  if (apply.status !== 200) throw new Error(`apply of ${file} answered ${apply.status}: ${apply.body.slice(0, 300)}`);
  return {
    file,
    rows: previewed.counts.rows ?? 0,
    megabytes: Buffer.byteLength(text) / 2 ** 20,
    previewMs: preview.ms,
    applyMs: apply.ms,
    counts: previewed.counts,
  };
}

/**
 * A fresh database (on the bench's PostgreSQL when it runs there) with an owner's API token and a
 * store serving it, for an import section; the caller stops the store, then disposes the database.
 */
export async function importBenchStore(context: SectionContext, label: string) {
  const serverUrl = context.database === "postgres" ? process.env.BENCH_DATABASE_URL : undefined;
  if (context.database === "postgres" && !serverUrl) throw new Error("BENCH_DATABASE_URL is not set");
  context.log(`${label}: preparing a fresh demo database`);
  const database = await freshDatabase(`store-bench-${label}`, serverUrl);
  try {
    const handle = await database.open();
    const token = await staffToken(handle.db);
    await handle.close();
    const store = await startStore({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { SEED_DEMO: "0", LOG_LEVEL: "error" },
    });
    return { database, store, token };
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

async function measureImport(context: SectionContext): Promise<SectionOutcome> {
  const rows = wholeNumber("BENCH_IMPORT_ROWS", 10_000);
  const { database, store, token } = await importBenchStore(context, "import");
  try {
    const figures: ImportFigures[] = [];
    try {
      context.log(`import: ${rows.toLocaleString("en-US")} rows of new products`);
      figures.push(await runImport(store.baseUrl, token, "new", newProductsFile(rows)));
      const exported = await fetch(`${store.baseUrl}/api/admin/products/export.csv`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (exported.status !== 200) throw new Error(`export answered ${exported.status}`);
      const changed = changedExport(await exported.text());
      context.log(
        `import: the whole catalogue again (${changed.rows.toLocaleString("en-US")} rows), prices and stock changed`,
      );
      figures.push(await runImport(store.baseUrl, token, "update", changed.text));
    } finally {
      await store.stop();
    }
    const failures: string[] = [];
    for (const f of figures) {
      const seconds = (f.previewMs + f.applyMs) / 1000;
      if (seconds >= TARGET_SECONDS)
        failures.push(
          `${context.database}: ${f.file} import of ${f.rows} rows took ${seconds.toFixed(1)} s (target < ${TARGET_SECONDS} s)`,
        );
    }
    const report = [
      `Product CSV import on ${context.database}: preview (POST /api/admin/products/imports) then apply (in batches)`,
      table(
        [
          "file",
          "rows",
          "MB",
          "preview s",
          "apply s",
          "total s",
          `target < ${TARGET_SECONDS} s`,
          "created / updated / stock changes",
        ],
        figures.map((f) => {
          const total = (f.previewMs + f.applyMs) / 1000;
          return [
            f.file,
            fixed(f.rows),
            fixed(f.megabytes, 2),
            fixed(f.previewMs / 1000, 2),
            fixed(f.applyMs / 1000, 2),
            fixed(total, 2),
            total < TARGET_SECONDS ? "met" : "MISSED",
            `${(f.counts.products_to_create ?? 0) + (f.counts.combinations_to_create ?? 0)} / ${(f.counts.products_to_update ?? 0) + (f.counts.combinations_to_update ?? 0)} / ${f.counts.stock_changes ?? 0}`,
          ];
        }),
      ),
      ...(failures.length ? [loud(failures)] : []),
    ].join("\n");
    return { report, data: { rows, figures }, failures };
  } finally {
    await database.dispose();
  }
}

export const importSection: Section = {
  name: "import",
  description:
    "the product CSV import: 10,000 rows of new products, then the whole catalogue updated (preview + apply, under a minute), on a store of its own",
  run: measureImport,
};
