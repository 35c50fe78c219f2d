// What every browser-test file starts with: a built store of its own (its database prepared
// before it starts) and one Chromium, started together before the file's tests and closed, with
// every page opened, after them.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { hasChromium, launchBrowser, pageOpener } from "./browser";
import { startE2EStore, type E2EStore } from "./e2e-store";

export interface BrowserSuite {
  /** the store's address (inside a test or a later hook: the store starts in beforeAll) */
  readonly url: string;
  /** opens pages in contexts of their own; all are closed after the file's tests */
  readonly pages: ReturnType<typeof pageOpener>;
}

/**
 * A file's store, its database prepared before it starts (`prepare`: staff, planted rows), and one
 * Chromium, started together before the file's tests and closed, with every page, after them.
 */
export function browserSuite(name: string, options: Parameters<typeof startE2EStore>[1] = {}): BrowserSuite {
  let running: E2EStore | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error(`${name}: the store and the browser start in beforeAll; use them in a test`);
    return value;
  };
  const pages = pageOpener(() => started(browser));
  beforeAll(async () => {
    if (!hasChromium()) throw new Error("Chromium is missing: apt-get install -y chromium");
    [running, browser] = await Promise.all([startE2EStore(name, options), launchBrowser()]);
  });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await running?.stop();
  });
  return {
    get url() {
      return started(running).store.url;
    },
    pages,
  };
}
