// A delivered parcel's money on the order page (decision 0106), in a real browser against a local
// fake PostEx the store's process calls: the owner sees "Not paid yet" under the parcel, taps
// "Check payment now" after PostEx paid short, and reads the figures and "Paid short" at phone
// width; a fulfilment member's order page shows the parcel without any money. With
// SCREENSHOT_DIR=<folder> the pages are saved there.
import crypto from "node:crypto";
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

const PASSWORD = "MoneyHome2026";
const PACKER = "packer@money.test";
const OWNER = "owner@money.test";
const KEY = crypto.randomBytes(32).toString("hex");
let fake: FakePostex;

beforeAll(async () => {
  fake = await startFakePostex();
});
afterAll(async () => {
  await fake?.close();
});

async function prepare(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(users).values([
    { email: PACKER, firstName: "Bilal", lastName: "Packer", role: "fulfilment", passwordHash },
    { email: OWNER, firstName: "Amna", lastName: "Owner", role: "owner", passwordHash },
  ]);
  await plantPostex(db, fake, KEY);
}

// the background passes stay off: the test asks the courier itself, when it chooses
const suite = browserSuite("parcel-money", { prepare, env: { SECRETS_KEY: KEY, PARCEL_TRACKING: "off" } });

let token = "";
async function staff(method: string, url: string, body?: unknown) {
  if (!token) {
    const res = await fetch(`${suite.url}/api/admin/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: OWNER, password: PASSWORD }),
    });
    expect(res.status).toBe(201);
    token = ((await res.json()) as { access_token: string }).access_token;
  }
  const res = await fetch(`${suite.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
}

async function shot(page: Page, name: string) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe("a delivered parcel's money on the order page", () => {
  it("is shown to the owner, checked now, and flagged paid short; fulfilment sees no money", async () => {
    const product = (await shopProducts(suite.url)).find((p) => p.variant_combinations.some(moreThan(5)))!;
    const order = await placeShopOrder(
      suite.url,
      {
        first_name: "Hina",
        last_name: "Rauf",
        email: "hina@example.pk",
        phone: "0303-4567890",
        shipping_address: "House 21, Street 9, Johar Town, Lahore",
        city: "Lahore",
        postal_code: "54782",
      },
      { product, combo: product.variant_combinations.find(moreThan(5))! },
    );
    for (const status of ["confirmed", "packed"])
      await staff("POST", `/api/admin/orders/${order.id}/status`, { status });
    const booked = await staff("POST", `/api/admin/orders/${order.id}/parcels`, {});
    const { id: parcelId, cn } = booked.parcel as { id: number; cn: string };
    fake.advance(cn, "picked up");
    fake.advance(cn, "delivered");
    await staff("POST", `/api/admin/parcels/${parcelId}/poll`);

    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, { email: OWNER, password: PASSWORD }, { next: `/admin/orders/${order.id}` });
    const block = page.getByRole("region", { name: "Money" });
    await expect.poll(() => block.textContent(), { timeout: 15_000 }).toContain("Not paid yet.");

    const cod = fake.parcels().find((p) => p.cn === cn)!.codPaisa;
    fake.pay(cn, { reference: "CPR-4455", collectedPaisa: cod - 20_000, at: new Date("2026-11-26T06:00:00Z") });
    const check = block.getByRole("button", { name: "Check payment now" });
    await expectVisibleToPerson(check, { scroll: true });
    await check.click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "has paid for this parcel" }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => block.textContent(), { timeout: 15_000 }).toContain("Paid short Rs. 200");
    const text = await block.textContent();
    expect(text).toContain("Delivery charge");
    expect(text).toContain("Net paid");
    expect(text).toContain("CPR-4455 / CPR-4455-2");
    expect(text).toContain("26 November 2026");
    await block.scrollIntoViewIfNeeded();
    await expectVisibleToPerson(block.getByText("Paid short Rs. 200"));
    expect(await coveredOnPage(page)).toEqual([]);
    await shot(page, "order-parcel-money-phone");
    if (SCREENSHOT_DIR)
      await block.screenshot({ path: path.join(SCREENSHOT_DIR, "order-parcel-money-block-phone.png") });

    const desktop = await suite.pages.open(DESKTOP);
    await signInToConsole(
      desktop,
      suite.url,
      { email: OWNER, password: PASSWORD },
      { next: `/admin/orders/${order.id}` },
    );
    await expect.poll(() => desktop.getByRole("region", { name: "Money" }).count(), { timeout: 15_000 }).toBe(1);
    await shot(desktop, "order-parcel-money-desktop");

    const packer = await suite.pages.open(PHONE);
    await signInToConsole(
      packer,
      suite.url,
      { email: PACKER, password: PASSWORD },
      { next: `/admin/orders/${order.id}` },
    );
    await expect.poll(() => packer.getByTestId("parcel").count(), { timeout: 15_000 }).toBe(1);
    expect(await packer.getByRole("region", { name: "Money" }).count()).toBe(0);
    expect(await packer.getByText("Check payment now").count()).toBe(0);
  });
});
