// The checkout's city in a real browser (decision 0105), against the built store with a PostEx
// account whose city list comes from the fake PostEx: at phone width the type-ahead finds
// "Pindi", "Isb", "Khi" and "Lhr", its list lies under the field in sight and uncovered, and is
// worked by keys and by a tap; a city no courier delivers to is said before the order is sent and
// refused by the server by the field; a town not in the list is placed and flagged on the staff's
// order page and list; Settings → Cities refreshes the list and links a place by hand. Runs on
// PGlite, and on PostgreSQL when DATABASE_URL is set.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealSecret } from "../../core/shared/secrets";
import type { Db } from "../../db/client";
import { PHONE, SCREENSHOT_DIR, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";
import { startFakePostex, type FakePostex } from "../helpers/fake-couriers/postex";
import { putServerCart } from "../helpers/server-cart";

const WIDE = { width: 1280, height: 900 } as const;
const OWNER: ConsoleMember = {
  email: "owner@cities.test",
  password: "Owner2026cities",
  firstName: "Amna",
  lastName: "Owner",
  role: "owner",
};
const SECRETS_KEY = crypto.randomBytes(32).toString("hex");
// what PostEx delivers to here: big cities and two towns the store's list lacks (no Gwadar)
const POSTEX_LIST = ["KARACHI", "LAHORE", "RAWALPINDI", "ISLAMABAD", "FAISALABAD", "GUJRANWALA", "MULTAN"];
const UNMATCHED = ["CHAK JHUMRA", "KOT RADHA KISHAN"];
const NO_GWADAR =
  "Sorry, we don't deliver to Gwadar yet. Please choose another city, or contact us to arrange delivery.";

let fake: FakePostex;
let accountId = 0;
let product: { id: number; price: number };

// started before the store, whose account points at it
beforeAll(async () => {
  fake = await startFakePostex();
  fake.cities.clear();
  for (const name of [...POSTEX_LIST, ...UNMATCHED]) fake.cities.set(name, name);
});
afterAll(async () => {
  await fake?.close();
});

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, OWNER);
  const sealed = sealSecret(
    { key: Buffer.from(SECRETS_KEY, "hex"), source: "environment" },
    JSON.stringify(fake.credentials),
  );
  const result = (await db.execute(
    sql`insert into courier_accounts (courier, label, mode, base_url, credentials_sealed, credentials_hint, is_default)
        values ('postex', 'PostEx Lahore', 'test', ${fake.baseUrl}, ${sealed}, '{}'::jsonb, true) returning id`,
  )) as unknown as { rows: { id: number }[] };
  accountId = Number(result.rows[0]!.id);
}

const suite = browserSuite("checkout-city", { prepare, env: { SECRETS_KEY } });

// the courier's list loaded through the staff API, as the owner's Refresh does
beforeAll(async () => {
  const session = await fetch(`${suite.url}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const refreshed = await fetch(`${suite.url}/api/admin/couriers/${accountId}/refresh-cities`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(refreshed.status, await refreshed.clone().text()).toBe(200);
  const products = (await fetch(`${suite.url}/api/products?limit=100`).then((r) => r.json())) as {
    id: number;
    price: number;
    stock: number;
    variant_combinations: unknown[];
  }[];
  const simple = products.find((p) => p.variant_combinations.length === 0 && p.stock >= 10)!;
  product = { id: simple.id, price: Number(simple.price) };
});

/** A cart with one product for this browser, then the checkout, ready to fill. */
async function checkout(page: Page): Promise<void> {
  await putServerCart(page, suite.url, [{ productId: product.id, quantity: 1 }]);
  await page.goto(`${suite.url}/checkout`);
  await hydrated(page);
  await page.getByRole("button", { name: "Place Order" }).waitFor();
}

let serial = 0;
async function fillContact(page: Page, city: string): Promise<void> {
  serial += 1;
  const values = {
    "First name": "Ayesha",
    "Last name": "Khan",
    Email: `city${serial}@example.pk`,
    Phone: `0300-44${String(10_000 + serial).slice(-5)}`,
    Address: "House 12, Street 4, Satellite Town",
    "Postal code": "46000",
  };
  for (const [label, value] of Object.entries(values)) {
    await page.getByRole("textbox", { name: label, exact: true }).fill(value);
  }
  await cityField(page).fill(city);
  await cityField(page).press("Escape");
}

const cityField = (page: Page) => page.getByRole("combobox", { name: "City", exact: true });
const cities = (page: Page) => page.getByRole("listbox", { name: "Cities" });
const shot = (page: Page, name: string, fullPage = false) =>
  SCREENSHOT_DIR ? page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage }) : Promise.resolve();

async function placedTrackingId(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL(/\/checkout\/confirmation\?tracking_id=/, { timeout: 30_000 });
  return (await page.getByTestId("tracking-id").textContent())!.trim();
}

const placed: Record<string, string> = {};

describe.sequential("the checkout's city", { timeout: 120_000 }, () => {
  it("finds the city a shopper's short form names, in a list under the field, in sight at phone width", async () => {
    const page = await suite.pages.open(PHONE);
    await checkout(page);
    const city = cityField(page);
    await city.scrollIntoViewIfNeeded();
    for (const [typed, first] of [
      ["Pindi", "Rawalpindi"],
      ["Isb", "Islamabad"],
      ["Khi", "Karachi"],
      ["Lhr", "Lahore"],
    ] as const) {
      await city.fill("");
      await city.pressSequentially(typed);
      const option = cities(page).getByRole("option").first();
      await expectVisibleToPerson(option);
      expect(await option.textContent()).toContain(first);
      expect(await city.getAttribute("aria-expanded")).toBe("true");
      // every suggestion is in sight and nothing covers it
      for (const each of await cities(page).getByRole("option").all()) await expectVisibleToPerson(each);
      if (typed === "Pindi") await shot(page, "checkout-city-pindi-phone");
    }

    // by keys: down to the first suggestion, Enter chooses it and sends nothing
    await city.fill("");
    await city.pressSequentially("Rwp");
    await city.press("ArrowDown");
    const active = await city.getAttribute("aria-activedescendant");
    expect(await page.locator(`[id="${active}"]`).getAttribute("aria-selected")).toBe("true");
    await city.press("Enter");
    expect(await city.inputValue()).toBe("Rawalpindi");
    expect(await cities(page).isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/checkout");

    // by a tap
    await city.fill("");
    await city.pressSequentially("Lyallpur");
    await cities(page)
      .getByRole("option", { name: /Faisalabad/ })
      .tap();
    expect(await city.inputValue()).toBe("Faisalabad");

    // a short form typed and left: the field says which city it is
    await city.fill("Pindi");
    await city.press("Tab");
    expect(await page.locator("#checkout-city-hint").textContent()).toBe("Rawalpindi, Punjab");
    await fillContact(page, "Pindi");
    placed.pindi = await placedTrackingId(page);
  });

  it("says by the field that a city no courier delivers to is not served, before and after sending", async () => {
    const page = await suite.pages.open(PHONE);
    await checkout(page);
    await fillContact(page, "");
    const city = cityField(page);
    await city.pressSequentially("Gwadar");
    await expectVisibleToPerson(cities(page).getByRole("option", { name: /Gwadar/ }));
    expect(
      await cities(page)
        .getByRole("option", { name: /Gwadar/ })
        .textContent(),
    ).toContain("No delivery yet");
    await city.press("Escape");
    await city.press("Tab");
    const said = page.locator("#checkout-city-refused");
    await expectVisibleToPerson(said);
    expect(await said.textContent()).toBe(NO_GWADAR);
    expect(await city.getAttribute("aria-invalid")).toBe("true");
    await shot(page, "checkout-city-gwadar-phone");

    await page.getByRole("button", { name: "Place Order" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: `Order creation failed: ${NO_GWADAR}` })
      .waitFor();
    const error = page.locator("#checkout-city-error");
    await expectVisibleToPerson(error, { scroll: true });
    expect(await error.textContent()).toBe(NO_GWADAR);
    expect(new URL(page.url()).pathname).toBe("/checkout");

    await city.fill("Karachi");
    await city.press("Escape");
    placed.karachi = await placedTrackingId(page);
  });

  it("places an order to a town not in the list, flagged for staff on the order and in the list", async () => {
    const page = await suite.pages.open(WIDE);
    await checkout(page);
    await fillContact(page, "Chak 44 Mor");
    placed.unknown = await placedTrackingId(page);

    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", WIDE],
    ] as const) {
      const staff = await suite.pages.open(viewport);
      await signInToConsole(staff, suite.url, OWNER, { next: "/admin/orders" });
      const list = staff.getByRole("list", { name: "Order list" });
      const row = list.getByRole("listitem").filter({ hasText: placed.unknown });
      await expectVisibleToPerson(row.getByText("City not recognised"), { scroll: true });
      expect(await list.getByRole("listitem").filter({ hasText: placed.pindi }).textContent()).toContain("Rawalpindi");
      expect(await list.getByRole("listitem").filter({ hasText: placed.pindi }).textContent()).not.toContain(
        "City not recognised",
      );
      await shot(staff, `admin-orders-city-flag-${name}`);
      await row.getByRole("link", { name: placed.unknown }).click();
      await staff.waitForURL(/\/admin\/orders\/\d+$/);
      const address = staff.getByTestId("delivery-address");
      await expectVisibleToPerson(address.getByText("City not recognised"), { scroll: true });
      expect(await address.textContent()).toContain("Chak 44 Mor");
      await shot(staff, `admin-order-city-flag-${name}`, true);
    }
  });

  it("shows Settings → Cities: each courier's list, a refresh, and a place linked by hand", async () => {
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", WIDE],
    ] as const) {
      const staff = await suite.pages.open(viewport);
      await signInToConsole(staff, suite.url, OWNER, { next: "/admin/settings/cities" });
      const lists = staff.getByRole("list", { name: "Courier lists" });
      expect(await lists.textContent()).toContain(`${POSTEX_LIST.length + UNMATCHED.length} places delivered to`);
      await shot(staff, `settings-cities-${name}`, true);
      if (name === "desktop") continue;

      await staff.getByRole("button", { name: "Refresh PostEx Lahore's city list" }).click();
      const done = staff.getByRole("status").filter({ hasText: "PostEx's list: 9 places" });
      await expectVisibleToPerson(done, { scroll: true });

      const places = staff.getByRole("list", { name: "Places to link" });
      expect(await places.getByRole("listitem").count()).toBe(2);
      const form = staff.getByRole("form", { name: "Link CHAK JHUMRA" });
      await form.getByLabel("The store's city for CHAK JHUMRA").fill("<b>");
      await form.getByRole("button", { name: "Link CHAK JHUMRA" }).click();
      const refused = form.getByText(/Use letters, spaces/);
      await expectVisibleToPerson(refused, { scroll: true });
      await shot(staff, "settings-cities-refused-phone", true);
      await staff
        .getByRole("form", { name: "Link CHAK JHUMRA" })
        .getByLabel("The store's city for CHAK JHUMRA")
        .fill("Chak Jhumra");
      await staff.getByRole("form", { name: "Link CHAK JHUMRA" }).getByRole("button").click();
      await expectVisibleToPerson(staff.getByText("CHAK JHUMRA is now Chak Jhumra, a new city of the store."), {
        scroll: true,
      });
      await expect
        .poll(() => staff.getByRole("list", { name: "Places to link" }).getByRole("listitem").count())
        .toBe(1);
    }
  });
});
