// Every staff API operation fed hostile values (how-we-want-the-code: NUL bytes, 1 MB strings,
// huge numbers, wrong types, ids that are not ids), walked from the OpenAPI document so each new
// operation is attacked the day it is added. The owner may call all of them, so every refusal
// here comes from the operation's own checks: a clear JSON detail with a 4xx, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeOwner, type TestStaff } from "../helpers/staff";

interface Operation {
  method: string;
  path: string;
  properties: string[];
}

let t: TestApp;
let owner: TestStaff;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeOwner(t.app, t.core);
  const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
  type Op = { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } };
  operations = Object.entries(doc.paths as Record<string, Record<string, Op>>)
    // the session's own calls would end the token the others use
    .filter(([path]) => path.startsWith("/api/admin/") && !path.startsWith("/api/admin/session"))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        properties: Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}),
      })),
    );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const MEGABYTE = "x".repeat(1024 * 1024);
const HOSTILE_VALUES: unknown[] = [
  "\u0000",
  `a\u0000b`,
  MEGABYTE,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0.5,
  true,
  null,
  [],
  {},
  [{ a: [{ b: [] }] }],
  "<script>alert(1)</script>",
  "' or 1=1 --",
];
const HOSTILE_IDS = ["abc", "-1", "0", "1.5", "1e99", "99999999999999999999", "%00", "9".repeat(300)];

function expectRefusedCleanly(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && res.body.startsWith("{")) {
    const body = JSON.parse(res.body) as { detail?: unknown };
    expect(typeof body.detail, what).toBe("string");
    expect(String(body.detail), what).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }
}

describe("the staff API under attack", { timeout: 300_000 }, () => {
  it("walks a good number of operations", () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    // the body test below is only as good as the documented fields it finds
    expect(operations.filter((o) => o.properties.length > 0).length).toBeGreaterThanOrEqual(20);
  });

  it("refuses ids that are not ids in every path, never a 500", async () => {
    for (const op of operations.filter((o) => o.path.includes("{"))) {
      for (const id of HOSTILE_IDS) {
        const res = await t.app.inject({
          method: op.method as "GET",
          url: op.path.replace(/\{\w+\}/g, id),
          headers: owner.auth,
          payload: op.method === "GET" || op.method === "DELETE" ? undefined : {},
        });
        expectRefusedCleanly(res, `${op.method} ${op.path} with ${id.slice(0, 20)}`);
      }
    }
  });

  it("refuses hostile values in every field of every body, never a 500", async () => {
    for (const op of operations.filter((o) => o.properties.length > 0)) {
      for (const value of HOSTILE_VALUES) {
        const body = Object.fromEntries(op.properties.map((p) => [p, value]));
        const res = await t.app.inject({
          method: op.method as "POST",
          // an id no one has, so nothing real is changed by a body that happens to pass
          url: op.path.replace(/\{\w+\}/g, "999999"),
          headers: { ...owner.auth, "content-type": "application/json" },
          payload: JSON.stringify(body),
        });
        const shown = typeof value === "string" ? JSON.stringify(value.slice(0, 20)) : JSON.stringify(value);
        expectRefusedCleanly(res, `${op.method} ${op.path} with every field ${shown}`);
      }
    }
  });

  it("refuses bodies that are not objects, and deep JSON, never a 500", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    for (const op of operations.filter((o) => o.method !== "GET" && o.method !== "DELETE")) {
      for (const payload of ["null", "[]", '"text"', "12", "{", deep, '{"__proto__":{"admin":true}}']) {
        const res = await t.app.inject({
          method: op.method as "POST",
          url: op.path.replace(/\{\w+\}/g, "999999"),
          headers: { ...owner.auth, "content-type": "application/json" },
          payload,
        });
        expectRefusedCleanly(res, `${op.method} ${op.path} with ${payload.slice(0, 20)}`);
      }
    }
  });

  it("refuses hostile query strings on every list, never a 500", async () => {
    for (const op of operations.filter((o) => o.method === "GET" && !o.path.includes("{"))) {
      for (const query of [
        "search=%00",
        `search=${"x".repeat(100_000)}`,
        "page=-1&limit=1e99&offset=abc",
        "status=%27%20or%201%3D1&sort=drop",
        "collection_id=abc&stock=everything&state=gone",
        "from=2026-13-45&to=yesterday",
        "search[]=a&search[]=b",
      ]) {
        const res = await t.app.inject({ method: "GET", url: `${op.path}?${query}`, headers: owner.auth });
        expectRefusedCleanly(res, `GET ${op.path}?${query.slice(0, 40)}`);
      }
    }
  });
});
