// Stock in a real browser at phone width (decision 0064): the catalogue member
// opens Stock from the menu, finds a combination by its SKU, types a new stock with a reason and
// saves; the product's stock page shows the new stock and the history row (who, why, before →
// after). A + press adds one. Without JavaScript the grid is a plain form that saves the same way.
// With SCREENSHOT_DIR set it also keeps pictures of the grid, the history and an import preview.
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";
import { orderPayload } from "../helpers/shop";

const MEMBER: ConsoleMember = {
  email: "catalogue@stock.test",
  password: "Catalogue2026now",
  firstName: "Hina",
  lastName: "Catalogue",
  role: "catalogue",
};
let target: {
  productId: number;
  combinationId: number;
  productName: string;
  combination: string;
  sku: string;
  pricePaisa: number;
};

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, MEMBER);
  const result = (await db.execute(sql`
    select c.id, c.product_id, p.name, c.combination_name, c.sku, c.price_paisa from variant_combinations c
    join products p on p.id = c.product_id where p.is_active and c.sku is not null order by c.id limit 1`)) as unknown as {
    rows: {
      id: number;
      product_id: number;
      name: string;
      combination_name: string;
      sku: string;
      price_paisa: number;
    }[];
  };
  const row = result.rows[0]!;
  await db.execute(sql`update variant_combinations set stock = 10 where id = ${row.id}`);
  target = {
    productId: Number(row.product_id),
    combinationId: Number(row.id),
    productName: row.name,
    combination: row.combination_name,
    sku: row.sku,
    pricePaisa: Number(row.price_paisa),
  };
}

const suite = browserSuite("admin-stock", { prepare });

async function signIn(page: Page) {
  await signInToConsole(page, suite.url, MEMBER);
}

describe.sequential("the stock grid and history", { timeout: 120_000 }, () => {
  it("changes a stock in the grid and shows the history row (phone)", async () => {
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    const menuLink = page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Stock", exact: true });
    await expectVisibleToPerson(menuLink);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/menu-phone.png` });
    await menuLink.click();
    await arrivesAt(page, "/admin/stock");
    await hydrated(page);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/stock-grid-phone.png`, fullPage: false });

    await page.getByRole("form", { name: "Find stock" }).getByLabel("Search").fill(target.sku);
    await page.getByRole("form", { name: "Find stock" }).getByRole("button", { name: "Find" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(target.sku);
    const label = `${target.productName} (${target.combination})`;
    const field = page.getByLabel(`Stock of ${label}`, { exact: true });
    await expectVisibleToPerson(field, { scroll: true });
    expect(await field.inputValue()).toBe("10");
    await field.fill("14");
    await page.getByLabel("Reason (optional)").fill("Recount after the Eid sale");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "1 stock saved." }));
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("14");

    // one more with +: a difference, not a total
    await page.getByRole("button", { name: `One more of ${label}` }).click();
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe("15");

    // the product's stock page: its history, newest first
    await page.getByRole("link", { name: target.productName }).first().click();
    await arrivesAt(page, `/admin/products/${target.productId}/stock`);
    const history = page.getByRole("list", { name: "Stock history" });
    await expectVisibleToPerson(history, { scroll: true });
    const rows = history.getByRole("listitem");
    const latest = (await rows.nth(0).textContent()) ?? "";
    const recount = (await rows.nth(1).textContent()) ?? "";
    expect(latest).toContain("Staff change");
    expect(latest).toContain("14 → 15");
    expect(recount).toContain("10 → 14");
    expect(recount).toContain("+4");
    expect(recount).toContain("Hina Catalogue");
    expect(recount).toContain("Recount after the Eid sale");

    // a shopper buys one: the history shows the order with its tracking ID, linked to the order
    const payload = orderPayload([
      {
        item: {
          productId: target.productId,
          combinationId: target.combinationId,
          name: target.productName,
          pricePaisa: target.pricePaisa,
          stock: 15,
        },
        quantity: 1,
      },
    ]);
    const placed = await fetch(`${suite.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    expect(placed.status).toBe(201);
    const { tracking_id: trackingId } = (await placed.json()) as { tracking_id: string };
    await page.reload();
    const sale = page.getByRole("list", { name: "Stock history" }).getByRole("listitem").first();
    await expectVisibleToPerson(sale, { scroll: true });
    const saleText = (await sale.textContent()) ?? "";
    expect(saleText).toContain("Order");
    expect(saleText).toContain("15 → 14");
    expect(saleText).toContain("Shopper");
    await expectVisibleToPerson(sale.getByRole("link", { name: trackingId }));
    if (SCREENSHOT_DIR) {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/product-stock-history-phone.png`, fullPage: true });
      await page.setViewportSize(DESKTOP);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOT_DIR}/product-stock-history-desktop.png`, fullPage: true });
      await page.goto(`${suite.url}/admin/stock`);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/stock-grid-desktop.png` });
    }
  });

  it("saves from the plain form without JavaScript, and marks a row that moved (phone)", async () => {
    const page = await suite.pages.open(PHONE, false);
    await signInToConsole(page, suite.url, MEMBER, { hydrate: false });
    await page.goto(`${suite.url}/admin/stock?search=${encodeURIComponent(target.sku)}`);
    const label = `${target.productName} (${target.combination})`;
    const field = page.getByLabel(`Stock of ${label}`, { exact: true });
    expect(await field.inputValue()).toBe("14");
    // a sale happens while the page is open (another member's − here): the stock is now 13
    const other = await suite.pages.open(PHONE);
    await signIn(other);
    await other.goto(`${suite.url}/admin/stock?search=${encodeURIComponent(target.sku)}`);
    await hydrated(other);
    await other.getByRole("button", { name: `One less of ${label}` }).click();
    await expect
      .poll(() => other.getByLabel(`Stock of ${label}`, { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe("14");
    // the first page still shows 15 and types 20 over it: refused, the row shows 14 now
    await field.fill("20");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectVisibleToPerson(page.getByText("Changed meanwhile (perhaps a sale): it is now 13."), { scroll: true });
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/stock-grid-409-phone.png` });
    // saved again, the total is typed over 13
    await page.getByLabel(`Stock of ${label}`, { exact: true }).fill("20");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectVisibleToPerson(page.getByText("1 stock saved."));
    expect(await page.getByLabel(`Stock of ${label}`, { exact: true }).inputValue()).toBe("20");
  });

  it.skipIf(!SCREENSHOT_DIR)("shows an import's preview with its errors (screenshots)", async () => {
    const page = await suite.pages.open(PHONE);
    await signIn(page);
    await page.goto(`${suite.url}/admin/products/import`);
    await hydrated(page);
    const file = [
      "custom_url,name,price,options,sku,stock",
      "summer-lawn-3pc,Summer lawn 3-piece,3499,size=S; color=Mint,SL-S-MINT,8",
      "summer-lawn-3pc,Summer lawn 3-piece,3499,size=M; color=Mint,SL-M-MINT,abc",
      "Bad Url,Chiffon dupatta,Rs 900,,,",
      "chiffon-dupatta,,900,size,,",
    ].join("\r\n");
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "new-season.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("id"), { timeout: 15_000 }).not.toBeNull();
    await expectVisibleToPerson(page.getByRole("region", { name: "Errors" }), { scroll: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/import-preview-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/import-preview-desktop.png`, fullPage: true });
  });
});
