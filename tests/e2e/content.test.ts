// The content pages in a real browser (decisions 0026, 0027): blog list and post (with a hostile post planted
// straight in the database), the static and policy pages, the human and XML sitemaps, robots.txt,
// and the AMP preview and document, at phone and desktop widths.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { blogs } from "../../db/schema";
import { AMP_POLICY } from "../../server/plugins/security-headers";
import { ampRuleErrors } from "../helpers/amp-rules";
import { DESKTOP, PHONE, expectPhoneHeaderUsable, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";

const HOSTILE = {
  slug: "hostile-post",
  title: "Summer Care for Silk and Chiffon",
  excerpt: "Keep delicate fabrics fresh through the monsoon.",
  category: "Care Guide",
  authorName: "Zaiba Team",
  tags: ["silk", "care"],
  seoTitle: "Silk & Chiffon Care in the Monsoon | Zaiba Journal",
  seoDescription: "How to wash, dry and store silk and chiffon outfits during Pakistan's humid monsoon months.",
  seoKeywords: "silk care, chiffon, monsoon",
  // stored as an attacker might paste it, bypassing the sanitiser that runs on save
  content: `<h2>Washing</h2><p>Hand wash in cold water.</p>
<script>window.__pwned = "script"</script>
<img src="/nope.png" onerror="window.__pwned = 'onerror'">
<p><a href="javascript:window.__pwned='link'">Click me</a></p>
<iframe src="https://evil.example/"></iframe>
<p>Dry flat in the shade.</p>`,
};

interface ApiProduct {
  id: number;
  name: string;
  custom_url: string | null;
  stock_quantity: number;
  variant_combinations: { id: number; price: number; stock_quantity: number; is_available: boolean }[];
}

async function allProducts(): Promise<ApiProduct[]> {
  const list: ApiProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await fetch(`${suite.url}/api/products?limit=100&offset=${offset}`).then((r) =>
      r.json(),
    )) as ApiProduct[];
    list.push(...page);
    if (page.length < 100) return list;
  }
}

function head(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
    keywords: document.querySelector('meta[name="keywords"]')?.getAttribute("content"),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
    ogType: document.querySelector('meta[property="og:type"]')?.getAttribute("content"),
    robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
    amphtml: document.querySelector('link[rel="amphtml"]')?.getAttribute("href") ?? null,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent ?? "{}"),
    ),
  }));
}

const suite = browserSuite("content", {
  prepare: async (db) => {
    await db.insert(blogs).values({ ...HOSTILE, readTimeMinutes: 4, publishedAt: new Date(Date.now() - 60_000) });
  },
});
const open = suite.pages.open;

describe.sequential("content pages", { timeout: 60_000 }, () => {
  it("lists the blog posts with image, category, author, date, read time and Read More (phone)", async () => {
    const page = await open(PHONE);
    const response = await page.goto(`${suite.url}/blog`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("s-maxage=60");
    await page.getByRole("heading", { level: 1, name: "Our Blog" }).waitFor();
    await hydrated(page);
    await expectPhoneHeaderUsable(page);
    const posts = page.getByRole("main").getByRole("article");
    // the six demo posts and the planted one, newest first
    expect(await posts.count()).toBe(7);
    const first = posts.first();
    expect(await first.getByRole("heading").textContent()).toBe(HOSTILE.title);
    expect(await first.textContent()).toContain("Care Guide");
    expect(await first.textContent()).toMatch(/By Zaiba Team · \d{1,2} [A-Z][a-z]+ \d{4} · 4 min read/);
    expect(await page.getByRole("link", { name: /^Read More/ }).count()).toBe(7);
    expect((await head(page)).canonical).toMatch(/\/blog$/);
    await hydrated(page);
    await posts
      .nth(2)
      .getByRole("link", { name: /^Read More/ })
      .click();
    await page.waitForURL(/\/blog\/[a-z0-9-]+$/);
    await page.getByRole("link", { name: "← Back to Blog" }).waitFor();
  });

  it("shows a post sanitised, with its SEO fields, tags, share and back links; no script runs (desktop)", async () => {
    const page = await open(DESKTOP);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.url });
    const response = await page.goto(`${suite.url}/blog/${HOSTILE.slug}`);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).not.toContain("__pwned");
    expect(html).not.toContain("evil.example");
    await hydrated(page);

    const article = page.getByRole("article");
    await article.getByRole("heading", { level: 1, name: HOSTILE.title }).waitFor();
    await article.getByText("Hand wash in cold water.").waitFor();
    await article.getByText("Dry flat in the shade.").waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    const body = article
      .locator("div")
      .filter({ has: page.getByText("Hand wash in cold water.") })
      .last();
    expect(await body.locator("script, iframe, [onerror]").count()).toBe(0);
    expect(await article.getByRole("link", { name: "Click me" }).count()).toBe(0);
    await article.getByText("Click me").waitFor();

    expect(await article.textContent()).toContain(HOSTILE.excerpt);
    expect(await article.textContent()).toContain("Zaiba Team");
    expect(await article.textContent()).toContain("4 min read");
    expect(await article.getByRole("list", { name: "Tags" }).textContent()).toBe("#silk#care");
    const meta = await head(page);
    expect(meta.title).toBe(HOSTILE.seoTitle);
    expect(meta.description).toBe(HOSTILE.seoDescription);
    expect(meta.keywords).toBe(HOSTILE.seoKeywords);
    expect(meta.ogType).toBe("article");
    expect(meta.canonical).toMatch(new RegExp(`/blog/${HOSTILE.slug}$`));
    const posting = meta.jsonLd.find((j) => j["@type"] === "BlogPosting");
    expect(posting.headline).toBe(HOSTILE.title);
    expect(posting.author.name).toBe("Zaiba Team");

    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText("Link copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.url}/blog/${HOSTILE.slug}`);
    await page.getByRole("link", { name: "← Back to Blog" }).click();
    await page.waitForURL(`${suite.url}/blog`);
    expect(errors).toEqual([]);
  });

  it("answers a missing post with a real 404 and its message (phone)", async () => {
    const page = await open(PHONE);
    const response = await page.goto(`${suite.url}/blog/no-such-post`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Blog post not found." }).waitFor();
    expect((await head(page)).robots).toBe("noindex");
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await page.waitForURL(`${suite.url}/blog`);
  });

  it("has the policy and about pages with the store's details (phone and desktop)", async () => {
    const page = await open(PHONE);
    await page.goto(`${suite.url}/refund-policy`);
    await page.getByRole("heading", { level: 1, name: "Return & Exchange Policy" }).waitFor();
    const refund = (await page.getByRole("main").textContent())!;
    for (const rule of [
      "No refunds.",
      "Exchange within 7 days of delivery.",
      "original tags and packaging",
      "proof of purchase",
      "Panties, and any set that contains panties, cannot be exchanged",
      "You pay the courier one way",
    ]) {
      expect(refund).toContain(rule);
    }
    await page.goto(`${suite.url}/about`);
    await page.getByRole("heading", { level: 1, name: "About Us" }).waitFor();
    const contact = page.getByRole("main").getByRole("definition");
    const details = (await contact.allTextContents()).join(" | ");
    for (const value of ["+92 300 1234567", "care@zaiba.pk", "Johar Town, Lahore"]) expect(details).toContain(value);

    const desktop = await open(DESKTOP);
    await desktop.goto(`${suite.url}/terms`);
    await desktop.getByRole("heading", { level: 1, name: "Terms & Conditions" }).waitFor();
    const terms = (await desktop.getByRole("main").textContent())!;
    expect(terms).toContain("Payment is by cash on delivery only");
    expect(terms).toContain("laws of Pakistan");
    expect(terms).toMatch(/Last updated \d{1,2} [A-Z][a-z]+ \d{4}/);
    await desktop.goto(`${suite.url}/privacy`);
    await desktop.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    const privacy = (await desktop.getByRole("main").textContent())!;
    expect(privacy).toContain("Personal Data Protection");
    expect(privacy).toContain("cash on delivery");
    expect(privacy).toContain("userToken");
    expect((await head(desktop)).canonical).toMatch(/\/privacy$/);
  });

  it("lists main pages, collections, up to 50 products and posts on the sitemap page (desktop)", async () => {
    const products = await allProducts();
    const page = await open(DESKTOP);
    await page.goto(`${suite.url}/sitemap`);
    await page.getByRole("heading", { level: 1, name: "Sitemap" }).waitFor();
    const section = (name: string) => page.getByRole("region", { name });
    await section("Main Pages").getByRole("link", { name: "Terms & Conditions" }).waitFor();
    expect(await section("Collections").getByRole("link").first().textContent()).toBe("All Products");
    expect(await section("Collections").getByRole("link").count()).toBeGreaterThan(6);
    const productLinks = section("Products").getByRole("listitem").getByRole("link");
    expect(await productLinks.count()).toBe(Math.min(50, products.length));
    const hrefs = await productLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const href of hrefs) expect(href).toMatch(/^\/(p\/.+|product\/\d+)$/);
    const withUrl = products.find((p) => p.custom_url && hrefs.includes(`/p/${p.custom_url}`));
    expect(withUrl).toBeTruthy();
    if (products.length > 50) await section("Products").getByText("And more products...").waitFor();
    expect(await section("Blog Posts").getByRole("link").count()).toBe(7);
    expect(await page.getByRole("link", { name: "XML sitemap" }).getAttribute("href")).toBe("/sitemap.xml");
  });

  it("serves a valid XML sitemap of every product, collection, post and page, and robots.txt", async () => {
    const products = await allProducts();
    const page = await open(DESKTOP);
    await page.goto(`${suite.url}/`);
    const result = await page.evaluate(async () => {
      const res = await fetch("/sitemap.xml");
      const text = await res.text();
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        type: res.headers.get("content-type"),
        parseError: doc.getElementsByTagName("parsererror").length,
        root: doc.documentElement.localName,
        ns: doc.documentElement.namespaceURI,
        urls: [...doc.getElementsByTagName("url")].map((u) => ({
          loc: u.getElementsByTagName("loc")[0]?.textContent ?? "",
          lastmod: u.getElementsByTagName("lastmod")[0]?.textContent ?? "",
        })),
      };
    });
    expect(result.type).toBe("application/xml; charset=utf-8");
    expect(result.parseError).toBe(0);
    expect(result.root).toBe("urlset");
    expect(result.ns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const paths = result.urls.map((u) => new URL(u.loc).pathname);
    for (const p of products) expect(paths).toContain(p.custom_url ? `/p/${p.custom_url}` : `/product/${p.id}`);
    for (const path of [
      "/",
      "/collection/all",
      "/blog",
      `/blog/${HOSTILE.slug}`,
      "/about",
      "/terms",
      "/privacy",
      "/refund-policy",
      "/sitemap",
    ]) {
      expect(paths).toContain(path);
      // and the same page in Urdu (decision 0110)
      expect(paths).toContain(path === "/" ? "/ur" : `/ur${path}`);
    }
    expect(paths.filter((p) => p.startsWith("/collection/") && p !== "/collection/all").length).toBeGreaterThan(5);
    expect(paths.filter((p) => p.startsWith("/account") || p.startsWith("/cart") || p.startsWith("/checkout"))).toEqual(
      [],
    );
    expect(new Set(paths).size).toBe(paths.length);
    for (const u of result.urls) expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await fetch(`${suite.url}/sitemap.xml?page=2`)).status).toBe(404);

    const robots = await fetch(`${suite.url}/robots.txt`);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await robots.text();
    expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
    for (const path of ["/account", "/checkout", "/cart", "/admin", "/api/"])
      expect(text).toContain(`Disallow: ${path}\n`);
  });

  it("previews the AMP page by id and custom URL, and serves the AMP document it shows (phone)", async () => {
    const products = await allProducts();
    const product = products.find(
      (p) => p.custom_url && p.variant_combinations.some((c) => c.is_available && c.stock_quantity > 0),
    )!;
    const page = await open(PHONE);
    for (const path of [`/amp/product/${product.id}`, `/amp/p/${product.custom_url}`]) {
      const response = await page.goto(`${suite.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
      const source = (await page.getByLabel("Generated AMP HTML").textContent())!;
      expect(source.startsWith("<!doctype html>\n<html ⚡")).toBe(true);
      expect(ampRuleErrors(source)).toEqual([]);
      expect(await page.getByRole("link", { name: "Back to Product" }).getAttribute("href")).toBe(
        `/product/${product.id}`,
      );
      expect((await head(page)).robots).toBe("noindex");
    }
    const missing = await page.goto(`${suite.url}/amp/product/999999`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Product not found" }).waitFor();
    expect((await page.goto(`${suite.url}/amp/p/no-such-product`))?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Product not found" }).waitFor();

    // the product page links the AMP document, which passes the rules and has its own policy
    await page.goto(`${suite.url}/p/${product.custom_url}`);
    const amphtml = (await head(page)).amphtml!;
    expect(new URL(amphtml).pathname).toBe(`/amp/product/${product.id}/amp.html`);
    const doc = await fetch(`${suite.url}/amp/product/${product.id}/amp.html`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(doc.headers.get("content-security-policy")).toBe(AMP_POLICY);
    const html = await doc.text();
    expect(ampRuleErrors(html)).toEqual([]);
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/p\/[^"]+">/);
    expect((await fetch(`${suite.url}/amp/product/999999/amp.html`)).status).toBe(404);

    // what the AMP form sends: a form post to /api/cart/flexible with product_id, quantity, price
    const combo = /<option value="(\d+)">/.exec(html)![1]!;
    const action = /action-xhr="([^"]+)"/.exec(html)![1]!;
    expect(action).toMatch(/\/api\/cart\/flexible$/);
    const added = await fetch(new URL(action, suite.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ product_id: String(product.id), price: "1", quantity: "2", combination_id: combo }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    expect((await added.json()).item.quantity).toBe(2);
  });
});
