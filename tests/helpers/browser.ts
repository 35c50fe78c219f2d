// One way to start the browser for end-to-end tests: Debian's Chromium through playwright-core
// (never a downloaded browser), headless, quiet on the network.
import fs from "node:fs";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "playwright-core";
import { expect } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The folder browser tests save screenshots in, when a person asks for them
 * (`SCREENSHOT_DIR=/tmp/shots npx vitest run tests/e2e`), made here so no file has to; unset, as
 * in CI, no screenshot is taken.
 */
export const SCREENSHOT_DIR: string | undefined = screenshotFolder(process.env.SCREENSHOT_DIR);

function screenshotFolder(folder: string | undefined): string | undefined {
  if (!folder) return undefined;
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

export const launchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
};

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/** A fresh browser context (own storage) at phone or desktop size; javaScriptEnabled: false for no-JS checks. */
export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    deviceScaleFactor: 1,
    ...options,
  });
}

/**
 * Pages for one test file: each in its own context (own storage), with reduced motion so sliders
 * hold still; closeAll() in afterAll.
 */
export function pageOpener(getBrowser: () => Browser) {
  const contexts: BrowserContext[] = [];
  return {
    async open(viewport: { width: number; height: number }, javaScriptEnabled = true): Promise<Page> {
      const context = await newContext(getBrowser(), viewport, { javaScriptEnabled, reducedMotion: "reduce" });
      contexts.push(context);
      return context.newPage();
    },
    async closeAll(): Promise<void> {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    },
  };
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Why a person could not see this element right now, or "" when they can: it has a size, lies
 * inside the viewport, and at its centre the page shows it or something inside it (not a cover,
 * not a clipping ancestor's neighbour, not the page behind a too-small panel).
 */
function whyNotSeen(element: Element): string {
  const rect = element.getBoundingClientRect();
  const name = `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().slice(0, 40)}"`;
  if (rect.width < 1 || rect.height < 1) return `${name} has no size (${rect.width}x${rect.height})`;
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
    return `${name} has its centre (${Math.round(x)}, ${Math.round(y)}) outside the ${window.innerWidth}x${window.innerHeight} viewport`;
  }
  const hit = document.elementFromPoint(x, y);
  if (hit && (hit === element || element.contains(hit))) return "";
  const what = hit ? `<${hit.tagName.toLowerCase()} class="${hit.getAttribute("class") ?? ""}">` : "nothing";
  return `${name} is covered or clipped at its centre (${Math.round(x)}, ${Math.round(y)}): the page shows ${what} there`;
}

/**
 * The element is there for a person to see and tap: inside the viewport and not covered
 * (document.elementFromPoint at its centre is it or inside it). Waits for it to settle; no sleeps.
 * `scroll: true` first scrolls it into view, as a person would for something further down.
 */
export async function expectVisibleToPerson(locator: Locator, options: { scroll?: boolean } = {}): Promise<void> {
  await locator.waitFor({ state: "visible" });
  if (options.scroll) await locator.scrollIntoViewIfNeeded();
  await expect.poll(() => locator.evaluate(whyNotSeen), { timeout: 5_000 }).toBe("");
}

/**
 * The store's header on a phone, as a shopper uses it: the menu button, logo, account and cart
 * are seen; the menu opens into a panel that fills the screen below the header, with the search
 * box and the collections in sight; and it closes again.
 */
export async function expectPhoneHeaderUsable(page: Page): Promise<void> {
  const header = page.getByRole("banner");
  const menuButton = header.locator("summary").filter({ hasText: "Menu" });
  for (const target of [
    menuButton,
    header.getByRole("link", { name: /home$/ }),
    header.getByRole("link", { name: "Account" }),
    header.getByRole("link", { name: /^Cart,/ }),
  ]) {
    await expectVisibleToPerson(target);
  }
  await menuButton.click();
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expectVisibleToPerson(menu);
  // the panel and the header measured at one moment, after the menu's toggle has scrolled the
  // announcements away: measured one after the other, the scroll could fall between the two (CI
  // once saw the panel's top at 112 against a header already scrolled up to end at 66)
  const box = await menu.evaluate(async (el) => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const rect = el.getBoundingClientRect();
    const headerRect = el.closest("header")!.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, headerBottom: headerRect.bottom, viewport: window.innerHeight };
  });
  // the panel reaches from the header to the bottom of the screen, not a strip under the header
  expect(box.top).toBeLessThanOrEqual(box.headerBottom + 1);
  expect(box.bottom).toBeGreaterThanOrEqual(box.viewport - 1);
  await expectVisibleToPerson(menu.getByRole("searchbox", { name: "Search products" }));
  await expectVisibleToPerson(menu.getByRole("link", { name: "All Products" }));
  const links = menu.getByRole("link");
  await expectVisibleToPerson(links.last(), { scroll: true });
  await menuButton.click();
  await menu.waitFor({ state: "hidden" });
}
