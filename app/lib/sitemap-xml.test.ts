import { describe, expect, it } from "vitest";
import {
  escapeXml,
  sitemapIndexXml,
  sitemapParts,
  sitemapSlices,
  sitemapXml,
  urlsetStream,
  type SitemapEntry,
  type SitemapSource,
} from "./sitemap-xml";

const entries = (n: number): SitemapEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    loc: `https://zaiba.pk/product/${i + 1}`,
    lastmod: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
  }));
const partUrl = (page: number) => `https://zaiba.pk/sitemap.xml?page=${page}`;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("sitemapXml", () => {
  it("writes one urlset with lastmod while the addresses fit", () => {
    const xml = sitemapXml(entries(3), { partUrl })!;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    expect(locs(xml)).toEqual([
      "https://zaiba.pk/product/1",
      "https://zaiba.pk/product/2",
      "https://zaiba.pk/product/3",
    ]);
    expect(xml).toContain("<lastmod>2026-01-01T00:00:00.000Z</lastmod>");
    // a single sitemap has no parts
    expect(sitemapXml(entries(3), { partUrl, page: 1 })).toBeNull();
  });

  it("splits past the limit into an index of parts that together hold every address once", () => {
    const all = entries(25);
    const index = sitemapXml(all, { partUrl, max: 10 })!;
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([partUrl(1), partUrl(2), partUrl(3)]);
    const seen = [1, 2, 3].flatMap((page) => locs(sitemapXml(all, { partUrl, max: 10, page })!));
    expect(seen).toEqual(all.map((e) => e.loc));
    expect(sitemapXml(all, { partUrl, max: 10, page: 4 })).toBeNull();
    expect(sitemapXml(all, { partUrl, max: 10, page: 0 })).toBeNull();
  });

  it("holds 50,000 addresses in one file and splits at 50,001", () => {
    expect(sitemapXml(entries(50_000), { partUrl })).toContain("<urlset");
    const index = sitemapXml(entries(50_001), { partUrl })!;
    expect(locs(index)).toHaveLength(2);
    expect(locs(sitemapXml(entries(50_001), { partUrl, page: 2 })!)).toEqual(["https://zaiba.pk/product/50001"]);
  });

  it("lists a page once per language, each naming every language", () => {
    const xml = sitemapXml(
      [
        {
          loc: "https://zaiba.pk/cart?a=1&b=2",
          languages: { en: "https://zaiba.pk/cart?a=1&b=2", ur: "https://zaiba.pk/ur/cart?a=1&b=2" },
        },
      ],
      { partUrl },
    )!;
    expect(locs(xml)).toEqual(["https://zaiba.pk/cart?a=1&amp;b=2", "https://zaiba.pk/ur/cart?a=1&amp;b=2"]);
    const links =
      '<xhtml:link rel="alternate" hreflang="en" href="https://zaiba.pk/cart?a=1&amp;b=2"/>' +
      '<xhtml:link rel="alternate" hreflang="ur" href="https://zaiba.pk/ur/cart?a=1&amp;b=2"/>';
    expect(xml.split(links)).toHaveLength(3);
  });

  it("escapes addresses", () => {
    expect(escapeXml("https://x.pk/a?b=1&c='<>\"")).toBe("https://x.pk/a?b=1&amp;c=&apos;&lt;&gt;&quot;");
  });
});

describe("a sitemap written a batch at a time", () => {
  // 3 addresses first, `middle` products read on demand in batches of 1,000, 2 last
  function source(middle: number) {
    const asked: { offset: number; limit: number }[] = [];
    const value: SitemapSource = {
      head: [1, 2, 3].map((i) => ({ loc: `https://zaiba.pk/head/${i}` })),
      middleCount: middle,
      async *middle(range) {
        asked.push(range);
        for (let at = range.offset; at < range.offset + range.limit; at += 1000) {
          const end = Math.min(at + 1000, range.offset + range.limit);
          yield Array.from({ length: end - at }, (_, i) => ({ loc: `https://zaiba.pk/product/${at + i + 1}` }));
        }
      },
      tail: [1, 2].map((i) => ({ loc: `https://zaiba.pk/tail/${i}`, lastmod: new Date(Date.UTC(2026, 1, i)) })),
    };
    return { value, asked };
  }
  const collect = async (page: number, s: SitemapSource) => {
    const text = await new Response(urlsetStream(sitemapSlices(s, page))).text();
    return { text, locs: locs(text) };
  };

  it("is one part at exactly 50,000 addresses, streamed whole", async () => {
    const { value, asked } = source(50_000 - 5);
    expect(sitemapParts(value)).toBe(1);
    const { text, locs: all } = await collect(1, value);
    expect(text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">\n/,
    );
    expect(text.endsWith("</urlset>\n")).toBe(true);
    expect(all).toHaveLength(50_000);
    expect(all[3]).toBe("https://zaiba.pk/product/1");
    expect(all.at(-1)).toBe("https://zaiba.pk/tail/2");
    expect(asked).toEqual([{ offset: 0, limit: 49_995 }]);
  });

  it("at 50,001 each part asks only for its own products, and the index dates each part", async () => {
    const { value, asked } = source(50_000 - 4);
    expect(sitemapParts(value)).toBe(2);
    const first = await collect(1, value);
    const second = await collect(2, value);
    expect(first.locs).toHaveLength(50_000);
    expect(first.locs.at(-1)).toBe("https://zaiba.pk/tail/1");
    expect(second.locs).toEqual(["https://zaiba.pk/tail/2"]);
    // part 2 holds no product: the products were read once, for part 1
    expect(asked).toEqual([{ offset: 0, limit: 49_996 }]);
    const changed = new Map([[1, new Date(Date.UTC(2026, 0, 5))]]);
    const index = sitemapIndexXml(value, partUrl, changed);
    expect(locs(index)).toEqual([partUrl(1), partUrl(2)]);
    expect(index).toContain("<lastmod>2026-02-01T00:00:00.000Z</lastmod>");
    expect(index).toContain("<lastmod>2026-02-02T00:00:00.000Z</lastmod>");
  });

  it("splits 120,000 products into three parts that list each address once, in order", async () => {
    const { value, asked } = source(120_000);
    expect(sitemapParts(value)).toBe(3);
    const seen = [];
    for (const page of [1, 2, 3]) seen.push(...(await collect(page, value)).locs);
    expect(seen).toHaveLength(120_005);
    expect(new Set(seen).size).toBe(120_005);
    expect(asked).toEqual([
      { offset: 0, limit: 49_997 },
      { offset: 49_997, limit: 50_000 },
      { offset: 99_997, limit: 20_003 },
    ]);
  });

  it("escapes what it streams", async () => {
    const s: SitemapSource = {
      head: [{ loc: "https://x.pk/a?b=1&c=2" }],
      middleCount: 0,
      middle: async function* () {},
      tail: [],
    };
    expect((await collect(1, s)).text).toContain("<loc>https://x.pk/a?b=1&amp;c=2</loc>");
  });
});
