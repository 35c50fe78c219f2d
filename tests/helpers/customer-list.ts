// The staff customer list tests: one store a file with staff of each kind and shoppers planted with
// orders of their own, so the list's figures, search and filters have known answers.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { freshIp, registerShopper, type TestShopper } from "./accounts";
import { manager, owner, startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { orderPayload, rows, simpleProducts, type Item } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, manager, owner, packer, t } from "./order-desk";
export let amna: TestShopper;
export let item: Item;
export const pages = hasPageBuild();
export const ids: Record<string, number> = {};

export interface Customer {
  id: number;
  name: string;
  phone: string;
  phone_key: string;
  email: string | null;
  orders: number;
  delivered: number;
  refused_or_returned: number;
  cancelled: number;
  last_order_at: string;
  account_id: number | null;
  blocked: boolean;
  blocked_reason: string | null;
}

export async function place(
  name: string,
  options: {
    first?: string;
    last?: string;
    email?: string;
    phone: string;
    auth?: Record<string, string>;
    country?: string;
  },
) {
  const payload = orderPayload([{ item, quantity: 1 }], { email: options.email, phone: options.phone });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: {
      ...payload,
      first_name: options.first ?? "Sana",
      last_name: options.last ?? "Mirza",
      ...(options.country ? { country: options.country } : {}),
    },
    headers: options.auth ?? {},
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await rows<{ id: number }>(t, sql`select id from orders where tracking_id = ${res.json().tracking_id}`);
  ids[name] = Number(row!.id);
}

export const setStatus = (name: string, status: string) =>
  t.database.db.execute(sql`update orders set status = ${status} where id = ${ids[name]!}`);

export const get = (who: TestStaff | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: who ? who.auth : {} });

export async function list(query = ""): Promise<{ items: Customer[]; total: number }> {
  const res = await get(owner, `/api/admin/customers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as Customer[], total: Number(res.headers["x-total-count"]) };
}

export const byPhone = async (key: string) => {
  const found = (await list(`?search=${key}&limit=200`)).items.filter((c) => c.phone_key === key);
  expect(found.length, key).toBeLessThanOrEqual(1);
  return found[0];
};

/** Every customer row against the orders it stands for, counted again from scratch. */
export async function expectCountsMatchOrders() {
  const wrong = await rows(
    t,
    sql`select c.phone_key, c.orders_count, o.n from customers c
        full join (select customer_phone_key(phone_normalized) as k, count(*) as n,
                     count(*) filter (where status = 'delivered') as d,
                     count(*) filter (where status = 'returned') as r,
                     count(*) filter (where status = 'cancelled') as x, max(created_at) as last
                   from orders group by 1) o on o.k = c.phone_key
        where c.phone_key is null or o.k is null or c.orders_count <> o.n or c.delivered_count <> o.d
          or c.returned_count <> o.r or c.cancelled_count <> o.x or c.last_order_at <> o.last`,
  );
  expect(wrong).toEqual([]);
}

export function startCustomerListStore() {
  startOrderDesk({ app: withPages(), members: ["manager", "fulfilment", "catalogue"] }, async () => {
    amna = await registerShopper(t.app, { first_name: "Amna", last_name: "Siddiqui" });
    item = (await simpleProducts(t, 10))[0]!;
    await t.database.db.execute(sql`update products set stock = 500 where id = ${item.productId}`);
    // a guest who typed her phone three ways
    await place("sana1", { phone: "0300 1234567", email: "sana@example.pk" });
    await place("sana2", { phone: "+92 300 1234567", email: "sana@example.pk" });
    await place("sana3", { phone: "0300-1234567", email: "sana.new@example.pk", first: "Sana", last: "Mirza Khan" });
    await setStatus("sana1", "delivered");
    await setStatus("sana3", "returned");
    // Amna signed in, and once as a guest with the same phone: one customer, her account
    await place("amna1", {
      phone: "0321-5550101",
      auth: amna.auth,
      email: amna.email,
      first: "Amna",
      last: "Siddiqui",
    });
    await place("amna2", { phone: "+923215550101", email: "amna.other@example.pk", first: "Amna", last: "S" });
    // and signed in with her office phone: another customer, the same account
    await place("amnaOffice", {
      phone: "0333-7770001",
      auth: amna.auth,
      email: amna.email,
      first: "Amna",
      last: "Siddiqui",
    });
    await setStatus("amnaOffice", "cancelled");
    // a manager who ordered (signed in to her account as a shopper) is a customer; the owner,
    // packer and catalogue never ordered
    await place("managerOrder", { phone: "0345-8880002", email: manager.email, first: "Maha" });
    await t.database.db.execute(sql`update orders set user_id = ${manager.id} where id = ${ids.managerOrder!}`);
    // someone abroad
    await place("abroad", {
      phone: "+44 7700 900123",
      email: "london@example.co.uk",
      first: "Laila",
      last: "Ahmed",
      country: "United Kingdom",
    });
    // Sana's phone is blocked
    await t.database.db.execute(
      sql`insert into blocked_contacts (kind, value, display, reason) values ('phone', '923001234567', '0300 1234567', 'Refused two parcels')`,
    );
  });
}
