// Collections and vouchers in a real browser at phone width (decision
// 0066): a manager creates a voucher in the console and a shopper applies it at the checkout at
// once; the manager reorders a collection (a button, then a drag) and the collection's page shows
// the new order; the manager uploads a hero for a featured collection and the home page's slider
// shows it (decision 0066). SCREENSHOT_DIR=… saves the screens (phone, and desktop for the console pages).
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";
import { putServerCart } from "../helpers/server-cart";

const MEMBER: ConsoleMember = {
  email: "manager@collections.test",
  password: "Manager2026now!",
  firstName: "Sana",
  lastName: "Manager",
  role: "manager",
};

const suite = browserSuite("admin-collections-vouchers", { prepare: (db) => insertStaff(db, MEMBER) });

async function signIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await suite.pages.open(viewport);
  await signInToConsole(page, suite.url, MEMBER);
  return page;
}

async function openFromMenu(page: Page, label: string, path: string) {
  await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: label }).click();
  await arrivesAt(page, path);
  await hydrated(page);
}

/** The names of the collection page's cards, first shown first (the page's default order). */
async function shopOrder(page: Page, collectionId: number): Promise<string[]> {
  await page.goto(`${suite.url}/collection/${collectionId}`);
  const cards = page.getByRole("list", { name: "Products" }).getByRole("article");
  await cards.first().waitFor();
  return cards.getByRole("heading", { level: 3 }).allTextContents();
}

async function shot(page: Page, name: string, fullPage = true) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

describe.sequential("collections and vouchers in the console", { timeout: 180_000 }, () => {
  it("a voucher created in the console applies at the checkout at once (phone)", async () => {
    const page = await signIn(PHONE);
    await openFromMenu(page, "Vouchers", "/admin/vouchers");
    await shot(page, "vouchers-list-phone");
    await page.getByRole("link", { name: "New voucher" }).click();
    await arrivesAt(page, "/admin/vouchers/new");
    await hydrated(page);
    const form = page.getByRole("form", { name: "Voucher" });
    await form.getByLabel("Code").fill("phone15");
    await form.getByLabel("Percentage off").check();
    await form.getByLabel("Percent off").fill("15");
    await form.getByLabel("Maximum discount (Rs.)").fill("2000");
    await form.getByLabel("Uses in total").fill("50");
    await form.getByLabel("Ends (Pakistan time)").fill("2099-12-31T23:59");
    await form.getByRole("button", { name: "Create voucher" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("saved"), { timeout: 15_000 }).toBe("1");
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Voucher saved" }));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("PHONE15");
    await shot(page, "voucher-saved-phone");

    // a duplicate in another case is refused with the reason under the code (decision 0096), the
    // field focused and the typed fields kept
    await page.goto(`${suite.url}/admin/vouchers/new`);
    await hydrated(page);
    await form.getByLabel("Code").fill("Phone15");
    await form.getByLabel("Free shipping").check();
    await form.getByRole("button", { name: "Create voucher" }).click();
    const code = form.getByLabel("Code");
    await expect.poll(() => code.getAttribute("aria-invalid"), { timeout: 15_000 }).toBe("true");
    const messageId = (await code.getAttribute("aria-describedby"))!.split(" ")[0]!;
    await expectVisibleToPerson(page.locator(`[id="${messageId}"]`).filter({ hasText: "already exists" }));
    expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await code.inputValue()).toBe("Phone15");
    await shot(page, "voucher-duplicate-phone");

    // a shopper with a cart applies it at the checkout
    const shopper = await suite.pages.open(PHONE);
    // a combination in stock of a dear product: a percentage is then worth something
    const listed = (await (await fetch(`${suite.url}/api/products?limit=20&sort=price_desc`)).json()) as {
      id: number;
      variant_combinations: { id: number; stock_quantity: number }[];
    }[];
    const product = listed.find((p) => p.variant_combinations.some((c) => c.stock_quantity > 0))!;
    const line = {
      productId: product.id,
      combinationId: product.variant_combinations.find((c) => c.stock_quantity > 0)!.id,
    };
    await putServerCart(shopper, suite.url, [{ ...line, quantity: 1 }]);
    await shopper.goto(`${suite.url}/checkout`);
    await hydrated(shopper);
    await shopper.getByRole("textbox", { name: "Promo code" }).fill("phone15");
    await shopper.getByRole("button", { name: "Apply" }).click();
    await shopper.getByText("PHONE15 applied").waitFor();
    await expectVisibleToPerson(shopper.getByTestId("discount"), { scroll: true });
    expect(await shopper.getByTestId("discount").textContent()).toMatch(/^−Rs\. [\d,]+/);
    await shot(shopper, "checkout-voucher-applied-phone", false);

    // the list finds it by part of its code
    await page.goto(`${suite.url}/admin/vouchers?search=one1`);
    await expectVisibleToPerson(page.getByRole("list", { name: "Voucher list" }).getByText("PHONE15"));
  });

  it("reordering a collection changes the collection page's order (phone)", async () => {
    const collections = (await (await fetch(`${suite.url}/api/collections`)).json()) as { id: number; name: string }[];
    const collection = collections[0]!;
    const shopper = await suite.pages.open(PHONE);
    const before = await shopOrder(shopper, collection.id);
    expect(before.length).toBeGreaterThanOrEqual(3);

    const page = await signIn(PHONE);
    await openFromMenu(page, "Collections", "/admin/collections");
    await shot(page, "collections-list-phone");
    await page.getByRole("link", { name: collection.name, exact: true }).click();
    await arrivesAt(page, `/admin/collections/${collection.id}`);
    await hydrated(page);
    const list = page.getByRole("list", { name: "Products in order" });
    // the address changes a moment before the page does: wait for the list, then read it
    await expect
      .poll(async () => (await list.getByRole("listitem").allTextContents())[0]?.includes(before[0]!))
      .toBe(true);

    // the second product's Up button: it leads the collection page
    await list.getByRole("button", { name: `Move ${before[1]} up` }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Order saved." }));
    expect((await shopOrder(shopper, collection.id)).slice(0, 2)).toEqual([before[1], before[0]]);

    // drag the third product by its handle onto the first place
    await page.reload();
    await hydrated(page);
    const handle = list.getByRole("button", { name: `Drag ${before[2]} to a new place` });
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const first = (await list.getByRole("listitem").first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, first.y + 4, { steps: 12 });
    await page.mouse.up();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Order saved." }));
    await shot(page, "collection-reordered-phone");
    expect((await shopOrder(shopper, collection.id)).slice(0, 3)).toEqual([before[2], before[1], before[0]]);
    await shot(shopper, "collection-page-after-reorder-phone");

    // desktop screens of the console pages, for a look
    if (SCREENSHOT_DIR) {
      const desk = await signIn(DESKTOP);
      for (const [path, name] of [
        ["/admin/collections", "collections-list-desktop"],
        [`/admin/collections/${collection.id}`, "collection-desktop"],
        ["/admin/vouchers", "vouchers-list-desktop"],
        ["/admin/vouchers/new", "voucher-new-desktop"],
      ] as const) {
        await desk.goto(`${suite.url}${path}`);
        await hydrated(desk);
        await shot(desk, name);
      }
    }
  });
  it("a hero uploaded on the collection page shows on the home page's slider (phone)", async () => {
    const featured = (await (await fetch(`${suite.url}/api/featured-collections`)).json()) as {
      id: number;
      name: string;
    }[];
    const collection = featured[0]!;
    const page = await signIn(PHONE);
    await page.goto(`${suite.url}/admin/collections/${collection.id}`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Upload a hero image" });
    await form.scrollIntoViewIfNeeded();
    await shot(page, "collection-upload-phone");
    const banner = await sharp({ create: { width: 1800, height: 900, channels: 3, background: "#7c2d12" } })
      .jpeg()
      .toBuffer();
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: "eid-banner.jpg", mimeType: "image/jpeg", buffer: banner });
    await form.getByRole("button", { name: "Upload", exact: true }).click();
    await arrivesAt(page, `/admin/collections/${collection.id}`);
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Picture uploaded." }));
    await shot(page, "collection-uploaded-phone");
    const stored = (
      (await (await fetch(`${suite.url}/api/collections/${collection.id}`)).json()) as { image_url: string }
    ).image_url;
    expect(stored).toMatch(new RegExp(`^/media/collections/${collection.id}/[a-f0-9]{16}-800\\.webp$`));

    const shopper = await suite.pages.open(PHONE);
    await shopper.goto(`${suite.url}/`);
    const hero = shopper.locator(`img[src="${stored}"]`).first();
    await hero.waitFor({ state: "attached" });
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // the blog post editor's upload form, for a look
    if (SCREENSHOT_DIR) {
      const [post] = (await (await fetch(`${suite.url}/api/blogs`)).json()) as { id: number }[];
      await page.goto(`${suite.url}/admin/content/blog/${post!.id}`);
      await hydrated(page);
      await shot(page, "blog-post-upload-phone", false);
    }
  });
});
