// Placing an order through the checkout API (POST /api/orders): prices, stock, shipping and the
// answer; the Idempotency-Key; the rate limit. Vouchers in orders and tracking are in
// orders-vouchers-and-tracking.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { registerShopper } from "../helpers/accounts";
import { count, get, orderPayload, post, rows, setStock, simpleProducts, stockOf } from "../helpers/shop";
import { t, orderCount, TRACKING, freshCombination, startOrdersApiStore } from "../helpers/orders-api";

startOrdersApiStore();

describe("POST /api/orders", () => {
  it("places an order: 201 with tracking_id and the server's figures, stock taken, items, first status, cart emptied", async () => {
    const item = await freshCombination(10);
    const sessionId = `session_${Date.now()}_orders1`;
    await post(t, "/api/cart/flexible", {
      session_id: sessionId,
      product_id: item.productId,
      combination_id: item.combinationId,
      quantity: 2,
    });
    const payload = orderPayload([{ item, quantity: 2 }], { sessionId });
    const res = await post(t, "/api/orders", payload);
    expect(res.status).toBe(201);
    expect(res.body.tracking_id).toMatch(TRACKING);
    expect(res.body).toMatchObject({
      status: "pending confirmation",
      payment_method: "cod",
      subtotal: (item.pricePaisa * 2) / 100,
      total: payload.total_amount,
      discount: 0,
    });
    expect(res.body.id).toBeTypeOf("number");
    expect(res.body.created_at).toBeTypeOf("string");
    expect(res.body.items).toEqual([
      expect.objectContaining({
        product_id: item.productId,
        combination_id: item.combinationId,
        name: item.name,
        quantity: 2,
        price: item.pricePaisa / 100,
        line_total: (item.pricePaisa * 2) / 100,
      }),
    ]);
    expect(res.raw).toMatch(/"total":\d+\.\d\d[,}]/);

    expect(await stockOf(t, item)).toBe(8);
    const [order] = await rows<{ status: string; phone_normalized: string; email: string; total_paisa: number }>(
      t,
      sql`select status, phone_normalized, email, total_paisa from orders where id = ${res.body.id}`,
    );
    expect(order).toMatchObject({ status: "pending confirmation", email: payload.email });
    expect(order!.phone_normalized).toMatch(/^923\d{9}$/);
    expect(await count(t, sql`select count(*) as n from order_items where order_id = ${res.body.id}`)).toBe(1);
    expect(await count(t, sql`select count(*) as n from order_events where order_id = ${res.body.id}`)).toBe(1);
    expect((await get(t, `/api/cart/flexible/${sessionId}`)).body).toEqual([]);
  });

  it("answers valid JSON with the shopper's words as written, even ones shaped like the amounts' mark", async () => {
    // while amounts were marked with one private-use character, this name broke the JSON of every
    // answer listing the order (the shopper's history, the staff API): the escaped quote was
    // taken for an amount's
    const hostile = 'Ayesha"\uE0001.00';
    const shopper = await registerShopper(t.app);
    const item = await freshCombination(5);
    const payload = { ...orderPayload([{ item, quantity: 1 }]), first_name: hostile, last_name: "\uE000250.00" };
    const placed = await post(t, "/api/orders", payload, shopper.auth);
    expect(placed.status, placed.raw).toBe(201);
    const mine = await t.app.inject({ method: "GET", url: "/api/users/me/orders", headers: shopper.auth });
    expect(mine.statusCode).toBe(200);
    const [order] = JSON.parse(mine.body) as { first_name: string; last_name: string; total: number }[];
    expect(order).toMatchObject({ first_name: hostile, last_name: "\uE000250.00", total: payload.total_amount });
    expect(mine.body).toMatch(/"total":\d+\.\d\d[,}]/);
  });

  it("charges Rs. 500 shipping below Rs. 5,000 and none exactly at it", async () => {
    const [simple] = await simpleProducts(t, 0);
    await setStock(t, simple!, 50);
    await t.database.db.execute(sql`update products set price_paisa = 250000 where id = ${simple!.productId}`);
    simple!.pricePaisa = 250_000;
    const at = await post(t, "/api/orders", orderPayload([{ item: simple!, quantity: 2 }]));
    expect(at.status).toBe(201);
    expect(at.body).toMatchObject({ subtotal: 5000, shipping: 0, total: 5000 });

    await t.database.db.execute(sql`update products set price_paisa = 249999 where id = ${simple!.productId}`);
    simple!.pricePaisa = 249_999;
    const below = await post(t, "/api/orders", orderPayload([{ item: simple!, quantity: 2 }]));
    expect(below.status).toBe(201);
    expect(below.body).toMatchObject({ subtotal: 4999.98, shipping: 500, total: 5499.98 });
  });

  it("refuses tampered prices and totals with 409 and the server's figures, and makes no order", async () => {
    const item = await freshCombination(10);
    const before = await orderCount();

    const cheap = orderPayload([{ item, quantity: 1 }]);
    cheap.items[0]!.price = 1;
    cheap.total_amount = 1 + 500;
    const res = await post(t, "/api/orders", cheap);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("Prices have changed. Please review your cart.");
    expect(res.body.items[0]).toMatchObject({ product_id: item.productId, price: item.pricePaisa / 100 });
    expect(res.body).toHaveProperty("subtotal");
    expect(res.body).toHaveProperty("shipping");
    expect(res.body).toHaveProperty("discount");
    expect(res.body.total).toBe(orderPayload([{ item, quantity: 1 }]).total_amount);

    const total = orderPayload([{ item, quantity: 1 }]);
    total.total_amount -= 0.01;
    expect((await post(t, "/api/orders", total)).status).toBe(409);

    const stale = orderPayload([{ item, quantity: 1 }]);
    stale.items[0]!.price += 100;
    stale.total_amount += 100;
    expect((await post(t, "/api/orders", stale)).status).toBe(409);

    expect(await orderCount()).toBe(before);
    expect(await stockOf(t, item)).toBe(10);
  });

  it("refuses an order beyond stock with 409 naming the product, and changes nothing", async () => {
    const a = await freshCombination(10, 0);
    const b = await freshCombination(2, 1);
    const before = await orderCount();
    const res = await post(
      t,
      "/api/orders",
      orderPayload([
        { item: a, quantity: 3 },
        { item: b, quantity: 3 },
      ]),
    );
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(`Only 2 left of ${b.name}`);
    expect(await stockOf(t, a)).toBe(10);
    expect(await stockOf(t, b)).toBe(2);
    expect(await orderCount()).toBe(before);

    await setStock(t, b, 0);
    const out = await post(t, "/api/orders", orderPayload([{ item: b, quantity: 1 }]));
    expect(out.status).toBe(409);
    expect(out.body.detail).toContain(`${b.name}`);
    expect(out.body.detail).toContain("out of stock");
  });

  it("sums lines that share a combination before taking stock", async () => {
    const item = await freshCombination(5);
    const res = await post(
      t,
      "/api/orders",
      orderPayload([
        { item, quantity: 3 },
        { item, quantity: 3 },
      ]),
    );
    expect(res.status).toBe(409);
    expect(await stockOf(t, item)).toBe(5);
    const ok = await post(
      t,
      "/api/orders",
      orderPayload([
        { item, quantity: 3 },
        { item, quantity: 2 },
      ]),
    );
    expect(ok.status).toBe(201);
    expect(await stockOf(t, item)).toBe(0);
  });

  it("refuses a product hidden, or an option made unavailable, since the cart was filled (409, nothing taken)", async () => {
    const [hidden, unavailable] = [await freshCombination(10, 0), await freshCombination(10, 1)];
    const before = await orderCount();
    await t.database.db.execute(sql`update products set is_active = false where id = ${hidden.productId}`);
    try {
      const res = await post(t, "/api/orders", orderPayload([{ item: hidden, quantity: 1 }]));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        detail: "An item in your cart is no longer available. Please review your cart.",
        product_id: hidden.productId,
      });
    } finally {
      await t.database.db.execute(sql`update products set is_active = true where id = ${hidden.productId}`);
    }
    await t.database.db.execute(
      sql`update variant_combinations set is_available = false where id = ${unavailable.combinationId}`,
    );
    try {
      const res = await post(t, "/api/orders", orderPayload([{ item: unavailable, quantity: 1 }]));
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/ is out of stock\. Please remove it from your cart\.$/);
      expect(res.body.detail.startsWith(`${unavailable.name} (`)).toBe(true);
      expect(res.body.combination_id).toBe(unavailable.combinationId);
    } finally {
      await t.database.db.execute(
        sql`update variant_combinations set is_available = true where id = ${unavailable.combinationId}`,
      );
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t, hidden)).toBe(10);
    expect(await stockOf(t, unavailable)).toBe(10);
  });

  it("needs a combination of the product for a product with options", async () => {
    const item = await freshCombination(5);
    const without = orderPayload([{ item: { ...item, combinationId: null }, quantity: 1 }]);
    const res = await post(t, "/api/orders", without);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/items\.0\.combination_id/);

    const [other] = await rows<{ id: number; price: number }>(
      t,
      sql`select id, price_paisa as price from products where id <> ${item.productId} order by id limit 1`,
    );
    const mixed = orderPayload([{ item: { ...item, productId: other!.id }, quantity: 1 }]);
    const wrong = await post(t, "/api/orders", mixed);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toMatch(/does not belong/);
  });

  it("validates the payload with messages a shopper can act on (422 naming the field)", async () => {
    const item = await freshCombination(5);
    const valid = () => orderPayload([{ item, quantity: 1 }]);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ first_name: "" }, "First name is required"],
      [{ first_name: undefined }, "First name is required"],
      [{ last_name: "  " }, "Last name is required"],
      [{ email: "ayesha@example" }, "Please enter a valid email address"],
      [{ phone: "12345" }, "Please enter a valid Pakistani mobile number, e.g. 0300-1234567"],
      [{ phone: "+1 555 123 4567" }, "Please enter a valid Pakistani mobile number, e.g. 0300-1234567"],
      [{ shipping_address: "" }, "Address is required"],
      [{ city: "" }, "City is required"],
      [{ postal_code: "" }, "Postal code is required"],
      [{ country: "India" }, /Please choose a country/],
      [{ payment_method: "card" }, /cash on delivery/],
      [{ total_amount: "lots" }, /total_amount/],
      [{ items: [] }, "Your cart is empty"],
      [{ items: [{ ...valid().items[0], quantity: 0 }] }, /quantity/],
      [{ items: [{ ...valid().items[0], quantity: 100 }] }, /quantity/],
      [{ items: [{ ...valid().items[0], variant_details: "{bad json" }] }, /variant_details/],
    ];
    const before = await orderCount();
    for (const [change, message] of cases) {
      const res = await post(t, "/api/orders", { ...valid(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      if (typeof message === "string") expect(res.body.detail).toBe(message);
      else expect(res.body.detail).toMatch(message);
    }
    expect(await orderCount()).toBe(before);
  });

  it("accepts a plausible international number outside Pakistan, and Pakistani numbers in every usual form", async () => {
    const item = await freshCombination(10);
    const us = await post(t, "/api/orders", {
      ...orderPayload([{ item, quantity: 1 }]),
      country: "United States",
      phone: "+1 (555) 123-4567",
    });
    expect(us.status).toBe(201);
    for (const phone of ["03001234567", "+92 300 1234567", "923001234567"]) {
      const res = await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }], { phone }));
      expect(res.status, phone).toBe(201);
    }
    const [row] = await rows<{ n: number }>(
      t,
      sql`select count(*) as n from orders where phone_normalized = '923001234567'`,
    );
    expect(Number(row!.n)).toBe(3);
  });
  it("takes a guest's order even when the page sends a stale sign-in token", async () => {
    const item = await freshCombination(5);
    const res = await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }]), {
      authorization: "Bearer stale-token",
    });
    expect(res.status).toBe(201);
    const [order] = await rows<{ user_id: number | null }>(
      t,
      sql`select user_id from orders where id = ${res.body.id}`,
    );
    expect(order!.user_id).toBeNull();
  });
});

describe("Idempotency-Key", () => {
  it("answers a repeat with the first answer and makes one order", async () => {
    const item = await freshCombination(10);
    const payload = orderPayload([{ item, quantity: 1 }]);
    const headers = { "idempotency-key": `checkout-${Date.now()}` };
    const first = await post(t, "/api/orders", payload, headers);
    const again = await post(t, "/api/orders", payload, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.raw).toBe(first.raw);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await count(t, sql`select count(*) as n from orders where tracking_id = ${first.body.tracking_id}`)).toBe(1);
    expect(await stockOf(t, item)).toBe(9);
  });

  it("refuses the same key with a different body (422)", async () => {
    const item = await freshCombination(10);
    const headers = { "idempotency-key": `checkout-diff-${Date.now()}` };
    expect((await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }]), headers)).status).toBe(201);
    const other = await post(t, "/api/orders", orderPayload([{ item, quantity: 2 }]), headers);
    expect(other.status).toBe(422);
    expect(other.body.detail).toBe("This Idempotency-Key was already used for a different order.");
    expect(await stockOf(t, item)).toBe(9);
  });

  it("does not keep a refused attempt: the retry is tried afresh", async () => {
    const item = await freshCombination(0);
    const payload = orderPayload([{ item, quantity: 1 }]);
    const headers = { "idempotency-key": `checkout-retry-${Date.now()}` };
    expect((await post(t, "/api/orders", payload, headers)).status).toBe(409);
    await setStock(t, item, 1);
    expect((await post(t, "/api/orders", payload, headers)).status).toBe(201);
  });

  it("refuses a key over 200 characters", async () => {
    const item = await freshCombination(10);
    const res = await post(t, "/api/orders", orderPayload([{ item, quantity: 1 }]), {
      "idempotency-key": "k".repeat(201),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/Idempotency-Key/);
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After beyond the order limit", async () => {
    const item = await freshCombination(10);
    const saved = RATE_LIMITS.orders.limit;
    RATE_LIMITS.orders.limit = 2;
    try {
      const from = (payload: unknown) =>
        t.app.inject({ method: "POST", url: "/api/orders", payload: payload as object, remoteAddress: "10.9.8.7" });
      expect((await from(orderPayload([{ item, quantity: 1 }]))).statusCode).toBe(201);
      expect((await from(orderPayload([{ item, quantity: 1 }]))).statusCode).toBe(201);
      const limited = await from(orderPayload([{ item, quantity: 1 }]));
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toMatch(/Too many orders/);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(await stockOf(t, item)).toBe(8);
    } finally {
      RATE_LIMITS.orders.limit = saved;
    }
  });

  it("limits tracking look-ups", async () => {
    const saved = RATE_LIMITS.tracking.limit;
    RATE_LIMITS.tracking.limit = 1;
    try {
      const look = () =>
        t.app.inject({ method: "GET", url: "/api/orders/track/ZZZZZ-ZZZZZ?email=a@b.pk", remoteAddress: "10.9.8.6" });
      expect((await look()).statusCode).toBe(404);
      expect((await look()).statusCode).toBe(429);
    } finally {
      RATE_LIMITS.tracking.limit = saved;
    }
  });
});
