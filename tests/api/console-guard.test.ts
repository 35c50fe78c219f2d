// The door of the staff console (issue 12, points 1-2; decision 0053): whatever a console page
// answers is never kept by a cache or indexed and never comes from the page cache, and a
// state-changing request from another site is refused before any page code runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_ORIGIN } from "../../server/console-guard";
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
