// The staff voucher API tests: one store a file (with the pages when built) with an owner, a
// manager, a fulfilment and a catalogue member, limits raised for many orders, demo combinations one
// per order, fresh codes, a voucher made through the API, its audit rows, and an order that uses it.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { combination, manager, staffCall as call, startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { count, orderPayload, type Item } from "./shop";

export { catalogue, manager, owner, packer, staffCall as call, t } from "./order-desk";
export const pages = hasPageBuild();

export const item = (stock = 1000): Promise<Item> => combination(stock);

let serial = 0;
export const freshCode = (prefix = "STAFF") => `${prefix}${++serial}${Date.now() % 100000}`;

export async function create(body: Record<string, unknown>, who = manager) {
  const res = await call(who, "POST", "/api/admin/vouchers", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const audits = (action: string, id: number) =>
  count(
    t,
    sql`select count(*) as n from audit_log where action = ${action} and entity_type = 'voucher' and entity_id = ${String(id)}`,
  );

export async function placeOrder(code: string, it: Item, extra: { email?: string; phone?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item: it, quantity: 1 }], {
      voucher: { code, pricing: { discountType: "flat", discountValue: 10_000, maxDiscountPaisa: null } },
      ...extra,
    }),
  });
}

export function startVoucherStore() {
  // with the pages built, the console's pages are checked too, with the page cache as shipped
  startOrderDesk({
    app: withPages({ cacheMs: 60_000 }),
    raise: ["orders", "vouchers"],
    members: ["manager", "fulfilment", "catalogue"],
    combinations: 30,
  });
}
