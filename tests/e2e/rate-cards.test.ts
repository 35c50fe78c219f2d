// Rate cards in a real browser (decision 0109): at phone width the owner adds PostEx's card (a band
// lighter than the one above it refused under its field, a second band added in place), sees the
// worked example of what it means for a parcel, and adds the 2% withheld-tax rate; nothing runs
// off a 390 px screen; at desktop width the page reads as two columns.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
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
import {
  arrivesAt,
  type ConsoleMember,
  expectRefusedField,
  insertStaff,
  signInToConsole,
} from "../helpers/console-e2e";
import { startE2EStore, type E2EStore } from "../helpers/e2e-store";

const OWNER: ConsoleMember = {
  email: "owner@rates.test",
  password: "Owner2026rates",
  firstName: "Hina",
  lastName: "Owner",
  role: "owner",
};

let store: E2EStore;
let browser: Browser;
const pages = pageOpener(() => browser);

beforeAll(async () => {
  if (!hasChromium()) throw new Error("Chromium is missing: apt-get install -y chromium");
  [store, browser] = await Promise.all([
    startE2EStore("rate-cards", { prepare: (db: Db) => insertStaff(db, OWNER) }),
    launchBrowser(),
  ]);
}, 180_000);
afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
  await store?.stop();
});

const url = () => store.store.url;
const shot = async (page: Page, name: string, fullPage = true) => {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
};
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.sequential("Rate cards", { timeout: 180_000 }, () => {
  it("the owner adds PostEx's card and the withheld tax on a phone", async () => {
    const page = await pages.open(PHONE);
    await signInToConsole(page, url(), OWNER, { next: "/admin/money/rates" });
    await expectVisibleToPerson(page.getByRole("heading", { name: "Rate cards" }));
    await shot(page, "rates-empty-phone");

    await page.getByRole("link", { name: "Add its card" }).first().click();
    await arrivesAt(page, "/admin/money/rates");
    await hydrated(page);
    const form = page.getByRole("form", { name: "PostEx rate card" });
    await form.getByLabel("Takes effect from").fill("2025-07-01");
    const first = form.getByRole("listitem", { name: "Band 1" });
    await first.getByLabel("Within the city, Rs.").fill("150");
    await first.getByLabel("Within the province, Rs.").fill("165");
    await first.getByLabel("Across Pakistan, Rs.").fill("180");
    await form.getByRole("button", { name: "Add a weight band" }).click();
    const second = form.getByRole("listitem", { name: "Band 2" });
    await second.getByLabel("Up to").fill("400");
    await second.getByLabel("Within the city, Rs.").fill("200");
    await second.getByLabel("Within the province, Rs.").fill("220");
    await second.getByLabel("Across Pakistan, Rs.").fill("250");
    for (const [zone, value] of [
      ["Within the city", "50"],
      ["Within the province", "60"],
      ["Across Pakistan", "70"],
    ]) {
      await form
        .getByRole("group", { name: /Each 500 g more/ })
        .getByLabel(`${zone}, Rs.`)
        .fill(value!);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "rates-editor-phone");
    await form.getByRole("button", { name: "Save PostEx card" }).click();
    await expectRefusedField(second.getByLabel("Up to"), /^Each band must be heavier than the one above it \(500 g\)/);
    await shot(page, "rates-refused-phone", false);

    await form.getByRole("listitem", { name: "Band 2" }).getByLabel("Up to").fill("1000");
    await form.getByRole("button", { name: "Save PostEx card" }).click();
    await expectVisibleToPerson(page.getByText("Saved. Parcels of PostEx were checked against it again."), {
      scroll: true,
    });
    const example = page.getByRole("region", { name: "Worked example" });
    await expectVisibleToPerson(
      example.getByText(
        /^A 500 g parcel of Rs\. 3,000 across Pakistan: delivery Rs\. 180, GST Rs\. 28\.80; Rs\. 208\.80 deducted in all, expected net Rs\. 2,791\.20\.$/,
      ),
      { scroll: true },
    );
    await expectVisibleToPerson(page.getByText("Up to 1,000 g: Rs. 200 / Rs. 220 / Rs. 250"), { scroll: true });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "rates-saved-phone");

    const tax = page.getByRole("form", { name: "Add a withheld-tax rate" });
    await expectVisibleToPerson(tax.getByLabel("Rate, %"), { scroll: true });
    expect(await tax.getByLabel("Rate, %").inputValue()).toBe("2");
    expect(await tax.getByLabel("Note").inputValue()).toBe("Finance Act 2025, section 6A");
    await tax.getByRole("button", { name: "Add rate" }).click();
    await expectVisibleToPerson(page.getByText(/^Withheld tax of 2% from 1 July 2025 added\./), { scroll: true });
    await expectVisibleToPerson(page.getByText("2% from 1 July 2025", { exact: true }), { scroll: true });
    // the example now counts the tax in force on the card's day
    await expectVisibleToPerson(
      example.getByText(/withheld tax \(2%\) Rs\. 60; Rs\. 268\.80 deducted in all, expected net Rs\. 2,731\.20\.$/),
      { scroll: true },
    );
    // a figure changed and worked out again before saving
    await form.getByRole("listitem", { name: "Band 1" }).getByLabel("Across Pakistan, Rs.").fill("200");
    await page.getByRole("button", { name: "Work out the example" }).click();
    const again = page.getByText(
      /^A 500 g parcel of Rs\. 3,000 across Pakistan: delivery Rs\. 200, GST Rs\. 32, withheld tax \(2%\) Rs\. 60; Rs\. 292 deducted in all, expected net Rs\. 2,708\.$/,
    );
    await again.waitFor();
    await expectVisibleToPerson(again, { scroll: true });
    await shot(page, "rates-example-phone");
  });

  it("reads as two columns at desktop width", async () => {
    const page = await pages.open(DESKTOP);
    await signInToConsole(page, url(), OWNER, { next: "/admin/money/rates" });
    await page.goto(`${url()}/admin/money/rates?courier=postex&from=2025-07-01`);
    await hydrated(page);
    await expectVisibleToPerson(page.getByRole("heading", { name: "Change the PostEx card" }));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "rates-desktop");
  });
});
