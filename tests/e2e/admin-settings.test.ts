// The store's details and a customer's page in a real browser at phone width (decision
// 0068): the owner renames the store and writes a delivery promise on
// Settings, and the storefront's header and product page show them at once; then opens a
// customer found by phone, whose page lists a guest order placed with the same phone.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import {
  arrivesAt,
  type ConsoleMember,
  expectRefusedField,
  insertStaff,
  signInToConsole,
} from "../helpers/console-e2e";

const OWNER: ConsoleMember = {
  email: "owner@settings.test",
  password: "Owner2026settings",
  firstName: "Nadia",
  lastName: "Owner",
  role: "owner",
};
const CUSTOMER = "sana.malik@settings.test";

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, OWNER);
  // the customer has an account with a password of her own
  const passwordHash = await hashPassword("Customer2026pass");
  const [customer] = await db
    .insert(users)
    .values({ email: CUSTOMER, firstName: "Sana", lastName: "Malik", phone: "0333-4445566", passwordHash })
    .returning({ id: users.id });
  const order = (tracking: string, userId: number | null, status: string, days: number) => sql`
    insert into orders (tracking_id, user_id, status, first_name, last_name, email, phone, phone_normalized,
      shipping_address, city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, created_at)
    values (${tracking}, ${userId}, ${status}, 'Sana', 'Malik', ${CUSTOMER}, '0333-4445566', '923334445566',
      'House 21, Street 9, F-7/2, Islamabad, 44000, Pakistan', 'Islamabad', '44000', 'Pakistan',
      450000, 50000, 500000, now() - make_interval(days => ${days}))`;
  await db.execute(order("SETTNGA1", customer!.id, "delivered", 9));
  await db.execute(order("SETTNGB2", null, "pending confirmation", 1));
}

const suite = browserSuite("admin-settings", { prepare });

async function signIn(page: Page) {
  await signInToConsole(page, suite.url, OWNER);
}

describe.sequential("store details and customers", { timeout: 120_000 }, () => {
  it("the owner renames the store and writes a delivery promise; the storefront shows both (phone)", async () => {
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Settings" }).click();
    await arrivesAt(page, "/admin/settings");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Store details" });
    await expectVisibleToPerson(form.getByLabel("Store name"));
    if (SCREENSHOT_DIR)
      await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-store-details-phone.png`, fullPage: true });

    // a bad link first: refused under the field (decision 0096), which takes the focus, the typed
    // name kept
    await form.getByLabel("Store name").fill("Zaiba Boutique");
    await form.getByLabel("Delivery promise").fill("Delivered in 2 working days");
    const instagram = form.getByLabel("Instagram");
    await instagram.fill("https://evil.example/zaiba");
    await form.getByRole("button", { name: "Save store details" }).click();
    await expect.poll(() => instagram.getAttribute("aria-invalid"), { timeout: 15_000 }).toBe("true");
    const messageId = (await instagram.getAttribute("aria-describedby"))!.split(" ")[0]!;
    const refusal = page.locator(`[id="${messageId}"]`).filter({ hasText: "Must be an https link to Instagram" });
    await expectVisibleToPerson(refusal);
    expect(await instagram.evaluate((el) => el === document.activeElement)).toBe(true);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-store-details-refused-phone.png` });
    expect(await form.getByLabel("Store name").inputValue()).toBe("Zaiba Boutique");

    await form.getByLabel("Instagram").fill("https://www.instagram.com/zaiba.boutique");
    await form.getByRole("button", { name: "Save store details" }).click();
    await expectVisibleToPerson(
      page.getByRole("status").filter({ hasText: "Saved. The storefront shows the new details now." }),
    );

    // the shopper's pages, at once
    const shopper = await suite.pages.open(PHONE);
    await shopper.goto(`${suite.url}/`);
    await expectVisibleToPerson(shopper.getByRole("link", { name: "Zaiba Boutique home" }));
    const products = (await (await fetch(`${suite.url}/api/products?limit=1`)).json()) as { id: number }[];
    await shopper.goto(`${suite.url}/product/${products[0]!.id}`);
    const promise = shopper.getByTestId("delivery-promise");
    // scrolled down as a person does (only up and down: the photo strip beside it scrolls sideways)
    await promise.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 400));
    await expectVisibleToPerson(promise);
    expect(await promise.textContent()).toBe("Delivered in 2 working days");
    if (SCREENSHOT_DIR) await shopper.screenshot({ path: `${SCREENSHOT_DIR}/product-delivery-promise-phone.png` });
    // a longer name still fits the phone's width: nothing to scroll sideways
    expect(await shopper.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    await shopper.goto(`${suite.url}/`);
    const footer = shopper.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Instagram" }).scrollIntoViewIfNeeded();
    expect(await footer.getByRole("link", { name: "Instagram" }).getAttribute("href")).toBe(
      "https://www.instagram.com/zaiba.boutique",
    );
    if (SCREENSHOT_DIR) await shopper.screenshot({ path: `${SCREENSHOT_DIR}/footer-social-phone.png` });
  });

  for (const [width, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`refuses a discreet sender name that names the store under it, what was typed kept (${width})`, async () => {
      const page = await suite.pages.open(viewport);
      await signIn(page);
      await page.goto(`${suite.url}/admin/settings`);
      await hydrated(page);
      const form = page.getByRole("form", { name: "Parcel labels" });
      const sender = form.getByLabel("Sender name on discreet labels");
      const storeName = await page.getByRole("form", { name: "Store details" }).getByLabel("Store name").inputValue();
      await sender.fill(`${storeName} Parcels`);
      await form.getByRole("button", { name: "Save parcel labels" }).click();
      await expectRefusedField(sender, /^Must not name the store/);
      expect(await sender.inputValue()).toBe(`${storeName} Parcels`);
      expect(await form.getByRole("alert").count()).toBe(0);
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-parcels-refused-${width}.png` });
    });
  }

  it("opens a customer found by phone: their orders, a guest order marked, and addresses (phone)", async () => {
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await page.goto(`${suite.url}/admin/customers`);
    await hydrated(page);
    await page.getByRole("searchbox").fill("0333 4445566");
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("list", { name: "Customers" }).getByRole("listitem").filter({ hasText: CUSTOMER });
    await expectVisibleToPerson(row);
    expect(await row.textContent()).toContain("2 orders");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/customers-search-phone.png` });
    await row.getByRole("link", { name: "Sana Malik" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/admin\/customers\/\d+$/);
    await expectVisibleToPerson(page.getByRole("heading", { name: "Sana Malik" }));
    const orders = page.getByRole("list", { name: "Orders" });
    await expectVisibleToPerson(orders.getByRole("listitem").filter({ hasText: "SETTNGB2" }), { scroll: true });
    // one customer per phone (decision 0096): her account's order and her guest order with it
    expect(await orders.getByRole("listitem").filter({ hasText: "SETTNGB2" }).textContent()).toContain("Guest order");
    expect(await orders.getByRole("listitem").filter({ hasText: "SETTNGA1" }).textContent()).toContain("Delivered");
    await expectVisibleToPerson(page.getByText("House 21, Street 9, F-7/2, Islamabad"), { scroll: true });
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/customer-page-phone.png`, fullPage: true });

    const desktop = await suite.pages.open(DESKTOP);
    await signIn(desktop);
    await desktop.goto(page.url());
    await expectVisibleToPerson(desktop.getByRole("heading", { name: "Sana Malik" }));
    if (SCREENSHOT_DIR)
      await desktop.screenshot({ path: `${SCREENSHOT_DIR}/customer-page-desktop.png`, fullPage: true });
    await desktop.goto(`${suite.url}/admin/settings`);
    if (SCREENSHOT_DIR) await desktop.screenshot({ path: `${SCREENSHOT_DIR}/settings-desktop.png`, fullPage: true });
  });
});
