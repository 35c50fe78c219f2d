// The shopper's messages in her storefront language (decision 0110): an order placed with locale
// "ur" gets its WhatsApp question and its emails in Urdu with links to the /ur pages, one placed
// without a locale gets today's English; an account registered or signed in from an Urdu page gets
// its account emails in Urdu; a locale other than "en" or "ur" is refused and nothing is written.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { count, orderPayload, rows } from "../helpers/shop";
import { freshIp } from "../helpers/accounts";
import { call, afterAnswer } from "../helpers/password-reset";
import type { EmailRow } from "../helpers/outbox";
import {
  t,
  owner,
  api,
  item,
  PUBLIC,
  emailsOf,
  drain,
  move,
  receivedFor,
  switches,
  startOrderEmailsStore,
} from "../helpers/order-emails";
import { setStock } from "../helpers/shop";
import { remindDueOrders } from "../../core/orders/confirmation-scheduler";

startOrderEmailsStore();

const LRI = "\u2066";
const PDI = "\u2069";

interface WhatsAppRow {
  kind: string;
  language: string;
  body: string;
  parameters: string[] | string;
}

const whatsappOf = (orderId: number) =>
  rows<WhatsAppRow>(t, sql`select kind, language, body, parameters from whatsapp_messages where order_id = ${orderId}`);

async function postOrder(extra: Record<string, unknown>) {
  await setStock(t, item, 50);
  const payload = { ...orderPayload([{ item, quantity: 2 }]), ...extra };
  return t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
}

async function placed(extra: Record<string, unknown>) {
  const res = await postOrder(extra);
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json() as { id: number; tracking_id: string; confirm_path?: string | null };
  const [order] = await rows<{ locale: string }>(t, sql`select locale from orders where id = ${answer.id}`);
  return { ...answer, locale: order!.locale };
}

describe("an order placed on the Urdu storefront", () => {
  it("is asked on WhatsApp in Urdu alone, with its tracking ID and total isolated and the Urdu confirm page", async () => {
    await switches({ whatsapp_confirmations: true });
    const order = await placed({ locale: "ur" });
    expect(order.locale).toBe("ur");
    const [question] = await whatsappOf(order.id);
    expect(question).toMatchObject({ kind: "confirmation", language: "ur" });
    expect(question!.body).toMatch(/^السلام علیکم Ayesha! Zaiba پر آرڈر کرنے کا بہت شکریہ۔/);
    expect(question!.body).toContain(`${LRI}${order.tracking_id}${PDI}`);
    expect(question!.body).toMatch(new RegExp(`کل رقم: ${LRI}Rs\\. [\\d,]+${PDI} \\(کیش آن ڈیلیوری\\)`));
    expect(question!.body).toMatch(new RegExp(`\\n${PUBLIC}/ur/order/confirm/[A-Za-z0-9_-]{43}$`));
    expect(question!.body).not.toMatch(/Assalam|Thank you|Total/);
  });

  it("is listed in the console's message log as written in Urdu", async () => {
    const order = await placed({ locale: "ur" });
    const res = await api("GET", "/api/admin/messages", owner);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json() as { order_id: number | null; language: string }[];
    expect(listed.find((m) => m.order_id === order.id)).toMatchObject({ language: "ur" });
  });

  it("gets its placed and shipped emails in Urdu, right to left, linking to the Urdu tracking page", async () => {
    const order = await placed({ locale: "ur" });
    await move(order.id, { status: "confirmed" });
    await move(order.id, { status: "packed" });
    await move(order.id, { status: "shipped", courier: "TCS", tracking_number: "TCS-778899" });
    await drain();
    const emails = await emailsOf(order.id);
    expect(emails.map((e) => e.kind)).toEqual(["order_placed", "order_shipped"]);
    const [placedMail] = receivedFor(emails[0]!.id);
    const [shippedMail] = receivedFor(emails[1]!.id);
    expect(placedMail!.subject).toBe(`آپ کا آرڈر ${LRI}${order.tracking_id}${PDI} موصول ہو گیا`);
    const link = `${PUBLIC}/ur/track?tracking_id=${order.tracking_id}`;
    for (const mail of [placedMail!, shippedMail!]) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('<html lang="ur" dir="rtl">');
      expect(mail.html).toContain(`<bdi dir="ltr">${order.tracking_id}</bdi>`);
      expect(mail.html).toMatch(/<bdi dir="ltr">Rs\. [\d,]+<\/bdi>/);
      expect(mail.text).not.toMatch(/Thank you|Tracking ID|Total/);
    }
    expect(shippedMail!.text).toContain(`کنسائنمنٹ نمبر (CN): ${LRI}TCS-778899${PDI}`);
  });
});

describe("the reminder of an order placed in Urdu", () => {
  it("is written in Urdu alone, from the question's own parameters, while the shop's setting is English", async () => {
    await switches({ whatsapp_confirmations: true });
    const order = await placed({ locale: "ur" });
    // the question left the store (the Cloud API took it) 13 hours ago and was not answered
    await t.database.db.execute(
      sql`update whatsapp_messages set status = 'sent', sent_at = now() where order_id = ${order.id}`,
    );
    await t.database.db.execute(
      sql`update orders set created_at = now() - make_interval(hours => 13) where id = ${order.id}`,
    );
    await remindDueOrders(t.core.db, { reminderHours: 12, expiryHours: 48, confirmationsOn: true, language: "en" }, 50);
    const reminder = (await whatsappOf(order.id)).find((m) => m.kind === "reminder");
    expect(reminder).toMatchObject({ language: "ur" });
    expect(reminder!.body).toContain("ہمیں ابھی تک آپ کا جواب نہیں ملا");
    expect(reminder!.body).toContain(`${LRI}${order.tracking_id}${PDI}`);
    expect(reminder!.body).toMatch(new RegExp(`\\n${PUBLIC}/ur/order/confirm/[A-Za-z0-9_-]{43}$`));
    expect(reminder!.body).not.toMatch(/Assalam|We have not heard/);
  });
});

describe("an order placed with no locale", () => {
  it("is asked and emailed in English, as today", async () => {
    await switches({ whatsapp_confirmations: true });
    const order = await placed({});
    expect(order.locale).toBe("en");
    const [question] = await whatsappOf(order.id);
    expect(question).toMatchObject({ kind: "confirmation", language: "en" });
    expect(question!.body).toMatch(/^Assalam-o-Alaikum Ayesha! Thank you for your order /);
    expect(question!.body).toMatch(new RegExp(`Or answer on this page: ${PUBLIC}/order/confirm/`));
    await drain();
    const [email] = await emailsOf(order.id);
    const [got] = receivedFor(email!.id);
    expect(got!.subject).toBe(`Order ${order.tracking_id} placed`);
    expect(got!.html).toContain('<html lang="en">');
    expect(got!.text).toContain(`${PUBLIC}/track?tracking_id=${order.tracking_id}`);
    expect(got!.text).not.toMatch(/[\u0600-\u06ff\u2066\u2069]/);
  });

  it("keeps the shop's English-then-Urdu setting for an English order", async () => {
    await switches({ whatsapp_confirmations: true, whatsapp_language: "en+ur" } as never);
    const order = await placed({ locale: "en" });
    const [question] = await whatsappOf(order.id);
    expect(question!.language).toBe("en+ur");
    expect(question!.body).toMatch(/^Assalam-o-Alaikum/);
    expect(question!.body).toContain("کل رقم: Rs. ");
    await switches({ whatsapp_confirmations: true });
  });
});

describe("a locale other than en or ur", () => {
  // a request schema's refusal is a 422 across this API (server/api/answers.ts), whose detail names the field
  it.each(["fr", "UR", "", 1, null])("%j is refused with a clear 422 and nothing is written", async (locale) => {
    const before = {
      orders: await count(t, sql`select count(*) as n from orders`),
      whatsapp: await count(t, sql`select count(*) as n from whatsapp_messages`),
      emails: await count(t, sql`select count(*) as n from email_messages`),
    };
    const res = await postOrder({ locale });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { detail: string }).detail).toContain('locale must be "en" or "ur"');
    expect({
      orders: await count(t, sql`select count(*) as n from orders`),
      whatsapp: await count(t, sql`select count(*) as n from whatsapp_messages`),
      emails: await count(t, sql`select count(*) as n from email_messages`),
    }).toEqual(before);
  });

  it("is refused on the account routes too", async () => {
    for (const [url, payload] of [
      ["/api/users/register", { first_name: "A", last_name: "K", email: "fr@example.pk", password: "Chiffon2025!" }],
      ["/api/users/login", { email: "fr@example.pk", password: "x" }],
      ["/api/users/password-reset", { email: "fr@example.pk" }],
      ["/api/users/sign-in-link", { email: "fr@example.pk" }],
    ] as const) {
      const res = await call(t, url, { ...payload, locale: "fr" });
      expect(res.status, url).toBe(422);
      expect(JSON.stringify(res.body)).toContain("locale must be");
    }
  });
});

const accountEmails = (email: string, kind: string) =>
  rows<EmailRow>(t, sql`select * from email_messages where to_address = ${email} and kind = ${kind} order by id`);

describe("an account's emails", () => {
  it("come in Urdu for a shopper who registered on the Urdu storefront, and in English once she signs in from an English page", async () => {
    const email = "urdu.shopper@example.pk";
    const password = "Chiffon2025!";
    const registered = await call(t, "/api/users/register", {
      first_name: "Sana",
      last_name: "Malik",
      email,
      password,
      locale: "ur",
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const [verify] = await accountEmails(email, "email_verification");
    expect(verify!.subject).toBe("Zaiba کے لیے اپنی ای میل کی تصدیق کریں");
    expect(verify!.text_body).toMatch(new RegExp(`${PUBLIC}/ur/verify-email/[A-Za-z0-9_-]{43}`));
    expect(verify!.html_body).toContain('<html lang="ur" dir="rtl">');

    // a reset asked with no language follows the account's
    expect((await call(t, "/api/users/password-reset", { email })).status).toBe(202);
    await afterAnswer(t);
    const [reset] = await accountEmails(email, "password_reset");
    expect(reset!.text_body).toContain("السلام علیکم Sana،");
    expect(reset!.text_body).toMatch(new RegExp(`${PUBLIC}/ur/reset-password/[A-Za-z0-9_-]{43}`));

    // signed in from an English page: her emails are English from now on
    expect((await call(t, "/api/users/login", { email, password, locale: "en" })).status).toBe(200);
    expect((await call(t, "/api/users/sign-in-link", { email })).status).toBe(202);
    await afterAnswer(t);
    const [link] = await accountEmails(email, "sign_in_link");
    expect(link!.subject).toBe("Your sign-in link for Zaiba");
    expect(link!.text_body).toMatch(new RegExp(`${PUBLIC}/sign-in-link/[A-Za-z0-9_-]{43}`));

    // and a request from an Urdu page is answered in Urdu whatever the account's language
    expect((await call(t, "/api/users/sign-in-link", { email, locale: "ur" })).status).toBe(202);
    await afterAnswer(t);
    const links = await accountEmails(email, "sign_in_link");
    expect(links.at(-1)!.subject).toBe("Zaiba میں سائن اِن کرنے کا لنک");
    expect(links.at(-1)!.text_body).toMatch(new RegExp(`${PUBLIC}/ur/sign-in-link/[A-Za-z0-9_-]{43}`));
  });
});
