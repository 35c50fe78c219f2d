// The product editor in a real browser at phone width (decision 0062): the
// catalogue member opens Products from the menu, creates a product with two sizes and two
// colours (the grid follows the option fields as typed), and the shop's product page shows it
// with its options at once. Without JavaScript the editor still saves its fields.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";
import { orderPayload } from "../helpers/shop";

const MEMBER: ConsoleMember = {
  email: "catalogue@products.test",
  password: "Catalogue2026now",
  firstName: "Hina",
  lastName: "Catalogue",
  role: "catalogue",
};

const suite = browserSuite("admin-products", { prepare: (db) => insertStaff(db, MEMBER) });

/** A phone-sized photo with something to see: a coloured field with a lighter panel. */
function photo(background: string, panel: string, format: "jpeg" | "png" = "jpeg"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <rect width="900" height="1200" fill="${background}"/>
    <rect x="150" y="200" width="600" height="800" rx="30" fill="${panel}"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

async function signIn(viewport: { width: number; height: number }, javaScript = true): Promise<Page> {
  const page = await suite.pages.open(viewport, javaScript);
  await signInToConsole(page, suite.url, MEMBER, { hydrate: javaScript });
  return page;
}

describe.sequential("the product editor", { timeout: 180_000 }, () => {
  let productPath = "";
  let editorPath = "";

  it("creates a product with two sizes and two colours at phone width; the shop shows it", async () => {
    const page = await signIn(PHONE);
    await hydrated(page);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Products" }).click();
    await arrivesAt(page, "/admin/products");
    await expectVisibleToPerson(page.getByRole("list", { name: "Product list" }).getByRole("listitem").first());
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/products-list-phone.png` });

    await page.getByRole("link", { name: "New product" }).click();
    await arrivesAt(page, "/admin/products/new");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Product" });
    const name = `Phone Lawn Kurta ${Date.now()}`;
    const slug = `phone-lawn-kurta-${Date.now()}`;
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Custom URL").fill(slug);
    await expectVisibleToPerson(page.getByText(`/p/${slug} is free.`), { scroll: true });
    await form.getByLabel("Price (Rs.)", { exact: true }).fill("2499");
    await form.getByLabel("Compare-at price (Rs.)").fill("2999");
    await form.getByLabel("Size values").fill("S, M");
    await form.getByLabel("Colour values").fill("Black #111111, Maroon #800000");
    const grid = form.getByRole("list", { name: "Combinations" });
    await expect.poll(() => grid.getByRole("listitem").count(), { timeout: 10_000 }).toBe(4);
    for (const [combo, stock] of [
      ["S / Black", "3"],
      ["S / Maroon", "4"],
      ["M / Black", "5"],
      ["M / Maroon", "6"],
    ] as const) {
      await form.getByLabel(`${combo} stock`).fill(stock);
    }
    await form.getByLabel("M / Maroon price").fill("2699");
    if (SCREENSHOT_DIR) {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/product-editor-top-phone.png` });
      await grid.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/product-editor-grid-phone.png` });
    }
    await form.getByRole("button", { name: "Create product" }).click();
    await arrivesAt(page, /^\/admin\/products\/\d+$/);
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Saved." }));
    editorPath = new URL(page.url()).pathname;
    // the links other pages hang on
    await expectVisibleToPerson(page.getByRole("link", { name: "Photos" }));
    expect(await page.getByRole("link", { name: "Stock history" }).getAttribute("href")).toBe(`${editorPath}/stock`);

    // the shop's product page shows it at once, with its sizes, colours and struck price
    productPath = `/p/${slug}`;
    const shop = await suite.pages.open(PHONE);
    await shop.goto(`${suite.url}${productPath}`);
    await expectVisibleToPerson(shop.getByRole("heading", { level: 1, name }));
    const body = (await shop.locator("main").textContent()) ?? "";
    for (const word of ["S", "M", "Black", "Maroon", "2,499", "2,999"]) expect(body).toContain(word);
  });

  it("saves the basic fields without JavaScript", async () => {
    const page = await signIn(PHONE, false);
    await page.goto(`${suite.url}${editorPath}`);
    const form = page.getByRole("form", { name: "Product" });
    const renamed = `Renamed without script ${Date.now()}`;
    await form.getByLabel("Name", { exact: true }).fill(renamed);
    await form.getByRole("button", { name: "Save" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Saved." }));
    const shop = await suite.pages.open(PHONE);
    await shop.goto(`${suite.url}${productPath}`);
    await expectVisibleToPerson(shop.getByRole("heading", { level: 1, name: renamed }));
  });

  it("a sale made while the editor is open is not overwritten: the save is refused and shows the stock now", async () => {
    const page = await signIn(PHONE);
    await page.goto(`${suite.url}${editorPath}`);
    await hydrated(page);
    const productId = Number(editorPath.split("/").pop());
    const shown = (await (await fetch(`${suite.url}/api/products/${productId}`)).json()) as {
      variant_combinations: { id: number; combination_name: string; price: number }[];
    };
    const combo = shown.variant_combinations.find((c) => c.combination_name === "M / Maroon")!;
    const item = { productId, combinationId: combo.id, name: "x", pricePaisa: Math.round(combo.price * 100), stock: 6 };
    const order = await fetch(`${suite.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(orderPayload([{ item, quantity: 1 }])),
    });
    expect(order.status).toBe(201);
    // the page still shows 6; the member types 10 over it
    const form = page.getByRole("form", { name: "Product" });
    const stock = form.getByLabel("M / Maroon stock");
    expect(await stock.inputValue()).toBe("6");
    await stock.fill("10");
    await form.getByRole("button", { name: "Save" }).click();
    await expectVisibleToPerson(page.getByRole("alert").filter({ hasText: "M / Maroon: The stock changed" }));
    await expect.poll(() => form.getByLabel("M / Maroon stock").inputValue(), { timeout: 10_000 }).toBe("5");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/product-editor-conflict-phone.png` });
    // seen again, typed again: saved
    await form.getByLabel("M / Maroon stock").fill("10");
    await form.getByRole("button", { name: "Save" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Saved." }));
    expect(await form.getByLabel("M / Maroon stock").inputValue()).toBe("10");
  });

  // the whole path of a new product: the product made above gets photos, a shopper buys it on the shop at
  // phone width, and the member sees that sale in the product's stock history
  it("adds photos, a shopper buys it on the shop, and the stock history shows the sale", async () => {
    const page = await signIn(PHONE);
    await page.goto(`${suite.url}${editorPath}`);
    await hydrated(page);
    await page.getByRole("link", { name: "Photos" }).click();
    await arrivesAt(page, `${editorPath}/photos`);
    await hydrated(page);
    await page.getByLabel("Choose photos").setInputFiles([
      { name: "front.jpg", mimeType: "image/jpeg", buffer: await photo("#7f1d1d", "#fecaca") },
      { name: "back.png", mimeType: "image/png", buffer: await photo("#111827", "#e5e7eb", "png") },
    ]);
    const photos = page.getByRole("list", { name: "Photos in order" }).getByRole("listitem");
    await expect.poll(() => photos.count(), { timeout: 30_000 }).toBe(2);

    const shop = await suite.pages.open(PHONE);
    await shop.goto(`${suite.url}${productPath}`);
    await hydrated(shop);
    // the main photo is the uploaded one, served by the store in the widths the page asks for
    const main = shop.locator("main img").first();
    await expectVisibleToPerson(main);
    expect(await main.getAttribute("src")).toMatch(/^\/media\/.+-\d+\.webp$/);
    expect(await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shop.getByRole("button", { name: "M", exact: true }).first().click();
    await shop.getByRole("button", { name: "Black", exact: true }).first().click();
    await expect.poll(() => shop.getByTestId("stock").textContent()).toBe("5 in stock");
    await shop.getByRole("button", { name: "Buy it Now" }).click();
    await shop.waitForURL(/\/checkout$/);
    await hydrated(shop);
    for (const [label, value] of Object.entries({
      "First name": "Sana",
      "Last name": "Iqbal",
      Email: "sana@example.pk",
      Phone: "0301-7654321",
      Address: "House 8, Street 2, Satellite Town",
      City: "Rawalpindi",
      "Postal code": "46000",
    }))
      await shop.getByRole(label === "City" ? "combobox" : "textbox", { name: label, exact: true }).fill(value);
    await shop.getByRole("button", { name: "Place Order" }).click();
    await shop.waitForURL(/\/checkout\/confirmation\?tracking_id=/, { timeout: 30_000 });
    const trackingId = (await shop.getByTestId("tracking-id").textContent())!.trim();

    await page.goto(`${suite.url}${editorPath}`);
    await page.getByRole("link", { name: "Stock history" }).click();
    await arrivesAt(page, `${editorPath}/stock`);
    const latest = page.getByRole("list", { name: "Stock history" }).getByRole("listitem").first();
    await expectVisibleToPerson(latest, { scroll: true });
    const text = (await latest.textContent()) ?? "";
    for (const part of ["Order", "M / Black", "-1", "5 → 4", trackingId]) expect(text).toContain(part);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/product-stock-history-after-sale-phone.png` });
  });

  it("looks right on a desktop", async () => {
    const page = await signIn(DESKTOP);
    await page.goto(`${suite.url}/admin/products`);
    await expectVisibleToPerson(page.getByRole("list", { name: "Product list" }).getByRole("listitem").first());
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/products-list-desktop.png` });
    await page.goto(`${suite.url}${editorPath}`);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/product-editor-top-desktop.png` });
    const grid = page.getByRole("list", { name: "Combinations" });
    await grid.scrollIntoViewIfNeeded();
    await expectVisibleToPerson(grid);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/product-editor-grid-desktop.png` });
  });
});
