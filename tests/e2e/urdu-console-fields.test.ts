// The Urdu twins in the console (decision 0111), in a real browser at desktop width: the
// catalogue member types a product's Urdu name beside its English one, into a field that runs
// right to left as Urdu while the rest of the form stays English, and after the save the editor
// and the public API show the Urdu as typed.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";

const MEMBER: ConsoleMember = {
  email: "catalogue@urdu-fields.test",
  password: "Catalogue2026now",
  firstName: "Sana",
  lastName: "Catalogue",
  role: "catalogue",
};

const suite = browserSuite("urdu-console-fields", { prepare: (db) => insertStaff(db, MEMBER) });
const SHOTS = process.env.URDU_CONSOLE_SHOTS;

describe("the product form's Urdu fields", { timeout: 180_000 }, () => {
  it("types an Urdu name right to left beside the English one, and the saved value shows", async () => {
    const page = await suite.pages.open(DESKTOP);
    await signInToConsole(page, suite.url, MEMBER);
    await page.goto(`${suite.url}/admin/products/new`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Product" });
    const english = form.getByLabel("Name", { exact: true });
    const urdu = form.getByLabel("Urdu name");
    // the Urdu field alone runs right to left: the English one and the page stay as they were
    expect(await urdu.getAttribute("dir")).toBe("rtl");
    expect(await urdu.getAttribute("lang")).toBe("ur");
    expect(await urdu.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
    expect(await english.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
    expect(await page.evaluate(() => document.documentElement.dir || "ltr")).toBe("ltr");
    const description = form.getByLabel("Urdu description");
    expect(await description.getAttribute("dir")).toBe("rtl");

    const name = `Gulabi Lawn Kurti ${Date.now()}`;
    const urduName = "گلابی لان کُرتی، نئی!";
    await english.fill(name);
    // typed key by key, as a member types, punctuation and all
    await urdu.pressSequentially(urduName);
    await description.fill("ہلکی پھلکی لان کی کُرتی۔\nگرمیوں کے لیے۔");
    await form.getByLabel("Price (Rs.)", { exact: true }).fill("1990");
    // the Urdu field sits beside the English one on a desktop, level with it
    const [a, b] = [await english.boundingBox(), await urdu.boundingBox()];
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    expect(b!.x).toBeGreaterThan(a!.x);
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/product-form-urdu-desktop.png` });
    }
    await form.getByRole("button", { name: "Create product" }).click();
    await arrivesAt(page, /^\/admin\/products\/\d+$/);
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Saved." }));

    const saved = page.getByRole("form", { name: "Product" }).getByLabel("Urdu name");
    await expect.poll(() => saved.inputValue(), { timeout: 10_000 }).toBe(urduName);
    expect(await saved.getAttribute("dir")).toBe("rtl");
    expect(await page.getByRole("form", { name: "Product" }).getByLabel("Urdu description").inputValue()).toBe(
      "ہلکی پھلکی لان کی کُرتی۔\nگرمیوں کے لیے۔",
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-form-urdu-saved-desktop.png`, fullPage: false });

    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const shown = (await (await fetch(`${suite.url}/api/products/${id}`)).json()) as { name_ur: string };
    expect(shown.name_ur).toBe(urduName);
  });

  it("every form with Urdu fields marks each of them rtl and Urdu, at phone and desktop width", async () => {
    for (const [label, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const page = await suite.pages.open(viewport);
      await signInToConsole(page, suite.url, MEMBER);
      await page.goto(`${suite.url}/admin/collections`);
      await hydrated(page);
      const collectionHref = await page.locator('a[href^="/admin/collections/"]').first().getAttribute("href");
      for (const [name, path, fields] of [
        ["collections", "/admin/collections", ["name_ur", "description_ur"]],
        ["collection", collectionHref!, ["name_ur", "description_ur"]],
        ["blog-post", "/admin/content/blog/new", ["title_ur", "excerpt_ur"]],
        ["announcements", "/admin/content/announcements", ["content_ur"]],
        ["policy", "/admin/content/policies/about", ["title_ur"]],
      ] as const) {
        await page.goto(`${suite.url}${path}`);
        await hydrated(page);
        for (const field of fields) {
          const input = page.locator(`[name="${field}"]`).first();
          expect(await input.getAttribute("dir"), `${path} ${field}`).toBe("rtl");
          expect(await input.getAttribute("lang"), `${path} ${field}`).toBe("ur");
        }
        // the rich-text editors' Urdu body runs right to left too
        if (name === "blog-post" || name === "policy") {
          const editor = page.getByRole("textbox", { name: "Urdu text" });
          expect(await editor.getAttribute("dir")).toBe("rtl");
          await editor.click();
          await page.keyboard.type("ہماری دکان، آپ کی خدمت میں۔");
          expect(await editor.textContent()).toContain("ہماری دکان، آپ کی خدمت میں۔");
        }
        // nothing wider than the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        if (SHOTS) {
          await page.locator(`[name="${fields[0]}"]`).first().scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
        }
      }
    }
  });
});
