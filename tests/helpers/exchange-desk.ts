// The exchange API tests: one store a file (with the pages when built) with an owner, a fulfilment
// and a catalogue member, limits raised for many orders, a demo product with three options for each
// test, delivered orders to exchange from, and the rows an exchange writes.
import { sql } from "drizzle-orm";
import { move, packer, place as placeOrder, startOrderDesk, t, withPages, type Placed as Order } from "./order-desk";
import { count, rows, type Item } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, move, owner, packer, t } from "./order-desk";
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

export interface Placed extends Order {
  itemIds: number[];
}

/** An order placed as a shopper places it, with the ids of its lines. */
export async function place(lines: { item: Item; quantity: number }[]): Promise<Placed> {
  const order = await placeOrder(lines);
  const items = await rows<{ id: number }>(t, sql`select id from order_items where order_id = ${order.id} order by id`);
  return { ...order, itemIds: items.map((i) => i.id) };
}

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
  startOrderDesk(
    { app: withPages(), raise: ["orders", "tracking"], members: ["fulfilment", "catalogue"] },
    async () => {
      productIds = (
        await rows<{ id: number }>(
          t,
          sql`select p.id from products p where p.is_active
                and (select count(*) from variant_combinations vc where vc.product_id = p.id) >= 3
              order by p.id`,
        )
      ).map((r) => r.id);
    },
  );
}
