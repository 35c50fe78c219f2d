// Trax's pushed notices (decision 0104): the route checks the secret in its path, stores the body
// and answers; the inbox worker reads the stored bodies later. A proven push is recorded as the
// courier's events and moves the order; the same push delivered twice changes nothing more; a push
// from an unproven sender only makes the next pass ask Trax's own API; a body that is not Trax's
// waits with its failure. Parcels are booked on the local fake Trax by its adapter and written
// straight to the database (the booking itself is tested elsewhere).
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { traxAdapter } from "../../core/couriers/trax";
import { INBOX_MAX_ATTEMPTS, processWebhookInbox } from "../../core/parcels/webhook-inbox";
import { sealSecret } from "../../core/shared/secrets";
import { createTestApp } from "../helpers/app";
import { startFakeTrax, type FakeTrax } from "../helpers/fake-couriers/trax";
import { plantOrders, startParcelDesk, t } from "../helpers/parcel-desk";
import { rows } from "../helpers/shop";
import { eventsOf, movesOf, orderRow, parcelRow, pass } from "../helpers/tracking-desk";

const SECRET = "trax-webhook-secret-0123456789abcdef";
let trax: FakeTrax;
let traxAccount: number;

startParcelDesk({ app: () => createTestApp({ TRAX_WEBHOOK_SECRET: SECRET }) }, async () => {
  trax = await startFakeTrax();
  t.core.secrets ??= { key: crypto.randomBytes(32), source: "environment" };
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into courier_accounts (courier, label, mode, base_url, credentials_sealed, credentials_hint)
        values ('trax', 'Trax Karachi', 'test', ${trax.baseUrl},
                ${sealSecret(t.core.secrets, JSON.stringify(trax.credentials))}, '{}'::jsonb)
        returning id`,
  );
  traxAccount = row!.id;
});
afterAll(async () => {
  await trax?.close();
});

/** A planted confirmed order, booked on the fake Trax, its parcel written as a booking writes it. */
async function traxParcel(): Promise<{ orderId: number; parcelId: number; cn: string }> {
  const [order] = await plantOrders(1);
  const booked = await traxAdapter.book(
    { baseUrl: trax.baseUrl, credentials: trax.credentials, timeoutMs: 5_000 },
    {
      reference: order!.trackingId,
      consignee: {
        name: "Sana Iqbal",
        phone: "03011234567",
        email: "sana@example.pk",
        address: "House 4, Model Town",
        courierCityId: "202",
        courierCityName: "Karachi",
      },
      pickup: {
        code: "3015",
        name: "Zaiba",
        phone: "03001112222",
        address: "Shahra-e-Faisal",
        courierCityId: "202",
        courierCityName: "Karachi",
      },
      codPaisa: 250_000,
      weightGrams: 500,
      pieces: 1,
      description: "Garments",
      instructions: "",
      discreet: true,
    },
  );
  const [parcel] = await rows<{ id: number }>(
    t,
    sql`insert into parcels (order_id, courier_account_id, courier, reference, booking_state, cn, status, weight_grams,
          cod_paisa, description, booked_at, next_poll_at, last_movement_at)
        values (${order!.id}, ${traxAccount}, 'trax', ${order!.trackingId}, 'booked', ${booked.cn}, 'booked', 500,
          250000, 'Garments', now(), now() + interval '30 minutes', now())
        returning id`,
  );
  return { orderId: order!.id, parcelId: parcel!.id, cn: booked.cn };
}

const push = (body: unknown, path = `/api/webhooks/trax/${SECRET}`, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

const notice = (cn: string, status: string, dateTime: string, extra: Record<string, string> = {}) => ({
  tracking_number: cn,
  status,
  date_time: dateTime,
  ...extra,
});

const stored = () =>
  rows<{ id: number; processed_at: Date | null; attempts: number; failure: string | null }>(
    t,
    sql`select id, processed_at, attempts, failure from courier_webhooks order by id`,
  );

/** Works the inbox until it is empty of due bodies, as proven (the secret is set in this store). */
const work = (trustBodies = true) => processWebhookInbox(t.core, { trustBodies });

describe("the route", () => {
  it("stores a notice with the right secret and answers at once; refuses a wrong or missing one", async () => {
    const before = (await stored()).length;
    const res = await push(notice("100000000001", "Shipment - Rider Picked", "2026-06-11 17:29:36"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, id: expect.any(Number) });
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const path of ["/api/webhooks/trax/wrong-secret-0123456789", "/api/webhooks/trax"]) {
      const refused = await push(notice("100000000001", "Shipment - Rider Picked", "2026-06-11 17:29:36"), path);
      expect(refused.statusCode, path).toBe(401);
    }
    expect((await stored()).length).toBe(before + 1);
    const [row] = await rows<{ body: unknown }>(t, sql`select body from courier_webhooks where id = ${res.json().id}`);
    expect(row!.body).toMatchObject({ tracking_number: "100000000001", status: "Shipment - Rider Picked" });
  });

  it("takes a form-encoded notice too, and refuses what cannot be a notice", async () => {
    const form = await t.app.inject({
      method: "POST",
      url: `/api/webhooks/trax/${SECRET}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "tracking_number=100000000002&status=Shipment+-+Delivered&date_time=2026-06-11+17%3A29%3A36",
    });
    expect(form.statusCode, form.body).toBe(200);
    expect((await push("not json")).statusCode).toBe(400);
    expect((await push("[1,2]")).statusCode).toBe(400);
    expect((await push({ status: "a\u0000b" })).statusCode).toBe(400);
    expect((await push({ status: "\ud800" })).statusCode).toBe(400);
    expect((await push({ status: "x".repeat(20_000) })).statusCode).toBe(413);
    // a path segment that long is refused before the route (the request checks)
    expect((await push({}, `/api/webhooks/trax/${"s".repeat(300)}`)).statusCode).toBe(414);
    expect((await push({}, `/api/webhooks/trax/${"s".repeat(150)}`)).statusCode).toBe(401);
  });

  it("without a secret set, takes every notice (only to hurry the next poll)", async () => {
    const open = await createTestApp();
    try {
      const res = await open.app.inject({
        method: "POST",
        url: "/api/webhooks/trax",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(notice("100000000003", "Shipment - Delivered", "2026-06-11 17:29:36")),
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe("the inbox", () => {
  it("records a proven notice as the courier's event and moves the order; the same notice twice changes nothing more", async () => {
    const { orderId, parcelId, cn } = await traxParcel();
    await work();
    const body = notice(cn, "Shipment - Rider Picked", "2026-06-11 17:29:36");
    expect((await push(body)).statusCode).toBe(200);
    expect((await push(body)).statusCode).toBe(200);
    const run = await work();
    expect(run).toMatchObject({ processed: 2, failed: 0 });
    expect(await eventsOf(parcelId)).toEqual([
      expect.objectContaining({ status: "picked up", courier_status: "Shipment - Rider Picked" }),
    ]);
    expect(await orderRow(orderId)).toMatchObject({ status: "shipped", courier: "Trax", tracking_number: cn });
    expect((await movesOf(orderId)).map(([from, to]) => `${from}→${to}`)).toEqual([
      "confirmed→packed",
      "packed→shipped",
    ]);
    // the same push a day later: still one event, one move
    await push(body);
    await work();
    expect(await eventsOf(parcelId)).toHaveLength(1);
    expect(await movesOf(orderId)).toHaveLength(2);

    // delivered (Pakistan time: 17:29 is 12:29 UTC): the order is delivered, the parcel asked for no more
    await push(notice(cn, "Shipment - Delivered", "2026-06-12 17:29:36"));
    await work();
    expect((await orderRow(orderId)).status).toBe("delivered");
    const parcel = await parcelRow(parcelId);
    expect(parcel).toMatchObject({ status: "delivered", next_poll_at: null });
    expect((await eventsOf(parcelId)).at(-1)!.at).toEqual(expect.anything());
    const [delivered] = await rows<{ at: string }>(
      t,
      sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at from parcel_events where parcel_id = ${parcelId} and status = 'delivered'`,
    );
    expect(delivered!.at).toBe("2026-06-12 12:29");
    expect((await stored()).every((row) => row.processed_at !== null || row.failure !== null)).toBe(true);
  });

  it("an unproven notice only brings the parcel's poll forward; the poll asks Trax what happened", async () => {
    const { orderId, parcelId, cn } = await traxParcel();
    await work();
    await push(notice(cn, "Shipment - Delivered", "2026-06-12 17:29:36"));
    await work(false);
    expect(await eventsOf(parcelId)).toHaveLength(0);
    const due = await parcelRow(parcelId);
    expect(new Date(due.next_poll_at!).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // Trax's own API says it was only picked up: that is what the store believes
    trax.advance(cn, "picked up");
    await pass([parcelId]);
    expect((await parcelRow(parcelId)).status).toBe("picked up");
    expect((await orderRow(orderId)).status).toBe("shipped");
  });

  it("a body that is not Trax's waits with its failure, and is tried again later", async () => {
    await work();
    const res = await push({ hello: "world" });
    await work();
    const [row] = await rows<{ attempts: number; failure: string | null; processed_at: Date | null }>(
      t,
      sql`select attempts, failure, processed_at from courier_webhooks where id = ${res.json().id}`,
    );
    expect(row).toMatchObject({
      attempts: 1,
      processed_at: null,
      failure: expect.stringContaining("Not a Trax notice"),
    });
    // not due again at once: the next pass leaves it
    expect((await work()).failed).toBe(0);
    // after its last attempt it stays for staff, never read again
    await t.database.db.execute(
      sql`update courier_webhooks set attempts = ${INBOX_MAX_ATTEMPTS}, received_at = now() - interval '1 day' where id = ${res.json().id}`,
    );
    expect((await work()).failed).toBe(0);
  });

  it("a CN the store has no booking for is noted, not retried", async () => {
    await work();
    const res = await push(notice("999999999999", "Shipment - Delivered", "2026-06-12 17:29:36"));
    expect((await work()).unknown).toBe(1);
    const [row] = await rows<{ processed_at: Date | null; failure: string | null }>(
      t,
      sql`select processed_at, failure from courier_webhooks where id = ${res.json().id}`,
    );
    expect(row!.processed_at).not.toBeNull();
    expect(row!.failure).toContain("no booking");
  });

  it("two workers at once read each notice once", async () => {
    const parcels = await Promise.all([1, 2, 3, 4].map(() => traxParcel()));
    await work();
    for (const { cn } of parcels) await push(notice(cn, "Shipment - Out for Delivery", "2026-06-12 10:00:00"));
    const runs = await Promise.all([
      processWebhookInbox(t.core, { trustBodies: true, inboxBatch: 2 }),
      processWebhookInbox(t.core, { trustBodies: true, inboxBatch: 2 }),
      processWebhookInbox(t.core, { trustBodies: true, inboxBatch: 2 }),
    ]);
    await work();
    expect(runs.reduce((n, run) => n + run.processed, 0)).toBeGreaterThanOrEqual(2);
    const twice = await rows<{ n: number | string }>(
      t,
      sql`select count(*) as n from courier_webhooks where attempts > 1 and failure is null`,
    );
    expect(Number(twice[0]!.n)).toBe(0);
    for (const { parcelId } of parcels) expect(await eventsOf(parcelId)).toHaveLength(1);
  });
});
