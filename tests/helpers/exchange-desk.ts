// The exchange API tests: one store a file (with the pages when built) with an owner, a fulfilment
// and a catalogue member, limits raised for many orders, a demo product with three options for each
// test, delivered orders to exchange from, and the rows an exchange writes.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { freshIp } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { createPageApp, hasPageBuild } from "./page-app";
import { count, orderPayload, rows, type Item } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let packer: TestStaff;
export let catalogue: TestStaff;
let productIds: number[];
let nextProduct = 0;

/**
 * A product no other test here uses, with three options at these prices (paisa) and this stock
 * each: what the exchanges swap between.
 */
export async function product(prices: [number, number, number], stock = 50): Promise<Item[]> {
  const productId = productIds[nextProduct++];
  if (productId === undefined) throw new Error("out of demo products with three options");
  const options = await rows<Item>(
    t,
    sql`select vc.product_id as "productId", vc.id as "combinationId", p.name, vc.price_paisa as "pricePaisa", vc.stock
        from variant_combinations vc join products p on p.id = vc.product_id
        where vc.product_id = ${productId} order by vc.id limit 3`,
  );
  for (const [n, option] of options.entries()) {
    await t.database.db.execute(
      sql`update variant_combinations set price_paisa = ${prices[n]!}, stock = ${stock}, is_available = true
          where id = ${option.combinationId}`,
    );
    option.pricePaisa = prices[n]!;
    option.stock = stock;
  }
  // changed behind the app's back: the catalogue's cached reads must not answer the old prices
  t.core.cache.clear();
  return options;
}

export interface Placed {
  id: number;
  trackingId: string;
  phone: string;
  totalAmount: number;
  itemIds: number[];
}

export async function place(lines: { item: Item; quantity: number }[]): Promise<Placed> {
  const payload = orderPayload(lines);
  const res = await t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const items = await rows<{ id: number }>(t, sql`select id from order_items where order_id = ${body.id} order by id`);
  return {
    id: body.id,
    trackingId: body.tracking_id,
    phone: payload.phone,
    totalAmount: payload.total_amount,
    itemIds: items.map((i) => i.id),
  };
}

export const move = (orderId: number, payload: object, who: TestStaff = packer) =>
  t.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/status`, headers: who.auth, payload });

export async function moveAlong(orderId: number, statuses: string[], cash = 0) {
  for (const status of statuses) {
    const details =
      status === "shipped"
        ? { courier: "TCS", tracking_number: "TCS-1" }
        : status === "delivered"
          ? { cash_collected: cash }
          : {};
    const res = await move(orderId, { status, ...details });
    if (res.statusCode !== 200) throw new Error(`move to ${status} failed: ${res.statusCode} ${res.body}`);
  }
}

export async function delivered(lines: { item: Item; quantity: number }[]): Promise<Placed> {
  const order = await place(lines);
  await moveAlong(order.id, ["confirmed", "packed", "shipped", "delivered"], order.totalAmount);
  return order;
}

export const exchange = (orderId: number, payload: unknown, who: TestStaff = packer) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/exchanges`,
    headers: who.auth,
    payload: payload as object,
  });

export const staffOrder = async (orderId: number) =>
  (await t.app.inject({ method: "GET", url: `/api/admin/orders/${orderId}`, headers: packer.auth })).json();

/** Rows that an exchange writes: none of them may change when one is refused. */
export const footprint = async () =>
  Promise.all(
    ["orders", "order_items", "order_events", "stock_movements", "audit_log"].map((table) =>
      count(t, sql`select count(*) as n from ${sql.identifier(table)}`),
    ),
  );

export const movementsOf = (orderId: number) =>
  rows<{ combination_id: number; delta: number; reason: string; stock_after: number }>(
    t,
    sql`select combination_id, delta, reason, stock_after from stock_movements where order_id = ${orderId} order by id`,
  );

export function startExchangeStore() {
  beforeAll(async () => {
    t = hasPageBuild() ? await createPageApp() : await createTestApp();
    RATE_LIMITS.orders.limit = 100_000;
    RATE_LIMITS.tracking.limit = 100_000;
    owner = await makeOwner(t.app, t.core);
    packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    productIds = (
      await rows<{ id: number }>(
        t,
        sql`select p.id from products p where p.is_active
              and (select count(*) from variant_combinations vc where vc.product_id = p.id) >= 3
            order by p.id`,
      )
    ).map((r) => r.id);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
}
