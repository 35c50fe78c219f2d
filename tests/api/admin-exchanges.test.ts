// Exchanges through the staff API (decision 0056): a delivered order's lines
// swapped for other sizes or colours of the same product, as a new confirmed replacement order
// priced by the server; stock and money exact; the 7-day window; refusals that write nothing; the
// returned units restocked once when the replacement is delivered, and not when it is cancelled;
// two exchanges of one line at once; permissions; hostile input; the shopper's tracking.
// On both databases; the race runs for real on PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LATE_EXCHANGE_NEEDS_REASON } from "../../core/orders/exchange";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { freshIp, registerShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { createPageApp, hasPageBuild } from "../helpers/page-app";
import { count, orderPayload, rows, stockOf, type Item } from "../helpers/shop";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
let packer: TestStaff;
let catalogue: TestStaff;
let productIds: number[];
let nextProduct = 0;

beforeAll(async () => {
  t = hasPageBuild() ? await createPageApp() : await createTestApp();
  RATE_LIMITS.orders.limit = 100_000;
  RATE_LIMITS.tracking.limit = 100_000;
  owner = await makeOwner(t.app, t.core);
  packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
  productIds = (
    await rows<{ id: number }>(
      t,
      sql`select p.id from products p where p.is_active
            and (select count(*) from variant_combinations vc where vc.product_id = p.id) >= 3
          order by p.id`,
    )
  ).map((r) => r.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/**
 * A product no other test here uses, with three options at these prices (paisa) and this stock
 * each: what the exchanges swap between.
 */
async function product(prices: [number, number, number], stock = 50): Promise<Item[]> {
  const productId = productIds[nextProduct++];
  if (productId === undefined) throw new Error("out of demo products with three options");
  const options = await rows<Item>(
    t,
    sql`select vc.product_id as "productId", vc.id as "combinationId", p.name, vc.price_paisa as "pricePaisa", vc.stock
        from variant_combinations vc join products p on p.id = vc.product_id
        where vc.product_id = ${productId} order by vc.id limit 3`,
  );
  for (const [n, option] of options.entries()) {
    await t.database.db.execute(
      sql`update variant_combinations set price_paisa = ${prices[n]!}, stock = ${stock}, is_available = true
          where id = ${option.combinationId}`,
    );
    option.pricePaisa = prices[n]!;
    option.stock = stock;
  }
  // changed behind the app's back: the catalogue's cached reads must not answer the old prices
  t.core.cache.clear();
  return options;
}

interface Placed {
  id: number;
  trackingId: string;
  phone: string;
  totalAmount: number;
  itemIds: number[];
}

async function place(lines: { item: Item; quantity: number }[]): Promise<Placed> {
  const payload = orderPayload(lines);
  const res = await t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const items = await rows<{ id: number }>(t, sql`select id from order_items where order_id = ${body.id} order by id`);
  return {
    id: body.id,
    trackingId: body.tracking_id,
    phone: payload.phone,
    totalAmount: payload.total_amount,
    itemIds: items.map((i) => i.id),
  };
}

const move = (orderId: number, payload: object, who: TestStaff = packer) =>
  t.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/status`, headers: who.auth, payload });

async function moveAlong(orderId: number, statuses: string[], cash = 0) {
  for (const status of statuses) {
    const details =
      status === "shipped"
        ? { courier: "TCS", tracking_number: "TCS-1" }
        : status === "delivered"
          ? { cash_collected: cash }
          : {};
    const res = await move(orderId, { status, ...details });
    if (res.statusCode !== 200) throw new Error(`move to ${status} failed: ${res.statusCode} ${res.body}`);
  }
}

async function delivered(lines: { item: Item; quantity: number }[]): Promise<Placed> {
  const order = await place(lines);
  await moveAlong(order.id, ["confirmed", "packed", "shipped", "delivered"], order.totalAmount);
  return order;
}

const exchange = (orderId: number, payload: unknown, who: TestStaff = packer) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/exchanges`,
    headers: who.auth,
    payload: payload as object,
  });

const staffOrder = async (orderId: number) =>
  (await t.app.inject({ method: "GET", url: `/api/admin/orders/${orderId}`, headers: packer.auth })).json();

/** Rows that an exchange writes: none of them may change when one is refused. */
const footprint = async () =>
  Promise.all(
    ["orders", "order_items", "order_events", "stock_movements", "audit_log"].map((table) =>
      count(t, sql`select count(*) as n from ${sql.identifier(table)}`),
    ),
  );

const movementsOf = (orderId: number) =>
  rows<{ combination_id: number; delta: number; reason: string; stock_after: number }>(
    t,
    sql`select combination_id, delta, reason, stock_after from stock_movements where order_id = ${orderId} order by id`,
  );

describe("an exchange", () => {
  it("makes a confirmed replacement order at today's prices: a dearer option costs the difference, a cheaper one nothing", async () => {
    const [a, b, c] = await product([200_000, 250_000, 150_000]);
    const order = await delivered([{ item: a!, quantity: 2 }]);
    expect(await stockOf(t, a!)).toBe(48);

    const dearer = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId, resellable: true }],
      expected_status: "delivered",
      note: "Swapped at the door on Friday",
    });
    expect(dearer.statusCode, dearer.body).toBe(201);
    const replacement = dearer.json();
    expect(replacement).toMatchObject({
      status: "confirmed",
      next_statuses: ["packed", "cancelled"],
      subtotal: 2500,
      shipping: 0,
      discount: 2000,
      total_amount: 500,
      exchange_of: { id: order.id, tracking_id: order.trackingId },
      exchange_reason: null,
      exchange: {
        original_order_id: order.id,
        original_tracking_id: order.trackingId,
        outside_window: false,
        replacement_subtotal: 2500,
        returned_value: 2000,
        returned_value_applied: 2000,
        shipping: 0,
        to_collect: 500,
      },
    });
    expect(dearer.body).toContain('"to_collect":500.00');
    expect(replacement.tracking_id).not.toBe(order.trackingId);
    expect(replacement.tracking_id).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    expect(replacement.items).toEqual([
      expect.objectContaining({
        combination_id: b!.combinationId,
        quantity: 1,
        price: 2500,
        line_total: 2500,
        replaces_item_id: order.itemIds[0],
        return_resellable: true,
      }),
    ]);
    // the timeline: its first status, the exchange pointing back, and the staff note
    expect(
      replacement.timeline.map((e: { kind: string; to_status: string | null; related_tracking_id: string | null }) => [
        e.kind,
        e.to_status ?? e.related_tracking_id,
      ]),
    ).toEqual([
      ["status", "confirmed"],
      ["exchange", order.trackingId],
      ["note", null],
    ]);
    expect(replacement.timeline[2]).toMatchObject({ note: "Swapped at the door on Friday", visible_to_shopper: false });

    // the same shopper, address and source; the stock of the replacement taken, as an exchange
    const [original, copy] = await rows<Record<string, unknown>>(
      t,
      sql`select user_id, email, phone, phone_normalized, shipping_address, city, postal_code, country, source,
                 first_name, last_name
          from orders where id in (${order.id}, ${replacement.id}) order by id`,
    );
    expect(copy).toEqual(original);
    expect([await stockOf(t, a!), await stockOf(t, b!)]).toEqual([48, 49]);
    expect(await movementsOf(replacement.id)).toEqual([
      { combination_id: b!.combinationId, delta: -1, reason: "exchange", stock_after: 49 },
    ]);

    const originalView = await staffOrder(order.id);
    expect(originalView.status).toBe("delivered");
    expect(originalView.replacements).toEqual([
      expect.objectContaining({ id: replacement.id, tracking_id: replacement.tracking_id, status: "confirmed" }),
    ]);
    expect(originalView.timeline.at(-1)).toMatchObject({
      kind: "exchange",
      related_order_id: replacement.id,
      related_tracking_id: replacement.tracking_id,
      visible_to_shopper: true,
      actor_id: packer.id,
    });
    const [audit] = await rows<{ action: string; actor_id: number; changes: Record<string, unknown> }>(
      t,
      sql`select action, actor_id, changes from audit_log where entity_type = 'order' and entity_id = ${String(order.id)}
          order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      action: "order.exchange",
      actor_id: packer.id,
      changes: { replacement_order_id: replacement.id, total_paisa: 50_000, returned_value_paisa: 200_000 },
    });

    // the other unit, for the cheaper option: nothing to collect, nothing paid back
    const cheaper = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: c!.combinationId, resellable: false }],
    });
    expect(cheaper.statusCode, cheaper.body).toBe(201);
    expect(cheaper.json()).toMatchObject({
      subtotal: 1500,
      shipping: 0,
      discount: 1500,
      total_amount: 0,
      exchange: { replacement_subtotal: 1500, returned_value: 2000, returned_value_applied: 1500, to_collect: 0 },
    });
    expect(await stockOf(t, c!)).toBe(49);

    // both units are now exchanged: a third exchange of the line is refused, naming it
    const before = await footprint();
    const third = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId }],
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().detail).toContain(a!.name);
    expect(third.json().detail).toContain("already exchanged");
    expect(await footprint()).toEqual(before);

    // the shopper's tracking shows the exchange on both orders, and never the staff note
    const trackOriginal = await t.app.inject({
      method: "GET",
      url: `/api/orders/track/${order.trackingId}?phone=${encodeURIComponent(order.phone)}`,
    });
    expect(trackOriginal.statusCode).toBe(200);
    expect(trackOriginal.json().exchanges).toEqual([
      { role: "replaced_by", tracking_id: replacement.tracking_id, created_at: expect.any(String) },
      { role: "replaced_by", tracking_id: cheaper.json().tracking_id, created_at: expect.any(String) },
    ]);
    expect(trackOriginal.json().timeline.map((e: { status: string }) => e.status)).toEqual([
      "pending confirmation",
      "confirmed",
      "packed",
      "shipped",
      "delivered",
    ]);
    const trackReplacement = await t.app.inject({
      method: "GET",
      url: `/api/orders/track/${replacement.tracking_id}?phone=${encodeURIComponent(order.phone)}`,
    });
    expect(trackReplacement.statusCode).toBe(200);
    expect(trackReplacement.body).not.toContain("Swapped at the door");
    expect(trackReplacement.json()).toMatchObject({
      status: "confirmed",
      total: 500,
      exchanges: [{ role: "replaces", tracking_id: order.trackingId }],
      timeline: [{ status: "confirmed" }],
    });
    if (hasPageBuild()) {
      const page = await t.app.inject({
        method: "GET",
        url: `/track?tracking_id=${order.trackingId}&contact=${encodeURIComponent(order.phone)}`,
      });
      expect(page.body).toContain("Exchange arranged: new order");
      expect(page.body).toContain(replacement.tracking_id);
      const other = await t.app.inject({
        method: "GET",
        url: `/track?tracking_id=${replacement.tracking_id}&contact=${encodeURIComponent(order.phone)}`,
      });
      expect(other.body).toContain("Exchange for order");
      expect(other.body).toContain(order.trackingId);
      expect(other.body).not.toContain("Swapped at the door");
    }
  }, 30_000);

  it("shows a signed-in shopper the exchange in My Orders on both orders, the replacement listed too", async () => {
    const [a, b] = await product([200_000, 200_000, 200_000]);
    const shopper = await registerShopper(t.app);
    const payload = orderPayload([{ item: a!, quantity: 1 }]);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload,
      headers: shopper.auth,
      remoteAddress: freshIp(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const original = placed.json();
    await moveAlong(original.id, ["confirmed", "packed", "shipped", "delivered"], payload.total_amount);
    const [item] = await rows<{ id: number }>(t, sql`select id from order_items where order_id = ${original.id}`);
    const made = await exchange(original.id, {
      lines: [{ item_id: item!.id, quantity: 1, combination_id: b!.combinationId, resellable: true }],
      note: "Staff only: she wants it before the wedding",
    });
    expect(made.statusCode, made.body).toBe(201);
    const replacement = made.json();

    const mine = await t.app.inject({ method: "GET", url: "/api/users/me/orders", headers: shopper.auth });
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as { id: number; exchanges: unknown[]; timeline: unknown[] }[];
    // newest first: the replacement (the same account's), then the original
    expect(list.map((o) => o.id)).toEqual([replacement.id, original.id]);
    expect(list[0]!.exchanges).toEqual([
      { role: "replaces", tracking_id: original.tracking_id, created_at: expect.any(String) },
    ]);
    expect(list[1]!.exchanges).toEqual([
      { role: "replaced_by", tracking_id: replacement.tracking_id, created_at: expect.any(String) },
    ]);
    expect(list[0]!.timeline).toEqual([{ status: "confirmed", created_at: expect.any(String) }]);
    expect(mine.body).not.toContain("before the wedding");
  });

  it("is refused for an order that is not delivered (409), and for no such order (404)", async () => {
    const [a, b] = await product([100_000, 100_000, 100_000]);
    const order = await place([{ item: a!, quantity: 1 }]);
    await moveAlong(order.id, ["confirmed", "packed", "shipped"]);
    const before = await footprint();
    const res = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("Only a delivered order can be exchanged; this order is shipped.");
    const missing = await exchange(2_000_000_000, {
      lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId }],
    });
    expect(missing.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
    expect(await stockOf(t, b!)).toBe(50);
  });

  it("refuses more units than the line holds, another order's line and another product's option, writing nothing", async () => {
    const [a, b] = await product([100_000, 120_000, 90_000]);
    const [x] = await product([100_000, 100_000, 100_000]);
    const order = await delivered([{ item: a!, quantity: 1 }]);
    const stranger = await place([{ item: x!, quantity: 1 }]);
    const before = await footprint();

    const tooMany = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 2, combination_id: b!.combinationId }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toContain(a!.name);
    // the same line twice, adding up to more than it holds
    const split = await exchange(order.id, {
      lines: [
        { item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId },
        { item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId },
      ],
    });
    expect(split.statusCode).toBe(422);

    const notItsLine = await exchange(order.id, {
      lines: [{ item_id: stranger.itemIds[0], quantity: 1, combination_id: b!.combinationId }],
    });
    expect(notItsLine.statusCode).toBe(422);
    expect(notItsLine.json().detail).toContain(`is not an item of order ${order.trackingId}`);

    const otherProduct = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: x!.combinationId }],
    });
    expect(otherProduct.statusCode).toBe(422);
    expect(otherProduct.json().detail).toContain(`is not a size or colour of ${a!.name}`);

    const noOption = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 1, combination_id: null }],
    });
    expect(noOption.statusCode).toBe(422);
    expect(noOption.json().detail).toContain("combination_id");

    expect(await footprint()).toEqual(before);
    expect(await stockOf(t, b!)).toBe(50);
  });

  it("more than 7 days after delivery needs a written reason (422), and with one it is made and the reason kept", async () => {
    const [a, b] = await product([100_000, 100_000, 100_000]);
    const order = await delivered([{ item: a!, quantity: 1 }]);
    await t.database.db.execute(
      sql`update orders set delivered_at = now() - interval '7 days 1 minute' where id = ${order.id}`,
    );
    const line = { item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId };
    const before = await footprint();
    for (const reason of [undefined, "", "   "]) {
      const res = await exchange(order.id, { lines: [line], ...(reason === undefined ? {} : { reason }) });
      expect(res.statusCode, String(reason)).toBe(422);
      expect(res.json().detail).toBe(LATE_EXCHANGE_NEEDS_REASON);
    }
    expect(await footprint()).toEqual(before);

    const reason = "The shopper was travelling; agreed by the manager on the phone.";
    const res = await exchange(order.id, { lines: [line], reason });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ exchange_reason: reason, exchange: { outside_window: true } });
    const [row] = await rows<{ exchange_reason: string }>(
      t,
      sql`select exchange_reason from orders where id = ${res.json().id}`,
    );
    expect(row!.exchange_reason).toBe(reason);

    // six days after delivery: inside the window, no reason needed
    const recent = await delivered([{ item: a!, quantity: 1 }]);
    await t.database.db.execute(
      sql`update orders set delivered_at = now() - interval '6 days' where id = ${recent.id}`,
    );
    const inside = await exchange(recent.id, {
      lines: [{ item_id: recent.itemIds[0], quantity: 1, combination_id: b!.combinationId }],
    });
    expect(inside.statusCode, inside.body).toBe(201);
  });

  it("refuses a replacement out of stock (409 naming it) and writes nothing", async () => {
    const [a, b, c] = await product([100_000, 100_000, 100_000], 10);
    const order = await delivered([{ item: a!, quantity: 2 }]);
    await t.database.db.execute(sql`update variant_combinations set stock = 0 where id = ${c!.combinationId}`);
    await t.database.db.execute(sql`update variant_combinations set stock = 1 where id = ${b!.combinationId}`);
    const before = await footprint();
    const res = await exchange(order.id, {
      lines: [
        { item_id: order.itemIds[0], quantity: 1, combination_id: b!.combinationId },
        { item_id: order.itemIds[0], quantity: 1, combination_id: c!.combinationId },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/is out of stock: choose another size or colour\.$/);
    expect(res.json().detail).toContain(a!.name);
    const short = await exchange(order.id, {
      lines: [{ item_id: order.itemIds[0], quantity: 2, combination_id: b!.combinationId }],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().detail).toContain("Only 1 left of");
    expect(await footprint()).toEqual(before);
    expect([await stockOf(t, b!), await stockOf(t, c!)]).toEqual([1, 0]);
  });
});

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
