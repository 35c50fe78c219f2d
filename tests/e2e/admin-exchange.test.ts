// An exchange in a real browser at phone width (decision 0056): on a delivered
// order's page a packer picks a unit, its replacement size and that it can be resold, makes the
// replacement order and lands on it; both pages link to each other, and the shopper's tracking
// page of the first order shows the exchange arranged with the new tracking ID.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { PHONE, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { signInToConsole } from "../helpers/console-e2e";
import { moreThan, placeShopOrder, shopProducts, type ShopCombination } from "../helpers/e2e-order";

const PASSWORD = "Swapping2026now";
const PACKER = "packer@exchanges.test";

const inStock = moreThan(3);

/** A guest's order of one unit of a product that has another size in stock, delivered through the staff API. */
async function deliveredOrder() {
  const product = (await shopProducts(suite.url)).find((p) => p.variant_combinations.filter(inStock).length >= 2)!;
  const [combo, other] = product.variant_combinations.filter(inStock) as [ShopCombination, ShopCombination];
  const phone = "0302-4455667";
  const hina = { first_name: "Hina", last_name: "Raza", email: "hina@example.pk", phone, postal_code: "75300" };
  const order = await placeShopOrder(
    suite.url,
    { ...hina, shipping_address: "Flat 3, Block B, Gulshan-e-Iqbal, Karachi, 75300, Pakistan", city: "Karachi" },
    { product, combo },
  );

  const session = await fetch(`${suite.url}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: PACKER, password: PASSWORD }),
  });
  const { access_token: token } = (await session.json()) as { access_token: string };
  const moves = [
    { status: "confirmed" },
    { status: "packed" },
    { status: "shipped", courier: "Leopards", tracking_number: "LP-55221" },
    { status: "delivered", cash_collected: order.totalPaisa / 100 },
  ];
  for (const move of moves) {
    const res = await fetch(`${suite.url}/api/admin/orders/${order.id}/status`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(move),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  return { id: order.id, trackingId: order.tracking_id, phone, other };
}

async function prepare(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await db
    .insert(users)
    .values({ email: PACKER, firstName: "Sana", lastName: "Packer", role: "fulfilment", passwordHash });
}

const suite = browserSuite("admin-exchange", { prepare });

async function signIn(page: Page) {
  await signInToConsole(page, suite.url, { email: PACKER, password: PASSWORD }, { hydrate: false });
}

describe.sequential("exchanges in the console", { timeout: 120_000 }, () => {
  it("exchanges a delivered unit for another size and opens the replacement order (phone)", async () => {
    const order = await deliveredOrder();
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await page.goto(`${suite.url}/admin/orders/${order.id}`);
    await hydrated(page);

    const form = page.getByRole("form", { name: "Exchange items" });
    await form.getByLabel("Units back").scrollIntoViewIfNeeded();
    await form.getByLabel("Units back").selectOption("1");
    await form.getByLabel("Replace with").selectOption(String(order.other.id));
    await expect.poll(() => form.getByLabel(/Can be resold/).isChecked()).toBe(true);
    // inside 7 days of delivery: no reason asked
    expect(await form.getByLabel(/^Reason/).count()).toBe(0);
    await form.getByRole("button", { name: "Make replacement order" }).click();

    // the replacement order's page, linked back to the first order
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe(`/admin/orders/${order.id}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expectVisibleToPerson(heading);
    const replacementId = ((await heading.textContent()) ?? "").replace("Order ", "").trim();
    expect(replacementId).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    expect(replacementId).not.toBe(order.trackingId);
    const back = page.getByRole("link", { name: order.trackingId }).first();
    await expectVisibleToPerson(back);
    expect(await page.getByText("Exchange for order").first().isVisible()).toBe(true);
    expect(await page.locator("main").textContent()).toContain("Confirmed");

    // the first order's page names its replacement
    await back.click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/admin/orders/${order.id}`);
    await expectVisibleToPerson(page.getByText("Replaced by order").first());
    await expectVisibleToPerson(page.getByRole("link", { name: replacementId }).first());

    // the shopper's tracking shows the exchange and the new tracking ID
    const shopper = await suite.pages.open(PHONE);
    await shopper.goto(`${suite.url}/track?tracking_id=${order.trackingId}&phone=${encodeURIComponent(order.phone)}`);
    const exchanges = shopper.getByRole("list", { name: "Exchanges" });
    await expectVisibleToPerson(exchanges, { scroll: true });
    const text = (await exchanges.textContent()) ?? "";
    expect(text).toContain("Exchange arranged: new order");
    expect(text).toContain(replacementId);
  });

  it("refuses an exchange from a stale screen when a colleague has exchanged the unit meanwhile (phone)", async () => {
    const order = await deliveredOrder();
    const page = await suite.pages.open(PHONE);
    const other = await suite.pages.open(PHONE);
    await signIn(page);
    await signIn(other);
    for (const p of [page, other]) {
      await p.goto(`${suite.url}/admin/orders/${order.id}`);
      await hydrated(p);
    }
    const exchangeOne = async (p: Page) => {
      const form = p.getByRole("form", { name: "Exchange items" });
      await form.getByLabel("Units back").selectOption("1");
      await form.getByLabel("Replace with").selectOption(String(order.other.id));
      await form.getByRole("button", { name: "Make replacement order" }).click();
    };
    await exchangeOne(other);
    await expect.poll(() => new URL(other.url()).pathname, { timeout: 15_000 }).not.toBe(`/admin/orders/${order.id}`);
    // this screen still offers the unit
    await exchangeOne(page);
    const refused = page.getByRole("alert");
    await expectVisibleToPerson(refused);
    expect(await refused.textContent()).toContain("already exchanged");
    expect(new URL(page.url()).pathname).toBe(`/admin/orders/${order.id}`);
  });
});
