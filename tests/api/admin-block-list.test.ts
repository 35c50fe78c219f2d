// The block list through the staff API (decision 0073): list, add a phone in
// any Pakistani form (stored as the checkout stores it) or an address with its city, an order's
// phone or address, remove; who and when; 409 for a repeat, one row for parallel adds; audited;
// the orders permission only; hostile input refused with a clear message.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshIp } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { count, orderPayload, rows, setStock, simpleProducts } from "../helpers/shop";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
let packer: TestStaff;
let catalogue: TestStaff;

const api = (method: "GET" | "POST" | "DELETE", url: string, who: TestStaff | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeOwner(t.app, t.core);
  packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
});
afterAll(async () => t?.close());

describe("the block list", () => {
  it("adds a phone in any Pakistani form, once, with who and when, and audits it", async () => {
    const added = await api("POST", "/api/admin/block-list", packer, {
      kind: "phone",
      phone: "0300-7654321",
      reason: "  Refused   two parcels ",
    });
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json();
    expect(entry).toMatchObject({
      kind: "phone",
      value: "923007654321",
      display: "0300-7654321",
      reason: "Refused two parcels",
      created_by: { id: packer.id, name: "Test fulfilment" },
    });
    for (const form of ["+92 300 7654321", "923007654321", "0092-300-765-4321", "3007654321"]) {
      const again = await api("POST", "/api/admin/block-list", owner, { kind: "phone", phone: form });
      expect(again.statusCode, form).toBe(409);
      expect(again.json().detail).toBe("This phone number is already on the block list.");
    }
    const list = await api("GET", "/api/admin/block-list?kind=phone", packer);
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("1");
    expect(list.json()[0]).toMatchObject({ id: entry.id, value: "923007654321", created_by: { id: packer.id } });
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'block_list.add' and entity_id = ${String(entry.id)}`,
      ),
    ).toBe(1);
  });

  it("adds an address with its city in its normal form, and takes entries off", async () => {
    const added = await api("POST", "/api/admin/block-list", owner, {
      kind: "address",
      address: "House #5, St. 10,\nF-7/2",
      city: "Islamabad",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      value: "house 5 st 10 f 7 2|islamabad",
      display: "House #5, St. 10, F-7/2, Islamabad",
    });
    const same = await api("POST", "/api/admin/block-list", owner, {
      kind: "address",
      address: "house 5 st 10 f 7/2",
      city: "ISLAMABAD",
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().detail).toBe("This address is already on the block list.");
    // the same words in another city are another address
    const otherCity = await api("POST", "/api/admin/block-list", owner, {
      kind: "address",
      address: "House 5, St 10, F-7/2",
      city: "Rawalpindi",
    });
    expect(otherCity.statusCode).toBe(201);

    const removed = await api("DELETE", `/api/admin/block-list/${added.json().id}`, owner);
    expect(removed.statusCode).toBe(204);
    expect((await api("DELETE", `/api/admin/block-list/${added.json().id}`, owner)).statusCode).toBe(404);
    expect(await count(t, sql`select count(*) as n from audit_log where action = 'block_list.remove'`)).toBe(1);
  });

  it("blocks an order's phone or address from the order", async () => {
    const [item] = await simpleProducts(t, 0, 1);
    await setStock(t, item!, 50);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        ...orderPayload([{ item: item!, quantity: 1 }], { phone: "0345 1112223" }),
        shipping_address: "Plot 7, Block 13-D, Gulshan-e-Iqbal",
        city: "Karachi",
      },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().id as number;
    const phone = await api("POST", "/api/admin/block-list", packer, {
      kind: "phone",
      order_id: orderId,
      reason: "fake",
    });
    expect(phone.statusCode, phone.body).toBe(201);
    expect(phone.json()).toMatchObject({ value: "923451112223", reason: "fake" });
    const address = await api("POST", "/api/admin/block-list", packer, { kind: "address", order_id: orderId });
    expect(address.statusCode).toBe(201);
    expect(address.json().value).toBe("plot 7 block 13 d gulshan e iqbal|karachi");
    const [order] = await rows<{ address_key: string }>(t, sql`select address_key from orders where id = ${orderId}`);
    expect(order!.address_key).toBe(address.json().value);
    expect((await api("POST", "/api/admin/block-list", packer, { kind: "phone", order_id: orderId })).statusCode).toBe(
      409,
    );
    expect(
      (await api("POST", "/api/admin/block-list", packer, { kind: "phone", order_id: 99_999_999 })).statusCode,
    ).toBe(404);
  });

  it("stores one row when the same phone is added at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        api("POST", "/api/admin/block-list", owner, { kind: "phone", phone: n % 2 ? "0333 9998887" : "+923339998887" }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await count(t, sql`select count(*) as n from blocked_contacts where value = '923339998887'`)).toBe(1);
  });

  it("is for the orders permission only", async () => {
    expect((await api("GET", "/api/admin/block-list", null)).statusCode).toBe(401);
    expect((await api("GET", "/api/admin/block-list", catalogue)).statusCode).toBe(403);
    expect(
      (await api("POST", "/api/admin/block-list", catalogue, { kind: "phone", phone: "03001234567" })).statusCode,
    ).toBe(403);
    expect((await api("DELETE", "/api/admin/block-list/1", catalogue)).statusCode).toBe(403);
  });

  it("refuses hostile input with a clear message and stores nothing", async () => {
    const before = await count(t, sql`select count(*) as n from blocked_contacts`);
    const cases: [unknown, number, RegExp][] = [
      [{ kind: "email", phone: "03001234567" }, 422, /kind must be one of: phone, address/],
      [{ phone: "03001234567" }, 422, /kind/],
      [{ kind: "phone" }, 422, /phone is required/],
      [{ kind: "phone", phone: "" }, 422, /phone is required/],
      [{ kind: "phone", phone: "12345" }, 422, /valid Pakistani mobile number/],
      [{ kind: "phone", phone: "0300-1234567".repeat(10) }, 422, /phone must be at most 30 characters/],
      [{ kind: "phone", phone: "9".repeat(100_000) }, 422, /at most 30/],
      [{ kind: "phone", phone: ["03001234567"] }, 422, /phone must be text/],
      [{ kind: "phone", phone: { $ne: "" } }, 422, /phone must be text/],
      [{ kind: "phone", phone: "03001234567", reason: "x".repeat(201) }, 422, /reason must be at most 200/],
      [{ kind: "phone", phone: "03001234567", reason: "bad\u0007byte" }, 422, /reason must be plain text/],
      [{ kind: "address", address: "House 1, Street 2" }, 422, /city is required/],
      [{ kind: "address", address: "   ", city: "Lahore" }, 422, /address is required/],
      [{ kind: "address", address: "!!! ... ###", city: "Lahore" }, 422, /address must have letters or digits/],
      [{ kind: "address", address: "House 1", city: "***" }, 422, /city must have letters or digits/],
      [{ kind: "address", address: "a".repeat(501), city: "Lahore" }, 422, /address must be at most 500/],
      [{ kind: "address", address: "House 1", city: "c".repeat(61) }, 422, /city must be at most 60/],
      [{ kind: "phone", order_id: "abc" }, 422, /order_id must be a positive whole number/],
      [{ kind: "phone", order_id: -1 }, 422, /order_id/],
    ];
    for (const [payload, status, detail] of cases) {
      const res = await api("POST", "/api/admin/block-list", owner, payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 80)} ${res.body}`).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    for (const url of ["/api/admin/block-list/abc", "/api/admin/block-list/0", "/api/admin/block-list/-5"]) {
      expect((await api("DELETE", url, owner)).statusCode, url).toBe(422);
    }
    expect((await api("GET", "/api/admin/block-list?kind=nope", owner)).statusCode).toBe(422);
    expect((await api("GET", "/api/admin/block-list?limit=100000", owner)).statusCode).toBe(422);
    expect(await count(t, sql`select count(*) as n from blocked_contacts`)).toBe(before);
  });
});
