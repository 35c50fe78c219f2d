// Orders through the staff API (decision 0055): every move of the workflow's table,
// allowed and refused, generated from the table itself; shipping and delivery details; stock and
// the voucher use given back exactly once however many cancels race; one winner of two moves;
// nothing written by a refused move; hostile input. On both databases; the races run for real on
// PostgreSQL. The timeline, the shopper's tracking and the list are in admin-orders-views.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moveOrder, ORDER_CHANGED, ORDER_MOVES } from "../../core/orders/workflow";
import { ORDER_STATUSES } from "../../db/schema";
import { count, rows, stockOf } from "../helpers/shop";
import { actorOf } from "../helpers/staff";
import {
  t,
  owner,
  packer,
  catalogue,
  combination,
  voucher,
  place,
  detailsFor,
  move,
  pathTo,
  orderAt,
  statusOf,
  eventsOf,
  auditsOf,
  usedCount,
  redemptions,
  startOrderWorkflowStore,
} from "../helpers/order-workflow";

startOrderWorkflowStore();

describe("the staff API's document", () => {
  it("lists the orders operations with the orders permission, so the access walk covers them", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const paths = doc.paths as Record<string, Record<string, { "x-permission"?: string }>>;
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith("/api/admin/orders"))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => `${method} ${path} ${op["x-permission"]}`))
      .sort();
    expect(operations).toEqual([
      "get /api/admin/orders orders",
      "get /api/admin/orders/calls orders",
      "get /api/admin/orders/catalogue-search orders",
      "get /api/admin/orders/counts orders",
      "get /api/admin/orders/export.csv orders",
      "get /api/admin/orders/{id} orders",
      "get /api/admin/orders/{id}/booking orders",
      "get /api/admin/orders/{id}/parcel-events orders",
      "get /api/admin/orders/{id}/parcels orders",
      "post /api/admin/orders orders",
      "post /api/admin/orders/preview orders",
      "post /api/admin/orders/{id}/exchanges orders",
      "post /api/admin/orders/{id}/notes orders",
      "post /api/admin/orders/{id}/parcels orders",
      "post /api/admin/orders/{id}/status orders",
    ]);
  });
});

describe("the workflow's table", () => {
  it("is exactly the moves of decision 0055", () => {
    expect(ORDER_MOVES).toEqual({
      "pending confirmation": ["confirmed", "cancelled"],
      confirmed: ["packed", "cancelled"],
      packed: ["shipped", "cancelled"],
      shipped: ["delivered", "returned"],
      delivered: ["returned"],
      cancelled: [],
      returned: [],
    });
    expect(Object.keys(ORDER_MOVES).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  const cases = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.map((to) => ({ from, to, allowed: ORDER_MOVES[from].includes(to) })),
  );

  it.each(cases.filter((c) => c.allowed))("allows $from → $to", async ({ from, to }) => {
    const order = await orderAt(from);
    const events = await eventsOf(order.id);
    const res = await move(order.id, { status: to, expected_status: from, ...detailsFor(to, order) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(to);
    expect(body.next_statuses).toEqual(ORDER_MOVES[to]);
    expect(body.timeline.at(-1)).toMatchObject({ kind: "status", from_status: from, to_status: to });
    expect(body.timeline.at(-1).actor_name).toBe("Test fulfilment");
    expect(await eventsOf(order.id)).toBe(events + 1);
    const [audit] = await rows<{ action: string; actor_id: number; changes: { status: [string, string] } }>(
      t,
      sql`select action, actor_id, changes from audit_log where entity_type = 'order' and entity_id = ${String(order.id)}
          order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: "order.status", actor_id: packer.id, changes: { status: [from, to] } });
  });

  it.each(cases.filter((c) => !c.allowed))("refuses $from → $to with 409 naming both", async ({ from, to }) => {
    const order = await orderAt(from);
    const [events, audits] = [await eventsOf(order.id), await auditsOf(order.id)];
    const res = await move(order.id, { status: to, ...detailsFor(to, order) });
    expect(res.statusCode, res.body).toBe(409);
    const { detail } = res.json();
    expect(detail).toContain(from);
    if (from !== to) expect(detail).toContain(to);
    expect(await statusOf(order.id)).toBe(from);
    expect([await eventsOf(order.id), await auditsOf(order.id)]).toEqual([events, audits]);
  });
});

describe("what a move must carry", () => {
  it("shipped needs the courier and the tracking number (422), and records both", async () => {
    const order = await orderAt("packed");
    for (const payload of [
      { status: "shipped" },
      { status: "shipped", tracking_number: "TCS1" },
      { status: "shipped", courier: "TCS" },
      { status: "shipped", courier: "   ", tracking_number: "TCS1" },
    ]) {
      const res = await move(order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toMatch(/courier|tracking_number/);
    }
    expect(await statusOf(order.id)).toBe("packed");
    const res = await move(order.id, { status: "shipped", courier: "Leopards", tracking_number: "LP 55/0091" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ courier: "Leopards", tracking_number: "LP 55/0091" });
  });

  it("delivered needs the cash collected (422), in rupees, and records it", async () => {
    const order = await orderAt("shipped");
    for (const payload of [
      { status: "delivered" },
      { status: "delivered", cash_collected: -1 },
      { status: "delivered", cash_collected: "abc" },
      { status: "delivered", cash_collected: 1e308 },
      { status: "delivered", cash_collected: 10_000_001 },
      { status: "delivered", cash_collected: "12.345" },
      { status: "delivered", cash_collected: null },
    ]) {
      const res = await move(order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toMatch(/cash_collected/);
    }
    expect(await statusOf(order.id)).toBe("shipped");
    const res = await move(order.id, { status: "delivered", cash_collected: "2499.50" });
    expect(res.statusCode).toBe(200);
    expect(res.json().cash_collected).toBe(2499.5);
    expect(await count(t, sql`select cash_collected_paisa as n from orders where id = ${order.id}`)).toBe(249_950);
  });

  it("is refused by core to a member without the orders permission", async () => {
    const order = await orderAt("pending confirmation");
    await expect(
      moveOrder(t.core, await actorOf(t.core, catalogue), order.id, { status: "confirmed" }),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(await statusOf(order.id)).toBe("pending confirmation");
  });

  it("answers 404 for no such order", async () => {
    const res = await move(2_000_000_000, { status: "confirmed" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "No such order." });
  });
});

describe("stock and the voucher follow the order, exactly once", () => {
  it("50 cancels of one order at once: one 200, 49 409, stock and the voucher use given back once", async () => {
    const [a, b] = [await combination(40), await combination(40)];
    const v = await voucher(10);
    const order = await place(
      [
        { item: a, quantity: 2 },
        { item: b, quantity: 3 },
      ],
      { voucher: v },
    );
    expect([await stockOf(t, a), await stockOf(t, b), await usedCount(v.code)]).toEqual([38, 37, 1]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        move(order.id, { status: "cancelled", expected_status: "pending confirmation" }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((r) => r.statusCode === 409)) expect(r.json().detail).toBe(ORDER_CHANGED);
    expect([await stockOf(t, a), await stockOf(t, b)]).toEqual([40, 40]);
    expect([await usedCount(v.code), await redemptions(v.code)]).toEqual([0, 0]);
    const movements = await rows<{ combination_id: number; delta: number; reason: string; stock_after: number }>(
      t,
      sql`select combination_id, delta, reason, stock_after from stock_movements where order_id = ${order.id} order by id`,
    );
    expect(movements).toEqual([
      { combination_id: a.combinationId, delta: -2, reason: "order", stock_after: 38 },
      { combination_id: b.combinationId, delta: -3, reason: "order", stock_after: 37 },
      { combination_id: a.combinationId, delta: 2, reason: "cancel", stock_after: 40 },
      { combination_id: b.combinationId, delta: 3, reason: "cancel", stock_after: 40 },
    ]);
    expect(
      await count(t, sql`select count(*) as n from order_events where order_id = ${order.id} and kind = 'status'`),
    ).toBe(2);
    expect(await auditsOf(order.id)).toBe(1);

    // the same cancel sent again without expected_status: the order is already cancelled
    const again = await Promise.all(Array.from({ length: 10 }, () => move(order.id, { status: "cancelled" })));
    for (const r of again) {
      expect(r.statusCode).toBe(409);
      expect(r.json().detail).toBe("This order is already cancelled.");
    }
    expect([await stockOf(t, a), await stockOf(t, b), await usedCount(v.code)]).toEqual([40, 40, 0]);
  }, 60_000);

  it("two different moves at once: one winner, the other told the order changed", async () => {
    for (let round = 0; round < 5; round++) {
      const item = await combination(10);
      const order = await place([{ item, quantity: 4 }]);
      const [confirm, cancel] = await Promise.all([
        move(order.id, { status: "confirmed", expected_status: "pending confirmation" }),
        move(order.id, { status: "cancelled", expected_status: "pending confirmation" }, owner),
      ]);
      expect([confirm.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const loser = confirm.statusCode === 409 ? confirm : cancel;
      expect(loser.json().detail).toBe(ORDER_CHANGED);
      const cancelled = cancel.statusCode === 200;
      expect(await statusOf(order.id)).toBe(cancelled ? "cancelled" : "confirmed");
      expect(await stockOf(t, item)).toBe(cancelled ? 10 : 6);
      expect(await auditsOf(order.id)).toBe(1);
    }
  }, 60_000);

  it("a return puts the units back as a return; restock false (cannot be resold) leaves stock alone but gives the voucher use back", async () => {
    const item = await combination(20);
    const v = await voucher();
    const kept = await place([{ item, quantity: 2 }], { voucher: v });
    const opened = await place([{ item, quantity: 3 }], { voucher: v });
    expect([await stockOf(t, item), await usedCount(v.code)]).toEqual([15, 2]);
    for (const order of [kept, opened]) {
      for (const to of pathTo("delivered"))
        expect((await move(order.id, { status: to, ...detailsFor(to, order) })).statusCode).toBe(200);
    }
    expect((await move(kept.id, { status: "returned" })).statusCode).toBe(200);
    expect([await stockOf(t, item), await usedCount(v.code)]).toEqual([17, 1]);
    expect(
      (await move(opened.id, { status: "returned", restock: false, note: "Opened, cannot be resold" })).statusCode,
    ).toBe(200);
    expect([await stockOf(t, item), await usedCount(v.code)]).toEqual([17, 0]);
    const reasons = await rows<{ order_id: number; reason: string; delta: number }>(
      t,
      sql`select order_id, reason, delta from stock_movements where reason <> 'order' and combination_id = ${item.combinationId}`,
    );
    expect(reasons).toEqual([{ order_id: kept.id, reason: "return", delta: 2 }]);
    const [audit] = await rows<{ changes: Record<string, unknown> }>(
      t,
      sql`select changes from audit_log where entity_type = 'order' and entity_id = ${String(opened.id)} order by id desc limit 1`,
    );
    expect(audit!.changes).toMatchObject({ status: ["delivered", "returned"], restocked: 0, voucher_released: true });
  }, 60_000);

  it("a move that fails after writing rolls back its status, stock, voucher, timeline and audit row", async () => {
    const item = await combination(10);
    const v = await voucher();
    const order = await place([{ item, quantity: 1 }], { voucher: v });
    // the audit row is the move's last write: refuse it, and everything before it must go too
    await t.database.db.execute(
      sql.raw(`create or replace function refuse_order_audit() returns trigger language plpgsql as $$
        begin
          if new.entity_type = 'order' and new.entity_id = '${order.id}' then raise exception 'refused by test'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        `create trigger refuse_order_audit before insert on audit_log for each row execute function refuse_order_audit()`,
      ),
    );
    try {
      await expect(
        moveOrder(t.core, await actorOf(t.core, packer), order.id, { status: "cancelled" }),
      ).rejects.toThrow();
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger refuse_order_audit on audit_log`));
      await t.database.db.execute(sql.raw(`drop function refuse_order_audit()`));
    }
    expect(await statusOf(order.id)).toBe("pending confirmation");
    expect([await stockOf(t, item), await usedCount(v.code), await redemptions(v.code)]).toEqual([9, 1, 1]);
    expect(await eventsOf(order.id)).toBe(1);
    expect(await auditsOf(order.id)).toBe(0);
    expect(
      await count(t, sql`select count(*) as n from stock_movements where order_id = ${order.id} and reason = 'cancel'`),
    ).toBe(0);
    // and then it can be cancelled, once
    expect((await move(order.id, { status: "cancelled" })).statusCode).toBe(200);
    expect([await stockOf(t, item), await usedCount(v.code)]).toEqual([10, 0]);
  });
});
