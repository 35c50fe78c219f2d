// A shop owner's whole courier journey on a phone (decisions 0102-0105), against a local fake
// PostEx the store's process calls: Settings → Couriers adds the PostEx account, Settings → Cities
// refreshes its city list so Lahore is deliverable, a shopper's order is confirmed, packed, booked
// in the order's booking form and its airway bill opened as a PDF with the CN; then the fake's
// riders pick it up, take it out for delivery and deliver it, each move learnt through the staff
// API's "poll now", and the shopper's tracking page shows every courier update as it comes, until
// the order is delivered. Every control tapped is first checked in sight and uncovered. With
// SCREENSHOT_DIR=<folder> each step is saved there (the airway bill as a PNG too, by pdftoppm).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";
import { expectNothingCovered } from "../helpers/covered";
import { moreThan, placeShopOrder, shopProducts } from "../helpers/e2e-order";
import { startFakePostex, type FakePostex } from "../helpers/fake-couriers/postex";

const OWNER: ConsoleMember = {
  email: "owner@journey.test",
  password: "Journey2026couriers",
  firstName: "Amna",
  lastName: "Owner",
  role: "owner",
};
const SHOPPER_PHONE = "0303-4567890";
// the store seals the courier's token under this key (on PostgreSQL it has no other)
const KEY = crypto.randomBytes(32).toString("hex");
let fake: FakePostex;

// the fake is up before the test gives the store its address
beforeAll(async () => {
  fake = await startFakePostex();
});
afterAll(async () => {
  await fake?.close();
});

const suite = browserSuite("courier-journey", {
  prepare: (db: Db) => insertStaff(db, OWNER),
  env: { SECRETS_KEY: KEY },
});

async function shot(page: Page, name: string, fullPage = false) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** Taps a control as a person does: scrolled into sight, seen at its centre, nothing over it. */
async function tap(control: Locator) {
  await expectVisibleToPerson(control, { scroll: true });
  await control.click();
}

/** Waits for the console's confirmation (role="status") with this text. */
async function confirmed(page: Page, text: RegExp | string): Promise<string> {
  const notice = page.getByRole("status").filter({ hasText: text });
  await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(1);
  return (await notice.textContent()) ?? "";
}

/** The staff API as the owner: its "poll now" asks the courier at once, as the order page's button does. */
let token = "";
async function staffApi(method: "GET" | "POST", url: string): Promise<unknown> {
  if (!token) {
    const res = await fetch(`${suite.url}/api/admin/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
    });
    expect(res.status).toBe(201);
    token = ((await res.json()) as { access_token: string }).access_token;
  }
  const res = await fetch(`${suite.url}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  const answer = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/** Opens the console's menu on a phone and taps one of its entries. */
async function fromMenu(page: Page, entry: string, to: string) {
  await tap(page.getByRole("banner").getByLabel("Menu", { exact: true }));
  await tap(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: entry, exact: true }));
  await arrivesAt(page, to);
  await hydrated(page);
}

/** Settings → Couriers: the PostEx account, pointing at the fake, with its pickup address's code. */
async function addPostexAccount(page: Page) {
  await fromMenu(page, "Couriers", "/admin/settings/couriers");
  await tap(page.getByRole("link", { name: "Add PostEx" }));
  await arrivesAt(page, "/admin/settings/couriers/new");
  await hydrated(page);
  const form = page.getByRole("form", { name: "PostEx account" });
  await form.getByLabel("Label").fill("PostEx Lahore");
  await form.getByLabel("API token").fill(fake.credentials.token!);
  await form.getByLabel("Base URL (optional)").fill(fake.baseUrl);
  const pickup = form.getByRole("group", { name: "Add a pickup address" });
  await pickup.getByLabel("Name").fill("Warehouse");
  await pickup.getByLabel("Phone").fill("0300-1112222");
  await pickup.getByLabel("Address").fill("Plot 9, Sundar Estate, Lahore");
  await pickup.getByLabel("City").selectOption({ label: "Lahore" });
  await pickup.getByLabel("Courier's code (optional)").fill("PX-LHR-1");
  await expectNothingCovered(page);
  await shot(page, "journey-1-courier-account-phone", true);
  await tap(form.getByRole("button", { name: "Add PostEx account" }));
  await arrivesAt(page, /^\/admin\/settings\/couriers\/\d+$/);
  await confirmed(page, "Saved. Test the connection");
}

/** Settings → Cities: PostEx's list fetched from the fake, Lahore among the places matched. */
async function refreshCities(page: Page) {
  await fromMenu(page, "Cities", "/admin/settings/cities");
  await expectNothingCovered(page);
  await tap(page.getByRole("button", { name: "Refresh PostEx Lahore's city list" }));
  const done = await confirmed(page, "PostEx's list:");
  expect(done).toMatch(/PostEx's list: \d+ places, \d+ matched to the store's cities/);
  const lists = page.getByRole("list", { name: "Courier lists" });
  await expect.poll(() => lists.textContent()).toMatch(/Refreshed .*\d+ places delivered to/);
  await shot(page, "journey-2-cities-refreshed-phone", true);
}

/** The order page's next step (Confirm, Mark packed), answered with the order's new status. */
async function move(page: Page, button: string, status: string) {
  await expectNothingCovered(page);
  await tap(page.getByRole("form", { name: button }).getByRole("button", { name: button }));
  await confirmed(page, `The order is now ${status}`);
}

/**
 * Taps the airway bill's link: the browser opens it in a tab of its own, answered as a PDF (which
 * Chromium's viewer shows). The viewer keeps the bytes to itself, so they are fetched again from
 * the tab's address with the console's own session.
 */
async function openAirwayBill(page: Page, link: Locator): Promise<{ tab: Page; pdf: Buffer }> {
  const answered = page
    .context()
    .waitForEvent("response", (res) => res.url().includes("/admin/parcels/airway-bills.pdf"));
  const [tab] = await Promise.all([page.waitForEvent("popup"), tap(link)]);
  const res = await answered;
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect(res.frame()).toBe(tab.mainFrame());
  const again = await page.request.get(res.url());
  expect(again.headers()["content-type"]).toBe("application/pdf");
  return { tab, pdf: await again.body() };
}

/** Keeps the airway bill, and its first page as a PNG where pdftoppm is installed. */
function keepPdf(pdf: Buffer, name: string) {
  if (!SCREENSHOT_DIR) return;
  const file = path.join(SCREENSHOT_DIR, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    execFileSync("pdftoppm", ["-png", "-r", "96", "-singlefile", file, path.join(SCREENSHOT_DIR, name)]);
  } catch {
    // no pdftoppm here: the PDF is kept to open by hand
  }
}

/**
 * The tab as Chromium's PDF viewer draws it. The viewer lives in a frame the page cannot see into,
 * so it is taken once the screen is no longer the viewer's bare background (a one-colour PNG of a
 * phone screen is under 3 kB; with the toolbar and the page drawn it is larger), or as it is after
 * 10 s: a screenshot only, nothing of the test waits on it.
 */
async function shotOfViewer(tab: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await tab.waitForLoadState("load");
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    if ((await tab.screenshot()).length > 4_000) break;
  }
  await shot(tab, name);
}

/** The courier updates on the shopper's tracking page, newest first. */
const updates = (page: Page) => page.getByRole("region", { name: "Courier updates" }).locator("li").allTextContents();
const orderStatus = (page: Page) => page.locator("#status-title").textContent();

// many page loads in one test: room for a machine shared with other runs
describe("a shop owner's courier journey", { timeout: 120_000 }, () => {
  it("on a phone: set up PostEx and its cities, confirm, pack, book, print the label, and the shopper follows it to delivered", async () => {
    const desk = await suite.pages.open(PHONE);
    await signInToConsole(desk, suite.url, OWNER);
    await addPostexAccount(desk);
    await refreshCities(desk);

    // a shopper orders to Lahore, cash on delivery
    const product = (await shopProducts(suite.url)).find((p) => p.variant_combinations.some(moreThan(5)))!;
    const order = await placeShopOrder(
      suite.url,
      {
        first_name: "Hina",
        last_name: "Rauf",
        email: "hina@example.pk",
        phone: SHOPPER_PHONE,
        shipping_address: "House 21, Street 9, Johar Town, Lahore",
        city: "Lahore",
        postal_code: "54782",
      },
      { product, combo: product.variant_combinations.find(moreThan(5))! },
    );

    // the console: confirm, pack
    await desk.goto(`${suite.url}/admin/orders/${order.id}`);
    await hydrated(desk);
    await move(desk, "Confirm", "confirmed");
    await move(desk, "Mark packed", "packed");

    // book with PostEx in the order's booking form
    const panel = desk.locator("section").filter({ has: desk.getByRole("heading", { name: "Courier", exact: true }) });
    await tap(panel.locator("summary", { hasText: "Book with courier" }));
    const form = desk.getByRole("form", { name: "Book with courier" });
    await expectVisibleToPerson(form);
    const account = form.getByLabel("Courier account");
    // the refreshed list has PostEx delivering to Lahore: the account can be chosen
    const chosen = await account.locator("option:checked").textContent();
    expect(chosen).toContain("PostEx Lahore (PostEx) · default");
    expect(chosen).not.toContain("does not deliver");
    expect(await form.getByLabel("Cash to collect (Rs.)").inputValue()).toBe(String(order.totalPaisa / 100));
    await form.getByLabel("Instructions for the rider").fill("Call before delivery");
    await expectNothingCovered(desk);
    await form.scrollIntoViewIfNeeded();
    await shot(desk, "journey-3-booking-dialog-phone");
    await tap(form.getByRole("button", { name: "Book" }));
    const booked = await confirmed(desk, /Booked with PostEx: CN \d+/);
    const cn = /CN (\d+)/.exec(booked)![1]!;
    const atFake = fake.parcels().find((p) => p.cn === cn)!;
    expect(atFake).toMatchObject({ reference: order.tracking_id, codPaisa: order.totalPaisa, cityKey: "LAHORE" });
    expect(atFake.bookingBody).toMatchObject({ pickupAddressCode: "PX-LHR-1", transactionNotes: "Call before delivery" });
    const parcel = panel.getByTestId("parcel").first();
    await expect.poll(() => parcel.textContent()).toContain(`CN ${cn}`);
    expect(await parcel.textContent()).toContain("Booked, awaiting pickup");
    // the courier's pickup marks it shipped, and the booking is cancelled before the order: neither is offered
    const nextStep = desk
      .locator("section")
      .filter({ has: desk.getByRole("heading", { name: "Next step", exact: true }) });
    expect(await nextStep.getByRole("button", { name: "Mark shipped" }).count()).toBe(0);
    expect(await nextStep.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
    expect(await nextStep.textContent()).toContain(`Booked with PostEx (CN ${cn})`);
    await shot(desk, "journey-4-booked-phone", true);

    // print the label: the airway bill opens in its own tab, a PDF with the CN on it
    await expectNothingCovered(desk);
    const { tab, pdf } = await openAirwayBill(desk, parcel.getByRole("link", { name: "Airway bill (PDF)" }));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(cn);
    keepPdf(pdf, "journey-5-airway-bill");
    await shotOfViewer(tab, "journey-5-airway-bill-tab-phone");
    await tab.close();

    // the shopper opens the link from the confirmation email and gives the phone she ordered with
    const shopper = await suite.pages.open(PHONE);
    await shopper.goto(`${suite.url}/track?tracking_id=${encodeURIComponent(order.tracking_id)}`);
    await hydrated(shopper);
    await shopper.getByLabel("Phone or email").fill(SHOPPER_PHONE);
    await tap(shopper.getByRole("button", { name: "Track Order" }));
    await expect.poll(() => shopper.locator("#status-title").count(), { timeout: 15_000 }).toBe(1);
    // booked, not yet picked up: the order is packed, and no courier update yet
    expect(await orderStatus(shopper)).toMatch(/packed/i);
    expect(await updates(shopper)).toEqual([]);
    await expectNothingCovered(shopper);
    await shot(shopper, "journey-6-tracking-booked-phone", true);

    // the riders move the parcel; each move is learnt by "poll now" and shown to the shopper
    const [live] = (await staffApi("GET", `/api/admin/orders/${order.id}/parcels`)) as { id: number; cn: string }[];
    expect(live!.cn).toBe(cn);
    const parcelId = live!.id;
    const moves = [
      { to: "picked up", words: "Picked up by the courier", status: /shipped/i, orderMoves: ["shipped"] },
      { to: "out for delivery", words: "Out for delivery", status: /shipped/i, orderMoves: [] },
      { to: "delivered", words: "Delivered", status: /delivered/i, orderMoves: ["delivered"] },
    ] as const;
    // PostEx's history starts with the booking itself: the first answer brings that step too
    const told = ["Booked with the courier"];
    for (const [n, step] of moves.entries()) {
      fake.advance(cn, step.to);
      if (n === 0) {
        // the first one from the order page's own button, as staff would ask
        await desk.reload();
        await hydrated(desk);
        await tap(desk.getByRole("button", { name: "Check with PostEx now" }));
        await confirmed(desk, new RegExp(`PostEx \\(CN ${cn}\\): 2 new updates from the courier; now picked up`));
      } else {
        const poll = (await staffApi("POST", `/api/admin/parcels/${parcelId}/poll`)) as Record<string, unknown>;
        expect(poll).toMatchObject({ events_added: 1, status: step.to, order_moves: step.orderMoves });
      }
      told.unshift(step.words);
      await shopper.reload();
      // the newest first, each earlier one still listed under it, none twice
      const seen = await updates(shopper);
      expect(seen).toHaveLength(told.length);
      told.forEach((words, i) => expect(seen[i]).toMatch(new RegExp(`^${words}`)));
      expect(await orderStatus(shopper)).toMatch(step.status);
      expect(await shopper.getByText(`consignment number ${cn}`).count()).toBe(1);
      const region = shopper.getByRole("region", { name: "Courier updates" });
      await expectVisibleToPerson(region.locator("li").first(), { scroll: true });
      await expectNothingCovered(shopper);
      await shot(shopper, `journey-${7 + n}-tracking-${step.to.replaceAll(" ", "-")}-phone`, true);
    }
    // delivered: the order's progress reaches its last step, every step before it done
    const steps = await shopper.getByRole("list", { name: "Order progress" }).locator("li").allTextContents();
    expect(steps.at(-1)).toMatch(/^Delivered.*\(current\)/);
    for (const step of steps.slice(0, -1)) expect(step).toContain("(done)");

    // and the console says so too
    await desk.reload();
    expect(await desk.locator("h1 + p").first().textContent()).toMatch(/delivered/i);
  });
});
