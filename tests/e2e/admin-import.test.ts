// The product CSV import in a real browser at phone width (decisions 0065 and 0085): the file's
// upload is streamed by the store before the page's action sees it, and the page must work the
// same with JavaScript and without: a file with an error shows the error by line and column, a
// good one its preview, and Apply writes it once.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";

const MEMBER: ConsoleMember = {
  email: "catalogue@import.test",
  password: "Catalogue2026now",
  firstName: "Sana",
  lastName: "Catalogue",
  role: "catalogue",
};

const suite = browserSuite("admin-import", { prepare: (db) => insertStaff(db, MEMBER) });

async function importFile(page: Page, name: string, lines: string[]) {
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n") + "\r\n") });
  await page.getByRole("button", { name: "Check the file" }).click();
}

describe.sequential("the product import page", { timeout: 120_000 }, () => {
  for (const javaScript of [true, false]) {
    it(`shows a file's errors, previews a good file and applies it (${javaScript ? "with" : "without"} JavaScript)`, async () => {
      const page = await suite.pages.open(PHONE, javaScript);
      await signInToConsole(page, suite.url, MEMBER, { hydrate: javaScript });
      await page.goto(`${suite.url}/admin/products/import`);
      if (javaScript) await hydrated(page);
      const url = `browser-import-${javaScript ? "js" : "plain"}`;
      // a column the import needs is missing: refused as a whole, with what to do
      await importFile(page, "no-name.csv", ["custom_url,price", `${url},500`]);
      await expectVisibleToPerson(page.getByText("Line 1: the column name is missing."));
      // a row with an error: kept, with the error by line and column, and nothing to apply
      await importFile(page, "bad-price.csv", ["custom_url,name,price", `${url},Lawn suit,nine hundred`]);
      await expect.poll(() => new URL(page.url()).searchParams.get("id"), { timeout: 15_000 }).not.toBeNull();
      await expectVisibleToPerson(page.getByRole("region", { name: "Errors" }), { scroll: true });
      expect(await page.getByRole("button", { name: "Apply this import" }).count()).toBe(0);
      // a good file: its preview (one product to create), then Apply writes it
      await importFile(page, "good.csv", ["custom_url,name,price", `${url},Lawn suit,900`]);
      await expectVisibleToPerson(page.getByRole("button", { name: "Apply this import" }), { scroll: true });
      await expect.poll(() => page.getByRole("heading", { name: "Preview: good.csv" }).count()).toBe(1);
      await page.getByRole("button", { name: "Apply this import" }).click();
      await expectVisibleToPerson(page.getByText("Imported. The shop shows the changes now."));
      // applied once: the page now offers no Apply, only another upload
      expect(await page.getByRole("button", { name: "Apply this import" }).count()).toBe(0);
    });
  }
});
