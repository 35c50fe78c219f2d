// Cart, checkout, confirmation and tracking in a real browser, at phone and desktop
// widths, against the built store. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set
// (its own database, as server.test.ts does). Orders are counted in the database at the end:
// on PGlite the store owns its data folder, so the count opens it after the store has stopped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { COUNTRIES } from "../../core/orders/checkout-form";
import { PAKISTAN_PHONE_MESSAGE, PHONE_MESSAGE } from "../../core/shared/phone";
import { formatRupees } from "../../core/shared/money";
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  expectPhoneHeaderUsable,
  expectVisibleToPerson,
  hasChromium,
  hydrated,
  launchBrowser,
  pageOpener,
} from "../helpers/browser";
import { startStore, type StoreProcess } from "../helpers/server-process";
import { admin, postgresUrl, withDatabase } from "../helpers/template";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-checkout-"));
const pgUrl = postgresUrl();
const pgDatabase = `e2e_checkout_${process.pid}`;
const storeDatabaseUrl = pgUrl ? withDatabase(pgUrl, pgDatabase) : undefined;
let store: StoreProcess;
let browser: Browser;
const pages = pageOpener(() => browser);
const open = pages.open;

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  stock: number;
  variants: { variant_type: string; variant_value: string }[];
  variant_combinations: {
    id: number;
    variant_attributes: string;
    stock: number;
    price: number;
    is_available?: boolean;
  }[];
}

interface Pick {
  id: number;
  name: string;
  pricePaisa: number;
  stock: number;
}

let cardProduct: ApiProduct;
let lowStock: Pick & { combinationId: number; size: string; color: string };
const simple: Pick[] = [];
const money = (paisa: number) => formatRupees(paisa, { decimals: true });
const TRACKING_ID = /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/;

const cartCount = (page: Page) => page.getByTestId("cart-count").textContent();

/** A server cart for this browser (as the cart module makes one), then the page at `path`. */
async function withCart(page: Page, lines: { product: Pick; quantity: number }[], pagePath = "/checkout") {
  await page.goto(`${store.url}/track`);
  await page.evaluate(
    async (lines) => {
      const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
      localStorage.setItem("sessionId", sessionId);
      for (const line of lines) {
        const res = await fetch("/api/cart/flexible", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ session_id: sessionId, product_id: line.id, quantity: line.quantity }),
        });
        if (!res.ok) throw new Error(await res.text());
      }
    },
    lines.map((l) => ({ id: l.product.id, quantity: l.quantity })),
  );
  await page.goto(`${store.url}${pagePath}`);
  await hydrated(page);
  if (pagePath === "/checkout") await page.getByRole("button", { name: "Place Order" }).waitFor();
}

const FORM = {
  "First name": "Ayesha",
  "Last name": "Khan",
  Email: "ayesha@example.pk",
  Phone: "0300-1234567",
  Address: "House 12, Street 4, Gulberg III",
  City: "Lahore",
  "Postal code": "54660",
};
type Label = keyof typeof FORM;

async function fillForm(page: Page, values: Partial<Record<Label, string>> = {}) {
  for (const [label, value] of Object.entries({ ...FORM, ...values })) {
    await page.getByRole("textbox", { name: label, exact: true }).fill(value);
  }
}

const placeOrder = (page: Page) => page.getByRole("button", { name: "Place Order" });
const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

async function applyVoucher(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Promo code" }).fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

async function trackingIdOnConfirmation(page: Page): Promise<string> {
  await page.waitForURL(/\/checkout\/confirmation\?tracking_id=/);
  const id = (await page.getByTestId("tracking-id").textContent())!.trim();
  expect(id).toMatch(TRACKING_ID);
  return id;
}

beforeAll(async () => {
  if (!hasChromium()) throw new Error("Chromium is missing: apt-get install -y chromium");
  if (pgUrl) await admin(pgUrl, `drop database if exists ${pgDatabase} with (force)`, `create database ${pgDatabase}`);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_IMAGES: "0",
    ...(storeDatabaseUrl ? { DATABASE_URL: storeDatabaseUrl } : {}),
  };
  [store, browser] = await Promise.all([startStore(env), launchBrowser()]);

  const products = (await fetch(`${store.url}/api/products?limit=200&sort=name`).then((r) => r.json())) as ApiProduct[];
  cardProduct = products[0]!;
  // an option with only a few left, on a product with size and colour pickers
  for (const p of products.slice(1)) {
    const types = new Set(p.variants.map((v) => v.variant_type));
    if (!types.has("size") || !types.has("color")) continue;
    const combo = p.variant_combinations.find((c) => c.stock >= 2 && c.stock <= 4);
    if (!combo) continue;
    const attrs = JSON.parse(combo.variant_attributes) as { size: string; color: string };
    lowStock = {
      id: p.id,
      name: p.name,
      pricePaisa: Math.round(combo.price * 100),
      stock: combo.stock,
      combinationId: combo.id,
      ...attrs,
    };
    break;
  }
  // products without options and plenty of stock, one per test that orders
  for (const p of products) {
    if (p.variant_combinations.length === 0 && p.stock >= 20)
      simple.push({ id: p.id, name: p.name, pricePaisa: Math.round(p.price * 100), stock: p.stock });
  }
  expect(lowStock).toBeDefined();
  expect(simple.length).toBeGreaterThanOrEqual(3);
});

afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
  await store?.stop("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) await admin(pgUrl, `drop database if exists ${pgDatabase} with (force)`);
});

describe.sequential("cart, checkout and tracking", { timeout: 90_000 }, () => {
  it("cart on a phone: empty states, adds from a card and a product page, quantities and stock limits", async () => {
    const page = await open(PHONE);
    await page.goto(`${store.url}/cart`);
    await hydrated(page);
    await page.getByText("Your cart is empty").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Continue Shopping" }).waitFor();
    await page.goto(`${store.url}/checkout`);
    await hydrated(page);
    await page.getByText("Your cart is empty").waitFor();

    // from a collection card
    await page.goto(`${store.url}/collection/all?sort=name`);
    await hydrated(page);
    const card = page.getByRole("list", { name: "Products" }).getByRole("article").first();
    expect(await card.getByRole("heading", { level: 3 }).textContent()).toBe(cardProduct.name);
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => cartCount(page)).toBe("1");

    // from a product page: all that is left of one option
    await page.goto(`${store.url}/product/${lowStock.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: lowStock.size, exact: true }).first().click();
    await page.getByRole("button", { name: lowStock.color, exact: true }).first().click();
    await expect.poll(() => page.getByTestId("stock").textContent()).toBe(`${lowStock.stock} in stock`);
    const add = page.getByRole("button", { name: "Add to Cart", exact: true }).first();
    await page.getByRole("spinbutton").fill(String(lowStock.stock));
    await add.click();
    await expect.poll(() => cartCount(page)).toBe(String(1 + lowStock.stock));

    // one more: spec §4 asks before replacing what is already in the cart
    await page.getByRole("spinbutton").fill("1");
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      }),
    );
    await add.click();
    expect(await asked).toContain(
      `Only ${lowStock.stock} items available in stock. You already have ${lowStock.stock} in cart.`,
    );
    await page.getByText("Existing items removed from cart").waitFor();
    await expect.poll(() => cartCount(page)).toBe("2");

    // the cart page: stepper with the maxStock rules
    await page.getByRole("link", { name: /^Cart, / }).click();
    await page.waitForURL(/\/cart$/);
    const line = page.getByRole("listitem", { name: lowStock.name });
    const plus = line.getByRole("button", { name: `Increase quantity of ${lowStock.name}` });
    const minus = line.getByRole("button", { name: `Decrease quantity of ${lowStock.name}` });
    await line.getByText(`Size: ${lowStock.size} · Colour: ${lowStock.color}`).waitFor();
    expect(await line.getByRole("link", { name: lowStock.name }).getAttribute("href")).toBe(`/product/${lowStock.id}`);
    expect(await minus.isDisabled()).toBe(true);
    for (let quantity = 2; quantity <= lowStock.stock; quantity++) {
      await plus.click();
      await expect.poll(() => line.getByTestId("quantity").textContent()).toBe(String(quantity));
    }
    await expect.poll(() => plus.isDisabled()).toBe(true);
    await line.getByText(`Only ${lowStock.stock} available`).waitFor();
    expect(await line.getByTestId("line-total").textContent()).toContain(money(lowStock.pricePaisa * lowStock.stock));
    await minus.click();
    await expect.poll(() => line.getByTestId("quantity").textContent()).toBe(String(lowStock.stock - 1));
    expect(await line.getByText(/^Only \d+ available$/).count()).toBe(0);

    // summary in rupees with 2 decimals, and the free-shipping bar
    const cart = await page.evaluate(
      () => JSON.parse(localStorage.getItem("cart") ?? "[]") as { price: number; quantity: number }[],
    );
    const subtotal = cart.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0);
    expect(await page.getByTestId("subtotal").textContent()).toBe(money(subtotal));
    expect(await page.getByTestId("shipping").textContent()).toBe(subtotal >= 500_000 ? "FREE" : money(50_000));
    expect(await page.getByTestId("total").textContent()).toBe(
      money(subtotal >= 500_000 ? subtotal : subtotal + 50_000),
    );
    if (subtotal < 500_000) await page.getByText(`${money(500_000 - subtotal)} more for free shipping`).waitFor();
    await page.getByText("We accept").waitFor();
    await page.getByRole("region", { name: "You might also like" }).getByRole("article").first().waitFor();

    await page.getByRole("button", { name: `Remove ${cardProduct.name}` }).click();
    await page.getByText("Item removed from cart").waitFor();
    await expect.poll(() => page.getByRole("list", { name: "Cart items" }).getByRole("listitem").count()).toBe(1);
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("list", { name: "Items in your order" }).getByText(lowStock.name).waitFor();
  });

  it("keeps what the shopper types straight after arriving from the cart (phone)", async () => {
    // types into the email field the moment it appears, the fastest a shopper could
    const typeOnArrival = () => {
      new MutationObserver((_, observer) => {
        const field = document.getElementById("checkout-email") as HTMLInputElement | null;
        if (!field) return;
        observer.disconnect();
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
        setValue.call(field, "quick@example.pk");
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }).observe(document, { childList: true, subtree: true });
    };
    const settled = async (page: Page, reloaded: Promise<unknown>) => {
      // the checkout reloads the cart as it opens; then React has rendered what followed
      await reloaded;
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    };
    const email = (page: Page) => page.getByRole("textbox", { name: "Email", exact: true });

    // from the cart's checkout link, in the page
    const page = await open(PHONE);
    await withCart(page, [{ product: simple[0]!, quantity: 1 }], "/cart");
    await expectPhoneHeaderUsable(page);
    await page.evaluate(typeOnArrival);
    const reloaded = page.waitForResponse((r) => r.url().includes("/api/cart/flexible/"));
    await page
      .getByRole("link", { name: /checkout/i })
      .first()
      .click();
    await page.waitForURL(`${store.url}/checkout`);
    await settled(page, reloaded);
    expect(await email(page).inputValue()).toBe("quick@example.pk");
    await expectPhoneHeaderUsable(page);

    // and on a fresh load of the checkout page, with a draft saved from an earlier visit
    await page.evaluate(() =>
      sessionStorage.setItem("checkoutForm", JSON.stringify({ firstName: "Earlier", email: "" })),
    );
    await page.addInitScript(typeOnArrival);
    const reloadedAgain = page.waitForResponse((r) => r.url().includes("/api/cart/flexible/"));
    await page.reload();
    await settled(page, reloadedAgain);
    expect(await email(page).inputValue()).toBe("quick@example.pk");

    // Place Order checks the email the shopper sees
    await placeOrder(page).click();
    await page.getByText("First name is required").or(page.getByText("Phone is required")).first().waitFor();
    expect(await page.getByText("Email is required").count()).toBe(0);
  });

  it("Buy it Now lands on checkout; each invalid field gets its message beside it (desktop)", async () => {
    const page = await open(DESKTOP);
    let orderCalls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/orders")) orderCalls++;
    });
    await page.goto(`${store.url}/product/${simple[0]!.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Buy it Now" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("list", { name: "Items in your order" }).getByText(simple[0]!.name).waitFor();
    await page.getByText("Delivery in 3-5 business days").waitFor();
    await page.getByText("Cash on Delivery", { exact: true }).first().waitFor();

    // autofill and phone keyboards
    const attrs = (id: string) =>
      page.locator(`#checkout-${id}`).evaluate((el) => ({
        autocomplete: el.getAttribute("autocomplete"),
        inputmode: el.getAttribute("inputmode"),
        type: el.getAttribute("type"),
      }));
    expect(await attrs("firstName")).toMatchObject({ autocomplete: "given-name" });
    expect(await attrs("lastName")).toMatchObject({ autocomplete: "family-name" });
    expect(await attrs("email")).toEqual({ autocomplete: "email", inputmode: "email", type: "email" });
    expect(await attrs("phone")).toEqual({ autocomplete: "tel", inputmode: "tel", type: "tel" });
    expect(await attrs("address")).toMatchObject({ autocomplete: "street-address" });
    expect(await attrs("city")).toMatchObject({ autocomplete: "address-level2" });
    expect(await attrs("postalCode")).toMatchObject({ autocomplete: "postal-code", inputmode: "numeric" });
    expect(await attrs("country")).toMatchObject({ autocomplete: "country-name" });
    const country = page.getByRole("combobox", { name: "Country" });
    expect(await country.locator("option").allTextContents()).toEqual([...COUNTRIES]);
    expect(await country.inputValue()).toBe("Pakistan");

    // nothing filled: every required field says so, and the first one has the focus
    await placeOrder(page).click();
    const required: [Label, string][] = [
      ["First name", "First name is required"],
      ["Last name", "Last name is required"],
      ["Email", "Email is required"],
      ["Phone", "Phone is required"],
      ["Address", "Address is required"],
      ["City", "City is required"],
      ["Postal code", "Postal code is required"],
    ];
    for (const [label, message] of required) {
      const field = page.getByRole("textbox", { name: label, exact: true });
      await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
      expect(
        await field.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby")!)?.textContent),
      ).toBe(message);
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("checkout-firstName");

    // one invalid field at a time
    for (const [label, message] of required) {
      await fillForm(page, { [label]: "" });
      await placeOrder(page).click();
      await page.getByText(message, { exact: true }).waitFor();
      expect(await page.locator("[aria-invalid=true]").count()).toBe(1);
    }
    await fillForm(page, { Email: "ayesha@example" });
    await placeOrder(page).click();
    await page.getByText("Please enter a valid email address", { exact: true }).waitFor();
    await fillForm(page, { Phone: "12345" });
    await placeOrder(page).click();
    await page.getByText(PAKISTAN_PHONE_MESSAGE, { exact: true }).waitFor();
    await page.getByText("Pakistani mobile number, e.g. 0300-1234567", { exact: true }).waitFor({ state: "detached" });
    await country.selectOption("United Kingdom");
    await page.getByText(PHONE_MESSAGE, { exact: true }).waitFor();
    expect((await attrs("postalCode")).inputmode).toBe("text");
    await country.selectOption("Pakistan");
    await fillForm(page, { Phone: "0300 1234567" });
    await expect.poll(() => page.locator("[aria-invalid=true]").count()).toBe(0);
    await page.getByText("Pakistani mobile number, e.g. 0300-1234567", { exact: true }).waitFor();
    expect(orderCalls).toBe(0);
  });

  it("vouchers: each type, a minimum, expired, inactive and unknown codes (phone)", async () => {
    const page = await open(PHONE);
    const item = simple[1]!;
    await withCart(page, [{ product: item, quantity: 1 }]);
    const code = page.getByRole("textbox", { name: "Promo code" });
    const apply = page.getByRole("button", { name: "Apply" });
    expect(await apply.isDisabled()).toBe(true);
    await code.fill("welcome10");
    expect(await code.inputValue()).toBe("WELCOME10");
    await apply.click();
    await page.getByText("WELCOME10 applied").waitFor();
    const tenPercent = Math.floor((item.pricePaisa * 10 + 50) / 100);
    expect(await page.getByTestId("discount").textContent()).toBe(`−${money(tenPercent)}`);
    expect(await page.getByTestId("total").textContent()).toBe(money(item.pricePaisa - tenPercent + 50_000));
    await page.getByRole("button", { name: "Remove" }).click();
    expect(await page.getByTestId("discount").count()).toBe(0);

    for (const [bad, message] of [
      ["FLAT500", "Minimum order for this voucher is Rs. 3,000."],
      ["EXPIRED20", "This voucher has expired."],
      ["INACTIVE", "This voucher is no longer active."],
      ["NOSUCHCODE", "Invalid voucher code"],
    ]) {
      await applyVoucher(page, bad!);
      await alertWith(page, message!).waitFor();
      expect(await page.getByTestId("discount").count()).toBe(0);
    }

    await applyVoucher(page, "FREESHIP");
    await page.getByText("FREESHIP applied").waitFor();
    expect(await page.getByTestId("shipping").textContent()).toBe("FREE (Voucher Applied)");
    expect(await page.getByTestId("total").textContent()).toBe(money(item.pricePaisa));

    // more in the cart, then a flat voucher over its minimum; the kept voucher follows the reload
    const quantity = Math.ceil(300_000 / item.pricePaisa);
    await page.goto(`${store.url}/cart`);
    await hydrated(page);
    const plus = page.getByRole("button", { name: `Increase quantity of ${item.name}` });
    for (let q = 2; q <= quantity; q++) {
      await plus.click();
      await expect.poll(() => page.getByTestId("quantity").textContent()).toBe(String(q));
    }
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.getByText("FREESHIP applied").waitFor();
    await page.getByRole("button", { name: "Remove" }).click();
    await applyVoucher(page, "FLAT500");
    await page.getByText("FLAT500 applied").waitFor();
    const subtotal = item.pricePaisa * quantity;
    expect(await page.getByTestId("discount").textContent()).toBe(`−${money(50_000)}`);
    expect(await page.getByTestId("total").textContent()).toBe(
      money(subtotal - 50_000 + (subtotal >= 500_000 ? 0 : 50_000)),
    );
  });

  it("a kept voucher survives reloads and lost checks; only the store's answer that it is invalid removes it (phone)", async () => {
    const page = await open(PHONE);
    await withCart(page, [{ product: simple[1]!, quantity: 1 }]);
    await applyVoucher(page, "WELCOME10");
    await page.getByText("WELCOME10 applied").waitFor();
    const kept = () => page.evaluate(() => sessionStorage.getItem("voucherCode"));
    expect(await kept()).toBe(JSON.stringify("WELCOME10"));
    const checks = "**/api/validate-voucher";

    // a slow connection: the shopper reloads while the kept voucher is being checked again; the
    // check the reload cuts off is no verdict, and the page after it applies the voucher again
    await page.route(checks, () => {
      // never answered: the reload below cuts it off
    });
    // waited for from before the reload: the page may ask before the reload's load event ends
    const checking = page.waitForRequest(checks);
    await page.reload();
    await checking;
    await page.unroute(checks);
    await page.reload();
    await hydrated(page);
    await expectVisibleToPerson(page.getByText("WELCOME10 applied"), { scroll: true });
    expect(await kept()).toBe(JSON.stringify("WELCOME10"));

    // the connection drops during the check: the code stays kept and in the box, with the message
    await page.route(checks, (route) => route.abort("internetdisconnected"));
    await page.reload();
    await hydrated(page);
    const box = page.getByRole("textbox", { name: "Promo code" });
    await alertWith(page, "Failed to validate voucher. Please try again.").waitFor();
    await expectVisibleToPerson(box, { scroll: true });
    expect(await box.inputValue()).toBe("WELCOME10");
    expect(await kept()).toBe(JSON.stringify("WELCOME10"));
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/checkout-voucher-unchecked-phone.png` });
    // back online: one tap on Apply
    await page.unroute(checks);
    await page.getByRole("button", { name: "Apply" }).click();
    await expectVisibleToPerson(page.getByText("WELCOME10 applied"), { scroll: true });

    // the store answers that it can no longer be used: then, and only then, it goes
    await page.route(checks, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ valid: false, message: "This voucher has expired.", discount_amount: 0, voucher: null }),
      }),
    );
    await page.reload();
    await hydrated(page);
    await expect.poll(kept).toBeNull();
    expect(await page.getByText("WELCOME10 applied").count()).toBe(0);
    await page.unroute(checks);
  });

  const emails = { tapped: "double.tap@example.pk", retried: "retried@example.pk", reloaded: "reloaded@example.pk" };

  it("places an order with a double tap, shows the confirmation and tracks it (phone)", async () => {
    const page = await open(PHONE);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: store.url });
    const item = simple[2]!;
    await withCart(page, [{ product: item, quantity: 2 }]);
    let orderCalls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/orders") && r.method() === "POST") orderCalls++;
    });
    await fillForm(page, { Email: emails.tapped, Phone: "0321-7654321" });
    await applyVoucher(page, "EID25");
    await page.getByText("EID25 applied").waitFor();
    const total = (await page.getByTestId("total").textContent())!;

    await placeOrder(page).dblclick();
    const trackingId = await trackingIdOnConfirmation(page);
    expect(orderCalls).toBe(1);
    await page.getByText("Cash on Delivery", { exact: true }).first().waitFor();
    expect(await page.getByTestId("total").textContent()).toBe(total);
    await page.getByRole("list", { name: "Ordered items" }).getByText(item.name).waitFor();
    await page.getByRole("heading", { name: "What happens next" }).waitFor();
    const whatsapp = await page.getByRole("link", { name: "Confirm on WhatsApp" }).getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/923001234567\?text=/);
    expect(decodeURIComponent(whatsapp!.split("?text=")[1]!)).toContain(trackingId);
    await page.getByRole("button", { name: "Copy tracking ID" }).click();
    await page.getByText("Tracking ID copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackingId);

    // spec §4: cart cleared, voucher removed, session id deleted
    await expect.poll(() => cartCount(page)).toBe("0");
    const stored = await page.evaluate(() => ({
      cart: localStorage.getItem("cart"),
      session: localStorage.getItem("sessionId"),
      voucher: sessionStorage.getItem("voucherCode"),
    }));
    expect(stored).toEqual({ cart: "[]", session: null, voucher: null });

    // tracking: the link carries the ID, this tab fills in the phone
    await page.getByRole("link", { name: "Track your order", exact: true }).click();
    await page.waitForURL(`${store.url}/track?tracking_id=${trackingId}`);
    await expect.poll(() => page.getByRole("textbox", { name: "Phone or email" }).inputValue()).toBe("0321-7654321");
    await page.getByRole("button", { name: "Track Order" }).click();
    await page.getByRole("heading", { name: "Awaiting confirmation" }).waitFor();
    const progress = page.getByRole("list", { name: "Order progress" });
    expect(await progress.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^Order placed \(current\)\d{1,2} \w+ \d{4} at/),
      "Confirmed (not yet)",
      "Packed (not yet)",
      "Shipped (not yet)",
      "Delivered (not yet)",
    ]);
    await page.getByRole("list", { name: "Ordered items" }).getByText(item.name).waitFor();
    expect(await page.getByTestId("total").textContent()).toBe(total);

    // a wrong contact: one message that does not say which field was wrong
    await page.getByRole("textbox", { name: "Phone or email" }).fill("0300-0000000");
    await page.getByRole("button", { name: "Track Order" }).click();
    await alertWith(page, "We could not find an order with those details.").waitFor();
    expect(await page.getByRole("list", { name: "Order progress" }).count()).toBe(0);

    // a per-customer voucher cannot be used twice
    await withCart(page, [{ product: item, quantity: 1 }]);
    await fillForm(page, { Email: emails.tapped });
    await applyVoucher(page, "EID25");
    await alertWith(page, "You have already used this voucher.").waitFor();

    // the tracking form is a plain GET form: it works before JavaScript and can be linked
    const noJs = await open(PHONE, false);
    const response = await noJs.goto(
      `${store.url}/track?tracking_id=${trackingId.toLowerCase()}&contact=${encodeURIComponent(emails.tapped)}`,
    );
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await noJs.getByRole("heading", { name: "Awaiting confirmation" }).waitFor();
    await noJs.getByRole("textbox", { name: "Tracking ID" }).fill(trackingId);
    await noJs.getByRole("textbox", { name: "Phone or email" }).fill("someone@example.pk");
    await noJs.getByRole("button", { name: "Track Order" }).click();
    await alertWith(noJs, "We could not find an order with those details.").waitFor();
  });

  it("a lost answer retried, and a reload after it, each make one order (desktop)", async () => {
    const page = await open(DESKTOP);
    const keys: string[] = [];
    let placed: { tracking_id: string } | null = null;
    // the order reaches the server, its answer never reaches the phone
    const loseAnswer = async (route: import("playwright-core").Route) => {
      keys.push(route.request().headers()["idempotency-key"]!);
      const response = await route.fetch();
      placed = (await response.json()) as { tracking_id: string };
      await route.abort("connectionreset");
    };

    await withCart(page, [{ product: simple[0]!, quantity: 1 }]);
    await fillForm(page, { Email: emails.retried });
    await page.route("**/api/orders", loseAnswer, { times: 1 });
    // still offline a moment later: the page cannot learn that the order emptied the server cart
    await page.route("**/api/cart/flexible/*", (route) => route.abort("internetdisconnected"), { times: 1 });
    await placeOrder(page).click();
    await alertWith(page, "Failed to place order. Please try again.").waitFor();
    expect(placed!.tracking_id).toMatch(TRACKING_ID);
    page.on("request", (r) => {
      if (r.url().endsWith("/api/orders")) keys.push(r.headers()["idempotency-key"]!);
    });
    await placeOrder(page).click();
    expect(await trackingIdOnConfirmation(page)).toBe(placed!.tracking_id);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // back online at once: the page sees the cart the order emptied and offers the confirmation,
    // after a reload too
    placed = null;
    await withCart(page, [{ product: simple[1]!, quantity: 1 }]);
    await fillForm(page, { Email: emails.reloaded });
    await page.route("**/api/orders", loseAnswer, { times: 1 });
    await placeOrder(page).click();
    await alertWith(page, "Failed to place order. Please try again.").waitFor();
    await page.getByRole("heading", { name: "Your order may already be placed" }).waitFor();
    await page.reload();
    await hydrated(page);
    await page.getByRole("heading", { name: "Your order may already be placed" }).waitFor();
    await page.getByRole("button", { name: "Get my order confirmation" }).click();
    expect(await trackingIdOnConfirmation(page)).toBe(placed!.tracking_id);
    expect(new Set(keys.slice(2)).size).toBe(1);
  });

  it("a 409 for changed prices shows the server's message, then the order goes through (phone)", async () => {
    const page = await open(PHONE);
    const item = simple[0]!;
    await withCart(page, [{ product: item, quantity: 1 }]);
    await fillForm(page, { Email: "stale.price@example.pk" });
    // the page sends an older price, as a cart kept from yesterday would
    await page.route(
      "**/api/orders",
      async (route) => {
        const body = JSON.parse(route.request().postData()!);
        body.items[0].price = (item.pricePaisa - 10_000) / 100;
        body.total_amount = (Math.round(Number(body.total_amount) * 100) - 10_000) / 100;
        await route.continue({ postData: JSON.stringify(body) });
      },
      { times: 1 },
    );
    await placeOrder(page).click();
    await alertWith(page, "Prices have changed. Please review your cart.").waitFor();
    expect(await page.getByTestId("subtotal").textContent()).toBe(money(item.pricePaisa));
    await placeOrder(page).click();
    await trackingIdOnConfirmation(page);
  });

  describe.skipIf(!pgUrl)("on PostgreSQL", () => {
    it("a price changed in the database between cart and checkout shows the message and the new total (desktop)", async () => {
      const item = simple[1]!;
      const db = new pg.Client({ connectionString: storeDatabaseUrl });
      await db.connect();
      try {
        const page = await open(DESKTOP);
        await withCart(page, [{ product: item, quantity: 2 }]);
        await fillForm(page, { Email: "price.changed@example.pk" });
        expect(await page.getByTestId("subtotal").textContent()).toBe(money(item.pricePaisa * 2));
        const newPrice = item.pricePaisa + 10_000;
        await db.query(
          "update products set price_paisa = $1, min_price_paisa = $1, max_price_paisa = $1 where id = $2",
          [newPrice, item.id],
        );
        await placeOrder(page).click();
        await alertWith(page, "Prices have changed. Please review your cart.").waitFor();
        await expect.poll(() => page.getByTestId("subtotal").textContent()).toBe(money(newPrice * 2));
        await placeOrder(page).click();
        await trackingIdOnConfirmation(page);
        expect(await page.getByTestId("subtotal").textContent()).toBe(money(newPrice * 2));
      } finally {
        await db.query(
          "update products set price_paisa = $1, min_price_paisa = $1, max_price_paisa = $1 where id = $2",
          [item.pricePaisa, item.id],
        );
        await db.end();
      }
    });
  });

  it("made exactly one order per attempt (counted in the database)", async () => {
    // PGlite: one process owns the folder, so the store stops before the count
    const code = await store.stop("SIGTERM");
    expect(code, store.output()).toBe(0);
    const handle = await openDatabase({ databaseUrl: storeDatabaseUrl, dataDir });
    try {
      const result = await handle.db.execute(sql`select email, count(*)::int as n from orders group by email`);
      const counts = Object.fromEntries(
        (result as unknown as { rows: { email: string; n: number }[] }).rows.map((r) => [r.email, Number(r.n)]),
      );
      expect(counts[emails.tapped]).toBe(1);
      expect(counts[emails.retried]).toBe(1);
      expect(counts[emails.reloaded]).toBe(1);
      expect(counts["stale.price@example.pk"]).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
