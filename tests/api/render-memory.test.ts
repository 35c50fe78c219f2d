// What a render may leave behind (decision 0078). Heap snapshots of a store rendering a
// hundred product pages a second found two holders: each render's abort timer, never cleared,
// kept the whole render (React's request, the loader data, the HTML) alive for six seconds; and
// pages asked for once (new query strings) stayed in the caches until thousands more had come.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

let t: PageApp;
beforeAll(async () => {
  t = await createPageApp({ cacheMs: 5_000 });
});
afterAll(async () => {
  await t?.close();
});

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

describe.skipIf(!hasPageBuild())("a rendered page", () => {
  it("leaves no timer behind once it is sent", async () => {
    await t.app.inject({ method: "GET", url: "/product/1?warm=1" });
    const before = timers();
    for (let n = 0; n < 20; n++) {
      const page = await t.app.inject({ method: "GET", url: `/product/1?visit=${n}` });
      expect(page.statusCode).toBe(200);
    }
    // the caches keep one sweep timer each at most; twenty leaked stop watches would be twenty
    expect(timers() - before).toBeLessThanOrEqual(2);
  });

  // a call with a query schema (its unknown parameters dropped) and calls that take no query at all
  it.each(["/api/products?limit=5&", "/api/products/1?", "/api/collections?", "/api/site-settings?"])(
    "shares one API answer among query strings that differ only in parameters no schema knows: %s",
    async (call) => {
      const before = t.core.cache.size.entries;
      const answers = [];
      for (const junk of ["bench=1", "bench=2", "fbclid=abc", "utm_source=x&bench=3"]) {
        answers.push(await t.app.inject({ method: "GET", url: `${call}${junk}` }));
      }
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(t.core.cache.size.entries - before).toBe(1);
    },
  );
});
