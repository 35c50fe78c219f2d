// The shopper's confirm page in a real browser (decision 0071): opened from the
// link in the WhatsApp message on a phone, the order is there and Confirm is in reach; tapping it
// confirms the order; without JavaScript Cancel works as a plain form post; a broken link gets a
// friendly page. Screenshots before and after, phone and desktop.
import { describe, expect, it } from "vitest";
import { PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { placeOrderFrom } from "../helpers/fake-whatsapp-webhook";

// the desktop width the screenshots are taken at
const DESKTOP = { width: 1280, height: 900 } as const;

const suite = browserSuite("order-confirm");

const trackStatus = async (trackingId: string, phone: string) => {
  const res = await fetch(`${suite.url}/api/orders/track/${trackingId}?phone=${encodeURIComponent(phone)}`);
  return ((await res.json()) as { status: string }).status;
};

describe.sequential("the confirm page", { timeout: 120_000 }, () => {
  it("on a phone: shows the order and Confirm confirms it", async () => {
    const phone = "0300-5550101";
    const order = await placeOrderFrom(suite.url, phone);
    const page = await suite.pages.open(PHONE);
    await page.goto(`${suite.url}${order.confirm_url}`);
    await hydrated(page);
    await expectVisibleToPerson(page.getByRole("heading", { name: "Confirm your order" }));
    await expect.poll(() => page.locator("main").textContent()).toContain(order.tracking_id);
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toMatch(/Rs\. [\d,]+/);
    expect(text).toContain("Islamabad");
    const confirm = page.getByRole("button", { name: "Confirm order" });
    await expectVisibleToPerson(confirm, { scroll: true });
    await expectVisibleToPerson(page.getByRole("button", { name: "Cancel order" }), { scroll: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/confirm-before-phone.png`, fullPage: true });

    await confirm.click();
    await expectVisibleToPerson(page.getByText("Thank you! Your order is confirmed."));
    expect(await page.getByRole("button", { name: "Confirm order" }).count()).toBe(0);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/confirm-after-phone.png`, fullPage: true });
    expect(await trackStatus(order.tracking_id, phone)).toBe("confirmed");

    await page.reload();
    await expectVisibleToPerson(page.getByText("This order is already confirmed."));
  });

  it("without JavaScript: Cancel works as a plain form post (desktop screenshots)", async () => {
    const phone = "0300-5550102";
    const order = await placeOrderFrom(suite.url, phone);
    const desktop = await suite.pages.open(DESKTOP);
    await desktop.goto(`${suite.url}${order.confirm_url}`);
    await expectVisibleToPerson(desktop.getByRole("button", { name: "Confirm order" }));
    if (SCREENSHOT_DIR)
      await desktop.screenshot({ path: `${SCREENSHOT_DIR}/confirm-before-desktop.png`, fullPage: true });

    const page = await suite.pages.open(PHONE, false);
    await page.goto(`${suite.url}${order.confirm_url}`);
    const cancel = page.getByRole("button", { name: "Cancel order" });
    await expectVisibleToPerson(cancel, { scroll: true });
    await cancel.click();
    await expectVisibleToPerson(page.getByText("Your order is cancelled. Nothing will be sent."));
    expect(await trackStatus(order.tracking_id, phone)).toBe("cancelled");

    await desktop.reload();
    await expectVisibleToPerson(desktop.getByText("This order is already cancelled."));
    if (SCREENSHOT_DIR)
      await desktop.screenshot({ path: `${SCREENSHOT_DIR}/confirm-after-desktop.png`, fullPage: true });
  });

  it("a link that names no order gets a friendly page with a way on", async () => {
    const page = await suite.pages.open(PHONE);
    const res = await page.goto(`${suite.url}/order/confirm/${"Z".repeat(43)}`);
    expect(res?.status()).toBe(404);
    await expectVisibleToPerson(page.getByRole("heading", { name: "Link not found" }));
    await expectVisibleToPerson(page.getByRole("link", { name: "Track your order" }).last(), { scroll: true });
    if (SCREENSHOT_DIR)
      await page.screenshot({ path: `${SCREENSHOT_DIR}/confirm-not-found-phone.png`, fullPage: true });
  });
});
