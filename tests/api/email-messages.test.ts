// Emails to shoppers (decision 0076): each order email queued with
// the order or its status move and sent through a real SMTP conversation with a local server that
// keeps what it receives; retried after a 4xx, failed at once after a 5xx, sent once by racing
// workers; the owner's switches; the message log, an email's view, resend (one of two at once)
// and account emails kept hidden; who may do what; hostile input.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  EMAIL_NOT_SENT_NOTE,
  emailQueue,
  logOnlyEmailTransport,
  parseMailFrom,
  parseSmtpUrl,
  smtpTransport,
} from "../../core/messaging/email-transport";
import { queueEmail } from "../../core/messaging/email-queue";
import { runQueueOnce } from "../../core/messaging/outbox";
import { count, rows } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  smtp,
  mail,
  owner,
  manager,
  packer,
  catalogue,
  item,
  FAST,
  PUBLIC,
  emailsOf,
  drain,
  placeOrder,
  api,
  move,
  switches,
  receivedFor,
  startOrderEmailsStore,
} from "../helpers/order-emails";

startOrderEmailsStore();

describe("the order emails, through SMTP", () => {
  it("placed: items, figures in rupees, the tracking ID and a link to the tracking page; sent once with a stable Message-ID", async () => {
    const order = await placeOrder("Ayesha.Khan@Example.pk");
    const [queued] = await emailsOf(order.id);
    expect(queued).toMatchObject({ kind: "order_placed", status: "queued", to_address: "ayesha.khan@example.pk" });
    await drain();
    const [email] = await emailsOf(order.id);
    expect(email).toMatchObject({
      status: "sent",
      attempts: 1,
      provider_message_id: `<email-${email!.id}@zaiba.test>`,
    });
    const [got] = receivedFor(email!.id);
    expect(receivedFor(email!.id)).toHaveLength(1);
    expect(got!.to).toEqual(["ayesha.khan@example.pk"]);
    expect(got!.from).toBe("no-reply@zaiba.test");
    expect(got!.headers.get("from")).toContain("Zaiba");
    expect(got!.subject).toBe(`Order ${order.tracking_id} placed`);
    const link = `${PUBLIC}/track?tracking_id=${order.tracking_id}`;
    for (const part of [got!.text, got!.html]) {
      expect(part).toContain(order.tracking_id);
      expect(part).toContain(link);
      expect(part).toContain("Rs. ");
    }
    expect(got!.text).toMatch(/× 2: Rs\. [\d,]+/);
    // a shopper who browsed in dollars reads that the order is charged in rupees (decision 0091)
    expect(got!.text).toContain("Total in rupees (cash on delivery): Rs. ");
    expect(got!.text).toContain("You pay in cash, in Pakistani rupees (Rs.), when it arrives.");
    expect(got!.text).not.toMatch(/[$€£]/);
  });

  it("shipped (courier, consignment number), delivered, cancelled (the reason, nothing owed), each once", async () => {
    const order = await placeOrder();
    await move(order.id, { status: "confirmed" });
    await move(order.id, { status: "packed" });
    await move(order.id, { status: "shipped", courier: "TCS", tracking_number: "TCS-778899" });
    await move(order.id, { status: "delivered", cash_collected: 2499 });
    await drain();
    const emails = await emailsOf(order.id);
    expect(emails.map((e) => [e.kind, e.status])).toEqual([
      ["order_placed", "sent"],
      ["order_shipped", "sent"],
      ["order_delivered", "sent"],
    ]);
    const shipped = receivedFor(emails[1]!.id)[0]!;
    expect(shipped.subject).toBe(`Order ${order.tracking_id} shipped`);
    expect(shipped.text).toContain("Courier: TCS");
    expect(shipped.text).toContain("Consignment number: TCS-778899");
    expect(shipped.html).toContain("TCS-778899");
    const delivered = receivedFor(emails[2]!.id)[0]!;
    expect(delivered.subject).toBe(`Order ${order.tracking_id} delivered`);
    expect(delivered.text).toContain("Rs. 2,499 was paid in cash");

    // a cancel by the shopper's own link carries the timeline's reason
    const other = await placeOrder();
    const { settleConfirmation } = await import("../../core/orders/confirmation-outcome");
    await settleConfirmation(t.core, other.id, "cancelled", "link", {
      eventNote: "Cancelled by the shopper on her page",
    });
    await drain();
    const [, cancelled] = await emailsOf(other.id);
    expect(cancelled!.kind).toBe("order_cancelled");
    const got = receivedFor(cancelled!.id)[0]!;
    expect(got.subject).toBe(`Order ${other.tracking_id} cancelled`);
    expect(got.text).toContain("Why: Cancelled by the shopper on her page");
    expect(got.text).toContain("you owe nothing");
  });

  it("a staff cancel sends the email without the member's private note", async () => {
    const order = await placeOrder();
    await move(order.id, { status: "cancelled", note: "Rude on the phone" });
    await drain();
    const [, cancelled] = await emailsOf(order.id);
    expect(cancelled!.kind).toBe("order_cancelled");
    expect(cancelled!.text_body).not.toContain("Rude");
    expect(cancelled!.html_body).not.toContain("Rude");
  });

  it("with discreet packaging on, no product name in subject or preview; off, the preview names them", async () => {
    const [product] = await rows<{ name: string }>(t, sql`select name from products where id = ${item.productId}`);
    const name = product!.name;
    const order = await placeOrder();
    const [discreet] = await emailsOf(order.id);
    const preheader = (html: string) => /<div style="display:none[^"]*">([^<]*)<\/div>/.exec(html)![1]!;
    expect(discreet!.subject).not.toContain(name);
    expect(preheader(discreet!.html_body)).not.toContain(name);
    // the body is for the shopper's eyes: it lists her items
    expect(discreet!.text_body).toContain(name);

    expect((await api("PUT", "/api/admin/settings/packaging", owner, { discreet_packaging: false })).statusCode).toBe(
      200,
    );
    try {
      const open = await placeOrder();
      const [plain] = await emailsOf(open.id);
      expect(plain!.subject).not.toContain(name);
      expect(preheader(plain!.html_body)).toContain(name);
    } finally {
      await api("PUT", "/api/admin/settings/packaging", owner, { discreet_packaging: true });
    }
  });

  it("the owner's switches: a kind turned off queues nothing; an order without an email address queues nothing", async () => {
    const saved = await switches({ email_order_placed: false, email_order_shipped: false });
    expect(saved).toMatchObject({ email_order_placed: false, email_order_shipped: false, email_order_delivered: true });
    try {
      const order = await placeOrder();
      await move(order.id, { status: "confirmed" });
      await move(order.id, { status: "packed" });
      await move(order.id, { status: "shipped", courier: "Leopards", tracking_number: "LP1" });
      expect(await emailsOf(order.id)).toEqual([]);
      await move(order.id, { status: "delivered", cash_collected: 100 });
      expect((await emailsOf(order.id)).map((e) => e.kind)).toEqual(["order_delivered"]);
    } finally {
      await switches({ email_order_placed: true, email_order_shipped: true });
    }
    // left out, a switch keeps its value
    expect(await switches({})).toMatchObject({ email_order_placed: true, email_order_shipped: true });
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'settings.update' and changes::text like '%email_order_placed%'`,
      ),
    ).toBeGreaterThanOrEqual(2);

    const phoneOrder = await api("POST", "/api/admin/orders", packer, {
      first_name: "Sana",
      last_name: "Iqbal",
      phone: "0301-7654321",
      shipping_address: "Flat 3, Block B, Clifton",
      city: "Karachi",
      postal_code: "75600",
      items: [{ product_id: item.productId, combination_id: item.combinationId, quantity: 1 }],
      source: "phone",
    });
    expect(phoneOrder.statusCode, phoneOrder.body).toBe(201);
    expect(await emailsOf(phoneOrder.json().id as number)).toEqual([]);
  });
});

describe("sending", () => {
  it("a server that refuses twice (451) and then accepts: sent once, attempts 3", async () => {
    const order = await placeOrder();
    smtp.refuseNext(2, 451);
    const before = smtp.attempts;
    await drain();
    const [email] = await emailsOf(order.id);
    expect(email).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect(smtp.attempts - before).toBe(3);
    expect(receivedFor(email!.id)).toHaveLength(1);
  });

  it("a 550 refusal fails at once; a server that is down is retried and never fails the order", async () => {
    const order = await placeOrder();
    smtp.refuseNext(1, 550);
    await drain();
    const [refused] = await emailsOf(order.id);
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(refused!.last_error).toContain("550");

    const down = smtpTransport(parseSmtpUrl("smtp://127.0.0.1:1"), {
      from: parseMailFrom("", PUBLIC),
      storeName: () => Promise.resolve("Zaiba"),
      timeoutMs: 1_000,
    });
    const placed = await placeOrder();
    await runQueueOnce(t.core.db, emailQueue(down), FAST);
    const [waiting] = await emailsOf(placed.id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting!.last_error).toContain("ECONNREFUSED");
    await drain(down);
    const [gaveUp] = await emailsOf(placed.id);
    expect(gaveUp).toMatchObject({ status: "failed", attempts: FAST.maxAttempts });
  });

  it("without an email server the email is only logged, with the reason", async () => {
    const order = await placeOrder();
    const before = smtp.attempts;
    await drain(logOnlyEmailTransport);
    const [email] = await emailsOf(order.id);
    expect(email).toMatchObject({ status: "logged", attempts: 1, last_error: EMAIL_NOT_SENT_NOTE });
    expect(smtp.attempts).toBe(before);
  });

  it("six workers racing over 12 emails send each exactly once", async () => {
    const orders = [];
    for (let n = 0; n < 12; n++) orders.push(await placeOrder());
    const ids = (await rows<{ id: number }>(t, sql`select id from email_messages where status = 'queued'`)).map(
      (r) => r.id,
    );
    expect(ids.length).toBe(12);
    const small = { ...FAST, batch: 2 };
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let pass = 0; pass < 30; pass++) {
          if ((await runQueueOnce(t.core.db, emailQueue(mail), small)).claimed === 0) return;
        }
      }),
    );
    for (const id of ids) expect(receivedFor(id), `email ${id}`).toHaveLength(1);
  }, 60_000);

  it("SMTP_URL and MAIL_FROM are checked with clear errors", () => {
    expect(parseSmtpUrl("smtps://u%40x:p%3Aw@mail.example.pk")).toEqual({
      host: "mail.example.pk",
      port: 465,
      secure: true,
      user: "u@x",
      pass: "p:w",
    });
    expect(parseSmtpUrl("smtp://mail.example.pk").port).toBe(587);
    expect(() => parseSmtpUrl("http://mail.example.pk")).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => parseSmtpUrl("not a url")).toThrow(/SMTP_URL must look like/);
    expect(() => parseSmtpUrl("smtp://user@mail.example.pk")).toThrow(/no password/);
    expect(() => parseSmtpUrl("smtp://mail.example.pk/x")).toThrow(/path/);
    expect(parseMailFrom('"Zaiba Orders" <orders@zaiba.pk>', PUBLIC)).toEqual({
      name: "Zaiba Orders",
      address: "orders@zaiba.pk",
    });
    expect(parseMailFrom("", "http://localhost:3000")).toEqual({ name: null, address: "no-reply@localhost" });
    expect(() => parseMailFrom("a@b.pk, c@d.pk", PUBLIC)).toThrow(/MAIL_FROM/);
    expect(() => parseMailFrom("nobody", PUBLIC)).toThrow(/MAIL_FROM/);
  });
});

describe("the console's email log and resend", () => {
  it("lists emails with status and attempts, shows one with its HTML, and refuses a role without orders", async () => {
    const order = await placeOrder();
    await drain(logOnlyEmailTransport);
    const res = await api("GET", "/api/admin/email-messages?status=logged&limit=5", packer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const [first] = res.json() as Record<string, unknown>[];
    expect(first).toMatchObject({
      order_id: order.id,
      tracking_id: order.tracking_id,
      kind: "order_placed",
      status: "logged",
      attempts: 1,
    });
    const one = await api("GET", `/api/admin/email-messages/${first!.id as number}`, packer);
    expect(one.statusCode).toBe(200);
    expect(one.json().html).toContain("<!doctype html>");
    expect((await api("GET", "/api/admin/email-messages", catalogue)).statusCode).toBe(403);
    expect((await api("GET", "/api/admin/email-messages", null)).statusCode).toBe(401);
  });

  it("resends an email as a new row (audited); two at once give one resend and a 409", async () => {
    const order = await placeOrder();
    await drain();
    const [original] = await emailsOf(order.id);
    const resend = (who: TestStaff, id: number | string) => api("POST", `/api/admin/email-messages/${id}/resend`, who);
    expect((await resend(catalogue, original!.id)).statusCode).toBe(403);
    const [a, b] = await Promise.all([resend(packer, original!.id), resend(owner, original!.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = (a.statusCode === 200 ? a : b).json() as { id: number; resend_of: number; status: string };
    expect(won).toMatchObject({ resend_of: original!.id, status: "queued" });
    expect((a.statusCode === 409 ? a : b).json().detail).toContain("already being sent again");
    await drain();
    const emails = await emailsOf(order.id);
    expect(emails.map((e) => [e.resend_of, e.status])).toEqual([
      [null, "sent"],
      [original!.id, "sent"],
    ]);
    expect(receivedFor(won.id)).toHaveLength(1);
    expect(receivedFor(original!.id)).toHaveLength(1);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'email.resend' and entity_id = ${String(original!.id)}`,
      ),
    ).toBe(1);
    // sent, the resend may be sent again later; a manager may too (orders permission)
    expect((await resend(manager, original!.id)).statusCode).toBe(200);
  });

  it("hides the text of account emails and refuses to resend them", async () => {
    const secret = "https://zaiba.test/reset-password/SECRET-TOKEN-abc123";
    const id = await t.core.db.transaction((tx) =>
      queueEmail(tx, {
        kind: "password_reset",
        to: "shopper@example.pk",
        subject: "Reset your password",
        text: `Open ${secret}`,
        html: `<a href="${secret}">Reset</a>`,
      }),
    );
    await drain(logOnlyEmailTransport);
    const list = await api("GET", "/api/admin/email-messages?limit=200", owner);
    expect(list.body).not.toContain("SECRET-TOKEN");
    const entry = (list.json() as { id: number; text_hidden: boolean; subject: string }[]).find((e) => e.id === id);
    expect(entry).toMatchObject({ text_hidden: true, subject: "Reset your password" });
    const one = await api("GET", `/api/admin/email-messages/${id}`, owner);
    expect(one.body).not.toContain("SECRET-TOKEN");
    expect(one.json().html).toBeNull();
    const refused = await api("POST", `/api/admin/email-messages/${id}/resend`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("Ask the shopper to request a new link");
  });

  it("only the owner turns the order emails on or off", async () => {
    for (const who of [manager, packer, catalogue]) {
      const res = await api("PUT", "/api/admin/settings/messages", who, {
        whatsapp_confirmations: true,
        whatsapp_language: "en",
        email_order_placed: false,
      });
      expect(res.statusCode).toBe(403);
    }
    const read = await api("GET", "/api/admin/settings/messages", owner);
    expect(read.json()).toMatchObject({ email_order_placed: true, email_order_cancelled: true });
  });

  it("refuses hostile input without a 500", async () => {
    const bad: [string, string, unknown?][] = [
      ["GET", "/api/admin/email-messages?status=%00"],
      ["GET", "/api/admin/email-messages?status=sent&limit=abc"],
      ["GET", `/api/admin/email-messages?status=${"x".repeat(10_000)}`],
      ["GET", "/api/admin/email-messages/x"],
      ["GET", "/api/admin/email-messages/2147483648"],
      ["GET", "/api/admin/email-messages/99999999"],
      ["POST", "/api/admin/email-messages/-1/resend"],
      ["POST", "/api/admin/email-messages/99999999/resend"],
      ["POST", "/api/admin/email-messages/1%00/resend"],
      [
        "PUT",
        "/api/admin/settings/messages",
        { whatsapp_confirmations: true, whatsapp_language: "en", email_order_placed: "yes" },
      ],
      [
        "PUT",
        "/api/admin/settings/messages",
        { whatsapp_confirmations: true, whatsapp_language: "en", email_order_shipped: null },
      ],
      [
        "PUT",
        "/api/admin/settings/messages",
        { whatsapp_confirmations: true, whatsapp_language: "en", email_order_delivered: "\u0000" },
      ],
      [
        "PUT",
        "/api/admin/settings/messages",
        { whatsapp_confirmations: true, whatsapp_language: "en", email_order_cancelled: "x".repeat(1_000_000) },
      ],
    ];
    for (const [method, url, payload] of bad) {
      const res = await api(method as "GET" | "POST" | "PUT", url, owner, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(res.json()).toHaveProperty("detail");
    }
    // a WhatsApp message's id is not an email's
    const [wa] = await rows<{ id: number }>(t, sql`select max(id) + 1000000 as id from whatsapp_messages`);
    expect((await api("POST", `/api/admin/email-messages/${Number(wa!.id)}/resend`, owner)).statusCode).toBe(404);
  });
});
