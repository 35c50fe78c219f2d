// The console's one form pattern and its customers list, in a real browser at phone width (390 px)
// and desktop width (decision 0096): a product saved with its price typed "3,490" and its
// compare-at "Rs. 4,000"; a refused compare-at shown under its field; a voucher whose maximum
// discount is refused shows the message under that field, in sight, the field focused and
// pointing at the message, what was typed kept; the Customers screen lists a guest who ordered,
// and their page links their orders. SCREENSHOT_DIR=… saves each screen.
import type { Page } from "playwright-core";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import {
  arrivesAt,
  type ConsoleMember,
  expectRefusedField,
  insertStaff,
  signInToConsole,
} from "../helpers/console-e2e";

const MEMBER: ConsoleMember = {
  email: "manager@forms.test",
  password: "Manager2026now!",
  firstName: "Hina",
  lastName: "Manager",
  role: "manager",
};

const suite = browserSuite("admin-forms-customers", {
  prepare: async (db) => {
    await insertStaff(db, MEMBER);
    // a guest who ordered twice, typing her phone two ways; the triggers make her a customer
    for (const [tracking, phone, normalized, status] of [
      ["GUEST0001", "0300 1234567", "03001234567", "delivered"],
      ["GUEST0002", "+92 300 1234567", "923001234567", "returned"],
    ]) {
      await db.execute(sql`
        insert into orders (tracking_id, first_name, last_name, email, phone, phone_normalized, shipping_address,
          city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, status)
        values (${tracking}, 'Rukhsana', 'Guest', 'rukhsana@example.pk', ${phone}, ${normalized},
          'House 7, Street 9, Model Town, Lahore', 'Lahore', '54700', 'Pakistan', 349000, 25000, 374000, ${status})`);
    }
  },
});

const VIEWPORTS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

async function signIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.pages.open(viewport);
  await signInToConsole(page, suite.url, MEMBER);
  return page;
}

async function shot(page: Page, name: string, fullPage = false) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

describe.sequential("console forms and customers", { timeout: 180_000 }, () => {
  for (const [width, viewport] of VIEWPORTS) {
    it(`saves a product priced "3,490" with compare-at "Rs. 4,000", and shows a refusal under its field (${width})`, async () => {
      const page = await signIn(viewport);
      await page.goto(`${suite.url}/admin/products/new`);
      await hydrated(page);
      const form = page.getByRole("form", { name: "Product" });
      await form.getByLabel("Name", { exact: true }).fill(`Lawn kurta ${width}`);
      await form.getByLabel("Price (Rs.)", { exact: true }).fill("3,490");
      // a compare-at below the price is refused under the compare-at field, what was typed kept
      await form.getByLabel("Compare-at price (Rs.)").fill("Rs. 3,000");
      await form.getByRole("button", { name: "Create product" }).click();
      const compare = form.getByLabel("Compare-at price (Rs.)");
      await expectRefusedField(compare, /above the price/);
      expect(await form.getByLabel("Price (Rs.)", { exact: true }).inputValue()).toBe("3,490");
      expect(await page.getByRole("alert").count()).toBe(0);
      await shot(page, `product-refused-compare-${width}`);

      await compare.fill("Rs. 4,000");
      await form.getByRole("button", { name: "Create product" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("saved"), { timeout: 15_000 }).toBe("1");
      await hydrated(page);
      await expect
        .poll(() => form.getByLabel("Price (Rs.)", { exact: true }).inputValue(), { timeout: 15_000 })
        .toBe("3490");
      expect(await form.getByLabel("Compare-at price (Rs.)").inputValue()).toBe("4000");
      expect(await form.getByLabel("Price (Rs.)", { exact: true }).getAttribute("aria-invalid")).toBeNull();
      await shot(page, `product-saved-${width}`);
    });

    it(`shows a voucher's refused maximum discount under that field, in sight and focused (${width})`, async () => {
      const page = await signIn(viewport);
      await page.goto(`${suite.url}/admin/vouchers/new`);
      await hydrated(page);
      const form = page.getByRole("form", { name: "Voucher" });
      await form.getByLabel("Code").fill(`CAP${width.toUpperCase()}`);
      await form.getByLabel("Percentage off").check();
      await form.getByLabel("Percent off").fill("20");
      await form.getByLabel("Maximum discount (Rs.)").fill("1,000 rupees");
      await form.getByLabel("Minimum order (Rs.)").fill("Rs. 3,490");
      await form.getByRole("button", { name: "Create voucher" }).click();
      const cap = form.getByLabel("Maximum discount (Rs.)");
      await expectRefusedField(cap, /amount in rupees/);
      // no box at the bottom of the form: the message is the field's
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(await form.getByLabel("Code").inputValue()).toBe(`CAP${width.toUpperCase()}`);
      expect(await form.getByLabel("Minimum order (Rs.)").inputValue()).toBe("Rs. 3,490");
      await shot(page, `voucher-refused-cap-${width}`);

      // as people type amounts: "1,000" and "Rs. 3,490" are taken
      await cap.fill("1,000");
      await form.getByRole("button", { name: "Create voucher" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("saved"), { timeout: 15_000 }).toBe("1");
      await hydrated(page);
      // the URL changes a moment before React draws the stored voucher: the fields are polled
      await expect
        .poll(() => form.getByLabel("Maximum discount (Rs.)").inputValue(), { timeout: 15_000 })
        .toBe("1000");
      expect(await form.getByLabel("Minimum order (Rs.)").inputValue()).toBe("3490");
    });

    it(`lists a guest who ordered, and her page links her orders (${width})`, async () => {
      const page = await signIn(viewport);
      if (width === "phone") {
        await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
        await shot(page, "console-menu-open-phone");
        await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Customers" }).click();
      } else {
        await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Customers" }).click();
      }
      await arrivesAt(page, "/admin/customers");
      await hydrated(page);
      const name = page.getByRole("link", { name: "Rukhsana Guest" }).locator("visible=true");
      await expectVisibleToPerson(name);
      const row =
        width === "phone"
          ? page.getByRole("listitem").filter({ has: name })
          : page.getByRole("row").filter({ has: name });
      const text = (await row.textContent()) ?? "";
      expect(text).toMatch(/Guest/);
      expect(text).toMatch(/\+92 300 1234567/);
      if (width === "phone") expect(text).toMatch(/2 orders · 1 delivered · 1 refused or returned/);
      await shot(page, `customers-${width}`, true);

      // the phone in another form finds her too
      await page.getByRole("searchbox").fill("0300-1234567");
      await page.getByRole("button", { name: "Search" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("search"), { timeout: 10_000 }).toBe("0300-1234567");
      await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "1 customer" }));

      await name.click();
      await arrivesAt(page, /^\/admin\/customers\/\d+$/);
      await hydrated(page);
      const orders = page.getByRole("list", { name: "Orders" });
      await expectVisibleToPerson(page.getByRole("heading", { level: 1, name: "Rukhsana Guest" }));
      for (const tracking of ["GUEST0001", "GUEST0002"]) {
        expect(await orders.getByRole("link", { name: tracking }).getAttribute("href")).toMatch(
          /^\/admin\/orders\/\d+$/,
        );
      }
      await shot(page, `customer-${width}`, true);
    });
  }
});
