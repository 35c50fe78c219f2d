// Forgotten passwords (decision 0077): one answer for every address, a link
// stored only as a hash that works once for an hour, the register rules for the new password,
// every session ended, limits per address, account and client, and the WhatsApp code.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { Secret } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAccountRequestsOnce } from "../../core/accounts/account-request-worker";
import { cloudApiTransport } from "../../core/messaging/cloud-api";
import { CODE_RESEND_REFUSED, resendMessage } from "../../core/messaging/message-log";
import { OUTBOX_DEFAULTS, runOutboxOnce } from "../../core/messaging/outbox";
import { TransportError, type MessageTransport } from "../../core/messaging/transport";
import {
  RESET_CODE_TRIES,
  RESET_CODE_WRONG,
  RESET_DONE,
  RESET_LINK_EXPIRED,
  RESET_LINK_USED,
  RESET_SENT_EMAIL,
  RESET_SENT_WHATSAPP,
} from "../../core/accounts/password-reset";
import { PASSWORD, freshIp, registerShopper, uniqueEmail, type TestShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { startFakeWhatsApp, type FakeWhatsApp } from "../helpers/fake-whatsapp";
import { count, rows } from "../helpers/shop";
import { workDuring } from "../helpers/work";
import { actorOf, makeOwner, staffSignIn, totpNow } from "../helpers/staff";

const NEW_PASSWORD = "Chiffon2025new";

/** A WhatsApp account whose every send the provider refuses for good. */
const refusingTransport: MessageTransport = {
  name: "refusing",
  send: () => Promise.reject(new TransportError("(#131026) Message undeliverable", true)),
};

async function call(t: TestApp, url: string, payload: unknown, options: { ip?: string; auth?: string } = {}) {
  const res = await t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: options.auth ? { authorization: options.auth } : {},
    remoteAddress: options.ip ?? freshIp(),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}

/** What the worker does after the answer: look the address up and write the link or code. */
async function afterAnswer(t: TestApp): Promise<void> {
  while ((await runAccountRequestsOnce(t.core, { whatsapp: whatsappSetUp.has(t) })).claimed > 0);
}
// the apps built with the WhatsApp Cloud API set up
const whatsappSetUp = new WeakSet<TestApp>();

/** Asks for a reset, and lets the worker deal with the request as it would after the answer. */
async function requestReset(t: TestApp, email: string, options: { ip?: string; channel?: string } = {}) {
  const answer = await call(
    t,
    "/api/users/password-reset",
    { email, ...(options.channel ? { channel: options.channel } : {}) },
    options,
  );
  await afterAnswer(t);
  return answer;
}

const confirm = (t: TestApp, payload: unknown, ip?: string) =>
  call(t, "/api/users/password-reset/confirm", payload, { ip });

interface EmailRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

const resetEmails = (t: TestApp, email: string) =>
  rows<EmailRow>(
    t,
    sql`select * from email_messages where to_address = ${email} and kind = 'password_reset' order by id`,
  );

/**
 * The token in the newest reset email to this address: a shopper's link carries it in the path,
 * a staff member's (the console's page, decision 0097) in the query.
 */
async function linkToken(t: TestApp, email: string): Promise<string> {
  const emails = await resetEmails(t, email);
  const last = emails.at(-1);
  const match = /\/reset-password(?:\/|\?token=)([A-Za-z0-9_-]{43})/.exec(last?.text_body ?? "");
  if (!match) throw new Error(`no reset link in ${JSON.stringify(last)}`);
  return match[1]!;
}

async function signInStatus(t: TestApp, email: string, password: string): Promise<number> {
  return (await call(t, "/api/users/login", { email, password })).status;
}

describe("password reset by email", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers a known and an unknown email the same way, and writes an email only for the account", async () => {
    const shopper = await registerShopper(t.app);
    const unknown = uniqueEmail("nobody");
    const known = await requestReset(t, shopper.email);
    const stranger = await requestReset(t, unknown);
    expect(known.status).toBe(202);
    expect(stranger.status).toBe(known.status);
    expect(stranger.body).toEqual(known.body);
    expect(known.body).toEqual({ detail: RESET_SENT_EMAIL });
    expect(known.headers["cache-control"]).toBe("no-store");
    expect(await resetEmails(t, shopper.email)).toHaveLength(1);
    expect(await count(t, sql`select count(*) as n from email_messages where to_address = ${unknown}`)).toBe(0);
    // the address typed in another case and with spaces is the same account
    expect((await requestReset(t, `  ${shopper.email.toUpperCase()} `)).body).toEqual(known.body);
    expect(await resetEmails(t, shopper.email)).toHaveLength(2);
  });

  it("does the same work before answering a known and an unknown email: the account is looked up afterwards", async () => {
    const shopper = await registerShopper(t.app);
    const ask = (email: string) => call(t, "/api/users/password-reset", { email });
    const known = await workDuring(t, () => ask(shopper.email));
    const unknown = await workDuring(t, () => ask(uniqueEmail("nobody")));
    expect(known).toEqual(unknown);
    expect(await resetEmails(t, shopper.email)).toHaveLength(0);
    await afterAnswer(t);
    expect(await resetEmails(t, shopper.email)).toHaveLength(1);
  });

  it("resets a staff member's password by the link and hands out no session: the console still asks for the two-step code", async () => {
    const owner = await makeOwner(t.app, t.core);
    const secret = new Secret().base32;
    await t.database.db.execute(
      sql`update users set totp_secret = ${secret}, totp_enabled_at = now() where id = ${owner.id}`,
    );
    await requestReset(t, owner.email);
    const done = await confirm(t, { token: await linkToken(t, owner.email), password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ detail: RESET_DONE });
    // the console's session ended with the old password
    const me = await t.app.inject({ method: "GET", url: "/api/admin/me", headers: owner.auth });
    expect(me.statusCode).toBe(401);
    const withoutCode = await staffSignIn(t.app, owner.email, NEW_PASSWORD);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().second_factor_required).toBe(true);
    expect(withoutCode.json()).not.toHaveProperty("access_token");
    expect((await staffSignIn(t.app, owner.email, NEW_PASSWORD, totpNow(secret))).statusCode).toBe(201);
  });

  it("keeps no address on a request once the worker has dealt with it", async () => {
    const shopper = await registerShopper(t.app);
    await requestReset(t, shopper.email);
    const left = await rows<{ email: string; status: string }>(
      t,
      sql`select email, status from account_requests where status <> 'queued' order by id desc limit 1`,
    );
    expect(left).toEqual([{ email: "", status: "logged" }]);
    expect(await count(t, sql`select count(*) as n from account_requests where email = ${shopper.email}`)).toBe(0);
  });

  it("stores only the hash of the link's token, valid for one hour", async () => {
    const shopper = await registerShopper(t.app);
    await requestReset(t, shopper.email);
    const token = await linkToken(t, shopper.email);
    const [row] = await rows<{ token_hash: string; channel: string; email: string; minutes: number }>(
      t,
      sql`select token_hash, channel, email, round(extract(epoch from expires_at - created_at) / 60)::int as minutes
          from account_tokens where user_id = ${shopper.id} and purpose = 'password_reset'`,
    );
    expect(row!.token_hash).not.toBe(token);
    expect(row!.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row!.channel).toBe("email");
    expect(row!.email).toBe(shopper.email);
    expect(row!.minutes).toBe(60);
    const [email] = await resetEmails(t, shopper.email);
    expect(email!.subject).toMatch(/reset/i);
    expect(email!.html_body).toContain(`/reset-password/${token}`);
  });

  it("sets the new password, ends every session, and refuses the link a second time", async () => {
    const shopper = await registerShopper(t.app);
    const second = await call(t, "/api/users/login", { email: shopper.email, password: PASSWORD });
    expect(second.status).toBe(200);
    await requestReset(t, shopper.email);
    const token = await linkToken(t, shopper.email);

    const done = await confirm(t, { token, password: NEW_PASSWORD });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ detail: RESET_DONE });
    for (const auth of [shopper.auth.authorization, `Bearer ${second.body.access_token}`]) {
      const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: auth } });
      expect(me.statusCode).toBe(401);
    }
    expect(await signInStatus(t, shopper.email, PASSWORD)).toBe(401);
    expect(await signInStatus(t, shopper.email, NEW_PASSWORD)).toBe(200);

    const again = await confirm(t, { token, password: "Another2025pass" });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ detail: RESET_LINK_USED });
    expect(await signInStatus(t, shopper.email, NEW_PASSWORD)).toBe(200);
  });

  it("lets exactly one of 8 parallel uses of a link through", async () => {
    const shopper = await registerShopper(t.app);
    await requestReset(t, shopper.email);
    const token = await linkToken(t, shopper.email);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => confirm(t, { token, password: `Parallel${i}pass` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(7);
    const winner = results.findIndex((r) => r.status === 200);
    expect(await signInStatus(t, shopper.email, `Parallel${winner}pass`)).toBe(200);
  });

  it("refuses a link after its hour", async () => {
    const shopper = await registerShopper(t.app);
    await requestReset(t, shopper.email);
    const token = await linkToken(t, shopper.email);
    await t.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second', created_at = now() - interval '61 minutes'
          where user_id = ${shopper.id} and purpose = 'password_reset'`,
    );
    const late = await confirm(t, { token, password: NEW_PASSWORD });
    expect(late.status).toBe(410);
    expect(late.body).toEqual({ detail: RESET_LINK_EXPIRED });
    expect(await signInStatus(t, shopper.email, PASSWORD)).toBe(200);
  });

  it("makes an older link useless once a newer one is sent", async () => {
    const shopper = await registerShopper(t.app);
    await requestReset(t, shopper.email);
    const first = await linkToken(t, shopper.email);
    await requestReset(t, shopper.email);
    const second = await linkToken(t, shopper.email);
    expect(second).not.toBe(first);
    expect((await confirm(t, { token: first, password: NEW_PASSWORD })).status).toBe(410);
    expect((await confirm(t, { token: second, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("applies the register password rules (422 naming the field) and spends nothing on a refusal", async () => {
    const shopper = await registerShopper(t.app);
    await requestReset(t, shopper.email);
    const token = await linkToken(t, shopper.email);
    for (const password of ["short1A", "alllowercase1", "ALLUPPERCASE1", "NoNumbersHere", "A1a".repeat(50)]) {
      const res = await confirm(t, { token, password });
      expect(res.status, password).toBe(422);
      expect(res.body.detail).toMatch(/password/i);
    }
    expect((await confirm(t, { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("answers an unknown or malformed token 404 and a missing one 422", async () => {
    const unknown = await confirm(t, { token: crypto.randomBytes(32).toString("base64url"), password: NEW_PASSWORD });
    expect(unknown.status).toBe(404);
    expect((await confirm(t, { token: "not-a-token", password: NEW_PASSWORD })).status).toBe(404);
    const missing = await confirm(t, { password: NEW_PASSWORD });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/token/);
  });

  it("limits requests per address (known and unknown alike) with 429 and Retry-After", async () => {
    for (const email of [(await registerShopper(t.app)).email, uniqueEmail("ghost")]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(t, email)).status).toBe(202);
      const refused = await requestReset(t, email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
      expect(refused.body.detail).toMatch(/^Too many reset requests\. Please try again in \d+ minutes\.$/);
    }
  });

  it("limits requests per client address across emails", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await requestReset(t, uniqueEmail("spray"), { ip })).status).toBe(202);
    expect((await requestReset(t, uniqueEmail("spray"), { ip })).status).toBe(429);
    // another client is not held back
    expect((await requestReset(t, uniqueEmail("spray"))).status).toBe(202);
  });

  it("stops sending to one account after 6 a day, with the same answer", async () => {
    const shopper = await registerShopper(t.app);
    for (let i = 0; i < 8; i++) {
      // the hourly limit per address is not what this is about
      await t.core.limiter.reset(`reset:address:${shopper.email}`);
      const res = await requestReset(t, shopper.email);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ detail: RESET_SENT_EMAIL });
    }
    expect(await resetEmails(t, shopper.email)).toHaveLength(6);
  });

  it("limits attempts to set a password from one client", async () => {
    const ip = freshIp();
    const token = crypto.randomBytes(32).toString("base64url");
    for (let i = 0; i < 20; i++) expect((await confirm(t, { token, password: NEW_PASSWORD }, ip)).status).toBe(404);
    const refused = await confirm(t, { token, password: NEW_PASSWORD }, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("documents the four calls in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const path of [
      "/api/users/password-reset",
      "/api/users/password-reset/confirm",
      "/api/users/verify-email",
      "/api/users/me/verification-email",
    ]) {
      expect(doc.paths[path]?.post?.summary, path).toEqual(expect.any(String));
    }
    expect(
      doc.paths["/api/users/password-reset/confirm"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("code");
  });

  it("refuses hostile input with 4xx, never 500", async () => {
    const nul = "a\u0000b@example.pk";
    const huge = "x".repeat(1024 * 1024);
    // JSON.stringify itself overflows on this, so it is written out as text
    const deep = { raw: `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}` };
    const text = (body: unknown) => (body === deep ? deep.raw : JSON.stringify(body));
    const bodies: unknown[] = [
      { email: nul },
      { email: `${huge}@example.pk` },
      { email: 42 },
      { email: ["a@b.pk"] },
      { email: "a@b.pk", channel: "sms" },
      { email: "a@b.pk", channel: { $ne: 1 } },
      deep,
      null,
      "just text",
    ];
    for (const body of bodies) {
      const raw = await t.app.inject({
        method: "POST",
        url: "/api/users/password-reset",
        payload: text(body),
        headers: { "content-type": "application/json" },
        remoteAddress: freshIp(),
      });
      expect(raw.statusCode, raw.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(raw.statusCode).toBeLessThan(500);
    }
    const confirmBodies: unknown[] = [
      { token: "a\u0000b", password: NEW_PASSWORD },
      { token: huge, password: NEW_PASSWORD },
      { token: 1, password: NEW_PASSWORD },
      { token: "x", password: huge },
      { email: "a@b.pk", code: "12345\u0000", password: NEW_PASSWORD },
      { email: "a@b.pk", code: 123456, password: NEW_PASSWORD },
      { email: "a@b.pk", code: huge, password: NEW_PASSWORD },
      deep,
    ];
    for (const body of confirmBodies) {
      const raw = await t.app.inject({
        method: "POST",
        url: "/api/users/password-reset/confirm",
        payload: text(body),
        headers: { "content-type": "application/json" },
        remoteAddress: freshIp(),
      });
      expect(raw.statusCode, raw.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(raw.statusCode).toBeLessThan(500);
    }
  });
});

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
      await count(t, sql`select count(*) as n from whatsapp_messages where kind = 'password_code' and phone = '923005556677'`),
    ).toBe(0);
    expect(
      await count(t, sql`select count(*) as n from account_tokens where user_id = ${member.id} and channel = 'whatsapp'`),
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
