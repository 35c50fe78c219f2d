// Stored HTML is cleaned on show, whatever is in the database (decisions
// 0012, 0047): html product descriptions and blog bodies, through the API and on the pages, because
// both read them through core. Hostile rows are written straight into the database, as an
// attacker with database or console access (or a row older than a rule) would leave them.
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanHtml, ALLOWED_HTML } from "../../core/shared/sanitize";
import { blogs, products } from "../../db/schema";
import { hasChromium, launchBrowser } from "../helpers/browser";
import { GOOD_HTML, HOSTILE_HTML } from "../helpers/hostile-html";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

const DESCRIPTION = `<meta http-equiv="refresh" content="0;url=https://evil.example/"><p>Soft lawn, cool in May.</p>
<img src="/media/x.webp" onerror="window.__xss=1"><a href="javascript:window.__xss=1">size guide</a>
<svg><script>window.__xss=1</script></svg><iframe src="https://evil.example/"></iframe>`;
const BLOG = `<h2>Washing</h2><p>Hand wash in cold water.</p><base href="https://evil.example/">
<form action="https://evil.example/"><button formaction="javascript:window.__xss=1">Go</button></form>
<meta http-equiv="refresh" content="0;url=https://evil.example/"><p>Dry flat in the shade.</p>`;

// what must not be in anything served from those rows (pages have icons in svg and forms of
// their own, so on pages only the payloads' own marks count)
const PAYLOAD_MARKS = [/http-equiv/i, /evil\.example/, /__xss/, /onerror/i, /javascript:/i];
const HOSTILE_MARKS = [...PAYLOAD_MARKS, /<iframe/i, /<svg/i, /<base/i, /<form/i, /<button/i];

function expectNoHostileMarks(text: string, label: string, marks = HOSTILE_MARKS) {
  for (const mark of marks) expect(text, `${label}: ${mark}`).not.toMatch(mark);
}

describe.skipIf(!hasPageBuild())("stored HTML on show", () => {
  let t: PageApp;
  let product: { id: number; customUrl: string };
  let slug: string;
  beforeAll(async () => {
    t = await createPageApp();
    const [row] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .limit(1);
    product = { id: row!.id, customUrl: "hostile-lawn" };
    await t.database.db
      .update(products)
      .set({ description: DESCRIPTION, descriptionFormat: "html", customUrl: product.customUrl })
      .where(eq(products.id, product.id));
    const [post] = await t.database.db
      .select({ slug: blogs.slug })
      .from(blogs)
      .where(sql`${blogs.isPublished} and ${blogs.slug} is not null`)
      .limit(1);
    slug = post!.slug!;
    await t.database.db.update(blogs).set({ content: BLOG }).where(eq(blogs.slug, slug));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is cleaned in every API answer that carries a product's description", async () => {
    const expected = cleanHtml(DESCRIPTION);
    expect(expected).toContain("Soft lawn, cool in May.");
    for (const url of [
      `/api/products/${product.id}`,
      `/api/products/by-url/${product.customUrl}`,
      `/api/products?limit=100`,
      `/api/products?search=${encodeURIComponent("soft lawn cool")}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      const found = (Array.isArray(body) ? body : [body]).find((p: { id: number }) => p.id === product.id);
      expect(found, url).toBeDefined();
      expect(found.description, url).toBe(expected);
      expectNoHostileMarks(found.description, url);
    }
  });

  it("is cleaned in a blog post's API answer", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/blogs/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe(cleanHtml(BLOG));
    expect(res.json().content).toContain("Dry flat in the shade.");
    expectNoHostileMarks(res.json().content, "blog API");
  });

  it("is cleaned on the product and blog pages", async () => {
    for (const url of [`/product/${product.id}`, `/p/${product.customUrl}`, `/blog/${slug}`]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      // the page's own head carries no http-equiv either, so any would be the description's
      expectNoHostileMarks(res.body, url, PAYLOAD_MARKS);
    }
    const page = await t.app.inject({ method: "GET", url: `/product/${product.id}` });
    expect(page.body).toContain("Soft lawn, cool in May.");
  });
});

// The cleaner's output read by a real browser's HTML parser, which is what an attacker has to
// fool: every element must be an allowed HTML element with allowed attributes and safe
// addresses, and reading it back and parsing it again (what innerHTML round trips do, the
// mutation-XSS route) must give the same markup.
describe.skipIf(!hasChromium())("cleaned HTML as Chromium parses it", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("holds only allowed elements, attributes and addresses, and survives a round trip unchanged", async () => {
    const fragment = fc.constantFrom(...HOSTILE_HTML, ...GOOD_HTML, "<", ">", "</", "<!--", "-->", '"', "text");
    const samples = [...HOSTILE_HTML, ...fc.sample(fc.array(fragment, { maxLength: 6 }), 400).map((p) => p.join(""))];
    const cleaned = samples.map((input) => ({ input, output: cleanHtml(input) }));
    const page = await browser.newPage();
    try {
      await page.setContent("<!doctype html><title>parse</title>");
      const problems = await page.evaluate(
        ({ cleaned, tags, attributes }) => {
          const found: string[] = [];
          const check = (html: string, input: string) => {
            const template = document.createElement("template");
            template.innerHTML = html;
            for (const element of template.content.querySelectorAll("*")) {
              const name = element.localName;
              if (element.namespaceURI !== "http://www.w3.org/1999/xhtml")
                found.push(`${name} in ${element.namespaceURI}: ${input}`);
              if (!tags.includes(name)) found.push(`<${name}>: ${input}`);
              for (const attribute of element.attributes) {
                if (!(attributes[name] ?? []).includes(attribute.name))
                  found.push(`${name}[${attribute.name}]: ${input}`);
                if (attribute.name === "href" || attribute.name === "src") {
                  const url = new URL(attribute.value, "https://store.example/");
                  const safe =
                    ["http:", "https:", "mailto:", "tel:"].includes(url.protocol) &&
                    (url.origin === "https://store.example" ||
                      /^(https?:\/\/[^/]|mailto:|tel:)/i.test(attribute.value));
                  if (!safe) found.push(`${name}[${attribute.name}=${attribute.value}]: ${input}`);
                }
              }
            }
            return template.innerHTML;
          };
          for (const { input, output } of cleaned) {
            const once = check(output, input);
            const twice = check(once, input);
            if (twice !== once) found.push(`changes when parsed again: ${input}`);
          }
          return found;
        },
        { cleaned, tags: ALLOWED_HTML.tags, attributes: ALLOWED_HTML.attributes },
      );
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
