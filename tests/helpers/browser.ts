// One way to start the browser for end-to-end tests: Debian's Chromium through playwright-core
// (never a downloaded browser), headless, quiet on the network.
import fs from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
