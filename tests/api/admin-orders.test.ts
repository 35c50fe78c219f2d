// Orders through the staff API (decision 0055): every move of the workflow's table,
// allowed and refused, generated from the table itself; shipping and delivery details; stock and
// the voucher use given back exactly once however many cancels race; one winner of two moves;
// nothing written by a refused move; staff notes never in the shopper's tracking; the list's
// filters and counts; hostile input. On both databases; the races run for real on PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveOrder, ORDER_CHANGED, ORDER_MOVES } from "../../core/orders/workflow";
import { ORDER_STATUSES, type OrderStatus } from "../../db/schema";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { freshIp, registerShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { createPageApp, hasPageBuild } from "../helpers/page-app";
import { combinations, count, orderPayload, rows, setStock, stockOf, type Item } from "../helpers/shop";
import { actorOf, makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
let packer: TestStaff;
let catalogue: TestStaff;
let pool: Item[];
let next = 0;

beforeAll(async () => {
  // with the pages built (npm test builds first), the tracking page is checked too
  t = hasPageBuild() ? await createPageApp() : await createTestApp();
  RATE_LIMITS.orders.limit = 100_000;
  RATE_LIMITS.tracking.limit = 100_000;
  owner = await makeOwner(t.app, t.core);
  packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
  pool = await combinations(t, 0, 30);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A combination no other test in this file uses, with this stock. */
async function combination(stock: number): Promise<Item> {
  const item = pool[next++];
  if (!item) throw new Error("out of demo combinations");
  await setStock(t, item, stock);
  return item;
}

let voucherNumber = 0;
async function voucher(usageLimit: number | null = null) {
  const code = `MOVE${++voucherNumber}`;
  await t.database.db.execute(sql`
    insert into vouchers (code, description, discount_type, discount_value, usage_limit)
    values (${code}, 'workflow', 'flat', 10000, ${usageLimit})`);
  return { code, pricing: { discountType: "flat" as const, discountValue: 10_000, maxDiscountPaisa: null } };
}

interface Placed {
  id: number;
  trackingId: string;
  phone: string;
  totalAmount: number;
}

async function place(
  lines: { item: Item; quantity: number }[],
  options: Parameters<typeof orderPayload>[1] = {},
): Promise<Placed> {
  const payload = orderPayload(lines, options);
  const res = await t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { id: body.id, trackingId: body.tracking_id, phone: payload.phone, totalAmount: payload.total_amount };
}

/** What a move to this status must carry besides the status. */
const detailsFor = (to: OrderStatus, order: Placed) =>
  to === "shipped"
    ? { courier: "TCS", tracking_number: "TCS-7731-0042" }
    : to === "delivered"
      ? { cash_collected: order.totalAmount }
      : {};

const move = (orderId: number, payload: object, who: TestStaff = packer) =>
  t.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/status`, headers: who.auth, payload });

/** The shortest way through the table from a new order to this status. */
function pathTo(target: OrderStatus): OrderStatus[] {
  const queue: OrderStatus[][] = [["pending confirmation"]];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const last = path[path.length - 1]!;
    if (last === target) return path.slice(1);
    for (const to of ORDER_MOVES[last]) if (!path.includes(to)) queue.push([...path, to]);
  }
  throw new Error(`the table never reaches ${target}`);
}

let shared: Item;
async function orderAt(status: OrderStatus): Promise<Placed> {
  shared ??= await combination(100_000);
  const order = await place([{ item: shared, quantity: 1 }]);
  for (const to of pathTo(status)) {
    const res = await move(order.id, { status: to, ...detailsFor(to, order) });
    if (res.statusCode !== 200) throw new Error(`move to ${to} failed: ${res.statusCode} ${res.body}`);
  }
  return order;
}

const statusOf = async (orderId: number) =>
  (await rows<{ status: string }>(t, sql`select status from orders where id = ${orderId}`))[0]?.status;
const eventsOf = (orderId: number) => count(t, sql`select count(*) as n from order_events where order_id = ${orderId}`);
const auditsOf = (orderId: number) =>
  count(t, sql`select count(*) as n from audit_log where entity_type = 'order' and entity_id = ${String(orderId)}`);
const usedCount = async (code: string) => count(t, sql`select used_count as n from vouchers where code = ${code}`);
const redemptions = async (code: string) =>
  count(
    t,
    sql`select count(*) as n from voucher_redemptions r join vouchers v on v.id = r.voucher_id where v.code = ${code}`,
  );

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
      "post /api/admin/orders orders",
      "post /api/admin/orders/preview orders",
      "post /api/admin/orders/{id}/exchanges orders",
      "post /api/admin/orders/{id}/notes orders",
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

describe("the timeline and the shopper's tracking", () => {
  it("keeps staff notes in the console: the shopper sees each step with its date and the courier, never a note", async () => {
    const order = await orderAt("pending confirmation");
    const secret = "Customer sounded unsure, call before dispatch";
    const note = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/notes`,
      headers: packer.auth,
      payload: { note: secret },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ kind: "note", note: secret, visible_to_shopper: false, actor_id: packer.id });
    const moveNote = "Packed by Sana, fragile";
    for (const to of ["confirmed", "packed", "shipped"] as const) {
      const res = await move(order.id, {
        status: to,
        ...detailsFor(to, order),
        ...(to === "packed" ? { note: moveNote } : {}),
      });
      expect(res.statusCode).toBe(200);
    }

    const staffView = (
      await t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}`, headers: packer.auth })
    ).json();
    expect(staffView.timeline.map((e: { kind: string; to_status: string | null }) => e.to_status ?? e.kind)).toEqual([
      "pending confirmation",
      "note",
      "confirmed",
      "packed",
      "note",
      "shipped",
    ]);
    expect(staffView.timeline.filter((e: { note: string }) => e.note === secret || e.note === moveNote)).toHaveLength(
      2,
    );

    const tracked = await t.app.inject({
      method: "GET",
      url: `/api/orders/track/${order.trackingId}?phone=${encodeURIComponent(order.phone)}`,
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.body).not.toContain(secret);
    expect(tracked.body).not.toContain(moveNote);
    const body = tracked.json();
    expect(body.timeline.map((e: { status: string }) => e.status)).toEqual([
      "pending confirmation",
      "confirmed",
      "packed",
      "shipped",
    ]);
    for (const e of body.timeline) expect(Number.isNaN(Date.parse(e.created_at))).toBe(false);
    expect(body.timeline.at(-1)).toMatchObject({ courier: "TCS", tracking_number: "TCS-7731-0042" });
    expect(body).toMatchObject({ status: "shipped", courier: "TCS", tracking_number: "TCS-7731-0042" });

    // the tracking page shows the packed step and the courier, and no note either
    if (hasPageBuild()) {
      const page = await t.app.inject({
        method: "GET",
        url: `/track?tracking_id=${order.trackingId}&contact=${encodeURIComponent(order.phone)}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("TCS-7731-0042");
      expect(page.body).toContain("Packed");
      expect(page.body).not.toContain(secret);
      expect(page.body).not.toContain(moveNote);
    }
  });

  it("shows a signed-in shopper's My Orders each step with its date and the courier, never a note", async () => {
    const shopper = await registerShopper(t.app);
    shared ??= await combination(100_000);
    const payload = orderPayload([{ item: shared, quantity: 1 }], { email: shopper.email });
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload,
      headers: shopper.auth,
      remoteAddress: freshIp(),
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().id as number;
    const secret = "Asked for plain packaging, confirm by phone";
    expect((await move(id, { status: "confirmed", note: secret })).statusCode).toBe(200);
    expect((await move(id, { status: "packed" })).statusCode).toBe(200);
    expect((await move(id, { status: "shipped", courier: "M&P", tracking_number: "MP-1" })).statusCode).toBe(200);
    const mine = await t.app.inject({ method: "GET", url: "/api/users/me/orders", headers: shopper.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(secret);
    const [order] = mine.json();
    expect(order).toMatchObject({ id, status: "shipped", courier: "M&P", tracking_number: "MP-1" });
    expect(order.timeline.map((s: { status: string }) => s.status)).toEqual([
      "pending confirmation",
      "confirmed",
      "packed",
      "shipped",
    ]);
    expect(order.timeline.at(-1)).toMatchObject({ courier: "M&P", tracking_number: "MP-1" });
  });

  it("refuses an empty note, a note of control characters, and a note on no order", async () => {
    const order = await orderAt("pending confirmation");
    const post = (id: number, payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${id}/notes`,
        headers: packer.auth,
        payload: payload as object,
      });
    for (const payload of [
      {},
      { note: "" },
      { note: "   " },
      { note: "a\u0000b" },
      { note: "a\u0007b" },
      { note: 5 },
      { note: "x".repeat(2001) },
    ]) {
      const res = await post(order.id, payload);
      // a NUL byte is refused before routing as malformed (400); the rest are invalid fields
      expect(res.statusCode, JSON.stringify(payload).slice(0, 50)).toBe(
        payload.note?.toString().includes("\u0000") ? 400 : 422,
      );
      expect(typeof res.json().detail).toBe("string");
    }
    expect((await post(2_000_000_000, { note: "hello" })).statusCode).toBe(404);
    expect(await eventsOf(order.id)).toBe(1);
  });
});

describe("the orders list", () => {
  it("filters by status, tracking ID, phone, name, email, city and dates, newest first, with counts per status", async () => {
    const item = await combination(100);
    const city = `Sialkot${Date.now()}`;
    const placed: Placed[] = [];
    for (let n = 0; n < 3; n++) {
      const payload = orderPayload([{ item, quantity: 1 }]);
      payload.city = city;
      payload.first_name = "Zarmeena";
      payload.last_name = `Durrani${n}`;
      const res = await t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(201);
      placed.push({
        id: res.json().id,
        trackingId: res.json().tracking_id,
        phone: payload.phone,
        totalAmount: payload.total_amount,
      });
    }
    expect((await move(placed[0]!.id, { status: "confirmed" })).statusCode).toBe(200);
    const list = (query: string) =>
      t.app.inject({ method: "GET", url: `/api/admin/orders?${query}`, headers: packer.auth });

    const byCity = await list(`city=${city.toUpperCase()}`);
    expect(byCity.statusCode).toBe(200);
    expect(byCity.headers["x-total-count"]).toBe("3");
    expect(byCity.headers["cache-control"]).toBe("no-store");
    expect(byCity.json().map((o: { id: number }) => o.id)).toEqual(placed.map((p) => p.id).reverse());

    const pending = await list(`city=${city}&status=pending%20confirmation`);
    expect(pending.json().map((o: { id: number }) => o.id)).toEqual([placed[2]!.id, placed[1]!.id]);

    const counts = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders/counts?city=${city}`,
      headers: packer.auth,
    });
    expect(counts.json()).toEqual({
      "pending confirmation": 2,
      confirmed: 1,
      packed: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
      returned: 0,
    });

    const target = placed[1]!;
    const [email] = await rows<{ email: string }>(t, sql`select email from orders where id = ${target.id}`);
    for (const search of [
      target.trackingId.toLowerCase().replace("-", ""),
      target.phone,
      email!.email.toUpperCase(),
      "zarmeena durrani1",
    ]) {
      const res = await list(`search=${encodeURIComponent(search)}&city=${city}`);
      expect(
        res.json().map((o: { id: number }) => o.id),
        search,
      ).toEqual([target.id]);
    }
    const first = byCity.json().at(-1);
    expect(first).toMatchObject({
      tracking_id: placed[0]!.trackingId,
      status: "confirmed",
      item_count: 1,
      source: "website",
    });

    const future = await list(`city=${city}&from=2999-01-01`);
    expect(future.headers["x-total-count"]).toBe("0");
    const paged = await list(`city=${city}&limit=1&offset=1`);
    expect(paged.json().map((o: { id: number }) => o.id)).toEqual([placed[1]!.id]);
    expect(paged.headers["x-total-count"]).toBe("3");
  });

  it("answers bad input with a 4xx and a detail, never a 500", async () => {
    const order = await orderAt("pending confirmation");
    const huge = "x".repeat(1_100_000);
    const probes: { method: "GET" | "POST"; url: string; payload?: unknown }[] = [
      { method: "GET", url: "/api/admin/orders?status=lost" },
      { method: "GET", url: "/api/admin/orders?search=a%00b" },
      { method: "GET", url: `/api/admin/orders?search=${"a".repeat(101)}` },
      { method: "GET", url: "/api/admin/orders?from=yesterday" },
      { method: "GET", url: "/api/admin/orders?limit=100000000000000000000" },
      { method: "GET", url: "/api/admin/orders?city=%00" },
      { method: "GET", url: "/api/admin/orders/99999999999999999999" },
      { method: "GET", url: "/api/admin/orders/-1" },
      { method: "GET", url: "/api/admin/orders/1.5" },
      { method: "GET", url: "/api/admin/orders/abc" },
      { method: "POST", url: "/api/admin/orders/2147483648/status", payload: { status: "confirmed" } },
      { method: "POST", url: `/api/admin/orders/${order.id}/status`, payload: { status: "lost" } },
      { method: "POST", url: `/api/admin/orders/${order.id}/status`, payload: {} },
      {
        method: "POST",
        url: `/api/admin/orders/${order.id}/status`,
        payload: { status: "confirmed", note: "a\u0000b" },
      },
      { method: "POST", url: `/api/admin/orders/${order.id}/status`, payload: { status: "confirmed", note: huge } },
      {
        method: "POST",
        url: `/api/admin/orders/${order.id}/status`,
        payload: { status: "confirmed", note: "x".repeat(5000) },
      },
      {
        method: "POST",
        url: `/api/admin/orders/${order.id}/status`,
        payload: { status: "confirmed", expected_status: "x" },
      },
      { method: "POST", url: `/api/admin/orders/${order.id}/status`, payload: { status: "confirmed", restock: "no" } },
      { method: "POST", url: `/api/admin/orders/${order.id}/status`, payload: { status: ["confirmed"] } },
      {
        method: "POST",
        url: `/api/admin/orders/${order.id}/status`,
        payload: { status: "shipped", courier: "TCS", tracking_number: "<script>" },
      },
      {
        method: "POST",
        url: `/api/admin/orders/${order.id}/status`,
        payload: { status: "shipped", courier: "T\u0000", tracking_number: "1" },
      },
      {
        method: "POST",
        url: `/api/admin/orders/${order.id}/status`,
        payload: { status: "delivered", cash_collected: "9".repeat(400) },
      },
      { method: "POST", url: `/api/admin/orders/${order.id}/notes`, payload: { note: huge } },
    ];
    for (const probe of probes) {
      const res = await t.app.inject({
        method: probe.method,
        url: probe.url,
        headers: packer.auth,
        ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
      });
      const label = `${probe.method} ${probe.url.slice(0, 80)} ${JSON.stringify(probe.payload ?? "").slice(0, 60)}`;
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(typeof res.json().detail, label).toBe("string");
    }
    expect(await statusOf(order.id)).toBe("pending confirmation");
    expect(await eventsOf(order.id)).toBe(1);
  });
});
