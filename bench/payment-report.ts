// How long a courier's payment report of 10,000 parcels takes to preview and to apply (decision
// 0107): `npm run bench:money` (or `npx tsx bench/payment-report.ts`).
//
// A fresh embedded database in a temporary folder (or, with BENCH_DATABASE_URL, a database
// bench_payment_report on that PostgreSQL server, made anew), migrated; 10,000 delivered PostEx
// parcels planted; a PostEx-shaped CSV with a row for each. Measured: the preview (reading the
// file, guessing the mapping, planning every row against the parcels, keeping the import) and the
// apply (every row through the payment writer, in batches), then the same file previewed again
// (every row "same as recorded"). An XLSX of the same rows is previewed too.
//
//   BENCH_REPORT_ROWS=10000  rows in the report
//   BENCH_DATABASE_URL=...   run on PostgreSQL instead of PGlite
import os from "node:os";
import { sql } from "drizzle-orm";
import writeExcelFile from "write-excel-file/node";
import type { CoreContext } from "../core/context";
import { applyPaymentReport } from "../core/remittances/report-apply";
import { previewPaymentReport } from "../core/remittances/report-import";
import { ReadCache } from "../core/shared/cache";
import type { StaffActor } from "../core/shared/permissions";
import { createDatabaseRateLimiter } from "../core/shared/rate-limit";
import { queryRows } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { openFreshDatabase } from "./lib/fresh-database";

const COUNT = Number(process.env.BENCH_REPORT_ROWS ?? 10_000);
const HEADINGS = [
  "Tracking Number",
  "CPR Number",
  "Payment Date",
  "COD Amount",
  "Transaction Fee",
  "Transaction Tax",
  "Net Amount",
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${what.padEnd(44)} ${seconds(performance.now() - started)}`);
  return result;
}

async function main() {
  const { handle, kind, cleanup } = await openFreshDatabase("bench_payment_report");
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const ctx: CoreContext = { db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(db) };
    const [member] = await queryRows<{ id: number }>(
      db,
      sql`insert into users (email, password_hash, first_name, last_name, role)
          values ('bench@money.test', 'x', 'Bench', 'Owner', 'owner') returning id`,
    );
    const actor: StaffActor = {
      userId: member!.id,
      email: "bench@money.test",
      firstName: "Bench",
      lastName: "Owner",
      role: "owner",
      sessionId: 0,
      ip: null,
      twoStepEnabled: false,
      mustChangePassword: false,
      mustSetUpTwoStep: false,
    };
    await db.execute(sql`
      insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized, shipping_address,
        city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa)
      select 'BNCH' || lpad(n::text, 6, '0'), 'delivered', 'Sana', 'Iqbal', 'sana' || n || '@example.pk',
             '0301-' || lpad(n::text, 7, '0'), '92301' || lpad(n::text, 7, '0'), 'House ' || n, 'Lahore', '54700',
             'Pakistan', 250000, 0, 250000
      from generate_series(1, ${COUNT}::int) n`);
    await db.execute(sql`
      insert into parcels (order_id, courier, reference, booking_state, cn, status, status_at, weight_grams, cod_paisa,
        description, booked_at)
      select o.id, 'postex', o.tracking_id, 'booked', 'CX' || lpad(o.id::text, 8, '0'), 'delivered',
             now() - interval '3 days', 500, 250000, 'Garments', now() - interval '5 days'
      from orders o where o.tracking_id like 'BNCH%'`);
    const cns = await queryRows<{ cn: string }>(db, sql`select cn from parcels order by id`);
    const table = [
      HEADINGS,
      ...cns.map((p, i) => [
        p.cn,
        `CPR-${1000 + Math.floor(i / 500)}`,
        "20/11/2026",
        "2,500.00",
        "150",
        "24",
        "2,326.00",
      ]),
    ];
    const csv = new TextEncoder().encode(table.map((row) => row.join(",")).join("\r\n"));
    const xlsx = new Uint8Array(await writeExcelFile(table).toBuffer());
    console.log(
      `${kind}, ${COUNT.toLocaleString("en-US")} rows (CSV ${(csv.byteLength / 1024).toFixed(0)} KB, XLSX ${(xlsx.byteLength / 1024).toFixed(0)} KB), ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
    );

    const upload = (bytes: Uint8Array, fileName: string) =>
      previewPaymentReport(ctx, actor, { courier: "postex", accountId: null, fileName, bytes, mapping: null });
    const preview = await timed("preview (CSV)", () => upload(csv, "report.csv"));
    const applied = await timed("apply", () => applyPaymentReport(ctx, actor, preview.id));
    console.log(`  recorded ${applied.summary.applied_recorded}`);
    const again = await timed("preview of the same file again", () => upload(csv, "report.csv"));
    console.log(`  same as recorded ${again.summary.same}`);
    await timed("preview (XLSX)", () => upload(xlsx, "report.xlsx"));
  } finally {
    await handle.close();
    await cleanup();
  }
}

await main();
