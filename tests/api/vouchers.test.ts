import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { createTestApp, type TestApp } from "../helpers/app";
import { combinations, count, orderPayload, post, setStock } from "../helpers/shop";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  RATE_LIMITS.vouchers.limit = 10_000;
  await t.database.db.execute(sql`
    insert into vouchers (code, description, message, discount_type, discount_value, starts_at, usage_limit, used_count)
    values ('LATER15', 'Starts next month', null, 'percentage', 15, now() + interval '30 days', null, 0),
           ('GONE5', 'All used up', null, 'flat', 50000, null, 2, 2)`);
});
afterAll(async () => {
  await t?.close();
});

const validate = (body: Record<string, unknown>, remoteAddress?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/validate-voucher",
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe("POST /api/validate-voucher", () => {
  it("answers valid, message, discount_amount and the voucher for a usable code", async () => {
    const res = await validate({ code: "WELCOME10", order_amount: 3000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      message: "Welcome to Zaiba! 10% off has been applied to your order.",
      discount_amount: 300,
      free_shipping: false,
      voucher: {
        code: "WELCOME10",
        description: "10% off your order, up to Rs. 1,000",
        discount_type: "percentage",
        discount_value: 10,
        max_discount: 1000,
        min_order_amount: 0,
        message: "Welcome to Zaiba! 10% off has been applied to your order.",
      },
    });
    expect(res.body).toContain('"discount_amount":300.00');
  });

  it("caps a percentage at the voucher's maximum and reads the code in any case", async () => {
    const res = await validate({ code: " welcome10 ", order_amount: "20000.00" });
    expect(res.json()).toMatchObject({ valid: true, discount_amount: 1000 });
  });

  it("applies the minimum order of FLAT500", async () => {
    expect((await validate({ code: "FLAT500", order_amount: 2999.99 })).json()).toMatchObject({
      valid: false,
      message: "Minimum order for this voucher is Rs. 3,000.",
      discount_amount: 0,
      voucher: null,
    });
    expect((await validate({ code: "FLAT500", order_amount: 3000 })).json()).toMatchObject({
      valid: true,
      discount_amount: 500,
      voucher: { discount_type: "flat", discount_value: 500 },
    });
  });

  it("marks a shipping voucher as free shipping without a discount on the goods", async () => {
    expect((await validate({ code: "FREESHIP", order_amount: 1000 })).json()).toMatchObject({
      valid: true,
      discount_amount: 0,
      free_shipping: true,
      voucher: { discount_type: "shipping" },
    });
  });

  it.each([
    ["EXPIRED20", "This voucher has expired."],
    ["INACTIVE", "This voucher is no longer active."],
    ["LATER15", "This voucher is not active yet."],
    ["GONE5", "This voucher has reached its usage limit."],
    ["NOSUCHCODE", "Invalid voucher code"],
  ])("answers 200 with valid false for %s: %s", async (code, message) => {
    const res = await validate({ code, order_amount: 10_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: false, message, discount_amount: 0, free_shipping: false, voucher: null });
  });

  it("applies the per-customer limit when the email or phone is given", async () => {
    const [item] = await combinations(t, 0);
    await setStock(t, item!, 10);
    const placed = await post(
      t,
      "/api/orders",
      orderPayload([{ item: item!, quantity: 1 }], {
        voucher: { code: "EID25", pricing: { discountType: "percentage", discountValue: 25, maxDiscountPaisa: null } },
        email: "once@example.pk",
        phone: "0321-5556667",
      }),
    );
    expect(placed.status).toBe(201);
    expect((await validate({ code: "EID25", order_amount: 5000, email: "ONCE@example.pk" })).json()).toMatchObject({
      valid: false,
      message: "You have already used this voucher.",
    });
    expect((await validate({ code: "EID25", order_amount: 5000, phone: "+923215556667" })).json()).toMatchObject({
      valid: false,
    });
    expect((await validate({ code: "EID25", order_amount: 5000, email: "new@example.pk" })).json()).toMatchObject({
      valid: true,
      discount_amount: 1250,
    });
    expect((await validate({ code: "EID25", order_amount: 5000 })).json()).toMatchObject({ valid: true });
  });

  it("never counts a use", async () => {
    const before = await count(t, sql`select used_count as n from vouchers where code = 'WELCOME10'`);
    await Promise.all(Array.from({ length: 10 }, () => validate({ code: "WELCOME10", order_amount: 3000 })));
    expect(await count(t, sql`select used_count as n from vouchers where code = 'WELCOME10'`)).toBe(before);
  });

  it("answers 422 for a missing code or a bad amount", async () => {
    const missing = await validate({ code: "", order_amount: 100 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe("Please enter a voucher code");
    const amount = await validate({ code: "WELCOME10", order_amount: "a lot" });
    expect(amount.statusCode).toBe(422);
    expect(amount.json().detail).toMatch(/order_amount/);
  });

  it("answers 429 with Retry-After beyond the limit", async () => {
    const saved = RATE_LIMITS.vouchers.limit;
    RATE_LIMITS.vouchers.limit = 3;
    try {
      for (let i = 0; i < 3; i++)
        expect((await validate({ code: "WELCOME10", order_amount: 1 }, "10.1.2.3")).statusCode).toBe(200);
      const limited = await validate({ code: "WELCOME10", order_amount: 1 }, "10.1.2.3");
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toMatch(/Too many voucher checks/);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // another client is not affected
      expect((await validate({ code: "WELCOME10", order_amount: 1 }, "10.1.2.4")).statusCode).toBe(200);
    } finally {
      RATE_LIMITS.vouchers.limit = saved;
    }
  });
});

describe("POST /api/apply-voucher/{code}", () => {
  it("acknowledges a known code, with or without a declared JSON body, and counts nothing", async () => {
    const before = await count(t, sql`select used_count as n from vouchers where code = 'FLAT500'`);
    const plain = await t.app.inject({ method: "POST", url: "/api/apply-voucher/FLAT500" });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ success: true, code: "FLAT500", valid: true });
    const declared = await t.app.inject({
      method: "POST",
      url: "/api/apply-voucher/flat500",
      headers: { "content-type": "application/json" },
    });
    expect(declared.statusCode).toBe(200);
    const withBody = await t.app.inject({ method: "POST", url: "/api/apply-voucher/FLAT500", payload: {} });
    expect(withBody.statusCode).toBe(200);
    expect(await count(t, sql`select used_count as n from vouchers where code = 'FLAT500'`)).toBe(before);
  });

  it("says whether the code is still usable", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/apply-voucher/EXPIRED20" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, valid: false, message: "This voucher has expired." });
  });

  it("answers 404 for an unknown code", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/apply-voucher/NOSUCHCODE" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Invalid voucher code" });
  });
});
