// Cash on delivery paid short, in a real browser at phone width (decision 0106): a shopper's order
// booked with the fake PostEx the store's process calls, delivered there and learnt by a poll,
// then paid Rs. 450 short in PostEx's payment call, which the store asks on "check the payment";
// "Cash from couriers" shows the parcel paid short with the amount, in sight and uncovered; the
// owner raises it with PostEx from the row's dispute form, and a save over someone else's change
// is answered with a clear message. With SCREENSHOT_DIR=<folder> the pages are saved there.
import crypto from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { DESKTOP, PHONE, expectVisibleToPerson, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { insertStaff, signInToConsole } from "../helpers/console-e2e";
import { coveredOnPage } from "../helpers/covered";
import { staffApiOf } from "../helpers/e2e-staff-api";
import { moreThan, placeShopOrder, shopProducts } from "../helpers/e2e-order";
import { plantPostex } from "../helpers/fake-couriers/plant-postex";
import { startFakePostex, type FakePostex } from "../helpers/fake-couriers/postex";

const PASSWORD = "PaidShort2026now";
const OWNER = "owner@paid-short.test";
const KEY = crypto.randomBytes(32).toString("hex");
let fake: FakePostex;

beforeAll(async () => {
  fake = await startFakePostex();
});
afterAll(async () => {
  await fake?.close();
});

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, { email: OWNER, password: PASSWORD, firstName: "Amna", lastName: "Owner", role: "owner" });
  await plantPostex(db, fake, KEY);
}

// the payment pass every second: it takes up the delivered parcels as the store's own schedule would
const suite = browserSuite("cod-paid-short", { prepare, env: { SECRETS_KEY: KEY, PAYMENT_POLL_MS: "1000" } });

const staff = staffApiOf(() => suite.url, { email: OWNER, password: PASSWORD });

async function shot(page: Page, name: string, fullPage = false) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

describe("a parcel paid short", { timeout: 120_000 }, () => {
  it("shows on Cash from couriers with the amount, and is raised with the courier", async () => {
    const product = (await shopProducts(suite.url)).find((p) => p.variant_combinations.some(moreThan(5)))!;
    const delivered = async () => {
      const placed = await placeShopOrder(
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
        await staff("POST", `/api/admin/orders/${placed.id}/status`, { status });
      const booking = await staff("POST", `/api/admin/orders/${placed.id}/parcels`, {});
      const parcel = booking.parcel as { id: number; cn: string };
      fake.advance(parcel.cn, "picked up");
      fake.advance(parcel.cn, "delivered");
      await staff("POST", `/api/admin/parcels/${parcel.id}/poll`);
      return { order: placed, parcelId: parcel.id, cn: parcel.cn };
    };
    const { order, parcelId, cn } = await delivered();
    // a second parcel PostEx has not paid for yet: the cash it holds
    const unpaid = await delivered();

    // PostEx pays the parcel Rs. 450 short; the store learns it from PostEx's payment call
    const due = Math.round(
      Number(((await staff("GET", `/api/admin/parcels/${parcelId}/money`)) as { due: number }).due) * 100,
    );
    fake.pay(cn, { reference: "CPR-E2E-1", collectedPaisa: due - 45_000 });
    const check = await staff("POST", `/api/admin/parcels/${parcelId}/payment-check`);
    expect(check.paid).toBe(true);

    // the pass has taken up the unpaid parcel: the cash PostEx holds for it
    const summary = async () =>
      ((await staff("GET", "/api/admin/money/summary")) as { totals: { cash_with_courier: { parcels: number } } })
        .totals.cash_with_courier.parcels;
    await expect.poll(summary, { timeout: 20_000 }).toBe(1);

    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, { email: OWNER, password: PASSWORD }, { next: "/admin/money" });
    const card = page.getByRole("list", { name: "Couriers" }).getByRole("listitem").first();
    await expectVisibleToPerson(card.getByText("Paid short Rs. 450"));
    await expectVisibleToPerson(card.getByText("1 parcel, oldest today"));
    await shot(page, "money-phone", true);
    const waiting = page.getByRole("listitem", { name: `Parcel ${unpaid.cn}` });
    await waiting.getByText("Take up with PostEx").click();
    await expectVisibleToPerson(waiting.getByRole("button", { name: "Save" }), { scroll: true });
    await shot(page, "money-unpaid-phone");

    await page
      .getByRole("navigation", { name: "Cash lists" })
      .getByRole("link", { name: /^Differences/ })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get("list"), { timeout: 15_000 }).toBe("differences");
    const row = page.getByRole("listitem", { name: `Parcel ${cn}` });
    const short = row.getByText("Paid short Rs. 450");
    await expectVisibleToPerson(short, { scroll: true });
    expect(await row.textContent()).toContain(order.tracking_id);
    const form = row.getByRole("form", { name: `Dispute of parcel ${cn}` });
    await form.getByLabel("Dispute").selectOption("raised");
    await form.getByLabel("Note").fill("Emailed PostEx about CPR-E2E-1");
    await expectVisibleToPerson(form.getByRole("button", { name: "Save" }), { scroll: true });
    expect(await coveredOnPage(page)).toEqual([]);
    await shot(page, "money-dispute-form-phone");
    await form.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => row.getByRole("status").filter({ hasText: "Saved: Raised with the courier" }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await row.textContent()).toContain("Emailed PostEx about CPR-E2E-1");

    // someone else saves meanwhile: this page's save is refused with a clear message
    const money = (await staff("GET", "/api/admin/money/differences")) as unknown as { version: number }[];
    await staff("PUT", `/api/admin/money/parcels/${parcelId}/dispute`, {
      state: "resolved",
      note: "PostEx paid it",
      version: money[0]!.version,
    });
    await form.getByLabel("Note").fill("A second note");
    await form.getByRole("button", { name: "Save" }).click();
    const refused = row.getByRole("alert").filter({ hasText: "changed since you opened the page" });
    await expect.poll(() => refused.count(), { timeout: 15_000 }).toBe(1);
    await expectVisibleToPerson(refused);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain("Dispute now: Resolved: PostEx paid it");
    await shot(page, "money-dispute-refused-phone");

    const desktop = await suite.pages.open(DESKTOP);
    await signInToConsole(desktop, suite.url, { email: OWNER, password: PASSWORD }, { next: "/admin/money" });
    await desktop.goto(`${suite.url}/admin/money?list=differences`);
    await shot(desktop, "money-differences-desktop", true);
    await desktop
      .getByRole("listitem", { name: `Parcel ${cn}` })
      .getByLabel("Note")
      .fill("Asked PostEx for the Rs. 450");
    await shot(desktop, "money-dispute-form-desktop");
    await desktop.goto(`${suite.url}/admin/money?list=payments`);
    await desktop.getByRole("link", { name: "CPR-E2E-1" }).click();
    await expect
      .poll(() => new URL(desktop.url()).pathname, { timeout: 15_000 })
      .toMatch(/^\/admin\/money\/batches\/\d+$/);
    await expectVisibleToPerson(desktop.getByText("Paid short Rs. 450"), { scroll: true });
    await shot(desktop, "money-batch-desktop", true);
    await page.goto(desktop.url());
    await shot(page, "money-batch-phone", true);
  });
});
