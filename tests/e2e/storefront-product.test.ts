// The product page in a real browser: variants, stock, the cart, the size guide, sharing, the
// wishlist, reviews and what search engines read, and a product opened by its custom URL. The
// shell, home and collection pages are in storefront.test.ts.
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";

interface ApiProduct {
  id: number;
  name: string;
  custom_url: string | null;
  variants: { variant_type: string; variant_value: string }[];
  variant_combinations: { id: number; variant_attributes: string; stock: number }[];
}

// on a copy of the test template: PGlite, or PostgreSQL in CI's second pass
const suite = browserSuite("storefront_product");
const open = suite.pages.open;

describe.sequential("the product page", { timeout: 60_000 }, () => {
  it("runs the product page: variants, stock, cart, size guide, share, wishlist, reviews, SEO", async () => {
    const products = (await fetch(`${suite.url}/api/products?limit=50&sort=name`).then((r) =>
      r.json(),
    )) as ApiProduct[];
    const product = products.find(
      (p) => p.variants.some((v) => v.variant_type === "size") && p.variants.some((v) => v.variant_type === "color"),
    )!;
    const combo = product.variant_combinations.find((c) => c.stock > 0)!;
    const attrs = JSON.parse(combo.variant_attributes) as { size: string; color: string };
    const page = await open(DESKTOP);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.url });
    const response = await page.goto(`${suite.url}/product/${product.id}`);
    expect(response?.headers()["cache-control"]).toContain("s-maxage=60");
    await hydrated(page);

    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    await page.getByText("Tax included. Shipping calculated at checkout.").waitFor();
    // the shopper is not told which photo the staff marked as main: it is simply the first
    expect(await page.getByRole("list", { name: "Product images" }).getByText(/main/i).count()).toBe(0);
    const firstImage = page.getByRole("list", { name: "Product images" }).getByRole("img").first();
    expect(await firstImage.getAttribute("loading")).toBe("eager");
    expect(await firstImage.getAttribute("fetchpriority")).toBe("high");
    // spec §9: the first 3 extra images load once the page has loaded; later ones stay lazy
    const gallery = page.getByRole("list", { name: "Product images" }).getByRole("img");
    const galleryCount = await gallery.count();
    expect(galleryCount).toBeGreaterThanOrEqual(3);
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Product images"] img')[1]?.getAttribute("loading") === "eager",
    );
    for (let i = 1; i < galleryCount; i++) {
      expect(await gallery.nth(i).getAttribute("loading"), `image ${i}`).toBe(i <= 3 ? "eager" : "lazy");
    }

    // the buy box comes first; product cards further down have their own buttons
    const addButton = page.getByRole("button", { name: "Add to Cart", exact: true }).first();
    expect(await addButton.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Buy it Now" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: attrs.size, exact: true }).first().click();
    await page.getByRole("button", { name: attrs.color, exact: true }).first().click();
    await expect.poll(() => page.getByTestId("stock").textContent()).toMatch(/^\d+ in stock$/);
    expect(await addButton.isDisabled()).toBe(false);

    await page.getByRole("spinbutton").fill("150");
    await page.getByRole("spinbutton").blur();
    expect(await page.getByRole("spinbutton").inputValue()).toBe("99");
    await page.getByRole("spinbutton").fill("1");
    await addButton.click();
    await page.getByText("Item added to cart successfully!").waitFor();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");

    await page.getByRole("button", { name: "Size guide" }).click();
    const dialog = page.getByRole("dialog", { name: "Size Guide" });
    await dialog.getByRole("rowheader", { name: "XL" }).waitFor();
    await dialog.getByRole("button", { name: "Close size guide" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText("Link copied to clipboard!").waitFor();

    // reviews: the new one goes first
    await page.getByLabel("Your name").fill("Ayesha Test");
    await page.getByLabel("Your review").fill("Lovely fabric and true to size.");
    await page.locator("label").filter({ hasText: "4 stars" }).click();
    await page.getByRole("button", { name: "Submit Review" }).click();
    await page.getByText("Review submitted successfully!").waitFor();
    const first = page.getByRole("list", { name: "Reviews" }).getByRole("listitem").first();
    // the toast comes with the post's answer, the list with the page's revalidated data after it
    await expect.poll(async () => (await first.textContent()) ?? "").toContain("Lovely fabric and true to size.");
    expect(await first.getByRole("img").getAttribute("aria-label")).toBe("Rated 4 out of 5");

    // SEO
    const head = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
      description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute("content"),
      twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute("content"),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? "{}"),
      ),
    }));
    expect(head.canonical).toMatch(new RegExp(`/(product/${product.id}|p/.+)$`));
    expect(head.description.length).toBeGreaterThan(20);
    expect(head.description.length).toBeLessThanOrEqual(150);
    expect(head.ogTitle).toContain(product.name);
    expect(head.twitter).toBeTruthy();
    const ld = head.jsonLd.find((j) => j["@type"] === "Product");
    expect(ld.offers.priceCurrency).toBe("PKR");
    expect(ld.offers.availability).toMatch(/schema.org\/(InStock|OutOfStock)/);
    expect(head.jsonLd.some((j) => j["@type"] === "BreadcrumbList")).toBe(true);

    // wishlist needs a signed-in shopper; sign-in comes back here afterwards
    await page.getByRole("button", { name: "Add to wishlist", exact: true }).click();
    await page.waitForURL(`${suite.url}/login?redirectTo=${encodeURIComponent(`/product/${product.id}`)}`);
  });

  it("opens a product by its custom URL and scrolls to the top on route change", async () => {
    const products = (await fetch(`${suite.url}/api/products?limit=100`).then((r) => r.json())) as ApiProduct[];
    const withUrl = products.find((p) => p.custom_url)!;
    const page = await open(PHONE);
    const response = await page.goto(`${suite.url}/p/${withUrl.custom_url}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: withUrl.name }).waitFor();
    await hydrated(page);
    const suggestion = page
      .getByRole("region", { name: "You might also like" })
      .getByRole("link", { name: /View Details/ })
      .first();
    await suggestion.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await suggestion.click();
    await page.waitForURL((url) => url.pathname !== `/p/${withUrl.custom_url}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
