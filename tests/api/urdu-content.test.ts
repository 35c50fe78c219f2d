// The blog, About us and the policy pages in Urdu (decision 0110): each /ur page right to left
// with its own canonical address and the English one named as its other language; the policy
// texts the store ships, in Urdu; an owner's own English text, and a post's English body, shown
// as English inside the Urdu page; and the English pages with no Urdu outside the language switch.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

let t: PageApp;
beforeAll(async () => {
  if (hasPageBuild()) t = await createPageApp();
});
afterAll(async () => {
  await t?.close();
});

async function page(url: string): Promise<string> {
  const answer = await t.app.inject({ method: "GET", url });
  expect(answer.statusCode, url).toBe(200);
  return answer.body;
}

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
// "21 نومبر، 2026": the day, an Urdu month, the year
const URDU_DATE = /\d{1,2} (?:جنوری|فروری|مارچ|اپریل|مئی|جون|جولائی|اگست|ستمبر|اکتوبر|نومبر|دسمبر)، \d{4}/;

function expectUrduFrame(html: string, path: string) {
  expect(html).toMatch(/<html lang="ur-PK" dir="rtl"/);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/ur${path}"`));
  expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="en" href="[^"]*${path}"`));
  expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="ur" href="[^"]*/ur${path}"`));
}

/** The page, its data included, without its lang="ur" elements (the language switch). */
function withoutUrduElements(html: string): string {
  return html.replace(/<(\w+)\b[^>]*\blang="ur(?:-PK)?"[^>]*>[\s\S]*?<\/\1>/g, "");
}

async function firstPostPath(): Promise<string> {
  const [first] = (await t.app.inject({ method: "GET", url: "/api/blogs" })).json() as { slug: string; id: number }[];
  if (!first) throw new Error("the seeded store has no blog posts");
  return `/blog/${first.slug || first.id}`;
}

describe.skipIf(!hasPageBuild())("the blog, About us and the policy pages in Urdu", () => {
  it("lists the posts in Urdu, dated in Urdu, each post's English set apart as English", async () => {
    const html = await page("/ur/blog");
    expectUrduFrame(html, "/blog");
    expect(html).toContain("ہمارا بلاگ");
    expect(html).toContain("مزید پڑھیں");
    expect(html).toMatch(URDU_DATE);
    expect(html).toMatch(/منٹ کی پڑھائی/);
    // each post's title links to its Urdu page and is marked as English
    expect(html).toMatch(/<a(?=[^>]*href="\/ur\/blog\/[^"]+")(?=[^>]*lang="en" dir="ltr")[^>]*>/);
    expect(html).not.toMatch(/href="\/blog\//);
    expect(html).not.toContain("Read More");
  });

  it("shows a post's English body as English inside the Urdu page, with its links in Urdu", async () => {
    const path = await firstPostPath();
    const html = await page(`/ur${path}`);
    expectUrduFrame(html, path);
    expect(html).toMatch(/<h1 id="post-title"[^>]*lang="en" dir="ltr"/);
    expect(html).toMatch(/<div class="[^"]*" lang="en" dir="ltr">/);
    expect(html).toMatch(URDU_DATE);
    expect(html).toContain("→ بلاگ پر واپس جائیں");
    expect(html).toContain('href="/ur/blog"');
    expect(html).toContain('href="/ur/collection/all"');
  });

  it("serves the shipped policy texts and About us in Urdu, with their figures and Urdu links", async () => {
    const refund = await page("/ur/refund-policy");
    expectUrduFrame(refund, "/refund-policy");
    expect(refund).toContain("<title>واپسی اور تبادلے کی پالیسی |");
    expect(refund).toContain("ریفنڈ نہیں ہوتا۔");
    expect(refund).toContain("ڈیلیوری کے 7 دن کے اندر تبادلہ۔");
    expect(refund).toContain("48 گھنٹوں");
    expect(refund).toMatch(/آخری بار تبدیل: \u2068\d{1,2} نومبر، 2026\u2069/);
    expect(refund).toContain('href="/ur/terms"');
    expect(refund).not.toContain("No refunds");

    const terms = await page("/ur/terms");
    expectUrduFrame(terms, "/terms");
    expect(terms).toContain("شرائط و ضوابط");
    expect(terms).toContain("کم از کم 18 سال");
    expect(terms).toContain('href="/ur/privacy"');

    const privacy = await page("/ur/privacy");
    expectUrduFrame(privacy, "/privacy");
    expect(privacy).toContain("پرائیویسی پالیسی");
    expect(privacy).toContain("30 دن کے اندر");
    expect(privacy).toContain('href="/ur/account"');

    const about = await page("/ur/about");
    expectUrduFrame(about, "/about");
    expect(about).toContain("ہمارے بارے میں");
    expect(about).toContain("ہم کون ہیں");
    expect(about).toContain('href="/ur/track"');
    for (const html of [refund, terms, privacy, about]) expect(html).not.toContain("Contact us");
  });

  it("shows the owner's own English policy as English on the Urdu page, and unmarked on the English one", async () => {
    await t.database.db.execute(sql`
      insert into policy_pages (slug, title, content)
      values ('privacy', 'Our Privacy Promise', '<p>We keep your details to ourselves.</p>')`);
    try {
      const urdu = await page("/ur/privacy");
      expectUrduFrame(urdu, "/privacy");
      expect(urdu).toMatch(/<span lang="en" dir="ltr">Our Privacy Promise<\/span>/);
      expect(urdu).toMatch(/lang="en" dir="ltr"><p>We keep your details to ourselves.<\/p><\/div>/);
      expect(urdu).toContain("آپ کا ڈیٹا");
      expect(urdu).not.toContain("2016");

      const english = await page("/privacy");
      // the owner's text in the page's own language: in its block as it is, unmarked
      expect(english).toMatch(/<div class="[^"]*"><p>We keep your details to ourselves.<\/p><\/div>/);
      expect(english).not.toMatch(/lang="en" dir="ltr"/);
      expect(english).toContain("Your data");
    } finally {
      await t.database.db.execute(sql`delete from policy_pages where slug = 'privacy'`);
    }
  });

  it("keeps the English pages free of Urdu outside the language switch", async () => {
    const post = await firstPostPath();
    for (const path of ["/blog", post, "/about", "/terms", "/privacy", "/refund-policy"]) {
      const html = await page(path);
      expect(html, path).toMatch(/<html lang="en-PK" dir="ltr"/);
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path}"`));
      expect(html, path).not.toMatch(/lang="en" dir="ltr"/);
      const stripped = withoutUrduElements(html);
      expect(stripped.match(ARABIC_SCRIPT)?.[0], path).toBeUndefined();
    }
    expect(await page("/refund-policy")).toContain("<strong>No refunds.</strong>");
    expect(await page("/blog")).toMatch(/\d{1,2} [A-Z][a-z]+ \d{4}/);
  });
});
