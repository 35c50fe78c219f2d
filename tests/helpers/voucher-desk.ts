// The staff voucher API tests: one store a file (with the pages when built) with an owner, a
// manager, a fulfilment and a catalogue member, limits raised for many orders, demo combinations one
// per order, fresh codes, a voucher made through the API, its audit rows, and an order that uses it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { createTestApp, type TestApp } from "./app";
import { createPageApp, hasPageBuild } from "./page-app";
import { combinations, count, orderPayload, setStock, type Item } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let manager: TestStaff;
export let packer: TestStaff;
export let catalogue: TestStaff;
let pool: Item[];
let next = 0;
export const pages = hasPageBuild();

export async function item(stock = 1000): Promise<Item> {
  const found = pool[next++];
  if (!found) throw new Error("out of demo combinations");
  await setStock(t, found, stock);
  return found;
}

export const call = (who: TestStaff, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

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
  beforeAll(async () => {
    // with the pages built, the console's pages are checked too, with the page cache as shipped
    t = pages ? await createPageApp({ cacheMs: 60_000 }) : await createTestApp();
    RATE_LIMITS.orders.limit = 100_000;
    RATE_LIMITS.vouchers.limit = 100_000;
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
