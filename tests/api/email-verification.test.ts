// Confirming a shopper's email (decisions 0022, 0077): the link sent on
// registration sets email_verified_at once, only for the address it was sent to, and then the
// guest orders placed with that email appear in My Orders; the account page can send it again,
// a few times an hour.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALREADY_VERIFIED,
  VERIFY_DONE,
  VERIFY_EMAIL_CHANGED,
  VERIFY_LINK_EXPIRED,
  VERIFY_LINK_USED,
  VERIFY_SENT,
} from "../../core/accounts/email-verification";
import { freshIp, registerShopper, type TestShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { orderPayload, rows, setStock, simpleProducts, type Item } from "../helpers/shop";

let t: TestApp;
let item: Item;
beforeAll(async () => {
  t = await createTestApp();
  [item] = (await simpleProducts(t, 0, 1)) as [Item];
  await setStock(t, item, 100);
});
afterAll(async () => {
  await t?.close();
});

async function call(url: string, payload: unknown, options: { ip?: string; auth?: Record<string, string> } = {}) {
  const res = await t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: options.auth ?? {},
    remoteAddress: options.ip ?? freshIp(),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}

const verify = (token: unknown, ip?: string) => call("/api/users/verify-email", { token }, { ip });
const resend = (shopper: TestShopper) => call("/api/users/me/verification-email", undefined, { auth: shopper.auth });

const verificationEmails = (email: string) =>
  rows<{ text_body: string; html_body: string; subject: string }>(
    t,
    sql`select text_body, html_body, subject from email_messages
        where to_address = ${email} and kind = 'email_verification' order by id`,
  );

async function linkToken(email: string): Promise<string> {
  const last = (await verificationEmails(email)).at(-1);
  const match = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(last?.text_body ?? "");
  if (!match) throw new Error(`no verification link for ${email}`);
  return match[1]!;
}

async function me(shopper: TestShopper) {
  return (await t.app.inject({ method: "GET", url: "/api/users/me", headers: shopper.auth })).json();
}

async function myOrders(shopper: TestShopper): Promise<string[]> {
  const res = await t.app.inject({ method: "GET", url: "/api/users/me/orders", headers: shopper.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { tracking_id: string }[]).map((o) => o.tracking_id);
}

async function guestOrder(email: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item, quantity: 1 }], { email }),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { tracking_id: string }).tracking_id;
}

describe("email verification", () => {
  it("queues a confirmation email on registration, with only the token's hash stored", async () => {
    const shopper = await registerShopper(t.app);
    const emails = await verificationEmails(shopper.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/confirm/i);
    const token = await linkToken(shopper.email);
    expect(emails[0]!.html_body).toContain(`/verify-email/${token}`);
    const [row] = await rows<{ token_hash: string; email: string; hours: number }>(
      t,
      sql`select token_hash, email, round(extract(epoch from expires_at - created_at) / 3600)::int as hours
          from account_tokens where user_id = ${shopper.id} and purpose = 'email_verification'`,
    );
    expect(row!.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row!.email).toBe(shopper.email);
    expect(row!.hours).toBe(48);
    expect((await me(shopper)).email_verified_at).toBeNull();
  });

  it("confirms the email once, and then the guest orders with it appear in My Orders", async () => {
    const earlier = await guestOrder(`verify.${process.pid}.${Date.now()}@example.pk`);
    const shopper = await registerShopper(t.app, { email: `verify.${process.pid}.${Date.now()}@example.pk` });
    const guest = await guestOrder(shopper.email);
    expect(await myOrders(shopper)).not.toContain(guest);

    const res = await verify(await linkToken(shopper.email));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ detail: VERIFY_DONE });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect((await me(shopper)).email_verified_at).toEqual(expect.any(String));
    const orders = await myOrders(shopper);
    expect(orders).toContain(guest);
    expect(orders).not.toContain(earlier);

    const again = await verify(await linkToken(shopper.email));
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ detail: VERIFY_LINK_USED });
  });

  it("lets one of 8 parallel uses through", async () => {
    const shopper = await registerShopper(t.app);
    const token = await linkToken(shopper.email);
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => verify(token)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(7);
  });

  it("refuses a link sent to an address the account no longer has", async () => {
    const shopper = await registerShopper(t.app);
    const token = await linkToken(shopper.email);
    // the email cannot change through the API today; the rule must hold when it can
    await t.database.db.execute(sql`update users set email = ${`changed.${shopper.email}`} where id = ${shopper.id}`);
    const res = await verify(token);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ detail: VERIFY_EMAIL_CHANGED });
    expect((await me(shopper)).email_verified_at).toBeNull();
  });

  it("refuses an expired link and an unknown one", async () => {
    const shopper = await registerShopper(t.app);
    const token = await linkToken(shopper.email);
    await t.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where user_id = ${shopper.id}`,
    );
    const late = await verify(token);
    expect(late.status).toBe(410);
    expect(late.body).toEqual({ detail: VERIFY_LINK_EXPIRED });
    expect((await verify(crypto.randomBytes(32).toString("base64url"))).status).toBe(404);
    expect((await me(shopper)).email_verified_at).toBeNull();
  });

  it("sends the link again from the account page, 3 times an hour, and not once confirmed", async () => {
    const shopper = await registerShopper(t.app);
    const unsigned = await call("/api/users/me/verification-email", undefined);
    expect(unsigned.status).toBe(401);
    for (let i = 0; i < 3; i++) {
      const res = await resend(shopper);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ detail: VERIFY_SENT });
    }
    const refused = await resend(shopper);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await verificationEmails(shopper.email)).toHaveLength(4);
    // the newest link works, and so does none after it
    expect((await verify(await linkToken(shopper.email))).status).toBe(200);
    await t.core.limiter.reset(`verify-resend:account:${shopper.id}`);
    const done = await resend(shopper);
    expect(done.status).toBe(409);
    expect(done.body).toEqual({ detail: ALREADY_VERIFIED });
  });

  it("refuses hostile input with 4xx, never 500", async () => {
    const huge = "x".repeat(1024 * 1024);
    const deep = `${'{"token":'.repeat(5000)}1${"}".repeat(5000)}`;
    const bodies = [
      JSON.stringify({ token: "a\u0000b" }),
      JSON.stringify({ token: huge }),
      JSON.stringify({ token: 12 }),
      JSON.stringify({ token: { $gt: "" } }),
      JSON.stringify({}),
      JSON.stringify([]),
      "null",
      deep,
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/users/verify-email",
        payload,
        headers: { "content-type": "application/json" },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
