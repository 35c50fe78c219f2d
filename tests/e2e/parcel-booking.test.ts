// Booking with a courier in a real browser (decision 0103), against a local fake PostEx the
// store's process calls: on a phone a packer confirms and packs an order, opens the booking form
// (in sight, nothing over it), books it, sees "booked, awaiting pickup" with the CN, and prints its
// airway bill and load sheet; without JavaScript, the ticked orders are booked in bulk and the
// results page refreshes itself until every order has its result.
// With SCREENSHOT_DIR=<folder> it saves the booking form, the booked order, the results page and
// the PDFs there (as PNGs too where pdftoppm is installed: apt-get install poppler-utils).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { DESKTOP, PHONE, expectVisibleToPerson, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { signInToConsole } from "../helpers/console-e2e";
import { coveredOnPage } from "../helpers/covered";
import { moreThan, placeShopOrder, shopProducts } from "../helpers/e2e-order";
import { plantPostex } from "../helpers/fake-couriers/plant-postex";
import { startFakePostex, type FakePostex } from "../helpers/fake-couriers/postex";

const PASSWORD = "Booking2026now";
const PACKER = "packer@parcels.test";
const KEY = crypto.randomBytes(32).toString("hex");
let fake: FakePostex;
let serial = 0;

// the fake starts first: the account written before the store starts points at it
beforeAll(async () => {
  fake = await startFakePostex();
});
afterAll(async () => {
  await fake?.close();
});

async function prepare(db: Db): Promise<void> {
  await db.insert(users).values({
    email: PACKER,
    firstName: "Bilal",
    lastName: "Packer",
    role: "fulfilment",
    passwordHash: await hashPassword(PASSWORD),
  });
  await plantPostex(db, fake, KEY);
}

const suite = browserSuite("parcel-booking", { prepare, env: { SECRETS_KEY: KEY } });

/** A guest's cash-on-delivery order to Lahore. */
async function placeOrder(): Promise<{ id: number; trackingId: string; totalPaisa: number }> {
  const product = (await shopProducts(suite.url)).find((p) => p.variant_combinations.some(moreThan(5)))!;
  serial += 1;
  const body = await placeShopOrder(
    suite.url,
    {
      first_name: "Hina",
      last_name: "Rauf",
      email: `hina${serial}@example.pk`,
      phone: `0303-${String(4_000_000 + serial).slice(-7)}`,
      shipping_address: "House 21, Street 9, Johar Town, Lahore",
      city: "Lahore",
      postal_code: "54782",
    },
    { product, combo: product.variant_combinations.find(moreThan(5))! },
  );
  return { id: body.id, trackingId: body.tracking_id, totalPaisa: body.totalPaisa };
}

async function shot(page: Page, name: string, fullPage = false) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** Keeps a PDF the store answered, and its first page as a PNG where pdftoppm is installed. */
function keepPdf(pdf: Buffer, name: string) {
  if (!SCREENSHOT_DIR) return;
  const file = path.join(SCREENSHOT_DIR, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    execFileSync("pdftoppm", ["-png", "-r", "96", "-singlefile", file, path.join(SCREENSHOT_DIR, name)]);
  } catch {
    // no pdftoppm here: the PDF is kept to open by hand
  }
}

/** Fetches a link's PDF with the page's own session. */
async function pdfAt(page: Page, href: string): Promise<Buffer> {
  const res = await page.request.get(new URL(href, suite.url).href);
  expect(res.status(), (await res.text()).slice(0, 200)).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  return res.body();
}

async function move(page: Page, button: string) {
  const next = page.getByRole("form", { name: button });
  await next.getByRole("button", { name: button }).click();
  await expect
    .poll(
      () =>
        page
          .getByRole("status")
          .filter({ hasText: /The order is now/ })
          .count(),
      { timeout: 15_000 },
    )
    .toBe(1);
}

describe("booking with a courier", () => {
  it("on a phone: confirm, pack, book in the booking form (in sight, uncovered), then print the airway bill and load sheet", async () => {
    const order = await placeOrder();
    const page = await suite.pages.open(PHONE);
    await signInToConsole(
      page,
      suite.url,
      { email: PACKER, password: PASSWORD },
      { next: `/admin/orders/${order.id}` },
    );
    await move(page, "Confirm");
    await move(page, "Mark packed");

    const panel = page.locator("section").filter({ has: page.getByRole("heading", { name: "Courier", exact: true }) });
    const opener = panel.locator("summary", { hasText: "Book with courier" });
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const form = page.getByRole("form", { name: "Book with courier" });
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(await form.getByLabel("Courier account").inputValue()).not.toBe("");
    expect(await form.getByLabel("Cash to collect (Rs.)").inputValue()).toBe(String(order.totalPaisa / 100));
    await form.getByLabel("Instructions for the rider").fill("Call before delivery");
    const bookButton = form.getByRole("button", { name: "Book" });
    await expectVisibleToPerson(bookButton, { scroll: true });
    await form.scrollIntoViewIfNeeded();
    expect(await coveredOnPage(page)).toEqual([]);
    await form.scrollIntoViewIfNeeded();
    await shot(page, "parcel-booking-dialog-phone");

    await bookButton.click();
    await expect
      .poll(
        () =>
          page
            .getByRole("status")
            .filter({ hasText: /Booked with PostEx: CN \d+/ })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);
    const atFake = fake.parcels().find((p) => p.reference === order.trackingId)!;
    expect(atFake.bookingBody).toMatchObject({ transactionNotes: "Call before delivery", orderDetail: "Garments" });
    const parcel = page.getByTestId("parcel").first();
    await expect.poll(() => parcel.textContent()).toContain(`CN ${atFake.cn}`);
    expect(await parcel.textContent()).toContain("Booked, awaiting pickup");
    expect(await page.locator("h1 + p").first().textContent()).toContain("booked, awaiting pickup");
    await shot(page, "parcel-booked-phone", true);
    if (SCREENSHOT_DIR) await panel.screenshot({ path: path.join(SCREENSHOT_DIR, "parcel-booked-panel-phone.png") });

    const bill = parcel.getByRole("link", { name: "Airway bill (PDF)" });
    await expectVisibleToPerson(bill, { scroll: true });
    const pdf = await pdfAt(page, (await bill.getAttribute("href"))!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(atFake.cn);
    keepPdf(pdf, "parcel-airway-bill-postex");
    const sheet = await pdfAt(
      page,
      (await parcel.getByRole("link", { name: "Load sheet (PDF)" }).getAttribute("href"))!,
    );
    expect(sheet.toString("latin1")).toContain(atFake.cn);
    keepPdf(sheet, "parcel-load-sheet-postex");
  });

  it("without JavaScript: ticks orders on the list, books them in bulk, and the results page refreshes until done", async () => {
    const orders = [await placeOrder(), await placeOrder()];
    // confirmed by phone beforehand: the list's bulk move, as staff would
    const page = await suite.pages.open(DESKTOP, false);
    await signInToConsole(
      page,
      suite.url,
      { email: PACKER, password: PASSWORD },
      { next: "/admin/orders", hydrate: false },
    );
    for (const o of orders) await page.getByLabel(`Tick order ${o.trackingId}`).check();
    await page.getByRole("button", { name: "Confirm ticked" }).click();
    await page.waitForURL(/\/admin\/orders/);
    for (const o of orders) await page.getByLabel(`Tick order ${o.trackingId}`).check();
    await page.getByRole("button", { name: "Book with courier" }).click();
    await page.waitForURL(/\/admin\/parcels\/book\?/);
    const form = page.getByRole("form", { name: "Book the ticked orders" });
    await shot(page, "parcel-bulk-booking-desktop", true);
    await form.getByRole("button", { name: "Book 2 orders" }).click();
    await page.waitForURL(/\/admin\/parcels\/batches\/\d+$/);
    // the page refreshes itself (a meta refresh inside noscript) until the workers are done
    await expect
      .poll(() => page.getByTestId("batch-counts").textContent(), { timeout: 60_000, interval: 500 })
      .toMatch(/2 booked · 0 not booked/);
    for (const o of orders) {
      const atFake = fake.parcels().find((p) => p.reference === o.trackingId)!;
      expect(await page.getByRole("list", { name: "Results" }).textContent()).toContain(`CN ${atFake.cn}`);
    }
    await shot(page, "parcel-batch-results-desktop", true);
    const bills = await pdfAt(page, (await page.getByRole("link", { name: "Airway bills (2)" }).getAttribute("href"))!);
    expect(bills.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
