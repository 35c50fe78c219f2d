// Shopper accounts through the API: none made by the seed, registering (its rules, and an answer
// that does not say whether an address is taken), signing in, and tokens on protected calls. The
// shopper's own details and orders, and the staff's list of users, are in users-account.test.ts.
import crypto from "node:crypto";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PASSWORD, freshIp, registerShopper, uniqueEmail, type TestShopper } from "../helpers/accounts";
import { t, call, login, rows, startUsersApiStore } from "../helpers/users-api";

// every argon2 hash is counted: what an answer waits for, compared without a clock
const argon2Calls = vi.hoisted(() => ({ hash: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...argon2,
    hash: (...args: Parameters<typeof argon2.hash>) => {
      argon2Calls.hash += 1;
      return argon2.hash(...args);
    },
  };
});

startUsersApiStore();

describe("accounts in a fresh store", () => {
  it("the demo seed creates no admin (and so none with a known password)", async () => {
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from users where role = 'admin'`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });
});

describe("POST /api/users/register", () => {
  it("creates the account and answers 201 with a bearer token and the user", async () => {
    const email = uniqueEmail("Register");
    const { status, body, headers } = await call("POST", "/api/users/register", {
      payload: { first_name: " Ayesha ", last_name: "Khan", email: `  ${email.toUpperCase()} `, password: PASSWORD },
    });
    expect(status).toBe(201);
    expect(headers["cache-control"]).toBe("no-store");
    expect(body.token_type).toBe("bearer");
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: expect.any(Number),
      first_name: "Ayesha",
      last_name: "Khan",
      email: email.toLowerCase(),
      username: null,
      phone: null,
      role: "customer",
      email_verified_at: null,
      created_at: expect.any(String),
    });
    const me = await call("GET", "/api/users/me", { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(body.user);
  });

  it("stores an argon2id hash of the password and only a SHA-256 hash of the token", async () => {
    const shopper = await registerShopper(t.app);
    const [user] = await rows<{ password_hash: string }>(sql`select password_hash from users where id = ${shopper.id}`);
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(user!.password_hash).not.toContain(PASSWORD);
    const sessions = await rows<Record<string, unknown>>(
      sql`select * from user_sessions where user_id = ${shopper.id}`,
    );
    expect(sessions).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toContain(shopper.token);
    expect(sessions[0]!.token_hash).toBe(crypto.createHash("sha256").update(shopper.token).digest("hex"));
    const [{ n }] = (await rows<{ n: number }>(
      sql`select count(*)::int as n from user_sessions where token_hash = ${shopper.token}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("refuses an email that is taken, in any case", async () => {
    const shopper = await registerShopper(t.app);
    const { status, body } = await call("POST", "/api/users/register", {
      payload: { first_name: "B", last_name: "C", email: ` ${shopper.email.toUpperCase()}`, password: PASSWORD },
    });
    expect(status).toBe(422);
    expect(body.detail).toBe("An account with this email already exists.");
  });

  it("answers a taken email after the same password hashing as a new one, and tells the address's owner once a day", async () => {
    const shopper = await registerShopper(t.app);
    const register = async (email: string) => {
      const before = argon2Calls.hash;
      const res = await call("POST", "/api/users/register", {
        payload: { first_name: "Someone", last_name: "Else", email, password: PASSWORD },
      });
      return { status: res.status, hashed: argon2Calls.hash - before };
    };
    const taken = await register(shopper.email);
    const fresh = await register(uniqueEmail("fresh"));
    expect([taken.status, fresh.status]).toEqual([422, 201]);
    expect(taken.hashed).toBe(fresh.hashed);
    const notices = () =>
      rows<{ subject: string; text_body: string }>(
        sql`select subject, text_body from email_messages where to_address = ${shopper.email} and kind = 'registration_attempt'`,
      );
    const [notice] = await notices();
    expect(notice!.subject).toMatch(/already have/);
    expect(notice!.text_body).toContain("Hello Ayesha");
    expect(notice!.text_body).toContain("/login");
    // it opens nothing: no token in it
    expect(notice!.text_body).not.toMatch(/[A-Za-z0-9_-]{43}/);
    expect((await register(shopper.email.toUpperCase())).status).toBe(422);
    expect(await notices()).toHaveLength(1);
  });

  it("lets only one of two simultaneous sign-ups with one email through", async () => {
    const email = uniqueEmail("race");
    const payload = { first_name: "A", last_name: "B", email, password: PASSWORD };
    const results = await Promise.all([
      call("POST", "/api/users/register", { payload }),
      call("POST", "/api/users/register", { payload: { ...payload, email: email.toUpperCase() } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.detail).toBe("An account with this email already exists.");
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from users where email = ${email}`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it.each([
    [
      { password: "weakpass" },
      "Password must be at least 8 characters and include an uppercase letter, a lowercase letter and a number.",
    ],
    [
      { password: "Sh0rt" },
      "Password must be at least 8 characters and include an uppercase letter, a lowercase letter and a number.",
    ],
    [{ first_name: "" }, "First name is required"],
    [{ first_name: undefined }, "First name is required"],
    [{ last_name: "   " }, "Last name is required"],
    [{ email: "ayesha@example" }, "Please enter a valid email address"],
    [{ email: undefined }, "Please enter a valid email address"],
  ])("answers 422 for %o", async (change, detail) => {
    const payload = { first_name: "Ayesha", last_name: "Khan", email: uniqueEmail(), password: PASSWORD, ...change };
    const { status, body } = await call("POST", "/api/users/register", { payload });
    expect(status).toBe(422);
    expect(body.detail).toBe(detail);
  });

  it("answers 400 for a body that is not JSON, never 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBeTruthy();
  });

  it("limits sign-ups from one address (each costs a password hash)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const payload = { first_name: "A", last_name: "B", email: uniqueEmail("bulk"), password: PASSWORD };
      expect((await call("POST", "/api/users/register", { payload, ip })).status).toBe(201);
    }
    const payload = { first_name: "A", last_name: "B", email: uniqueEmail("bulk"), password: PASSWORD };
    const res = await call("POST", "/api/users/register", { payload, ip });
    expect(res.status).toBe(429);
    expect(res.body.detail).toMatch(/^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("POST /api/users/login", () => {
  let shopper: TestShopper;
  beforeAll(async () => {
    shopper = await registerShopper(t.app);
  });

  it("answers a new token and the user, with the email in any case", async () => {
    const { status, body } = await login(` ${shopper.email.toUpperCase()} `, PASSWORD);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: "bearer",
      user: { id: shopper.id, email: shopper.email, role: "customer" },
    });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.access_token).not.toBe(shopper.token);
    // both sessions stay valid
    for (const token of [shopper.token, body.access_token]) {
      expect((await call("GET", "/api/users/me", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    }
  });

  it("gives a wrong password and an unknown email the same 401 answer", async () => {
    const wrong = await login(shopper.email, "Wrong2024suit");
    const unknown = await login(uniqueEmail("nobody"), "Wrong2024suit");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: "Incorrect email or password." });
    expect(unknown.raw).toBe(wrong.raw);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it("re-hashes a password stored with older argon2 parameters at the next sign-in", async () => {
    const old = await registerShopper(t.app);
    const weaker = await hash(PASSWORD, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    await t.database.db.execute(sql`update users set password_hash = ${weaker} where id = ${old.id}`);
    expect((await login(old.email, PASSWORD)).status).toBe(200);
    const [user] = await rows<{ password_hash: string }>(sql`select password_hash from users where id = ${old.id}`);
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(old.email, PASSWORD)).status).toBe(200);
  });

  it("answers 422 when the email or password is missing", async () => {
    expect((await call("POST", "/api/users/login", { payload: { email: shopper.email } })).status).toBe(422);
    const { status, body } = await call("POST", "/api/users/login", { payload: { password: PASSWORD } });
    expect(status).toBe(422);
    expect(body.detail).toBe("Email is required");
  });
});

describe("tokens on protected calls", () => {
  it("answers 401 without a token, or with a malformed, unknown, expired or revoked one", async () => {
    const shopper = await registerShopper(t.app);
    const expired = await registerShopper(t.app);
    await t.database.db.execute(
      sql`update user_sessions set expires_at = now() - interval '1 second' where user_id = ${expired.id}`,
    );
    const revoked = await registerShopper(t.app);
    await t.database.db.execute(sql`update user_sessions set revoked_at = now() where user_id = ${revoked.id}`);

    const none = await call("GET", "/api/users/me");
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe("Please sign in to continue.");
    for (const authorization of [
      "Bearer",
      "Bearer null",
      "Bearer undefined",
      `Basic ${shopper.token}`,
      `Bearer ${shopper.token}x`,
      `Bearer ${"A".repeat(43)}`,
      `Bearer ${expired.token}`,
      `Bearer ${revoked.token}`,
    ]) {
      for (const [method, url] of [
        ["GET", "/api/users/me"],
        ["GET", "/api/users/wishlist"],
        ["GET", "/api/users/me/orders"],
        ["POST", "/api/users/logout"],
      ] as const) {
        const res = await call(method, url, { headers: { authorization } });
        expect(res.status, `${method} ${url} with ${authorization}`).toBe(401);
        expect(res.body.detail).toBe("Your session has expired. Please sign in again.");
      }
    }
    expect((await call("GET", "/api/users/me", { headers: { authorization: `bearer ${shopper.token}` } })).status).toBe(
      200,
    );
  });

  it("POST /api/users/logout revokes that token only", async () => {
    const shopper = await registerShopper(t.app);
    const second = (await login(shopper.email, PASSWORD)).body.access_token as string;
    const out = await call("POST", "/api/users/logout", { headers: shopper.auth });
    expect(out.status).toBe(204);
    expect(out.raw).toBe("");
    expect((await call("GET", "/api/users/me", { headers: shopper.auth })).status).toBe(401);
    expect((await call("POST", "/api/users/logout", { headers: shopper.auth })).status).toBe(401);
    expect((await call("GET", "/api/users/me", { headers: { authorization: `Bearer ${second}` } })).status).toBe(200);
    const [row] = await rows<{ revoked: boolean }>(
      sql`select revoked_at is not null as revoked from user_sessions where token_hash = ${crypto.createHash("sha256").update(shopper.token).digest("hex")}`,
    );
    expect(row!.revoked).toBe(true);
  });
});
