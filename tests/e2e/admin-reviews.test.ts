// Review moderation in a real browser at phone width (decision 0061): with
// the shop holding guests' reviews, a guest's review on a product page is acknowledged but not
// shown; the catalogue member finds it waiting in the console's Reviews page, publishes it, and
// the product page shows it; deleting it (asked again on a second step) takes it off again.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REVIEW_HELD_NOTE } from "../../core/catalog/review-states";
import type { Db } from "../../db/client";
import { PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";

const MEMBER: ConsoleMember = {
  email: "catalogue@reviews.test",
  password: "Catalogue2026now",
  firstName: "Hina",
  lastName: "Catalogue",
  role: "catalogue",
};

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, MEMBER);
  await db.execute(sql`
    insert into site_settings (id, reviews_held_for_moderation) values (1, 'guests')
    on conflict (id) do update set reviews_held_for_moderation = 'guests'`);
}

const suite = browserSuite("admin-reviews", { prepare });

async function reviewTexts(page: Page, productPath: string): Promise<string> {
  await page.goto(`${suite.url}${productPath}`);
  const list = page.getByRole("list", { name: "Reviews" });
  await list.waitFor();
  return (await list.textContent()) ?? "";
}

describe.sequential("review moderation", { timeout: 120_000 }, () => {
  it("holds a guest's review until the catalogue team publishes it (phone)", async () => {
    const products = (await (await fetch(`${suite.url}/api/products?limit=5`)).json()) as { id: number }[];
    const productPath = `/product/${products[0]!.id}`;
    const words = "The embroidery is neat and the lawn is soft. Held for checking.";

    // a guest posts on the product page: thanked, told it waits, and it is not in the list
    const guest = await suite.pages.open(PHONE);
    await guest.goto(`${suite.url}${productPath}`);
    await hydrated(guest);
    await guest.getByLabel("Your name").fill("Mehwish Guest");
    await guest.getByLabel("Your review").fill(words);
    await guest.getByRole("button", { name: "Submit Review" }).click();
    await expectVisibleToPerson(guest.getByText(`Review submitted successfully! ${REVIEW_HELD_NOTE}`));
    expect(await reviewTexts(guest, productPath)).not.toContain(words);

    // the catalogue member signs in, opens Reviews from the menu: it waits there
    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, MEMBER);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Reviews" }).click();
    await arrivesAt(page, "/admin/reviews");
    const waitingTab = page.getByRole("navigation", { name: "Review status" }).getByRole("link", { name: /^Waiting/ });
    await expectVisibleToPerson(waitingTab);
    expect(await waitingTab.textContent()).toContain("(1)");
    const row = page.getByRole("list", { name: "Review list" }).getByRole("listitem").filter({ hasText: words });
    await expectVisibleToPerson(row, { scroll: true });
    const rowText = (await row.textContent()) ?? "";
    expect(rowText).toContain("Mehwish Guest");
    expect(rowText).toContain("guest");
    expect(rowText).toContain("waiting");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/reviews-queue-phone.png` });

    await row.getByRole("button", { name: "Publish the review by Mehwish Guest" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Review published." }));
    // the waiting tab is empty now; the shopper's product page shows the review at once
    await expect.poll(async () => waitingTab.textContent(), { timeout: 10_000 }).toContain("(0)");
    expect(await reviewTexts(guest, productPath)).toContain(words);
    await expectVisibleToPerson(
      guest.getByRole("list", { name: "Reviews" }).getByRole("listitem").filter({ hasText: words }),
      { scroll: true },
    );

    // deleting asks again on a second step, then the review is gone from the page
    await page.getByRole("navigation", { name: "Review status" }).getByRole("link", { name: "Published" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("status"), { timeout: 15_000 }).toBe("published");
    const published = page.getByRole("list", { name: "Review list" }).getByRole("listitem").filter({ hasText: words });
    await published.getByRole("link", { name: "Delete the review by Mehwish Guest" }).click();
    const confirm = page.getByRole("form", { name: "Delete review" });
    await expectVisibleToPerson(confirm, { scroll: true });
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/reviews-delete-confirm-phone.png` });
    expect(await reviewTexts(guest, productPath)).toContain(words);
    await confirm.getByRole("button", { name: "Yes, delete it" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("deleted"), { timeout: 15_000 }).toBe("1");
    expect(await reviewTexts(guest, productPath)).not.toContain(words);
  });
});
