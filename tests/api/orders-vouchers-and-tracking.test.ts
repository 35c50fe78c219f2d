// Vouchers in orders through the checkout API (each kind, limits, what the order records), and a
// shopper's tracking of an order (GET /api/orders/track/{tracking_id}).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatRupees } from "../../core/shared/money";
import { count, get, orderPayload, post, stockOf } from "../helpers/shop";
import {
  t,
  orderCount,
  WELCOME10,
  FREESHIP,
  EID25,
  freshCombination,
  startOrdersApiStore,
} from "../helpers/orders-api";

startOrdersApiStore();

describe("vouchers in orders", () => {
  it("takes the discount and counts one use; apply-voucher afterwards counts nothing", async () => {
    const item = await freshCombination(10);
    const usedBefore = await count(t, sql`select used_count as n from vouchers where code = 'WELCOME10'`);
    const res = await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }], { voucher: WELCOME10 }));
    expect(res.status).toBe(201);
    expect(res.body.voucher_code).toBe("WELCOME10");
    expect(res.body.discount).toBeGreaterThan(0);
    expect(await count(t, sql`select used_count as n from vouchers where code = 'WELCOME10'`)).toBe(usedBefore + 1);
    expect(await count(t, sql`select count(*) as n from voucher_redemptions where order_id = ${res.body.id}`)).toBe(1);

    for (let i = 0; i < 3; i++) {
      const applied = await post(t, "/api/apply-voucher/welcome10", undefined);
      expect(applied.status).toBe(200);
      expect(applied.body.success).toBe(true);
    }
    expect(await count(t, sql`select used_count as n from vouchers where code = 'WELCOME10'`)).toBe(usedBefore + 1);
  });

  it("makes shipping free with FREESHIP", async () => {
    const item = await freshCombination(10);
    const res = await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }], { voucher: FREESHIP }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ shipping: 0, discount: 0, total: item.pricePaisa / 100 });
  });

  it("refuses an expired, inactive or unknown voucher with 409 and its reason", async () => {
    const item = await freshCombination(10);
    const before = await orderCount();
    const pricing = { discountType: "percentage" as const, discountValue: 20, maxDiscountPaisa: null };
    const expired = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 1 }], { voucher: { code: "EXPIRED20", pricing } }),
    );
    expect(expired.status).toBe(409);
    expect(expired.body.detail).toBe("This voucher has expired.");
    const inactive = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 1 }], { voucher: { code: "INACTIVE", pricing } }),
    );
    expect(inactive.status).toBe(409);
    const unknown = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 1 }], { voucher: { code: "NOPE", pricing } }),
    );
    expect(unknown.status).toBe(409);
    expect(unknown.body.detail).toBe("Invalid voucher code");
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t, item)).toBe(10);
  });

  it("allows EID25 once per customer, matched by email or by phone", async () => {
    const item = await freshCombination(10);
    const first = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 1 }], { voucher: EID25, email: "eid@example.pk", phone: "0311-2223334" }),
    );
    expect(first.status).toBe(201);
    const sameEmail = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 1 }], { voucher: EID25, email: "EID@example.pk", phone: "0311-9999999" }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.detail).toBe("You have already used this voucher.");
    const samePhone = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 1 }], { voucher: EID25, email: "other@example.pk", phone: "+92 311 2223334" }),
    );
    expect(samePhone.status).toBe(409);
    expect(await count(t, sql`select used_count as n from vouchers where code = 'EID25'`)).toBe(1);
    expect(await stockOf(t, item)).toBe(9);
  });

  it("checks a voucher's minimum order and start date at order time, whatever the page was told", async () => {
    const item = await freshCombination(10);
    const before = await orderCount();
    const pricing = { discountType: "flat" as const, discountValue: 10_000, maxDiscountPaisa: null };
    await t.database.db.execute(sql`
      insert into vouchers (code, description, discount_type, discount_value, min_order_paisa, starts_at)
      values ('BIGSPEND', 'min', 'flat', 10000, ${item.pricePaisa + 100}, null),
             ('LATER', 'future', 'flat', 10000, 0, now() + interval '1 day')`);
    const belowMinimum = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 1 }], { voucher: { code: "BIGSPEND", pricing } }),
    );
    expect(belowMinimum.status).toBe(409);
    expect(belowMinimum.body.detail).toBe(`Minimum order for this voucher is ${formatRupees(item.pricePaisa + 100)}.`);
    const notYet = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 1 }], { voucher: { code: "LATER", pricing } }),
    );
    expect(notYet.status).toBe(409);
    expect(notYet.body.detail).toBe("This voucher is not active yet.");
    expect(await orderCount()).toBe(before);
    // at the minimum it is taken
    const atMinimum = await post(
      t,
      "/api/orders",
      orderPayload([{ item, quantity: 2 }], { voucher: { code: "BIGSPEND", pricing } }),
    );
    expect(atMinimum.status, atMinimum.raw).toBe(201);
    expect(atMinimum.body.discount).toBe(100);
  });

  it("refuses the order when the usage limit is reached", async () => {
    const item = await freshCombination(10);
    await t.database.db.execute(sql`update vouchers set usage_limit = 1, used_count = 0 where code = 'FREESHIP'`);
    expect((await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }], { voucher: FREESHIP }))).status).toBe(
      201,
    );
    const second = await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }], { voucher: FREESHIP }));
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe("This voucher has reached its usage limit.");
    await t.database.db.execute(sql`update vouchers set usage_limit = null where code = 'FREESHIP'`);
  });
});

describe("GET /api/orders/track/{tracking_id}", () => {
  it("answers status, timeline, items and totals to the order's phone or email, and nothing personal", async () => {
    const item = await freshCombination(10);
    const payload = orderPayload([{ item, quantity: 2 }], { email: "track@example.pk", phone: "0345-1112223" });
    const placed = (await post(t, "/api/orders", payload)).body;
    const id = placed.tracking_id as string;

    for (const url of [
      `/api/orders/track/${id}?phone=${encodeURIComponent("+92 345 1112223")}`,
      `/api/orders/track/${id.toLowerCase().replace("-", "")}?email=TRACK@example.pk`,
      `/api/orders/track/${encodeURIComponent(id.replace("-", " "))}?phone=03451112223&email=track@example.pk`,
    ]) {
      const res = await get(t, url);
      expect(res.status, url).toBe(200);
      expect(res.body).toMatchObject({
        tracking_id: id,
        status: "pending confirmation",
        subtotal: placed.subtotal,
        shipping: placed.shipping,
        discount: placed.discount,
        total: placed.total,
      });
      expect(res.body.timeline).toEqual([expect.objectContaining({ status: "pending confirmation" })]);
      expect(res.body.items).toEqual([
        expect.objectContaining({
          name: item.name,
          quantity: 2,
          price: item.pricePaisa / 100,
          line_total: (item.pricePaisa * 2) / 100,
        }),
      ]);
      expect(res.body.items[0].variant).toBeTypeOf("string");
      const text = JSON.stringify(res.body);
      for (const secret of ["track@example.pk", "1112223", "Gulberg", "Ayesha", "Khan", "54660"])
        expect(text).not.toContain(secret);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers the same 404 for an unknown ID, a wrong contact or no contact", async () => {
    const item = await freshCombination(10);
    const placed = (await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }], { email: "who@example.pk" })))
      .body;
    const notFound = { status: 404, body: { detail: "We could not find an order with those details." } };
    for (const url of [
      `/api/orders/track/ZZZZZ-ZZZZZ?email=who@example.pk`,
      `/api/orders/track/${placed.tracking_id}?email=someone@example.pk`,
      `/api/orders/track/${placed.tracking_id}?phone=0300-0000000`,
      `/api/orders/track/${placed.tracking_id}?email=who@example.pk&phone=0300-0000000`,
      `/api/orders/track/${placed.tracking_id}`,
      `/api/orders/track/not-an-id?email=who@example.pk`,
    ]) {
      const res = await get(t, url);
      expect({ status: res.status, body: res.body }, url).toEqual(notFound);
    }
  });
});
