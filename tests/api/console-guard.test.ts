// The door of the staff console (decisions 0053, 0085): whatever a console page
// answers is never kept by a cache or indexed and never comes from the page cache, and a
// state-changing request from another site is refused before any page code runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { blockedContacts, users } from "../../db/schema";
import { openStaffSession } from "../../core/staff/sessions";
import { FOREIGN_ORIGIN } from "../../server/console-guard";
import { freshIp, PASSWORD, registerShopper } from "../helpers/accounts";
import { makeOwner, makeStaff } from "../helpers/staff";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

let t: PageApp;
beforeAll(async () => {
  t = await createPageApp({ cacheMs: 5_000 });
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!hasPageBuild())("console answers", () => {
  it("are no-store and noindex, and never from the page cache", async () => {
    for (const url of ["/admin", "/admin/login", "/admin/staff", "/admin/no-such-page", "/admin.data"]) {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers["cache-control"], url).toBe("no-store");
        expect(res.headers["x-robots-tag"], url).toBe("noindex, nofollow");
        expect(res.headers["x-page-cache"], url).toBeUndefined();
      }
    }
  });

  it("refuse a state-changing request from another site, or one that says nowhere where it came from", async () => {
    const form = "email=a%40b.pk&password=x";
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/admin/login",
        headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000", ...headers },
        payload: form,
      });
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      {},
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ detail: FOREIGN_ORIGIN });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    // this store's own pages pass the door (whatever the page then answers)
    const own: Record<string, string>[] = [{ origin: "http://localhost:3000" }, { "sec-fetch-site": "same-origin" }];
    for (const headers of own) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).not.toBe(403);
    }
  });
});

describe.skipIf(!hasPageBuild())("console pages and the staff cookie", () => {
  const own = { host: "localhost:3000", origin: "http://localhost:3000" };
  const formPost = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded", ...own, ...headers },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: freshIp(),
    });
  const page = (url: string, token?: string) =>
    t.app.inject({ method: "GET", url, headers: token ? { cookie: `${STAFF_COOKIE}=${token}` } : {} });

  it("signs in with a cookie no script can read, and goes on only to a console page", async () => {
    const owner = await makeOwner(t.app, t.core);
    for (const [next, expected] of [
      ["/admin/audit?person=1", "/admin/audit?person=1"],
      ["https://evil.example/admin", "/admin"],
      ["//evil.example", "/admin"],
      ["/checkout", "/admin"],
      ["/admin/logout", "/admin"],
    ]) {
      const res = await formPost(`/admin/login?next=${encodeURIComponent(next!)}`, {
        email: owner.email,
        password: PASSWORD,
      });
      expect(res.statusCode, next).toBe(302);
      expect(res.headers.location, next).toBe(expected);
      const cookie = String(res.headers["set-cookie"]);
      expect(cookie).toMatch(
        new RegExp(`^${STAFF_COOKIE}=[A-Za-z0-9_-]+; Path=/; HttpOnly; SameSite=Strict; Max-Age=\\d+$`),
      );
    }
  });

  it("sends a signed-out visitor to sign in, and back afterwards", async () => {
    const res = await page("/admin/staff?x=1");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/admin/login?next=${encodeURIComponent("/admin/staff?x=1")}`);
  });

  it("answers a shopper's token in the staff cookie with 403 and nothing of the console", async () => {
    const owner = await makeOwner(t.app, t.core);
    const shopper = await registerShopper(t.app);
    for (const url of ["/admin", "/admin/staff", "/admin/audit", "/admin.data", "/admin/staff.data"]) {
      const res = await page(url, shopper.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).not.toContain(owner.email);
      expect(res.body, url).not.toContain("Audit entries");
    }
  });

  it("answers a role outside a page with 403 and nothing of that page", async () => {
    const owner = await makeOwner(t.app, t.core);
    const packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    await t.core.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, packer.id));
    const signedIn = await formPost("/admin/login", { email: packer.email, password: PASSWORD });
    const token = String(signedIn.headers["set-cookie"]).split(";")[0]!.split("=")[1]!;
    expect((await page("/admin/customers", token)).statusCode).toBe(200);
    for (const url of ["/admin/staff", "/admin/audit", "/admin/settings", "/admin/staff.data"]) {
      const res = await page(url, token);
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).not.toContain(owner.email);
    }
    // and the same role's form posts to those pages are refused by core, not just hidden
    const post = await t.app.inject({
      method: "POST",
      url: "/admin/staff",
      headers: { "content-type": "application/x-www-form-urlencoded", ...own, cookie: `${STAFF_COOKIE}=${token}` },
      payload: new URLSearchParams({ intent: "active", id: String(owner.id), active: "false" }).toString(),
    });
    expect(post.statusCode).toBe(403);
    const [row] = await t.core.db.select({ off: users.deactivatedAt }).from(users).where(eq(users.id, owner.id));
    expect(row!.off).toBeNull();
  });
});

describe.skipIf(!hasPageBuild())("the staff cookie behind HTTPS", () => {
  let proxied: PageApp;
  beforeAll(async () => {
    proxied = await createPageApp({ env: { TRUST_PROXY: "1", PUBLIC_URL: "https://shop.example.pk" } });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it("is Secure when the trusted proxy says the visitor came over HTTPS", async () => {
    const owner = await makeOwner(proxied.app, proxied.core);
    const res = await proxied.app.inject({
      method: "POST",
      url: "/admin/login",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host: "shop.example.pk",
        origin: "https://shop.example.pk",
        "x-forwarded-proto": "https",
        "x-forwarded-for": freshIp(),
      },
      payload: new URLSearchParams({ email: owner.email, password: PASSWORD }).toString(),
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers["set-cookie"])).toMatch(/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
  });
});

describe.skipIf(!hasPageBuild())("hostile console forms", () => {
  it("answer every bad value with a message and a fitting status, never a 500", async () => {
    const owner = await makeOwner(t.app, t.core);
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/admin/login",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload: new URLSearchParams({ email: owner.email, password: PASSWORD }).toString(),
      remoteAddress: freshIp(),
    });
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;
    // the sign-in form is posted signed out (signed in, its page sends the member on to /admin)
    const post = (url: string, form: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          host: "localhost:3000",
          origin: "http://localhost:3000",
          ...(url === "/admin/login" ? {} : { cookie }),
        },
        payload: new URLSearchParams(form).toString(),
        remoteAddress: freshIp(),
      });
    const cases: [string, Record<string, string>, number[]][] = [
      ["/admin/login", { email: "a".repeat(1_000_000), password: "x" }, [413, 422]],
      ["/admin/login", { email: `${owner.email}\u0000`, password: PASSWORD }, [400]],
      ["/admin/login", { email: "x@y.pk", password: "p".repeat(5_000) }, [401, 422]],
      ["/admin/staff", { intent: "active", id: "99999999999999999999999", active: "false" }, [404]],
      ["/admin/staff", { intent: "active", id: "-1", active: "false" }, [404]],
      ["/admin/staff", { intent: "role", id: String(owner.id), role: "god", expected_role: "owner" }, [422]],
      // a stale form: it showed another role than the member has now
      ["/admin/staff", { intent: "role", id: String(owner.id), role: "catalogue", expected_role: "manager" }, [409]],
      [
        "/admin/staff",
        { intent: "add", email: "new@x.pk", first_name: "A".repeat(10_000), last_name: "B", role: "owner" },
        [422],
      ],
      ["/admin/staff", { intent: "nonsense" }, [400]],
      ["/admin/account", { intent: "two-step-confirm", secret: "not-base32", code: "123456" }, [422]],
      [
        "/admin/account",
        { intent: "password", current_password: "x", new_password: "\ud800", confirm: "\ud800" },
        [400, 422],
      ],
      ["/admin/settings", { two_step_required: "maybe" }, [422]],
    ];
    for (const [url, form, statuses] of cases) {
      const res = await post(url, form);
      expect(
        statuses,
        `${url} ${JSON.stringify(form).slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
      ).toContain(res.statusCode);
    }
    // the last owner is still the owner, and still active
    const [row] = await t.core.db
      .select({ role: users.role, off: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(row).toEqual({ role: "owner", off: null });
  });
});

// Another spelling of /admin is the same page to React Router (its paths match without regard to
// case, after percent-decoding and dot segments), so it must be the same door (decision 0085).
describe.skipIf(!hasPageBuild())("other spellings of /admin", () => {
  const SPELLINGS = [
    "/Admin/block-list",
    "/ADMIN/BLOCK-LIST",
    "/%61dmin/block-list",
    "/%41DMIN/block-list",
    "/admin/%62lock-list",
    "/./admin/block-list",
    "/x/../admin/block-list",
    "/x/%2e%2e/admin/block-list",
    "/admin/./block-list",
  ];

  it("refuse a signed-in member's form post without Origin, and write nothing", async () => {
    const owner = await makeOwner(t.app, t.core);
    const { token } = await openStaffSession(t.core.db, owner.id, "console", { ip: "127.0.0.1" });
    const phones = SPELLINGS.map((_, i) => `0301${String(7_000_000 + i)}`);
    for (const [i, url] of SPELLINGS.entries()) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          host: "localhost:3000",
          cookie: `${STAFF_COOKIE}=${token}`,
        },
        payload: new URLSearchParams({ intent: "phone", phone: phones[i]!, reason: "spelling" }).toString(),
      });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(403);
      expect(res.json(), url).toEqual({ detail: FOREIGN_ORIGIN });
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.headers["x-robots-tag"], url).toBe("noindex, nofollow");
    }
    const written = await t.core.db
      .select({ id: blockedContacts.id })
      .from(blockedContacts)
      .where(inArray(blockedContacts.display, phones));
    expect(written).toEqual([]);
    // the same post from the store's own page is taken: the refusals above were the door's
    const own = await t.app.inject({
      method: "POST",
      url: "/Admin/block-list",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
        cookie: `${STAFF_COOKIE}=${token}`,
      },
      payload: new URLSearchParams({ intent: "phone", phone: phones[0]!, reason: "own page" }).toString(),
    });
    expect(own.statusCode, own.body.slice(0, 200)).toBe(200);
    expect(own.headers["cache-control"]).toBe("no-store");
  });

  it("refuse a bad address as the address was sent, with the console's headers", async () => {
    for (const [url, status] of [
      ["/Admin/%00", 400],
      ["/%61dmin/%E0%A4", 400],
      ["/./admin/%ED%A0%80", 400],
      [`/ADMIN/${"a".repeat(9_000)}`, 414],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url.slice(0, 40)).toBe(status);
      expect(res.headers["cache-control"], url.slice(0, 40)).toBe("no-store");
      expect(res.headers["x-robots-tag"], url.slice(0, 40)).toBe("noindex, nofollow");
    }
  });

  it("answer a signed-in member's page no-store and noindex, never from the page cache", async () => {
    const owner = await makeOwner(t.app, t.core);
    const { token } = await openStaffSession(t.core.db, owner.id, "console", { ip: "127.0.0.1" });
    for (const url of [...SPELLINGS, "/Admin", "/ADMIN.data", "/Admin/block-list.data"]) {
      for (const cookie of [`${STAFF_COOKIE}=${token}`, undefined]) {
        const res = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers["cache-control"], url).toBe("no-store");
        expect(res.headers["x-robots-tag"], url).toBe("noindex, nofollow");
        expect(res.headers["x-page-cache"], url).toBeUndefined();
      }
    }
  });
});
