// Browsing in Urdu (decision 0110): the home page, a collection searched, sorted and filtered, and
// the sitemap under /ur are right to left in Urdu, with their words from the catalogue, their own
// canonical address and the English page named as their other language; the English pages carry
// no Urdu letter but the language switch's, which says it is Urdu.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../../app/i18n/ur";
import { currencyPickerParts } from "../../app/lib/currency-picker.server";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

const SHOP = "https://shop.example.pk";

let t: PageApp;
beforeAll(async () => {
  t = await createPageApp({ env: { PUBLIC_URL: SHOP } });
});
afterAll(async () => {
  await t?.close();
});

async function page(url: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

/** The <link> tags of a page's head, each as its attributes (names in lower case). */
function links(html: string): Record<string, string>[] {
  return [...html.matchAll(/<link\b([^>]*)>/g)].map(([, attrs]) =>
    Object.fromEntries([...attrs!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!.toLowerCase(), v!])),
  );
}

function alternates(html: string): Record<string, string> {
  return Object.fromEntries(
    links(html)
      .filter((l) => l.rel === "alternate" && l.hreflang)
      .map((l) => [l.hreflang!, l.href!]),
  );
}

const canonical = (html: string) => links(html).find((l) => l.rel === "canonical")?.href;

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * Every piece of the page (text, attribute, script) in Arabic script that is not inside an
 * element marked lang="ur". React's markup is well formed, so a stack of open tags is enough.
 */
function urduOutsideLangUr(html: string): string[] {
  const found: string[] = [];
  const open: { name: string; urdu: boolean }[] = [];
  const inUrdu = () => open.some((o) => o.urdu);
  for (const [whole, closing, name, attrs, text] of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) {
      if (!inUrdu() && ARABIC_SCRIPT.test(text)) found.push(text.trim().slice(0, 80));
      continue;
    }
    const tag = name!.toLowerCase();
    if (closing) {
      const at = open.map((o) => o.name).lastIndexOf(tag);
      if (at >= 0) open.length = at;
      continue;
    }
    const urdu = /\slang="ur(-PK)?"/i.test(attrs!);
    if (!urdu && !inUrdu() && ARABIC_SCRIPT.test(attrs!)) found.push(whole.slice(0, 80));
    if (!VOID.has(tag) && !attrs!.endsWith("/")) open.push({ name: tag, urdu });
  }
  return found;
}

describe("the Urdu finder", () => {
  it("finds Urdu in text, attributes and scripts outside lang=ur, and none inside it", () => {
    expect(urduOutsideLangUr('<p>Shop <a lang="ur" href="/ur"><span>اردو</span></a> now</p><br>')).toEqual([]);
    expect(urduOutsideLangUr('<p title="اردو">x</p>')).toHaveLength(1);
    expect(urduOutsideLangUr('<div lang="ur">اردو</div><script>x="اردو"</script>')).toHaveLength(1);
  });
});

describe.skipIf(!hasPageBuild())("browsing in Urdu", () => {
  it("draws the home page right to left in Urdu, canonical at /ur and naming the English page", async () => {
    const html = await page("/ur");
    expect(html).toMatch(/<html lang="ur-PK" dir="rtl"/);
    for (const words of [
      "اپنا پسندیدہ اسٹائل تلاش کریں", // Find Your Perfect Style
      "کلیکشن کے حساب سے خریدیں", // Shop by collection
      "ہمارے بلاگ سے تازہ تحریریں", // Latest from Our Blog
      "کارٹ میں ڈالیں", // Add to Cart
      "تفصیل دیکھیں", // View Details
      "باخبر رہیں", // Stay Updated
    ]) {
      expect(html, words).toContain(words);
    }
    // the slider's dots, and links that stay in Urdu
    expect(html).toMatch(/aria-label="\u2068\d+\u2069 میں سے سلائیڈ \u2068\d+\u2069 پر جائیں"/);
    expect(html).toContain('href="/ur/collection/all"');
    expect(html).toMatch(/href="\/ur\/(product|p)\//);
    expect(html).not.toMatch(/href="\/(collection|product|p)\//);
    expect(canonical(html)).toBe(`${SHOP}/ur`);
    expect(alternates(html)).toEqual({ en: `${SHOP}/`, ur: `${SHOP}/ur`, "x-default": `${SHOP}/` });
    // a price reads left to right inside the Urdu
    expect(html).toMatch(/<span dir="ltr">(<span data-fx[^>]*>[^<]*<\/span>)*<span data-rupees="">Rs\. [\d,]+<\/span>/);
  });

  it("shows all products in Urdu, and a search sorted and filtered with its own words", async () => {
    const all = await page("/ur/collection/all");
    expect(all).toMatch(/<html lang="ur-PK" dir="rtl"/);
    expect(all).toContain('<h1 class="font-serif text-4xl leading-tight md:text-5xl">تمام پراڈکٹس</h1>');
    expect(all).toContain("اسٹور کی ہر چیز، روزمرہ کی لان سے لے کر برائیڈل فارمل تک۔");
    expect(all).toMatch(/\u2068\d+\u2069 پراڈکٹس/);
    expect(all).toContain("قیمت: کم سے زیادہ"); // Price: Low to High
    expect(all).toContain("فلٹرز لگائیں"); // Apply Filters
    expect(canonical(all)).toBe(`${SHOP}/ur/collection/all`);
    expect(alternates(all)).toEqual({
      en: `${SHOP}/collection/all`,
      ur: `${SHOP}/ur/collection/all`,
      "x-default": `${SHOP}/collection/all`,
    });

    const found = await page("/ur/collection/all?search=lawn&sort=price_asc&size=M");
    expect(found).toContain("&quot;\u2068lawn\u2069&quot; کے نتائج"); // Search results for "lawn"
    expect(found).toMatch(/<option value="price_asc" selected="">قیمت: کم سے زیادہ<\/option>/);
    expect(found).toContain('<option value="">سب سے موزوں</option>'); // Best match
    expect(found).toMatch(/<span>فلٹرز<!-- --> \(1\)<\/span>/); // Filters (1)
    expect(found).toContain("سائز"); // Sizes
    expect(found).toContain("کارٹ میں ڈالیں");
    expect(found).toMatch(/action="\/ur\/collection\/all"/);
    // a filtered page is not indexed; its canonical address is the Urdu collection
    expect(found).toMatch(/<meta name="robots" content="noindex"/);
    expect(canonical(found)).toBe(`${SHOP}/ur/collection/all`);

    const none = await page("/ur/collection/all?search=zzqqxxnothing");
    expect(none).toContain("آپ کی تلاش سے ملتی کوئی پراڈکٹ نہیں ملی۔");
    expect(none).toContain("فلٹرز ہٹائیں");
  });

  it("lists the sitemap in Urdu with every link kept in Urdu", async () => {
    const html = await page("/ur/sitemap");
    expect(html).toMatch(/<html lang="ur-PK" dir="rtl"/);
    expect(html).toMatch(/<title>سائٹ میپ \| /);
    for (const words of ["اہم صفحات", "بلاگ کی تحریریں", "میرا اکاؤنٹ", "XML سائٹ میپ", "استعمال کر سکتے ہیں۔"]) {
      expect(html, words).toContain(words);
    }
    expect(html).toContain('href="/ur/refund-policy"');
    expect(html).toContain('href="/sitemap.xml"');
    expect(canonical(html)).toBe(`${SHOP}/ur/sitemap`);
    expect(alternates(html)).toEqual({
      en: `${SHOP}/sitemap`,
      ur: `${SHOP}/ur/sitemap`,
      "x-default": `${SHOP}/sitemap`,
    });
  });

  it("keeps the English pages free of Urdu but for the language switch, which is marked lang=ur", async () => {
    for (const url of ["/", "/collection/all", "/collection/all?search=lawn&sort=price_asc&size=M", "/sitemap"]) {
      const html = await page(url);
      expect(html, url).toMatch(/<html lang="en-PK" dir="ltr"/);
      expect(urduOutsideLangUr(html), url).toEqual([]);
      expect(html, url).toContain('lang="ur"');
    }
    const home = await page("/");
    expect(canonical(home)).toBe(`${SHOP}/`);
    expect(alternates(home)).toEqual({ en: `${SHOP}/`, ur: `${SHOP}/ur`, "x-default": `${SHOP}/` });
    expect(home).toContain("Find Your Perfect Style");
  });
});

describe("the currency picker's markup", () => {
  const dollar = { code: "USD" as const, rate: 2_785_000, note: "≈ is approximate." };
  it("is in Urdu when made for Urdu pages and as before in English", () => {
    const urdu = currencyPickerParts([dollar], "ur")!;
    expect(urdu.header).toContain("قیمتیں اس کرنسی میں دکھائیں");
    expect(urdu.header).toContain("PKR · پاکستانی روپیہ");
    expect(urdu.menu).toContain("USD · امریکی ڈالر ≈");
    const english = currencyPickerParts([dollar])!;
    expect(english.header).toContain("Show prices in");
    expect(english.header).toContain('<span class="sr-only">Currency: </span>');
    expect(ARABIC_SCRIPT.test(english.header + english.menu)).toBe(false);
    expect(english.script).toBe(urdu.script);
  });
});
