// The orders screen's "Export CSV" link in a real browser at phone width (decision
// 0059): a packer filters the list, sees the link, taps it, and the browser saves a CSV
// file of the filtered orders, named for today, that starts with the BOM and the header.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import { ORDER_CSV_HEADER, UTF8_BOM } from "../../core/orders/export";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { PHONE, expectVisibleToPerson, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { signInToConsole } from "../helpers/console-e2e";
import { moreThan, placeShopOrder, shopProducts } from "../helpers/e2e-order";

const PASSWORD = "Exporting2026now";
const PACKER = "packer@export.test";

async function prepare(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await db
    .insert(users)
    .values({ email: PACKER, firstName: "Bilal", lastName: "Packer", role: "fulfilment", passwordHash });
}

const suite = browserSuite("admin-order-export", { prepare });

const ZARA = { first_name: "Zara", last_name: "Ahmed", email: "zara.export@example.pk", phone: "0301-7654321" };

/** A guest's cash-on-delivery order in Karachi through the shop's API; answers its tracking ID. */
async function placeOrder(): Promise<string> {
  const product = (await shopProducts(suite.url)).find((p) => p.variant_combinations.some(moreThan(3)))!;
  const address = { shipping_address: "House 7, Street 9, DHA Phase 5", city: "Karachi", postal_code: "75500" };
  const order = await placeShopOrder(
    suite.url,
    { ...ZARA, ...address },
    { product, combo: product.variant_combinations.find(moreThan(3))! },
  );
  return order.tracking_id;
}

async function signIn(page: Page) {
  await signInToConsole(page, suite.url, { email: PACKER, password: PASSWORD }, { hydrate: false });
}

describe("the orders export", { timeout: 120_000 }, () => {
  it("downloads the filtered list as a CSV file from the orders screen (phone)", async () => {
    const trackingId = await placeOrder();
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await page.goto(`${suite.url}/admin/orders?city=Karachi&status=pending+confirmation`);
    // Export CSV sits with the filters it exports by, folded under More filters
    await page.getByText("More filters").click();
    const link = page.getByRole("link", { name: "Export CSV" });
    await expectVisibleToPerson(link, { scroll: true });
    expect(await link.getAttribute("href")).toBe("/admin/orders/export.csv?status=pending+confirmation&city=Karachi");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-export-link-phone.png` });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text.startsWith(`${UTF8_BOM}${ORDER_CSV_HEADER.join(",")}\r\n`)).toBe(true);
    const lines = text.slice(1).split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^${trackingId},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},pending confirmation,website,Zara Ahmed,`),
    );
  });
});
