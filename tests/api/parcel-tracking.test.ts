// Following parcels (decision 0104) against a local fake PostEx: each status the courier reports
// moves the parcel and, through the workflow, the order; an event is kept once however often it is
// polled; two passes at once ask for each parcel once; a courier that is down waits longer each
// time while another courier's parcels are polled; an order staff already moved is not fought.
// Passes run in the test (runParcelTrackingOnce); the parallel ones race for real on PostgreSQL.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listMyOrders } from "../../core/orders/my-orders";
import { orderTimeline } from "../../core/orders/order-timeline";
import { startFakePostex, type FakePostex } from "../helpers/fake-couriers/postex";
import { combination, move, place } from "../helpers/order-desk";
import { addAccount, book, catalogue, fake, packer, staffCall, startParcelDesk, t } from "../helpers/parcel-desk";
import { rows, stockOf } from "../helpers/shop";
import { bookedOrder, due, eventsOf, movesOf, orderRow, parcelRow, pass, secondsAhead } from "../helpers/tracking-desk";
import { runParcelTrackingOnce } from "../../core/parcels/tracking-scheduler";

let other: FakePostex;
let otherAccount: number;

startParcelDesk({}, async () => {
  other = await startFakePostex();
  otherAccount = await addAccount({ label: "PostEx Karachi", baseUrl: other.baseUrl, credentials: other.credentials });
});

describe("each status the courier reports", () => {
  it("moves the parcel, and the order: shipped with courier and CN at pickup, delivered with its COD collected", async () => {
    const { order, parcelId, cn } = await bookedOrder();
    // nothing new yet: the parcel stays booked, the order packed
    await pass([parcelId]);
    expect((await parcelRow(parcelId)).status).toBe("booked");
    expect((await orderRow(order.id)).status).toBe("packed");

    const steps: [Parameters<FakePostex["advance"]>[1], string | undefined][] = [
      ["picked up", undefined],
      ["in transit", undefined],
      ["out for delivery", undefined],
      ["delivery attempted", "Customer not available"],
      ["out for delivery", undefined],
      ["delivered", undefined],
    ];
    for (const [status, reason] of steps) {
      fake.advance(cn, status, { reason });
      const run = await pass([parcelId]);
      expect(run.failed).toBe(0);
      const parcel = await parcelRow(parcelId);
      expect(parcel.status).toBe(status);
      if (reason) expect(parcel.status_reason).toBe(reason);
      const shown = await eventsOf(parcelId);
      expect(shown.at(-1)).toMatchObject({ status, reason: reason ?? null });
      if (status === "picked up") {
        expect(await orderRow(order.id)).toMatchObject({ status: "shipped", courier: "PostEx", tracking_number: cn });
      }
    }
    // delivered: the cash collected is what the parcel was to collect; no more polls
    const final = await orderRow(order.id);
    expect(final.status).toBe("delivered");
    expect(Number(final.cash_collected_paisa)).toBe(Math.round(order.totalAmount * 100));
    expect((await parcelRow(parcelId)).next_poll_at).toBeNull();
    expect(await movesOf(order.id)).toEqual(
      expect.arrayContaining([
        ["packed", "shipped", "Picked up by PostEx"],
        ["shipped", "delivered", "Delivered by PostEx"],
      ]),
    );
    // the shipped and delivered emails, once each, as a staff move writes them
    const emails = await rows<{ kind: string }>(
      t,
      sql`select kind from email_messages where order_id = ${order.id} and kind in ('order_shipped', 'order_delivered')`,
    );
    expect(emails.map((e) => e.kind).sort()).toEqual(["order_delivered", "order_shipped"]);
    // every event on the order's timeline once, as the courier's
    const timeline = await orderTimeline(t.database.db, order.id);
    const reported = timeline.filter((e) => e.kind === "parcel");
    expect(reported).toHaveLength((await eventsOf(parcelId)).length);
    expect(reported.map((e) => e.note)).toContainEqual(
      expect.stringContaining("Delivery attempted: Customer not available"),
    );
    expect(reported.every((e) => e.trackingNumber === cn && e.courier === "PostEx")).toBe(true);
  });

  it("a confirmed order picked up goes through packed to shipped", async () => {
    const { order, parcelId, cn } = await bookedOrder({ status: "confirmed" });
    fake.advance(cn, "picked up");
    await pass([parcelId]);
    expect((await movesOf(order.id)).slice(-2)).toEqual([
      ["confirmed", "packed", null],
      ["packed", "shipped", "Picked up by PostEx"],
    ]);
    expect((await orderRow(order.id)).status).toBe("shipped");
  });

  it("returned: the order is returned and its units go back into stock", async () => {
    const item = await combination(10);
    const order = await place([{ item, quantity: 2 }]);
    for (const to of ["confirmed", "packed"]) expect((await move(order.id, { status: to })).statusCode).toBe(200);
    const res = await book(order.id);
    expect(res.statusCode, res.body).toBe(201);
    const { id: parcelId, cn } = res.json().parcel as { id: number; cn: string };
    expect(await stockOf(t, item)).toBe(8);
    fake.advance(cn, "picked up");
    fake.advance(cn, "delivery attempted", { reason: "Refused by customer" });
    fake.advance(cn, "returning");
    fake.advance(cn, "returned");
    await pass([parcelId]);
    expect((await orderRow(order.id)).status).toBe("returned");
    expect(await stockOf(t, item)).toBe(10);
    expect((await parcelRow(parcelId)).status).toBe("returned");
    // polled again: nothing moves twice
    await pass([parcelId]);
    expect(await stockOf(t, item)).toBe(10);
  });
});

describe("polled twice", () => {
  it("keeps each event once and moves the order once", async () => {
    const { order, parcelId, cn } = await bookedOrder();
    fake.advance(cn, "picked up");
    fake.advance(cn, "in transit");
    await pass([parcelId]);
    const first = await eventsOf(parcelId);
    const moves = await movesOf(order.id);
    await pass([parcelId]);
    await pass([parcelId]);
    expect(await eventsOf(parcelId)).toEqual(first);
    expect(await movesOf(order.id)).toEqual(moves);
    const parcel = await parcelRow(parcelId);
    expect(parcel.poll_failures).toBe(0);
    // in transit, moving: asked again in about two hours
    expect(secondsAhead(parcel.next_poll_at)).toBeGreaterThan(90 * 60);
  });

  it("out for delivery is asked for sooner than a parcel on its way", async () => {
    const { parcelId, cn } = await bookedOrder();
    fake.advance(cn, "out for delivery");
    await pass([parcelId]);
    const ahead = secondsAhead((await parcelRow(parcelId)).next_poll_at)!;
    expect(ahead).toBeGreaterThan(20 * 60);
    expect(ahead).toBeLessThan(40 * 60);
  });
});

describe("two passes at once", () => {
  it("ask for each parcel once", async () => {
    const booked = await Promise.all([1, 2, 3, 4, 5, 6].map(() => bookedOrder()));
    for (const { cn } of booked) fake.advance(cn, "picked up");
    await due(...booked.map((b) => b.parcelId));
    const before = fake.calls.length;
    const runs = await Promise.all([
      runParcelTrackingOnce(t.core, { pauseMs: 0 }),
      runParcelTrackingOnce(t.core, { pauseMs: 0 }),
    ]);
    expect(runs[0]!.claimed + runs[1]!.claimed).toBe(booked.length);
    const asked = fake.calls
      .slice(before)
      .filter((c) => c.path.includes("track"))
      .map((c) => c.path)
      .join(" ");
    for (const { cn, parcelId, order } of booked) {
      expect(asked.split(cn).length - 1).toBe(1);
      expect(await eventsOf(parcelId)).toHaveLength(2);
      expect((await orderRow(order.id)).status).toBe("shipped");
    }
  });

  it("a parcel claimed by a pass that died is not asked for until its lease ends", async () => {
    const { parcelId } = await bookedOrder();
    await due(parcelId);
    // a pass claimed it and stopped before calling the courier: the lease holds it
    await t.database.db.execute(
      sql`update parcels set next_poll_at = now() + interval '15 minutes' where id = ${parcelId}`,
    );
    expect((await runParcelTrackingOnce(t.core, { pauseMs: 0 })).claimed).toBe(0);
    // the lease ran out: the next pass takes it
    await t.database.db.execute(
      sql`update parcels set next_poll_at = now() - interval '1 second' where id = ${parcelId}`,
    );
    expect((await runParcelTrackingOnce(t.core, { pauseMs: 0 })).claimed).toBe(1);
  });
});

describe("a courier that is down", () => {
  it("waits longer each time while the other account's parcels are polled", async () => {
    const down = await bookedOrder();
    const up = await bookedOrder({ accountId: otherAccount });
    other.advance(up.cn, "picked up");
    fake.advance(down.cn, "picked up");
    // one call a pass for this account: down for two passes
    fake.failNext("down", { path: "track", times: 2 });
    const run = await pass([down.parcelId, up.parcelId]);
    expect(run).toMatchObject({ claimed: 2, failed: 1, polled: 1 });
    expect((await parcelRow(up.parcelId)).status).toBe("picked up");
    const first = await parcelRow(down.parcelId);
    expect(first).toMatchObject({ status: "booked", poll_failures: 1 });
    expect(secondsAhead(first.next_poll_at)).toBeGreaterThan(4 * 60);
    expect(secondsAhead(first.next_poll_at)).toBeLessThan(6 * 60);
    await pass([down.parcelId]);
    const second = await parcelRow(down.parcelId);
    expect(second.poll_failures).toBe(2);
    expect(secondsAhead(second.next_poll_at)).toBeGreaterThan(9 * 60);
    // back up: the parcel catches up and its failures are forgotten
    await pass([down.parcelId]);
    expect(await parcelRow(down.parcelId)).toMatchObject({ status: "picked up", poll_failures: 0 });
  });

  it("a CN the courier does not know counts as a failed poll", async () => {
    const { parcelId } = await bookedOrder();
    await t.database.db.execute(sql`update parcels set cn = 'UNKNOWN-' || id where id = ${parcelId}`);
    const run = await pass([parcelId]);
    expect(run.failed).toBe(1);
    expect((await parcelRow(parcelId)).poll_failures).toBe(1);
  });
});

describe("an order staff already moved", () => {
  it("is not moved back by an older status of its parcel", async () => {
    const { order, parcelId, cn } = await bookedOrder();
    expect((await move(order.id, { status: "shipped", courier: "PostEx", tracking_number: cn })).statusCode).toBe(200);
    expect((await move(order.id, { status: "delivered", cash_collected: order.totalAmount })).statusCode).toBe(200);
    fake.advance(cn, "picked up");
    fake.advance(cn, "out for delivery");
    await pass([parcelId]);
    expect((await parcelRow(parcelId)).status).toBe("out for delivery");
    expect((await orderRow(order.id)).status).toBe("delivered");
  });

  it("a cancelled order is left to staff", async () => {
    const { order, parcelId, cn } = await bookedOrder();
    await t.database.db.execute(sql`update orders set status = 'cancelled' where id = ${order.id}`);
    fake.advance(cn, "delivered");
    await pass([parcelId]);
    expect((await parcelRow(parcelId)).status).toBe("delivered");
    expect((await orderRow(order.id)).status).toBe("cancelled");
  });
});

describe("the staff API", () => {
  it("polls one parcel now and answers its events", async () => {
    const { order, parcelId, cn } = await bookedOrder();
    fake.advance(cn, "picked up");
    const res = await staffCall(packer, "POST", `/api/admin/parcels/${parcelId}/poll`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      parcel_id: parcelId,
      order_id: order.id,
      events_added: expect.any(Number),
      status: "picked up",
      order_moves: ["shipped"],
    });
    const again = await staffCall(packer, "POST", `/api/admin/parcels/${parcelId}/poll`);
    expect(again.json()).toMatchObject({ events_added: 0, order_moves: [] });
    const list = await staffCall(packer, "GET", `/api/admin/orders/${order.id}/parcel-events`);
    expect(list.statusCode, list.body).toBe(200);
    const [parcel] = list.json();
    expect(parcel).toMatchObject({ id: parcelId, cn, status: "picked up", courier: "postex", poll_failures: 0 });
    expect(parcel.events.at(-1)).toMatchObject({ status: "picked up" });
    const audits = await rows<{ action: string }>(
      t,
      sql`select action from audit_log where action = 'parcel.poll' and entity_id = ${String(order.id)}`,
    );
    expect(audits).toHaveLength(2);
  });

  it("refuses what is not for it: another role, no such parcel, a courier that is down", async () => {
    const { parcelId } = await bookedOrder();
    expect((await staffCall(catalogue, "POST", `/api/admin/parcels/${parcelId}/poll`)).statusCode).toBe(403);
    expect((await staffCall(packer, "POST", "/api/admin/parcels/2147483647/poll")).statusCode).toBe(404);
    expect((await staffCall(packer, "POST", "/api/admin/parcels/99999999999999/poll")).statusCode).toBe(422);
    expect((await staffCall(packer, "GET", "/api/admin/orders/abc/parcel-events")).statusCode).toBe(422);
    fake.failNext("down", { path: "track" });
    const down = await staffCall(packer, "POST", `/api/admin/parcels/${parcelId}/poll`);
    expect(down.statusCode).toBe(409);
    expect(down.json()).toMatchObject({ detail: expect.stringContaining("PostEx"), courier_error: "unreachable" });
  });
});

describe("the shopper's views", () => {
  it("the tracking call and My Orders answer the courier's events, oldest first, with the reason", async () => {
    const { order, parcelId, cn } = await bookedOrder();
    fake.advance(cn, "picked up");
    fake.advance(cn, "delivery attempted", { reason: "Customer not available" });
    await pass([parcelId]);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/orders/track/${order.trackingId}?phone=${encodeURIComponent(order.phone)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json().parcel_events as { status: string; reason: string | null; courier: string }[];
    expect(events.map((e) => e.status)).toEqual(["booked", "picked up", "delivery attempted"]);
    expect(events.at(-1)).toMatchObject({ reason: "Customer not available", courier: "PostEx" });
    // nothing of the courier's own codes or the parcel's CN beyond what the order shows
    expect(Object.keys(events[0]!).sort()).toEqual(["at", "courier", "location", "reason", "status"]);
    const [row] = await rows<{ email: string }>(t, sql`select email from orders where id = ${order.id}`);
    const mine = await listMyOrders(
      t.core,
      { id: -1, email: row!.email, emailVerifiedAt: new Date() },
      { limit: 10, offset: 0 },
    );
    expect(mine.find((o) => o.id === order.id)!.parcelEvents.map((e) => e.status)).toEqual([
      "booked",
      "picked up",
      "delivery attempted",
    ]);
  });
});
