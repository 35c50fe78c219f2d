// What a staff account inherits from the account it was made from, and what the staff API asks
// of a member before it opens (decision 0086): a shopper's sign-up made before the owner adds that
// email as staff keeps no session, phone, verified mark or pending link; the member's sign-in link
// ends every other session; a first password or the two-step sign-in the owner requires is owed
// before any staff API call; and staff names change only on the owner's Staff page.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../core/staff/owner-command";
import { EXISTING_SHOPPER_NEEDS_LINK } from "../../core/staff/accounts";
import { acceptStaffInvitation } from "../../core/staff/invitations";
import { setStaffTwoStepRequired } from "../../core/staff/two-step";
import { openStaffSession } from "../../core/staff/sessions";
import { MUST_CHANGE_PASSWORD, TWO_STEP_SETUP_REQUIRED } from "../../core/staff/sign-in";
import { STAFF_NAME_LOCKED } from "../../core/accounts/account";
import { users } from "../../db/schema";
import { freshIp, PASSWORD, registerShopper, uniqueEmail, type TestShopper } from "../helpers/accounts";
import { runAccountRequestsOnce } from "../../core/accounts/account-request-worker";
import { createTestApp, type TestApp } from "../helpers/app";
import { count, rows } from "../helpers/shop";
import { actorOf, makeOwner, makeStaff, staffSignIn, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  // WhatsApp set up, so a reset request could send a code to an account's phone
  t = await createTestApp({ WHATSAPP_ACCESS_TOKEN: "test-token", WHATSAPP_PHONE_NUMBER_ID: "1234567890" });
  owner = await makeOwner(t.app, t.core);
});
afterAll(async () => {
  await t?.close();
});

const ATTACKER_PHONE = "0300-7654321";

/** What the request worker does after a reset request's answer (decision 0087): the link or code. */
async function dealWithRequests(): Promise<void> {
  while ((await runAccountRequestsOnce(t.core, { whatsapp: true })).claimed > 0);
}

const me = (auth: { authorization: string }) => t.app.inject({ method: "GET", url: "/api/users/me", headers: auth });

async function setPhone(shopper: TestShopper, phone: string) {
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/users/me",
    headers: shopper.auth,
    payload: { first_name: "Ayesha", last_name: "Khan", phone },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function addAsStaff(email: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/admin/staff",
    headers: owner.auth,
    payload: { email, first_name: "Nida", last_name: "Ali", role: "owner", ...extra },
  });
}

const linkToken = (signInLink: string) => new URL(signInLink).searchParams.get("token")!;

async function shopLogin(email: string, password: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email, password },
    remoteAddress: freshIp(),
  });
}

describe("a shopper's account made staff", () => {
  it("keeps nothing the shopper set: the attack from sign-up to the owner's token fails at every step", async () => {
    // the attacker registers the email of someone about to be hired, and sets their own phone
    const attacker = await registerShopper(t.app);
    await setPhone(attacker, ATTACKER_PHONE);
    // and asks for a reset link, which waits unused in the real person's mailbox
    await t.app.inject({
      method: "POST",
      url: "/api/users/password-reset",
      payload: { email: attacker.email },
      remoteAddress: freshIp(),
    });
    await dealWithRequests();
    expect(
      await count(
        t,
        sql`select count(*) as n from account_tokens where user_id = ${attacker.id} and used_at is null
            and purpose = 'password_reset'`,
      ),
    ).toBe(1);

    const added = await addAsStaff(attacker.email);
    expect(added.statusCode, added.body).toBe(201);

    // the shopper's token no longer opens the account
    const after = await me(attacker.auth);
    expect(after.statusCode, after.body).toBe(401);
    const [account] = await rows<{ role: string; phone: string | null; email_verified_at: Date | null }>(
      t,
      sql`select role, phone, email_verified_at from users where id = ${attacker.id}`,
    );
    expect(account).toEqual({ role: "owner", phone: null, email_verified_at: null });
    expect(
      await count(
        t,
        sql`select count(*) as n from account_tokens where user_id = ${attacker.id} and used_at is null
            and expires_at > now()`,
      ),
    ).toBe(0);

    // a WhatsApp reset sends nothing to the attacker's phone (the phone is gone; refusing the
    // WhatsApp code to staff altogether is password-reset.ts's part)
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/users/password-reset",
      payload: { email: attacker.email, channel: "whatsapp" },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBe(202);
    await dealWithRequests();
    expect(await count(t, sql`select count(*) as n from whatsapp_messages where phone = '923007654321'`)).toBe(0);

    // nothing the attacker knows opens the staff API or the shop
    expect((await staffSignIn(t.app, attacker.email, PASSWORD)).statusCode).toBe(401);
    expect((await shopLogin(attacker.email, PASSWORD)).statusCode).toBe(401);
    const withToken = await t.app.inject({ method: "GET", url: "/api/admin/me", headers: attacker.auth });
    expect(withToken.statusCode).toBe(401);

    // the real member's link: the account is theirs, their address proven
    const { token } = await acceptStaffInvitation(t.core, linkToken(added.json().sign_in_link), "Welcome2024x", {
      ip: "10.5.5.5",
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [proven] = await rows<{ verified: boolean }>(
      t,
      sql`select email_verified_at is not null as verified from users where id = ${attacker.id}`,
    );
    expect(proven!.verified).toBe(true);
    const [entry] = await rows<{ changes: Record<string, unknown> }>(
      t,
      sql`select changes from audit_log where action = 'staff.add' and entity_id = ${String(attacker.id)}`,
    );
    expect(entry!.changes).toMatchObject({ was: "a shopper's account" });
  });

  it("is refused with a first password: only the link proves the address is theirs", async () => {
    const shopper = await registerShopper(t.app);
    await setPhone(shopper, ATTACKER_PHONE);
    const res = await addAsStaff(shopper.email, { initial_password: "First2024pass" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: EXISTING_SHOPPER_NEEDS_LINK });
    // nothing changed
    expect((await me(shopper.auth)).json()).toMatchObject({ role: "customer", phone: ATTACKER_PHONE });
  });

  it("ends every other session, shop and staff, when the member uses a sign-in link", async () => {
    const email = uniqueEmail("member");
    const added = await addAsStaff(email, { role: "fulfilment", initial_password: "First2024pass" });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as number;
    // the member signed in at the shop with the first password, and a staff session is open
    const shop = await shopLogin(email, "First2024pass");
    expect(shop.statusCode).toBe(200);
    const shopAuth = { authorization: `Bearer ${shop.json().access_token}` };
    expect((await me(shopAuth)).statusCode).toBe(200);
    // the owner sends a new link (the member lost the password)
    const link = await t.app.inject({
      method: "POST",
      url: `/api/admin/staff/${id}/sign-in-link`,
      headers: owner.auth,
    });
    expect(link.statusCode).toBe(201);
    // a staff session however it came to be open meanwhile
    const stray = await openStaffSession(t.core.db, id, "console", { ip: "10.6.6.6" });
    await acceptStaffInvitation(t.core, linkToken(link.json().sign_in_link), "Welcome2024x", { ip: "10.5.5.6" });
    expect((await me(shopAuth)).statusCode).toBe(401);
    const [strayRow] = await rows<{ revoked: boolean }>(
      t,
      sql`select revoked_at is not null as revoked from staff_sessions where id = ${stray.sessionId}`,
    );
    expect(strayRow!.revoked).toBe(true);
    // one live session: the one the link opened
    expect(
      await count(
        t,
        sql`select count(*) as n from staff_sessions where user_id = ${id} and revoked_at is null and expires_at > now()`,
      ),
    ).toBe(1);
  });

  it("from the command line keeps nothing the shopper set either", async () => {
    const shopper = await registerShopper(t.app);
    await setPhone(shopper, ATTACKER_PHONE);
    await createOrPromoteAdmin(t.core, { email: shopper.email, password: "Owner2024pass" });
    expect((await me(shopper.auth)).statusCode).toBe(401);
    const [account] = await t.core.db
      .select({ role: users.role, phone: users.phone, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, shopper.id));
    expect(account).toEqual({ role: "owner", phone: null, verified: null });
  });
});

describe("the staff API asks what the console asks first", () => {
  it("refuses a member with a first password a token, and any call with one they already hold, but lets it end", async () => {
    const email = uniqueEmail("first");
    const added = await addAsStaff(email, { role: "fulfilment", initial_password: "First2024pass" });
    const id = added.json().id as number;
    const refused = await staffSignIn(t.app, email, "First2024pass");
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({ detail: MUST_CHANGE_PASSWORD });
    // a token handed out before this rule
    const held = await openStaffSession(t.core.db, id, "api", { ip: "10.7.7.7" });
    const auth = { authorization: `Bearer ${held.token}` };
    for (const url of ["/api/admin/me", "/api/admin/orders", "/api/admin/users"]) {
      const res = await t.app.inject({ method: "GET", url, headers: auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: MUST_CHANGE_PASSWORD });
    }
    expect((await t.app.inject({ method: "DELETE", url: "/api/admin/session", headers: auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: auth })).statusCode).toBe(401);
  });

  it("refuses the 30-day token of a member without two-step once the owner requires it", async () => {
    const member = await makeStaff(t.app, t.core, owner, "fulfilment");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/orders", headers: member.auth })).statusCode).toBe(
      200,
    );
    const ownerActor = await actorOf(t.core, owner);
    await setStaffTwoStepRequired(t.core, ownerActor, true);
    try {
      for (const url of ["/api/admin/me", "/api/admin/orders"]) {
        const res = await t.app.inject({ method: "GET", url, headers: member.auth });
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toEqual({ detail: TWO_STEP_SETUP_REQUIRED });
      }
      const ended = await t.app.inject({ method: "DELETE", url: "/api/admin/session", headers: member.auth });
      expect(ended.statusCode).toBe(204);
    } finally {
      await setStaffTwoStepRequired(t.core, ownerActor, false);
    }
  });
});

describe("staff names", () => {
  it("cannot be changed through the shop's profile; the owner changes them, audited", async () => {
    const member = await makeStaff(t.app, t.core, owner, "fulfilment");
    const shop = await shopLogin(member.email, PASSWORD);
    const auth = { authorization: `Bearer ${shop.json().access_token}` };
    const renamed = await t.app.inject({
      method: "PUT",
      url: "/api/users/me",
      headers: auth,
      payload: { first_name: "Store", last_name: "Owner" },
    });
    expect(renamed.statusCode, renamed.body).toBe(403);
    expect(renamed.json()).toEqual({ detail: STAFF_NAME_LOCKED });
    // the same names with another field are fine
    const same = await t.app.inject({
      method: "PUT",
      url: "/api/users/me",
      headers: auth,
      payload: { first_name: "Test", last_name: "fulfilment", phone: "0300-1112223" },
    });
    expect(same.statusCode, same.body).toBe(200);

    const byOwner = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/staff/${member.id}`,
      headers: owner.auth,
      payload: { first_name: "Nida", last_name: "Ali" },
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json()).toMatchObject({ first_name: "Nida", last_name: "Ali", role: "fulfilment" });
    // a new name ends no session
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: member.auth })).statusCode).toBe(200);
    const log = await t.app.inject({
      method: "GET",
      url: `/api/admin/audit-log?action=staff.update&entity_id=${member.id}`,
      headers: owner.auth,
    });
    expect(log.json()[0]).toMatchObject({
      actor_email: owner.email,
      changes: { first_name: ["Test", "Nida"], last_name: ["fulfilment", "Ali"] },
    });
    // the member's own entries name them by email as well as by their (current) name
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/admin/audit-log?actor_id=${member.id}`,
      headers: owner.auth,
    });
    expect(mine.json().length).toBeGreaterThan(0);
    for (const entry of mine.json()) expect(entry).toMatchObject({ actor_email: member.email, actor_name: "Nida Ali" });
  });

  it("refuses a bad name from the owner with a message", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    for (const [payload, detail] of [
      [{ first_name: "" }, /First name is required/],
      [{ first_name: "x".repeat(1_000_000) }, /at most/],
      [{ last_name: "A\u0000B" }, /last_name/],
      [{ first_name: 12 }, /First name/],
    ] as const) {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/admin/staff/${member.id}`,
        headers: owner.auth,
        payload,
      });
      const what = JSON.stringify(payload).slice(0, 40);
      expect([400, 413, 422], what).toContain(res.statusCode);
      expect(res.json().detail, what).toMatch(res.statusCode === 413 ? /./ : detail);
    }
    const [row] = await rows<{ first_name: string }>(t, sql`select first_name from users where id = ${member.id}`);
    expect(row!.first_name).toBe("Test");
  });
});
