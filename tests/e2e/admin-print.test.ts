// Printing orders in a real browser (decision 0058): a packer ticks two orders
// on the list and prints their labels (two discreet labels, one a page, the Print button working
// under the page's script policy); Chromium's own print to PDF gives one A4 page per packing slip
// and one 4×6-inch page (288 × 432 pt) per label; an order's page leads to its papers.
// With SCREENSHOT_DIR=<folder> it also saves what it printed there (PNGs and PDFs) to look at.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { signInToConsole } from "../helpers/console-e2e";
import { moreThan, placeShopOrder, shopProducts } from "../helpers/e2e-order";

const PASSWORD = "Printing2026now";
const PACKER = "packer@print.test";
const OWNER = "owner@print.test";
let phoneSerial = 0;

const GULSHAN = { shipping_address: "Flat 3, Block 6, Gulshan-e-Iqbal, Karachi, 75300, Pakistan", city: "Karachi" };

/** A guest's cash-on-delivery order for a bra (a product whose name a discreet label must hide). */
async function placeOrder(): Promise<{ id: number; trackingId: string; phone: string; product: string }> {
  const bras = (await shopProducts(suite.url)).filter((p) => /\bBra\b/.test(p.name));
  const product = bras.find((p) => p.variant_combinations.some(moreThan(3)))!;
  phoneSerial += 1;
  const phone = `0302-${String(3_000_000 + phoneSerial).slice(-7)}`;
  const sana = { first_name: "Sana", last_name: "Malik", email: `sana${phoneSerial}@example.pk`, phone };
  const body = await placeShopOrder(
    suite.url,
    { ...sana, ...GULSHAN, postal_code: "75300" },
    { product, combo: product.variant_combinations.find(moreThan(3))!, quantity: 2 },
  );
  return { id: body.id, trackingId: body.tracking_id, phone, product: product.name };
}

async function prepare(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(users).values([
    { email: PACKER, firstName: "Bilal", lastName: "Packer", role: "fulfilment", passwordHash },
    { email: OWNER, firstName: "Zainab", lastName: "Owner", role: "owner", passwordHash },
  ]);
}

const suite = browserSuite("admin-print", { prepare });

async function signIn(page: Page, email = PACKER) {
  await signInToConsole(page, suite.url, { email: email, password: PASSWORD }, { hydrate: false });
}

/** The number of pages of a PDF Chromium wrote, and each page's size in points. */
function pdfPages(pdf: Buffer): { count: number; sizes: [number, number][] } {
  const text = pdf.toString("latin1");
  const count = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  const sizes = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    (m) => [Number(m[3]) - Number(m[1]), Number(m[4]) - Number(m[2])] as [number, number],
  );
  return { count, sizes };
}

async function save(page: Page, name: string, fullPage = true) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** The first printed page as the printer gets it (print media, the paper's size at 96 dpi). */
async function savePrinted(page: Page, name: string, paper: { width: number; height: number }) {
  if (!SCREENSHOT_DIR) return;
  const size = page.viewportSize()!;
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize(paper);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  await page.emulateMedia({ media: null });
  await page.setViewportSize(size);
}
// 4×6 in less the 0.12 in margins, and A4 less 12 mm margins, at 96 px to the inch
const LABEL_AREA = { width: 361, height: 553 };
const A4_AREA = { width: 703, height: 1032 };

describe.sequential("printing orders", { timeout: 120_000 }, () => {
  it("prints the labels of two ticked orders: one discreet label each, and the Print button works", async () => {
    const first = await placeOrder();
    const second = await placeOrder();
    const page = await suite.pages.open(DESKTOP);
    const blocked: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await signIn(page);
    await page.goto(`${suite.url}/admin/orders?status=pending+confirmation`);
    await hydrated(page);
    for (const order of [first, second]) await page.getByLabel(`Tick order ${order.trackingId}`).check();
    await save(page, "orders-list-ticked", false);
    await page.getByRole("button", { name: "Print labels" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/admin/print");
    // in the list's order: newest first
    expect(new URL(page.url()).searchParams.getAll("id")).toEqual([String(second.id), String(first.id)]);

    const labels = page.getByRole("main", { name: "Labels" }).getByRole("article");
    await expect.poll(() => labels.count(), { timeout: 10_000 }).toBe(2);
    for (const [i, order] of [second, first].entries()) {
      const label = labels.nth(i);
      expect(await label.getAttribute("aria-label")).toBe(`Label ${order.trackingId}`);
      const text = (await label.textContent()) ?? "";
      expect(text).toContain("Garments");
      expect(text).toContain("Dispatch Centre");
      expect(text).toMatch(/Collect Rs\. [\d,]+/);
      expect(text).toContain(order.phone);
      expect(text).not.toContain(order.product);
      expect(text).not.toMatch(/\bbra\b|lingerie|zaiba/i);
    }
    await expectVisibleToPerson(labels.first().getByText(second.trackingId));
    await save(page, "labels-4x6-screen");
    await savePrinted(page, "label-4x6-printed", LABEL_AREA);

    // the Print button runs under the page's nonce-only script policy (no inline handlers)
    const print = page.getByRole("button", { name: "Print" });
    await hydrated(page);
    await expectVisibleToPerson(print);
    await page.evaluate(() => {
      const w = window as unknown as { printed: number; print: () => void };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
    await print.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(blocked).toEqual([]);

    // printed by Chromium: one 4×6-inch page per label, nothing of the bar above them
    const labelPdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const labelPages = pdfPages(labelPdf);
    expect(labelPages.count).toBe(2);
    for (const [w, h] of labelPages.sizes) {
      expect(w).toBeCloseTo(288, 0);
      expect(h).toBeCloseTo(432, 0);
    }
    if (SCREENSHOT_DIR) fs.writeFileSync(path.join(SCREENSHOT_DIR, "labels-4x6.pdf"), labelPdf);

    // the same orders' packing slips on A4: one A4 page each (595 × 842 pt)
    await page.goto(`${suite.url}/admin/print?ids=${first.id},${second.id}&doc=slip&paper=a4`);
    const slips = page.getByRole("main", { name: "Packing slips" }).getByRole("article");
    await expect.poll(() => slips.count()).toBe(2);
    expect(await slips.first().textContent()).toContain(first.product);
    await save(page, "slips-a4-screen", false);
    await savePrinted(page, "slip-a4-printed", A4_AREA);
    const slipPdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const slipPages = pdfPages(slipPdf);
    expect(slipPages.count).toBe(2);
    for (const [w, h] of slipPages.sizes) {
      expect(w).toBeCloseTo(595.3, -1);
      expect(h).toBeCloseTo(841.9, -1);
    }
    if (SCREENSHOT_DIR) fs.writeFileSync(path.join(SCREENSHOT_DIR, "slips-a4.pdf"), slipPdf);

    await page.goto(`${suite.url}/admin/print?ids=${first.id}&doc=invoice&paper=a4`);
    await expectVisibleToPerson(page.getByRole("article", { name: `Invoice ${first.trackingId}` }));
    await save(page, "invoice-a4-screen", false);
    await savePrinted(page, "invoice-a4-printed", A4_AREA);
    const invoicePdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdfPages(invoicePdf).count).toBe(1);
    if (SCREENSHOT_DIR) fs.writeFileSync(path.join(SCREENSHOT_DIR, "invoice-a4.pdf"), invoicePdf);
  });

  it("leads from an order's page to its papers and back, and reads on a phone", async () => {
    const order = await placeOrder();
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await page.goto(`${suite.url}/admin/orders/${order.id}`);
    await hydrated(page);
    const links = page.getByRole("list", { name: "Print" });
    const slip = links.getByRole("link", { name: "Packing slip, A4" });
    await slip.scrollIntoViewIfNeeded();
    await expectVisibleToPerson(slip);
    await save(page, "order-print-links-phone", false);
    await slip.click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/admin/print");
    const sheet = page.getByRole("article", { name: `Packing slip ${order.trackingId}` });
    await expectVisibleToPerson(sheet.getByText(order.product).first(), { scroll: true });
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await save(page, "slip-phone", false);
    await page.goto(`${suite.url}/admin/print?ids=${order.id}&doc=label`);
    await expectVisibleToPerson(page.getByRole("article", { name: `Label ${order.trackingId}` }).getByText("Garments"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await save(page, "label-phone", false);
    await page.getByRole("link", { name: "← Order" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/admin/orders/${order.id}`);
  });

  it("lets the owner name the discreet sender, or turn discreet labels off, on the settings page", async () => {
    const page = await suite.pages.open(DESKTOP);
    await signIn(page, OWNER);
    await page.goto(`${suite.url}/admin/settings`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Parcel labels" });
    await form.getByLabel("Sender name on discreet labels").fill("Korangi Parcel House");
    await form.getByRole("button", { name: "Save parcel labels" }).click();
    await expectVisibleToPerson(form.getByRole("status").filter({ hasText: "Korangi Parcel House" }));
    await save(page, "settings-parcels");
    const order = await placeOrder();
    await page.goto(`${suite.url}/admin/print?ids=${order.id}&doc=label`);
    const label = page.getByRole("article", { name: `Label ${order.trackingId}` });
    await expectVisibleToPerson(label.getByText("Korangi Parcel House"));

    // off: the label names the store and carries a QR code of the order's tracking page
    await page.goto(`${suite.url}/admin/settings`);
    await hydrated(page);
    await form.getByLabel(/Discreet packaging/).uncheck();
    await form.getByRole("button", { name: "Save parcel labels" }).click();
    await expectVisibleToPerson(form.getByRole("status").filter({ hasText: "with the store's name" }));
    await page.goto(`${suite.url}/admin/print?ids=${order.id}&doc=label`);
    await expectVisibleToPerson(label.getByText("Zaiba", { exact: true }));
    expect(await label.textContent()).toContain("Clothing");
    await expectVisibleToPerson(label.getByRole("img", { name: /^QR code: .*\/track\?tracking_id=/ }));
    await save(page, "label-plain-4x6-screen");
  });
});
