// Every storefront route in both languages (decision 0110): the same answer in English and in
// Urdu (a redirect stays in its language), the page's lang and dir, its canonical address and
// the hreflang links naming the other language; no Urdu left on an English page, no English left
// on an Urdu page outside what is marked as English; and the front door remembering the choice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";
import { englishOutsideEnglish, pageText, urduOutsideUrdu } from "../helpers/page-text";

const pages = hasPageBuild();
let t: PageApp;
let paths: string[] = [];

// written in Latin letters on an Urdu page too: the shop's name, money and currency codes, and
// the word the shopper searched for
const LATIN_ON_URDU_PAGES = ["Zaiba", "Rs", "PKR", "USD", "GBP", "AED", "SAR", "EUR", "CAD", "AUD", "XML", "qameez"];

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: "GET", url, headers });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

const urduOf = (path: string) => (path === "/" ? "/ur" : path.startsWith("/?") ? `/ur${path.slice(1)}` : `/ur${path}`);

beforeAll(async () => {
  if (!pages) return;
  t = await createPageApp();
  const product = JSON.parse((await get("/api/products?limit=1")).body)[0];
  const collection = JSON.parse((await get("/api/collections")).body)[0];
  const post = JSON.parse((await get("/api/blogs?limit=1")).body)[0];
  paths = [
    "/",
    "/collection/all",
    "/collection/all?search=qameez&sort=price_asc",
    `/collection/${collection.id}`,
    `/product/${product.id}`,
    "/cart",
    "/checkout",
    "/checkout/confirmation",
    "/track",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password/not-a-token",
    "/verify-email/not-a-token",
    "/sign-in-link/not-a-token",
    "/account",
    "/wishlist",
    "/blog",
    `/blog/${post.slug}`,
    "/about",
    "/terms",
    "/privacy",
    "/refund-policy",
    "/sitemap",
    "/order/confirm/not-a-token",
    "/no-such-page",
  ];
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe.skipIf(!pages)("every storefront route in English and in Urdu", () => {
  it("answers the same in both, Urdu right to left, a redirect staying in its language", async () => {
    for (const path of paths) {
      const english = await get(path);
      const urdu = await get(urduOf(path));
      expect(urdu.status, path).toBe(english.status);
      if (english.status >= 300 && english.status < 400) {
        expect(String(urdu.headers.location), path).toBe(urduOf(String(english.headers.location)));
        continue;
      }
      expect(english.body, path).toMatch(/<html lang="en-PK" dir="ltr"/);
      expect(urdu.body, path).toMatch(/<html lang="ur-PK" dir="rtl"/);
    }
  }, 120_000);

  it("names the page's own address as canonical and the other language with hreflang", async () => {
    const { body } = await get(urduOf("/collection/all"));
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/ur/collection/all"/>');
    expect(body).toContain('<link rel="alternate" hrefLang="en" href="http://localhost:3000/collection/all"/>');
    expect(body).toContain('<link rel="alternate" hrefLang="ur" href="http://localhost:3000/ur/collection/all"/>');
    expect(body).toContain('<link rel="alternate" hrefLang="x-default" href="http://localhost:3000/collection/all"/>');
  });

  it("leaves no Urdu on an English page outside what is marked Urdu (the language switch)", async () => {
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const { status, body } = await get(path);
      if (status !== 200 && status !== 404) continue;
      const left = urduOutsideUrdu(pageText(body));
      if (left.length) found[path] = left;
    }
    expect(found).toEqual({});
  }, 120_000);

  it("leaves no English on an Urdu page outside what is marked English (content not yet in Urdu)", async () => {
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const { status, body } = await get(urduOf(path));
      if (status !== 200 && status !== 404) continue;
      const left = englishOutsideEnglish(pageText(body), LATIN_ON_URDU_PAGES);
      if (left.length) found[path] = left;
    }
    expect(found).toEqual({});
  }, 120_000);
});

describe.skipIf(!pages)("addresses that only look Urdu", () => {
  it("has no console, API or file behind /ur, and no Urdu page for a look-alike prefix", async () => {
    for (const path of [
      "/ur/admin",
      "/ur/admin/orders",
      "/ur/api/products",
      "/ur/sitemap.xml",
      "/urdu",
      "/ur-PK/cart",
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain("Staff sign-in");
    }
    // the language switch keeps a hostile query as text, never as markup
    const { body } = await get("/ur/collection/all?search=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(body).not.toContain("<script>alert(1)</script>");
  });
});

describe.skipIf(!pages)("the front door remembers the language", () => {
  it("sends a shopper who chose Urdu from / to /ur, with the query, and nowhere else", async () => {
    const sent = await get("/?utm_source=whatsapp", { cookie: "theme=x; lang=ur" });
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe("/ur?utm_source=whatsapp");
    expect(sent.headers["cache-control"]).toBe("private, no-store");
    expect(String(sent.headers.vary)).toMatch(/Cookie/);
    const head = await t.app.inject({ method: "HEAD", url: "/", headers: { cookie: "lang=ur" } });
    expect(head.statusCode).toBe(302);
    // a link to any other page opens as it was sent
    expect((await get("/cart", { cookie: "lang=ur" })).status).toBe(200);
    expect((await get("/collection/all", { cookie: "lang=ur" })).status).toBe(200);
  });

  it("keeps English at / for English, no choice, and a cookie that is not a language", async () => {
    for (const cookie of ["lang=en", "", "lang=urdu", "lang=ur%00", "xlang=ur", `lang=${"u".repeat(5000)}`]) {
      const answer = await get("/", cookie ? { cookie } : {});
      expect(answer.status, cookie).toBe(200);
      expect(String(answer.headers.vary), cookie).toMatch(/Cookie/);
    }
  });
});
