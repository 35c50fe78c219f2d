// New orders announce themselves, in a real browser (decision 0094). On a phone a member turns on
// notifications for the device on their account page (the browser's push subscription is made by
// a stand-in for the browser's push service, since headless Chromium has none; the store sends to
// a local push service that checks and decrypts what it gets) and email alerts; an order placed
// reaches the push service. The orders list at 390 × 844 shows its first order in the first
// screen, the bulk bar appears only when a row is ticked and stays in reach; an order arriving
// while rows are ticked and a search half-typed is announced, not shuffled in, until "show". The
// menu's count follows; "Orders today" opens today's orders; the storefront never loads the
// console's manifest or worker. Phone and desktop, with screenshots under SCREENSHOT_DIR.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import webpush from "web-push";
import { afterAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, SCREENSHOT_DIR, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { placeApiOrder } from "../helpers/api-order";
import { browserSuite } from "../helpers/browser-suite";
import { insertStaff, signInToConsole, type ConsoleMember } from "../helpers/console-e2e";
import { startFakePush, type FakeSubscription } from "../helpers/fake-push";

const push = await startFakePush();
const certFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "push-ca-")), "ca.pem");
fs.writeFileSync(certFile, push.cert);
const vapid = webpush.generateVAPIDKeys();

const OWNER: ConsoleMember = {
  email: "owner@alerts.test",
  password: "Alerts2026owner",
  firstName: "Hina",
  lastName: "Owner",
  role: "owner",
};

const suite = browserSuite("admin-order-alerts", {
  prepare: (db) => insertStaff(db, OWNER),
  env: {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:owner@alerts.test",
    PUSH_SERVICE_ORIGINS: push.origin,
    // the local push service's certificate, trusted by the store's process alone
    NODE_EXTRA_CA_CERTS: certFile,
    MESSAGE_WORKER_POLL_MS: "100",
  },
});

afterAll(async () => {
  await push.close();
});

async function shot(page: Page, name: string, fullPage = false) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** A guest's order through the shop's API; the answer carries its id too. */
const placeOrder = async () => (await placeApiOrder(suite.url)) as { id: number; tracking_id: string };

/**
 * Headless Chromium has no push service: the page's PushManager hands out a subscription of the
 * local push service instead (kept across page loads in localStorage, as a browser keeps its
 * own), and notifications are allowed, as a person allowing them would.
 */
async function withStandInPush(page: Page, subscription: FakeSubscription) {
  await page.context().grantPermissions(["notifications"], { origin: suite.url });
  await page.addInitScript((sub: FakeSubscription) => {
    const KEY = "stand-in-push";
    const make = (key: string) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: {
        applicationServerKey: Uint8Array.from(atob(key), (c) => c.charCodeAt(0)).buffer,
        userVisibleOnly: true,
      },
      toJSON: () => sub,
      unsubscribe: () => {
        localStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    });
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const bytes = new Uint8Array(options!.applicationServerKey as Uint8Array);
      const key = btoa(String.fromCharCode(...bytes));
      localStorage.setItem(KEY, key);
      return Promise.resolve(make(key) as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function () {
      const key = localStorage.getItem(KEY);
      return Promise.resolve(key ? (make(key) as unknown as PushSubscription) : null);
    };
  }, subscription);
}

/** The top and bottom of an element against the viewport, and whether a person sees its centre. */
const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: window.innerHeight };
    });

describe.sequential("new-order alerts and the live orders list", { timeout: 180_000 }, () => {
  it("a member turns on notifications for this phone and email alerts; a new order reaches the push service (phone)", async () => {
    const page = await suite.pages.open(PHONE);
    const subscription = push.subscribe();
    await withStandInPush(page, subscription);
    await signInToConsole(page, suite.url, OWNER, { next: "/admin/account" });
    const panel = page.getByTestId("order-alerts");
    const turnOn = panel.getByRole("button", { name: "Turn on for this device" });
    await expectVisibleToPerson(turnOn, { scroll: true });
    await shot(page, "alerts-account-off-phone", true);
    await turnOn.click();
    await expectVisibleToPerson(panel.getByRole("status").filter({ hasText: "Notifications are on for this device" }));
    await expectVisibleToPerson(panel.getByRole("button", { name: "Turn off on this device" }), { scroll: true });
    const devices = panel.getByRole("list", { name: "Devices that get notifications" });
    await expect.poll(() => devices.textContent()).toContain("(this device)");
    await panel.getByRole("button", { name: "Turn on email alerts" }).click();
    await expectVisibleToPerson(panel.getByRole("status").filter({ hasText: "New orders will be emailed to you." }));
    await expect.poll(() => panel.textContent()).toContain(`are emailed to ${OWNER.email}`);
    await shot(page, "alerts-account-on-phone", true);

    // the console's worker controls console pages only
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/admin/"))?.scope);
    expect(scope).toBe(`${suite.url}/admin/`);

    const order = await placeOrder();
    await expect
      .poll(() => push.received.filter((r) => r.id === subscription.endpoint.split("/").pop()).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const got = push.received.at(-1)!;
    expect(got.vapidKey).toBe(vapid.publicKey);
    expect(got.payload).toMatchObject({ title: `New order ${order.tracking_id}`, url: `/admin/orders/${order.id}` });
  });

  it("the storefront names no manifest and no worker controls it", async () => {
    const page = await suite.pages.open(PHONE);
    await page.goto(`${suite.url}/`);
    await hydrated(page);
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  });

  it("orders list at 390 × 844: first order in the first screen; the bulk bar only when ticked; a new order is announced, not shuffled in", async () => {
    for (let n = 0; n < 3; n++) await placeOrder();
    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, OWNER, { next: "/admin/orders" });
    const list = page.getByRole("list", { name: "Order list" });
    const first = list.getByRole("listitem").first();
    await expectVisibleToPerson(first);
    const row = await box(page, 'ul[aria-label="Order list"] > li');
    expect(row.bottom).toBeLessThanOrEqual(row.height);
    const bar = page.getByTestId("bulk-bar");
    expect(await bar.isVisible()).toBe(false);
    await shot(page, "orders-phone-first-screen");

    const firstTracking = (await first.getByRole("link").first().textContent())!.trim();
    await first.getByRole("checkbox").check();
    await expectVisibleToPerson(bar);
    await expectVisibleToPerson(bar.getByRole("button", { name: "Confirm ticked" }));
    await expect.poll(() => bar.textContent()).toContain("1 ticked");
    const barBox = await box(page, '[data-testid="bulk-bar"]');
    expect(barBox.bottom).toBeLessThanOrEqual(barBox.height + 1);
    await shot(page, "orders-phone-ticked");
    // scrolled to the end of the list, the bar is still there to tap
    await page.mouse.wheel(0, 3000);
    await expectVisibleToPerson(bar.getByRole("button", { name: "Confirm ticked" }));

    const search = page.getByRole("searchbox");
    await search.fill("Zar");
    const waitingBefore = await page.evaluate(() => document.body.textContent);
    void waitingBefore;
    const arrived = await placeOrder();
    // what the console's worker tells open tabs when a push arrives: ask now, not at the next poll
    await page.evaluate(() =>
      navigator.serviceWorker.dispatchEvent(new MessageEvent("message", { data: { type: "new-order" } })),
    );
    const notice = page.getByTestId("new-orders");
    await expect.poll(() => notice.textContent(), { timeout: 10_000 }).toBe("1 new order — show");
    await expectVisibleToPerson(notice, { scroll: true });
    // nothing moved under the member's hands
    expect((await list.getByRole("listitem").first().getByRole("link").first().textContent())!.trim()).toBe(
      firstTracking,
    );
    expect(await list.getByText(arrived.tracking_id).count()).toBe(0);
    await shot(page, "orders-phone-new-order-notice");

    await notice.click();
    await expect
      .poll(() => list.getByRole("listitem").first().textContent(), { timeout: 10_000 })
      .toContain(arrived.tracking_id);
    expect(await page.getByLabel(`Tick order ${firstTracking}`).isChecked()).toBe(true);
    expect(await search.inputValue()).toBe("Zar");
    expect(await notice.count()).toBe(0);

    // the menu's count of orders waiting for confirmation
    await page.getByRole("banner").locator("summary").click();
    const count = page.getByRole("navigation", { name: "Console" }).getByTestId("menu-count");
    await expectVisibleToPerson(count);
    const before = Number((await count.textContent())!.replace(/\D/g, ""));
    expect(before).toBeGreaterThanOrEqual(5);
    await shot(page, "orders-phone-menu-count");
    await placeOrder();
    await page.evaluate(() =>
      navigator.serviceWorker.dispatchEvent(new MessageEvent("message", { data: { type: "new-order" } })),
    );
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).toContain(String(before + 1));
  });

  it("desktop: the side menu's count, the bulk bar on tick, and Orders today opening today's orders", async () => {
    const page = await suite.pages.open(DESKTOP);
    await signInToConsole(page, suite.url, OWNER);
    const today = page.getByRole("link", { name: /Orders today/ });
    await expectVisibleToPerson(today);
    await shot(page, "home-desktop");
    await today.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/orders");
    const params = new URL(page.url()).searchParams;
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());
    expect([params.get("from"), params.get("to")]).toEqual([day, day]);
    await hydrated(page);
    const list = page.getByRole("list", { name: "Order list" });
    await expectVisibleToPerson(list.getByRole("listitem").first());
    await expectVisibleToPerson(page.getByRole("navigation", { name: "Console" }).getByTestId("menu-count"));
    // the folded filters say what is in force: today
    expect(await page.getByTestId("more-filters").locator("summary").textContent()).toMatch(
      /More filters\s*· \d{1,2} \w+ \d{4}$/,
    );
    const bar = page.getByTestId("bulk-bar");
    expect(await bar.isVisible()).toBe(false);
    await list.getByRole("checkbox").first().check();
    await list.getByRole("checkbox").nth(1).check();
    await expectVisibleToPerson(bar.getByRole("button", { name: "Print packing slips" }));
    await expect.poll(() => bar.textContent()).toContain("2 ticked");
    await shot(page, "orders-desktop-ticked");
    await bar.getByRole("button", { name: "Untick all" }).click();
    await expect.poll(() => bar.isVisible()).toBe(false);
  });
});
