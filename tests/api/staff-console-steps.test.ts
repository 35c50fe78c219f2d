// The console's own doors to a staff account (decision 0086): a one-time sign-in link leads to
// the two-step code exactly as a password does; the account page's codes and current password
// count against the sign-in code's limit; and the owner's Staff page renames a member.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStaffTwoStepRequired } from "../../core/staff/two-step";
import { beginTwoStepSetup, confirmTwoStep, WRONG_CODE } from "../../core/staff/two-step";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { freshIp, PASSWORD } from "../helpers/accounts";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";
import { rows } from "../helpers/shop";
import { actorOf, makeOwner, makeStaff, staffSignIn, totpNow, type TestStaff } from "../helpers/staff";

let t: PageApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await createPageApp({ pages: hasPageBuild() });
  owner = await makeOwner(t.app, t.core);
});
afterAll(async () => {
  await t?.close();
});

const own = { host: "localhost:3000", origin: "http://localhost:3000" };
const formPost = (url: string, form: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...own,
      ...(cookie ? { cookie: `${STAFF_COOKIE}=${cookie}` } : {}),
    },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: freshIp(),
  });
const page = (url: string, cookie: string) =>
  t.app.inject({ method: "GET", url, headers: { cookie: `${STAFF_COOKIE}=${cookie}` } });
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  /staff_session=([A-Za-z0-9_-]+)/.exec(String(res.headers["set-cookie"]))?.[1] ?? "";

/** A member signed in to the console, then with two-step sign-in turned on: their recovery codes and secret. */
async function withTwoStep(role: "fulfilment" | "catalogue" | "manager") {
  const member = await makeStaff(t.app, t.core, owner, role);
  const signedIn = await formPost("/admin/login", { email: member.email, password: PASSWORD });
  expect(signedIn.statusCode).toBe(302);
  const cookie = cookieOf(signedIn);
  const actor = await actorOf(t.core, member);
  const setup = await beginTwoStepSetup(t.core, actor);
  const codes = await confirmTwoStep(t.core, actor, { secret: setup.secret, code: totpNow(setup.secret) });
  return { member, cookie, codes, secret: setup.secret };
}

/** The current six-digit code, as one not used yet (the test's earlier code was of the same step). */
async function freshCode(member: TestStaff, secret: string) {
  await t.core.db.execute(sql`update users set totp_last_step = null where id = ${member.id}`);
  return totpNow(secret);
}

async function newLink(member: TestStaff) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/admin/staff/${member.id}/sign-in-link`,
    headers: owner.auth,
  });
  expect(res.statusCode).toBe(201);
  return new URL(res.json().sign_in_link).searchParams.get("token")!;
}

describe.skipIf(!hasPageBuild())("a one-time sign-in link", () => {
  it("leads a member with two-step sign-in to the code page, not into the console", async () => {
    const { member, secret } = await withTwoStep("fulfilment");
    const token = await newLink(member);
    const welcomed = await formPost(`/admin/welcome?token=${token}`, {
      password: "Welcome2024x",
      confirm: "Welcome2024x",
    });
    expect(welcomed.statusCode).toBe(302);
    expect(welcomed.headers.location).toBe("/admin/login/code");
    const pending = cookieOf(welcomed);
    // half signed in: the console sends them back to the code
    const home = await page("/admin", pending);
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toMatch(/^\/admin\/login\/code/);
    // the code opens the console, as after a password
    const coded = await formPost("/admin/login/code", { code: await freshCode(member, secret) }, pending);
    expect(coded.statusCode).toBe(302);
    expect((await page("/admin", cookieOf(coded))).statusCode).toBe(200);
    const [entry] = await rows<{ action: string; changes: Record<string, unknown> }>(
      t,
      sql`select action, changes from audit_log where entity_id = ${String(member.id)}
          and changes->>'sign_in_link' = 'true' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: "staff.password_accepted" });
  });

  it("leads a member without two-step to set it up where the owner requires it", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    const token = await newLink(member);
    const ownerActor = await actorOf(t.core, owner);
    await setStaffTwoStepRequired(t.core, ownerActor, true);
    try {
      const welcomed = await formPost(`/admin/welcome?token=${token}`, {
        password: "Welcome2024x",
        confirm: "Welcome2024x",
      });
      expect(welcomed.statusCode).toBe(302);
      const cookie = cookieOf(welcomed);
      const home = await page("/admin/orders", cookie);
      expect(home.statusCode).toBe(302);
      expect(home.headers.location).toBe("/admin/account");
    } finally {
      await setStaffTwoStepRequired(t.core, ownerActor, false);
    }
  });
});

describe.skipIf(!hasPageBuild())("the account page's codes", () => {
  it("share the sign-in code's limit: after five wrong codes even the right one is refused", async () => {
    const { member, cookie, codes, secret } = await withTwoStep("catalogue");
    for (let i = 0; i < 5; i++) {
      const wrong = await formPost("/admin/account", { intent: "two-step-off", code: "000000" }, cookie);
      expect(wrong.statusCode, `wrong code ${i + 1}`).toBe(422);
      expect(wrong.body).toContain(WRONG_CODE.replace(/'/g, "&#x27;"));
    }
    const renew = await formPost("/admin/account", { intent: "recovery-codes", code: codes[0]! }, cookie);
    expect(renew.statusCode).toBe(429);
    expect(renew.body).toContain("Too many wrong codes");
    const off = await formPost(
      "/admin/account",
      { intent: "two-step-off", code: await freshCode(member, secret) },
      cookie,
    );
    expect(off.statusCode).toBe(429);
    const password = await formPost(
      "/admin/account",
      { intent: "password", current_password: PASSWORD, new_password: "Changed2024x", confirm: "Changed2024x" },
      cookie,
    );
    expect(password.statusCode).toBe(429);
    const [user] = await rows<{ on: boolean; codes: number }>(
      t,
      sql`select totp_enabled_at is not null as on,
            (select count(*)::int from staff_recovery_codes where user_id = ${member.id} and used_at is null) as codes
          from users where id = ${member.id}`,
    );
    expect(user).toEqual({ on: true, codes: 10 });
    // the same counter as signing in with a code
    const signIn = await staffSignIn(t.app, member.email, PASSWORD, await freshCode(member, secret));
    expect(signIn.statusCode).toBe(429);
  });

  it("let at most five of twenty wrong codes sent at once be checked", async () => {
    const { cookie } = await withTwoStep("fulfilment");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        formPost("/admin/account", { intent: "recovery-codes", code: "000000" }, cookie),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("count a wrong current password too, and not a right answer", async () => {
    const { member, cookie, codes } = await withTwoStep("manager");
    // right answers do not use the limit up
    for (let i = 0; i < 3; i++) {
      const renew = await formPost("/admin/account", { intent: "recovery-codes", code: codes[i]! }, cookie);
      expect(renew.statusCode, `renewal ${i + 1}`).toBe(200);
      codes.splice(0, codes.length, ...[...renew.body.matchAll(/>([2-9a-z]{5}-[2-9a-z]{5})</g)].map((m) => m[1]!));
    }
    for (let i = 0; i < 5; i++) {
      const wrong = await formPost(
        "/admin/account",
        { intent: "password", current_password: "Wrong2024x", new_password: "Changed2024x", confirm: "Changed2024x" },
        cookie,
      );
      expect(wrong.statusCode, `wrong password ${i + 1}`).toBe(422);
    }
    const right = await formPost(
      "/admin/account",
      { intent: "password", current_password: PASSWORD, new_password: "Changed2024x", confirm: "Changed2024x" },
      cookie,
    );
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain("Too many wrong codes");
    expect((await staffSignIn(t.app, member.email, PASSWORD, codes[0])).statusCode).toBe(429);
  });
});

describe.skipIf(!hasPageBuild())("the owner's Staff page", () => {
  it("renames a member, audited", async () => {
    const member = await makeStaff(t.app, t.core, owner, "fulfilment");
    const signedIn = await formPost("/admin/login", { email: owner.email, password: PASSWORD });
    const cookie = cookieOf(signedIn);
    const res = await formPost(
      "/admin/staff",
      { intent: "name", id: String(member.id), first_name: "Bilal", last_name: "Khan" },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("is now called Bilal Khan");
    const [row] = await rows<{ first_name: string; last_name: string }>(
      t,
      sql`select first_name, last_name from users where id = ${member.id}`,
    );
    expect(row).toEqual({ first_name: "Bilal", last_name: "Khan" });
    const empty = await formPost(
      "/admin/staff",
      { intent: "name", id: String(member.id), first_name: "", last_name: "K" },
      cookie,
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain("First name is required");
  });
});
