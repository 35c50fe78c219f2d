// Vouchers for staff (decision 0066): create and edit the three kinds, codes
// unique in any case (409, never 500), hostile values refused with a message naming the field,
// dates in Pakistan time, a usage limit never below the uses counted, delete refused once used,
// and the console's voucher pages. Fulfilment staff get 403. The checkout taking a new voucher and
// the race of a lowered limit with orders are in admin-vouchers-checkout.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { count, rows } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  owner,
  manager,
  packer,
  catalogue,
  pages,
  call,
  freshCode,
  create,
  audits,
  startVoucherStore,
} from "../helpers/voucher-desk";

startVoucherStore();

describe("creating vouchers", () => {
  it("creates a percentage voucher with a maximum, dates in Pakistan time and limits, audited", async () => {
    const code = freshCode("eid");
    const v = await create({
      code: ` ${code.toLowerCase()} `,
      description: "Eid 15% off",
      message: "Eid Mubarak! 15% off applied.",
      discount_type: "percentage",
      discount_value: 15,
      max_discount: "1500.50",
      min_order_amount: 2000,
      starts_at: "2026-12-01T00:00",
      ends_at: "2026-12-31T23:59",
      usage_limit: 100,
      per_customer_limit: 1,
    });
    expect(v).toMatchObject({
      code: code.toUpperCase(),
      discount_type: "percentage",
      discount_value: 15,
      max_discount: 1500.5,
      min_order_amount: 2000,
      // midnight in Karachi is 19:00 the day before in UTC
      starts_at: "2026-11-30T19:00:00.000Z",
      ends_at: "2026-12-31T18:59:00.000Z",
      usage_limit: 100,
      per_customer_limit: 1,
      used_count: 0,
      is_active: true,
      state: "scheduled",
    });
    expect(await audits("voucher.create", v.id)).toBe(1);
    const one = await call(manager, "GET", `/api/admin/vouchers/${v.id}`);
    expect(one.json()).toMatchObject({ id: v.id, code: code.toUpperCase() });
  });

  it("takes its amounts as people type them: a cap of 1,000, a minimum of Rs. 2,500", async () => {
    const v = await create({
      code: freshCode("typed"),
      discount_type: "percentage",
      discount_value: 10,
      max_discount: "1,000",
      min_order_amount: "Rs. 2,500",
    });
    expect([v.max_discount, v.min_order_amount]).toEqual([1000, 2500]);
  });

  it("creates flat (rupees) and free-shipping vouchers; a maximum is refused on them", async () => {
    const flat = await create({ code: freshCode("flat"), discount_type: "flat", discount_value: "250.75" });
    expect(flat).toMatchObject({ discount_type: "flat", discount_value: 250.75, max_discount: null, state: "active" });
    expect(await count(t, sql`select discount_value as n from vouchers where id = ${flat.id}`)).toBe(25075);
    const ship = await create({ code: freshCode("ship"), discount_type: "shipping", min_order_amount: 1500 });
    expect(ship).toMatchObject({ discount_type: "shipping", discount_value: 0, min_order_amount: 1500 });
    const refused = await call(manager, "POST", "/api/admin/vouchers", {
      code: freshCode(),
      discount_type: "flat",
      discount_value: 100,
      max_discount: 50,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain("max_discount");
  });

  it("refuses a code already used in any case with 409, never 500 (also when two saves race)", async () => {
    const code = freshCode("dup");
    await create({ code, discount_type: "flat", discount_value: 100 });
    const again = await call(manager, "POST", "/api/admin/vouchers", {
      code: code.toLowerCase(),
      discount_type: "percentage",
      discount_value: 5,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      `A voucher with the code ${code.toUpperCase()} already exists (codes are the same in any case).`,
    );
    // the demo store's own code too
    expect(
      (await call(manager, "POST", "/api/admin/vouchers", { code: "welcome10", discount_type: "shipping" })).statusCode,
    ).toBe(409);
    const raced = freshCode("race");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(manager, "POST", "/api/admin/vouchers", { code: raced, discount_type: "flat", discount_value: 10 }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await count(t, sql`select count(*) as n from vouchers where upper(code) = ${raced.toUpperCase()}`)).toBe(1);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ code: "AB", discount_type: "flat", discount_value: 1 }, "code must be 3 to 32 characters"],
    [{ code: "X".repeat(1_000_000), discount_type: "flat", discount_value: 1 }, "code must be 3 to 32 characters"],
    [{ code: "EID 10", discount_type: "flat", discount_value: 1 }, "code may hold only"],
    [{ code: "EID\u000010", discount_type: "flat", discount_value: 1 }, "code may hold only"],
    [{ code: "ÉTÉ10", discount_type: "flat", discount_value: 1 }, "code may hold only"],
    [{ code: "OKCODE1", discount_type: "bogus" }, "discount_type must be one of"],
    [{ code: "OKCODE1", discount_type: "percentage", discount_value: 0 }, "discount_value must be a whole percent"],
    [{ code: "OKCODE1", discount_type: "percentage", discount_value: 101 }, "discount_value must be a whole percent"],
    [{ code: "OKCODE1", discount_type: "percentage", discount_value: 12.5 }, "discount_value must be a whole percent"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 0 }, "discount_value must be an amount"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: -5 }, "discount_value must be an amount"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 1e300 }, "discount_value must be an amount"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: "12.345" }, "discount_value must be an amount"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, min_order_amount: -1 }, "min_order_amount"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, min_order_amount: 9e15 }, "min_order_amount"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, usage_limit: 0 }, "usage_limit"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, usage_limit: 2 ** 40 }, "usage_limit"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, per_customer_limit: 1.5 }, "per_customer_limit"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, starts_at: "tomorrow" }, "starts_at"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, starts_at: "2026-02-31T10:00" }, "starts_at"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, ends_at: "9".repeat(100_000) }, "ends_at"],
    [
      {
        code: "OKCODE1",
        discount_type: "flat",
        discount_value: 5,
        starts_at: "2026-12-02T00:00",
        ends_at: "2026-12-01T00:00",
      },
      "ends_at must be after starts_at",
    ],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, message: "hi\u0000there" }, "message"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, description: "d".repeat(201) }, "description"],
    [{ code: "OKCODE1", discount_type: "flat", discount_value: 5, is_active: "yes" }, "is_active"],
  ])("refuses a hostile or wrong value with a message naming the field (%#: %s)", async (body, words) => {
    const res = await call(manager, "POST", "/api/admin/vouchers", body);
    // a NUL byte in a JSON body is refused before routing (400, decision 0045)
    expect([400, 413, 422]).toContain(res.statusCode);
    if (res.statusCode === 422) expect(res.json().detail).toContain(words);
    expect(await count(t, sql`select count(*) as n from vouchers where code = 'OKCODE1'`)).toBe(0);
  });
});

describe("editing vouchers", () => {
  it("changes only the fields given, audits the change, and answers changed: false for no change", async () => {
    const v = await create({
      code: freshCode("edit"),
      discount_type: "percentage",
      discount_value: 10,
      max_discount: 500,
    });
    const res = await call(manager, "PUT", `/api/admin/vouchers/${v.id}`, { discount_value: 20, is_active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      discount_value: 20,
      max_discount: 500,
      is_active: false,
      state: "inactive",
      changed: true,
    });
    expect(await audits("voucher.update", v.id)).toBe(1);
    const same = await call(manager, "PUT", `/api/admin/vouchers/${v.id}`, { discount_value: 20 });
    expect(same.json().changed).toBe(false);
    expect(await audits("voucher.update", v.id)).toBe(1);
    // turning it into a flat voucher needs a flat amount, and clears the maximum
    const flat = await call(manager, "PUT", `/api/admin/vouchers/${v.id}`, {
      discount_type: "flat",
      discount_value: 300,
    });
    expect(flat.json()).toMatchObject({ discount_type: "flat", discount_value: 300, max_discount: null });
    expect(
      (await call(manager, "PUT", `/api/admin/vouchers/${v.id}`, { discount_type: "percentage" })).statusCode,
    ).toBe(422);
  });

  it("refuses to rename onto another voucher's code (409) and answers 404 for a missing voucher", async () => {
    const a = await create({ code: freshCode("ren"), discount_type: "flat", discount_value: 1 });
    const b = await create({ code: freshCode("ren"), discount_type: "flat", discount_value: 1 });
    const res = await call(manager, "PUT", `/api/admin/vouchers/${b.id}`, { code: a.code.toLowerCase() });
    expect(res.statusCode).toBe(409);
    // its own code in another case is no clash
    expect((await call(manager, "PUT", `/api/admin/vouchers/${b.id}`, { code: b.code.toLowerCase() })).statusCode).toBe(
      200,
    );
    expect((await call(manager, "PUT", "/api/admin/vouchers/999999", { is_active: false })).statusCode).toBe(404);
    expect((await call(manager, "GET", "/api/admin/vouchers/999999")).statusCode).toBe(404);
    expect((await call(manager, "GET", "/api/admin/vouchers/abc")).statusCode).toBe(422);
    expect((await call(manager, "GET", "/api/admin/vouchers/99999999999")).statusCode).toBe(422);
  });

  it("lists with a code search and state filters", async () => {
    const tag = freshCode("LIST");
    const active = await create({ code: `${tag}A`, discount_type: "flat", discount_value: 1 });
    const later = await create({
      code: `${tag}B`,
      discount_type: "flat",
      discount_value: 1,
      starts_at: "2099-01-01T00:00",
    });
    const gone = await create({
      code: `${tag}C`,
      discount_type: "flat",
      discount_value: 1,
      starts_at: "2020-01-01T00:00",
      ends_at: "2020-02-01T00:00",
    });
    const off = await create({ code: `${tag}D`, discount_type: "flat", discount_value: 1, is_active: false });
    const ids = async (query: string) => {
      const res = await call(manager, "GET", `/api/admin/vouchers?search=${tag.toLowerCase()}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((v: { id: number }) => v.id);
    };
    expect((await ids("")).sort()).toEqual([active.id, later.id, gone.id, off.id].sort());
    expect(await ids("&state=active")).toEqual([active.id]);
    expect(await ids("&state=scheduled")).toEqual([later.id]);
    expect(await ids("&state=expired")).toEqual([gone.id]);
    expect(await ids("&state=inactive")).toEqual([off.id]);
    // a search is a plain substring: % and _ match themselves
    expect((await call(manager, "GET", "/api/admin/vouchers?search=%25")).json()).toEqual([]);
    expect((await call(manager, "GET", "/api/admin/vouchers?state=bogus")).statusCode).toBe(422);
    expect((await call(manager, "GET", `/api/admin/vouchers?search=${"x".repeat(51)}`)).statusCode).toBe(422);
  });
});

describe("permissions", () => {
  it("answers 403 to fulfilment and catalogue staff, for reading and writing", async () => {
    for (const who of [packer, catalogue]) {
      expect((await call(who, "GET", "/api/admin/vouchers")).statusCode).toBe(403);
      expect(
        (
          await call(who, "POST", "/api/admin/vouchers", {
            code: freshCode(),
            discount_type: "flat",
            discount_value: 1,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await call(owner, "GET", "/api/admin/vouchers")).statusCode).toBe(200);
  });
});

describe.skipIf(!pages)("the console's voucher pages", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };
  const post = async (who: TestStaff, url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: {
        ...(await consoleCookie(who)),
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it("opens for managers, not for fulfilment or catalogue, and takes hostile filters calmly", async () => {
    for (const who of [packer, catalogue]) {
      for (const url of ["/admin/vouchers", "/admin/vouchers/new"]) {
        const res = await t.app.inject({ method: "GET", url, headers: await consoleCookie(who) });
        expect(res.statusCode, `${who.role} ${url}`).toBe(403);
      }
    }
    const headers = await consoleCookie(manager);
    for (const query of [
      "",
      "?state=expired",
      "?state=bogus",
      `?search=${encodeURIComponent("<script>alert(1)</script>%_")}`,
      `?search=${"x".repeat(5000)}`,
      "?page=99999999999",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/vouchers${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).not.toContain("<script>alert(1)");
    }
    for (const id of ["abc", "0", "99999999999", "999999"]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/vouchers/${id}`, headers });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it("creates a voucher from the form, dates read as Pakistan time, and it works at the checkout at once", async () => {
    const code = freshCode("form");
    const res = await post(manager, "/admin/vouchers/new", {
      intent: "save",
      code: code.toLowerCase(),
      discount_type: "flat",
      discount_value: "300",
      // the field shows for every kind before the script runs: ignored for a flat voucher
      max_discount: "999",
      min_order_amount: "",
      starts_at: "2026-01-01T09:00",
      ends_at: "",
      usage_limit: "",
      per_customer_limit: "2",
      description: "Form voucher",
      message: "",
      is_active: "on",
    });
    expect([302, 303]).toContain(res.statusCode);
    const [row] = await rows<{
      id: number;
      starts_at: Date;
      discount_value: number;
      max_discount_paisa: number | null;
    }>(
      t,
      sql`select id, starts_at, discount_value, max_discount_paisa from vouchers where code = ${code.toUpperCase()}`,
    );
    expect(res.headers.location).toBe(`/admin/vouchers/${row!.id}?saved=1`);
    expect(new Date(row!.starts_at).toISOString()).toBe("2026-01-01T04:00:00.000Z");
    expect(row).toMatchObject({ discount_value: 30000, max_discount_paisa: null });
    const check = await t.app.inject({
      method: "POST",
      url: "/api/validate-voucher",
      payload: { code, order_amount: 3000 },
    });
    expect(check.json()).toMatchObject({ valid: true, discount_amount: 300 });
    const page = await t.app.inject({
      method: "GET",
      url: `/admin/vouchers/${row!.id}`,
      headers: await consoleCookie(manager),
    });
    expect(page.body).toContain('value="2026-01-01T09:00"');

    // a refusal keeps what was typed and names the field
    const bad = await post(manager, "/admin/vouchers/new", {
      intent: "save",
      code: code,
      discount_type: "percentage",
      discount_value: "150",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("discount_value must be a whole percent from 1 to 100");
    const dup = await post(manager, "/admin/vouchers/new", { intent: "save", code, discount_type: "shipping" });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toContain("already exists");
    expect(
      (await post(catalogue, "/admin/vouchers/new", { intent: "save", code: freshCode(), discount_type: "shipping" }))
        .statusCode,
    ).toBe(403);
  });
});
