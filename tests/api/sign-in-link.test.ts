// The way back in after a lock-out (decision 0087): a sign-in link by email, asked for with one
// answer for every address after the same work, stored only as a hash, working once for an hour
// and giving a shopper's session; never for a staff account.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAccountRequestsOnce } from "../../core/accounts/account-request-worker";
import {
  SIGN_IN_LINK_EXPIRED,
  SIGN_IN_LINK_SENT,
  SIGN_IN_LINK_UNKNOWN,
  SIGN_IN_LINK_USED,
} from "../../core/accounts/sign-in-link";
import { listMessageLog } from "../../core/messaging/email-log";
import { freshIp, registerShopper, uniqueEmail } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { count, rows } from "../helpers/shop";
import { actorOf, makeOwner } from "../helpers/staff";
import { workDuring } from "../helpers/work";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call(url: string, payload: unknown, options: { ip?: string; auth?: string } = {}) {
  const res = await t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: options.auth ? { authorization: options.auth } : {},
    remoteAddress: options.ip ?? freshIp(),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}

/** Lets the worker deal with every waiting request, as it does after the answers. */
async function settle(): Promise<void> {
  while ((await runAccountRequestsOnce(t.core, { whatsapp: false })).claimed > 0);
}

/** Asks for a link, then lets the worker do what it does after the answer. */
async function askForLink(email: string, ip?: string) {
  const answer = await call("/api/users/sign-in-link", { email }, { ip });
  await settle();
  return answer;
}

const useLink = (token: string, ip?: string) => call("/api/users/sign-in-link/confirm", { token }, { ip });

const linkEmails = (email: string) =>
  rows<{ subject: string; text_body: string; html_body: string }>(
    t,
    sql`select subject, text_body, html_body from email_messages
        where to_address = ${email} and kind = 'sign_in_link' order by id`,
  );

async function linkToken(email: string): Promise<string> {
  const last = (await linkEmails(email)).at(-1);
  const match = /\/sign-in-link\/([A-Za-z0-9_-]{43})/.exec(last?.text_body ?? "");
  if (!match) throw new Error(`no sign-in link in ${JSON.stringify(last)}`);
  return match[1]!;
}

const me = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: `Bearer ${token}` } });

describe("asking for a sign-in link", () => {
  it("answers a known and an unknown email the same, after the same work; only the account is emailed", async () => {
    const shopper = await registerShopper(t.app);
    const unknownEmail = uniqueEmail("nobody");
    const ask = (email: string) => call("/api/users/sign-in-link", { email });
    let known: Awaited<ReturnType<typeof ask>> | undefined;
    let unknown: Awaited<ReturnType<typeof ask>> | undefined;
    const knownWork = await workDuring(t, async () => (known = await ask(shopper.email)));
    const unknownWork = await workDuring(t, async () => (unknown = await ask(unknownEmail)));
    expect(knownWork).toEqual(unknownWork);
    expect(known!.status).toBe(202);
    expect(known!.body).toEqual({ detail: SIGN_IN_LINK_SENT });
    expect(unknown!.status).toBe(known!.status);
    expect(unknown!.body).toEqual(known!.body);
    expect(known!.headers["cache-control"]).toBe("no-store");
    expect(await linkEmails(shopper.email)).toHaveLength(0);
    await settle();
    const [email] = await linkEmails(shopper.email);
    expect(email!.subject).toMatch(/sign-in link/i);
    expect(email!.text_body).toContain("one hour");
    expect(await count(t, sql`select count(*) as n from email_messages where to_address = ${unknownEmail}`)).toBe(0);
  });

  it("stores only the hash of the link's token, valid for one hour, and hides the email from staff", async () => {
    const shopper = await registerShopper(t.app);
    await askForLink(shopper.email);
    const token = await linkToken(shopper.email);
    const [row] = await rows<{ token_hash: string; minutes: number }>(
      t,
      sql`select token_hash, round(extract(epoch from expires_at - created_at) / 60)::int as minutes
          from account_tokens where user_id = ${shopper.id} and purpose = 'sign_in_link'`,
    );
    expect(row!.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row!.minutes).toBe(60);
    // the console's log shows that it went, never the link
    const owner = await makeOwner(t.app, t.core);
    const log = await listMessageLog(t.core, await actorOf(t.core, owner), {
      channel: "email",
      status: "all",
      limit: 50,
      offset: 0,
    });
    const entry = log.items.find((m) => m.recipient === shopper.email && m.kind === "sign_in_link");
    expect(entry?.hidden).toBe(true);
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it("limits requests per address (known and unknown alike) and per client with 429", async () => {
    for (const email of [(await registerShopper(t.app)).email, uniqueEmail("ghost")]) {
      for (let i = 0; i < 3; i++) expect((await call("/api/users/sign-in-link", { email })).status).toBe(202);
      const refused = await call("/api/users/sign-in-link", { email });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
      expect(refused.body.detail).toMatch(/^Too many sign-in link requests\. Please try again in \d+ minutes\.$/);
    }
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await call("/api/users/sign-in-link", { email: uniqueEmail() }, { ip })).status).toBe(202);
    expect((await call("/api/users/sign-in-link", { email: uniqueEmail() }, { ip })).status).toBe(429);
  });

  it("sends a staff account no link, with the answer anyone gets", async () => {
    const owner = await makeOwner(t.app, t.core);
    const unknown = await askForLink(uniqueEmail("nobody"));
    const res = await askForLink(owner.email);
    expect(res.status).toBe(202);
    expect(res.body).toEqual(unknown.body);
    expect(await linkEmails(owner.email)).toHaveLength(0);
    expect(
      await count(t, sql`select count(*) as n from account_tokens where user_id = ${owner.id} and purpose = 'sign_in_link'`),
    ).toBe(0);
  });

  it("leaves one live link when requests for one account are dealt with at once", async () => {
    await settle();
    const shopper = await registerShopper(t.app);
    await Promise.all([1, 2, 3].map(() => call("/api/users/sign-in-link", { email: shopper.email })));
    // one pass claims the three and deals with them side by side
    expect((await runAccountRequestsOnce(t.core, { whatsapp: false })).claimed).toBe(3);
    expect(await linkEmails(shopper.email)).toHaveLength(3);
    expect(
      await count(
        t,
        sql`select count(*) as n from account_tokens
            where user_id = ${shopper.id} and purpose = 'sign_in_link' and used_at is null`,
      ),
    ).toBe(1);
  });

  it("refuses hostile input with 4xx, never 500", async () => {
    const huge = "x".repeat(1024 * 1024);
    for (const body of [
      { email: "a\u0000b@example.pk" },
      { email: `${huge}@example.pk` },
      { email: 42 },
      { email: ["a@b.pk"] },
      {},
    ]) {
      const res = await call("/api/users/sign-in-link", body);
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await count(t, sql`select count(*) as n from account_requests where email like '%xxxxxxxxxx%'`)).toBe(0);
    for (const body of [{ token: "a\u0000b" }, { token: huge }, { token: 1 }, {}, { token: "../../etc/passwd" }]) {
      const res = await call("/api/users/sign-in-link/confirm", body);
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("documents both calls in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const path of ["/api/users/sign-in-link", "/api/users/sign-in-link/confirm"]) {
      expect(doc.paths[path]?.post?.summary, path).toEqual(expect.any(String));
    }
    expect(
      doc.paths["/api/users/sign-in-link"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("email");
  });
});

describe("signing in with the link", () => {
  it("gives a shopper's session, confirms the address, and works once", async () => {
    const shopper = await registerShopper(t.app);
    await askForLink(shopper.email);
    const token = await linkToken(shopper.email);
    const signedIn = await useLink(token);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.token_type).toBe("bearer");
    expect(signedIn.body.user).toMatchObject({ id: shopper.id, email: shopper.email, role: "customer" });
    expect(signedIn.body.user.email_verified_at).toEqual(expect.any(String));
    expect((await me(signedIn.body.access_token)).statusCode).toBe(200);
    // the session is a shopper's: the back office does not take it
    const console = await t.app.inject({
      method: "GET",
      url: "/api/admin/me",
      headers: { authorization: `Bearer ${signedIn.body.access_token}` },
    });
    expect(console.statusCode).toBe(403);

    const again = await useLink(token);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ detail: SIGN_IN_LINK_USED });
  });

  it("lets exactly one of 8 parallel uses of a link through", async () => {
    const shopper = await registerShopper(t.app);
    await askForLink(shopper.email);
    const token = await linkToken(shopper.email);
    const results = await Promise.all(Array.from({ length: 8 }, () => useLink(token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    expect(await count(t, sql`select count(*) as n from user_sessions where user_id = ${shopper.id}`)).toBe(2);
  });

  it("refuses a link after its hour, and an older link once a newer one is sent", async () => {
    const shopper = await registerShopper(t.app);
    await askForLink(shopper.email);
    const first = await linkToken(shopper.email);
    await askForLink(shopper.email);
    const second = await linkToken(shopper.email);
    expect(second).not.toBe(first);
    expect((await useLink(first)).body).toEqual({ detail: SIGN_IN_LINK_USED });
    await t.database.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second'
          where user_id = ${shopper.id} and purpose = 'sign_in_link' and used_at is null`,
    );
    const late = await useLink(second);
    expect(late.status).toBe(410);
    expect(late.body).toEqual({ detail: SIGN_IN_LINK_EXPIRED });
  });

  it("answers an unknown token 404, and a reset or confirmation link is no sign-in link", async () => {
    const unknown = await useLink(crypto.randomBytes(32).toString("base64url"));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: SIGN_IN_LINK_UNKNOWN });
    const shopper = await registerShopper(t.app);
    const [verification] = await rows<{ text_body: string }>(
      t,
      sql`select text_body from email_messages where to_address = ${shopper.email} and kind = 'email_verification'`,
    );
    const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(verification!.text_body)![1]!;
    expect((await useLink(token)).status).toBe(404);
  });

  it("refuses a link sent before the account joined the staff", async () => {
    const shopper = await registerShopper(t.app);
    await askForLink(shopper.email);
    const token = await linkToken(shopper.email);
    await t.database.db.execute(sql`update users set role = 'manager' where id = ${shopper.id}`);
    const res = await useLink(token);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toHaveProperty("access_token");
    expect(
      await count(t, sql`select count(*) as n from user_sessions where user_id = ${shopper.id} and revoked_at is null`),
    ).toBe(1);
  });

  it("limits attempts from one client", async () => {
    const ip = freshIp();
    const token = crypto.randomBytes(32).toString("base64url");
    for (let i = 0; i < 20; i++) expect((await useLink(token, ip)).status).toBe(404);
    const refused = await useLink(token, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });
});
