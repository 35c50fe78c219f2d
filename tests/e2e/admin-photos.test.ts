// Product photos in a real browser at phone width (decision 0063): the
// catalogue member opens a product's Photos page, chooses two photos through its file input (a
// phone offers camera and gallery there), sees them uploaded with their progress, gives one alt
// text and moves it first with the Up button; the storefront's product page shows both at once,
// loaded. Without JavaScript the page's plain form uploads too.
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";

let productId: number;
const MEMBER: ConsoleMember = {
  email: "catalogue@photos.test",
  password: "Catalogue2026now",
  firstName: "Hina",
  lastName: "Catalogue",
  role: "catalogue",
};

/** A phone-sized photo with something to see: a coloured field with a lighter panel. */
async function photo(background: string, panel: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600">
    <rect width="1200" height="1600" fill="${background}"/>
    <rect x="250" y="300" width="700" height="1000" rx="40" fill="${panel}"/>
    <circle cx="600" cy="650" r="160" fill="${background}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, MEMBER);
  // a product whose demo pictures are gone: the page starts empty, as for a new product
  const [first] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .limit(1);
  productId = first!.id;
  await db.execute(sql`delete from product_images where product_id = ${productId}`);
}

const suite = browserSuite("admin-photos", { prepare });

async function signIn(page: Page) {
  // the tests wait for the page's script themselves, or run without it
  await signInToConsole(page, suite.url, MEMBER, { next: `/admin/products/${productId}/photos`, hydrate: false });
}

const photoList = (page: Page) => page.getByRole("list", { name: "Photos in order" }).getByRole("listitem");

describe.sequential("product photos", { timeout: 120_000 }, () => {
  it("uploads two photos from the phone's file input and shows them on the product page", async () => {
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await hydrated(page);
    await expectVisibleToPerson(page.getByRole("heading", { name: /^Photos of / }));
    const input = page.getByLabel("Choose photos");
    expect(await input.getAttribute("accept")).toBe("image/*");
    expect(await input.getAttribute("multiple")).not.toBeNull();
    await input.setInputFiles([
      { name: "kurta-front.jpg", mimeType: "image/jpeg", buffer: await photo("#7c2d12", "#fed7aa") },
      { name: "kurta-back.jpg", mimeType: "image/jpeg", buffer: await photo("#134e4a", "#99f6e4") },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    await expect
      .poll(async () => (await uploads.textContent()) ?? "", { timeout: 30_000 })
      .toMatch(/kurta-front\.jpg.*Added.*kurta-back\.jpg.*Added/);
    await expect.poll(() => photoList(page).count(), { timeout: 15_000 }).toBe(2);
    await expectVisibleToPerson(photoList(page).first().getByText("Main"), { scroll: true });

    // alt text for the second, then Up: it becomes first and main
    const second = photoList(page).nth(1);
    await second.getByLabel("Alt text (for screen readers)").fill("Back view, teal embroidery");
    await second.getByRole("button", { name: "Save alt text" }).click();
    await expectVisibleToPerson(page.getByText("Alt text saved."), { scroll: true });
    await photoList(page).nth(1).getByRole("button", { name: "Move photo 2 up" }).click();
    await expectVisibleToPerson(page.getByText("Order saved. The first photo is the main one."), { scroll: true });
    await expect
      .poll(async () => photoList(page).first().getByRole("img").getAttribute("alt"))
      .toBe("Back view, teal embroidery");
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, "photos-phone.png"), fullPage: true });

    // the shopper's product page shows both, the moved one first, loaded from /media
    const shop = await suite.pages.open(PHONE);
    await shop.goto(`${suite.url}/product/${productId}`);
    const gallery = shop.getByRole("list", { name: "Product images" });
    await gallery.waitFor();
    const main = gallery.getByRole("img").first();
    expect(await main.getAttribute("alt")).toBe("Back view, teal embroidery");
    expect(await main.getAttribute("src")).toMatch(
      new RegExp(`^/media/products/${productId}/[a-f0-9]{16}-800\\.webp$`),
    );
    // the phone picks a file from the srcset (the 400-pixel one at this width)
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc), {
        timeout: 15_000,
      })
      .toMatch(new RegExp(`/media/products/${productId}/[a-f0-9]{16}-(400|800|1200)\\.webp$`));
    await hydrated(shop);
    // the second is in the page once it has loaded (AfterPageLoad) and loads too
    await expect.poll(() => gallery.getByRole("img").count(), { timeout: 15_000 }).toBe(2);
    const other = gallery.getByRole("img").nth(1);
    await expect
      .poll(() => other.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
      .toBe(true);
    if (SCREENSHOT_DIR) await shop.screenshot({ path: path.join(SCREENSHOT_DIR, "storefront-phone.png") });
  });

  it("shows the page on a computer, with the drop area and drag to reorder", async () => {
    const page = await suite.pages.open({ width: 1280, height: 900 });
    await signIn(page);
    await hydrated(page);
    await expect.poll(() => photoList(page).count()).toBe(2);
    await expectVisibleToPerson(page.getByText("Or drop them here."));
    const before = await photoList(page).first().getByRole("img").getAttribute("src");
    await photoList(page).nth(1).locator("img").dragTo(photoList(page).first().locator("img"));
    await expectVisibleToPerson(page.getByText("Order saved. The first photo is the main one."));
    await expect.poll(() => photoList(page).nth(1).getByRole("img").getAttribute("src")).toBe(before);
    if (SCREENSHOT_DIR)
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, "photos-desktop.png"), fullPage: true });
  });

  it("uploads through the plain form without JavaScript, and deletes after asking", async () => {
    const page = await suite.pages.open(PHONE, false);
    await signIn(page);
    await page
      .getByLabel("Choose photos")
      .setInputFiles([{ name: "third.jpg", mimeType: "image/jpeg", buffer: await photo("#1e3a8a", "#bfdbfe") }]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectVisibleToPerson(page.getByText("1 photo added."), { scroll: true });
    expect(await photoList(page).count()).toBe(3);
    // a text file named .jpg is refused by its content
    await page
      .getByLabel("Choose photos")
      .setInputFiles([{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo") }]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectVisibleToPerson(page.getByText(/A file was not a photo this store can read/), { scroll: true });
    if (SCREENSHOT_DIR)
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, "photos-refused-phone.png"), fullPage: true });
    expect(await photoList(page).count()).toBe(3);

    await photoList(page).nth(2).getByRole("link", { name: "Delete photo 3" }).click();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expectVisibleToPerson(page.getByText("Photo deleted."), { scroll: true });
    expect(await photoList(page).count()).toBe(2);
  });
});
