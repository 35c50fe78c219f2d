// Following a parcel in a real browser (decision 0104), against a local fake PostEx the store's
// process calls: a shopper's order booked through the staff API, then moved on the fake as its
// riders would; at phone width the tracking page shows each courier update as the store learns it;
// an attempted delivery is on "Parcels to follow up" with the courier's reason, a call link and a
// WhatsApp link in sight, and "Ask to try again" reaches the courier; delivered takes it off the
// list and the order is delivered. With SCREENSHOT_DIR=<folder> the pages are saved there.
import crypto from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { PHONE, expectVisibleToPerson, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { expectRefusedField, signInToConsole } from "../helpers/console-e2e";
import { coveredOnPage } from "../helpers/covered";
import { moreThan, placeShopOrder, shopProducts } from "../helpers/e2e-order";
import { plantPostex } from "../helpers/fake-couriers/plant-postex";
import { startFakePostex, type FakePostex } from "../helpers/fake-couriers/postex";

const DESKTOP = { width: 1280, height: 900 } as const;
const PASSWORD = "Tracking2026now";
const PACKER = "packer@tracking.test";
const OWNER = "owner@tracking.test";
const KEY = crypto.randomBytes(32).toString("hex");
const PHONE_NUMBER = "0303-4567890";
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

const suite = browserSuite("parcel-tracking", { prepare, env: { SECRETS_KEY: KEY } });

let token = "";
async function staff(method: string, url: string, body?: unknown) {
  if (!token) {
    const res = await fetch(`${suite.url}/api/admin/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: PACKER, password: PASSWORD }),
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

async function shot(page: Page, name: string, fullPage = false) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** The courier updates the tracking page lists, newest first. */
const updates = (page: Page) => page.getByRole("region", { name: "Courier updates" }).locator("li").allTextContents();

describe("following a parcel", () => {
  it("the tracking page moves with the courier; an attempt is followed up from the console", async () => {
    const product = (await shopProducts(suite.url)).find((p) => p.variant_combinations.some(moreThan(5)))!;
    const order = await placeShopOrder(
      suite.url,
      {
        first_name: "Hina",
        last_name: "Rauf",
        email: "hina@example.pk",
        phone: PHONE_NUMBER,
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

    const page = await suite.pages.open(PHONE);
    const track = `${suite.url}/track?tracking_id=${order.tracking_id}&contact=${encodeURIComponent(PHONE_NUMBER)}`;
    const see = async () => {
      await page.goto(track);
      return updates(page);
    };
    // booked, not yet asked: no courier updates
    expect(await see()).toEqual([]);

    fake.advance(cn, "picked up");
    await staff("POST", `/api/admin/parcels/${parcelId}/poll`);
    const afterPickup = await see();
    expect(afterPickup[0]).toContain("Picked up by the courier");
    expect(await page.getByRole("heading", { name: "Shipped" }).count()).toBe(1);
    expect(await page.getByText(`consignment number ${cn}`).count()).toBe(1);

    fake.advance(cn, "in transit");
    fake.advance(cn, "out for delivery");
    await staff("POST", `/api/admin/parcels/${parcelId}/poll`);
    expect((await see())[0]).toContain("Out for delivery");

    fake.advance(cn, "delivery attempted", { reason: "Customer not available" });
    await staff("POST", `/api/admin/parcels/${parcelId}/poll`);
    const attempted = await see();
    expect(attempted[0]).toContain("Delivery attempted: Customer not available");
    // every time in Pakistan time, as the rest of the page
    expect(attempted[0]).toMatch(/\d{1,2}:\d{2}\s?(am|pm)/i);
    const region = page.getByRole("region", { name: "Courier updates" });
    await region.scrollIntoViewIfNeeded();
    await expectVisibleToPerson(region.locator("li").first());
    await shot(page, "parcel-tracking-page-phone", true);
    if (SCREENSHOT_DIR)
      await region.screenshot({ path: path.join(SCREENSHOT_DIR, "parcel-tracking-updates-phone.png") });

    // the console: the attempt is on the list, its reason large, call and WhatsApp in sight
    const desk = await suite.pages.open(PHONE);
    await signInToConsole(desk, suite.url, { email: PACKER, password: PASSWORD }, { next: "/admin/parcels/attention" });
    const card = desk.getByRole("listitem", { name: `Parcel ${cn}` });
    expect(await card.textContent()).toContain("PostEx: Customer not available");
    const call = card.getByRole("link", { name: /^Call Hina Rauf/ });
    expect(await call.getAttribute("href")).toBe("tel:+923034567890");
    await expectVisibleToPerson(call, { scroll: true });
    const whatsapp = card.getByRole("link", { name: "WhatsApp Hina Rauf" });
    const href = (await whatsapp.getAttribute("href"))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/923034567890\?text=/);
    expect(decodeURIComponent(href.split("text=")[1]!)).toContain(order.tracking_id);
    expect(await coveredOnPage(desk)).toEqual([]);
    await shot(desk, "parcels-to-follow-up-phone", true);

    await card.getByLabel(/Note for PostEx/).fill("Shopper home after 5 pm");
    const retry = card.getByRole("button", { name: `Ask PostEx to try again: ${cn}` });
    await expectVisibleToPerson(retry, { scroll: true });
    await retry.click();
    await expect
      .poll(() => desk.getByRole("status").filter({ hasText: "asked to try delivering again" }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(fake.parcels().find((p) => p.cn === cn)!.advice).toEqual(["retry"]);
    await expect.poll(() => card.textContent()).toContain("Asked to try again");

    const desktop = await suite.pages.open(DESKTOP);
    await signInToConsole(
      desktop,
      suite.url,
      { email: PACKER, password: PASSWORD },
      { next: "/admin/parcels/attention" },
    );
    await shot(desktop, "parcels-to-follow-up-desktop", true);

    // delivered, learnt from the console's "check now": off the list, the order delivered
    fake.advance(cn, "out for delivery");
    fake.advance(cn, "delivered");
    await card.getByRole("button", { name: `Ask PostEx where it is now: ${cn}` }).click();
    await expect
      .poll(() => desk.getByRole("status").filter({ hasText: "now delivered" }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => desk.getByRole("listitem", { name: `Parcel ${cn}` }).count()).toBe(0);
    expect((await see())[0]).toContain("Delivered");
    expect(await page.getByRole("heading", { name: "Delivered" }).count()).toBe(1);
    await shot(page, "parcel-tracking-delivered-phone", true);

    // the order's timeline in the console: the store's moves and the courier's events, once each
    await desk.goto(`${suite.url}/admin/orders/${order.id}`);
    const timeline = desk.getByRole("list", { name: "Timeline" });
    const entries = await timeline.locator("li").allTextContents();
    expect(entries.filter((text) => text.includes("Delivery attempted: Customer not available"))).toHaveLength(1);
    expect(entries.filter((text) => text.startsWith(`Courier`) || text.includes("Courier"))).not.toHaveLength(0);
    await timeline.scrollIntoViewIfNeeded();
    if (SCREENSHOT_DIR)
      await timeline.screenshot({ path: path.join(SCREENSHOT_DIR, "order-timeline-courier-phone.png") });
  });

  it("the stall days are set on the Settings page's Parcels panel", async () => {
    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, { email: OWNER, password: PASSWORD }, { next: "/admin/settings" });
    const form = page.getByRole("form", { name: "Parcel labels" });
    const field = form.getByLabel("Days without movement before a parcel needs following up");
    expect(await field.inputValue()).toBe("3");
    await field.fill("0");
    await form.getByRole("button", { name: "Save parcel labels" }).click();
    await expectRefusedField(field, /Must be a whole number of days from 1 to 60/);
    await field.fill("5");
    await form.getByRole("button", { name: "Save parcel labels" }).click();
    await expect.poll(() => form.getByRole("status").count(), { timeout: 15_000 }).toBe(1);
    await field.scrollIntoViewIfNeeded();
    await shot(page, "settings-parcels-phone");
    await page.goto(`${suite.url}/admin/parcels/attention`);
    expect(await page.getByText("no movement for 5 days").count()).toBe(1);
  });
});
