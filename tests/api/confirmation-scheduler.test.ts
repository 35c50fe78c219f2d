// Reminders and expiry of unanswered confirmation requests (decision 0072).
// Time is moved by moving the orders' created_at back in the database, not by waiting. The
// parallel passes race for real on PostgreSQL (TEST_DATABASE_URL); PGlite runs them one at a time.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expiryNote,
  runConfirmationSchedulerOnce,
  startConfirmationScheduler,
} from "../../core/orders/confirmation-scheduler";
import { freshIp } from "../helpers/accounts";
import { buttonTap, sendWebhook, statusUpdate, webhookEvent } from "../helpers/fake-whatsapp-webhook";
import { createTestApp, type TestApp } from "../helpers/app";
import { count, orderPayload, rows, setStock, simpleProducts, stockOf, type Item } from "../helpers/shop";
import { makeOwner, type TestStaff } from "../helpers/staff";

const SECRET = "test-app-secret-for-the-scheduler";
let t: TestApp;
let owner: TestStaff;
let items: Item[];
let next = 0;

beforeAll(async () => {
  t = await createTestApp({ WHATSAPP_APP_SECRET: SECRET });
  owner = await makeOwner(t.app, t.core);
  items = await simpleProducts(t, 0, 6);
  for (const item of items) await setStock(t, item, 1000);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// each test its own product, so its stock figures are its own
const freshItem = () => items[next++ % items.length]!;

let voucherNumber = 0;
async function voucher() {
  const code = `REMIND${++voucherNumber}`;
  await t.database.db.execute(sql`
    insert into vouchers (code, description, discount_type, discount_value, usage_limit)
    values (${code}, 'scheduler', 'flat', 10000, 100)`);
  return { code, pricing: { discountType: "flat" as const, discountValue: 10_000, maxDiscountPaisa: null } };
}

async function place(item: Item, options: Parameters<typeof orderPayload>[1] = {}, quantity = 2) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item, quantity }], options),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as { id: number; tracking_id: string; confirm_url?: string };
  await delivered(order.id);
  return order;
}

let sentNumber = 0;
/**
 * The order's question as a store with a WhatsApp account has it: the outbox sent it (the Cloud
 * API's id on the row) and the webhook reported it delivered. Only a delivered question lets an
 * unanswered order expire (decision 0089); whatsapp-not-set-up.test.ts covers the rest.
 */
async function delivered(orderId: number) {
  const messages = await rows<{ id: number; phone: string; provider_message_id: string }>(
    t,
    sql`update whatsapp_messages set status = 'sent', sent_at = now(),
          provider_message_id = ${`wamid.SCHEDULER${++sentNumber}`} || '.' || id
        where order_id = ${orderId} and status = 'queued' returning id, phone, provider_message_id`,
  );
  for (const message of messages) {
    const answer = await sendWebhook(
      t.app,
      SECRET,
      webhookEvent([], [statusUpdate(message.provider_message_id, message.phone, "delivered")]),
    );
    expect(answer.status, answer.body).toBe(200);
  }
}

/** The order as if placed `hours` (and a minute) ago. */
const age = (id: number, hours: number) =>
  t.database.db.execute(
    sql`update orders set created_at = now() - make_interval(hours => ${hours}, mins => 1) where id = ${id}`,
  );

const orderRow = async (id: number) =>
  (
    await rows<{ status: string; confirmation_reminded_at: Date | null; confirmation_outcome: string | null }>(
      t,
      sql`select status, confirmation_reminded_at, confirmation_outcome, confirmation_channel from orders where id = ${id}`,
    )
  )[0]!;

interface Message {
  id: number;
  kind: string;
  language: string;
  body: string;
  parameters: string[] | string;
  buttons: string[] | string;
}
const list = (v: string[] | string) => (typeof v === "string" ? (JSON.parse(v) as string[]) : v);
const messagesOf = (id: number) =>
  rows<Message>(t, sql`select * from whatsapp_messages where order_id = ${id} order by id`);
const remindersOf = async (id: number) => (await messagesOf(id)).filter((m) => m.kind === "reminder");

const putSettings = (payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/admin/settings/messages", headers: owner.auth, payload });

describe("the reminder", () => {
  it("goes once after 12 hours, with the confirmation's summary and link and its own Confirm/Cancel payloads", async () => {
    const order = await place(freshItem());
    await age(order.id, 11);
    await runConfirmationSchedulerOnce(t.core);
    expect(await remindersOf(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).confirmation_reminded_at).toBeNull();

    await age(order.id, 12);
    await runConfirmationSchedulerOnce(t.core);
    const [confirmation, reminder, ...more] = await messagesOf(order.id);
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ kind: "reminder", language: "en" });
    expect(list(reminder!.parameters)).toEqual(list(confirmation!.parameters));
    expect(list(reminder!.buttons)).toEqual([
      `confirm:${order.tracking_id}:${reminder!.id}`,
      `cancel:${order.tracking_id}:${reminder!.id}`,
    ]);
    expect(reminder!.body).toContain("We have not heard from you");
    expect(reminder!.body).toContain(order.tracking_id);
    expect(reminder!.body).toContain("Rs. ");
    // the confirm link: kept only hashed in the order, so it comes from the first message
    expect(order.confirm_url).toBeTruthy();
    expect(reminder!.body).toContain(order.confirm_url!);
    expect((await orderRow(order.id)).confirmation_reminded_at).not.toBeNull();

    // later passes (and a restart: a fresh pass has only the database) write no second one
    await age(order.id, 30);
    await runConfirmationSchedulerOnce(t.core);
    await runConfirmationSchedulerOnce(t.core);
    expect(await remindersOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe("pending confirmation");
  });

  it("is written once per order however many passes run at once", async () => {
    const item = freshItem();
    const placed = [];
    for (let n = 0; n < 12; n++) placed.push(await place(item, {}, 1));
    for (const order of placed) await age(order.id, 13);
    // small batches, so the passes meet over the same orders and must skip each other's
    const runs = await Promise.all(Array.from({ length: 8 }, () => runConfirmationSchedulerOnce(t.core, { batch: 3 })));
    for (const order of placed) expect(await remindersOf(order.id)).toHaveLength(1);
    const ids = placed.map((o) => o.id);
    expect(
      await count(
        t,
        sql`select count(*) as n from whatsapp_messages where kind = 'reminder' and order_id in (${sql.join(ids, sql`, `)})`,
      ),
    ).toBe(12);
    expect(runs.reduce((n, run) => n + run.reminded, 0)).toBeGreaterThanOrEqual(12);
  });

  it("answers like the first message: a Confirm tap on the reminder confirms the order (the webhook)", async () => {
    const order = await place(freshItem());
    await age(order.id, 13);
    await runConfirmationSchedulerOnce(t.core);
    const [reminder] = await remindersOf(order.id);
    const [row] = await rows<{ phone: string }>(
      t,
      sql`select phone_normalized as phone from orders where id = ${order.id}`,
    );
    const answer = await sendWebhook(t.app, SECRET, webhookEvent([buttonTap(row!.phone, list(reminder!.buttons)[0]!)]));
    expect(answer.status, answer.body).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "confirmed", confirmation_outcome: "confirmed" });
    // answered: the expiry passes it by
    await age(order.id, 49);
    await runConfirmationSchedulerOnce(t.core);
    expect((await orderRow(order.id)).status).toBe("confirmed");
  });

  it("is in English and Urdu when the setting says so", async () => {
    expect((await putSettings({ whatsapp_confirmations: true, whatsapp_language: "en+ur" })).statusCode).toBe(200);
    try {
      const order = await place(freshItem());
      await age(order.id, 13);
      await runConfirmationSchedulerOnce(t.core);
      const [reminder] = await remindersOf(order.id);
      expect(reminder!.language).toBe("en+ur");
      expect(reminder!.body).toContain("جواب نہ ملنے پر آرڈر منسوخ کر دیا جائے گا");
    } finally {
      await putSettings({ whatsapp_confirmations: true, whatsapp_language: "en" });
    }
  });
});

describe("the expiry", () => {
  it("after 48 hours cancels the order, puts stock and the voucher use back, with the reason on the timeline", async () => {
    const item = freshItem();
    const v = await voucher();
    const before = await stockOf(t, item);
    const order = await place(item, { voucher: v }, 3);
    expect(await stockOf(t, item)).toBe(before - 3);
    const used = () => count(t, sql`select used_count as n from vouchers where code = ${v.code}`);
    expect(await used()).toBe(1);

    await age(order.id, 47);
    await runConfirmationSchedulerOnce(t.core);
    expect((await orderRow(order.id)).status).toBe("pending confirmation");
    await age(order.id, 48);
    const run = await runConfirmationSchedulerOnce(t.core);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      confirmation_outcome: "expired",
      confirmation_channel: "auto",
    });
    expect(await stockOf(t, item)).toBe(before);
    expect(await used()).toBe(0);
    expect(await count(t, sql`select count(*) as n from voucher_redemptions where order_id = ${order.id}`)).toBe(0);
    const [event] = await rows<{ note: string; visible_to_shopper: boolean; actor_id: number | null }>(
      t,
      sql`select note, visible_to_shopper, actor_id from order_events
          where order_id = ${order.id} and kind = 'status' and to_status = 'cancelled'`,
    );
    expect(event).toEqual({
      note: "Cancelled: no answer to the confirmation request within 48 hours",
      visible_to_shopper: true,
      actor_id: null,
    });
    expect(expiryNote(48)).toBe(event!.note);
    // the pass at 47 hours had sent its one reminder
    expect(await remindersOf(order.id)).toHaveLength(1);
    // the shopper's tracking shows the reason
    const track = await t.app.inject({ method: "GET", url: `/api/orders/track/${order.tracking_id}` });
    if (track.statusCode === 200) expect(track.body).toContain("within 48 hours");

    // once: another pass finds nothing to do for it
    await runConfirmationSchedulerOnce(t.core);
    expect(await stockOf(t, item)).toBe(before);
    expect(
      await count(
        t,
        sql`select count(*) as n from order_events where order_id = ${order.id} and to_status = 'cancelled'`,
      ),
    ).toBe(1);
  });

  it("cancels each order once when passes race, restocking once", async () => {
    const item = freshItem();
    const before = await stockOf(t, item);
    const placed = [];
    for (let n = 0; n < 10; n++) placed.push(await place(item, {}, 1));
    for (const order of placed) await age(order.id, 49);
    await Promise.all(Array.from({ length: 6 }, () => runConfirmationSchedulerOnce(t.core, { batch: 2 })));
    for (const order of placed) expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await stockOf(t, item)).toBe(before);
    const ids = placed.map((o) => o.id);
    expect(
      await count(
        t,
        sql`select count(*) as n from order_events where to_status = 'cancelled' and order_id in (${sql.join(ids, sql`, `)})`,
      ),
    ).toBe(10);
    // past both times at once: cancelled, not reminded first
    for (const order of placed) expect(await remindersOf(order.id)).toHaveLength(0);
    expect(
      await count(
        t,
        sql`select count(*) as n from stock_movements where reason = 'cancel' and order_id in (${sql.join(ids, sql`, `)})`,
      ),
    ).toBe(10);
  });

  it("never touches an order held for a call, one never asked, one whose request failed, or one confirmed", async () => {
    const item = freshItem();
    const held = await place(item);
    // held by a signal the shop chose: no question was sent (the checkout writes none for it)
    await t.database.db.execute(sql`update orders set held_for_call = true where id = ${held.id}`);
    await t.database.db.execute(sql`delete from whatsapp_messages where order_id = ${held.id}`);
    const confirmed = await place(item);
    const moved = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${confirmed.id}/status`,
      headers: owner.auth,
      payload: { status: "confirmed", expected_status: "pending confirmation" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await putSettings({ whatsapp_confirmations: false, whatsapp_language: "en" });
    let unasked;
    try {
      unasked = await place(item);
    } finally {
      await putSettings({ whatsapp_confirmations: true, whatsapp_language: "en" });
    }
    expect(await messagesOf(unasked.id)).toHaveLength(0);
    // the request the Cloud API refused for good: the shopper was never asked
    const undelivered = await place(item);
    await t.database.db.execute(sql`update whatsapp_messages set status = 'failed' where order_id = ${undelivered.id}`);
    for (const order of [held, confirmed, unasked, undelivered]) await age(order.id, 24 * 30);
    await runConfirmationSchedulerOnce(t.core);
    expect((await orderRow(undelivered.id)).status).toBe("pending confirmation");
    expect(await remindersOf(undelivered.id)).toHaveLength(0);
    expect((await orderRow(held.id)).status).toBe("pending confirmation");
    expect((await orderRow(unasked.id)).status).toBe("pending confirmation");
    expect((await orderRow(confirmed.id)).status).toBe("confirmed");
    for (const order of [held, confirmed, unasked]) {
      expect(await remindersOf(order.id)).toHaveLength(0);
      expect((await orderRow(order.id)).confirmation_reminded_at).toBeNull();
    }
  });
});

describe("the owner's hours", () => {
  it("are checked (reminder 1-168, expiry 2-720 and after the reminder), audited, and change when orders are reminded and expire", async () => {
    const bad = [
      [{ confirmation_reminder_hours: 0 }, "confirmation_reminder_hours"],
      [{ confirmation_reminder_hours: 169 }, "confirmation_reminder_hours"],
      [{ confirmation_expiry_hours: 721 }, "confirmation_expiry_hours"],
      [{ confirmation_expiry_hours: 1 }, "confirmation_expiry_hours"],
      [{ confirmation_reminder_hours: 1.5 }, "confirmation_reminder_hours"],
      [{ confirmation_reminder_hours: "12" }, "confirmation_reminder_hours"],
      [{ confirmation_reminder_hours: 48, confirmation_expiry_hours: 48 }, "more than"],
      // the one left out is the stored one: 48 is not after 60
      [{ confirmation_reminder_hours: 60 }, "more than"],
    ] as const;
    for (const [fields, word] of bad) {
      const res = await putSettings({ whatsapp_confirmations: true, whatsapp_language: "en", ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().detail).toContain(word);
    }
    const saved = await putSettings({
      whatsapp_confirmations: true,
      whatsapp_language: "en",
      confirmation_reminder_hours: 2,
      confirmation_expiry_hours: 5,
    });
    expect(saved.json()).toMatchObject({ confirmation_reminder_hours: 2, confirmation_expiry_hours: 5 });
    const read = await t.app.inject({ method: "GET", url: "/api/admin/settings/messages", headers: owner.auth });
    expect(read.json()).toMatchObject({ confirmation_reminder_hours: 2, confirmation_expiry_hours: 5 });
    const [audit] = await rows<{ changes: Record<string, unknown> | string }>(
      t,
      sql`select changes from audit_log where action = 'settings.update' order by id desc limit 1`,
    );
    const changes = typeof audit!.changes === "string" ? JSON.parse(audit!.changes) : audit!.changes;
    expect(changes).toMatchObject({ confirmation_reminder_hours: [12, 2], confirmation_expiry_hours: [48, 5] });
    try {
      const item = freshItem();
      const remind = await place(item);
      const expire = await place(item);
      await age(remind.id, 3);
      await age(expire.id, 6);
      await runConfirmationSchedulerOnce(t.core);
      expect(await remindersOf(remind.id)).toHaveLength(1);
      expect((await orderRow(remind.id)).status).toBe("pending confirmation");
      expect((await orderRow(expire.id)).status).toBe("cancelled");
      const [event] = await rows<{ note: string }>(
        t,
        sql`select note from order_events where order_id = ${expire.id} and to_status = 'cancelled'`,
      );
      expect(event!.note).toBe("Cancelled: no answer to the confirmation request within 5 hours");
    } finally {
      await putSettings({
        whatsapp_confirmations: true,
        whatsapp_language: "en",
        confirmation_reminder_hours: 12,
        confirmation_expiry_hours: 48,
      });
    }
  });

  it("a member without the settings permission cannot change them", async () => {
    const { makeStaff } = await import("../helpers/staff");
    const manager = await makeStaff(t.app, t.core, owner, "fulfilment");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/messages",
      headers: manager.auth,
      payload: { whatsapp_confirmations: true, whatsapp_language: "en", confirmation_reminder_hours: 3 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("the scheduler in a process", () => {
  it("runs the pass on its timer and stops cleanly, waiting for the pass under way", async () => {
    const order = await place(freshItem());
    await age(order.id, 13);
    const runs: number[] = [];
    const scheduler = startConfirmationScheduler(t.core, {
      pollMs: 20,
      firstAfterMs: 0,
      onRun: (run) => runs.push(run.reminded),
    });
    await expect.poll(async () => (await remindersOf(order.id)).length, { timeout: 5_000 }).toBe(1);
    await scheduler.stop();
    expect(runs.length).toBeGreaterThanOrEqual(1);
  });
});
