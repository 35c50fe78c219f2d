// The order workflow's API tests: one store a file (with the pages when built) with an owner, a
// fulfilment and a catalogue member, limits raised for many orders, demo combinations one per test,
// orders placed and moved along the workflow's table to any status, and counts of what a move writes.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { ORDER_MOVES } from "../../core/orders/workflow";
import { type OrderStatus } from "../../db/schema";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { freshIp } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { createPageApp, hasPageBuild } from "./page-app";
import { combinations, count, orderPayload, rows, setStock, type Item } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let packer: TestStaff;
export let catalogue: TestStaff;
let pool: Item[];
let next = 0;

/** A combination no other test in this file uses, with this stock. */
export async function combination(stock: number): Promise<Item> {
  const item = pool[next++];
  if (!item) throw new Error("out of demo combinations");
  await setStock(t, item, stock);
  return item;
}

let voucherNumber = 0;
export async function voucher(usageLimit: number | null = null) {
  const code = `MOVE${++voucherNumber}`;
  await t.database.db.execute(sql`
    insert into vouchers (code, description, discount_type, discount_value, usage_limit)
    values (${code}, 'workflow', 'flat', 10000, ${usageLimit})`);
  return { code, pricing: { discountType: "flat" as const, discountValue: 10_000, maxDiscountPaisa: null } };
}

export interface Placed {
  id: number;
  trackingId: string;
  phone: string;
  totalAmount: number;
}

export async function place(
  lines: { item: Item; quantity: number }[],
  options: Parameters<typeof orderPayload>[1] = {},
): Promise<Placed> {
  const payload = orderPayload(lines, options);
  const res = await t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { id: body.id, trackingId: body.tracking_id, phone: payload.phone, totalAmount: payload.total_amount };
}

/** What a move to this status must carry besides the status. */
export const detailsFor = (to: OrderStatus, order: Placed) =>
  to === "shipped"
    ? { courier: "TCS", tracking_number: "TCS-7731-0042" }
    : to === "delivered"
      ? { cash_collected: order.totalAmount }
      : {};

export const move = (orderId: number, payload: object, who: TestStaff = packer) =>
  t.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/status`, headers: who.auth, payload });

/** The shortest way through the table from a new order to this status. */
export function pathTo(target: OrderStatus): OrderStatus[] {
  const queue: OrderStatus[][] = [["pending confirmation"]];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const last = path[path.length - 1]!;
    if (last === target) return path.slice(1);
    for (const to of ORDER_MOVES[last]) if (!path.includes(to)) queue.push([...path, to]);
  }
  throw new Error(`the table never reaches ${target}`);
}

let shared: Item;
/** One combination with stock for every order that needs no particular one. */
export async function sharedCombination(): Promise<Item> {
  shared ??= await combination(100_000);
  return shared;
}

export async function orderAt(status: OrderStatus): Promise<Placed> {
  const order = await place([{ item: await sharedCombination(), quantity: 1 }]);
  for (const to of pathTo(status)) {
    const res = await move(order.id, { status: to, ...detailsFor(to, order) });
    if (res.statusCode !== 200) throw new Error(`move to ${to} failed: ${res.statusCode} ${res.body}`);
  }
  return order;
}

export const statusOf = async (orderId: number) =>
  (await rows<{ status: string }>(t, sql`select status from orders where id = ${orderId}`))[0]?.status;
export const eventsOf = (orderId: number) =>
  count(t, sql`select count(*) as n from order_events where order_id = ${orderId}`);
export const auditsOf = (orderId: number) =>
  count(t, sql`select count(*) as n from audit_log where entity_type = 'order' and entity_id = ${String(orderId)}`);
export const usedCount = async (code: string) =>
  count(t, sql`select used_count as n from vouchers where code = ${code}`);
export const redemptions = async (code: string) =>
  count(
    t,
    sql`select count(*) as n from voucher_redemptions r join vouchers v on v.id = r.voucher_id where v.code = ${code}`,
  );

export function startOrderWorkflowStore() {
  beforeAll(async () => {
    // with the pages built (npm test builds first), the tracking page is checked too
    t = hasPageBuild() ? await createPageApp() : await createTestApp();
    RATE_LIMITS.orders.limit = 100_000;
    RATE_LIMITS.tracking.limit = 100_000;
    owner = await makeOwner(t.app, t.core);
    packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    pool = await combinations(t, 0, 30);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
}
