// Exchanges through the staff API (decision 0056), after and around the exchange itself: the
// returned units restocked once when the replacement is delivered and not when it is cancelled; the
// shopper's own orders; two exchanges of one line at once (for real on PostgreSQL); who may
// exchange; hostile input.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshIp } from "../helpers/accounts";
import { count, orderPayload, rows, stockOf } from "../helpers/shop";
import {
  t,
  owner,
  packer,
  catalogue,
  product,
  move,
  delivered,
  exchange,
  staffOrder,
  footprint,
  movementsOf,
  moveAlong,
  startExchangeStore,
} from "../helpers/exchange-desk";

startExchangeStore();

describe("the returned units", () => {
  it("come back into stock once, when the replacement is delivered, only those that can be resold", async () => {
    const [a, b, c] = await product([100_000, 100_000, 100_000], 10);
    const order = await delivered([{ item: a!, quantity: 3 }]);
    const res = await exchange(order.id, {
      lines: [
        { item_id: order.itemIds[0], quantity: 2, combination_id: b!.combinationId, resellable: true },
        { item_id: order.itemIds[0], quantity: 1, combination_id: c!.combinationId, resellable: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const replacement = res.json();
    expect(replacement.total_amount).toBe(0);
    expect([await stockOf(t, a!), await stockOf(t, b!), await stockOf(t, c!)]).toEqual([7, 8, 9]);

    await moveAlong(replacement.id, ["packed", "shipped"]);
    expect(await stockOf(t, a!)).toBe(7);
    await moveAlong(replacement.id, ["delivered"]);
    // the two resellable units of A are back; the opened one is not
    expect([await stockOf(t, a!), await stockOf(t, b!), await stockOf(t, c!)]).toEqual([9, 8, 9]);
    expect(await movementsOf(replacement.id)).toEqual([
      { combination_id: b!.combinationId, delta: -2, reason: "exchange", stock_after: 8 },
      { combination_id: c!.combinationId, delta: -1, reason: "exchange", stock_after: 9 },
      { combination_id: a!.combinationId, delta: 2, reason: "exchange", stock_after: 9 },
    ]);
    const [audit] = await rows<{ changes: Record<string, unknown> }>(
      t,
      sql`select changes from audit_log where entity_type = 'order' and entity_id = ${String(replacement.id)}
          order by id desc limit 1`,
    );
    expect(audit!.changes).toMatchObject({ status: ["shipped", "delivered"], exchange_restocked: 2 });

    // the replacement sent back later: its own units return, the original's are not counted again
    await moveAlong(replacement.id, ["returned"]);
    expect([await stockOf(t, a!), await stockOf(t, b!), await stockOf(t, c!)]).toEqual([9, 10, 10]);
    expect((await movementsOf(replacement.id)).filter((m) => m.reason === "exchange" && m.delta > 0)).toHaveLength(1);
  });

  it("never come back when the replacement is cancelled: only the replacement's own units do, and the line may be exchanged again", async () => {
    const [a, b] = await product([100_000, 130_000, 100_000], 10);
    const order = await delivered([{ item: a!, quantity: 1 }]);
    const line = { item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId };
    const res = await exchange(order.id, { lines: [line] });
    expect(res.statusCode).toBe(201);
    const replacement = res.json();
    expect(replacement.total_amount).toBe(300);
    expect([await stockOf(t, a!), await stockOf(t, b!)]).toEqual([9, 9]);
    expect((await move(replacement.id, { status: "cancelled", expected_status: "confirmed" })).statusCode).toBe(200);
    expect([await stockOf(t, a!), await stockOf(t, b!)]).toEqual([9, 10]);
    expect((await movementsOf(replacement.id)).map((m) => [m.combination_id, m.delta, m.reason])).toEqual([
      [b!.combinationId, -1, "exchange"],
      [b!.combinationId, 1, "cancel"],
    ]);
    // the shopper still has the unit: it can be exchanged again
    const again = await exchange(order.id, { lines: [line] });
    expect(again.statusCode, again.body).toBe(201);
    expect((await staffOrder(order.id)).replacements.map((r: { status: string }) => r.status)).toEqual([
      "cancelled",
      "confirmed",
    ]);
  });
});

describe("the shopper's own orders", () => {
  it("do not count a replacement against the orders one phone may place in a day", async () => {
    const [a, b] = await product([100_000, 100_000, 100_000]);
    const order = await delivered([{ item: a!, quantity: 1 }]);
    const res = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId }],
    });
    expect(res.statusCode).toBe(201);
    await t.database.db.execute(sql`update site_settings set max_orders_per_phone_per_day = 2`);
    try {
      const again = (n: number) =>
        t.app.inject({
          method: "POST",
          url: "/api/orders",
          payload: { ...orderPayload([{ item: a!, quantity: 1 }], { phone: order.phone }), first_name: `Again${n}` },
          remoteAddress: freshIp(),
        });
      // the shopper's first order and this one: two; the replacement is not theirs to count
      expect((await again(1)).statusCode).toBe(201);
      expect((await again(2)).statusCode).toBe(429);
    } finally {
      await t.database.db.execute(sql`update site_settings set max_orders_per_phone_per_day = null`);
    }
  });
});

describe("two exchanges of one line at once", () => {
  it("let only one through: the other is told the units are already exchanged", async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b, c] = await product([100_000, 100_000, 100_000], 10);
      const order = await delivered([{ item: a!, quantity: 1 }]);
      const [first, second] = await Promise.all([
        exchange(order.id, { lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId }] }),
        exchange(
          order.id,
          { lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: c!.combinationId }] },
          owner,
        ),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
      const refused = first.statusCode === 409 ? first : second;
      expect(refused.json().detail).toContain("already exchanged");
      expect(await stockOf(t, b!)).toBe(first.statusCode === 201 ? 9 : 10);
      expect(await stockOf(t, c!)).toBe(second.statusCode === 201 ? 9 : 10);
      expect(await count(t, sql`select count(*) as n from orders where exchange_of_order_id = ${order.id}`)).toBe(1);
    }
  }, 30_000);
});

describe("who may exchange", () => {
  it("fulfilment may (every test above); catalogue gets 403 and no token 401, with nothing written", async () => {
    const [a, b] = await product([100_000, 100_000, 100_000]);
    const order = await delivered([{ item: a!, quantity: 1 }]);
    const payload = { lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId }] };
    const before = await footprint();
    expect((await exchange(order.id, payload, catalogue)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/exchanges`, payload });
    expect(anonymous.statusCode).toBe(401);
    expect(await footprint()).toEqual(before);
    expect((await exchange(order.id, payload, packer)).statusCode).toBe(201);
  });
});

describe("hostile input", () => {
  it("answers a 4xx with a detail, never a 500, and writes nothing", async () => {
    const [a, b] = await product([100_000, 100_000, 100_000]);
    const order = await delivered([{ item: a!, quantity: 1 }]);
    await t.database.db.execute(
      sql`update orders set delivered_at = now() - interval '30 days' where id = ${order.id}`,
    );
    const line = { item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId };
    const before = await footprint();
    const payloads: unknown[] = [
      {},
      { lines: [] },
      { lines: "all" },
      { lines: Array.from({ length: 21 }, () => line), reason: "ok" },
      { lines: [{ ...line, quantity: 1e20 }], reason: "ok" },
      { lines: [{ ...line, quantity: 1.5 }], reason: "ok" },
      { lines: [{ ...line, quantity: -1 }], reason: "ok" },
      { lines: [{ ...line, quantity: "1" }], reason: "ok" },
      { lines: [{ ...line, item_id: 2 ** 53 }], reason: "ok" },
      { lines: [{ ...line, item_id: 2_147_483_647 }], reason: "ok" },
      { lines: [{ ...line, combination_id: 99_999_999_999 }], reason: "ok" },
      { lines: [{ ...line, combination_id: "1 or 1=1" }], reason: "ok" },
      { lines: [{ ...line, resellable: "yes" }], reason: "ok" },
      { lines: [line], reason: "x".repeat(1001) },
      { lines: [line], reason: "x".repeat(1_000_000) },
      { lines: [line], reason: "bad\u0000byte" },
      { lines: [line], reason: "ok", note: "n".repeat(2001) },
      { lines: [line], reason: "ok", expected_status: "lost" },
      { lines: [line], reason: "ok", expected_status: "shipped" },
      [line],
      null,
    ];
    for (const payload of payloads) {
      const res = await exchange(order.id, payload);
      const shown = JSON.stringify(payload)?.slice(0, 120);
      expect([400, 404, 409, 413, 422], shown).toContain(res.statusCode);
      expect(typeof res.json().detail, shown).toBe("string");
    }
    const text = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/exchanges`,
      headers: { ...packer.auth, "content-type": "application/json" },
      payload: '{"lines": [',
    });
    expect(text.statusCode).toBe(400);
    const badId = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/99999999999999999999/exchanges`,
      headers: packer.auth,
      payload: { lines: [line], reason: "ok" },
    });
    expect([404, 422]).toContain(badId.statusCode);
    expect(await footprint()).toEqual(before);
    expect(await stockOf(t, b!)).toBe(50);
  }, 30_000);
});
