// Forgotten passwords (decision 0077): one answer for every address, a link
// stored only as a hash that works once for an hour, the register rules for the new password,
// every session ended, limits per address, account and client. The WhatsApp code is in
// password-reset-whatsapp.test.ts.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { Secret } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_DONE, RESET_LINK_EXPIRED, RESET_LINK_USED, RESET_SENT_EMAIL } from "../../core/accounts/password-reset";
import { PASSWORD, freshIp, registerShopper, uniqueEmail } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { count, rows } from "../helpers/shop";
import { workDuring } from "../helpers/work";
import { makeOwner, staffSignIn, totpNow } from "../helpers/staff";
import {
  NEW_PASSWORD,
  call,
  afterAnswer,
  requestReset,
  confirm,
  resetEmails,
  linkToken,
  signInStatus,
} from "../helpers/password-reset";

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
