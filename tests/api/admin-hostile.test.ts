// Every staff API operation fed hostile values (how-we-want-the-code: NUL bytes, 1 MB strings,
// huge numbers, wrong types, ids that are not ids), walked from the OpenAPI document so each new
// operation is attacked the day it is added. The owner may call all of them, so every refusal
// here comes from the operation's own checks: a clear JSON detail with a 4xx, never a 500.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { projectRoot } from "../../db/paths";
import { FOREIGN_ORIGIN } from "../../server/console-guard";
import { freshIp } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";
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

// Every console page, in every spelling React Router serves it by (its paths match without regard
// to case, after percent-decoding and dot segments), gets the console's door (decision 0085): a
// state-changing request without this store's Origin is refused before any page code runs, and
// every answer is no-store and noindex, never from the page cache, never a 500. The pages are
// walked from the page build, so a page is walked the day it is added to app/routes.ts.
describe.skipIf(!hasPageBuild())("every console page, however its address is spelled", { timeout: 600_000 }, () => {
  let pages: PageApp;
  let cookie: string;
  let consolePaths: string[];
  beforeAll(async () => {
    pages = await createPageApp({ cacheMs: 60_000 });
    const member = await makeOwner(pages.app, pages.core);
    const { token } = await openStaffSession(pages.core.db, member.id, "console", { ip: "127.0.0.1" });
    cookie = `${STAFF_COOKIE}=${token}`;
    const build = (await import(
      pathToFileURL(path.join(projectRoot, "build", "server", "index.js")).href
    )) as ServerBuild;
    const fullPath = (id: string | undefined): string => {
      const route = id ? build.routes[id] : undefined;
      if (!route) return "";
      const parent = fullPath(route.parentId);
      return route.path ? `${parent}/${route.path}` : parent;
    };
    const routed = Object.keys(build.routes)
      .map(fullPath)
      .filter((p) => /^\/admin(\/|$)/.test(p))
      .map((p) =>
        p
          .replace(/:id\b/g, "1")
          .replace(/:slug\b/g, "about")
          .replace(/\*$/, "no-such-page"),
      );
    // the console's uploads are Fastify routes in front of the pages (server/console-photo-upload.ts)
    const uploads = [
      "/admin/products/1/photos/upload",
      "/admin/collections/1/image/upload",
      "/admin/content/blog/1/image/upload",
    ];
    consolePaths = [...new Set([...routed, ...uploads])];
  }, 120_000);
  afterAll(async () => {
    await pages?.close();
  });

  const everyLetterEncoded = (p: string) => p.replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const alternating = (p: string) => {
    let i = 0;
    return p.replace(/[A-Za-z]/g, (c) => (i++ % 2 ? c.toUpperCase() : c.toLowerCase()));
  };
  /** The console path itself and the other spellings that reach the same page. */
  const spellings = (p: string): string[] => {
    const rest = p.slice("/admin".length);
    return [
      p,
      `/Admin${rest}`,
      `/ADMIN${rest.toUpperCase()}`,
      alternating(p),
      `/%61dmin${rest}`,
      `/%41%44%4D%49%4E${rest}`,
      everyLetterEncoded(p),
      `/./admin${rest}`,
      `/x/../admin${rest}`,
      `/x/%2E%2E/admin${rest}`,
      `/admin/.${rest}`,
    ];
  };
  const own = { host: "localhost:3000" };
  const form = { "content-type": "application/x-www-form-urlencoded" };

  function expectDoor(res: { statusCode: number; headers: Record<string, unknown>; body: string }, what: string) {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    expect(res.headers["cache-control"], what).toBe("no-store");
    expect(res.headers["x-robots-tag"], what).toBe("noindex, nofollow");
    expect(res.headers["x-page-cache"], what).toBeUndefined();
  }

  it("walks every console page of app/routes.ts", () => {
    expect(consolePaths.length).toBeGreaterThanOrEqual(40);
    expect(consolePaths).toContain("/admin/block-list");
    expect(consolePaths).toContain("/admin/products/import");
  });

  it("refuses a state-changing request without Origin in every spelling, signed in or not", async () => {
    for (const p of consolePaths) {
      for (const url of spellings(p)) {
        for (const headers of [{}, { cookie }]) {
          const what = `POST ${url}${"cookie" in headers ? " signed in" : ""}`;
          const res = await pages.app.inject({
            method: "POST",
            url,
            headers: { ...own, ...form, ...headers },
            payload: "intent=x",
          });
          expectDoor(res, what);
          expect(res.statusCode, what).toBe(403);
          expect(res.json(), what).toEqual({ detail: FOREIGN_ORIGIN });
        }
      }
    }
  });

  it("answers every spelling no-store and noindex, never from the page cache, never a 500", async () => {
    for (const p of consolePaths) {
      for (const url of spellings(p)) {
        // twice signed out: a second answer would be the page cache's if the first went in
        for (const headers of [{}, {}, { cookie }]) {
          expectDoor(await pages.app.inject({ method: "GET", url, headers: { ...own, ...headers } }), `GET ${url}`);
        }
        expectDoor(await pages.app.inject({ method: "GET", url: `${url}.data`, headers: own }), `GET ${url}.data`);
      }
    }
  });

  it("gives a stranger the same answer however the address is spelled", async () => {
    const stranger = async (method: "GET" | "POST", url: string) => {
      const res = await pages.app.inject({
        method,
        url,
        headers: { ...own, ...(method === "POST" ? { ...form, origin: "http://localhost:3000" } : {}) },
        payload: method === "POST" ? "intent=x" : undefined,
        remoteAddress: freshIp(),
      });
      expectDoor(res, `${method} ${url}`);
      return `${res.statusCode} ${String(res.headers.location ?? "").toLowerCase()}`;
    };
    for (const p of consolePaths) {
      for (const method of ["GET", "POST"] as const) {
        const expected = await stranger(method, p);
        for (const url of spellings(p).slice(1)) {
          expect(await stranger(method, url), `${method} ${url} (as ${p})`).toBe(expected);
        }
      }
    }
  });
});
