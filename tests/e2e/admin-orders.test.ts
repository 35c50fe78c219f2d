// The orders side of the console in a real browser at phone width (decision 0055): a packer finds a
// new cash-on-delivery order (with how long it has waited), opens it (tap to call, WhatsApp),
// and moves it confirm → pack → ship (courier and consignment number) → deliver (cash
// collected); after each step the shopper's tracking page shows it. A staff note stays off the
// tracking page, a stale screen's move is refused, and a ticked order is confirmed in bulk.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { PHONE, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, signInToConsole } from "../helpers/console-e2e";
import { moreThan, placeShopOrder, shopProducts } from "../helpers/e2e-order";

const PASSWORD = "Packing2026now";
const PACKER = "packer@orders.test";
let phoneSerial = 0;

/** A guest's cash-on-delivery order through the shop's API, as the checkout places it. */
async function placeOrder(): Promise<{ trackingId: string; phone: string }> {
  const product = (await shopProducts(suite.url)).find((p) => p.variant_combinations.some(moreThan(3)))!;
  const combo = product.variant_combinations.find(moreThan(3))!;
  phoneSerial += 1;
  const phone = `0301-${String(2_000_000 + phoneSerial).slice(-7)}`;
  const address = "House 7, Street 9, DHA Phase 5, Karachi, 75500, Pakistan";
  const shopper = { first_name: "Zara", last_name: "Ahmed", email: `zara${phoneSerial}@example.pk`, phone };
  const body = await placeShopOrder(
    suite.url,
    { ...shopper, shipping_address: address, city: "Karachi", postal_code: "75500" },
    { product, combo },
  );
  return { trackingId: body.tracking_id, phone };
}

async function prepare(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await db
    .insert(users)
    .values({ email: PACKER, firstName: "Bilal", lastName: "Packer", role: "fulfilment", passwordHash });
}

const suite = browserSuite("admin-orders", { prepare });

async function signIn(page: Page) {
  await signInToConsole(page, suite.url, { email: PACKER, password: PASSWORD }, { hydrate: false });
}

/** The shopper's tracking page, as the shopper opens it: its heading and the shipment line. */
async function tracking(shopper: Page, order: { trackingId: string; phone: string }) {
  await shopper.goto(`${suite.url}/track?tracking_id=${order.trackingId}&phone=${encodeURIComponent(order.phone)}`);
  const heading = shopper.getByRole("heading", { level: 2, name: /./ }).first();
  await expectVisibleToPerson(heading, { scroll: true });
  return { status: (await heading.textContent())!.trim(), text: (await shopper.locator("main").textContent()) ?? "" };
}

describe.sequential("orders in the console", { timeout: 120_000 }, () => {
  it("takes a new order from confirmation to delivery, the tracking page following each step (phone)", async () => {
    const order = await placeOrder();
    const page = await suite.pages.open(PHONE);
    const shopper = await suite.pages.open(PHONE);
    await signIn(page);

    // the menu leads to the orders; the new order waits under its tab, with its age
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" }).click();
    await arrivesAt(page, "/admin/orders");
    await page
      .getByRole("navigation", { name: "Order status" })
      .getByRole("link", { name: /^Pending confirmation/ })
      .click();
    // the tab's page scrolls to the top when it arrives: look for the row after that
    await expect
      .poll(() => new URL(page.url()).searchParams.get("status"), { timeout: 15_000 })
      .toBe("pending confirmation");
    const row = page
      .getByRole("list", { name: "Order list" })
      .getByRole("listitem")
      .filter({ hasText: order.trackingId });
    await expectVisibleToPerson(row, { scroll: true });
    expect(await row.textContent()).toMatch(/waiting \d+ min/);
    await row.getByRole("link", { name: order.trackingId }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/admin\/orders\/\d+$/);
    await hydrated(page);
    await expectVisibleToPerson(page.getByRole("heading", { name: `Order ${order.trackingId}` }));
    expect(await page.getByRole("link", { name: /^Call / }).getAttribute("href")).toBe(
      `tel:${order.phone.replace(/\D/g, "")}`,
    );
    expect(await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\/92301\d{7}$/,
    );
    expect((await tracking(shopper, order)).status).toBe("Awaiting confirmation");

    const steps: [string, string, (form: ReturnType<Page["getByRole"]>) => Promise<void>][] = [
      ["Confirm", "Confirmed", async () => {}],
      ["Mark packed", "Packed", async () => {}],
      [
        "Mark shipped",
        "Shipped",
        async (form) => {
          await form.getByLabel("Courier").fill("TCS");
          await form.getByLabel("Consignment number").fill("KHI-778899");
        },
      ],
      ["Mark delivered", "Delivered", async () => {}],
    ];
    for (const [button, shown, fill] of steps) {
      const form = page.getByRole("form", { name: button });
      await fill(form);
      await form.getByRole("button", { name: button }).click();
      // this step's own answer: the last step's ("The order is now packed.") stays on the page
      // until this one arrives
      const done = page.getByRole("status").filter({ hasText: `The order is now ${shown.toLowerCase()}.` });
      await expectVisibleToPerson(done);
      const view = await tracking(shopper, order);
      expect(view.status, button).toBe(shown);
      if (shown === "Shipped" || shown === "Delivered") expect(view.text).toContain("KHI-778899");
    }
    // delivered: only a return is left, and the timeline says who did each step
    expect(await page.getByRole("form", { name: "Record return" }).count()).toBe(1);
    // the page's data is loaded again after the answer: wait for the timeline itself
    const timelineText = async () => (await page.getByRole("list", { name: "Timeline" }).textContent()) ?? "";
    await expect.poll(timelineText, { timeout: 10_000 }).toContain("Delivered");
    const timeline = await timelineText();
    for (const status of ["Confirmed", "Packed", "Shipped", "Delivered"]) expect(timeline).toContain(status);
    expect(timeline).toContain("Bilal Packer");
  });

  it("keeps a staff note off the tracking page, and refuses a move made from a stale screen (phone)", async () => {
    const order = await placeOrder();
    const page = await suite.pages.open(PHONE);
    const other = await suite.pages.open(PHONE);
    const shopper = await suite.pages.open(PHONE);
    await signIn(page);
    await signIn(other);
    await page.goto(`${suite.url}/admin/orders?search=${order.trackingId}`);
    await page.getByRole("link", { name: order.trackingId }).click();
    await expectVisibleToPerson(page.getByRole("heading", { name: `Order ${order.trackingId}` }));
    await hydrated(page);
    const detailUrl = page.url();

    await page.getByLabel("Note for the staff").fill("Called twice, no answer. Try after 6 pm.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Note added." }));
    await expect
      .poll(async () => page.getByRole("list", { name: "Timeline" }).textContent(), { timeout: 10_000 })
      .toContain("Try after 6 pm");
    expect((await tracking(shopper, order)).text).not.toContain("Try after 6 pm");

    // a colleague confirms it meanwhile; this screen still shows "pending confirmation"
    await other.goto(detailUrl);
    await hydrated(other);
    await other.getByRole("form", { name: "Confirm" }).getByRole("button", { name: "Confirm" }).click();
    await expectVisibleToPerson(other.getByRole("status").filter({ hasText: "The order is now confirmed" }));
    await page.getByRole("form", { name: "Cancel order" }).getByRole("button", { name: "Cancel order" }).click();
    const refused = page.getByRole("alert");
    await expectVisibleToPerson(refused);
    expect(await refused.textContent()).toContain("changed by someone else");
    expect((await tracking(shopper, order)).status).toBe("Confirmed");
  });

  it("confirms ticked orders in bulk and says which could not move (phone)", async () => {
    const first = await placeOrder();
    const second = await placeOrder();
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await page.goto(`${suite.url}/admin/orders?status=pending+confirmation`);
    await hydrated(page);
    for (const order of [first, second]) await page.getByLabel(`Tick order ${order.trackingId}`).check();
    await page.getByRole("button", { name: "Confirm ticked" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "2 orders moved to confirmed." }));
    const shopper = await suite.pages.open(PHONE);
    for (const order of [first, second]) expect((await tracking(shopper, order)).status).toBe("Confirmed");
    // confirmed orders are no longer under the pending tab
    await expect
      .poll(() => page.getByRole("list", { name: "Order list" }).getByText(first.trackingId).count(), {
        timeout: 10_000,
      })
      .toBe(0);
  });
});
