// Cart and checkout in a real browser, at phone and desktop widths, against the built store, up to
// the Place Order button: the cart's empty states, quantities and stock limits, what the shopper types
// kept, each invalid field's message, and vouchers applied, refused and kept. Runs on PGlite, and on
// PostgreSQL when DATABASE_URL is set (its own database, as server.test.ts does).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../../core/orders/checkout-form";
import { PAKISTAN_PHONE_MESSAGE, PHONE_MESSAGE } from "../../core/shared/phone";
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  expectPhoneHeaderUsable,
  expectVisibleToPerson,
  hydrated,
} from "../helpers/browser";
import {
  store,
  open,
  cardProduct,
  lowStock,
  simple,
  money,
  cartCount,
  withCart,
  fillForm,
  placeOrder,
  alertWith,
  applyVoucher,
  startCheckoutStore,
  type Label,
} from "../helpers/checkout-browser";

startCheckoutStore();

describe.sequential("cart, checkout and tracking", { timeout: 90_000 }, () => {
  it("cart on a phone: empty states, adds from a card and a product page, quantities and stock limits", async () => {
    const page = await open(PHONE);
    await page.goto(`${store.url}/cart`);
    await hydrated(page);
    await page.getByText("Your cart is empty").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Continue Shopping" }).waitFor();
    await page.goto(`${store.url}/checkout`);
    await hydrated(page);
    await page.getByText("Your cart is empty").waitFor();

    // from a collection card
    await page.goto(`${store.url}/collection/all?sort=name`);
    await hydrated(page);
    const card = page.getByRole("list", { name: "Products" }).getByRole("article").first();
    expect(await card.getByRole("heading", { level: 3 }).textContent()).toBe(cardProduct.name);
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => cartCount(page)).toBe("1");

    // from a product page: all that is left of one option
    await page.goto(`${store.url}/product/${lowStock.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: lowStock.size, exact: true }).first().click();
    await page.getByRole("button", { name: lowStock.color, exact: true }).first().click();
    await expect.poll(() => page.getByTestId("stock").textContent()).toBe(`${lowStock.stock} in stock`);
    const add = page.getByRole("button", { name: "Add to Cart", exact: true }).first();
    await page.getByRole("spinbutton").fill(String(lowStock.stock));
    await add.click();
    await expect.poll(() => cartCount(page)).toBe(String(1 + lowStock.stock));

    // one more: spec §4 asks before replacing what is already in the cart
    await page.getByRole("spinbutton").fill("1");
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      }),
    );
    await add.click();
    expect(await asked).toContain(
      `Only ${lowStock.stock} items available in stock. You already have ${lowStock.stock} in cart.`,
    );
    await page.getByText("Existing items removed from cart").waitFor();
    await expect.poll(() => cartCount(page)).toBe("2");

    // the cart page: stepper with the maxStock rules
    await page.getByRole("link", { name: /^Cart, / }).click();
    await page.waitForURL(/\/cart$/);
    const line = page.getByRole("listitem", { name: lowStock.name });
    const plus = line.getByRole("button", { name: `Increase quantity of ${lowStock.name}` });
    const minus = line.getByRole("button", { name: `Decrease quantity of ${lowStock.name}` });
    await line.getByText(`Size: ${lowStock.size} · Colour: ${lowStock.color}`).waitFor();
    expect(await line.getByRole("link", { name: lowStock.name }).getAttribute("href")).toBe(`/product/${lowStock.id}`);
    expect(await minus.isDisabled()).toBe(true);
    for (let quantity = 2; quantity <= lowStock.stock; quantity++) {
      await plus.click();
      await expect.poll(() => line.getByTestId("quantity").textContent()).toBe(String(quantity));
    }
    await expect.poll(() => plus.isDisabled()).toBe(true);
    await line.getByText(`Only ${lowStock.stock} available`).waitFor();
    expect(await line.getByTestId("line-total").textContent()).toContain(money(lowStock.pricePaisa * lowStock.stock));
    await minus.click();
    await expect.poll(() => line.getByTestId("quantity").textContent()).toBe(String(lowStock.stock - 1));
    expect(await line.getByText(/^Only \d+ available$/).count()).toBe(0);

    // summary in rupees with 2 decimals, and the free-shipping bar
    const cart = await page.evaluate(
      () => JSON.parse(localStorage.getItem("cart") ?? "[]") as { price: number; quantity: number }[],
    );
    const subtotal = cart.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0);
    expect(await page.getByTestId("subtotal").textContent()).toBe(money(subtotal));
    expect(await page.getByTestId("shipping").textContent()).toBe(subtotal >= 500_000 ? "FREE" : money(50_000));
    expect(await page.getByTestId("total").textContent()).toBe(
      money(subtotal >= 500_000 ? subtotal : subtotal + 50_000),
    );
    if (subtotal < 500_000) await page.getByText(`${money(500_000 - subtotal)} more for free shipping`).waitFor();
    await page.getByText("We accept").waitFor();
    await page.getByRole("region", { name: "You might also like" }).getByRole("article").first().waitFor();

    await page.getByRole("button", { name: `Remove ${cardProduct.name}` }).click();
    await page.getByText("Item removed from cart").waitFor();
    await expect.poll(() => page.getByRole("list", { name: "Cart items" }).getByRole("listitem").count()).toBe(1);
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("list", { name: "Items in your order" }).getByText(lowStock.name).waitFor();
  });

  it("keeps what the shopper types straight after arriving from the cart (phone)", async () => {
    // types into the email field the moment it appears, the fastest a shopper could
    const typeOnArrival = () => {
      new MutationObserver((_, observer) => {
        const field = document.getElementById("checkout-email") as HTMLInputElement | null;
        if (!field) return;
        observer.disconnect();
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
        setValue.call(field, "quick@example.pk");
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }).observe(document, { childList: true, subtree: true });
    };
    const settled = async (page: Page, reloaded: Promise<unknown>) => {
      // the checkout reloads the cart as it opens; then React has rendered what followed
      await reloaded;
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    };
    const email = (page: Page) => page.getByRole("textbox", { name: "Email", exact: true });

    // from the cart's checkout link, in the page
    const page = await open(PHONE);
    await withCart(page, [{ product: simple[0]!, quantity: 1 }], "/cart");
    await expectPhoneHeaderUsable(page);
    await page.evaluate(typeOnArrival);
    const reloaded = page.waitForResponse((r) => r.url().includes("/api/cart/flexible/"));
    await page
      .getByRole("link", { name: /checkout/i })
      .first()
      .click();
    await page.waitForURL(`${store.url}/checkout`);
    await settled(page, reloaded);
    expect(await email(page).inputValue()).toBe("quick@example.pk");
    await expectPhoneHeaderUsable(page);

    // and on a fresh load of the checkout page, with a draft saved from an earlier visit
    await page.evaluate(() =>
      sessionStorage.setItem("checkoutForm", JSON.stringify({ firstName: "Earlier", email: "" })),
    );
    await page.addInitScript(typeOnArrival);
    const reloadedAgain = page.waitForResponse((r) => r.url().includes("/api/cart/flexible/"));
    await page.reload();
    await settled(page, reloadedAgain);
    expect(await email(page).inputValue()).toBe("quick@example.pk");

    // Place Order checks the email the shopper sees
    await placeOrder(page).click();
    await page.getByText("First name is required").or(page.getByText("Phone is required")).first().waitFor();
    expect(await page.getByText("Email is required").count()).toBe(0);
  });

  it("Buy it Now lands on checkout; each invalid field gets its message beside it (desktop)", async () => {
    const page = await open(DESKTOP);
    let orderCalls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/orders")) orderCalls++;
    });
    await page.goto(`${store.url}/product/${simple[0]!.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Buy it Now" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("list", { name: "Items in your order" }).getByText(simple[0]!.name).waitFor();
    await page.getByText("Delivery in 3-5 business days").waitFor();
    await page.getByText("Cash on Delivery", { exact: true }).first().waitFor();

    // autofill and phone keyboards
    const attrs = (id: string) =>
      page.locator(`#checkout-${id}`).evaluate((el) => ({
        autocomplete: el.getAttribute("autocomplete"),
        inputmode: el.getAttribute("inputmode"),
        type: el.getAttribute("type"),
      }));
    expect(await attrs("firstName")).toMatchObject({ autocomplete: "given-name" });
    expect(await attrs("lastName")).toMatchObject({ autocomplete: "family-name" });
    expect(await attrs("email")).toEqual({ autocomplete: "email", inputmode: "email", type: "email" });
    expect(await attrs("phone")).toEqual({ autocomplete: "tel", inputmode: "tel", type: "tel" });
    expect(await attrs("address")).toMatchObject({ autocomplete: "street-address" });
    expect(await attrs("city")).toMatchObject({ autocomplete: "address-level2" });
    expect(await attrs("postalCode")).toMatchObject({ autocomplete: "postal-code", inputmode: "numeric" });
    expect(await attrs("country")).toMatchObject({ autocomplete: "country-name" });
    const country = page.getByRole("combobox", { name: "Country" });
    expect(await country.locator("option").allTextContents()).toEqual([...COUNTRIES]);
    expect(await country.inputValue()).toBe("Pakistan");

    // nothing filled: every required field says so, and the first one has the focus
    await placeOrder(page).click();
    const required: [Label, string][] = [
      ["First name", "First name is required"],
      ["Last name", "Last name is required"],
      ["Email", "Email is required"],
      ["Phone", "Phone is required"],
      ["Address", "Address is required"],
      ["City", "City is required"],
      ["Postal code", "Postal code is required"],
    ];
    for (const [label, message] of required) {
      const field = page.getByRole(label === "City" ? "combobox" : "textbox", { name: label, exact: true });
      await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
      expect(
        await field.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby")!)?.textContent),
      ).toBe(message);
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("checkout-firstName");

    // one invalid field at a time
    for (const [label, message] of required) {
      await fillForm(page, { [label]: "" });
      await placeOrder(page).click();
      await page.getByText(message, { exact: true }).waitFor();
      expect(await page.locator("[aria-invalid=true]").count()).toBe(1);
    }
    await fillForm(page, { Email: "ayesha@example" });
    await placeOrder(page).click();
    await page.getByText("Please enter a valid email address", { exact: true }).waitFor();
    await fillForm(page, { Phone: "12345" });
    await placeOrder(page).click();
    await page.getByText(PAKISTAN_PHONE_MESSAGE, { exact: true }).waitFor();
    await page.getByText("Pakistani mobile number, e.g. 0300-1234567", { exact: true }).waitFor({ state: "detached" });
    await country.selectOption("United Kingdom");
    await page.getByText(PHONE_MESSAGE, { exact: true }).waitFor();
    expect((await attrs("postalCode")).inputmode).toBe("text");
    await country.selectOption("Pakistan");
    await fillForm(page, { Phone: "0300 1234567" });
    await expect.poll(() => page.locator("[aria-invalid=true]").count()).toBe(0);
    await page.getByText("Pakistani mobile number, e.g. 0300-1234567", { exact: true }).waitFor();
    expect(orderCalls).toBe(0);
  });

  it("vouchers: each type, a minimum, expired, inactive and unknown codes (phone)", async () => {
    const page = await open(PHONE);
    const item = simple[1]!;
    await withCart(page, [{ product: item, quantity: 1 }]);
    const code = page.getByRole("textbox", { name: "Promo code" });
    const apply = page.getByRole("button", { name: "Apply" });
    expect(await apply.isDisabled()).toBe(true);
    await code.fill("welcome10");
    expect(await code.inputValue()).toBe("WELCOME10");
    await apply.click();
    await page.getByText("WELCOME10 applied").waitFor();
    const tenPercent = Math.floor((item.pricePaisa * 10 + 50) / 100);
    expect(await page.getByTestId("discount").textContent()).toBe(`−${money(tenPercent)}`);
    expect(await page.getByTestId("total").textContent()).toBe(money(item.pricePaisa - tenPercent + 50_000));
    await page.getByRole("button", { name: "Remove" }).click();
    expect(await page.getByTestId("discount").count()).toBe(0);

    for (const [bad, message] of [
      ["FLAT500", "Minimum order for this voucher is Rs. 3,000."],
      ["EXPIRED20", "This voucher has expired."],
      ["INACTIVE", "This voucher is no longer active."],
      ["NOSUCHCODE", "Invalid voucher code"],
    ]) {
      await applyVoucher(page, bad!);
      await alertWith(page, message!).waitFor();
      expect(await page.getByTestId("discount").count()).toBe(0);
    }

    await applyVoucher(page, "FREESHIP");
    await page.getByText("FREESHIP applied").waitFor();
    expect(await page.getByTestId("shipping").textContent()).toBe("FREE (Voucher Applied)");
    expect(await page.getByTestId("total").textContent()).toBe(money(item.pricePaisa));

    // more in the cart, then a flat voucher over its minimum; the kept voucher follows the reload
    const quantity = Math.ceil(300_000 / item.pricePaisa);
    await page.goto(`${store.url}/cart`);
    await hydrated(page);
    const plus = page.getByRole("button", { name: `Increase quantity of ${item.name}` });
    for (let q = 2; q <= quantity; q++) {
      await plus.click();
      await expect.poll(() => page.getByTestId("quantity").textContent()).toBe(String(q));
    }
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.getByText("FREESHIP applied").waitFor();
    await page.getByRole("button", { name: "Remove" }).click();
    await applyVoucher(page, "FLAT500");
    await page.getByText("FLAT500 applied").waitFor();
    const subtotal = item.pricePaisa * quantity;
    expect(await page.getByTestId("discount").textContent()).toBe(`−${money(50_000)}`);
    expect(await page.getByTestId("total").textContent()).toBe(
      money(subtotal - 50_000 + (subtotal >= 500_000 ? 0 : 50_000)),
    );
  });

  it("a kept voucher survives reloads and lost checks; only the store's answer that it is invalid removes it (phone)", async () => {
    const page = await open(PHONE);
    await withCart(page, [{ product: simple[1]!, quantity: 1 }]);
    await applyVoucher(page, "WELCOME10");
    await page.getByText("WELCOME10 applied").waitFor();
    const kept = () => page.evaluate(() => sessionStorage.getItem("voucherCode"));
    expect(await kept()).toBe(JSON.stringify("WELCOME10"));
    const checks = "**/api/validate-voucher";

    // a slow connection: the shopper reloads while the kept voucher is being checked again; the
    // check the reload cuts off is no verdict, and the page after it applies the voucher again
    await page.route(checks, () => {
      // never answered: the reload below cuts it off
    });
    // waited for from before the reload: the page may ask before the reload's load event ends
    const checking = page.waitForRequest(checks);
    await page.reload();
    await checking;
    await page.unroute(checks);
    await page.reload();
    await hydrated(page);
    await expectVisibleToPerson(page.getByText("WELCOME10 applied"), { scroll: true });
    expect(await kept()).toBe(JSON.stringify("WELCOME10"));

    // the connection drops during the check: the code stays kept and in the box, with the message
    await page.route(checks, (route) => route.abort("internetdisconnected"));
    await page.reload();
    await hydrated(page);
    const box = page.getByRole("textbox", { name: "Promo code" });
    await alertWith(page, "Failed to validate voucher. Please try again.").waitFor();
    await expectVisibleToPerson(box, { scroll: true });
    expect(await box.inputValue()).toBe("WELCOME10");
    expect(await kept()).toBe(JSON.stringify("WELCOME10"));
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/checkout-voucher-unchecked-phone.png` });
    // back online: one tap on Apply
    await page.unroute(checks);
    await page.getByRole("button", { name: "Apply" }).click();
    await expectVisibleToPerson(page.getByText("WELCOME10 applied"), { scroll: true });

    // the store answers that it can no longer be used: then, and only then, it goes
    await page.route(checks, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ valid: false, message: "This voucher has expired.", discount_amount: 0, voucher: null }),
      }),
    );
    await page.reload();
    await hydrated(page);
    await expect.poll(kept).toBeNull();
    expect(await page.getByText("WELCOME10 applied").count()).toBe(0);
    await page.unroute(checks);
  });
});
