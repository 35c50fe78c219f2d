// Cities (decision 0105): the base list in the database; the checkout's typed city matched to it
// (the order keeps the city's own name and id), a city that matches nothing placed and flagged, a
// city no active courier delivers to refused before anything is written; a courier's list
// refreshed from the fake PostEx (matched, idempotent, audited, two at once, a courier failure or
// an empty answer changing nothing, places no longer listed marked off), linked by hand, owner only.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutCities, courierCityFor, deliverableBy } from "../../core/couriers/cities";
import { PAKISTAN_CITIES } from "../../core/couriers/pakistan-cities";
import { sealSecret } from "../../core/shared/secrets";
import { createTestApp, type TestApp } from "../helpers/app";
import { startFakePostex, type FakePostex } from "../helpers/fake-couriers/postex";
import { combinations, count, orderPayload, rows, setStock, stockOf, type Item } from "../helpers/shop";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let fake: FakePostex;
let item: Item;
let accountId: number;
const ids: Record<string, number> = {};

// the courier's list as PostEx spells it: capitals, a cantonment, dots, and two towns the store lacks
const POSTEX_LIST = [
  "KARACHI",
  "LAHORE",
  "LAHORE CANTT",
  "D.G KHAN",
  "RAWALPINDI",
  "ISLAMABAD",
  "CHAK JHUMRA",
  "KOT RADHA KISHAN",
];
const setList = (names: string[]) => {
  fake.cities.clear();
  for (const name of names) fake.cities.set(name, name);
};

beforeAll(async () => {
  t = await createTestApp();
  t.core.secrets ??= { key: Buffer.alloc(32, 7), source: "environment" };
  owner = await makeOwner(t.app, t.core);
  manager = await makeStaff(t.app, t.core, owner, "manager");
  fake = await startFakePostex();
  setList(POSTEX_LIST);
  item = (await combinations(t, 1))[0]!;
  await setStock(t, item, 500);
  for (const r of await rows<{ id: number; name: string }>(t, sql`select id, name from cities`)) ids[r.name] = r.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = (method: "GET" | "POST", url: string, payload?: unknown, who: TestStaff | null = owner) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, payload: payload as object | undefined });
const refresh = (id = accountId, who: TestStaff | null = owner) =>
  call("POST", `/api/admin/couriers/${id}/refresh-cities`, undefined, who);
const link = (body: Record<string, unknown>, who: TestStaff | null = owner) =>
  call("POST", "/api/admin/courier-cities/link", body, who);
const placeOrder = (city: string) =>
  t.app.inject({ method: "POST", url: "/api/orders", payload: { ...orderPayload([{ item, quantity: 1 }]), city } });
const orderRow = async (id: number) =>
  (
    await rows<{ city: string; city_id: number | null; city_unmatched: boolean; shipping_address: string }>(
      t,
      sql`select city, city_id, city_unmatched, shipping_address from orders where id = ${id}`,
    )
  )[0]!;
const courierRows = () =>
  rows<{ courier_city_id: string; city_id: number | null; delivers: boolean }>(
    t,
    sql`select courier_city_id, city_id, delivers from courier_cities where courier = 'postex' order by courier_city_id`,
  );

describe("the base list", () => {
  it("is in the cities table, as pakistan-cities.ts has it", async () => {
    const stored = await rows<{ name: string; province: string; aliases: string[]; rank: number }>(
      t,
      sql`select name, province, aliases, rank from cities where rank > 0 order by rank`,
    );
    expect(stored).toEqual(PAKISTAN_CITIES.map((c) => ({ ...c, aliases: [...c.aliases] })));
  });
});

describe("the checkout's city, with no courier account", () => {
  it("keeps the matched city's own name and id; the shopper's words stay in the address", async () => {
    const res = await placeOrder("Pindi");
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderRow(res.json().id);
    expect(order).toMatchObject({ city: "Rawalpindi", city_id: ids.Rawalpindi, city_unmatched: false });
    for (const [typed, city] of [
      ["  lhr ", "Lahore"],
      ["Faislabad", "Faisalabad"],
      ["D.G. Khan", "Dera Ghazi Khan"],
    ]) {
      const placed = await placeOrder(typed!);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await orderRow(placed.json().id)).toMatchObject({ city, city_id: ids[city!], city_unmatched: false });
    }
  });

  it("places an order whose city matches nothing, as typed and flagged; abroad, neither", async () => {
    const unknown = await placeOrder("Chak 44 Mor");
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(await orderRow(unknown.json().id)).toMatchObject({
      city: "Chak 44 Mor",
      city_id: null,
      city_unmatched: true,
    });
    // staff reading the order through the API see the flag too
    const seen = await call("GET", `/api/admin/orders/${unknown.json().id}`);
    expect(seen.json()).toMatchObject({ city: "Chak 44 Mor", city_unmatched: true });
    const london = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        ...orderPayload([{ item, quantity: 1 }]),
        city: "London",
        country: "United Kingdom",
        phone: "+44 20 7946 0958",
      },
    });
    expect(london.statusCode, london.body).toBe(201);
    expect(await orderRow(london.json().id)).toMatchObject({ city: "London", city_id: null, city_unmatched: false });
  });

  it("takes every city while no courier account exists, and offers every city as delivered", async () => {
    expect((await placeOrder("Gwadar")).statusCode).toBe(201);
    const list = await checkoutCities(t.core);
    expect(list.length).toBe(PAKISTAN_CITIES.length);
    expect(list.every((c) => c.delivers)).toBe(true);
  });
});

describe("a courier's city list", () => {
  beforeAll(async () => {
    const [row] = await rows<{ id: number }>(
      t,
      sql`insert into courier_accounts (courier, label, mode, base_url, credentials_sealed, credentials_hint)
          values ('postex', 'PostEx', 'test', ${fake.baseUrl},
                  ${sealSecret(t.core.secrets!, JSON.stringify(fake.credentials))}, '{}'::jsonb)
          returning id`,
    );
    accountId = row!.id;
  });

  it("is refreshed from the courier: each place matched to a city by its spellings, never by a guess", async () => {
    const res = await refresh();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      account_id: accountId,
      courier: "postex",
      listed: 8,
      matched: 6,
      unmatched: 2,
      added: 8,
      dropped: 0,
    });
    const byKey = Object.fromEntries((await courierRows()).map((r) => [r.courier_city_id, r.city_id]));
    expect(byKey).toEqual({
      KARACHI: ids.Karachi,
      LAHORE: ids.Lahore,
      "LAHORE CANTT": ids.Lahore,
      "D.G KHAN": ids["Dera Ghazi Khan"],
      RAWALPINDI: ids.Rawalpindi,
      ISLAMABAD: ids.Islamabad,
      "CHAK JHUMRA": null,
      "KOT RADHA KISHAN": null,
    });
    // the courier's entry spelled as the city's own name, of the two it lists for Lahore
    expect(await courierCityFor(t.core, "postex", ids.Lahore!)).toEqual({
      courierCityId: "LAHORE",
      courierCityName: "LAHORE",
    });
    expect(await courierCityFor(t.core, "postex", ids.Gwadar!)).toBeNull();
    expect(await deliverableBy(t.core, ids.Karachi!)).toEqual(["postex"]);
    expect(await deliverableBy(t.core, ids.Gwadar!)).toEqual([]);
  });

  it("is the same after a second refresh, which is audited too", async () => {
    const before = await courierRows();
    const again = await refresh();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ listed: 8, matched: 6, added: 0, dropped: 0 });
    expect(await courierRows()).toEqual(before);
    const audits = await rows<{ entity_id: string; changes: Record<string, unknown> }>(
      t,
      sql`select entity_id, changes from audit_log where action = 'courier.cities_refresh' order by id`,
    );
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ entity_id: String(accountId), changes: { listed: 8, added: 0 } });
  });

  it("takes two refreshes at once, one after the other, with one row per place", async () => {
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await courierRows()).length).toBe(8);
    expect(await count(t, sql`select count(*) as n from audit_log where action = 'courier.cities_refresh'`)).toBe(4);
  });

  it("marks a place the courier no longer lists as not delivered to, and takes it back", async () => {
    setList(POSTEX_LIST.filter((n) => n !== "ISLAMABAD"));
    expect((await refresh()).json()).toMatchObject({ listed: 7, dropped: 1, added: 0 });
    expect((await courierRows()).find((r) => r.courier_city_id === "ISLAMABAD")).toMatchObject({ delivers: false });
    expect(await deliverableBy(t.core, ids.Islamabad!)).toEqual([]);
    setList(POSTEX_LIST);
    expect((await refresh()).json()).toMatchObject({ listed: 8, dropped: 0, added: 0 });
    expect(await deliverableBy(t.core, ids.Islamabad!)).toEqual(["postex"]);
  });

  it("keeps the last list when the courier fails or answers an empty one", async () => {
    const before = await courierRows();
    fake.failNext("error");
    const broken = await refresh();
    expect(broken.statusCode).toBe(409);
    expect(broken.json().detail).toMatch(/PostEx/);
    fake.failNext("down");
    expect((await refresh()).statusCode).toBe(409);
    setList([]);
    const empty = await refresh();
    expect(empty.statusCode).toBe(409);
    expect(empty.json().detail).toBe("PostEx answered an empty city list. The last list is kept; try again later.");
    setList(POSTEX_LIST);
    expect(await courierRows()).toEqual(before);
  });

  it("shows each account's list and the places that match none; they are linked by hand and stay linked", async () => {
    const lists = await call("GET", "/api/admin/courier-cities");
    expect(lists.statusCode, lists.body).toBe(200);
    expect(lists.json()).toEqual([
      expect.objectContaining({
        account_id: accountId,
        courier_name: "PostEx",
        active: true,
        delivering: 8,
        unmatched: 2,
      }),
    ]);
    const unmatched = await call("GET", "/api/admin/courier-cities/unmatched?courier=postex");
    expect(unmatched.headers["x-total-count"]).toBe("2");
    expect(unmatched.json().map((p: { courier_city_id: string }) => p.courier_city_id)).toEqual([
      "CHAK JHUMRA",
      "KOT RADHA KISHAN",
    ]);

    const toKasur = await link({ courier: "postex", courier_city_id: "KOT RADHA KISHAN", city: "qasur" });
    expect(toKasur.statusCode, toKasur.body).toBe(200);
    expect(toKasur.json()).toEqual({ city_id: ids.Kasur, city: "Kasur", created: false });
    const added = await link({ courier: "postex", courier_city_id: "CHAK JHUMRA", city: "CHAK JHUMRA" });
    expect(added.json()).toMatchObject({ city: "Chak Jhumra", created: true });
    expect((await refresh()).json()).toMatchObject({ matched: 8, unmatched: 0 });
    expect((await courierRows()).filter((r) => r.city_id === null)).toEqual([]);
    // the new city is one the checkout now knows
    const placed = await placeOrder("chak jhumra");
    expect(await orderRow(placed.json().id)).toMatchObject({ city: "Chak Jhumra", city_unmatched: false });
    expect(await count(t, sql`select count(*) as n from audit_log where action = 'courier.city_link'`)).toBe(2);
  });

  it("refuses hostile and wrong links and refreshes with a clear message", async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ courier: "dhl", courier_city_id: "KARACHI", city: "Karachi" }, 422, /courier must be one of/],
      [{ courier: "postex", courier_city_id: "NOWHERE", city: "Karachi" }, 404, /No such place/],
      [{ courier: "postex", courier_city_id: "KARACHI", city: "<script>" }, 422, /not a city's name/],
      [{ courier: "postex", courier_city_id: "KARACHI", city: "x".repeat(61) }, 422, /at most 60/],
      [{ courier: "postex", courier_city_id: "K".repeat(1_000_000), city: "Karachi" }, 413, /too large/],
      [{ courier: "postex", courier_city_id: "KARACHI", city: "Lahore\u0001" }, 422, /control characters/],
      [{ courier: "postex", courier_city_id: ["KARACHI"], city: "Karachi" }, 422, /courier_city_id/],
    ];
    for (const [body, status, detail] of cases) {
      const res = await link(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await refresh(999_999)).statusCode).toBe(404);
    expect((await call("POST", "/api/admin/couriers/abc/refresh-cities")).statusCode).toBe(422);
    expect((await call("POST", "/api/admin/couriers/99999999999/refresh-cities")).statusCode).toBe(422);
    expect((await call("GET", "/api/admin/courier-cities/unmatched?courier=x")).statusCode).toBe(422);
  });

  it("is the owner's: other members are refused, and nobody without a token", async () => {
    expect((await refresh(accountId, manager)).statusCode).toBe(403);
    expect((await refresh(accountId, null)).statusCode).toBe(401);
    expect((await link({ courier: "postex", courier_city_id: "KARACHI", city: "Karachi" }, manager)).statusCode).toBe(
      403,
    );
    for (const url of [
      "/api/admin/cities",
      "/api/admin/courier-cities",
      "/api/admin/courier-cities/unmatched?courier=postex",
    ]) {
      expect((await call("GET", url, undefined, manager)).statusCode).toBe(403);
    }
    const list = await call("GET", "/api/admin/cities");
    expect(list.json().cities[0]).toMatchObject({ name: "Karachi", province: "Sindh", rank: 1 });
  });
});

describe("the checkout's city, once couriers are connected", () => {
  it("refuses a city no active courier delivers to, before anything is written", async () => {
    const orders = await count(t, sql`select count(*) as n from orders`);
    const stock = await stockOf(t, item);
    const res = await placeOrder("Gwadar");
    expect(res.statusCode, res.body).toBe(422);
    const message =
      "Sorry, we don't deliver to Gwadar yet. Please choose another city, or contact us to arrange delivery.";
    expect(res.json()).toEqual({ detail: message, errors: [{ field: "city", message }] });
    expect(await count(t, sql`select count(*) as n from orders`)).toBe(orders);
    expect(await stockOf(t, item)).toBe(stock);
    expect((await checkoutCities(t.core)).find((c) => c.name === "Gwadar")).toMatchObject({ delivers: false });
    expect((await checkoutCities(t.core)).find((c) => c.name === "Karachi")).toMatchObject({ delivers: true });
  });

  it("places a delivered city, and one that matches nothing (flagged for staff)", async () => {
    const khi = await placeOrder("Khi");
    expect(khi.statusCode, khi.body).toBe(201);
    expect(await orderRow(khi.json().id)).toMatchObject({ city: "Karachi", city_id: ids.Karachi });
    const unknown = await placeOrder("Some Village");
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(await orderRow(unknown.json().id)).toMatchObject({ city_unmatched: true });
  });

  it("lets staff take a phone order to such a city: they may ship it by hand", async () => {
    const res = await call("POST", "/api/admin/orders", {
      first_name: "Sana",
      last_name: "Iqbal",
      phone: "0321-5550101",
      shipping_address: "Near the fish harbour",
      city: "Gwadar",
      postal_code: "91200",
      items: [{ product_id: item.productId, combination_id: item.combinationId, quantity: 1 }],
      source: "phone",
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("takes every city again while an active account's list is not loaded, or no account is active", async () => {
    await t.core.db.execute(
      sql`insert into courier_accounts (courier, label, credentials_sealed, credentials_hint)
          values ('leopards', 'Leopards', 'v1.x', '{}'::jsonb)`,
    );
    t.core.cache.clear();
    expect((await placeOrder("Gwadar")).statusCode).toBe(201);
    expect((await checkoutCities(t.core)).every((c) => c.delivers)).toBe(true);
    await t.core.db.execute(sql`update courier_accounts set is_active = false`);
    expect((await placeOrder("Gwadar")).statusCode).toBe(201);
  });
});
