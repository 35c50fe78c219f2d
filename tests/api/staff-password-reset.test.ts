// A staff member who forgot the password gets back in by email (decision 0097): the reset request
// answers every address alike (decision 0087), the worker sends a staff account a link to the
// console's own page, and setting the new password there signs the member in with the two-step
// code (or a recovery code) still owed. A shopper's link, a deactivated member and a used link
// open nothing.
import { sql } from "drizzle-orm";
import { Secret } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAccountRequestsOnce } from "../../core/accounts/account-request-worker";
import { RESET_SENT_EMAIL } from "../../core/accounts/password-reset";
import { completeStaffSignIn } from "../../core/staff/sign-in";
import { findStaffSession } from "../../core/staff/sessions";
import { NOT_A_STAFF_LINK, resetStaffPassword } from "../../core/staff/password-reset";
import { renewRecoveryCodes } from "../../core/staff/two-step";
import { consoleTarget } from "../../server/console-guard";
import { freshIp, registerShopper, uniqueEmail } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { rows } from "../helpers/shop";
import { actorOf, makeOwner, makeStaff, staffSignIn, totpNow, type TestStaff } from "../helpers/staff";

const NEW_PASSWORD = "Chiffon2025new";
let t: TestApp;
let owner: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeOwner(t.app, t.core);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const client = () => ({ ip: freshIp(), userAgent: "test" });

/** Asks for a reset as the console's page does, and lets the worker deal with it. */
async function askReset(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users/password-reset",
    payload: { email, channel: "whatsapp" },
    remoteAddress: freshIp(),
  });
  while ((await runAccountRequestsOnce(t.core, { whatsapp: true })).claimed > 0);
  return res;
}

const resetEmails = (email: string) =>
  rows<{ subject: string; text_body: string }>(
    t,
    sql`select subject, text_body from email_messages where kind = 'password_reset' and lower(to_address) = ${email.toLowerCase()} order by id`,
  );

/**
 * The newest reset link sent to this address: its page, its token, and the link as the store's
 * router sees it (path and query). A shopper's carries the token in the path; a staff member's in
 * the query, since the console's door spells console paths in lower case (decision 0085).
 */
async function linkOf(email: string): Promise<{ path: string; token: string; target: string }> {
  const last = (await resetEmails(email)).at(-1);
  const match = /https?:\/\/[^/\s]+((\/(?:admin\/)?reset-password)(?:\/|\?token=)([A-Za-z0-9_-]{43}))(?![\w-])/.exec(
    last?.text_body ?? "",
  );
  if (!match) throw new Error(`no reset link in ${JSON.stringify(last)}`);
  return { target: match[1]!, path: match[2]!, token: match[3]! };
}

async function withTwoStep(member: TestStaff): Promise<string> {
  const secret = new Secret().base32;
  await t.database.db.execute(
    sql`update users set totp_secret = ${secret}, totp_enabled_at = now() where id = ${member.id}`,
  );
  return secret;
}

describe("a staff member's way back in by email", () => {
  it("answers a staff address, a shopper's and an unknown one alike, and emails staff a console link", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    const shopper = await registerShopper(t.app);
    const answers = await Promise.all([member.email, shopper.email, uniqueEmail("nobody")].map(askReset));
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      // the email sentence: a staff account never gets a WhatsApp code, and nothing tells them apart
      expect(res.json().detail).toBe(answers[0]!.json().detail);
    }
    const staffLink = await linkOf(member.email);
    expect(staffLink.path).toBe("/admin/reset-password");
    // the console's door rewrites a console address to one spelling in lower case before routing:
    // the token, whose case is its value, must come through it as sent
    expect(staffLink.target).toBe(`/admin/reset-password?token=${staffLink.token}`);
    expect(consoleTarget(staffLink.target)).toBe(staffLink.target);
    expect((await resetEmails(member.email)).at(-1)?.subject).toMatch(/back office/);
    expect((await resetEmails(member.email)).at(-1)?.text_body).toMatch(/two-step/);
    expect((await linkOf(shopper.email)).path).toBe("/reset-password");
    expect(RESET_SENT_EMAIL).toMatch(/If an account exists/);
  });

  it("sets the new password and opens a session that still owes the two-step code, or a recovery code", async () => {
    const member = await makeStaff(t.app, t.core, owner, "manager");
    const secret = await withTwoStep(member);
    const recovery = await renewRecoveryCodes(t.core, await actorOf(t.core, member), totpNow(secret));
    await askReset(member.email);
    const { token } = await linkOf(member.email);
    const signedIn = await resetStaffPassword(t.core, token, NEW_PASSWORD, client());
    expect(signedIn.pendingSecondFactor).toBe(true);
    // half open: no console page yet
    expect(await findStaffSession(t.core, signedIn.token, "console", client())).toBeNull();
    // the old API session ended with the old password
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: member.auth })).statusCode).toBe(401);
    const byRecovery = await completeStaffSignIn(t.core, signedIn.token, recovery[0]!, client());
    expect(await findStaffSession(t.core, byRecovery.token, "console", client())).not.toBeNull();
    // the link is spent
    await expect(resetStaffPassword(t.core, token, "Another2025pass", client())).rejects.toMatchObject({
      status: 410,
    });
    const [audit] = await rows<{ action: string; changes: Record<string, unknown> }>(
      t,
      sql`select action, changes from audit_log where entity_id = ${String(member.id)} and changes ? 'reset_link' order by id`,
    );
    expect(audit).toMatchObject({ action: "staff.password_accepted", changes: { reset_link: true } });

    // again, with the app's code (as if 30 seconds later: the code used for the recovery codes is spent)
    await t.database.db.execute(sql`update users set totp_last_step = 0 where id = ${member.id}`);
    await askReset(member.email);
    const second = await resetStaffPassword(t.core, (await linkOf(member.email)).token, NEW_PASSWORD, client());
    expect(second.pendingSecondFactor).toBe(true);
    await expect(completeStaffSignIn(t.core, second.token, "000000", client())).rejects.toMatchObject({ status: 422 });
    const done = await completeStaffSignIn(t.core, second.token, totpNow(secret), client());
    expect(await findStaffSession(t.core, done.token, "console", client())).not.toBeNull();
  });

  it("signs a member without two-step straight in", async () => {
    const member = await makeStaff(t.app, t.core, owner, "fulfilment");
    await askReset(member.email);
    const signedIn = await resetStaffPassword(t.core, (await linkOf(member.email)).token, NEW_PASSWORD, client());
    expect(signedIn.pendingSecondFactor).toBe(false);
    expect(await findStaffSession(t.core, signedIn.token, "console", client())).not.toBeNull();
    expect((await staffSignIn(t.app, member.email, NEW_PASSWORD)).statusCode).toBe(201);
  });

  it("opens nothing with a shopper's link (left unspent for the shop's page), and sends a deactivated member nothing", async () => {
    const shopper = await registerShopper(t.app);
    await askReset(shopper.email);
    const { token } = await linkOf(shopper.email);
    await expect(resetStaffPassword(t.core, token, NEW_PASSWORD, client())).rejects.toMatchObject({
      status: 403,
      message: NOT_A_STAFF_LINK,
    });
    const confirm = await t.app.inject({
      method: "POST",
      url: "/api/users/password-reset/confirm",
      payload: { token, password: NEW_PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const gone = await makeStaff(t.app, t.core, owner, "catalogue");
    await t.database.db.execute(sql`update users set deactivated_at = now() where id = ${gone.id}`);
    const res = await askReset(gone.email);
    expect(res.statusCode).toBe(202);
    expect(await resetEmails(gone.email)).toHaveLength(0);
  });

  it("refuses a bad password, a hostile token and gives one of parallel uses the win", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    await askReset(member.email);
    const { token } = await linkOf(member.email);
    await expect(resetStaffPassword(t.core, token, "short", client())).rejects.toMatchObject({ status: 422 });
    await expect(resetStaffPassword(t.core, "x".repeat(100_000), NEW_PASSWORD, client())).rejects.toMatchObject({
      status: 404,
    });
    await expect(resetStaffPassword(t.core, `${token}\u0000`, NEW_PASSWORD, client())).rejects.toMatchObject({
      status: 404,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => resetStaffPassword(t.core, token, NEW_PASSWORD, client())),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});
