// Staff sign-in, two-step codes, staff accounts and the audit log through the staff API and core
// (decision 0053). On both databases; the races run for real on PostgreSQL.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addStaff, updateStaff, LAST_OWNER } from "../../core/staff/accounts";
import { acceptStaffInvitation } from "../../core/staff/invitations";
import { beginTwoStepSetup, confirmTwoStep, setStaffTwoStepRequired, turnOffTwoStep } from "../../core/staff/two-step";
import { CHANGED_BY_SOMEONE_ELSE } from "../../core/shared/staff-errors";
import { WRONG_CREDENTIALS } from "../../core/accounts/users";
import { freshIp, PASSWORD, registerShopper, uniqueEmail } from "../helpers/accounts";
import { createTestApp } from "../helpers/app";
import { rows } from "../helpers/shop";
import { actorOf, makeOwner, makeStaff, staffSignIn, totpNow } from "../helpers/staff";
import { t, owner, call, auditOf, startStaffDeskStore } from "../helpers/staff-desk";

startStaffDeskStore();

describe("staff sign-in through the staff API", () => {
  it("answers a token, the member and their permissions; the token signs out", async () => {
    const res = await staffSignIn(t.app, owner.email);
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.staff).toMatchObject({ email: owner.email, role: "owner", two_step_enabled: false });
    expect(body.staff.permissions).toContain("staff");
    const auth = { authorization: `Bearer ${body.access_token}` };
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url: "/api/admin/session", headers: auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: auth })).statusCode).toBe(401);
  });

  it("answers an unknown email as a wrong password, and a shopper's right password 403", async () => {
    const unknown = await staffSignIn(t.app, uniqueEmail("nobody"));
    const wrong = await staffSignIn(t.app, owner.email, "Wrong2024pass");
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(unknown.json()).toEqual({ detail: WRONG_CREDENTIALS });
    expect(wrong.json()).toEqual({ detail: WRONG_CREDENTIALS });
    const shopper = await registerShopper(t.app);
    const res = await staffSignIn(t.app, shopper.email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "This account cannot sign in to the back office." });
  });

  it("counts attempts as the shop does: 429 after ten wrong passwords, the owner's right one from elsewhere still works", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    const ip = "10.88.0.1";
    const guess = () =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        payload: { email: member.email, password: "Wrong2024x" },
        remoteAddress: ip,
      });
    const answers = await Promise.all(Array.from({ length: 40 }, guess));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30);
    const right = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      payload: { email: member.email, password: PASSWORD },
      remoteAddress: ip,
    });
    expect(right.statusCode).toBe(429);
    expect((await staffSignIn(t.app, member.email)).statusCode).toBe(201);
  });

  it("records sign-ins and failed ones, with the address", async () => {
    const email = uniqueEmail("nobody");
    await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      payload: { email, password: "Wrong2024x" },
      remoteAddress: "10.77.1.2",
    });
    const [failed] = await rows<{ action: string; actor_email: string; ip: string; changes: { reason: string } }>(
      t,
      sql`select action, actor_email, ip, changes from audit_log where actor_email = ${email}`,
    );
    expect(failed).toMatchObject({
      action: "staff.sign_in_failed",
      ip: "10.77.1.2",
      changes: { reason: "wrong email or password" },
    });
    const signIns = await auditOf(owner.id, "staff.sign_in");
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns[0]).toMatchObject({ actor_id: owner.id, changes: { via: "api" } });
  });
});

describe("two-step sign-in", () => {
  it("takes the code with the password, refuses it a second time, and takes each recovery code once", async () => {
    const member = await makeStaff(t.app, t.core, owner, "fulfilment");
    const actor = await actorOf(t.core, member);
    const setup = await beginTwoStepSetup(t.core, actor);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qrSvg).toMatch(/^<svg/);
    await expect(confirmTwoStep(t.core, actor, { secret: setup.secret, code: "000000" })).rejects.toMatchObject({
      status: 422,
    });
    const codes = await confirmTwoStep(t.core, actor, { secret: setup.secret, code: totpNow(setup.secret) });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // the code used to confirm is spent; wait for a fresh step by asking without a code first
    const withoutCode = await staffSignIn(t.app, member.email);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().second_factor_required).toBe(true);
    const recovery = codes[0]!;
    expect((await staffSignIn(t.app, member.email, PASSWORD, recovery)).statusCode).toBe(201);
    const again = await staffSignIn(t.app, member.email, PASSWORD, recovery);
    expect(again.statusCode).toBe(401);
    expect((await staffSignIn(t.app, member.email, PASSWORD, "123456")).statusCode).toBe(401);
    // a code that was never issued, and a code seen once: the second use of one step is refused
    await t.database.db.execute(sql`update users set totp_last_step = null where id = ${member.id}`);
    const code = totpNow(setup.secret);
    const first = await staffSignIn(t.app, member.email, PASSWORD, code);
    expect(first.statusCode).toBe(201);
    expect((await staffSignIn(t.app, member.email, PASSWORD, code)).statusCode).toBe(401);
    // no stored secret in any answer
    expect(first.body).not.toContain(setup.secret);
  });

  it("lets one of several sign-ins racing with one code through, never two", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    const actor = await actorOf(t.core, member);
    const setup = await beginTwoStepSetup(t.core, actor);
    await confirmTwoStep(t.core, actor, { secret: setup.secret, code: totpNow(setup.secret) });
    await t.database.db.execute(sql`update users set totp_last_step = null where id = ${member.id}`);
    const code = totpNow(setup.secret);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => staffSignIn(t.app, member.email, PASSWORD, code)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 401, 401, 401, 401]);
  });

  it("when the owner requires it, refuses a member without it and refuses turning it off", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    const set = await call("PUT", "/api/admin/settings/security", owner, { two_step_required: true });
    expect(set.json()).toEqual({ two_step_required: true });
    try {
      const refused = await staffSignIn(t.app, member.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toMatch(/requires two-step sign-in/);
      const actor = await actorOf(t.core, member);
      expect(actor.mustSetUpTwoStep).toBe(true);
      const setup = await beginTwoStepSetup(t.core, actor);
      await confirmTwoStep(t.core, actor, { secret: setup.secret, code: totpNow(setup.secret) });
      await expect(turnOffTwoStep(t.core, actor, totpNow(setup.secret))).rejects.toMatchObject({ status: 409 });
      const audit = await rows<{ changes: unknown }>(
        t,
        sql`select changes from audit_log where action = 'settings.update' order by id desc limit 1`,
      );
      expect(audit[0]!.changes).toEqual({ staff_two_step_required: [false, true] });
    } finally {
      // through core: once two-step is required, the owner's own token (no two-step) is refused too
      await setStaffTwoStepRequired(t.core, await actorOf(t.core, owner), false);
    }
  });
});

describe("staff accounts", () => {
  it("adds a member with a one-time sign-in link that works once", async () => {
    const email = uniqueEmail("new");
    const res = await call("POST", "/api/admin/staff", owner, {
      email,
      first_name: "Nida",
      last_name: "Ali",
      role: "fulfilment",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email, role: "fulfilment", active: true, invitation_pending: true });
    const token = new URL(body.sign_in_link).searchParams.get("token")!;
    expect(body.sign_in_link).toMatch(/\/admin\/welcome\?token=/);
    // no password works until the link sets one
    expect((await staffSignIn(t.app, email)).statusCode).toBe(401);
    await acceptStaffInvitation(t.core, token, "Welcome2024x", { ip: "10.1.1.1" });
    await expect(acceptStaffInvitation(t.core, token, "Welcome2024y", { ip: "10.1.1.1" })).rejects.toMatchObject({
      status: 410,
    });
    expect((await staffSignIn(t.app, email, "Welcome2024x")).statusCode).toBe(201);
    const [added] = await auditOf(body.id, "staff.add");
    expect(added).toMatchObject({
      actor_id: owner.id,
      changes: { email, role: [null, "fulfilment"], sign_in: "link" },
    });
  });

  it("makes a member with a first password change it, and refuses someone already on the staff", async () => {
    const email = uniqueEmail("pw");
    const res = await call("POST", "/api/admin/staff", owner, {
      email,
      first_name: "Saad",
      last_name: "Iqbal",
      role: "catalogue",
      initial_password: "First2024pass",
    });
    expect(res.json()).toMatchObject({ must_change_password: true });
    expect(res.json()).not.toHaveProperty("sign_in_link");
    const again = await call("POST", "/api/admin/staff", owner, {
      email,
      first_name: "S",
      last_name: "I",
      role: "owner",
    });
    expect(again.statusCode).toBe(409);
    const weak = await call("POST", "/api/admin/staff", owner, {
      email: uniqueEmail("w"),
      first_name: "A",
      last_name: "B",
      role: "owner",
      initial_password: "password",
    });
    expect(weak.statusCode).toBe(422);
  });

  it("ends a member's sessions at once when their role changes or they are deactivated", async () => {
    const member = await makeStaff(t.app, t.core, owner, "manager");
    expect((await call("GET", "/api/admin/audit-log", member)).statusCode).toBe(200);
    const demoted = await call("PATCH", `/api/admin/staff/${member.id}`, owner, {
      role: "fulfilment",
      expected_role: "manager",
    });
    expect(demoted.json()).toMatchObject({ role: "fulfilment" });
    expect((await call("GET", "/api/admin/me", member)).statusCode).toBe(401);
    const fresh = (await staffSignIn(t.app, member.email)).json();
    const auth = { authorization: `Bearer ${fresh.access_token}` };
    expect((await t.app.inject({ method: "GET", url: "/api/admin/audit-log", headers: auth })).statusCode).toBe(403);
    await call("PATCH", `/api/admin/staff/${member.id}`, owner, { active: false });
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me", headers: auth })).statusCode).toBe(401);
    const refused = await staffSignIn(t.app, member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/deactivated/);
    const changes = (await auditOf(member.id, "staff.update")).map((r) => r.changes);
    expect(changes).toEqual([{ role: ["manager", "fulfilment"] }, { active: [true, false] }]);
  });

  it("refuses a change made on a stale screen with 409", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    await call("PATCH", `/api/admin/staff/${member.id}`, owner, { role: "manager" });
    const stale = await call("PATCH", `/api/admin/staff/${member.id}`, owner, {
      role: "fulfilment",
      expected_role: "catalogue",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(CHANGED_BY_SOMEONE_ELSE);
  });

  it("never leaves the store without an active owner, even when two owners demote each other at once", async () => {
    const t2 = await createTestApp();
    try {
      const a = await makeOwner(t2.app, t2.core);
      const solo = await t2.app.inject({
        method: "PATCH",
        url: `/api/admin/staff/${a.id}`,
        headers: a.auth,
        payload: { role: "manager" },
      });
      expect(solo.statusCode).toBe(409);
      expect(solo.json().detail).toBe(LAST_OWNER);
      const deactivate = await t2.app.inject({
        method: "PATCH",
        url: `/api/admin/staff/${a.id}`,
        headers: a.auth,
        payload: { active: false },
      });
      expect(deactivate.statusCode).toBe(409);
      // another owner, then both demote the other at the same moment: one wins
      const b = await makeOwner(t2.app, t2.core);
      const [ab, ba] = await Promise.all([
        t2.app.inject({
          method: "PATCH",
          url: `/api/admin/staff/${b.id}`,
          headers: a.auth,
          payload: { role: "manager" },
        }),
        t2.app.inject({
          method: "PATCH",
          url: `/api/admin/staff/${a.id}`,
          headers: b.auth,
          payload: { role: "manager" },
        }),
      ]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      // the loser is refused as the last owner, or (its token ended by the winner) as signed out
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const [owners] = await rows<{ n: number }>(
        t2,
        sql`select count(*)::int as n from users where role = 'owner' and deactivated_at is null`,
      );
      expect(owners!.n).toBe(1);
    } finally {
      await t2.close();
    }
  });
});

describe("the audit log", () => {
  it("rolls back with the change it records", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    const actor = await actorOf(t.core, owner);
    const before = (await auditOf(member.id)).length;
    await expect(
      t.core.db.transaction(async (tx) => {
        await updateStaff({ ...t.core, db: tx }, actor, member.id, { role: "manager" });
        throw new Error("the rest of the work failed");
      }),
    ).rejects.toThrow("the rest of the work failed");
    expect((await auditOf(member.id)).length).toBe(before);
    const [row] = await rows<{ role: string }>(t, sql`select role from users where id = ${member.id}`);
    expect(row!.role).toBe("catalogue");
  });

  it("cannot be changed or deleted, even by a statement of the program's own", async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await t.database.db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return String(error?.cause?.message ?? error?.message);
    };
    expect(await refusal(sql`update audit_log set action = 'rewritten'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
  });

  it("lists entries newest first with filters and paging, to the audit permission only", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    await call("PATCH", `/api/admin/staff/${member.id}`, owner, { role: "fulfilment" });
    const list = await call("GET", `/api/admin/audit-log?entity_type=staff&entity_id=${member.id}`, owner);
    expect(list.statusCode).toBe(200);
    // added by the owner, then signed in (by the test helper), then their role changed
    expect(list.json().map((r: { action: string }) => r.action)).toEqual([
      "staff.update",
      "staff.sign_in",
      "staff.add",
    ]);
    expect(list.json()[0]).toMatchObject({
      actor_id: owner.id,
      actor_email: owner.email,
      changes: { role: ["catalogue", "fulfilment"] },
    });
    expect(Number(list.headers["x-total-count"])).toBe(3);
    const paged = await call("GET", `/api/admin/audit-log?limit=1&offset=2&entity_id=${member.id}`, owner);
    expect(paged.json().map((r: { action: string }) => r.action)).toEqual(["staff.add"]);
    const byAction = await call("GET", `/api/admin/audit-log?action=staff.update&actor_id=${owner.id}`, owner);
    expect(
      byAction
        .json()
        .every((r: { action: string; actor_id: number }) => r.action === "staff.update" && r.actor_id === owner.id),
    ).toBe(true);
    const future = await call("GET", "/api/admin/audit-log?from=2999-01-01", owner);
    expect(future.json()).toEqual([]);
    const bad = await call("GET", "/api/admin/audit-log?from=yesterday", owner);
    expect(bad.statusCode).toBe(422);
    const staffOfOwner = await makeStaff(t.app, t.core, owner, "fulfilment");
    expect((await call("GET", "/api/admin/audit-log", staffOfOwner)).statusCode).toBe(403);
  });
});

describe("core checks permissions itself", () => {
  it("refuses a use-case to an actor without the permission, whichever door it came through", async () => {
    const member = await makeStaff(t.app, t.core, owner, "catalogue");
    const actor = await actorOf(t.core, member);
    await expect(
      addStaff(t.core, actor, { email: uniqueEmail("x"), first_name: "A", last_name: "B", role: "owner" }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(updateStaff(t.core, actor, member.id, { role: "owner" })).rejects.toMatchObject({ status: 403 });
    expect(freshIp()).toMatch(/^10\./);
  });
});

describe("adding a member from the console", () => {
  it("names every refused field, so the console shows each message under its field; nobody is added", async () => {
    const actor = await actorOf(t.core, owner);
    const email = uniqueEmail("refused");
    const refused = await addStaff(t.core, actor, {
      email,
      first_name: " ",
      last_name: "x".repeat(1_000_000),
      role: "owner",
      initial_password: "password",
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 422,
      extra: {
        errors: [
          { field: "first_name", message: "First name is required" },
          { field: "last_name", message: expect.stringMatching(/at most/) },
          { field: "initial_password", message: expect.stringMatching(/at least 8 characters/) },
        ],
      },
    });
    const found = await rows<{ n: number }>(t, sql`select count(*)::int as n from users where email = ${email}`);
    expect(found[0]!.n).toBe(0);
  });
});
