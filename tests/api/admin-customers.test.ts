// The shop's customers for staff (decision 0096): everyone who ordered, guests included, one per
// phone in its normalised form ("0300 1234567" and "+92 300 1234567" are one customer), joined
// with the account that ordered with it; staff accounts only if they ordered. Counts exact after
// status moves, corrections, deletions and orders placed at once; sorting and paging; hostile
// searches (1 MB, NUL, % and _ taken literally); the customers permission; blocked phones.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { rows } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  owner,
  manager,
  packer,
  catalogue,
  amna,
  pages,
  ids,
  setStatus,
  get,
  list,
  byPhone,
  expectCountsMatchOrders,
  startCustomerListStore,
} from "../helpers/customer-list";

startCustomerListStore();

describe("the list", () => {
  it("is everyone who ordered, one per phone in any form, guests included, with exact counts", async () => {
    const sana = await byPhone("923001234567");
    expect(sana).toMatchObject({
      name: "Sana Mirza Khan",
      phone: "0300-1234567",
      email: "sana.new@example.pk",
      orders: 3,
      delivered: 1,
      refused_or_returned: 1,
      cancelled: 0,
      account_id: null,
      blocked: true,
      blocked_reason: "Refused two parcels",
    });
    expect(await byPhone("923215550101")).toMatchObject({ orders: 2, account_id: amna.id, blocked: false });
    expect(await byPhone("923337770001")).toMatchObject({ orders: 1, cancelled: 1, account_id: amna.id });
    expect(await byPhone("923458880002")).toMatchObject({ orders: 1, account_id: manager.id, name: "Maha Mirza" });
    expect(await byPhone("447700900123")).toMatchObject({ orders: 1, name: "Laila Ahmed" });
    const all = await list("?limit=200");
    expect(all.total).toBe(5);
    expect(all.items).toHaveLength(5);
    // staff who never ordered are not customers
    expect(all.items.map((c) => c.account_id)).not.toContain(owner.id);
    expect(all.items.map((c) => c.account_id)).not.toContain(packer.id);
    await expectCountsMatchOrders();
  });

  it("keeps the counts exact through status moves, a corrected phone and a deleted order", async () => {
    const move = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${ids.abroad}/status`,
      headers: owner.auth,
      payload: { status: "confirmed" },
    });
    expect(move.statusCode, move.body).toBe(200);
    await setStatus("abroad", "cancelled");
    expect(await byPhone("447700900123")).toMatchObject({ orders: 1, cancelled: 1, delivered: 0 });
    // a phone corrected: the order moves to the other customer, and the emptied one goes
    await t.database.db.execute(
      sql`update orders set phone = '0300-1234567', phone_normalized = '923001234567' where id = ${ids.abroad!}`,
    );
    expect(await byPhone("447700900123")).toBeUndefined();
    expect(await byPhone("923001234567")).toMatchObject({ orders: 4, cancelled: 1, name: "Laila Ahmed" });
    await t.database.db.execute(sql`delete from orders where id = ${ids.abroad!}`);
    expect(await byPhone("923001234567")).toMatchObject({ orders: 3, cancelled: 0, name: "Sana Mirza Khan" });
    await expectCountsMatchOrders();
  });

  it("counts every one of many orders placed at once with one phone", async () => {
    const insert = (i: number) =>
      t.database.db.execute(sql`
        insert into orders (tracking_id, first_name, last_name, email, phone, phone_normalized, shipping_address,
          city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, status)
        values (${`PAR${String(i).padStart(6, "0")}`}, 'Rabia', 'Noor', 'rabia@example.pk',
          ${i % 2 ? "0312 4445556" : "+92 312 4445556"}, ${i % 2 ? "03124445556" : "923124445556"},
          'House 1, Street 2, Lahore', 'Lahore', '54000', 'Pakistan', 100000, 0, 100000,
          ${i % 3 === 0 ? "delivered" : "pending confirmation"})`);
    await Promise.all(Array.from({ length: 24 }, (_, i) => insert(i)));
    expect(await byPhone("923124445556")).toMatchObject({ orders: 24, delivered: 8 });
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.database.db.execute(
          sql`update orders set status = 'returned' where tracking_id = ${`PAR${String(i).padStart(6, "0")}`}`,
        ),
      ),
    );
    expect(await byPhone("923124445556")).toMatchObject({ orders: 24, delivered: 0, refused_or_returned: 24 });
    await expectCountsMatchOrders();
  });

  it("sorts by last order, by orders and by name, and pages without losing or repeating anyone", async () => {
    const newest = (await list()).items;
    const last = newest.map((c) => Date.parse(c.last_order_at));
    expect(last).toEqual([...last].sort((a, b) => b - a));
    const most = (await list("?sort=orders")).items.map((c) => c.orders);
    expect(most).toEqual([...most].sort((a, b) => b - a));
    const names = (await list("?sort=name")).items.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const everyone = await list("?limit=200");
    const seen: number[] = [];
    for (let offset = 0; offset < everyone.total; offset += 2) {
      const page = await list(`?limit=2&offset=${offset}`);
      expect(page.total).toBe(everyone.total);
      seen.push(...page.items.map((c) => c.id));
    }
    expect(seen).toEqual(everyone.items.map((c) => c.id));
    expect((await get(owner, "/api/admin/customers?limit=100000")).statusCode).toBe(422);
    expect((await get(owner, "/api/admin/customers?offset=-1")).statusCode).toBe(422);
    expect((await get(owner, "/api/admin/customers?sort=password")).statusCode).toBe(422);
  });
});

describe("the search", () => {
  const found = async (term: string) =>
    (await list(`?search=${encodeURIComponent(term)}&limit=200`)).items.map((c) => c.phone_key);

  it("finds a customer by any part of the name or email, or the phone in any form", async () => {
    for (const term of ["0300 1234567", "+92 300 1234567", "03001234567", "923001234567", "1234567", "300-123"]) {
      expect(await found(term), term).toEqual(["923001234567"]);
    }
    expect(await found("mirza k")).toEqual(["923001234567"]);
    expect(await found("SANA.NEW@")).toEqual(["923001234567"]);
    expect(await found("amna")).toEqual(expect.arrayContaining(["923215550101", "923337770001"]));
    expect(await found("0300 7654321")).toEqual([]);
  });

  it("takes % and _ literally, and refuses a NUL or more than 100 characters with 422", async () => {
    await t.database.db.execute(sql`update orders set first_name = 'Zoya_50%' where id = ${ids.managerOrder!}`);
    expect(await found("%")).toEqual(["923458880002"]);
    expect(await found("_")).toEqual(["923458880002"]);
    expect(await found("a_5")).toEqual(["923458880002"]);
    expect(await found("\\")).toEqual([]);
    const long = await get(owner, `/api/admin/customers?search=${"x".repeat(101)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toMatch(/search/);
    // a NUL is refused before any route, as in every address (console-door)
    expect((await get(owner, "/api/admin/customers?search=sana%00")).statusCode).toBe(400);
    // a megabyte is refused as an address too long before any route reads it
    const huge = await get(owner, `/api/admin/customers?search=${"a".repeat(1024 * 1024)}`);
    expect(huge.statusCode).toBe(414);
    expect(huge.json().detail).toBeTruthy();
    for (const term of ["' or 1=1 --", "()()()-", "+".repeat(100), "%%%%", "😀"]) {
      expect((await get(owner, `/api/admin/customers?search=${encodeURIComponent(term)}`)).statusCode, term).toBe(200);
    }
  });
});

describe("one customer", () => {
  it("answers the counts, the account and its other phones, the spend and the addresses", async () => {
    const amnaMain = (await byPhone("923215550101"))!;
    const res = await get(owner, `/api/admin/customers/${amnaMain.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: amnaMain.id,
      orders: 2,
      account: { id: amna.id, email: amna.email, is_staff: false },
      other_phones: [{ id: (await byPhone("923337770001"))!.id, phone: "0333-7770001", orders: 1 }],
      spent_on_delivered: 0,
      blocked: false,
    });
    expect(body.addresses).toHaveLength(1);
    expect(res.headers["cache-control"]).toBe("no-store");

    const sana = (await byPhone("923001234567"))!;
    const detail = (await get(owner, `/api/admin/customers/${sana.id}`)).json();
    const [delivered] = await rows<{ s: string }>(t, sql`select total_paisa as s from orders where id = ${ids.sana1!}`);
    expect(detail.spent_on_delivered).toBe(Number(delivered!.s) / 100);
    expect(detail).toMatchObject({ account: null, other_phones: [], blocked: true });
    expect(
      (await get(owner, `/api/admin/customers/${(await byPhone("923458880002"))!.id}`)).json().account,
    ).toMatchObject({ id: manager.id, is_staff: true });
  });

  it("lists their orders newest first, in every form of the phone, paged", async () => {
    const sana = (await byPhone("923001234567"))!;
    const res = await get(owner, `/api/admin/customers/${sana.id}/orders?limit=10`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["x-total-count"]).toBe("3");
    const orders = res.json() as { id: number; placed_as: string; status: string }[];
    expect(orders.map((o) => o.id)).toEqual([ids.sana3, ids.sana2, ids.sana1]);
    expect(orders.map((o) => o.placed_as)).toEqual(["guest", "guest", "guest"]);
    const page2 = await get(owner, `/api/admin/customers/${sana.id}/orders?limit=2&offset=2`);
    expect(page2.json().map((o: { id: number }) => o.id)).toEqual([ids.sana1]);
    const amnaMain = (await byPhone("923215550101"))!;
    const hers = (await get(owner, `/api/admin/customers/${amnaMain.id}/orders`)).json();
    expect(hers.map((o: { id: number; placed_as: string }) => [o.id, o.placed_as])).toEqual([
      [ids.amna2, "guest"],
      [ids.amna1, "account"],
    ]);
  });

  it("answers 404 for an id that is no customer, and never 500 for one that is not a number", async () => {
    for (const id of ["999999", "0", "-1", "abc", "1.5", "1e3", "99999999999", "%27%20or%201%3D1", "x".repeat(20)]) {
      for (const suffix of ["", "/orders"]) {
        const res = await get(owner, `/api/admin/customers/${id}${suffix}`);
        expect([404, 422], `${id}${suffix}: ${res.body}`).toContain(res.statusCode);
      }
    }
    expect([404, 414, 422]).toContain((await get(owner, `/api/admin/customers/${"9".repeat(5000)}`)).statusCode);
  });
});

describe("permission", () => {
  it("is the customers permission: owner, manager, fulfilment; not catalogue, shoppers or nobody", async () => {
    const sana = (await byPhone("923001234567"))!;
    for (const url of [
      "/api/admin/customers",
      `/api/admin/customers/${sana.id}`,
      `/api/admin/customers/${sana.id}/orders`,
    ]) {
      for (const who of [owner, manager, packer]) expect((await get(who, url)).statusCode, url).toBe(200);
      expect((await get(catalogue, url)).statusCode, url).toBe(403);
      expect((await get(null, url)).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: "GET", url, headers: amna.auth })).statusCode, url).toBe(403);
    }
  });
});

describe("the accounts list", () => {
  it("still lists accounts with their order counts (their own orders: the account has no phone)", async () => {
    const res = await get(owner, `/api/admin/users?search=${encodeURIComponent(amna.email)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().find((u: { id: number }) => u.id === amna.id)?.order_count).toBe(2);
  });
});

describe.skipIf(!pages)("the console's customer pages", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };

  it("lists a guest who ordered, blocked, and their page links each order", async () => {
    const headers = await consoleCookie(packer);
    const res = await t.app.inject({ method: "GET", url: "/admin/customers?search=0300%201234567", headers });
    expect(res.statusCode).toBe(200);
    const sana = (await byPhone("923001234567"))!;
    expect(res.body).toContain(`/admin/customers/${sana.id}`);
    expect(res.body).toContain("Sana Mirza Khan");
    expect(res.body).toContain("Blocked");
    expect(res.body).toContain("Guest");
    const page = await t.app.inject({ method: "GET", url: `/admin/customers/${sana.id}`, headers });
    expect(page.statusCode).toBe(200);
    for (const id of [ids.sana1, ids.sana2, ids.sana3]) expect(page.body).toContain(`/admin/orders/${id}"`);
    expect(page.body).toContain("Refused two parcels");
  });

  it("takes a 1 MB or NUL search calmly, and answers 404 for ids that are no customer, 403 to catalogue", async () => {
    const headers = await consoleCookie(owner);
    for (const term of ["a".repeat(1024 * 1024), "sana\u0000", "%_"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/admin/customers?search=${encodeURIComponent(term)}`,
        headers,
      });
      expect([200, 400, 414], term.slice(0, 10)).toContain(res.statusCode);
      expect(res.statusCode === 200 || String(res.headers["content-type"]).startsWith("application/json")).toBe(true);
    }
    for (const id of ["999999", "abc", "0", "1e3", "-5", "99999999999999"]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/customers/${id}`, headers });
      expect(res.statusCode, id).toBe(404);
    }
    const refused = await t.app.inject({
      method: "GET",
      url: "/admin/customers",
      headers: await consoleCookie(catalogue),
    });
    expect(refused.statusCode).toBe(403);
  });
});
