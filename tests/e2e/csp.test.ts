// The shared pages' Content-Security-Policy in a real browser (decision 0074):
// a page from the page cache names its inline scripts by hash instead of a nonce. Chromium must
// still run every script the store wrote (the page hydrates, with no violation) and still refuse
// a script that was not the store's: one put into the page on its way to the browser, where any
// stored-HTML or rendering mistake would put it.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";

const suite = browserSuite("csp");

/** Records the policy violations the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective}: ${event.sample || event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

describe("the page policy by script hashes", { timeout: 60_000 }, () => {
  it("runs the store's own scripts on a page from the cache, with no violation", async () => {
    const url = `${suite.url}/`;
    // the second visit is answered from the page cache: the same bytes another visitor got
    await fetch(url);
    const page = await suite.pages.open(PHONE);
    const violations = await watchViolations(page);
    const answer = await page.goto(url);
    expect(answer?.headers()["x-page-cache"]).toBe("hit");
    expect(answer?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    await hydrated(page);
    expect(await violations()).toEqual([]);
  });

  it("refuses an inline script the store did not write", async () => {
    const url = `${suite.url}/`;
    const page = await suite.pages.open(PHONE);
    const violations = await watchViolations(page);
    // the page as the store sent it, headers and all, with one script slipped in
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "</body>",
        '<script>window.__injected = true</script><img src=x onerror="window.__injected = true"></body>',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(url);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    const seen = await violations();
    expect(seen.some((v) => v.startsWith("script-src-elem"))).toBe(true);
    expect(seen.some((v) => v.startsWith("script-src-attr"))).toBe(true);
  });

  it("gives every visitor the same page, whatever cookies or sign-in they bring", async () => {
    const url = `${suite.url}/`;
    const plain = await fetch(url, { headers: { "accept-encoding": "identity" } }).then((r) => r.text());
    const personal = await fetch(url, {
      headers: {
        "accept-encoding": "identity",
        cookie: "sid=staff-session-of-someone; cart=abc",
        authorization: "Bearer someone.else.token",
      },
    }).then((r) => r.text());
    expect(personal).toBe(plain);
    expect(plain).not.toMatch(/\bnonce=/);
  });
});
