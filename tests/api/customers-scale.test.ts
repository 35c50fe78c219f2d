// The customers list stays fast at a large shop's volume (decision 0096): 50,000 orders from
// 20,000 phones (CUSTOMERS_SCALE_ORDERS changes the number), placed by INSERT … SELECT through
// the order triggers that keep the customers table, then ANALYZE. Each read the console's
// Customers screen makes (first page under each sort, a deep page, searches by name, phone and
// email) is timed 30 times after 5 unmeasured, one at a time, through core as the page calls it;
// p50 and p95 are printed, and p95 must stay under 100 ms on PostgreSQL and 250 ms on PGlite
// (which runs in this test's own thread) for the pages and phone searches; a search of names and
// emails reads rows one by one where the planner will not take the trigram index, and gets 200 ms
// and 1 s (decision 0096 has the figures and what is left). The counts are checked against the
// orders themselves.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCustomers, type CustomerQuery } from "../../core/orders/customers";
import type { StaffActor } from "../../core/shared/permissions";
import { createTestApp, type TestApp } from "../helpers/app";
import { rows } from "../helpers/shop";
import { actorOf, makeOwner } from "../helpers/staff";

const ORDERS = Number(process.env.CUSTOMERS_SCALE_ORDERS ?? 50_000);
const PHONES = Math.max(1, Math.round(ORDERS * 0.4));
const RUNS = 30;
const WARMUP = 5;
const onPostgres = !!process.env.DATABASE_URL;
const P95_LIMIT_MS = onPostgres ? 100 : 250;
const TEXT_SEARCH_P95_LIMIT_MS = onPostgres ? 200 : 1_000;

let t: TestApp;
let actor: StaffActor;
let fillSeconds = 0;

beforeAll(async () => {
  t = await createTestApp();
  actor = await actorOf(t.core, await makeOwner(t.app, t.core));
  const started = performance.now();
  // phones in the three stored forms of a Pakistani mobile, so one customer gathers all three
  await t.database.db.execute(sql`
    insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized,
      shipping_address, city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, created_at)
    select 'SC' || lpad(upper(to_hex(g)), 8, '0'),
      (array['delivered','delivered','delivered','delivered','returned','cancelled','pending confirmation','shipped'])[1 + g % 8],
      (array['Ayesha','Fatima','Sana','Hira','Maryam','Zainab','Amna','Iqra','Laiba','Mahnoor'])[1 + (g % ${PHONES}) % 10],
      (array['Khan','Ahmed','Ali','Hussain','Malik','Butt','Sheikh','Qureshi','Raza','Siddiqui'])[1 + ((g % ${PHONES}) / 10) % 10],
      'shopper' || (g % ${PHONES}) || '@example.pk',
      '0300-' || lpad((g % ${PHONES})::text, 7, '0'),
      case g % 3 when 0 then '92300' when 1 then '0300' else '300' end || lpad((g % ${PHONES})::text, 7, '0'),
      'House ' || (1 + g % 400) || ', Street 2, Lahore', 'Lahore', '54000', 'Pakistan', 250000, 25000, 275000,
      now() - ((${ORDERS} - g) * interval '2 minutes')
    from generate_series(1, ${ORDERS}) as g`);
  await t.database.db.execute(sql`analyze`);
  fillSeconds = (performance.now() - started) / 1000;
}, 900_000);
afterAll(async () => {
  await t?.close();
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed(query: CustomerQuery): Promise<{ p50: number; p95: number; total: number }> {
  let total = 0;
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const page = await listCustomers(t.core, actor, query);
    if (i >= WARMUP) times.push(performance.now() - started);
    total = page.total;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

describe(`the customers list with ${ORDERS.toLocaleString("en-US")} orders from ${PHONES.toLocaleString("en-US")} phones`, () => {
  it("counts each phone's orders exactly", async () => {
    const [check] = await rows<{ customers: string; orders: string; delivered: string }>(
      t,
      sql`select count(*) as customers, sum(orders_count) as orders, sum(delivered_count) as delivered from customers`,
    );
    const [truth] = await rows<{ delivered: string }>(
      t,
      sql`select count(*) filter (where status = 'delivered') as delivered from orders`,
    );
    expect(Number(check!.customers)).toBe(PHONES);
    expect(Number(check!.orders)).toBe(ORDERS);
    expect(Number(check!.delivered)).toBe(Number(truth!.delivered));
  });

  it("answers each screen's read in time", async () => {
    const cases: [string, CustomerQuery][] = [
      ["first page, last order", { limit: 50, offset: 0 }],
      ["first page, most orders", { sort: "orders", limit: 50, offset: 0 }],
      ["first page, name", { sort: "name", limit: 50, offset: 0 }],
      ["page 200, last order", { limit: 50, offset: 9_950 }],
      ["search name 'fatima mal'", { search: "fatima mal", limit: 50, offset: 0 }],
      ["search phone '0300 0012345'", { search: "0300 0012345", limit: 50, offset: 0 }],
      ["search part of phone '12345'", { search: "12345", limit: 50, offset: 0 }],
      ["search email 'shopper777@'", { search: "shopper777@", limit: 50, offset: 0 }],
    ];
    const lines: string[] = [];
    const slow: string[] = [];
    for (const [name, query] of cases) {
      const { p50, p95, total } = await timed(query);
      lines.push(
        `${name.padEnd(32)} ${String(total).padStart(7)}  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms`,
      );
      const limit =
        name.startsWith("search name") || name.startsWith("search email") ? TEXT_SEARCH_P95_LIMIT_MS : P95_LIMIT_MS;
      if (p95 > limit) slow.push(`${name}: p95 ${p95.toFixed(1)} ms`);
    }
    console.log(
      `customers list, ${onPostgres ? "postgres" : "pglite"}: ${ORDERS} orders filled through the triggers in ${fillSeconds.toFixed(1)} s\n${lines.join("\n")}`,
    );
    expect(slow).toEqual([]);
  }, 600_000);
});
