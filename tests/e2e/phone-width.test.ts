// No page of the shop scrolls sideways on a phone, in either language: every product page (a long
// name, many photos, long option values) and the pages every visit passes. A page wider than the
// screen slides under the thumb while it scrolls and hides its end edge (the product page once was
// 426 px wide at 390: its one grid column grew to the gallery's widest content).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";

const suite = browserSuite("phone_width");

/** How far the page reaches past the screen's width, and the first element that does. */
async function overflow(page: Page): Promise<{ scrollWidth: number; widest: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = [...document.querySelectorAll("body *")].find((element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        (box.right > width + 1 || box.left < -1) &&
        !element.closest("[class*='overflow-x-auto'], .sr-only")
      );
    });
    return {
      scrollWidth: document.documentElement.scrollWidth,
      widest: past ? `${past.tagName.toLowerCase()}.${String(past.className).slice(0, 80)}` : "",
    };
  });
}

describe("on a phone", { timeout: 240_000 }, () => {
  it("no product page, in English or Urdu, is wider than the screen", async () => {
    const page = await suite.pages.open(PHONE);
    const answer = await fetch(`${suite.url}/api/products?limit=100`);
    const body = (await answer.json()) as { id: number }[] | { products: { id: number }[] };
    const products = Array.isArray(body) ? body : body.products;
    expect(products.length).toBeGreaterThan(10);
    const wide: string[] = [];
    for (const { id } of products) {
      for (const prefix of ["", "/ur"]) {
        await page.goto(`${suite.url}${prefix}/product/${id}`);
        await hydrated(page);
        const { scrollWidth, widest } = await overflow(page);
        if (scrollWidth > PHONE.width) wide.push(`${prefix}/product/${id}: ${scrollWidth} px (${widest})`);
      }
    }
    expect(wide).toEqual([]);
  });

  it("no page a visit passes through is wider than the screen, in either language", async () => {
    const page = await suite.pages.open(PHONE);
    const wide: string[] = [];
    for (const path of [
      "/",
      "/collection/all",
      "/cart",
      "/checkout",
      "/blog",
      "/track",
      "/login",
      "/register",
      "/about",
    ]) {
      for (const prefix of ["", "/ur"]) {
        const address = prefix ? `${prefix}${path === "/" ? "" : path}` : path;
        await page.goto(`${suite.url}${address}`);
        await hydrated(page);
        const { scrollWidth, widest } = await overflow(page);
        if (scrollWidth > PHONE.width) wide.push(`${address}: ${scrollWidth} px (${widest})`);
      }
    }
    expect(wide).toEqual([]);
  });
});
