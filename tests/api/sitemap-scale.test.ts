// /sitemap.xml at the 50,000-address boundary (decision 0075): every page is listed in English
// and in Urdu (decision 0110), so the demo store plus as many products as make exactly 25,000
// pages is one urlset of 50,000 addresses; one product more makes an index of two parts which together list every address once, in the same order. Each part is read a batch
// of products at a time and streamed (core/content/sitemap.ts), and never kept by the page cache.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

const pages = hasPageBuild();
let t: PageApp;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

async function get(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** `n` more active products, written by one statement. */
async function addProducts(n: number, from: number): Promise<void> {
  await t.database.db.execute(sql`
    insert into products (name, custom_url, price_paisa, min_price_paisa, max_price_paisa, stock)
    select 'Boundary kurta ' || g, 'boundary-' || g, 150000, 150000, 150000, 1
    from generate_series(${from}::int, ${from + n - 1}::int) as g`);
}

beforeAll(async () => {
  if (pages) t = await createPageApp({ cacheMs: 60_000 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe.skipIf(!pages)("sitemap.xml at 50,000 addresses", () => {
  it("is one urlset at exactly 50,000 addresses (25,000 pages in two languages) and an index of two parts one page later", async () => {
    const before = locs((await get("/sitemap.xml")).body).length / 2;
    await addProducts(25_000 - before, 1);
    t.core.cache.clear();

    const whole = await get("/sitemap.xml");
    expect(whole.status).toBe(200);
    expect(whole.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(whole.body).toContain("<urlset");
    const all = locs(whole.body);
    expect(all).toHaveLength(50_000);
    expect(new Set(all).size).toBe(50_000);
    // each page in English, then in Urdu, each naming both (hreflang)
    expect(all.at(-2)).toMatch(/[^r]\/sitemap$/);
    expect(all.at(-1)).toMatch(/\/ur\/sitemap$/);
    const english = all.find((l) => l.endsWith("/p/boundary-1"))!;
    const urdu = english.replace("/p/boundary-1", "/ur/p/boundary-1");
    expect(all).toContain(urdu);
    const entry = whole.body.split("</url>").find((u) => u.includes(`<loc>${urdu}</loc>`))!;
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${english}"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="ur" href="${urdu}"/>`);
    expect((await get("/sitemap.xml?page=1")).status).toBe(404);
    // a streamed part is the page cache's to pass on, not to keep: no internal header leaks
    expect(whole.headers["x-page-uncached"]).toBeUndefined();

    await addProducts(1, 25_001);
    t.core.cache.clear();
    const index = await get("/sitemap.xml");
    expect(index.body).toContain("<sitemapindex");
    const parts = locs(index.body);
    expect(parts.map((p) => new URL(p).search)).toEqual(["?page=1", "?page=2"]);
    expect(index.body.match(/<lastmod>/g)).toHaveLength(2);

    const first = locs((await get("/sitemap.xml?page=1")).body);
    const second = locs((await get("/sitemap.xml?page=2")).body);
    expect(first).toHaveLength(50_000);
    // the new product is the last product; the page after the products moves to part 2
    expect(second).toHaveLength(2);
    expect(second[1]).toMatch(/\/ur\/sitemap$/);
    const together = [...first, ...second];
    expect(new Set(together).size).toBe(50_002);
    expect(together).toContain(english);
    expect(together.some((l) => l.endsWith("/p/boundary-25001"))).toBe(true);
    expect(together.some((l) => l.endsWith("/ur/p/boundary-25001"))).toBe(true);
    expect((await get("/sitemap.xml?page=3")).status).toBe(404);
    expect((await get("/sitemap.xml?page=0")).status).toBe(404);
  }, 120_000);
});
