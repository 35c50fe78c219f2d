// One customer for staff (issue 14, point 10; decision 0068): the account, their own orders and
// guest orders with the same email or phone (marked), addresses with counts, totals; the list
// searches phones and counts orders; ids that are not a customer's are 404, never 500; the
// customers permission (owner, manager, fulfilment), not catalogue.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { freshIp, registerShopper, type TestShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { createPageApp, hasPageBuild } from "../helpers/page-app";
import { orderPayload, rows, simpleProducts, type Item } from "../helpers/shop";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
let catalogue: TestStaff;
let amna: TestShopper;
let other: TestShopper;
let item: Item;
const pages = hasPageBuild();
const AMNA_PHONE = "0321-5550101";
const ids: Record<string, number> = {};

async function place(
  name: string,
  options: { email?: string; phone?: string; auth?: Record<string, string>; address?: string; city?: string },
) {
  const payload = orderPayload([{ item, quantity: 1 }], { email: options.email, phone: options.phone });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: {
      ...payload,
      ...(options.address ? { shipping_address: options.address } : {}),
      ...(options.city ? { city: options.city } : {}),
    },
    headers: options.auth ?? {},
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await rows<{ id: number }>(t, sql`select id from orders where tracking_id = ${res.json().tracking_id}`);
  ids[name] = Number(row!.id);
}

const setStatus = (name: string, status: string) =>
  t.database.db.execute(sql`update orders set status = ${status} where id = ${ids[name]!}`);

beforeAll(async () => {
  t = pages ? await createPageApp() : await createTestApp();
  owner = await makeOwner(t.app, t.core);
  manager = await makeStaff(t.app, t.core, owner, "manager");
  packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
  amna = await registerShopper(t.app, { first_name: "Amna", last_name: "Siddiqui" });
  other = await registerShopper(t.app, { first_name: "Bilal", last_name: "Ahmed" });
  await t.database.db.execute(sql`update users set phone = ${"+92 321 5550101"} where id = ${amna.id}`);
  item = (await simpleProducts(t, 10))[0]!;
  // Amna's own orders, signed in (another email and phone on one of them: still hers)
  await place("own1", {
    auth: amna.auth,
    email: amna.email,
    phone: "0300-9990001",
    address: "House 5, Street 2, DHA Phase 5, Lahore",
    city: "Lahore",
  });
  await place("own2", {
    auth: amna.auth,
    email: "amna.work@example.pk",
    phone: "0300-9990002",
    address: "Office 3, Gulberg, Lahore",
    city: "Lahore",
  });
  await place("own3", {
    auth: amna.auth,
    email: amna.email,
    phone: "0300-9990003",
    address: "House 5, Street 2, DHA Phase 5, Lahore",
    city: "Lahore",
  });
  // guest orders: her email in another case, her phone in another form
  await place("guestEmail", {
    email: amna.email.toUpperCase(),
    phone: "0300-9990004",
    address: "Flat 9, Clifton, Karachi",
    city: "Karachi",
  });
  await place("guestPhone", {
    email: "someone.else@example.pk",
    phone: "+92 321 5550101",
    address: "House 5, Street 2, DHA Phase 5, Lahore",
    city: "Lahore",
  });
  // not hers: another account's order with her phone, and a stranger's guest order
  await place("otherAccount", { auth: other.auth, email: other.email, phone: AMNA_PHONE });
  await place("stranger", { email: "stranger@example.pk", phone: "0300-9990005" });
  await setStatus("own1", "delivered");
  await setStatus("guestEmail", "delivered");
  await setStatus("own2", "cancelled");
  await setStatus("guestPhone", "returned");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (who: TestStaff | null, url: string) => t.app.inject({ method: "GET", url, headers: who ? who.auth : {} });

describe("one customer", () => {
  it("answers the account, totals and the addresses they ship to", async () => {
    const res = await get(owner, `/api/admin/customers/${amna.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: amna.id,
      email: amna.email,
      first_name: "Amna",
      phone: "+92 321 5550101",
      is_staff: false,
      totals: { orders: 5, delivered: 2, cancelled_or_returned: 2 },
    });
    const [delivered] = await rows<{ s: string }>(
      t,
      sql`select sum(total_paisa) as s from orders where id in (${ids.own1!}, ${ids.guestEmail!})`,
    );
    expect(body.totals.spent_on_delivered).toBe(Number(delivered!.s) / 100);
    expect(res.body).toMatch(/"spent_on_delivered":\d+\.\d\d/);
    // most recent first, with how many orders used each
    expect(
      body.addresses.map((a: { shipping_address: string; orders: number }) => [a.shipping_address, a.orders]),
    ).toEqual([
      ["House 5, Street 2, DHA Phase 5, Lahore", 3],
      ["Flat 9, Clifton, Karachi", 1],
      ["Office 3, Gulberg, Lahore", 1],
    ]);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("lists their orders newest first, guest ones marked with what matched, paged", async () => {
    const res = await get(owner, `/api/admin/customers/${amna.id}/orders?limit=10`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["x-total-count"]).toBe("5");
    const list = res.json() as { id: number; placed_as: string; matched_by: string | null; total: number }[];
    expect(list.map((o) => o.id)).toEqual([ids.guestPhone, ids.guestEmail, ids.own3, ids.own2, ids.own1]);
    expect(list.find((o) => o.id === ids.guestPhone)).toMatchObject({ placed_as: "guest", matched_by: "phone" });
    expect(list.find((o) => o.id === ids.guestEmail)).toMatchObject({ placed_as: "guest", matched_by: "email" });
    expect(list.find((o) => o.id === ids.own2)).toMatchObject({ placed_as: "account", matched_by: null });
    expect(list.map((o) => o.id)).not.toContain(ids.otherAccount);
    expect(list.map((o) => o.id)).not.toContain(ids.stranger);

    const page2 = await get(owner, `/api/admin/customers/${amna.id}/orders?limit=2&offset=2`);
    expect(page2.json().map((o: { id: number }) => o.id)).toEqual([ids.own3, ids.own2]);
    expect(page2.headers["x-total-count"]).toBe("5");
  });

  it("an account with no orders has empty totals", async () => {
    const fresh = await registerShopper(t.app);
    const res = await get(owner, `/api/admin/customers/${fresh.id}`);
    expect(res.json()).toMatchObject({
      totals: { orders: 0, delivered: 0, cancelled_or_returned: 0, spent_on_delivered: 0 },
      addresses: [],
    });
    expect((await get(owner, `/api/admin/customers/${fresh.id}/orders`)).json()).toEqual([]);
  });

  it("answers 404 for an id that is no account, and never 500 for one that is not a number", async () => {
    for (const id of [
      "999999",
      "0",
      "-1",
      "abc",
      "1.5",
      "1e3",
      "99999999999",
      "%00",
      "%27%20or%201%3D1",
      "x".repeat(20),
    ]) {
      for (const suffix of ["", "/orders"]) {
        const res = await get(owner, `/api/admin/customers/${id}${suffix}`);
        // a NUL byte is refused (400) before any route, as everywhere
        expect(id === "%00" ? [400] : [404, 422], `${id}${suffix}: ${res.body}`).toContain(res.statusCode);
      }
    }
    expect([404, 422]).toContain((await get(owner, `/api/admin/customers/${"9".repeat(5000)}`)).statusCode);
    const bad = await get(owner, `/api/admin/customers/${amna.id}/orders?limit=100000&offset=-4`);
    expect(bad.statusCode).toBe(422);
  });

  it("is for the customers permission: owner, manager, fulfilment; not catalogue; not shoppers", async () => {
    for (const who of [owner, manager, packer]) {
      expect((await get(who, `/api/admin/customers/${amna.id}`)).statusCode).toBe(200);
      expect((await get(who, `/api/admin/customers/${amna.id}/orders`)).statusCode).toBe(200);
    }
    expect((await get(catalogue, `/api/admin/customers/${amna.id}`)).statusCode).toBe(403);
    expect((await get(catalogue, `/api/admin/customers/${amna.id}/orders`)).statusCode).toBe(403);
    expect((await get(null, `/api/admin/customers/${amna.id}`)).statusCode).toBe(401);
    const shopper = await t.app.inject({ method: "GET", url: `/api/admin/customers/${amna.id}`, headers: other.auth });
    expect(shopper.statusCode).toBe(403);
  });

  it("shows a staff account as staff", async () => {
    expect((await get(owner, `/api/admin/customers/${manager.id}`)).json().is_staff).toBe(true);
  });
});

describe("the list", () => {
  const search = async (term: string) =>
    (await get(owner, `/api/admin/users?search=${encodeURIComponent(term)}`)).json() as {
      id: number;
      order_count: number;
    }[];

  it("finds a customer by phone in any of the ways it is typed", async () => {
    for (const term of ["0321-5550101", "03215550101", "+923215550101", "321 555 0101", "5550101"]) {
      expect(
        (await search(term)).map((u) => u.id),
        term,
      ).toContain(amna.id);
    }
    expect((await search("0321-5550199")).map((u) => u.id)).not.toContain(amna.id);
  });

  it("shows each customer's order count, counted as their page counts", async () => {
    const found = await search(amna.email);
    expect(found.find((u) => u.id === amna.id)?.order_count).toBe(5);
    expect((await search(other.email)).find((u) => u.id === other.id)?.order_count).toBe(1);
  });

  it("takes hostile searches calmly", async () => {
    for (const term of ["%", "_", "\\", "' or 1=1 --", "()()()-", "+".repeat(100)]) {
      const res = await get(owner, `/api/admin/users?search=${encodeURIComponent(term)}`);
      expect(res.statusCode, term).toBe(200);
    }
    expect((await get(owner, `/api/admin/users?search=${"1".repeat(101)}`)).statusCode).toBe(422);
  });
});

describe.skipIf(!pages)("the console's customer page", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };

  it("shows the account, totals, orders (guest ones marked) and addresses to fulfilment", async () => {
    const headers = await consoleCookie(packer);
    const res = await t.app.inject({ method: "GET", url: `/admin/customers/${amna.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Amna Siddiqui");
    expect(res.body).toContain("Guest order, same phone");
    expect(res.body).toContain("Guest order, same email");
    expect(res.body).toContain(`/admin/orders/${ids.own1}`);
    expect(res.body).toContain("Flat 9, Clifton, Karachi");
    expect(res.body).not.toContain(`/admin/orders/${ids.stranger}"`);
    const list = await t.app.inject({ method: "GET", url: "/admin/customers?search=03215550101", headers });
    expect(list.body).toContain(`/admin/customers/${amna.id}`);
    expect(list.body).toContain("5 orders");
  });

  it("answers 404 for ids that are no customer, and 403 to catalogue", async () => {
    const headers = await consoleCookie(owner);
    for (const id of ["999999", "abc", "0", "1e3", "-5", "99999999999999"]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/customers/${id}`, headers });
      expect(res.statusCode, id).toBe(404);
    }
    const refused = await t.app.inject({
      method: "GET",
      url: `/admin/customers/${amna.id}`,
      headers: await consoleCookie(catalogue),
    });
    expect(refused.statusCode).toBe(403);
  });
});
