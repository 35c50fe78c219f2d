// Display currencies in a real browser (spec §9; decision 0091): the owner sets a rate for the US
// dollar on Settings; a shopper picks USD in the header (desktop) or the menu (phone) and reads
// every price converted and marked ≈ on home, collection and product pages, with the rupee price
// beside it; the cart and checkout stay in rupees and say so; the choice survives a reload and is
// on the page before it is painted; the pages' bytes stay the same for everyone (the page cache);
// without JavaScript prices are rupees and there is no picker.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { approximatePrice } from "../../core/settings/currencies";
import { formatRupees } from "../../core/shared/money";
import type { Db } from "../../db/client";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";

const OWNER: ConsoleMember = {
  email: "owner@currencies.test",
  password: "Owner2026currency",
  firstName: "Hina",
  lastName: "Owner",
  role: "owner",
};

const suite = browserSuite("currencies", { prepare: (db: Db) => insertStaff(db, OWNER) });

/** Rs. 278.50 per dollar, as the owner types it */
const USD_RATE = { code: "USD" as const, rate: 2_785_000 };

async function shot(page: Page, name: string, fullPage = false) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/currencies-${name}.png`, fullPage });
}

/** A product with no options, in stock, as the API lists it. */
async function simpleProduct(): Promise<{ id: number; name: string; pricePaisa: number }> {
  const products = (await (await fetch(`${suite.url}/api/products?limit=100`)).json()) as {
    id: number;
    name: string;
    price: number;
    variant_combinations?: unknown[];
    stock_quantity?: number;
  }[];
  const found = products.find((p) => (p.variant_combinations ?? []).length === 0 && (p.stock_quantity ?? 0) > 2);
  if (!found) throw new Error("the demo store has no simple product in stock");
  return { id: found.id, name: found.name, pricePaisa: Math.round(found.price * 100) };
}

/** What a person reads in the product page's price line. */
const priceLine = (page: Page) => page.getByTestId("price").innerText();

describe.sequential("display currencies", { timeout: 180_000 }, () => {
  it("before any rate is set, the storefront has no picker and shows rupees", async () => {
    const page = await suite.pages.open(DESKTOP);
    await page.goto(`${suite.url}/`);
    await hydrated(page);
    expect(await page.getByTestId("currency-picker").count()).toBe(0);
    expect(await page.locator("[data-fx]").count()).toBe(0);
  });

  it("the owner sets a dollar rate on Settings; a bad one is refused under its field", async () => {
    const page = await suite.pages.open(DESKTOP);
    await signInToConsole(page, suite.url, OWNER);
    await page.goto(`${suite.url}/admin/settings`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Currency rates" });
    const usd = form.getByLabel("US dollar (USD): rupees per 1 USD");
    await usd.scrollIntoViewIfNeeded();
    await expectVisibleToPerson(usd);
    await usd.fill("-3");
    await form.getByRole("button", { name: "Save rates" }).click();
    const error = form.getByText("The rate for the US dollar must be more than 0");
    await expectVisibleToPerson(error, { scroll: true });
    expect(await usd.getAttribute("aria-invalid")).toBe("true");
    await shot(page, "settings-refused-desktop");

    await usd.fill("278.50");
    await form.getByRole("button", { name: "Save rates" }).click();
    // the moment and who set it, in Pakistan time (the panel is made again from the saved rates)
    await expect
      .poll(() => form.getByText(/^Set \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m by owner@currencies\.test\.$/).count())
      .toBe(1);
    await expectVisibleToPerson(page.getByText("Saved. Shoppers may see prices in USD as well as rupees."), {
      scroll: true,
    });
    await shot(page, "settings-saved-desktop");

    // the audit log reads it in words and rupees
    await page.goto(`${suite.url}/admin/audit`);
    await arrivesAt(page, "/admin/audit");
    await expectVisibleToPerson(page.getByText("Rate of the US dollar: not offered → Rs. 278.50 per USD").first());
  });

  it("a shopper picks USD in the header: home, collection and product prices convert, ≈, with rupees beside (desktop)", async () => {
    const product = await simpleProduct();
    const page = await suite.pages.open(DESKTOP);
    await page.goto(`${suite.url}/collection/all`);
    await hydrated(page);
    const picker = page.getByTestId("currency-picker");
    const summary = picker.locator("summary");
    await expectVisibleToPerson(summary);
    expect((await summary.innerText()).trim()).toMatch(/^Currency:\s*PKR\b/);
    await summary.click();
    const usd = picker.getByRole("button", { name: /USD · US dollar/ });
    await expectVisibleToPerson(usd);
    await expectVisibleToPerson(
      picker.getByText(/^≈ is approximate: Rs\. 278\.50 per US dollar, .* You pay in rupees \(Rs\.\)\.$/),
    );
    await shot(page, "picker-open-desktop");
    await usd.click();
    expect(await picker.getAttribute("open")).toBeNull();
    expect((await summary.innerText()).trim()).toMatch(/^Currency:\s*USD\b/);

    // the collection's first card: its price in dollars, and rupees beside it
    const card = page.getByRole("list", { name: "Products" }).getByRole("article").first();
    const cardPrice = await card.locator("p.font-semibold").first().innerText();
    expect(cardPrice).toMatch(/^≈ \$[\d,]+\.\d\d\s+Rs\. [\d,]+$/);
    await shot(page, "collection-usd-desktop");

    await page.goto(`${suite.url}/product/${product.id}`);
    await hydrated(page);
    const converted = approximatePrice(product.pricePaisa, USD_RATE);
    expect(await priceLine(page)).toContain(converted);
    expect(await priceLine(page)).toContain(formatRupees(product.pricePaisa));
    await expectVisibleToPerson(page.getByText(converted, { exact: true }).first());
    await expectVisibleToPerson(
      page
        .getByRole("main")
        .getByText("≈ is approximate: Rs. 278.50 per US dollar, the shop's rate of", { exact: false }),
    );
    await shot(page, "product-usd-desktop");

    await page.goto(`${suite.url}/`);
    await hydrated(page);
    const homePrices = await page
      .locator("main [data-fx=USD]")
      .evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== "none").map((el) => el.textContent));
    expect(homePrices.length).toBeGreaterThan(3);
    for (const text of homePrices) expect(text).toMatch(/^≈ \$[\d,]+\.\d\d $/);
    // no rupee amount is left showing on its own: each sits beside its converted price
    const lonely = await page.locator("main [data-rupees]").evaluateAll(
      (els) =>
        els.filter((el) => {
          const fx = el.parentElement?.querySelector("[data-fx=USD]");
          return getComputedStyle(el).display !== "none" && (!fx || getComputedStyle(fx).display === "none");
        }).length,
    );
    expect(lonely).toBe(0);
    await shot(page, "home-usd-desktop");

    // the cart and checkout are in rupees and say so
    await page.goto(`${suite.url}/product/${product.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await expect.poll(() => page.getByTestId("cart-count").first().textContent()).toBe("1");
    await page.goto(`${suite.url}/cart`);
    await hydrated(page);
    const notice = page.getByText("You will pay in rupees (Rs.), cash on delivery.");
    await expectVisibleToPerson(notice, { scroll: true });
    expect(await notice.innerText()).toContain("You will pay in rupees (Rs.)");
    await expect.poll(() => page.getByTestId("total").innerText()).toMatch(/^Rs\. [\d,]+\.\d\d$/);
    await shot(page, "cart-usd-desktop");
    await page.goto(`${suite.url}/checkout`);
    await hydrated(page);
    await expectVisibleToPerson(page.getByText("You will pay in rupees (Rs.), cash on delivery."), { scroll: true });
    await expect.poll(() => page.getByTestId("total").innerText()).toMatch(/^Rs\. [\d,]+\.\d\d$/);
    expect(await page.getByRole("main").innerText()).not.toContain("$");
    await shot(page, "checkout-usd-desktop");
  });

  it("the choice survives a reload and is on the page before it paints; the bytes are everyone's (phone)", async () => {
    const product = await simpleProduct();
    const page = await suite.pages.open(PHONE);
    // what the page looked like as its HTML was parsed, before any React code ran
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const fx = document.querySelector("[data-fx=USD]");
        (window as unknown as { firstLook: unknown }).firstLook = {
          hydrated: document.documentElement.dataset.hydrated ?? null,
          currency: document.documentElement.dataset.currency ?? null,
          usdShown: fx ? getComputedStyle(fx).display !== "none" : null,
        };
      });
    });
    await page.goto(`${suite.url}/product/${product.id}`);
    await hydrated(page);
    expect(await priceLine(page)).not.toContain("≈");
    // the phone's menu holds the picker
    await page.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
    const menuPicker = page.getByTestId("menu-currency-picker");
    await menuPicker.scrollIntoViewIfNeeded();
    const usd = menuPicker.getByRole("button", { name: /USD · US dollar/ });
    await expectVisibleToPerson(usd);
    await shot(page, "menu-picker-phone");
    await usd.click();
    expect(await usd.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
    expect(await priceLine(page)).toContain(approximatePrice(product.pricePaisa, USD_RATE));
    await shot(page, "product-usd-phone");

    const response = page.waitForResponse((r) => new URL(r.url()).pathname === `/product/${product.id}`);
    await page.reload();
    const body = await (await response).body();
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { firstLook: unknown }).firstLook)).toEqual({
      hydrated: null,
      currency: "USD",
      usdShown: true,
    });
    expect(await priceLine(page)).toContain(approximatePrice(product.pricePaisa, USD_RATE));
    // nothing sideways on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // the choice travels in no request: no cookie, and the page this shopper got is the page
    // anyone gets, from the page cache
    expect(await page.context().cookies()).toEqual([]);
    const first = await fetch(`${suite.url}/product/${product.id}`);
    // the first may have been the reload's copy in its last moment (pages live 5 s): a copy
    // rendered afresh is asked for until it answers from the cache
    let again = await fetch(`${suite.url}/product/${product.id}`);
    for (let tries = 0; tries < 3 && again.headers.get("x-page-cache") !== "hit"; tries++) {
      await again.arrayBuffer();
      again = await fetch(`${suite.url}/product/${product.id}`);
    }
    expect(again.headers.get("x-page-cache")).toBe("hit");
    const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await again.arrayBuffer())];
    expect(a.equals(b)).toBe(true);
    expect(body.equals(b)).toBe(true);

    await page.goto(`${suite.url}/collection/all`);
    await hydrated(page);
    const card = page.getByRole("list", { name: "Products" }).getByRole("article").first();
    await expectVisibleToPerson(card.locator("[data-fx=USD]").first(), { scroll: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, "collection-usd-phone");

    await page.goto(`${suite.url}/cart`);
    await hydrated(page);
    await shot(page, "cart-empty-usd-phone");
  });

  it("without JavaScript prices are rupees and no picker shows (phone)", async () => {
    const product = await simpleProduct();
    const page = await suite.pages.open(PHONE, false);
    await page.goto(`${suite.url}/product/${product.id}`);
    const line = await priceLine(page);
    expect(line).toContain(formatRupees(product.pricePaisa));
    expect(line).not.toContain("≈");
    await page.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
    expect(await page.getByTestId("menu-currency-picker").isVisible()).toBe(false);
    await shot(page, "no-js-phone");
  });
});
