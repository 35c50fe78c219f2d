// Many shoppers at the same moment (decisions 0007, 0009, 0019). The large runs need PostgreSQL
// (DATABASE_URL): PGlite runs one statement at a time, so it cannot race. Smaller versions of
// each check run on both databases.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { createTestApp, type TestApp } from "../helpers/app";
import { combinations, count, orderPayload, setStock, stockOf, type Item } from "../helpers/shop";

let t: TestApp;
let pool: Item[];
let next = 0;
beforeAll(async () => {
  t = await createTestApp();
  RATE_LIMITS.orders.limit = 100_000;
  pool = await combinations(t, 0, 40);
});
afterAll(async () => {
  await t?.close();
});

/** A combination no other test in this file uses, with this stock. */
async function combination(stock: number): Promise<Item> {
  const item = pool[next++];
  if (!item) throw new Error("out of demo combinations");
  await setStock(t, item, stock);
  return item;
}

let voucherNumber = 0;
async function voucher(usageLimit: number, perCustomerLimit: number | null = null) {
  const code = `RACE${++voucherNumber}`;
  await t.database.db.execute(sql`
    insert into vouchers (code, description, discount_type, discount_value, usage_limit, per_customer_limit)
    values (${code}, 'race', 'flat', 10000, ${usageLimit}, ${perCustomerLimit})`);
  return { code, pricing: { discountType: "flat" as const, discountValue: 10_000, maxDiscountPaisa: null } };
}

async function fire(payloads: unknown[], headers: Record<string, string> = {}) {
  const answers = await Promise.all(
    payloads.map((payload) =>
      t.app.inject({ method: "POST", url: "/api/orders", payload: payload as object, headers }),
    ),
  );
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.statusCode] = (statuses[a.statusCode] ?? 0) + 1;
  return { answers, statuses };
}

const unitsSold = (item: Item) =>
  count(t, sql`select coalesce(sum(quantity), 0) as n from order_items where combination_id = ${item.combinationId}`);
const ordersWith = (item: Item) =>
  count(t, sql`select count(distinct order_id) as n from order_items where combination_id = ${item.combinationId}`);

async function lastItems(stock: number, concurrent: number) {
  const item = await combination(stock);
  const { statuses, answers } = await fire(
    Array.from({ length: concurrent }, () => orderPayload([{ item, quantity: 1 }])),
  );
  expect(statuses).toEqual({ 201: stock, 409: concurrent - stock });
  for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().detail).toContain("out of stock");
  expect(await stockOf(t, item)).toBe(0);
  expect(await ordersWith(item)).toBe(stock);
  expect(await unitsSold(item)).toBe(stock);
}

async function sharedLines(stock: number, concurrent: number) {
  const shared = await combination(stock);
  const other = await combination(10_000);
  // two lines of the shared combination per order, the other line first in half of them:
  // the stock statements must still run in one order (no deadlock) and sum the shared lines
  const payloads = Array.from({ length: concurrent }, (_, i) =>
    i % 2 === 0
      ? orderPayload([
          { item: shared, quantity: 1 },
          { item: other, quantity: 1 },
          { item: shared, quantity: 1 },
        ])
      : orderPayload([
          { item: other, quantity: 1 },
          { item: shared, quantity: 1 },
          { item: shared, quantity: 1 },
        ]),
  );
  const { statuses } = await fire(payloads);
  const placed = Math.floor(stock / 2);
  expect(statuses).toEqual({ 201: placed, 409: concurrent - placed });
  expect(await stockOf(t, shared)).toBe(stock - placed * 2);
  expect(await stockOf(t, other)).toBe(10_000 - placed);
  expect(await unitsSold(shared)).toBe(placed * 2);
  expect(await unitsSold(other)).toBe(placed);
  // every order has all three of its lines
  expect(
    await count(
      t,
      sql`select count(*) as n from orders o where o.id in (select order_id from order_items where combination_id = ${shared.combinationId})
          and (select count(*) from order_items i where i.order_id = o.id) <> 3`,
    ),
  ).toBe(0);
}

async function voucherLimit(limit: number, concurrent: number) {
  const item = await combination(10_000);
  const code = await voucher(limit);
  const { statuses, answers } = await fire(
    Array.from({ length: concurrent }, () => orderPayload([{ item, quantity: 1 }], { voucher: code })),
  );
  expect(statuses).toEqual({ 201: limit, 409: concurrent - limit });
  for (const a of answers.filter((x) => x.statusCode === 409)) {
    expect(a.json().detail).toBe("This voucher has reached its usage limit.");
  }
  expect(await count(t, sql`select used_count as n from vouchers where code = ${code.code}`)).toBe(limit);
  expect(
    await count(
      t,
      sql`select count(*) as n from voucher_redemptions r join vouchers v on v.id = r.voucher_id where v.code = ${code.code}`,
    ),
  ).toBe(limit);
  // the refused orders gave their stock back with their transaction
  expect(await stockOf(t, item)).toBe(10_000 - limit);
}

async function perCustomer(concurrent: number) {
  const item = await combination(10_000);
  const code = await voucher(1000, 1);
  const { statuses } = await fire(
    Array.from({ length: concurrent }, () =>
      orderPayload([{ item, quantity: 1 }], { voucher: code, email: "same@example.pk", phone: "0300-7654321" }),
    ),
  );
  expect(statuses).toEqual({ 201: 1, 409: concurrent - 1 });
  expect(await count(t, sql`select used_count as n from vouchers where code = ${code.code}`)).toBe(1);
}

async function oneKey(concurrent: number) {
  const item = await combination(100);
  const payload = orderPayload([{ item, quantity: 2 }]);
  const key = `race-${Date.now()}-${concurrent}`;
  const { answers, statuses } = await fire(
    Array.from({ length: concurrent }, () => payload),
    { "idempotency-key": key },
  );
  expect(statuses).toEqual({ 201: concurrent });
  expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(concurrent - 1);
  const trackingId = answers[0]!.json().tracking_id;
  expect(await count(t, sql`select count(*) as n from orders where tracking_id = ${trackingId}`)).toBe(1);
  expect(await ordersWith(item)).toBe(1);
  expect(await stockOf(t, item)).toBe(98);
}

describe("concurrent orders, small (both databases)", () => {
  it("20 orders for 3 units: exactly 3 orders", () => lastItems(3, 20));
  it("10 three-line orders sharing a combination with 4 units: exactly 2 orders", () => sharedLines(4, 10));
  it("10 orders with a voucher limited to 2 uses: exactly 2 uses", () => voucherLimit(2, 10));
  it("5 orders of one customer with a once-per-customer voucher: one use", () => perCustomer(5));
  it("10 posts with one Idempotency-Key: one order, identical answers", () => oneKey(10));
});

describe.skipIf(!process.env.DATABASE_URL)("concurrent orders on PostgreSQL", () => {
  it(
    "200 orders for a combination with 10 in stock: exactly 10 orders, stock 0, the rest 409",
    () => lastItems(10, 200),
    120_000,
  );
  it(
    "200 multi-line orders sharing a combination with 10 in stock: exactly 5 orders",
    () => sharedLines(10, 200),
    120_000,
  );
  it("100 orders with a voucher limited to 5 uses: exactly 5 uses", () => voucherLimit(5, 100), 120_000);
  it("50 orders of one customer with a once-per-customer voucher: one use", () => perCustomer(50), 120_000);
  it("50 posts with one Idempotency-Key: one order, identical answers", () => oneKey(50), 120_000);
});
