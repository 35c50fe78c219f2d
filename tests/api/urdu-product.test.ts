// The product page and the wishlist in Urdu (decision 0110): right to left, in the catalogue's
// words, with their own canonical address and the English page named as their other language; a
// review posted from the Urdu page is refused in Urdu and comes back to the Urdu page; the English
// product page carries no Urdu letter outside an element marked lang="ur" (the language switch).
import { DomUtils, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translatorIn } from "../../app/i18n/t";
import "../../app/i18n/ur";
import { storePromises } from "../../app/lib/store-promises";
import { freshIp } from "../helpers/accounts";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

const SHOP = "https://shop.example.pk";
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
// t() sets a value into an Urdu sentence between these, so it keeps its own direction
const isolated = (value: string | number) => `\u2068${value}\u2069`;

let t: PageApp;
let productId: number;
beforeAll(async () => {
  if (!hasPageBuild()) return;
  t = await createPageApp({ env: { PUBLIC_URL: SHOP } });
  // a product with XS to XL sizes (so the page has the apparel size guide) and no address of its
  // own, so its page is /product/<id>
  const list = (await t.app.inject({ method: "GET", url: "/api/products?limit=100" })).json<
    { id: number; custom_url: string | null; variants?: { variant_type: string; variant_value: string }[] }[]
  >();
  productId = list.find(
    (p) => !p.custom_url && p.variants?.some((v) => v.variant_type === "size" && v.variant_value === "XL"),
  )!.id;
});
afterAll(async () => {
  await t?.close();
});

// a page is long: a failure names what was looked for, not the whole page
const has = (html: string, words: string) => expect(html.includes(words), `has ${words}`).toBe(true);
const hasNot = (html: string, words: string) => expect(html.includes(words), `has not ${words}`).toBe(false);
const matches = (html: string, pattern: RegExp) => expect(pattern.test(html), `matches ${pattern}`).toBe(true);

async function page(url: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

/** The review form posted as a browser without JavaScript posts it. */
function postReview(url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host: "localhost:3000",
      origin: "http://localhost:3000",
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: freshIp(),
  });
}

/** The <link> tags of a page, each as its attributes (names in lower case). */
function links(html: string): Record<string, string>[] {
  return [...html.matchAll(/<link\b([^>]*)>/g)].map(([, attrs]) =>
    Object.fromEntries([...attrs!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!.toLowerCase(), v!])),
  );
}

const canonical = (html: string) => links(html).find((l) => l.rel === "canonical")?.href;
const alternates = (html: string) =>
  Object.fromEntries(
    links(html)
      .filter((l) => l.rel === "alternate" && l.hreflang)
      .map((l) => [l.hreflang!, l.href!]),
  );

/** Every text and attribute in Arabic script that is not inside an element marked lang="ur". */
function urduOutsideLangUr(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: ReturnType<typeof parseDocument>["children"]) => {
    for (const node of nodes) {
      if (DomUtils.isText(node) && ARABIC_SCRIPT.test(node.data)) found.push(node.data.trim().slice(0, 80));
      if (!DomUtils.isTag(node)) continue;
      if (/^ur(-|$)/i.test(node.attribs.lang ?? "")) continue;
      for (const [name, value] of Object.entries(node.attribs)) {
        if (ARABIC_SCRIPT.test(value)) found.push(`<${node.name} ${name}="${value.slice(0, 60)}">`);
      }
      walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return found;
}

describe.skipIf(!hasPageBuild())("the product page in Urdu", () => {
  it("is right to left in Urdu, canonical at /ur/product/<id> and naming the English page", async () => {
    const html = await page(`/ur/product/${productId}`);
    matches(html, /<html lang="ur-PK" dir="rtl"/);
    for (const words of [
      "کارٹ میں ڈالیں", // Add to Cart
      "ابھی خریدیں", // Buy it Now
      "اپنی پسند کا آپشن چنیں", // Choose your options
      "سائز گائیڈ", // Size guide
      "جسم کے ناپ، انچوں میں۔", // Body measurements in inches.
      "قیمت میں ٹیکس شامل ہے۔", // Tax included.
      "پراڈکٹ کی تفصیل", // Product Details
      "ٹھنڈے پانی میں مشین واش کریں", // Machine wash cold
      "کیش آن ڈیلیوری", // Cash on delivery
      "کسٹمرز کے ریویوز", // Customer Reviews
      "اپنا ریویو لکھیں", // Write a review
      "ریویو بھیجیں", // Submit Review
      "شیئر کریں", // Share
    ]) {
      has(html, words);
    }
    // the size guide's headings, attributes and the phone's photo note
    for (const heading of ["سائز", "سینہ", "کمر", "لمبائی"]) {
      has(html, `<th scope="col" class="py-2 font-semibold">${heading}</th>`);
    }
    has(html, 'aria-label="سائز گائیڈ بند کریں"');
    has(html, 'aria-label="پراڈکٹ کی تصاویر"');
    has(html, 'aria-label="تعداد کم کریں"');
    has(html, `aria-label="5 میں سے ${isolated(0)} ریٹنگ"`);
    matches(html, /aria-label="وش لسٹ میں شامل کریں"/);
    has(html, `${isolated(0)} ریویوز`);
    // the free-delivery promise is translated around its amount, which reads left to right
    matches(html, new RegExp(`${isolated("Rs\\. [\\d,]+")} سے اوپر مفت ڈیلیوری`));
    // measurements keep their order inside Urdu
    has(html, '<td class="py-2"><bdi dir="ltr">');
    // links stay in Urdu; the AMP page is English, so an Urdu page names none
    has(html, 'href="/ur/refund-policy"');
    has(html, 'href="/ur/collection/all"');
    hasNot(html, 'rel="amphtml"');
    matches(html, /<title>[^<]+ \| [^<]*<\/title>/);
    expect(canonical(html)).toBe(`${SHOP}/ur/product/${productId}`);
    expect(alternates(html)).toEqual({
      en: `${SHOP}/product/${productId}`,
      ur: `${SHOP}/ur/product/${productId}`,
      "x-default": `${SHOP}/product/${productId}`,
    });
    // the search engines' trail names the Urdu pages
    has(html, `"item":"${SHOP}/ur/collection/all"`);
    has(html, '"name":"تمام پراڈکٹس"');
  });

  it("refuses a review with a bad field in Urdu, and a good one comes back to the Urdu page with its date in Urdu", async () => {
    const url = `/ur/product/${productId}`;
    const blank = await postReview(url, { rating: "4", reviewer_name: "Hina", review_text: "   " });
    expect(blank.statusCode).toBe(422);
    matches(blank.body, /<html lang="ur-PK" dir="rtl"/);
    has(blank.body, '<p role="alert" class="mt-3 text-sm text-red-800">براہِ کرم اپنا ریویو لکھیں</p>');
    const nameless = await postReview(url, { rating: "4", reviewer_name: " ", review_text: "Bohat acha kapra" });
    has(nameless.body, '<p role="alert" class="mt-3 text-sm text-red-800">براہِ کرم اپنا نام لکھیں</p>');
    const rating = await postReview(url, { rating: "9", reviewer_name: "Hina", review_text: "Bohat acha kapra" });
    has(rating.body, "ریٹنگ 1 سے 5 اسٹار تک ہو سکتی ہے");
    // the same post in English is refused in English, as before
    const english = await postReview(`/product/${productId}`, { rating: "4", reviewer_name: "Hina", review_text: " " });
    has(english.body, '<p role="alert" class="mt-3 text-sm text-red-800">review_text is required</p>');

    const sent = await postReview(url, { rating: "5", reviewer_name: "Hina", review_text: "Bohat acha kapra" });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`/ur/product/${productId}?review=sent#reviews`);
    const after = await page(`/ur/product/${productId}?review=sent`);
    has(after, "آپ کا ریویو مل گیا، شکریہ!");
    has(after, `${isolated(1)} ریویو`);
    has(after, `5 میں سے ${isolated("5.0")}`);
    const today = new Intl.DateTimeFormat("ur-PK", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Asia/Karachi",
    }).format(new Date());
    expect(today).toMatch(/^\d{1,2} [\u0600-\u06FF]+، \d{4}$/);
    has(after, `Hina</span> · <!-- -->${today}`);
  });

  it("keeps the English product page in English, with no Urdu letter outside lang=ur", async () => {
    const html = await page(`/product/${productId}`);
    matches(html, /<html lang="en-PK" dir="ltr"/);
    expect(urduOutsideLangUr(html)).toEqual([]);
    has(html, 'lang="ur"');
    for (const words of ["Add to Cart", "Choose your options", "Size guide", "Body measurements in inches.", "Chest"]) {
      has(html, words);
    }
    matches(html, />Free delivery over Rs\. [\d,]+</);
    matches(html, /aria-label="Rated \d out of 5"/);
    has(html, 'rel="amphtml"');
    expect(canonical(html)).toBe(`${SHOP}/product/${productId}`);
    expect(alternates(html).ur).toBe(`${SHOP}/ur/product/${productId}`);
  });
});

describe.skipIf(!hasPageBuild())("the wishlist in Urdu", () => {
  it("is right to left in Urdu with its own address; it fills in after load, so it says so in Urdu", async () => {
    const html = await page("/ur/wishlist");
    matches(html, /<html lang="ur-PK" dir="rtl"/);
    matches(html, /<title>میری وش لسٹ \| /);
    has(html, "بعد کے لیے محفوظ"); // Saved for later
    has(html, '<h1 class="mt-2 font-serif text-3xl md:text-4xl">میری وش لسٹ</h1>');
    has(html, "آپ کی وش لسٹ لوڈ ہو رہی ہے…"); // Loading your wishlist…
    // a signed-in page: not indexed, so it names no other language, and its own address is Urdu
    matches(html, /<meta name="robots" content="noindex"/);
    expect(canonical(html)).toBe(`${SHOP}/ur/wishlist`);
    const english = await page("/wishlist");
    has(english, "Loading your wishlist…");
    expect(urduOutsideLangUr(english)).toEqual([]);
  });
});

describe("the store's promises", () => {
  it("are put into Urdu around the amount core words, and stay as they were in English", () => {
    const rule = { freeThresholdPaisa: 500_000, feePaisa: 50_000 };
    expect(storePromises(rule, translatorIn("ur")).map((p) => p.text)).toEqual([
      `${isolated("Rs. 5,000")} سے اوپر مفت ڈیلیوری`,
      "7 دن میں تبادلہ",
      "کیش آن ڈیلیوری",
    ]);
    expect(storePromises({ freeThresholdPaisa: null, feePaisa: 50_000 }, translatorIn("ur"))[0]!.text).toBe(
      `ڈیلیوری ${isolated("Rs. 500")}`,
    );
    expect(storePromises(rule).map((p) => p.text)).toEqual([
      "Free delivery over Rs. 5,000",
      "7-day exchange",
      "Cash on delivery",
    ]);
  });
});
