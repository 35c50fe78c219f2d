// A cart line's product name in the language of the page it is seen on (decision 0111), in a real
// browser at phone width against the built store: a product added on an English page shows its
// Urdu name in the Urdu cart and the Urdu checkout's summary, and its English name on the English
// ones; a product without an Urdu name stays English, marked lang="en"; a line added on an Urdu page
// keeps the English name (the shop's record) beside the Urdu; a line kept from before is corrected
// by the reload from the server cart. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import urdu from "../../app/i18n/ur/checkout";
import type { Db } from "../../db/client";
import { PHONE, SCREENSHOT_DIR, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { putServerCart } from "../helpers/server-cart";

const URDU_NAME = "ریشمی اسکرنچی، چار کا پیک";

// the demo's Urdu names are on products with options: one without options gets one here, and the
// next one without options has none
async function prepare(db: Db): Promise<void> {
  const simple = sql`select p.id from products p
    where p.is_active and p.stock >= 10
      and not exists (select 1 from variant_combinations vc where vc.product_id = p.id)
    order by p.id`;
  await db.execute(sql`update products set name_ur = ${URDU_NAME} where id = (${simple} limit 1)`);
  await db.execute(sql`update products set name_ur = null where id = (${simple} offset 1 limit 1)`);
}

const suite = browserSuite("cart-names", { prepare });
const store = {
  get url() {
    return suite.url;
  },
};
const open = suite.pages.open;
const cartCount = (page: Page) => page.getByTestId("cart-count").textContent();

const POLL = { timeout: 15_000 };

interface Product {
  id: number;
  name: string;
  name_ur: string | null;
  stock: number;
  variant_combinations: unknown[];
}

/** A product without options and with stock, with an Urdu name or without one. */
async function simpleProduct(withUrdu: boolean): Promise<Product> {
  const products = (await fetch(`${store.url}/api/products?limit=200&sort=name`).then((r) => r.json())) as Product[];
  const found = products.find(
    (p) => p.variant_combinations.length === 0 && p.stock >= 10 && Boolean(p.name_ur) === withUrdu,
  );
  if (!found) throw new Error(`no simple product ${withUrdu ? "with" : "without"} an Urdu name`);
  return found;
}

interface StoredLine {
  id: number;
  name: string;
  name_ur?: string;
}
const storedLines = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]") as StoredLine[]);

async function addOnProductPage(page: Page, path: string, button: string, count: string) {
  await page.goto(`${store.url}${path}`);
  await hydrated(page);
  await page.getByRole("button", { name: button }).first().click();
  await expect.poll(() => cartCount(page), POLL).toBe(count);
}

async function shot(page: Page, name: string) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

/** The cart page's line of this product (its name is the line's name), and the name's heading. */
const cartLine = (page: Page, name: string) => page.getByRole("listitem", { name, exact: true });

describe.sequential("cart lines' names in the page's language", { timeout: 120_000 }, () => {
  it("added on English pages: the Urdu cart and checkout show the Urdu name, the English ones the English", async () => {
    const [named, plain] = await Promise.all([simpleProduct(true), simpleProduct(false)]);
    const page = await open(PHONE);
    await addOnProductPage(page, `/product/${named.id}`, "Add to Cart", "1");
    await addOnProductPage(page, `/product/${plain.id}`, "Add to Cart", "2");
    // the line keeps the English name, and the Urdu from the server's answer
    expect(await storedLines(page)).toEqual([
      expect.objectContaining({ id: named.id, name: named.name, name_ur: named.name_ur }),
      expect.objectContaining({ id: plain.id, name: plain.name }),
    ]);
    expect((await storedLines(page))[1]).not.toHaveProperty("name_ur");

    // the Urdu cart: the Urdu name, seen; the English one marked as English
    await page.goto(`${store.url}/ur/cart`);
    await hydrated(page);
    const urduLine = cartLine(page, named.name_ur!);
    await urduLine.waitFor(POLL);
    const urduName = urduLine.getByRole("heading", { level: 2 });
    expect(await urduName.textContent()).toBe(named.name_ur);
    expect(await urduName.getAttribute("lang")).toBeNull();
    await expectVisibleToPerson(urduName);
    const englishName = cartLine(page, plain.name).getByRole("heading", { level: 2 });
    expect(await englishName.textContent()).toBe(plain.name);
    expect(await englishName.getAttribute("lang")).toBe("en");
    await expectVisibleToPerson(englishName, { scroll: true });
    expect(await page.getByText(named.name, { exact: true }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "cart-names-ur-cart-phone");

    // the Urdu checkout's summary
    await page.goto(`${store.url}/ur/checkout`);
    await hydrated(page);
    await page.getByRole("button", { name: urdu["Place Order"] }).waitFor(POLL);
    const summary = page.getByRole("list", { name: urdu["Items in your order"] });
    const urduSummaryName = summary.getByText(named.name_ur!, { exact: true });
    await expectVisibleToPerson(urduSummaryName, { scroll: true });
    expect(await urduSummaryName.getAttribute("lang")).toBeNull();
    const englishSummaryName = summary.getByText(plain.name, { exact: true });
    expect(await englishSummaryName.getAttribute("lang")).toBe("en");
    await expectVisibleToPerson(englishSummaryName, { scroll: true });
    await shot(page, "cart-names-ur-checkout-phone");

    // the English cart and checkout: the English names, unmarked
    await page.goto(`${store.url}/cart`);
    await hydrated(page);
    const english = cartLine(page, named.name).getByRole("heading", { level: 2 });
    await english.waitFor(POLL);
    expect(await english.getAttribute("lang")).toBeNull();
    await expectVisibleToPerson(english);
    expect(await page.getByText(named.name_ur!, { exact: true }).count()).toBe(0);
    await page.goto(`${store.url}/checkout`);
    await hydrated(page);
    const englishSummary = page.getByRole("list", { name: "Items in your order" });
    await expectVisibleToPerson(englishSummary.getByText(named.name, { exact: true }), { scroll: true });
    await shot(page, "cart-names-en-checkout-phone");
  });

  it("added on an Urdu product page while the server cart is away: the line keeps the English name and the Urdu", async () => {
    const named = await simpleProduct(true);
    const page = await open(PHONE);
    // the server cart cannot be reached: the page's own line is what the browser keeps (spec §4)
    await page.route("**/api/cart/**", (route) => route.abort());
    await addOnProductPage(page, `/ur/product/${named.id}`, "کارٹ میں ڈالیں", "1");
    expect(await storedLines(page)).toEqual([
      expect.objectContaining({ id: named.id, name: named.name, name_ur: named.name_ur }),
    ]);
    await page.goto(`${store.url}/cart`);
    await hydrated(page);
    await cartLine(page, named.name).getByRole("heading", { level: 2 }).waitFor(POLL);
    await page.goto(`${store.url}/ur/cart`);
    await hydrated(page);
    await expectVisibleToPerson(cartLine(page, named.name_ur!).getByRole("heading", { level: 2 }));
  });

  it("a line kept from before (the Urdu as its name, no name_ur) is corrected by the cart's reload", async () => {
    const named = await simpleProduct(true);
    const page = await open(PHONE);
    await putServerCart(page, store.url, [{ productId: named.id, quantity: 1 }]);
    await page.evaluate(
      ({ id, shown }) => {
        // as an Urdu page stored it before lines carried both names
        const old = { id, name: shown, image: "", price: 1, variant: {}, variants: {}, quantity: 1 };
        localStorage.setItem(
          "cart",
          JSON.stringify([{ ...old, combination_id: null, daraz_link: null, maxStock: 999 }]),
        );
      },
      { id: named.id, shown: named.name_ur! },
    );
    await page.goto(`${store.url}/cart`);
    await hydrated(page);
    await expectVisibleToPerson(cartLine(page, named.name).getByRole("heading", { level: 2 }));
    expect(await storedLines(page)).toEqual([
      expect.objectContaining({ id: named.id, name: named.name, name_ur: named.name_ur }),
    ]);
  });

  it("a line with options on the Urdu cart: the option names in Urdu, the shop's English values marked", async () => {
    const products = (await fetch(`${suite.url}/api/products?limit=200&sort=name`).then((r) => r.json())) as {
      id: number;
      name: string;
      name_ur: string | null;
      variant_combinations: { id: number; stock: number; variant_attributes: string }[];
    }[];
    const product = products.find((p) => p.name_ur && p.variant_combinations.some((c) => c.stock > 0))!;
    const combo = product.variant_combinations.find((c) => c.stock > 0)!;
    const page = await open(PHONE);
    await putServerCart(page, suite.url, [{ productId: product.id, combinationId: combo.id }]);
    await page.goto(`${suite.url}/ur/cart`);
    await hydrated(page);
    const line = cartLine(page, product.name_ur!);
    await expectVisibleToPerson(line.getByRole("heading", { level: 2 }));
    const values = Object.values(JSON.parse(combo.variant_attributes) as Record<string, string>);
    const options = line.locator("p").filter({ hasText: values[0]! });
    await expectVisibleToPerson(options);
    // a value the shop wrote in English is marked; the common option names are in Urdu, unmarked
    for (const value of values) {
      expect(await options.getByText(value, { exact: true }).getAttribute("lang")).toBe("en");
    }
    expect(await options.locator('[lang="en"]').count()).toBe(values.length);
    await shot(page, "cart-names-ur-options-phone");
  });
});
