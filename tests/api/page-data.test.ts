// A page's data alone (React Router's ".data" requests, made when a page revalidates after a
// write) is never reused by a browser or CDN without asking: with the pages' stale-while-
// revalidate, Chrome answered a revalidation after a new review with its copy from before it,
// and the page kept the old reviews and count. Pages keep their CDN caching.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_DATA_CACHE } from "../../server/react-router-adapter";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

let t: PageApp;
beforeAll(async () => {
  t = await createPageApp({ cacheMs: 5_000 });
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!hasPageBuild())("page data answers", () => {
  it("must be asked for again by browsers and CDNs, while pages may be served stale a while", async () => {
    const page = await t.app.inject({ method: "GET", url: "/product/1" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toMatch(/stale-while-revalidate/);
    for (const url of ["/product/1.data", "/product/1.data?_routes=routes%2Fproduct", "/_root.data"]) {
      const data = await t.app.inject({ method: "GET", url });
      expect(data.statusCode, url).toBe(200);
      expect(data.headers["cache-control"], url).toBe(PAGE_DATA_CACHE);
    }
  });

  it("shows a review at once when asked again after it, and never sends the page cache's tags", async () => {
    const before = await t.app.inject({ method: "GET", url: "/product/1.data" });
    expect(before.body).not.toContain("Seen at once in the data");
    const posted = await t.app.inject({
      method: "POST",
      url: "/api/products/1/reviews",
      payload: { rating: 4, review_text: "Seen at once in the data", reviewer_name: "Hina" },
    });
    expect(posted.statusCode).toBe(201);
    const after = await t.app.inject({ method: "GET", url: "/product/1.data" });
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.body).toContain("Seen at once in the data");
    for (const answer of [before, after]) expect(answer.headers["x-cache-tags"]).toBeUndefined();
    // another product's cached page is kept
    await t.app.inject({ method: "GET", url: "/product/2" });
    await t.app.inject({
      method: "POST",
      url: "/api/products/1/reviews",
      payload: { rating: 5, review_text: "Again", reviewer_name: "Hina" },
    });
    expect((await t.app.inject({ method: "GET", url: "/product/2" })).headers["x-page-cache"]).toBe("hit");
  });
});
