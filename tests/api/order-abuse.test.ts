// Orders under abuse (decisions 0050, 0051): one guest draining a product's stock or a
// one-per-customer voucher, idempotency keys replaying another client's order, and retries
// counted against the order limit. On both databases; the parallel runs race on PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_ORDERS_PER_PHONE_PER_DAY, DEFAULT_MAX_UNITS_PER_LINE } from "../../core/settings/site-settings";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { registerShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { combinations, count, orderPayload, post, setStock, stockOf, type Item } from "../helpers/shop";

let t: TestApp;
let pool: Item[];
let next = 0;
const ORDER_LIMIT = RATE_LIMITS.orders.limit;
beforeAll(async () => {
  t = await createTestApp();
  pool = await combinations(t, 0, 30);
});
afterAll(async () => {
  RATE_LIMITS.orders.limit = ORDER_LIMIT;
  await t?.close();
});
beforeEach(() => {
  RATE_LIMITS.orders.limit = 100_000;
});

async function item(stock: number): Promise<Item> {
  const found = pool[next++];
  if (!found) throw new Error("out of demo combinations");
  await setStock(t, found, stock);
  return found;
}

async function setSettings(values: { maxUnitsPerLine?: number | null; maxOrdersPerPhonePerDay?: number | null }) {
  if (values.maxUnitsPerLine !== undefined) {
    await t.database.db.execute(sql`update site_settings set max_units_per_line = ${values.maxUnitsPerLine}`);
  }
  if (values.maxOrdersPerPhonePerDay !== undefined) {
    await t.database.db.execute(
      sql`update site_settings set max_orders_per_phone_per_day = ${values.maxOrdersPerPhonePerDay}`,
    );
  }
  t.core.cache.clear();
}

let phoneSerial = 0;
/** A Pakistani mobile no other test here uses, as 03XX-XXXXXXX. */
const freshPhone = () => `0345-${String(5_000_000 + ++phoneSerial).slice(-7)}`;

describe("units per line", () => {
  it(`caps one item at ${DEFAULT_MAX_UNITS_PER_LINE} units an order by default, lines of one item summed`, async () => {
    const product = await item(28);
    const tooMany = await post(
      t,
      "/api/orders",
      orderPayload([{ item: product, quantity: DEFAULT_MAX_UNITS_PER_LINE + 1 }]),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toBe(`You can order at most ${DEFAULT_MAX_UNITS_PER_LINE} of one item.`);
    const split = await post(
      t,
      "/api/orders",
      orderPayload([
        { item: product, quantity: 6 },
        { item: product, quantity: DEFAULT_MAX_UNITS_PER_LINE - 5 },
      ]),
    );
    expect(split.status).toBe(422);
    expect(await stockOf(t, product)).toBe(28);
    const most = await post(t, "/api/orders", orderPayload([{ item: product, quantity: DEFAULT_MAX_UNITS_PER_LINE }]));
    expect(most.status).toBe(201);
    expect(await stockOf(t, product)).toBe(28 - DEFAULT_MAX_UNITS_PER_LINE);
  });

  it("follows the store's setting, in orders and in the cart", async () => {
    await setSettings({ maxUnitsPerLine: 3 });
    try {
      const product = await item(28);
      expect((await post(t, "/api/orders", orderPayload([{ item: product, quantity: 4 }]))).body.detail).toBe(
        "You can order at most 3 of one item.",
      );
      expect((await post(t, "/api/orders", orderPayload([{ item: product, quantity: 3 }]))).status).toBe(201);

      const session = `session_${Date.now()}_cap`;
      const add = (quantity: number) =>
        post(t, "/api/cart/flexible", {
          session_id: session,
          product_id: product.productId,
          combination_id: product.combinationId,
          quantity,
        });
      expect((await add(2)).status).toBe(200);
      const over = await add(2);
      expect(over.status).toBe(409);
      expect(over.body.detail).toBe("You can order at most 3 of one item.");
      expect(over.body.in_cart).toBe(2);
      expect((await add(1)).status).toBe(200);
      const check = await post(t, "/api/check-stock", {
        combination_id: product.combinationId,
        quantity: 1,
        session_id: session,
      });
      expect(check.status).toBe(409);
      expect(check.body.detail).toBe("You can order at most 3 of one item.");
    } finally {
      await setSettings({ maxUnitsPerLine: null });
    }
  });
});

describe("orders per phone per day", () => {
  it(`takes ${DEFAULT_MAX_ORDERS_PER_PHONE_PER_DAY} orders a day from one phone however it is written, then 429`, async () => {
    const product = await item(100);
    const digits = freshPhone().replace("-", "").slice(1); // 345XXXXXXX
    const spellings = [
      `0${digits}`,
      `+92 ${digits}`,
      `0092-${digits}`,
      `92${digits}`,
      `(0${digits.slice(0, 3)}) ${digits.slice(3)}`,
    ];
    for (let n = 0; n < DEFAULT_MAX_ORDERS_PER_PHONE_PER_DAY; n++) {
      const res = await post(
        t,
        "/api/orders",
        orderPayload([{ item: product, quantity: 1 }], { phone: spellings[n % spellings.length] }),
      );
      expect(res.status, res.raw).toBe(201);
    }
    const refused = await post(
      t,
      "/api/orders",
      orderPayload([{ item: product, quantity: 1 }], { phone: `0${digits}` }),
    );
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(
      `This phone number has already placed ${DEFAULT_MAX_ORDERS_PER_PHONE_PER_DAY} orders today. Please try again tomorrow or contact us.`,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // an order of a day ago no longer counts
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '25 hours' where phone_normalized = ${`92${digits}`}`,
    );
    expect(
      (await post(t, "/api/orders", orderPayload([{ item: product, quantity: 1 }], { phone: `0${digits}` }))).status,
    ).toBe(201);
    // another phone is not affected
    expect(
      (await post(t, "/api/orders", orderPayload([{ item: product, quantity: 1 }], { phone: freshPhone() }))).status,
    ).toBe(201);
  });

  it("follows the store's setting, and parallel orders from one phone never pass it", async () => {
    await setSettings({ maxOrdersPerPhonePerDay: 2 });
    try {
      const product = await item(100);
      const phone = freshPhone();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.app.inject({
            method: "POST",
            url: "/api/orders",
            payload: orderPayload([{ item: product, quantity: 1 }], { phone }),
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect(await stockOf(t, product)).toBe(98);
    } finally {
      await setSettings({ maxOrdersPerPhonePerDay: null });
    }
  });
});

describe("one use per customer", () => {
  async function onePerCustomer() {
    const code = `ONCE${Date.now() % 100000}${++phoneSerial}`;
    await t.database.db.execute(sql`
      insert into vouchers (code, description, discount_type, discount_value, per_customer_limit)
      values (${code}, 'once', 'flat', 10000, 1)`);
    return { code, pricing: { discountType: "flat" as const, discountValue: 10_000, maxDiscountPaisa: null } };
  }

  it("is refused again for the same phone written another way, even under another country or email", async () => {
    const voucher = await onePerCustomer();
    const product = await item(50);
    const digits = freshPhone().replace("-", "").slice(1);
    const first = await post(
      t,
      "/api/orders",
      orderPayload([{ item: product, quantity: 1 }], { voucher, email: "amna.k@example.pk", phone: `0${digits}` }),
    );
    expect(first.status, first.raw).toBe(201);
    for (const [email, phone, country] of [
      ["someone.else@example.pk", `+92 ${digits}`, "Pakistan"],
      ["third@example.pk", `+92${digits}`, "United Kingdom"],
      ["fourth@example.pk", `0092 ${digits}`, "Canada"],
      ["fifth@example.pk", `0${digits}`, "United Kingdom"],
      ["sixth@example.pk", digits, "Australia"],
    ] as const) {
      const again = await post(t, "/api/orders", {
        ...orderPayload([{ item: product, quantity: 1 }], { voucher, email, phone }),
        country,
      });
      expect(again.status, `${phone} ${country}`).toBe(409);
      expect(again.body.detail).toBe("You have already used this voucher.");
    }
  });

  it("is refused again for the same mailbox written another way", async () => {
    const voucher = await onePerCustomer();
    const product = await item(50);
    const first = await post(
      t,
      "/api/orders",
      orderPayload([{ item: product, quantity: 1 }], { voucher, email: "amna.khan@gmail.com", phone: freshPhone() }),
    );
    expect(first.status, first.raw).toBe(201);
    for (const email of [
      "Amna.Khan@Gmail.com",
      "amnakhan@gmail.com",
      "amna.khan+eid@gmail.com",
      "a.m.n.a.khan@googlemail.com",
    ]) {
      const again = await post(
        t,
        "/api/orders",
        orderPayload([{ item: product, quantity: 1 }], { voucher, email, phone: freshPhone() }),
      );
      expect(again.status, email).toBe(409);
    }
    // dots are only the same mailbox at Gmail; elsewhere they are another person
    const other = await post(
      t,
      "/api/orders",
      orderPayload([{ item: product, quantity: 1 }], { voucher, email: "amna.khan@example.pk", phone: freshPhone() }),
    );
    expect(other.status, other.raw).toBe(201);
    const dotted = await post(
      t,
      "/api/orders",
      orderPayload([{ item: product, quantity: 1 }], { voucher, email: "amnakhan@example.pk", phone: freshPhone() }),
    );
    expect(dotted.status, dotted.raw).toBe(201);
  });
});

describe("Idempotency-Key belongs to the client that made it", () => {
  it("never answers another client's order: a stranger with the same key and body gets an order of their own or a refusal", async () => {
    const alice = await registerShopper(t.app);
    const product = await item(20);
    const payload = orderPayload([{ item: product, quantity: 1 }]);
    const key = "order-1";
    const first = await post(t, "/api/orders", payload, { "idempotency-key": key, ...alice.auth });
    expect(first.status).toBe(201);
    const replay = await post(t, "/api/orders", payload, { "idempotency-key": key, ...alice.auth });
    expect(replay.body.tracking_id).toBe(first.body.tracking_id);
    expect(replay.headers["idempotent-replayed"]).toBe("true");

    // a guest from another address, and another signed-in shopper, with the same key and body
    const bob = await registerShopper(t.app);
    for (const headers of [{}, bob.auth]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload,
        headers: { "idempotency-key": key, ...headers },
        remoteAddress: "10.99.0.7",
      });
      expect(res.body).not.toContain(first.body.tracking_id);
      expect(res.headers["idempotent-replayed"]).toBeUndefined();
    }
  });

  it("keeps a guest's retries together by the cart's session id, even from a new address", async () => {
    const product = await item(20);
    const payload = orderPayload([{ item: product, quantity: 1 }], { sessionId: `session_${Date.now()}_idem` });
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload,
        headers: { "idempotency-key": "retry-me" },
        remoteAddress,
      });
    const first = await send("10.98.0.1");
    const retry = await send("10.98.0.2");
    expect(first.statusCode).toBe(201);
    expect(retry.json().tracking_id).toBe(first.json().tracking_id);
    expect(await stockOf(t, product)).toBe(19);
  });

  it("answers parallel repeats of one key with one order (a key still in flight waits for the first)", async () => {
    const product = await item(20);
    const payload = orderPayload([{ item: product, quantity: 1 }], { sessionId: `session_${Date.now()}_par` });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: "POST", url: "/api/orders", payload, headers: { "idempotency-key": "in-flight" } }),
      ),
    );
    const tracking = new Set(answers.map((a) => a.json().tracking_id));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(tracking.size).toBe(1);
    expect(await stockOf(t, product)).toBe(19);
    expect(await count(t, sql`select count(*) as n from orders where tracking_id = ${[...tracking][0]}`)).toBe(1);
  });
});

describe("retries and the order limit", () => {
  it("answers a replay with the stored order and counts nothing against the limit", async () => {
    RATE_LIMITS.orders.limit = 2;
    const product = await item(20);
    const ip = "10.97.0.1";
    const send = (payload: object, key: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload,
        headers: { "idempotency-key": key },
        remoteAddress: ip,
      });
    const payload = orderPayload([{ item: product, quantity: 1 }], { sessionId: `session_${Date.now()}_lim` });
    const first = await send(payload, "first");
    expect(first.statusCode).toBe(201);
    for (let n = 0; n < 25; n++) {
      const retry = await send(payload, "first");
      expect(retry.statusCode, `retry ${n}`).toBe(201);
      expect(retry.json().tracking_id).toBe(first.json().tracking_id);
    }
    expect((await send(orderPayload([{ item: product, quantity: 1 }]), "second")).statusCode).toBe(201);
    expect((await send(orderPayload([{ item: product, quantity: 1 }]), "third")).statusCode).toBe(429);
  });
});
