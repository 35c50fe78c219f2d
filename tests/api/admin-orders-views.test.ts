// What staff and shoppers read of an order through the API (decision 0055): the timeline of every
// move, staff notes never in the shopper's tracking, and the orders list's filters and counts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshIp, registerShopper } from "../helpers/accounts";
import { hasPageBuild } from "../helpers/page-app";
import { orderPayload, rows } from "../helpers/shop";
import {
  t,
  packer,
  combination,
  type Placed,
  detailsFor,
  move,
  orderAt,
  statusOf,
  eventsOf,
  sharedCombination,
  startOrderWorkflowStore,
} from "../helpers/order-workflow";

startOrderWorkflowStore();

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
    const shared = await sharedCombination();
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
