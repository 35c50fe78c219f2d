// The manual order API tests: one store a file with an owner, a manager, a fulfilment and a
// catalogue member, demo combinations one per test, a manual order's body as the console sends it,
// the totals the shop charges, vouchers, and counts of what an order writes.
import { sql } from "drizzle-orm";
import { packer, startOrderDesk, t } from "./order-desk";
import { count, DEMO_SHIPPING, type Item } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, combination, manager, owner, packer, pool, t } from "./order-desk";

let phoneNumber = 0;
export const newPhone = () => `0321-${String(2_000_000 + ++phoneNumber).slice(-7)}`;

export function manualOrder(lines: { item: Item; quantity: number }[], extra: Record<string, unknown> = {}) {
  return {
    first_name: "Sana",
    last_name: "Iqbal",
    phone: newPhone(),
    shipping_address: "Flat 3, Block B, Clifton",
    city: "Karachi",
    postal_code: "75600",
    items: lines.map((l) => ({
      product_id: l.item.productId,
      combination_id: l.item.combinationId,
      quantity: l.quantity,
    })),
    source: "phone",
    ...extra,
  };
}

/** payload: an object, or JSON text sent as it is */
export const place = (payload: unknown, who: TestStaff = packer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/orders",
    headers: { ...who.auth, "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

export const preview = (payload: unknown, who: TestStaff = packer) =>
  t.app.inject({ method: "POST", url: "/api/admin/orders/preview", headers: who.auth, payload: payload as object });

export const orderCount = () => count(t, sql`select count(*) as n from orders`);
export const writes = async () => ({
  orders: await orderCount(),
  events: await count(t, sql`select count(*) as n from order_events`),
  audits: await count(t, sql`select count(*) as n from audit_log where action = 'order.create'`),
  movements: await count(t, sql`select count(*) as n from stock_movements`),
});

/** What the shop charges for these lines: the catalogue's prices and the demo store's shipping. */
export function expectedTotal(lines: { item: Item; quantity: number }[]) {
  const subtotal = lines.reduce((sum, l) => sum + l.item.pricePaisa * l.quantity, 0);
  const shipping = subtotal >= DEMO_SHIPPING.freeThresholdPaisa! ? 0 : DEMO_SHIPPING.feePaisa;
  return { subtotal, shipping, total: subtotal + shipping };
}

let voucherNumber = 0;
export async function voucher(options: { usageLimit?: number | null; perCustomer?: number | null } = {}) {
  const code = `PHONE${++voucherNumber}`;
  await t.database.db.execute(sql`
    insert into vouchers (code, description, discount_type, discount_value, usage_limit, per_customer_limit)
    values (${code}, 'phone orders', 'flat', 10000, ${options.usageLimit ?? null}, ${options.perCustomer ?? null})`);
  return code;
}

export function startManualOrdersStore() {
  startOrderDesk({ members: ["manager", "fulfilment", "catalogue"], combinations: 30 });
}
