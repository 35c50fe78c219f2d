// Applying a product CSV import (decision 0065): all of it in one transaction or nothing, once; and
// malformed and hostile files refused with a clear message, never a 500.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { IMPORT_LIMITS } from "../../core/catalog/product-csv";
import { freshIp } from "../helpers/accounts";
import { count, orderPayload, rows } from "../helpers/shop";
import { t, catalogue, upload, apply, csv, newUrl, startProductCsvStore } from "../helpers/product-csv";

startProductCsvStore();

describe("import", () => {
  it("is all or nothing: a stock that moved after the preview refuses the whole import", async () => {
    const url = newUrl();
    const [combo] = await rows<{
      id: number;
      product_id: number;
      combination_name: string;
      stock: number;
      price_paisa: number;
    }>(
      t,
      sql`select c.id, c.product_id, c.combination_name, c.stock, c.price_paisa from variant_combinations c
          join products p on p.id = c.product_id where p.is_active and c.is_available and c.stock > 5 order by c.id limit 1`,
    );
    const file = csv(
      ["product_id", "custom_url", "name", "price", "combination", "options", "stock"],
      [
        ["", url, "All or nothing kurti", "1800", "", "size=S", "9"],
        [
          combo!.product_id,
          "",
          (await rows<{ name: string }>(t, sql`select name from products where id = ${combo!.product_id}`))[0]!.name,
          (
            (
              await rows<{ price_paisa: number }>(
                t,
                sql`select price_paisa from products where id = ${combo!.product_id}`,
              )
            )[0]!.price_paisa / 100
          ).toFixed(2),
          combo!.combination_name,
          "",
          combo!.stock + 10,
        ],
      ],
    );
    const preview = await upload(file);
    expect(preview.statusCode, preview.body).toBe(201);
    expect(preview.json().error_count, JSON.stringify(preview.json().errors)).toBe(0);
    // a shopper buys one between the preview and Apply
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderPayload([
        {
          item: {
            productId: combo!.product_id,
            combinationId: combo!.id,
            name: "",
            pricePaisa: combo!.price_paisa,
            stock: combo!.stock,
          },
          quantity: 1,
        },
      ]),
      remoteAddress: freshIp(),
    });
    expect(order.statusCode, order.body).toBe(201);
    // the total was checked against the stock at the preview: Apply would hide the sale, so it
    // refuses the whole file, and nothing of it is written
    const applied = await apply(preview.json().id);
    expect(applied.statusCode, applied.body).toBe(409);
    expect(applied.json().moved).toEqual([
      { product_id: combo!.product_id, combination_id: combo!.id, stock_quantity: combo!.stock - 1 },
    ]);
    const [after] = await rows<{ stock: number }>(
      t,
      sql`select stock from variant_combinations where id = ${combo!.id}`,
    );
    expect(after!.stock).toBe(combo!.stock - 1);
    expect(await count(t, sql`select count(*) as n from products where custom_url = ${url}`)).toBe(0);
    expect(
      await count(
        t,
        sql`select count(*) as n from product_imports where id = ${preview.json().id} and applied_at is null`,
      ),
    ).toBe(1);

    // one row that no longer fits at Apply (its product was deleted meanwhile): nothing at all
    const url2 = newUrl();
    const [gone] = await rows<{ id: number }>(
      t,
      sql`insert into products (name, price_paisa, custom_url, min_price_paisa, max_price_paisa)
          values ('Deleted meanwhile', 100000, ${newUrl()}, 100000, 100000) returning id`,
    );
    const second = await upload(
      csv(
        ["product_id", "custom_url", "name", "price", "options", "stock"],
        [
          ["", url2, "First of two", "1000", "size=S", "5"],
          [gone!.id, "", "Deleted meanwhile", "1000", "", "3"],
        ],
      ),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().error_count, JSON.stringify(second.json().errors)).toBe(0);
    await t.database.db.execute(sql`delete from products where id = ${gone!.id}`);
    const before = await count(t, sql`select count(*) as n from products`);
    const refused = await apply(second.json().id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual([
      { line: 3, field: "product_id", message: `There is no product ${gone!.id}.` },
    ]);
    expect(await count(t, sql`select count(*) as n from products`)).toBe(before);
    expect(
      await count(
        t,
        sql`select count(*) as n from product_imports where id = ${second.json().id} and applied_at is null`,
      ),
    ).toBe(1);
  });

  it("applies once: the second Apply is refused", async () => {
    const res = await upload(csv(["custom_url", "name", "price"], [[newUrl(), "Once only dupatta", "990"]]));
    const id = res.json().id as number;
    expect((await apply(id)).statusCode).toBe(200);
    const again = await apply(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already been applied/);
    expect((await apply(999_999)).statusCode).toBe(404);
    if (process.env.DATABASE_URL) {
      const racing = await upload(csv(["custom_url", "name", "price"], [[newUrl(), "Raced dupatta", "990"]]));
      const answers = await Promise.all(Array.from({ length: 5 }, () => apply(racing.json().id)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      // two different files creating the same new product at the same moment: one wins, the
      // other is refused whole (409), never a 500 nor two products
      for (let round = 0; round < 3; round++) {
        const url = newUrl();
        const files = await Promise.all(
          ["First", "Second"].map((who) =>
            upload(
              csv(["custom_url", "name", "price", "options", "stock"], [[url, `${who} kurti`, "1200", "size=M", "2"]]),
            ),
          ),
        );
        const both = await Promise.all(files.map((f) => apply(f.json().id)));
        const statuses = both.map((a) => a.statusCode).sort();
        expect([
          [200, 200],
          [200, 409],
        ]).toContainEqual(statuses);
        expect(await count(t, sql`select count(*) as n from products where custom_url = ${url}`)).toBe(1);
      }
    }
  });
});

describe("malformed and hostile files", () => {
  const refused = async (body: string | Buffer, status: number, message: RegExp) => {
    const res = await upload(body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(res.json().detail).toMatch(message);
  };

  it("refuses what is not a product CSV with a clear message", async () => {
    await refused('custom_url,name,price\r\nabc,"never closed,12\r\n', 422, /line 2.*never closed/i);
    await refused("custom_url,name,price\r\nabc,Kurti,12,extra\r\n", 422, /line 2.*number of cells/i);
    await refused("custom_url,name,price\r\nabc,Ku\u0000rti,12\r\n", 422, /NUL/);
    await refused(Buffer.from([0x63, 0x2c, 0xff, 0xfe, 0x0a]), 422, /UTF-8/);
    await refused("", 422, /empty/);
    await refused("\uFEFF\r\n\r\n", 422, /empty/);
    await refused("custom_url,name,price\r\n", 422, /no rows/);
    await refused("custom_url,name,price,colour\r\nabc,Kurti,12,red\r\n", 422, /unknown column "colour"/);
    await refused("custom_url,name\r\nabc,Kurti\r\n", 422, /price is missing/);
    await refused("name,price\r\nKurti,12\r\n", 422, /product_id or custom_url/);
    await refused("custom_url,name,name,price\r\nabc,K,K,12\r\n", 422, /twice/);
    await refused(
      `custom_url,name,price\r\nabc,${"x".repeat(IMPORT_LIMITS.recordChars + 10)},12\r\n`,
      422,
      /longer than/,
    );
    await refused("<html><body>not a csv</body></html>", 422, /unknown column|missing/);
  });

  it("takes a BOM and a header in any order or case", async () => {
    const res = await upload(`\uFEFFPrice,Name,Custom_URL\r\n1200,BOM kurti,${newUrl()}\r\n`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ error_count: 0, counts: { products_to_create: 1 } });
  });

  it("refuses a file over 10 MB with 413 and one over the row limit", async () => {
    const big = Buffer.alloc(IMPORT_LIMITS.bytes + 10, "a");
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBeTruthy();
    const many = "custom_url,name,price\r\n" + "a,b,1\r\n".repeat(IMPORT_LIMITS.rows + 1);
    await refused(many, 413, /more than 50,000 rows/);
  });

  it("reads hostile cells as text or refuses the row, never a 500", async () => {
    const url = newUrl();
    const file = csv(
      ["custom_url", "name", "description", "price", "options", "sku", "stock"],
      [
        [url, "'; drop table products; --", "<script>alert(1)</script>", "100", "size=S", "'=1+1", "1"],
        [newUrl(), "Bell\u0007name", "", "100", "", "", ""],
        [newUrl(), "x".repeat(201), "", "100", "", "", ""],
        [newUrl(), "Options", "", "100", "size=S=M", "", ""],
        [newUrl(), "Many options", "", "100", "a=1;b=2;c=3;d=4;e=5;f=6", "", ""],
        [newUrl(), "Sku without option", "", "100", "", "SKU-1", ""],
        ["../../etc/passwd", "Path", "", "100", "", "", ""],
        [newUrl(), "Negative", "", "-100", "", "", ""],
      ],
    );
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(201);
    const errors = (res.json().errors as { line: number; field: string }[]).map((e) => `${e.line}:${e.field}`);
    expect(errors).toEqual(["3:name", "4:name", "5:options", "6:options", "7:sku", "8:custom_url", "9:price"]);
    // a file name is only a label
    const named = await upload(
      csv(["custom_url", "name", "price"], [[newUrl(), "Named", "1"]]),
      catalogue,
      "<b>x</b>\u0007.csv",
    );
    expect(named.statusCode).toBe(201);
    expect(named.json().file_name).toBe("<b>x</b>.csv");
    // the first row alone is fine: SQL and markup stay text, the apostrophe guard comes off
    const ok = await upload(
      csv(
        ["custom_url", "name", "description", "price", "options", "sku", "stock"],
        [file.split("\r\n")[1]!.split(",")],
      ),
    );
    expect(ok.statusCode).toBe(201);
    const good = await upload(
      `custom_url,name,description,price,options,sku,stock\r\n${url},'; drop table products; --,<script>alert(1)</script>,100,size=S,'=1+1,1\r\n`,
    );
    expect(good.json().error_count, JSON.stringify(good.json().errors)).toBe(0);
    expect((await apply(good.json().id)).statusCode).toBe(200);
    const [made] = await rows<{ name: string; sku: string }>(
      t,
      sql`select p.name, c.sku from products p join variant_combinations c on c.product_id = p.id where p.custom_url = ${url}`,
    );
    expect(made).toEqual({ name: "'; drop table products; --", sku: "=1+1" });
    expect(await count(t, sql`select count(*) as n from products`)).toBeGreaterThan(10);
  });

  it("refuses ids that are not ids", async () => {
    for (const path of [
      "/api/admin/products/imports/abc/apply",
      "/api/admin/products/imports/1e99/apply",
      "/api/admin/products/imports/-1/apply",
    ])
      expect((await t.app.inject({ method: "POST", url: path, headers: catalogue.auth })).statusCode, path).toBe(422);
    const json = await t.app.inject({
      method: "POST",
      url: "/api/admin/products/imports",
      headers: catalogue.auth,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
  });
});
