// The shopper's pages in a real browser: shell, home and collection, at phone and desktop
// widths, with JavaScript and without it for browsing, filtering, sorting and paging. The product
// page is in storefront-product.test.ts.
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectPhoneHeaderUsable, expectVisibleToPerson, hydrated } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";

// on a copy of the test template: PGlite, or PostgreSQL in CI's second pass
const suite = browserSuite("storefront");
const open = suite.pages.open;

describe.sequential("storefront pages", { timeout: 60_000 }, () => {
  it("server-renders the shell on a phone: announcements, menu, footer, chat button", async () => {
    const page = await open(PHONE);
    const response = await page.goto(`${suite.url}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    await expect
      .poll(() => page.getByRole("region", { name: "Announcements" }).textContent())
      .toContain("Free delivery");
    await hydrated(page);

    // the header and its menu as a person sees them: the menu fills the screen below the header
    await expectPhoneHeaderUsable(page);
    // it opens and lists the collections, and its search works
    await page.locator("summary").filter({ hasText: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expectVisibleToPerson(menu.getByRole("link", { name: "Kurtis" }));
    await menu.getByRole("link", { name: "Kurtis" }).click();
    await page.waitForURL(/\/collection\/\d+$/);
    await page.getByRole("heading", { level: 1, name: "Kurtis" }).waitFor();
    await menu.waitFor({ state: "hidden" });
    await page.locator("summary").filter({ hasText: "Menu" }).click();
    await menu.getByRole("searchbox", { name: "Search products" }).fill("lawn");
    await menu.getByRole("searchbox", { name: "Search products" }).press("Enter");
    await page.waitForURL(/\/collection\/all\?search=lawn/);

    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("navigation", { name: "Collections" }).getByRole("link").count()).toBe(6);
    for (const name of [
      "About Us",
      "Return & Exchange",
      "Privacy Policy",
      "Terms & Conditions",
      "Sitemap",
      "Blog",
      "Track Your Order",
    ]) {
      await footer.getByRole("link", { name, exact: true }).waitFor({ state: "attached" });
    }
    expect(await footer.getByRole("link", { name: "Track Your Order" }).getAttribute("href")).toBe("/track");
    const chat = page.getByRole("link", { name: /Chat with us on WhatsApp, typically replies within an hour/ });
    expect(await chat.getAttribute("href")).toBe("https://wa.me/923001234567");
  });

  it("shows every announcement whole, at desktop and phone widths", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(viewport);
      await page.goto(`${suite.url}/`);
      await hydrated(page);
      const items = page.getByRole("region", { name: "Announcements" }).getByRole("listitem");
      expect(await items.count()).toBeGreaterThan(1);
      for (let i = 0; i < (await items.count()); i++) {
        const item = items.nth(i);
        // a phone swipes through them; a desktop shows them all at once (its bar has no scrollbar)
        await expectVisibleToPerson(item, { scroll: viewport === PHONE });
        // the whole text is inside the screen, inside every box that clips it, and inside its own
        const fit = await item.evaluate((li) => {
          const rect = li.getBoundingClientRect();
          let clipped = rect.left < -1 || rect.right > window.innerWidth + 1;
          for (let box = li.parentElement; box; box = box.parentElement) {
            if (getComputedStyle(box).overflowX === "visible") continue;
            const edge = box.getBoundingClientRect();
            if (rect.left < edge.left - 1 || rect.right > edge.right + 1) clipped = true;
          }
          return { clipped, overflow: li.scrollWidth - li.clientWidth };
        });
        expect(fit, `${viewport.width}px, announcement ${i + 1}`).toEqual({ clipped: false, overflow: 0 });
      }
    }
  });

  it("writes the style sheet into the page: styled without a second request, also after hydrating and navigating", async () => {
    const page = await open(PHONE);
    const styleRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet" || request.url().endsWith(".css")) styleRequests.push(request.url());
    });
    const response = await page.goto(`${suite.url}/product/1`);
    const html = await response!.text();
    const inline = /<style data-precedence="default" data-href="\/assets\/app-[^"]+\.css">([\s\S]*?)<\/style>/.exec(
      html,
    );
    expect(inline?.[1]?.length ?? 0).toBeGreaterThan(10_000);
    expect(html.includes('rel="stylesheet"')).toBe(false);
    await hydrated(page);
    // React adopted the server's copy: one style sheet, still applied, nothing fetched
    const styled = () =>
      page.evaluate(() => ({
        sheets: document.head.querySelectorAll("style[data-href], link[rel=stylesheet]").length,
        background: getComputedStyle(document.body).backgroundColor,
      }));
    expect(await styled()).toEqual({ sheets: 1, background: "rgb(251, 249, 246)" });
    await page.getByRole("link", { name: "Home" }).first().click();
    await page.waitForURL(`${suite.url}/`);
    expect(await styled()).toEqual({ sheets: 1, background: "rgb(251, 249, 246)" });
    expect(styleRequests).toEqual([]);
  });

  it("fetches out-of-sight images (other gallery photos, other slides, cards below the hero) only after the page has loaded", async () => {
    const page = await open(PHONE);
    for (const [path, selector] of [
      ["/product/1", 'ul[aria-label="Product images"] li:not(:first-child) img'],
      ["/", 'section[aria-roledescription="slide"]:not(:first-child) img, section[aria-labelledby^="category-"] img'],
    ] as const) {
      await page.goto(`${suite.url}${path}`);
      await hydrated(page);
      // the images appear after load, and being lazy, are asked for a moment later
      await page.waitForFunction((s) => {
        const urls = new Set(
          [...document.querySelectorAll<HTMLImageElement>(s)].map((img) => img.currentSrc || img.src),
        );
        return performance.getEntriesByType("resource").some((entry) => urls.has(entry.name));
      }, selector);
      const timing = await page.evaluate((s) => {
        const loadAt = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
        const urls = new Set(
          [...document.querySelectorAll<HTMLImageElement>(s)].map((img) => img.currentSrc || img.src),
        );
        const fetched = performance
          .getEntriesByType("resource")
          .filter((entry) => urls.has(entry.name))
          .map((entry) => entry.startTime);
        return { loadAt, fetched };
      }, selector);
      expect(timing.fetched.length, path).toBeGreaterThan(0);
      for (const startedAt of timing.fetched) expect(startedAt, path).toBeGreaterThanOrEqual(timing.loadAt);
    }

    // without JavaScript they are all there from the start (a <noscript> copy), so a swipe shows them
    const plain = await open(PHONE, false);
    await plain.goto(`${suite.url}/product/1`);
    const gallery = plain.getByRole("list", { name: "Product images" }).getByRole("img");
    expect(await gallery.count()).toBeGreaterThan(1);
    // and each photo fills its own slot: the placeholder meant for JavaScript is hidden
    const slots = await plain.evaluate(() =>
      [...document.querySelectorAll('ul[aria-label="Product images"] > li')].map((li) => ({
        offset: Math.round(li.querySelector("img")!.getBoundingClientRect().top - li.getBoundingClientRect().top),
        placeholders: [...li.querySelectorAll<HTMLElement>("span[aria-hidden]")].filter((el) => el.offsetHeight > 0)
          .length,
      })),
    );
    expect(slots.length).toBeGreaterThan(1);
    for (const slot of slots) expect(slot).toEqual({ offset: 0, placeholders: 0 });
    await plain.goto(`${suite.url}/`);
    const slides = plain.locator('section[aria-roledescription="slide"] img');
    expect(await slides.count()).toBe(await plain.locator('section[aria-roledescription="slide"]').count());
  });

  it("answers unknown routes and missing products with a real 404", async () => {
    const page = await open(DESKTOP);
    const unknown = await page.goto(`${suite.url}/no/such/page`);
    expect(unknown?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("link", { name: "Back to Home" }).waitFor();

    const missing = await page.goto(`${suite.url}/product/999999`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "Product Not Found" }).waitFor();
    const invalid = await page.goto(`${suite.url}/p/no-such-product`);
    expect(invalid?.status()).toBe(404);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL(`${suite.url}/`);
  });

  it("shows the home page: hero slider, strip, search, category paging, blog, videos", async () => {
    const page = await open(DESKTOP);
    await page.goto(`${suite.url}/`);
    await hydrated(page);
    const hero = page.getByRole("region", { name: "Collections" });
    expect(await hero.getByRole("link", { name: /Shop Collection/ }).count()).toBeGreaterThan(1);
    const dots = hero.getByRole("button", { name: /Go to slide/ });
    await dots.nth(2).click();
    await expect.poll(() => dots.nth(2).getAttribute("aria-current")).toBe("true");

    await page
      .getByRole("navigation", { name: "Shop by collection" })
      .getByRole("link", { name: "All Products" })
      .waitFor();
    await page.getByRole("heading", { name: "Latest from Our Blog" }).waitFor();
    await page.getByRole("link", { name: "View All Blog Posts" }).waitFor();
    await page.getByRole("heading", { name: "Fashion Inspiration" }).waitFor();
    await page.getByRole("heading", { name: "Stay Updated" }).waitFor();

    // videos are thumbnails until play; then the privacy-enhanced player loads
    expect(await page.locator("iframe").count()).toBe(0);
    const play = page.getByRole("button", { name: /Play video/ }).first();
    await play.scrollIntoViewIfNeeded();
    await play.click();
    await expect.poll(() => page.locator("iframe").getAttribute("src")).toContain("youtube-nocookie.com/embed/");

    // category sections hold 10 products per page
    const pager = page.getByRole("navigation", { name: /pages$/ }).first();
    const categoryName = (await pager.getAttribute("aria-label"))!.replace(/ pages$/, "");
    const section = page.getByRole("region", { name: categoryName, exact: true });
    expect(await section.getByRole("article").count()).toBe(10);
    await pager.getByRole("link", { name: /page 2$/ }).click();
    await page.waitForURL(/page_\d+=2/);
    await expect.poll(() => pager.getByRole("link", { name: /page 2$/ }).getAttribute("aria-current")).toBe("page");

    await page.getByRole("searchbox", { name: "Search products" }).last().fill("lawn");
    await page.getByRole("searchbox", { name: "Search products" }).last().press("Enter");
    await page.waitForURL(/\/collection\/all\?search=lawn/);
    await page.getByRole("heading", { level: 1, name: /Search results for "lawn"/ }).waitFor();
  });

  it("browses, sorts, filters, searches and pages a collection without JavaScript (phone)", async () => {
    const page = await open(PHONE, false);
    await page.goto(`${suite.url}/collection/all`);
    const count = async () => Number((await page.getByText(/^\d+ products?$/).textContent())?.split(" ")[0]);
    const total = await count();
    expect(total).toBeGreaterThan(24);
    expect(await page.getByRole("list", { name: "Products" }).getByRole("article").count()).toBe(24);

    await page.getByLabel("Sort by").selectOption("price_asc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await page.waitForURL(/sort=price_asc/);
    // the address changes a moment before the list does: read it until it is the sorted one
    const amounts = async () =>
      (await page.getByRole("list", { name: "Products" }).locator("article p").allTextContents())
        .filter((t) => t.startsWith("Rs."))
        .map((t) => Number(t.replace(/[^\d]/g, "")));
    await expect
      .poll(async () => {
        const shown = await amounts();
        return shown.length > 0 && shown.every((a, i) => i === 0 || shown[i - 1]! <= a);
      })
      .toBe(true);

    await page.getByText(/^Filters/).click();
    await expectVisibleToPerson(page.locator("label", { hasText: /^M$/ }), { scroll: true });
    await page.locator("label", { hasText: /^M$/ }).click();
    await page.getByRole("spinbutton", { name: "Maximum price" }).fill("4000");
    await expectVisibleToPerson(page.getByRole("button", { name: "Apply Filters" }), { scroll: true });
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/size=M/);
    expect(page.url()).toContain("max=4000");
    expect(page.url()).toContain("sort=price_asc");
    const filtered = await count();
    expect(filtered).toBeLessThan(total);

    await page.getByRole("link", { name: "Clear All" }).click();
    await page.waitForURL(`${suite.url}/collection/all`);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

    await page.getByRole("searchbox", { name: /Search in/ }).fill("zzzqqqxx");
    await page.getByRole("searchbox", { name: /Search in/ }).press("Enter");
    await page.getByText("No products found matching your criteria.").waitFor();
    await page.getByRole("link", { name: "Clear Filters" }).waitFor();
  });

  it("sorts on change and keeps clean addresses with JavaScript (desktop)", async () => {
    const page = await open(DESKTOP);
    await page.goto(`${suite.url}/collection/all`);
    await hydrated(page);
    await page.getByLabel("Sort by").selectOption("name");
    await page.waitForURL(`${suite.url}/collection/all?sort=name`);
    const names = () =>
      page.getByRole("list", { name: "Products" }).getByRole("heading", { level: 3 }).allTextContents();
    // the database orders by code point
    await expect
      .poll(async () => {
        const list = await names();
        return list.every((name, i) => i === 0 || list[i - 1]! <= name);
      })
      .toBe(true);
  });

  it("adds to the cart from a product card with a toast and a live count", async () => {
    const page = await open(PHONE);
    await page.goto(`${suite.url}/collection/all?sort=name`);
    await hydrated(page);
    await page.getByRole("list", { name: "Products" }).getByRole("button", { name: "Add to Cart" }).first().click();
    await expectVisibleToPerson(page.getByRole("status").getByText("Item added to cart successfully!"));
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
    const stored = await page.evaluate(() => ({
      cart: localStorage.getItem("cart"),
      session: localStorage.getItem("sessionId"),
    }));
    // spec §3 shape, with 128 random bits so no one can guess another shopper's cart session
    expect(stored.session).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    expect(JSON.parse(stored.cart ?? "[]")).toHaveLength(1);
  });
});
