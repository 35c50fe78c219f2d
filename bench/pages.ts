// The storefront pages the page sections measure (ssr.ts, js-budget.ts, lighthouse.ts, and
// memory.ts and slow-link.ts besides): which pages, with ids from the running store; whether each
// answers; the browser every section drives; and the pieces of their reports they share.
//
// KB here are 1024 bytes, as Lighthouse counts them. Pages that answer 404 (not built yet) are
// skipped with a note; any other answer but 200 is a failure.
//
// Environment (besides bench/run.ts's):
//   CHROME_PATH=/usr/bin/chromium    the browser Lighthouse and the slow link drive
import fs from "node:fs";
import os from "node:os";
import { getJson, getRaw } from "./lib/http";
import { fixed } from "./lib/report";
import { localePath } from "../app/i18n/locales";

export const KB = 1024;
/**
 * At most this much compressed script on the product page: decision 0083's budget, what React
 * 19 and React Router 7 measured here with the store's own code (109.3 KB)
 */
export const JS_BUDGET_KB = 110;

/** Debian's Chromium in a container, quiet on the network (every browser the bench starts). */
export const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];
export const CHROME_FLAGS = ["--headless=new", ...CHROME_ARGS];

/** The browser to drive: CHROME_PATH or Debian's; throws with the fix when it is not there. */
export function chromePath(): string {
  const file = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!fs.existsSync(file)) {
    throw new Error(
      `No browser at ${file}: install Debian's (apt-get update && apt-get install -y chromium) or set CHROME_PATH`,
    );
  }
  return file;
}

export interface Page {
  /** short name: home, collection, product, cart, checkout, blog-post, login */
  name: string;
  path: string;
  /** the page the JavaScript budget applies to */
  budget?: boolean;
}

interface IdJson {
  id: number;
  product_count?: number;
}

/** The browse pages, the cart, the checkout, a blog post and the sign-in page, with ids from the running store. */
export async function discoverPages(baseUrl: string, log: (m: string) => void): Promise<Page[]> {
  const products = await getJson<IdJson[]>(`${baseUrl}/api/products?limit=1`);
  const product = products[0];
  if (!product) throw new Error("GET /api/products?limit=1 returned no product: is the demo store seeded?");

  // the collection with the most products: a typical listing page
  const collections = await getJson<IdJson[]>(`${baseUrl}/api/collections`);
  const collection = [...collections].sort((a, b) => (b.product_count ?? 0) - (a.product_count ?? 0))[0];
  if (!collection) throw new Error("GET /api/collections returned no collection");

  let blogPath: string | null = null;
  try {
    const posts = await getJson<{ slug?: string }[]>(`${baseUrl}/api/blogs?limit=1`);
    if (posts[0]?.slug) blogPath = `/blog/${encodeURIComponent(posts[0].slug)}`;
  } catch (error) {
    log(`pages: no blog post to test (${error instanceof Error ? error.message : String(error)})`);
  }

  const pages: Page[] = [
    { name: "home", path: "/" },
    { name: "collection", path: `/collection/${collection.id}` },
    { name: "product", path: `/product/${product.id}`, budget: true },
    { name: "cart", path: "/cart" },
    { name: "checkout", path: "/checkout" },
  ];
  if (blogPath) pages.push({ name: "blog-post", path: blogPath });
  pages.push({ name: "login", path: "/login" });
  return pages;
}

/**
 * The same pages in Urdu too (decision 0110), named "<page>-ur": the script and Lighthouse
 * sections hold them to the same budgets; an English page must not grow by their words.
 */
export function withUrdu(pages: Page[]): Page[] {
  return [...pages, ...pages.map((p) => ({ ...p, name: `${p.name}-ur`, path: localePath(p.path, "ur") }))];
}

export interface PageCheck {
  page: Page;
  status: number;
}

/** Each page's status: 200 is tested, 404 skipped (not built yet), anything else a failure. */
export async function checkPages(
  baseUrl: string,
  pages: Page[],
): Promise<{ ok: Page[]; skipped: PageCheck[]; broken: PageCheck[] }> {
  const ok: Page[] = [];
  const skipped: PageCheck[] = [];
  const broken: PageCheck[] = [];
  for (const page of pages) {
    const answer = await getRaw(`${baseUrl}${page.path}`);
    if (answer.status === 200) ok.push(page);
    else if (answer.status === 404) skipped.push({ page, status: answer.status });
    else broken.push({ page, status: answer.status });
  }
  return { ok, skipped, broken };
}

export function skippedNotes(skipped: PageCheck[]): string[] {
  return skipped.map((s) => `Skipped ${s.page.name} (GET ${s.page.path} answered 404: not built yet?).`);
}

export function brokenFailures(section: string, broken: PageCheck[]): string[] {
  return broken.map((b) => `${section}: GET ${b.page.path} (${b.page.name}) answered ${b.status}`);
}

export function loadNote(values: number[]): string[] {
  const busiest = Math.max(...values);
  const cpus = os.cpus().length;
  return busiest > cpus + 1
    ? [
        `Note: the machine was busy (1-minute load average up to ${busiest.toFixed(1)} on ${cpus} CPUs): ` +
          "other processes competed, so these figures are pessimistic and noisy.",
      ]
    : [];
}

export const kb = (bytes: number, digits = 1) => fixed(bytes / KB, digits);
export const mark = (pass: boolean | undefined) => (pass === undefined ? "" : pass ? " PASS" : " MISS");
