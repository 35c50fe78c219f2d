// The frame's parts the server draws as markup, not script (decision 0112): the footer's links
// still move inside the app (no new page), its newsletter box does nothing when sent (spec §2),
// the chat button of a shop without a number says so (spec §8), and the Urdu style sheet, written
// only into Urdu pages, is fetched when an English page switches to Urdu in the browser.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, SCREENSHOT_DIR, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";

const suite = browserSuite("frame_markup", {
  // a shop that has not given its WhatsApp number yet
  prepare: async (db) => {
    await db.execute(sql`update site_settings set whatsapp_number = null`);
  },
});
const open = suite.pages.open;
const POLL = { timeout: 15_000 };

/** Marks the document, so a whole new page (which loses the mark) can be told from a move inside. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { stays: boolean }).stays = true));
const documentStayed = (page: Page) => page.evaluate(() => (window as unknown as { stays?: boolean }).stays === true);

describe.sequential("the frame drawn by the server", { timeout: 60_000 }, () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const width = viewport === PHONE ? "phone" : "desktop";

    it(`follows a footer link inside the app, and the newsletter box stays put (${width})`, async () => {
      const page = await open(viewport);
      await page.goto(`${suite.url}/`);
      await hydrated(page);
      await markDocument(page);
      const footer = page.getByRole("contentinfo");

      const email = footer.getByRole("textbox", { name: "Email address" });
      await email.scrollIntoViewIfNeeded();
      await email.fill("ayesha@example.pk");
      await footer.getByRole("button", { name: "Subscribe" }).click();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/");
      expect(await documentStayed(page)).toBe(true);

      const blog = footer.getByRole("link", { name: "Blog", exact: true });
      await expectVisibleToPerson(blog, { scroll: true });
      await blog.click();
      await page.waitForURL(/\/blog$/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), POLL).toMatch(/blog/i);
      expect(await documentStayed(page)).toBe(true);
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/frame-footer-to-blog-${width}.png` });
    });

    it(`says the number is missing when the chat button of a shop without one is pressed (${width})`, async () => {
      const page = await open(viewport);
      await page.goto(`${suite.url}/`);
      await hydrated(page);
      const chat = page.getByRole("button", { name: /Chat with us/ });
      await expectVisibleToPerson(chat);
      const said: string[] = [];
      page.once("dialog", (dialog) => {
        said.push(dialog.message());
        void dialog.dismiss();
      });
      await chat.click();
      await expect.poll(() => said, POLL).toEqual(["Invalid Phone Number"]);
    });
  }

  it("writes the Urdu style sheet into Urdu pages only, and fetches it when an English page switches", async () => {
    const page = await open(PHONE);
    const english = await page.goto(`${suite.url}/`);
    const html = (await english?.text()) ?? "";
    expect(html).not.toContain("Naskh Urdu");
    expect(html).not.toMatch(/naskh-urdu-\d+-[\w-]+\.woff2/);
    await hydrated(page);
    await markDocument(page);

    await page.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
    // the open menu's language switch is in sight and not under the chat button, which steps aside
    const toUrdu = page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "اردو" });
    await expectVisibleToPerson(toUrdu, { scroll: true });
    await expect.poll(() => page.locator("[data-chat-button]").isVisible(), POLL).toBe(false);
    await toUrdu.click();
    await page.waitForURL(/\/ur$/);
    expect(await documentStayed(page)).toBe(true);
    await expect.poll(() => page.locator("html").getAttribute("dir"), POLL).toBe("rtl");
    // the sheet arrived: Urdu text is drawn in Naskh, and the small labels are one step larger
    await expect
      .poll(
        () => page.evaluate(() => getComputedStyle(document.querySelector("main h2") ?? document.body).fontFamily),
        POLL,
      )
      .toContain("Naskh Urdu");

    const urdu = await page.goto(`${suite.url}/ur`);
    const urduHtml = (await urdu?.text()) ?? "";
    expect(urduHtml).toContain("Naskh Urdu");
    expect(urduHtml).toMatch(/rel="preload" href="\/assets\/naskh-urdu-400-[\w-]+\.woff2"/);
    await hydrated(page);
    expect(await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]').length)).toBe(0);
  });
});
