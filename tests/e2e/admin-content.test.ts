// The Content screens in a real browser at phone width (decision 0067): the
// catalogue member writes a post in the rich-text editor (bold words, a bulleted list) and
// publishes it, and /blog shows it at once; then edits the return policy's text, and
// /refund-policy shows it. Screenshots (SCREENSHOT_DIR) of the editor, the home page layout and
// the announcements.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import {
  arrivesAt,
  type ConsoleMember,
  expectRefusedField,
  insertStaff,
  signInToConsole,
} from "../helpers/console-e2e";

const MEMBER: ConsoleMember = {
  email: "catalogue@content.test",
  password: "Catalogue2026now",
  firstName: "Sana",
  lastName: "Writer",
  role: "catalogue",
};

const suite = browserSuite("admin-content", { prepare: (db) => insertStaff(db, MEMBER) });

async function signIn(size: { width: number; height: number }): Promise<Page> {
  const page = await suite.pages.open(size);
  await signInToConsole(page, suite.url, MEMBER);
  return page;
}

describe.sequential("content", { timeout: 180_000 }, () => {
  it("writes and publishes a post with the editor, seen on /blog (phone)", async () => {
    const page = await signIn(PHONE);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Content" }).click();
    await arrivesAt(page, "/admin/content");
    await page.getByRole("link", { name: /^Blog/ }).first().click();
    await arrivesAt(page, "/admin/content/blog");
    await page.getByRole("link", { name: "New post" }).click();
    await arrivesAt(page, "/admin/content/blog/new");
    await hydrated(page);

    await page.getByLabel("Title", { exact: true }).fill("Caring for summer lawn");
    const toolbar = page.getByRole("toolbar", { name: "Text: formatting", exact: true });
    await expectVisibleToPerson(toolbar, { scroll: true });
    const editor = page.getByRole("textbox", { name: "Text", exact: true });
    await editor.click();
    await page.keyboard.type("Wash it ");
    await toolbar.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("in cold water");
    await toolbar.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" only.");
    await page.keyboard.press("Enter");
    await toolbar.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("Dry in the shade");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Iron on the reverse");
    await expect.poll(() => editor.innerHTML()).toMatch(/<(b|strong)>in cold water<\/(b|strong)>/);
    await expect.poll(() => editor.innerHTML()).toContain("<li>Iron on the reverse</li>");
    await page.getByLabel("Excerpt", { exact: true }).fill("Three habits that keep lawn soft.");
    if (SCREENSHOT_DIR) {
      await page.getByLabel("Address").evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `${SCREENSHOT_DIR}/content-blog-editor-phone.png` });
    }
    await page.getByRole("radio", { name: "Published" }).check();
    await page.getByRole("button", { name: "Save post" }).click();
    await expectVisibleToPerson(
      page.getByRole("status").filter({ hasText: "Post saved and shown on the storefront." }),
    );
    const slug = "caring-for-summer-lawn";

    const shopper = await suite.pages.open(PHONE);
    await shopper.goto(`${suite.url}/blog`);
    await expectVisibleToPerson(shopper.getByRole("link", { name: /Caring for summer lawn/ }).first(), {
      scroll: true,
    });
    await shopper.goto(`${suite.url}/blog/${slug}`);
    const article = shopper.locator("article");
    await expectVisibleToPerson(article.locator("b, strong").filter({ hasText: "in cold water" }), { scroll: true });
    await expectVisibleToPerson(article.getByRole("listitem").filter({ hasText: "Iron on the reverse" }), {
      scroll: true,
    });

    if (SCREENSHOT_DIR) {
      const desk = await signIn(DESKTOP);
      await desk.goto(`${suite.url}/admin/content/blog/new`);
      await hydrated(desk);
      await desk.getByRole("textbox", { name: "Text", exact: true }).click();
      await desk.keyboard.type("A heading");
      await desk
        .getByRole("toolbar", { name: "Text: formatting", exact: true })
        .getByRole("button", { name: "H2 heading", exact: true })
        .click();
      await desk.screenshot({ path: `${SCREENSHOT_DIR}/content-blog-editor-desktop.png` });
    }
  });

  it("edits the return policy's text and the page shows it (phone)", async () => {
    const page = await signIn(PHONE);
    await page.goto(`${suite.url}/admin/content/policies/refund-policy`);
    await hydrated(page);
    const editor = page.getByRole("textbox", { name: "Text", exact: true });
    // it starts from the text the page shows now
    await expect.poll(() => editor.innerHTML()).toContain("<strong>No refunds.</strong>");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/content-policy-phone.png` });
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.type("Exchanges within ten days of delivery.");
    await page.getByRole("button", { name: "Save page" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Saved: the page shows this text now." }));

    const shopper = await suite.pages.open(PHONE);
    await shopper.goto(`${suite.url}/refund-policy`);
    await expectVisibleToPerson(shopper.getByText("Exchanges within ten days of delivery."), { scroll: true });
    expect(await shopper.locator("article").textContent()).not.toContain("Panties, and any set that contains panties");
  });

  for (const [width, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`refuses an announcement, a post's address and a section's name under their fields, what was typed kept (${width})`, async () => {
      const page = await signIn(viewport);
      await page.goto(`${suite.url}/admin/content/announcements`);
      await hydrated(page);
      const add = page.getByRole("form", { name: "Add an announcement" });
      const words = add.getByRole("textbox", { name: "Words", exact: true });
      await words.fill("   ");
      await add.getByRole("button", { name: "Add" }).click();
      await expectRefusedField(words, /^Is required$/);
      expect(await words.inputValue()).toBe("   ");
      if (SCREENSHOT_DIR)
        await page.screenshot({ path: `${SCREENSHOT_DIR}/content-announcements-refused-${width}.png` });

      // a saved one emptied: refused in its own form, the add form's mark gone
      await words.fill(`Eid orders (${width})`);
      await add.getByRole("button", { name: "Add" }).click();
      await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Announcement added to the bar." }));
      const items = page.getByRole("list", { name: "Announcements" }).getByRole("listitem");
      const last = items.last();
      const own = last.getByRole("textbox", { name: /^Words of announcement/ });
      await expect.poll(() => own.inputValue(), { timeout: 10_000 }).toBe(`Eid orders (${width})`);
      await own.fill(" ");
      await last.getByRole("button", { name: "Save" }).click();
      await expectRefusedField(own, /^Is required$/);
      expect(await words.getAttribute("aria-invalid")).toBeNull();
      expect(await page.locator("[aria-invalid=true]").count()).toBe(1);
      await last.getByRole("button", { name: /^Delete announcement/ }).click();
      await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Announcement deleted." }));

      // a blog post's address refused under it, far down a long form on a phone; the title kept
      await page.goto(`${suite.url}/admin/content/blog/new`);
      await hydrated(page);
      const post = page.getByRole("form", { name: "Post" });
      await post.getByLabel("Title", { exact: true }).fill(`Monsoon care (${width})`);
      const address = post.getByLabel("Address");
      await address.fill("Monsoon Care!");
      await post.getByLabel("Description for search results").fill("Keeping lawn fresh.");
      await post.getByRole("button", { name: "Save post" }).click();
      await expectRefusedField(address, /^Must be lowercase letters and digits joined by single hyphens/);
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/content-blog-refused-${width}.png` });
      expect(await post.getByLabel("Title", { exact: true }).inputValue()).toBe(`Monsoon care (${width})`);
      expect(await post.getByLabel("Description for search results").inputValue()).toBe("Keeping lawn fresh.");
      expect(await address.inputValue()).toBe("Monsoon Care!");
      expect(await page.locator("[aria-invalid=true]").count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe("/admin/content/blog/new");

      // a home page section named with spaces only: refused under its name, the rest kept
      await page.goto(`${suite.url}/admin/content/home`);
      await hydrated(page);
      const section = page.getByRole("form", { name: "Add a section" });
      const name = section.getByLabel("Name", { exact: true });
      await name.fill("  ");
      await section.getByLabel("Description", { exact: true }).fill("For the wedding season");
      await section.getByRole("radio", { name: "The newest" }).check();
      await section.getByRole("button", { name: "Add section" }).click();
      await expectRefusedField(name, /^Is required$/);
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/content-home-refused-${width}.png` });
      expect(await section.getByLabel("Description", { exact: true }).inputValue()).toBe("For the wedding season");
      expect(await section.getByRole("radio", { name: "The newest" }).isChecked()).toBe(true);
      expect(await page.locator("[aria-invalid=true]").count()).toBe(1);
    });
  }

  it("shows the home page layout and the announcements (screenshots)", async () => {
    const page = await signIn(PHONE);
    await page.goto(`${suite.url}/admin/content/announcements`);
    await hydrated(page);
    const list = page.getByRole("list", { name: "Announcements" });
    const items = list.getByRole("listitem");
    const before = await items.count();
    const add = page.getByRole("form", { name: "Add an announcement" });
    await add.getByRole("textbox", { name: "Words", exact: true }).fill("Eid orders: order by the 25th");
    await add.getByRole("button", { name: "Add" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Announcement added to the bar." }));
    // the answer comes before the list is loaded again
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(before + 1);
    const count = before + 1;
    await items
      .nth(count - 1)
      .getByRole("button", { name: `Move announcement ${count} up` })
      .click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Order saved." }));
    await expect
      .poll(async () =>
        items
          .nth(count - 2)
          .locator("input[name=content]")
          .inputValue(),
      )
      .toBe("Eid orders: order by the 25th");
    // the add form is empty again for the next one
    expect(await add.getByRole("textbox", { name: "Words", exact: true }).inputValue()).toBe("");
    if (SCREENSHOT_DIR) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOT_DIR}/content-announcements-phone.png` });
    }

    await page.goto(`${suite.url}/admin/content/home`);
    await hydrated(page);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/content-home-phone.png` });
    const firstSection = page.getByRole("list", { name: "Sections" }).getByRole("listitem").first();
    await firstSection.getByRole("searchbox").fill("a");
    await firstSection.getByRole("button", { name: "Find" }).click();
    await expectVisibleToPerson(page.getByRole("list", { name: "Products found" }), { scroll: true });
    if (SCREENSHOT_DIR) {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/content-home-search-phone.png` });
      const desk = await signIn(DESKTOP);
      await desk.goto(`${suite.url}/admin/content/home`);
      await desk.screenshot({ path: `${SCREENSHOT_DIR}/content-home-desktop.png` });
      await desk.goto(`${suite.url}/admin/content/announcements`);
      await desk.screenshot({ path: `${SCREENSHOT_DIR}/content-announcements-desktop.png` });
    }
  });
});
