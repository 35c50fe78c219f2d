// The manual order API tests: one store a file with an owner, a manager, a fulfilment and a
// catalogue member, demo combinations one per test, a manual order's body as the console sends it,
// the totals the shop charges, vouchers, and counts of what an order writes.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { combinations, count, DEMO_SHIPPING, setStock, type Item } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let manager: TestStaff;
export let packer: TestStaff;
export let catalogue: TestStaff;
export let pool: Item[];
let next = 0;

/** A combination no other test in this file uses, with this stock. */
export async function combination(stock: number): Promise<Item> {
  const item = pool[next++];
  if (!item) throw new Error("out of demo combinations");
  await setStock(t, item, stock);
  return item;
}

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
  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeOwner(t.app, t.core);
    manager = await makeStaff(t.app, t.core, owner, "manager");
    packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    pool = await combinations(t, 0, 30);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
}
