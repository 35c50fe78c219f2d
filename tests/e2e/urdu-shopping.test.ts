// Shopping in Urdu on a phone (decision 0110), against the built store: the phone menu at /ur in
// Urdu, a product added to the cart, the cart mirrored (the photo on the right of its words), a bad
// phone number refused in Urdu under its field, and the order placed, its confirmation in Urdu with
// the tracking ID still reading left to right. Runs on PGlite, and on PostgreSQL when DATABASE_URL
// is set (its own database, as the other checkout tests do).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import urdu from "../../app/i18n/ur/checkout";
import { PAKISTAN_PHONE_MESSAGE } from "../../core/shared/phone";
import { DESKTOP, PHONE, SCREENSHOT_DIR, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { open, simple, startCheckoutStore, store, TRACKING_ID } from "../helpers/checkout-browser";

startCheckoutStore();

const POLL = { timeout: 15_000 };

// the checkout form's labels on an Urdu page, and what Ayesha types in them
const URDU_FORM: Record<string, string> = {
  "پہلا نام": "Ayesha",
  "آخری نام": "Khan",
  "ای میل": "ayesha.urdu@example.pk",
  فون: "12345",
  پتا: "House 12, Street 4, Gulberg III",
  "پوسٹل کوڈ": "54660",
};

/** What the shopper sees now (a laptop's shot takes the whole page). */
async function shot(page: Page, name: string) {
  const fullPage = (page.viewportSize()?.width ?? 0) > PHONE.width;
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

/** The element's box in the viewport. */
const boxOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const r = element.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });

describe.sequential("shopping in Urdu", { timeout: 120_000 }, () => {
  it("a shopper on a phone finds a product, fills her cart, is told of a bad phone number in Urdu and orders", async () => {
    const page = await open(PHONE);
    const item = simple[0]!;

    // the front page and its phone menu, in Urdu and inside the screen
    await page.goto(`${store.url}/ur`);
    await hydrated(page);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await shot(page, "urdu-home-phone");
    await page.locator("header summary").click();
    const menu = page.getByRole("navigation", { name: "مینو" });
    await expectVisibleToPerson(menu.getByRole("link", { name: "تمام پراڈکٹس" }));
    await shot(page, "urdu-menu-phone");

    // the product, added to the cart
    await page.goto(`${store.url}/ur/product/${item.id}`);
    await hydrated(page);
    await shot(page, "urdu-product-phone");
    await page.getByRole("button", { name: "کارٹ میں ڈالیں" }).first().click();
    await expect.poll(() => page.getByTestId("cart-count").textContent(), POLL).toBe("1");

    // the cart, from the header: the line reads right to left, its photo on the right
    await page.locator('header a[href="/ur/cart"]').click();
    await page.waitForURL(`${store.url}/ur/cart`);
    await hydrated(page);
    await page.getByRole("heading", { name: /آپ کا کارٹ/ }).waitFor(POLL);
    const line = page.getByRole("listitem", { name: item.name });
    await line.waitFor(POLL);
    const photo = await boxOf(page, `li[aria-label="${item.name}"] a[aria-hidden="true"]`);
    const words = await boxOf(page, `li[aria-label="${item.name}"] h2`);
    expect(photo.left).toBeGreaterThanOrEqual(words.right);
    await expectVisibleToPerson(page.getByRole("link", { name: "چیک آؤٹ کی طرف بڑھیں" }), { scroll: true });
    await shot(page, "urdu-cart-summary-phone");
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "urdu-cart-phone");

    // checkout: a phone number that is not a Pakistani mobile is refused under its field, in Urdu
    await page.getByRole("link", { name: "چیک آؤٹ کی طرف بڑھیں" }).click();
    await page.waitForURL(`${store.url}/ur/checkout`);
    await hydrated(page);
    const placeOrder = page.getByRole("button", { name: "آرڈر کریں" });
    await placeOrder.waitFor(POLL);
    for (const [label, value] of Object.entries(URDU_FORM)) {
      await page.getByRole("textbox", { name: label, exact: true }).fill(value);
    }
    await page.getByRole("combobox", { name: "شہر" }).fill("Lahore");
    await placeOrder.click();
    const phoneError = page.locator("#checkout-phone-error");
    await expect.poll(() => phoneError.textContent(), POLL).toBe(urdu[PAKISTAN_PHONE_MESSAGE]);
    await expectVisibleToPerson(phoneError);
    expect(await page.getByRole("textbox", { name: "فون", exact: true }).getAttribute("aria-invalid")).toBe("true");
    await shot(page, "urdu-checkout-phone");

    // fixed, the order goes through: the confirmation in Urdu, the tracking ID left to right
    await page.getByRole("textbox", { name: "فون", exact: true }).fill("0300-1234567");
    await expect.poll(() => phoneError.count(), POLL).toBe(0);
    await placeOrder.click();
    await page.waitForURL(/\/ur\/checkout\/confirmation\?tracking_id=/, POLL);
    await page.getByText("آپ کا آرڈر موصول ہو گیا ہے۔").waitFor(POLL);
    const trackingId = page.getByTestId("tracking-id");
    expect((await trackingId.textContent())!.trim()).toMatch(TRACKING_ID);
    expect(await trackingId.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
    await expectVisibleToPerson(trackingId);
    await page.getByRole("heading", { name: "آگے کیا ہوگا" }).waitFor(POLL);
    await shot(page, "urdu-confirmation-phone");
    await page.getByRole("heading", { name: "آگے کیا ہوگا" }).scrollIntoViewIfNeeded();
    await shot(page, "urdu-confirmation-next-phone");

    // her confirm page stays in Urdu, and takes her answer
    const id = (await trackingId.textContent())!.trim();
    await page.getByRole("link", { name: "اس صفحے پر اپنے آرڈر کی تصدیق کریں یا اسے منسوخ کریں" }).click();
    await page.waitForURL(/\/ur\/order\/confirm\//, POLL);
    await page.getByRole("heading", { name: "اپنے آرڈر کی تصدیق کریں" }).waitFor(POLL);
    await shot(page, "urdu-order-confirm-phone");
    await page.getByRole("button", { name: "آرڈر کی تصدیق کریں" }).click();
    await page.getByText("شکریہ! آپ کے آرڈر کی تصدیق ہو گئی ہے۔").waitFor(POLL);
    await shot(page, "urdu-order-confirmed-phone");

    // its tracking, in Urdu with the date in Urdu's words (Pakistan time)
    await page.goto(`${store.url}/ur/track?tracking_id=${id}&contact=0300-1234567`);
    await hydrated(page);
    await page.getByRole("heading", { name: "تصدیق ہو گئی" }).waitFor(POLL);
    const progress = page.getByRole("list", { name: "آرڈر کی صورتحال" });
    expect(await progress.getByRole("listitem").first().textContent()).toMatch(
      /^آرڈر دیا گیا \(مکمل\)\d{1,2} \p{Script=Arabic}+، \d{4}/u,
    );
    await progress.scrollIntoViewIfNeeded();
    await shot(page, "urdu-track-phone");

    // the same pages on a laptop, to look at
    if (SCREENSHOT_DIR) {
      const laptop = await open(DESKTOP);
      await laptop.goto(`${store.url}/ur/track?tracking_id=${id}&contact=0300-1234567`);
      await hydrated(laptop);
      await shot(laptop, "urdu-track-desktop");
      await laptop.goto(`${store.url}/ur/product/${simple[1]!.id}`);
      await hydrated(laptop);
      await laptop.getByRole("button", { name: "کارٹ میں ڈالیں" }).first().click();
      await expect.poll(() => laptop.getByTestId("cart-count").textContent(), POLL).toBe("1");
      await laptop.goto(`${store.url}/ur/cart`);
      await hydrated(laptop);
      await laptop.getByRole("link", { name: "چیک آؤٹ کی طرف بڑھیں" }).waitFor(POLL);
      await shot(laptop, "urdu-cart-desktop");
      await laptop.goto(`${store.url}/ur/checkout`);
      await hydrated(laptop);
      await laptop.getByRole("button", { name: "آرڈر کریں" }).click();
      await laptop.locator("#checkout-phone-error").waitFor(POLL);
      await shot(laptop, "urdu-checkout-desktop");
      for (const [label, value] of Object.entries({ ...URDU_FORM, فون: "0300-1234567" })) {
        await laptop.getByRole("textbox", { name: label, exact: true }).fill(value);
      }
      await laptop.getByRole("combobox", { name: "شہر" }).fill("Lahore");
      await laptop.getByRole("button", { name: "آرڈر کریں" }).click();
      await laptop.getByTestId("tracking-id").waitFor(POLL);
      await shot(laptop, "urdu-confirmation-desktop");
      await laptop.getByRole("link", { name: "اس صفحے پر اپنے آرڈر کی تصدیق کریں یا اسے منسوخ کریں" }).click();
      await laptop.getByRole("heading", { name: "اپنے آرڈر کی تصدیق کریں" }).waitFor(POLL);
      await shot(laptop, "urdu-order-confirm-desktop");
    }
  });
});
