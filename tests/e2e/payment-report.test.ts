// A courier's payment report in a real browser at phone width (decision 0107): the owner opens
// Payment reports from the menu, chooses PostEx and uploads a CSV; the report's page shows the
// columns it guessed, and each row says what it will do (records a payment, unknown CN, bad
// number); Apply records the payments, and the page says what each row did, with the way to the
// money screen. Everything tapped or read is checked in sight and uncovered.
import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { coveredOnPage } from "../helpers/covered";
import {
  DESKTOP,
  PHONE,
  expectVisibleToPerson,
  hasChromium,
  hydrated,
  launchBrowser,
  pageOpener,
  SCREENSHOT_DIR,
} from "../helpers/browser";
import { arrivesAt, type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";
import { startE2EStore, type E2EStore } from "../helpers/e2e-store";

const OWNER: ConsoleMember = {
  email: "owner@reports.test",
  password: "Owner2026reports",
  firstName: "Hina",
  lastName: "Owner",
  role: "owner",
};

/** Two delivered PostEx parcels, CX-E2E-1 and CX-E2E-2, for the report to pay. */
async function plantParcels(db: Db): Promise<void> {
  await insertStaff(db, OWNER);
  await db.execute(sql`
    insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized, shipping_address,
      city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa)
    select 'E2ERPT' || n, 'delivered', 'Sana', 'Iqbal', 'sana' || n || '@example.pk', '0301-000000' || n,
           '9230100000' || n, 'House ' || n || ', Model Town', 'Lahore', '54700', 'Pakistan', 250000, 0, 250000
    from generate_series(1, 2) n`);
  await db.execute(sql`
    insert into parcels (order_id, courier, reference, booking_state, cn, status, status_at, weight_grams, cod_paisa,
      description, booked_at)
    select id, 'postex', tracking_id, 'booked', 'CX-E2E-' || right(tracking_id, 1), 'delivered', now() - interval '3 days',
           500, 250000, 'Garments', now() - interval '5 days'
    from orders where tracking_id like 'E2ERPT%'`);
}

const REPORT = [
  "Tracking Number,CPR Number,Payment Date,COD Amount,Transaction Fee,Transaction Tax,Net Amount",
  'CX-E2E-1,CPR-7001,20/11/2026,"2,500.00",150,24,"2,326.00"',
  'CX-E2E-2,CPR-7001,20/11/2026,"2,500.00",150,24,"2,326.00"',
  'CX-NOT-OURS,CPR-7001,20/11/2026,"1,000.00",150,24,826.00',
  'CX-E2E-9,CPR-7001,20/11/2026,two thousand,150,24,"2,326.00"',
].join("\r\n");

let store: E2EStore;
let browser: Browser;
const pages = pageOpener(() => browser);

beforeAll(async () => {
  if (!hasChromium()) throw new Error("Chromium is missing: apt-get install -y chromium");
  [store, browser] = await Promise.all([startE2EStore("payment-report", { prepare: plantParcels }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
  await store?.stop();
});

const url = () => store.store.url;
const shot = async (page: Page, name: string, fullPage = false) => {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
};

describe.sequential("Payment reports", { timeout: 180_000 }, () => {
  it("the owner uploads a CSV on a phone, sees what each row will do, applies it and sees what was done", async () => {
    const page = await pages.open(PHONE);
    await signInToConsole(page, url(), OWNER);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    const menuLink = page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Payment reports" });
    await menuLink.scrollIntoViewIfNeeded();
    await menuLink.click();
    await arrivesAt(page, "/admin/money/reports");
    await hydrated(page);
    await expectVisibleToPerson(page.getByText("No reports uploaded yet."), { scroll: true });

    await page.getByLabel("Courier").selectOption("postex");
    await page.getByLabel("Report file").setInputFiles({
      name: "postex-cpr-7001.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(REPORT),
    });
    expect(await coveredOnPage(page)).toEqual([]);
    await shot(page, "reports-upload-phone", true);
    const upload = page.getByRole("button", { name: "Upload and preview" });
    await expectVisibleToPerson(upload, { scroll: true });
    await upload.click();
    await arrivesAt(page, /^\/admin\/money\/reports\/\d+$/);
    await hydrated(page);

    await expectVisibleToPerson(page.getByRole("heading", { name: "PostEx report" }));
    const cn = page.getByLabel("CN (consignment number)");
    await expectVisibleToPerson(cn, { scroll: true });
    expect(await cn.inputValue()).toBe("Tracking Number");
    expect(await page.getByLabel("Net paid").inputValue()).toBe("Net Amount");

    const rows = page.getByRole("table", { name: "Rows of the report" });
    const row = (line: number) => rows.getByRole("row").filter({ hasText: new RegExp(`^Line ${line}`) });
    await expectVisibleToPerson(row(2).getByText("records a payment"), { scroll: true });
    await expectVisibleToPerson(row(2).getByText("Rs. 2,326"), { scroll: true });
    await expectVisibleToPerson(row(4).getByText("unknown CN"), { scroll: true });
    await expectVisibleToPerson(row(5).getByText("bad number in COD Amount"), { scroll: true });
    expect(await coveredOnPage(page)).toEqual([]);
    await shot(page, "reports-preview-phone", true);
    // the phone's width holds the rows: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const apply = page.getByRole("button", { name: "Apply 2 payments" });
    await expectVisibleToPerson(apply, { scroll: true });
    await apply.click();
    await expect.poll(() => new URL(page.url()).search, { timeout: 15_000 }).toBe("?applied=1");
    await expectVisibleToPerson(
      page.getByRole("status").filter({ hasText: "Applied. 2 payments recorded or changed." }),
    );
    await expectVisibleToPerson(row(2).getByText("Done: recorded"), { scroll: true });
    await expectVisibleToPerson(row(3).getByText("Done: recorded"), { scroll: true });
    await expect.poll(() => page.getByRole("button", { name: /^Apply/ }).count(), { timeout: 15_000 }).toBe(0);
    await shot(page, "reports-applied-phone", true);
    const money = page.getByRole("link", { name: "See the cash from couriers" });
    await expectVisibleToPerson(money, { scroll: true });
    expect(await money.getAttribute("href")).toBe("/admin/money");

    await page.getByRole("link", { name: "Payment reports" }).first().click();
    await arrivesAt(page, "/admin/money/reports");
    await expectVisibleToPerson(page.getByText(/applied .*: 2 payments recorded or changed/), { scroll: true });
  });

  it("at desktop width the same file again is named as applied before, with nothing to apply", async () => {
    const page = await pages.open(DESKTOP);
    await signInToConsole(page, url(), OWNER, { next: "/admin/money/reports" });
    await page.getByLabel("Courier").selectOption("postex");
    await page
      .getByLabel("Report file")
      .setInputFiles({ name: "again.csv", mimeType: "text/csv", buffer: Buffer.from(REPORT) });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await arrivesAt(page, /^\/admin\/money\/reports\/\d+$/);
    await expectVisibleToPerson(page.getByText(/^This file was applied on /));
    await expectVisibleToPerson(page.getByText("Nothing to record: every row is as recorded, or cannot be recorded."), {
      scroll: true,
    });
    const rows = page.getByRole("table", { name: "Rows of the report" });
    expect(await rows.getByText("same as recorded").count()).toBe(2);
    expect(await coveredOnPage(page)).toEqual([]);
    await shot(page, "reports-again-desktop", true);
  });
});
