// Every staff API operation (decision 0053), walked from the OpenAPI document so a new one is
// covered the day it is added: 401 without a token, 403 with a shopper's token (and nothing but
// the detail), its documented permission honoured role by role, and every answer marked no-store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from "../../core/shared/permissions";
import { registerShopper, type TestShopper } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let shopper: TestShopper;
const staff = {} as Record<StaffRole, TestStaff>;
let operations: { method: string; path: string; permission: string | undefined }[];

beforeAll(async () => {
  t = await createTestApp();
  shopper = await registerShopper(t.app);
  staff.owner = await makeOwner(t.app, t.core);
  for (const role of STAFF_ROLES.filter((r) => r !== "owner"))
    staff[role] = await makeStaff(t.app, t.core, staff.owner, role);
  const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
  operations = Object.entries(doc.paths as Record<string, Record<string, { "x-permission"?: string }>>)
    .filter(([path]) => path.startsWith("/api/admin/"))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        permission: op["x-permission"],
      })),
    )
    // signing in is the one call a stranger may make
    .filter((op) => !(op.method === "POST" && op.path === "/api/admin/session"))
    // signing out last: it ends the token the other calls use
    .sort(
      (a, b) =>
        Number(a.method === "DELETE" && a.path === "/api/admin/session") -
        Number(b.method === "DELETE" && b.path === "/api/admin/session"),
    );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// an id no one has: an allowed call answers 404 or 422, never touching a real member
const url = (path: string) => path.replace(/\{\w+\}/g, "999999");
const call = (op: { method: string; path: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: op.method as "GET",
    url: url(op.path),
    headers,
    payload: op.method === "GET" || op.method === "DELETE" ? undefined : {},
  });

describe("the staff API", () => {
  it("documents every operation with the staff token and its permission", () => {
    expect(operations.length).toBeGreaterThanOrEqual(9);
    for (const op of operations) expect(op.permission, `${op.method} ${op.path}`).toBeDefined();
  });

  it("answers 401 with a detail to a call without a token", async () => {
    for (const op of operations) {
      const res = await call(op);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
      expect(Object.keys(res.json()), `${op.method} ${op.path}`).toEqual(["detail"]);
      // a refusal is not kept either: a proxy must not answer the next staff member with it
      expect(res.headers["cache-control"], `${op.method} ${op.path}`).toBe("no-store");
    }
  });

  it("answers 403 and nothing but the detail to a shopper's token, however valid", async () => {
    for (const op of operations) {
      const res = await call(op, shopper.auth);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(403);
      expect(res.json(), `${op.method} ${op.path}`).toEqual({ detail: "You do not have permission to do this." });
    }
  });

  it("answers 401 to a forged or ended staff token", async () => {
    for (const op of operations) {
      const res = await call(op, { authorization: `Bearer ${"x".repeat(43)}` });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it("lets each role through exactly the operations its permissions cover", async () => {
    for (const role of STAFF_ROLES) {
      for (const op of operations) {
        // a permission the role lacks is 403 whatever the payload; one it has is never 403
        const res = await call(op, staff[role].auth);
        // whatever the answer (data, a 404, a validation error), no browser or proxy keeps it
        expect(res.headers["cache-control"], `${role} ${op.method} ${op.path}`).toBe("no-store");
        const allowed =
          op.permission === "staff member" || ROLE_PERMISSIONS[role].includes(op.permission as Permission);
        if (allowed) expect(res.statusCode, `${role} ${op.method} ${op.path}`).not.toBe(403);
        else {
          expect(res.statusCode, `${role} ${op.method} ${op.path}`).toBe(403);
          expect(res.json().detail).toBe("You do not have permission to do this.");
        }
      }
    }
  });
});
