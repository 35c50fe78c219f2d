import { describe, expect, it } from "vitest";
import { escapeXml, sitemapXml, type SitemapEntry } from "./sitemap-xml";

const entries = (n: number): SitemapEntry[] =>
  Array.from({ length: n }, (_, i) => ({ loc: `https://zaiba.pk/product/${i + 1}`, lastmod: new Date(Date.UTC(2026, 0, 1 + (i % 28))) }));
const partUrl = (page: number) => `https://zaiba.pk/sitemap.xml?page=${page}`;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("sitemapXml", () => {
  it("writes one urlset with lastmod while the addresses fit", () => {
    const xml = sitemapXml(entries(3), { partUrl })!;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(xml)).toEqual(["https://zaiba.pk/product/1", "https://zaiba.pk/product/2", "https://zaiba.pk/product/3"]);
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

  it("escapes addresses", () => {
    expect(escapeXml("https://x.pk/a?b=1&c='<>\"")).toBe("https://x.pk/a?b=1&amp;c=&apos;&lt;&gt;&quot;");
  });
});
