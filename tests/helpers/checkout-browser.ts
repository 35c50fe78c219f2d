// The checkout's browser tests: the built store started on its own data folder (and its own
// PostgreSQL database when DATABASE_URL is set), Chromium, the products the tests shop for (the
// first on the shelf, an option with only a few left, products without options), and the steps a
// shopper takes: a server cart, the form filled, a voucher applied, the confirmation's tracking ID.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { formatRupees } from "../../core/shared/money";
import { hasChromium, hydrated, launchBrowser, pageOpener } from "./browser";
import { putServerCart } from "./server-cart";
import { startStore, type StoreProcess } from "./server-process";
import { admin, postgresUrl, withDatabase } from "./template";

export const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-checkout-"));
export const pgUrl = postgresUrl();
const pgDatabase = `e2e_checkout_${process.pid}`;
export const storeDatabaseUrl = pgUrl ? withDatabase(pgUrl, pgDatabase) : undefined;
export let store: StoreProcess;
let browser: Browser;
const pages = pageOpener(() => browser);
export const open = pages.open;

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

export interface Pick {
  id: number;
  name: string;
  pricePaisa: number;
  stock: number;
}

export let cardProduct: ApiProduct;
export let lowStock: Pick & { combinationId: number; size: string; color: string };
export const simple: Pick[] = [];
export const money = (paisa: number) => formatRupees(paisa, { decimals: true });
export const TRACKING_ID = /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/;

export const cartCount = (page: Page) => page.getByTestId("cart-count").textContent();

/** A server cart for this browser (as the cart module makes one), then the page at `path`. */
export async function withCart(page: Page, lines: { product: Pick; quantity: number }[], pagePath = "/checkout") {
  await putServerCart(
    page,
    store.url,
    lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
  );
  await page.goto(`${store.url}${pagePath}`);
  await hydrated(page);
  if (pagePath === "/checkout") await page.getByRole("button", { name: "Place Order" }).waitFor();
}

export const FORM = {
  "First name": "Ayesha",
  "Last name": "Khan",
  Email: "ayesha@example.pk",
  Phone: "0300-1234567",
  Address: "House 12, Street 4, Gulberg III",
  City: "Lahore",
  "Postal code": "54660",
};
export type Label = keyof typeof FORM;

export async function fillForm(page: Page, values: Partial<Record<Label, string>> = {}) {
  for (const [label, value] of Object.entries({ ...FORM, ...values })) {
    // the city is a combobox over the store's cities (decision 0105), every other field a textbox
    await page.getByRole(label === "City" ? "combobox" : "textbox", { name: label, exact: true }).fill(value);
  }
}

export const placeOrder = (page: Page) => page.getByRole("button", { name: "Place Order" });
export const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

export async function applyVoucher(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Promo code" }).fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

export async function trackingIdOnConfirmation(page: Page): Promise<string> {
  await page.waitForURL(/\/checkout\/confirmation\?tracking_id=/);
  const id = (await page.getByTestId("tracking-id").textContent())!.trim();
  expect(id).toMatch(TRACKING_ID);
  return id;
}

export function startCheckoutStore() {
  beforeAll(async () => {
    if (!hasChromium()) throw new Error("Chromium is missing: apt-get install -y chromium");
    if (pgUrl)
      await admin(pgUrl, `drop database if exists ${pgDatabase} with (force)`, `create database ${pgDatabase}`);
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SEED_IMAGES: "0",
      ...(storeDatabaseUrl ? { DATABASE_URL: storeDatabaseUrl } : {}),
    };
    [store, browser] = await Promise.all([startStore(env), launchBrowser()]);

    const products = (await fetch(`${store.url}/api/products?limit=200&sort=name`).then((r) =>
      r.json(),
    )) as ApiProduct[];
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
}
