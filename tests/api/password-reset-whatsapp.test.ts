// Forgotten passwords by WhatsApp code (decision 0077): the code sent, checked and used once, its
// limits, resends, a provider that refuses, and the store without WhatsApp set up.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudApiTransport } from "../../core/messaging/cloud-api";
import { CODE_RESEND_REFUSED, resendMessage } from "../../core/messaging/message-log";
import { OUTBOX_DEFAULTS, runOutboxOnce } from "../../core/messaging/outbox";
import {
  RESET_CODE_TRIES,
  RESET_CODE_WRONG,
  RESET_SENT_EMAIL,
  RESET_SENT_WHATSAPP,
} from "../../core/accounts/password-reset";
import { PASSWORD, registerShopper, uniqueEmail, type TestShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { startFakeWhatsApp, type FakeWhatsApp } from "../helpers/fake-whatsapp";
import { count, rows } from "../helpers/shop";
import { actorOf, makeOwner } from "../helpers/staff";
import {
  NEW_PASSWORD,
  refusingTransport,
  whatsappSetUp,
  requestReset,
  confirm,
  resetEmails,
  linkToken,
  signInStatus,
} from "../helpers/password-reset";

describe("password reset by WhatsApp code", () => {
  let t: TestApp;
  let fake: FakeWhatsApp;
  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    t = await createTestApp({
      WHATSAPP_ACCESS_TOKEN: "test-token",
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_API_URL: fake.url,
    });
    whatsappSetUp.add(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const transport = () =>
    cloudApiTransport({
      apiUrl: fake.url,
      apiVersion: "v21.0",
      phoneNumberId: "1234567890",
      accessToken: "test-token",
      appSecret: "",
      verifyToken: "",
      templates: {
        confirmation: "order_confirmation",
        reminder: "order_confirmation_reminder",
        password_code: "password_reset_code",
      },
      timeoutMs: 2_000,
    });

  async function withPhone(phone: string | null): Promise<TestShopper> {
    const shopper = await registerShopper(t.app);
    if (phone) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/users/me",
        payload: { first_name: "Ayesha", last_name: "Khan", phone },
        headers: shopper.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return shopper;
  }

  /** Sends the queued WhatsApp messages to the fake and answers the newest code it received (for that phone). */
  async function sentCode(to?: string): Promise<string> {
    await runOutboxOnce(t.core.db, transport(), OUTBOX_DEFAULTS);
    const request = to ? fake.requests.findLast((r) => r.body.to === to) : fake.requests.at(-1);
    const body = request!.body as { template: { components: { parameters: { text: string }[] }[] } };
    return body.template.components[0]!.parameters[0]!.text;
  }

  it("sends a 6-digit code in the authentication template's documented shape, never in the logged text", async () => {
    const shopper = await withPhone("0300-1234567");
    const res = await requestReset(t, shopper.email, { channel: "whatsapp" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ detail: RESET_SENT_WHATSAPP });
    expect(await resetEmails(t, shopper.email)).toHaveLength(0);
    const [message] = await rows<{ kind: string; phone: string; body: string; buttons: unknown }>(
      t,
      sql`select kind, phone, body, buttons from whatsapp_messages order by id desc limit 1`,
    );
    expect(message).toMatchObject({ kind: "password_code", phone: "923001234567" });
    expect(message!.body).not.toMatch(/\d{6}/);
    const code = await sentCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      messaging_product: "whatsapp",
      to: "923001234567",
      type: "template",
      template: {
        name: "password_reset_code",
        language: { code: "en" },
        components: [
          { type: "body", parameters: [{ type: "text", text: code }] },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
        ],
      },
    });
    // the console's message log shows the text, not the code
    const [token] = await rows<{ code_hash: string; token_hash: string; minutes: number }>(
      t,
      sql`select code_hash, token_hash, round(extract(epoch from expires_at - created_at) / 60)::int as minutes
          from account_tokens where user_id = ${shopper.id} and channel = 'whatsapp'`,
    );
    expect(token!.code_hash).not.toContain(code);
    expect(token!.minutes).toBe(15);

    const done = await confirm(t, { email: shopper.email, code, password: NEW_PASSWORD });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: shopper.auth });
    expect(me.statusCode).toBe(401);
    expect(await signInStatus(t, shopper.email, NEW_PASSWORD)).toBe(200);
    // once
    const again = await confirm(t, { email: shopper.email, code, password: "Another2025pass" });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ detail: RESET_CODE_WRONG });
  });

  it("keeps the code in no row once its message is sent: the token holds only its hash", async () => {
    const shopper = await withPhone("0300-2223344");
    await requestReset(t, shopper.email, { channel: "whatsapp" });
    const code = await sentCode("923002223344");
    const [message] = await rows<{ status: string; parameters: unknown }>(
      t,
      sql`select status, parameters from whatsapp_messages where kind = 'password_code' and phone = '923002223344'`,
    );
    expect(message!.status).toBe("sent");
    expect(JSON.stringify(message!.parameters)).not.toContain(code);
    expect(
      await count(t, sql`select count(*) as n from whatsapp_messages where parameters::text like ${`%${code}%`}`),
    ).toBe(0);
    const [token] = await rows<Record<string, unknown>>(
      t,
      sql`select * from account_tokens where user_id = ${shopper.id} and channel = 'whatsapp'`,
    );
    expect(JSON.stringify(token)).not.toContain(code);
    expect((await confirm(t, { email: shopper.email, code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("will not send a failed code message again from the console: the code is not kept", async () => {
    const shopper = await withPhone("0300-4445566");
    await requestReset(t, shopper.email, { channel: "whatsapp" });
    const [message] = await rows<{ id: number }>(
      t,
      sql`select id from whatsapp_messages where kind = 'password_code' and phone = '923004445566'`,
    );
    // as the worker leaves a message the Cloud API kept refusing
    await runOutboxOnce(t.core.db, refusingTransport, { ...OUTBOX_DEFAULTS, maxAttempts: 1 });
    const [failed] = await rows<{ status: string; parameters: unknown }>(
      t,
      sql`select status, parameters from whatsapp_messages where id = ${message!.id}`,
    );
    expect(failed).toEqual({ status: "failed", parameters: [] });
    const owner = await makeOwner(t.app, t.core);
    await expect(resendMessage(t.core, await actorOf(t.core, owner), message!.id)).rejects.toMatchObject({
      status: 409,
      message: CODE_RESEND_REFUSED,
    });
  });

  it("sends no code to a staff account's phone: the answer a shopper gets, and a link by email instead", async () => {
    const member = await withPhone("0300-5556677");
    await t.database.db.execute(sql`update users set role = 'manager' where id = ${member.id}`);
    const unknown = await requestReset(t, uniqueEmail("nobody"), { channel: "whatsapp" });
    const res = await requestReset(t, member.email, { channel: "whatsapp" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(unknown.body);
    expect(
      await count(
        t,
        sql`select count(*) as n from whatsapp_messages where kind = 'password_code' and phone = '923005556677'`,
      ),
    ).toBe(0);
    expect(
      await count(
        t,
        sql`select count(*) as n from account_tokens where user_id = ${member.id} and channel = 'whatsapp'`,
      ),
    ).toBe(0);
    expect(await resetEmails(t, member.email)).toHaveLength(1);
  });

  it("refuses a code sent before the account joined the staff", async () => {
    const shopper = await withPhone("0300-8889900");
    await requestReset(t, shopper.email, { channel: "whatsapp" });
    const code = await sentCode("923008889900");
    await t.database.db.execute(sql`update users set role = 'owner' where id = ${shopper.id}`);
    const res = await confirm(t, { email: shopper.email, code, password: NEW_PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: RESET_CODE_WRONG });
    expect(await signInStatus(t, shopper.email, PASSWORD)).toBe(200);
  });

  it("ends a code after 5 wrong tries, even when they arrive at once", async () => {
    const shopper = await withPhone("+92 321 7654321");
    await requestReset(t, shopper.email, { channel: "whatsapp" });
    const code = await sentCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const results = await Promise.all(
      Array.from({ length: 12 }, () => confirm(t, { email: shopper.email, code: wrong, password: NEW_PASSWORD })),
    );
    expect(results.every((r) => r.status === 422)).toBe(true);
    const [row] = await rows<{ attempts: number }>(
      t,
      sql`select attempts from account_tokens where user_id = ${shopper.id} and channel = 'whatsapp'`,
    );
    expect(row!.attempts).toBe(RESET_CODE_TRIES);
    const right = await confirm(t, { email: shopper.email, code, password: NEW_PASSWORD });
    expect(right.status).toBe(422);
    expect(await signInStatus(t, shopper.email, PASSWORD)).toBe(200);
  });

  it("takes the right code after fewer than 5 wrong ones", async () => {
    const shopper = await withPhone("03451112233");
    await requestReset(t, shopper.email, { channel: "whatsapp" });
    const code = await sentCode();
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < RESET_CODE_TRIES - 1; i++) {
      expect((await confirm(t, { email: shopper.email, code: wrong, password: NEW_PASSWORD })).status).toBe(422);
    }
    expect((await confirm(t, { email: shopper.email, code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("emails a link instead when the account has no phone, with the same answer", async () => {
    const shopper = await withPhone(null);
    const unknown = await requestReset(t, uniqueEmail("nobody"), { channel: "whatsapp" });
    const res = await requestReset(t, shopper.email, { channel: "whatsapp" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(unknown.body);
    expect(res.body).toEqual({ detail: RESET_SENT_WHATSAPP });
    expect(await resetEmails(t, shopper.email)).toHaveLength(1);
    expect((await confirm(t, { token: await linkToken(t, shopper.email), password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe("password reset without WhatsApp set up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers a WhatsApp request with an email link", async () => {
    const shopper = await registerShopper(t.app);
    await t.app.inject({
      method: "PUT",
      url: "/api/users/me",
      payload: { first_name: "Ayesha", last_name: "Khan", phone: "0300-1234567" },
      headers: shopper.auth,
    });
    const res = await requestReset(t, shopper.email, { channel: "whatsapp" });
    expect(res.body).toEqual({ detail: RESET_SENT_EMAIL });
    expect(await resetEmails(t, shopper.email)).toHaveLength(1);
    expect(await count(t, sql`select count(*) as n from whatsapp_messages where kind = 'password_code'`)).toBe(0);
  });
});
