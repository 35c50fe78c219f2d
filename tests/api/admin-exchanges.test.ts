// Exchanges through the staff API (decision 0056): a delivered order's lines
// swapped for other sizes or colours of the same product, as a new confirmed replacement order
// priced by the server; stock and money exact; the 7-day window; refusals that write nothing; the
// shopper's tracking. The returned units, two exchanges at once, permissions and hostile input
// are in admin-exchanges-stock-and-access.test.ts. On both databases.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LATE_EXCHANGE_NEEDS_REASON } from "../../core/orders/exchange";
import { freshIp, registerShopper } from "../helpers/accounts";
import { hasPageBuild } from "../helpers/page-app";
import { orderPayload, rows, stockOf } from "../helpers/shop";
import {
  t,
  packer,
  product,
  place,
  delivered,
  exchange,
  staffOrder,
  footprint,
  movementsOf,
  moveAlong,
  startExchangeStore,
} from "../helpers/exchange-desk";

startExchangeStore();

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
