// Sign-in limits as attackers test them (decision 0040): parallel bursts, guesses
// spread over many addresses, strangers trying to lock an owner out. Every case runs twice: with
// the counters in the database (PGlite or PostgreSQL) and in Redis.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RateLimiter } from "../../core/shared/rate-limit";
import { runAccountRequestsOnce } from "../../core/accounts/account-request-worker";
import { signInCounters } from "../../core/accounts/sign-in-limits";
import { createTestApp, type TestApp } from "../helpers/app";
import { PASSWORD, freshIp, registerShopper, uniqueEmail } from "../helpers/accounts";
import { limiterStores } from "../helpers/limiter-stores";

// Every argon2 verification is counted: the limits are about how many guesses get checked, and a
// count needs no timing.
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      argon2Calls.verify += 1;
      return argon2.verify(...args);
    },
  };
});

/** How many passwords `work` had checked. */
async function verificationsDuring<T>(work: () => Promise<T>): Promise<{ result: T; verified: number }> {
  const before = argon2Calls.verify;
  const result = await work();
  return { result, verified: argon2Calls.verify - before };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function login(email: string, password: string, ip: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email, password },
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as { detail?: string }, headers: res.headers, raw: res.body };
}

const count = (statuses: { status: number }[], status: number) => statuses.filter((r) => r.status === status).length;

async function sessionsOf(userId: number): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from user_sessions where user_id = ${userId}`,
  )) as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

// the lock-out tells of the way back in (decision 0087)
const TOO_MANY =
  /^Too many sign-in attempts\. Please try again in \d+ minutes?, or ask for a sign-in link by email\.$/;

const backends = await limiterStores("sign-in-limits", () => t.database.db);
afterAll(async () => {
  for (const backend of backends) await backend.close();
});

for (const backend of backends) {
  describe.skipIf(!backend.available)(`sign-in limits counted in ${backend.name}`, () => {
    let limiter: RateLimiter;
    let original: RateLimiter;
    beforeAll(async () => {
      limiter = await backend.open();
      original = t.core.limiter;
      t.core.limiter = limiter;
    });
    afterAll(async () => {
      if (original) t.core.limiter = original;
      await limiter?.close();
    });

    describe("parallel guesses", () => {
      it("checks at most 10 of 600 parallel wrong passwords for one account from one address", async () => {
        const shopper = await registerShopper(t.app);
        const ip = freshIp();
        const { result, verified } = await verificationsDuring(() =>
          Promise.all(Array.from({ length: 600 }, (_, i) => login(shopper.email, `Wrong${i}pass`, ip))),
        );
        expect(verified).toBeLessThanOrEqual(10);
        expect(count(result, 401)).toBe(verified);
        expect(count(result, 429)).toBe(600 - verified);
        expect(result.find((r) => r.status === 429)!.body.detail).toMatch(TOO_MANY);
      }, 120_000);

      it("does not let the right password in from a burst past the limit", async () => {
        const shopper = await registerShopper(t.app);
        const ip = freshIp();
        const sessions = await sessionsOf(shopper.id);
        const { result, verified } = await verificationsDuring(() =>
          Promise.all(
            Array.from({ length: 300 }, (_, i) => login(shopper.email, i === 150 ? PASSWORD : `Wrong${i}pass`, ip)),
          ),
        );
        expect(verified).toBeLessThanOrEqual(10);
        expect(result[150]!.status).toBe(429);
        expect(count(result, 200)).toBe(0);
        expect(await sessionsOf(shopper.id)).toBe(sessions);
      }, 120_000);
    });

    describe("the window", () => {
      it("lets a locked address try again once the window has ended, and counts in this store", async () => {
        const shopper = await registerShopper(t.app);
        const ip = freshIp();
        for (let i = 0; i < 10; i++) expect((await login(shopper.email, "Wrong2024suit", ip)).status).toBe(401);
        expect((await login(shopper.email, PASSWORD, ip)).status).toBe(429);
        const counters = signInCounters(shopper.email, ip);
        for (const counter of Object.values(counters))
          expect(await backend.isStored(counter.key), counter.key).toBe(true);

        await backend.endWindow(counters.accountAndAddress.key);
        expect((await login(shopper.email, PASSWORD, ip)).status).toBe(200);
      });
    });

    describe("strangers cannot lock an owner out", () => {
      it("ten wrong passwords from one address lock that address out of the account, not the owner elsewhere", async () => {
        const shopper = await registerShopper(t.app);
        const stranger = freshIp();
        for (let i = 0; i < 10; i++) {
          expect((await login(shopper.email, `Wrong${i}pass`, stranger)).status, `guess ${i + 1}`).toBe(401);
        }
        const locked = await login(shopper.email, PASSWORD, stranger);
        expect(locked.status).toBe(429);
        expect(locked.body.detail).toMatch(TOO_MANY);
        const retryAfter = Number(locked.headers["retry-after"]);
        expect(retryAfter).toBeGreaterThan(14 * 60);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
        expect(locked.body.detail).toContain(`${Math.ceil(retryAfter / 60)} minutes`);

        expect((await login(shopper.email, PASSWORD, freshIp())).status).toBe(200);
      });

      it("still bounds the guesses at one account from many addresses: 100 an hour", async () => {
        const shopper = await registerShopper(t.app);
        const addresses = Array.from({ length: 10 }, () => freshIp());
        const { result, verified } = await verificationsDuring(() =>
          Promise.all(
            addresses.flatMap((ip) => Array.from({ length: 10 }, (_, i) => login(shopper.email, `Wrong${i}x`, ip))),
          ),
        );
        expect(count(result, 401)).toBe(100);
        expect(verified).toBe(100);
        const locked = await login(shopper.email, PASSWORD, freshIp());
        expect(locked.status).toBe(429);
        expect(locked.body.detail).toMatch(TOO_MANY);
        expect(Number(locked.headers["retry-after"])).toBeGreaterThan(59 * 60);
        expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(60 * 60);
      }, 60_000);

      it("lets the owner of an account locked for the hour back in with a sign-in link by email", async () => {
        const shopper = await registerShopper(t.app);
        const addresses = Array.from({ length: 10 }, () => freshIp());
        await Promise.all(
          addresses.flatMap((ip) => Array.from({ length: 10 }, (_, i) => login(shopper.email, `Wrong${i}y`, ip))),
        );
        const locked = await login(shopper.email, PASSWORD, freshIp());
        expect(locked.status).toBe(429);
        expect(locked.body.detail).toMatch(/sign-in link by email/);

        const asked = await t.app.inject({
          method: "POST",
          url: "/api/users/sign-in-link",
          payload: { email: shopper.email },
          remoteAddress: freshIp(),
        });
        expect(asked.statusCode, asked.body).toBe(202);
        while ((await runAccountRequestsOnce(t.core, { whatsapp: false })).claimed > 0);
        const [mail] = (
          (await t.database.db.execute(
            sql`select text_body from email_messages where to_address = ${shopper.email} and kind = 'sign_in_link'`,
          )) as { rows: { text_body: string }[] }
        ).rows;
        const token = /\/sign-in-link\/([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
        const opened = await t.app.inject({
          method: "POST",
          url: "/api/users/sign-in-link/confirm",
          payload: { token },
          remoteAddress: freshIp(),
        });
        expect(opened.statusCode, opened.body).toBe(200);
        const me = await t.app.inject({
          method: "GET",
          url: "/api/users/me",
          headers: { authorization: `Bearer ${opened.json().access_token}` },
        });
        expect(me.json().email).toBe(shopper.email);
        // the lock on password guesses stays to the end of its hour
        expect((await login(shopper.email, PASSWORD, freshIp())).status).toBe(429);
      }, 60_000);

      it("checks at most 100 of 600 parallel guesses at one account from 600 addresses", async () => {
        const shopper = await registerShopper(t.app);
        const { result, verified } = await verificationsDuring(() =>
          Promise.all(
            Array.from({ length: 600 }, (_, i) =>
              login(shopper.email, i === 300 ? PASSWORD : `Wrong${i}pass`, freshIp()),
            ),
          ),
        );
        expect(verified).toBeLessThanOrEqual(100);
        expect(result[300]!.status).toBe(429);
        expect(count(result, 200)).toBe(0);
      }, 120_000);

      it("limits one address to 30 failed guesses across accounts, without locking those accounts elsewhere", async () => {
        const sprayer = freshIp();
        const shopper = await registerShopper(t.app);
        for (let i = 0; i < 30; i++) {
          expect((await login(uniqueEmail("spray"), "Wrong2024suit", sprayer)).status, `guess ${i + 1}`).toBe(401);
        }
        const locked = await login(shopper.email, PASSWORD, sprayer);
        expect(locked.status).toBe(429);
        expect(locked.body.detail).toMatch(TOO_MANY);
        expect((await login(shopper.email, PASSWORD, freshIp())).status).toBe(200);
      }, 60_000);

      it("answers an unknown email exactly as a known one, each guess after one password check", async () => {
        const shopper = await registerShopper(t.app);
        const attempts = async (email: string) => {
          const ip = freshIp();
          const answers: { status: number; raw: string; headers: string[] }[] = [];
          const { verified } = await verificationsDuring(async () => {
            for (let i = 0; i < 11; i++) {
              const res = await login(email, "Wrong2024suit", ip);
              answers.push({ status: res.status, raw: res.raw, headers: Object.keys(res.headers).sort() });
            }
          });
          return { answers, verified };
        };
        const known = await attempts(shopper.email);
        const unknown = await attempts(uniqueEmail("nobody"));
        expect(known.verified).toBe(10);
        expect(unknown.verified).toBe(10);
        expect(known.answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429]);
        expect(unknown.answers).toEqual(known.answers);
        expect(JSON.parse(known.answers[0]!.raw)).toEqual({ detail: "Incorrect email or password." });
      });

      it("starts the count for the owner's address again after a successful sign-in", async () => {
        const shopper = await registerShopper(t.app);
        const ip = freshIp();
        for (let i = 0; i < 9; i++) expect((await login(shopper.email, "Wrong2024suit", ip)).status).toBe(401);
        expect((await login(shopper.email, PASSWORD, ip)).status).toBe(200);
        for (let i = 0; i < 10; i++) expect((await login(shopper.email, "Wrong2024suit", ip)).status).toBe(401);
        expect((await login(shopper.email, PASSWORD, ip)).status).toBe(429);
      });
    });
  });
}
