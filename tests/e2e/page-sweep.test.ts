// Every page type, storefront and console, at 390 px and desktop (decision 0093): axe-core finds
// no serious or critical violation, and no floating thing (the chat button, a toast, a sticky
// bar) covers a control or a total, walked as a person scrolls, with the chat button shown and,
// where the page raises one, a toast open. One sweep instead of calls in every browser test, so
// each page is opened once per width and CI pays for it once.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { axeHits, describeHits } from "../helpers/axe";
import { insertStaff, signInToConsole, type ConsoleMember } from "../helpers/console-e2e";
import { coveredOnPage } from "../helpers/covered";
import { apiClient } from "../helpers/e2e-api";

const OWNER: ConsoleMember = {
  email: "owner@sweep.test",
  password: "Sweep2026owner",
  firstName: "Nadia",
  lastName: "Qureshi",
  role: "owner",
};

const suite = browserSuite("page_sweep", { prepare: (db) => insertStaff(db, OWNER) });
const api = apiClient(() => suite.url);

const WIDTHS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

interface ApiProduct {
  id: number;
  name: string;
  stock: number;
  variants: { variant_type: string; variant_value: string }[];
  variant_combinations: { id: number; variant_attributes: string; stock: number; is_available: boolean }[];
}

/** A product with options and a combination in stock, to choose on its page. */
let chosen: { product: ApiProduct; values: string[] };

beforeAll(async () => {
  const products = (await api<ApiProduct[]>("/products?limit=100&sort=name")).body;
  for (const product of products) {
    const combination = product.variant_combinations.find((c) => c.is_available && c.stock >= 5);
    if (!combination) continue;
    chosen = { product, values: Object.values(JSON.parse(combination.variant_attributes) as Record<string, string>) };
    break;
  }
  expect(chosen, "a product with options in stock").toBeDefined();
});

/** What one sweep found, page by page. */
class Findings {
  readonly axe: string[] = [];
  readonly covered: string[] = [];
  pages = 0;
  constructor(readonly width: string) {}

  /** Checks the page as it is now: axe-core, then the walk for covered controls and totals. */
  async check(page: Page, label: string, { walk = true } = {}): Promise<void> {
    this.pages += 1;
    const where = `${label} (${this.width})`;
    // the walk first: a toast the page raised is still open (not with a menu open over the page,
    // which is there to cover it)
    if (walk) for (const line of await coveredOnPage(page)) this.covered.push(`${where}: ${line}`);
    for (const line of describeHits(await axeHits(page))) this.axe.push(`${where}: ${line}`);
    if (SCREENSHOT_DIR) {
      const file = label.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "") || "home";
      await page.screenshot({ path: `${SCREENSHOT_DIR}/sweep-${file}-${this.width}.png`, fullPage: true });
    }
  }

  expectClean(): void {
    console.log(`${this.width}: ${this.pages} page runs, ${this.axe.length} serious/critical axe hits`);
    expect({ axe: this.axe, covered: this.covered }).toEqual({ axe: [], covered: [] });
  }
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.url}${path}`);
  await hydrated(page);
}

/** The first link on the page whose address matches, e.g. an order in the console's list. */
async function firstHref(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `a link like ${pattern} on ${page.url()}`).toBeDefined();
  return href!;
}

/** A toast on screen, raised by what a shopper does on the page. */
const toastShown = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

describe.sequential("every page type at phone and desktop width", { timeout: 300_000 }, () => {
  for (const [width, viewport] of WIDTHS) {
    it(`storefront (${width}): nothing serious for axe-core, nothing covered by floating things`, async () => {
      const found = new Findings(width);
      const page = await suite.pages.open(viewport);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.url });

      await visit(page, "/");
      await page.getByRole("button", { name: "Add to Cart" }).first().click();
      await toastShown(page, /added to cart|select/i);
      await found.check(page, "home");

      await visit(page, "/collection/all");
      await found.check(page, "collection");

      await visit(page, `/product/${chosen.product.id}`);
      const buyBox = page.locator("main fieldset");
      for (const value of chosen.values) {
        await buyBox.getByRole("button", { name: value, exact: true }).first().click();
      }
      await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
      await toastShown(page, "Item added to cart successfully!");
      await found.check(page, "product");

      await visit(page, "/cart");
      await page.getByTestId("total").first().waitFor();
      await found.check(page, "cart");

      await visit(page, "/checkout");
      await page.getByRole("textbox", { name: "Promo code" }).fill("WELCOME10");
      await page.getByRole("button", { name: "Apply" }).click();
      await page.getByTestId("voucher-applied").waitFor();
      await found.check(page, "checkout with a voucher");

      for (const [label, value] of Object.entries({
        "First name": "Ayesha",
        "Last name": "Khan",
        Email: `sweep.${width}@example.pk`,
        Phone: "0300-1234567",
        Address: "House 12, Street 4, Gulberg III",
        City: "Lahore",
        "Postal code": "54660",
      })) {
        const role = label === "City" ? "combobox" : "textbox";
        await page.getByRole(role, { name: label, exact: true }).fill(value);
      }
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL(/\/checkout\/confirmation\?tracking_id=/);
      await page.getByTestId("tracking-id").waitFor();
      const confirmOnWhatsApp = page.getByRole("link", { name: "Confirm on WhatsApp" });
      // where a person first meets it, at the foot of the screen, nothing floats over it
      await confirmOnWhatsApp.evaluate((el) => el.scrollIntoView({ block: "end", behavior: "instant" }));
      await expectVisibleToPerson(confirmOnWhatsApp);
      for (const cover of await coveredByFloating(page, "Confirm on WhatsApp")) {
        found.covered.push(`checkout confirmation (${width}): "Confirm on WhatsApp" at the foot of the screen: ${cover} lies over it`);
      }
      await page.getByRole("button", { name: /Copy/ }).click();
      await toastShown(page, "Tracking ID copied");
      await found.check(page, "checkout confirmation");
      // the confirm/cancel page is this tab's to keep: a reload shows its link again
      const confirmLink = page.getByRole("link", { name: "Confirm or cancel your order on this page" });
      await confirmLink.waitFor();
      const confirmHref = await confirmLink.getAttribute("href");
      await page.reload();
      await hydrated(page);
      await expectVisibleToPerson(confirmLink, { scroll: true });
      expect(await confirmLink.getAttribute("href")).toBe(confirmHref);
      // opened again outside this tab (a restored or new tab of the same browser): the link is
      // still this browser's, and never in the page's address or its shared HTML
      const again = await page.context().newPage();
      const html = await (await again.goto(page.url()))!.text();
      expect(html).not.toContain(confirmHref);
      await hydrated(again);
      await expectVisibleToPerson(again.getByRole("link", { name: "Confirm or cancel your order on this page" }));
      expect(await again.getByRole("link", { name: "Confirm or cancel your order on this page" }).getAttribute("href")).toBe(
        confirmHref,
      );
      await again.close();
      const stranger = await suite.pages.open(viewport);
      await visit(stranger, new URL(page.url()).pathname + new URL(page.url()).search);
      await stranger.getByRole("link", { name: "Track your order" }).first().waitFor();
      expect(await stranger.getByRole("link", { name: "Confirm or cancel your order on this page" }).count()).toBe(0);

      await visit(page, confirmHref!);
      await found.check(page, "order confirm page");

      await visit(page, "/track");
      await found.check(page, "track");

      await visit(page, "/blog");
      const post = await firstHref(page, /^\/blog\/[^/]+$/);
      await found.check(page, "blog");
      await visit(page, post);
      await found.check(page, "blog post");

      for (const path of ["/about", "/terms", "/privacy", "/refund-policy", "/sitemap", "/no-such-page"]) {
        await visit(page, path);
        await found.check(page, path);
      }
      for (const path of ["/login", "/register", "/forgot-password"]) {
        await visit(page, path);
        await found.check(page, path);
      }

      // a signed-in shopper's own pages
      const address = `sweep.shopper.${width}@example.pk`;
      const registered = await api<{ access_token: string; user: unknown }>("/users/register", {
        method: "POST",
        body: { first_name: "Sana", last_name: "Malik", email: address, password: "Shopper2026pass" },
      });
      expect(registered.status).toBe(201);
      await page.evaluate(({ token, user }) => {
        localStorage.setItem("userToken", token);
        localStorage.setItem("user", JSON.stringify(user));
      }, { token: registered.body.access_token, user: registered.body.user });
      await visit(page, "/account");
      await page.getByRole("navigation", { name: "Account" }).waitFor();
      await found.check(page, "account");
      await visit(page, "/wishlist");
      await found.check(page, "wishlist");

      found.expectClean();
    });
  }

  for (const [width, viewport] of WIDTHS) {
    it(`console (${width}): nothing serious for axe-core, nothing covered by floating things`, async () => {
      const found = new Findings(width);
      const page = await suite.pages.open(viewport);
      await visit(page, "/admin/login");
      await found.check(page, "/admin/login");
      await signInToConsole(page, suite.url, OWNER);
      await found.check(page, "/admin");
      if (viewport === PHONE) {
        await page.getByRole("button", { name: "Menu" }).or(page.locator("summary[aria-label=Menu]")).first().click();
        await page.getByRole("navigation", { name: "Console" }).waitFor();
        await found.check(page, "/admin with the menu open", { walk: false });
        await page.keyboard.press("Escape");
      }
      const lists: [string, RegExp | null][] = [
        ["/admin/orders", /^\/admin\/orders\/\d+$/],
        ["/admin/orders/new", null],
        ["/admin/customers", /^\/admin\/customers\/\d+$/],
        ["/admin/block-list", null],
        ["/admin/calls", null],
        ["/admin/messages", null],
        ["/admin/messages/replies", null],
        ["/admin/reviews", null],
        ["/admin/products", /^\/admin\/products\/\d+$/],
        ["/admin/products/new", null],
        ["/admin/products/import", null],
        ["/admin/stock", /^\/admin\/products\/\d+\/stock$/],
        ["/admin/collections", /^\/admin\/collections\/\d+$/],
        ["/admin/vouchers", /^\/admin\/vouchers\/\d+$/],
        ["/admin/vouchers/new", null],
        ["/admin/content", null],
        ["/admin/content/blog", /^\/admin\/content\/blog\/\d+$/],
        ["/admin/content/announcements", null],
        ["/admin/content/home", null],
        ["/admin/content/policies/terms", null],
        ["/admin/staff", null],
        ["/admin/audit", null],
        ["/admin/settings", null],
        ["/admin/account", null],
        ["/admin/no-such-page", null],
      ];
      for (const [path, detail] of lists) {
        await visit(page, path);
        const next = detail ? await firstHref(page, detail) : null;
        await found.check(page, path);
        if (next) {
          await visit(page, next);
          await found.check(page, next.replace(/\d+/g, ":id"));
          if (path === "/admin/orders") {
            // the address once: the checkout already joined city, postal code and country into it
            const address = (await page.getByTestId("delivery-address").textContent()) ?? "";
            expect(address.match(/Pakistan/g), address).toHaveLength(1);
          }
          if (detail?.source.includes("products\\/\\d+$")) {
            await visit(page, `${next}/photos`);
            await found.check(page, "/admin/products/:id/photos");
          }
        }
      }
      found.expectClean();
    });
  }
});

/** The fixed or sticky things lying over the named link or button right now. */
function coveredByFloating(page: Page, name: string): Promise<string[]> {
  return page.evaluate((name) => {
    const el = [...document.querySelectorAll("a, button")].find((e) => e.textContent?.trim() === name)!;
    const rect = el.getBoundingClientRect();
    return [...document.body.querySelectorAll("*")]
      .filter((f) => ["fixed", "sticky"].includes(getComputedStyle(f).position) && !f.contains(el))
      .filter((f) => {
        const c = f.getBoundingClientRect();
        return c.width > 0 && c.height > 0 && c.left < rect.right && c.right > rect.left && c.top < rect.bottom && c.bottom > rect.top;
      })
      .map((f) => `<${f.tagName.toLowerCase()} class="${f.getAttribute("class") ?? ""}">`);
  }, name);
}
