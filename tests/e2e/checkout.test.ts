// Placing an order, its confirmation and tracking in a real browser, at phone and desktop
// widths, against the built store: a double tap, a lost answer retried, a reload, changed prices.
// The cart and the checkout form up to Place Order are in checkout-cart.test.ts. Runs on PGlite,
// and on PostgreSQL when DATABASE_URL is set (its own database, as server.test.ts does). Orders are counted in the database at the end:
// on PGlite the store owns its data folder, so the count opens it after the store has stopped.
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { DESKTOP, PHONE, hydrated } from "../helpers/browser";
import {
  dataDir,
  pgUrl,
  storeDatabaseUrl,
  store,
  open,
  simple,
  money,
  TRACKING_ID,
  cartCount,
  withCart,
  fillForm,
  placeOrder,
  alertWith,
  applyVoucher,
  trackingIdOnConfirmation,
  startCheckoutStore,
} from "../helpers/checkout-browser";

startCheckoutStore();

describe.sequential("cart, checkout and tracking", { timeout: 90_000 }, () => {
  const emails = { tapped: "double.tap@example.pk", retried: "retried@example.pk", reloaded: "reloaded@example.pk" };

  it("places an order with a double tap, shows the confirmation and tracks it (phone)", async () => {
    const page = await open(PHONE);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: store.url });
    const item = simple[2]!;
    await withCart(page, [{ product: item, quantity: 2 }]);
    let orderCalls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/orders") && r.method() === "POST") orderCalls++;
    });
    await fillForm(page, { Email: emails.tapped, Phone: "0321-7654321" });
    await applyVoucher(page, "EID25");
    await page.getByText("EID25 applied").waitFor();
    const total = (await page.getByTestId("total").textContent())!;

    await placeOrder(page).dblclick();
    const trackingId = await trackingIdOnConfirmation(page);
    expect(orderCalls).toBe(1);
    await page.getByText("Cash on Delivery", { exact: true }).first().waitFor();
    expect(await page.getByTestId("total").textContent()).toBe(total);
    await page.getByRole("list", { name: "Ordered items" }).getByText(item.name).waitFor();
    await page.getByRole("heading", { name: "What happens next" }).waitFor();
    const whatsapp = await page.getByRole("link", { name: "Confirm on WhatsApp" }).getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/923001234567\?text=/);
    expect(decodeURIComponent(whatsapp!.split("?text=")[1]!)).toContain(trackingId);
    await page.getByRole("button", { name: "Copy tracking ID" }).click();
    await page.getByText("Tracking ID copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackingId);

    // spec §4: cart cleared, voucher removed, session id deleted
    await expect.poll(() => cartCount(page)).toBe("0");
    const stored = await page.evaluate(() => ({
      cart: localStorage.getItem("cart"),
      session: localStorage.getItem("sessionId"),
      voucher: sessionStorage.getItem("voucherCode"),
    }));
    expect(stored).toEqual({ cart: "[]", session: null, voucher: null });

    // tracking: the link carries the ID, this tab fills in the phone
    await page.getByRole("link", { name: "Track your order", exact: true }).click();
    await page.waitForURL(`${store.url}/track?tracking_id=${trackingId}`);
    await expect.poll(() => page.getByRole("textbox", { name: "Phone or email" }).inputValue()).toBe("0321-7654321");
    await page.getByRole("button", { name: "Track Order" }).click();
    await page.getByRole("heading", { name: "Awaiting confirmation" }).waitFor();
    const progress = page.getByRole("list", { name: "Order progress" });
    expect(await progress.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^Order placed \(current\)\d{1,2} \w+ \d{4} at/),
      "Confirmed (not yet)",
      "Packed (not yet)",
      "Shipped (not yet)",
      "Delivered (not yet)",
    ]);
    await page.getByRole("list", { name: "Ordered items" }).getByText(item.name).waitFor();
    expect(await page.getByTestId("total").textContent()).toBe(total);

    // a wrong contact: one message that does not say which field was wrong
    await page.getByRole("textbox", { name: "Phone or email" }).fill("0300-0000000");
    await page.getByRole("button", { name: "Track Order" }).click();
    await alertWith(page, "We could not find an order with those details.").waitFor();
    expect(await page.getByRole("list", { name: "Order progress" }).count()).toBe(0);

    // a per-customer voucher cannot be used twice
    await withCart(page, [{ product: item, quantity: 1 }]);
    await fillForm(page, { Email: emails.tapped });
    await applyVoucher(page, "EID25");
    await alertWith(page, "You have already used this voucher.").waitFor();

    // the tracking form is a plain GET form: it works before JavaScript and can be linked
    const noJs = await open(PHONE, false);
    const response = await noJs.goto(
      `${store.url}/track?tracking_id=${trackingId.toLowerCase()}&contact=${encodeURIComponent(emails.tapped)}`,
    );
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await noJs.getByRole("heading", { name: "Awaiting confirmation" }).waitFor();
    await noJs.getByRole("textbox", { name: "Tracking ID" }).fill(trackingId);
    await noJs.getByRole("textbox", { name: "Phone or email" }).fill("someone@example.pk");
    await noJs.getByRole("button", { name: "Track Order" }).click();
    await alertWith(noJs, "We could not find an order with those details.").waitFor();
  });

  it("a lost answer retried, and a reload after it, each make one order (desktop)", async () => {
    const page = await open(DESKTOP);
    const keys: string[] = [];
    let placed: { tracking_id: string } | null = null;
    // the order reaches the server, its answer never reaches the phone
    const loseAnswer = async (route: import("playwright-core").Route) => {
      keys.push(route.request().headers()["idempotency-key"]!);
      const response = await route.fetch();
      placed = (await response.json()) as { tracking_id: string };
      await route.abort("connectionreset");
    };

    await withCart(page, [{ product: simple[0]!, quantity: 1 }]);
    await fillForm(page, { Email: emails.retried });
    await page.route("**/api/orders", loseAnswer, { times: 1 });
    // still offline a moment later: the page cannot learn that the order emptied the server cart
    await page.route("**/api/cart/flexible/*", (route) => route.abort("internetdisconnected"), { times: 1 });
    await placeOrder(page).click();
    await alertWith(page, "Failed to place order. Please try again.").waitFor();
    expect(placed!.tracking_id).toMatch(TRACKING_ID);
    page.on("request", (r) => {
      if (r.url().endsWith("/api/orders")) keys.push(r.headers()["idempotency-key"]!);
    });
    await placeOrder(page).click();
    expect(await trackingIdOnConfirmation(page)).toBe(placed!.tracking_id);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // back online at once: the page sees the cart the order emptied and offers the confirmation,
    // after a reload too
    placed = null;
    await withCart(page, [{ product: simple[1]!, quantity: 1 }]);
    await fillForm(page, { Email: emails.reloaded });
    await page.route("**/api/orders", loseAnswer, { times: 1 });
    await placeOrder(page).click();
    await alertWith(page, "Failed to place order. Please try again.").waitFor();
    await page.getByRole("heading", { name: "Your order may already be placed" }).waitFor();
    await page.reload();
    await hydrated(page);
    await page.getByRole("heading", { name: "Your order may already be placed" }).waitFor();
    await page.getByRole("button", { name: "Get my order confirmation" }).click();
    expect(await trackingIdOnConfirmation(page)).toBe(placed!.tracking_id);
    expect(new Set(keys.slice(2)).size).toBe(1);
  });

  it("a 409 for changed prices shows the server's message, then the order goes through (phone)", async () => {
    const page = await open(PHONE);
    const item = simple[0]!;
    await withCart(page, [{ product: item, quantity: 1 }]);
    await fillForm(page, { Email: "stale.price@example.pk" });
    // the page sends an older price, as a cart kept from yesterday would
    await page.route(
      "**/api/orders",
      async (route) => {
        const body = JSON.parse(route.request().postData()!);
        body.items[0].price = (item.pricePaisa - 10_000) / 100;
        body.total_amount = (Math.round(Number(body.total_amount) * 100) - 10_000) / 100;
        await route.continue({ postData: JSON.stringify(body) });
      },
      { times: 1 },
    );
    await placeOrder(page).click();
    await alertWith(page, "Prices have changed. Please review your cart.").waitFor();
    expect(await page.getByTestId("subtotal").textContent()).toBe(money(item.pricePaisa));
    await placeOrder(page).click();
    await trackingIdOnConfirmation(page);
  });

  describe.skipIf(!pgUrl)("on PostgreSQL", () => {
    it("a price changed in the database between cart and checkout shows the message and the new total (desktop)", async () => {
      const item = simple[1]!;
      const db = new pg.Client({ connectionString: storeDatabaseUrl });
      await db.connect();
      try {
        const page = await open(DESKTOP);
        await withCart(page, [{ product: item, quantity: 2 }]);
        await fillForm(page, { Email: "price.changed@example.pk" });
        expect(await page.getByTestId("subtotal").textContent()).toBe(money(item.pricePaisa * 2));
        const newPrice = item.pricePaisa + 10_000;
        await db.query(
          "update products set price_paisa = $1, min_price_paisa = $1, max_price_paisa = $1 where id = $2",
          [newPrice, item.id],
        );
        await placeOrder(page).click();
        await alertWith(page, "Prices have changed. Please review your cart.").waitFor();
        await expect.poll(() => page.getByTestId("subtotal").textContent()).toBe(money(newPrice * 2));
        await placeOrder(page).click();
        await trackingIdOnConfirmation(page);
        expect(await page.getByTestId("subtotal").textContent()).toBe(money(newPrice * 2));
      } finally {
        await db.query(
          "update products set price_paisa = $1, min_price_paisa = $1, max_price_paisa = $1 where id = $2",
          [item.pricePaisa, item.id],
        );
        await db.end();
      }
    });
  });

  it("made exactly one order per attempt (counted in the database)", async () => {
    // PGlite: one process owns the folder, so the store stops before the count
    const code = await store.stop("SIGTERM");
    expect(code, store.output()).toBe(0);
    const handle = await openDatabase({ databaseUrl: storeDatabaseUrl, dataDir });
    try {
      const result = await handle.db.execute(sql`select email, count(*)::int as n from orders group by email`);
      const counts = Object.fromEntries(
        (result as unknown as { rows: { email: string; n: number }[] }).rows.map((r) => [r.email, Number(r.n)]),
      );
      expect(counts[emails.tapped]).toBe(1);
      expect(counts[emails.retried]).toBe(1);
      expect(counts[emails.reloaded]).toBe(1);
      expect(counts["stale.price@example.pk"]).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
