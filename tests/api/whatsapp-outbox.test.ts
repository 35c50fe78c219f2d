// WhatsApp confirmation requests (decisions 0069, 0070): the message is
// written in the order's transaction, sent by the outbox worker through the Cloud API (a local
// fake here, recording what it gets), retried with backoff, failed after the limit, taken again
// after a dead worker's lease, sent once when workers race (for real on PostgreSQL), logged only
// without an account; the console's log lists them and staff send a failed one again.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claimDueMessages, runOutboxOnce } from "../../core/messaging/outbox";
import { logOnlyTransport, NOT_SENT_NOTE } from "../../core/messaging/transport";
import { freshIp } from "../helpers/accounts";
import { count, orderPayload, post, rows, setStock } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  fake,
  cloud,
  owner,
  packer,
  catalogue,
  item,
  FAST,
  list,
  messagesOf,
  placeOrder,
  drain,
  sentTo,
  deliveredTo,
  startWhatsAppOutboxStore,
} from "../helpers/whatsapp-outbox";

startWhatsAppOutboxStore();

describe("the confirmation request", () => {
  it("is written with the order, in its transaction: summary, Rs. total, tracking id, Confirm and Cancel payloads", async () => {
    const order = await placeOrder();
    const [message, ...more] = await messagesOf(order.id);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({ kind: "confirmation", language: "en", status: "queued", attempts: 0 });
    expect(message!.phone).toMatch(/^923\d{9}$/);
    expect(message!.body).toContain(order.tracking_id);
    expect(message!.body).toContain(`2 × ${item.name}`);
    const [o] = await rows<{ total_paisa: number | string }>(
      t,
      sql`select total_paisa from orders where id = ${order.id}`,
    );
    const total = Number(o!.total_paisa) / 100;
    expect(message!.body).toContain(`Rs. ${total.toLocaleString("en-US")}`);
    expect(list(message!.buttons)).toEqual([
      `confirm:${order.tracking_id}:${message!.id}`,
      `cancel:${order.tracking_id}:${message!.id}`,
    ]);
  });

  it("is written once for an order retried with the same Idempotency-Key", async () => {
    await setStock(t, item, 50);
    const payload = orderPayload([{ item, quantity: 1 }]);
    const headers = { "idempotency-key": `wa-${Date.now()}` };
    const ip = freshIp();
    const first = await t.app.inject({ method: "POST", url: "/api/orders", payload, headers, remoteAddress: ip });
    const again = await t.app.inject({ method: "POST", url: "/api/orders", payload, headers, remoteAddress: ip });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await messagesOf(first.json().id)).toHaveLength(1);
  });

  it("is not written when the order fails (out of stock: 409, no order, no message)", async () => {
    const before = await count(t, sql`select count(*) as n from whatsapp_messages`);
    await setStock(t, item, 1);
    const res = await post(t, "/api/orders", orderPayload([{ item, quantity: 2 }]));
    expect(res.status).toBe(409);
    expect(await count(t, sql`select count(*) as n from whatsapp_messages`)).toBe(before);
  });

  it("is in English and Urdu when the setting says so; none when confirmations are off", async () => {
    const put = (payload: object) =>
      t.app.inject({ method: "PUT", url: "/api/admin/settings/messages", headers: owner.auth, payload });
    expect((await put({ whatsapp_confirmations: true, whatsapp_language: "ur" })).statusCode).toBe(422);
    expect((await put({ whatsapp_confirmations: true, whatsapp_language: "en+ur" })).json()).toEqual({
      whatsapp_confirmations: true,
      whatsapp_language: "en+ur",
      // the scheduler's hours (decision 0072), kept as they were when left out
      confirmation_reminder_hours: 12,
      confirmation_expiry_hours: 48,
      // the order emails' switches (decision 0076), kept as they were when left out
      email_order_placed: true,
      email_order_shipped: true,
      email_order_delivered: true,
      email_order_cancelled: true,
    });
    const order = await placeOrder();
    const [message] = await messagesOf(order.id);
    expect(message!.language).toBe("en+ur");
    expect(message!.body).toContain("Thank you for your order");
    expect(message!.body).toContain("آرڈر");
    await drain(cloud);
    const [request] = sentTo(message!.id);
    expect((request!.body.template as { language: unknown }).language).toEqual({ code: "ur" });

    await put({ whatsapp_confirmations: false, whatsapp_language: "en" });
    const quiet = await placeOrder();
    expect(await messagesOf(quiet.id)).toHaveLength(0);
    await put({ whatsapp_confirmations: true, whatsapp_language: "en" });
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'settings.update' and changes ? 'whatsapp_language'`,
      ),
    ).toBeGreaterThanOrEqual(3);
  });
});

describe("staff's manual orders", () => {
  it("one taken as pending confirmation gets the request; one confirmed on the phone gets none", async () => {
    await setStock(t, item, 50);
    const manual = (status: string, phone: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/orders",
        headers: packer.auth,
        payload: {
          first_name: "Sana",
          last_name: "Iqbal",
          phone,
          shipping_address: "Flat 3, Block B, Clifton",
          city: "Karachi",
          postal_code: "75600",
          items: [{ product_id: item.productId, combination_id: item.combinationId, quantity: 1 }],
          source: "phone",
          status,
        },
      });
    const pending = await manual("pending confirmation", "0321-4567001");
    expect(pending.statusCode, pending.body).toBe(201);
    const [message, ...more] = await messagesOf(pending.json().id);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({ kind: "confirmation", phone: "923214567001", status: "queued" });
    const confirmed = await manual("confirmed", "0321-4567002");
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await messagesOf(confirmed.json().id)).toHaveLength(0);
  });
});

describe("the worker and the Cloud API", () => {
  it("sends the message once, as a template with quick-reply payloads, to the number's /messages with the bearer", async () => {
    const order = await placeOrder();
    const [message] = await messagesOf(order.id);
    await drain(cloud);
    await drain(cloud); // nothing is due any more: no second send
    const requests = sentTo(message!.id);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v21.0/106540352242922/messages");
    expect(request!.authorization).toBe("Bearer test-access-token");
    expect(request!.body).toMatchObject({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: message!.phone,
      type: "template",
      template: {
        name: "order_confirmation",
        language: { code: "en" },
        components: [
          { type: "body", parameters: expect.arrayContaining([{ type: "text", text: order.tracking_id }]) },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "0",
            parameters: [{ type: "payload", payload: `confirm:${order.tracking_id}:${message!.id}` }],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "1",
            parameters: [{ type: "payload", payload: `cancel:${order.tracking_id}:${message!.id}` }],
          },
        ],
      },
    });
    // no parameter may hold a newline (the Cloud API refuses it)
    for (const p of (request!.body.template as { components: { parameters: { text?: string }[] }[] }).components[0]!
      .parameters)
      expect(p.text).not.toMatch(/[\n\t]/);
    const [after] = await messagesOf(order.id);
    expect(after).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(after!.provider_message_id).toMatch(/^wamid\./);
    expect(after!.sent_at).not.toBeNull();
  });

  it("a send failing twice (500) then succeeding: attempts 3, delivered once", async () => {
    const order = await placeOrder();
    const [message] = await messagesOf(order.id);
    fake.answers.push({ status: 500 }, { status: 500 });
    await drain(cloud);
    expect(sentTo(message!.id)).toHaveLength(3);
    expect(deliveredTo(message!.id)).toHaveLength(1);
    const [after] = await messagesOf(order.id);
    expect(after).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("a permanent refusal (400) fails at once; 500 every time fails after the limit, with the last error", async () => {
    const refused = await placeOrder();
    fake.answers.push({ status: 400 });
    await drain(cloud);
    const [a] = await messagesOf(refused.id);
    expect(a).toMatchObject({ status: "failed", attempts: 1 });
    expect(a!.last_error).toContain("400");
    expect(a!.last_error).toContain("131009");

    const down = await placeOrder();
    fake.answers.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    await drain(cloud);
    const [b] = await messagesOf(down.id);
    expect(b).toMatchObject({ status: "failed", attempts: FAST.maxAttempts });
    expect(b!.last_error).toContain("500");
    expect(sentTo(b!.id)).toHaveLength(FAST.maxAttempts);
  });

  it("without a WhatsApp account the message is only logged: sent nowhere, marked logged with the reason", async () => {
    const before = fake.requests.length;
    const order = await placeOrder();
    await drain(logOnlyTransport);
    const [message] = await messagesOf(order.id);
    expect(message).toMatchObject({ status: "logged", attempts: 1, last_error: NOT_SENT_NOTE });
    expect(fake.requests.length).toBe(before);
  });

  it("a message held by a worker that died is taken again after its lease; the dead worker's late answer changes nothing", async () => {
    const order = await placeOrder();
    const [message] = await messagesOf(order.id);
    const short = { ...FAST, leaseMs: 200 };
    const claimed = await claimDueMessages(t.core.db, "dead-worker", short);
    expect(claimed.map((c) => c.id)).toContain(message!.id);
    // within the lease nobody else takes it
    expect((await runOutboxOnce(t.core.db, cloud, short)).claimed).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    await drain(cloud, short);
    expect(deliveredTo(message!.id)).toHaveLength(1);
    const [after] = await messagesOf(order.id);
    expect(after).toMatchObject({ status: "sent", attempts: 2 });
    // the dead worker's update would need its lease: it matches no row
    const late = await rows(
      t,
      sql`update whatsapp_messages set status = 'failed' where id = ${message!.id} and locked_by = 'dead-worker' returning id`,
    );
    expect(late).toHaveLength(0);
  });

  it("workers racing over 30 messages send each exactly once", async () => {
    const orders = [];
    for (let n = 0; n < 30; n++) orders.push(await placeOrder());
    const ids = (
      await rows<{ id: number }>(t, sql`select id from whatsapp_messages where status = 'queued' order by id`)
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    const small = { ...FAST, batch: 3 };
    // eight workers, each passing until nothing is left; on PostgreSQL they claim at the same time
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let pass = 0; pass < 50; pass++) {
          const run = await runOutboxOnce(t.core.db, cloud, small);
          if (run.claimed === 0) return;
        }
      }),
    );
    for (const id of ids) expect(sentTo(id), `message ${id}`).toHaveLength(1);
    expect(
      await count(
        t,
        sql`select count(*) as n from whatsapp_messages where id in ${sql.raw(`(${ids.join(", ")})`)} and status = 'sent' and attempts = 1`,
      ),
    ).toBe(ids.length);
  }, 60_000);
});

describe("the console's message log", () => {
  it("lists messages newest first with their order, filters by status, refuses a bad filter and a role without orders", async () => {
    const order = await placeOrder();
    await drain(logOnlyTransport);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/messages?status=logged&limit=5",
      headers: packer.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const [first] = res.json() as Record<string, unknown>[];
    expect(first).toMatchObject({ order_id: order.id, tracking_id: order.tracking_id, status: "logged", attempts: 1 });
    expect(first!.text).toContain(order.tracking_id);
    expect(Number(res.headers["x-total-count"])).toBeGreaterThanOrEqual(1);
    const bad = await t.app.inject({ method: "GET", url: "/api/admin/messages?status=nope", headers: owner.auth });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain("status");
    const refused = await t.app.inject({ method: "GET", url: "/api/admin/messages", headers: catalogue.auth });
    expect(refused.statusCode).toBe(403);
  });

  it("resends a failed message (audited); 409 for one not failed, 404 for none, 403 without orders", async () => {
    const order = await placeOrder();
    fake.answers.push({ status: 400 });
    await drain(cloud);
    const [failed] = await messagesOf(order.id);
    expect(failed!.status).toBe("failed");
    const resend = (who: TestStaff, id: number | string) =>
      t.app.inject({ method: "POST", url: `/api/admin/messages/${id}/resend`, headers: who.auth });
    expect((await resend(catalogue, failed!.id)).statusCode).toBe(403);
    const res = await resend(packer, failed!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: failed!.id, status: "queued" });
    expect((await resend(packer, failed!.id)).statusCode).toBe(409);
    expect((await resend(packer, 99_999_999)).statusCode).toBe(404);
    expect((await resend(packer, "x")).statusCode).toBe(422);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'message.resend' and entity_id = ${String(failed!.id)}`,
      ),
    ).toBe(1);
    await drain(cloud);
    const [after] = await messagesOf(order.id);
    expect(after).toMatchObject({ status: "sent", attempts: 1 });
    expect(deliveredTo(failed!.id)).toHaveLength(1);
  });
});
