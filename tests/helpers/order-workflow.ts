// The order workflow's API tests: one store a file (with the pages when built) with an owner, a
// fulfilment and a catalogue member, limits raised for many orders, demo combinations one per test,
// orders placed and moved along the workflow's table to any status, and counts of what a move writes.
import { sql } from "drizzle-orm";
import { ORDER_MOVES } from "../../core/orders/workflow";
import { type OrderStatus } from "../../db/schema";
import { combination, move, place, startOrderDesk, t, withPages, type Placed } from "./order-desk";
import { count, rows, type Item } from "./shop";

export { catalogue, combination, move, owner, packer, place, t, type Placed } from "./order-desk";

let voucherNumber = 0;
export async function voucher(usageLimit: number | null = null) {
  const code = `MOVE${++voucherNumber}`;
  await t.database.db.execute(sql`
    insert into vouchers (code, description, discount_type, discount_value, usage_limit)
    values (${code}, 'workflow', 'flat', 10000, ${usageLimit})`);
  return { code, pricing: { discountType: "flat" as const, discountValue: 10_000, maxDiscountPaisa: null } };
}

/** What a move to this status must carry besides the status. */
export const detailsFor = (to: OrderStatus, order: Placed) =>
  to === "shipped"
    ? { courier: "TCS", tracking_number: "TCS-7731-0042" }
    : to === "delivered"
      ? { cash_collected: order.totalAmount }
      : {};

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
  // with the pages built (npm test builds first), the tracking page is checked too
  startOrderDesk({
    app: withPages(),
    raise: ["orders", "tracking"],
    members: ["fulfilment", "catalogue"],
    combinations: 30,
  });
}
