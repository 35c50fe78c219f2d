// Products as CSV (decision 0065): the export imports back unchanged; an
// import's preview names every row's error by line and field and writes nothing to the
// catalogue; the console's import and export pages. Apply's all or nothing, once, and malformed
// and hostile files are in admin-product-csv-apply.test.ts.
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { PRODUCT_CSV_HEADER } from "../../core/catalog/product-csv";
import { UTF8_BOM } from "../../core/shared/csv";
import { openStaffSession } from "../../core/staff/sessions";
import { count, rows } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  catalogue,
  packer,
  pages,
  exportCsv,
  upload,
  apply,
  csv,
  newUrl,
  startProductCsvStore,
} from "../helpers/product-csv";

startProductCsvStore();

describe("export and round trip", () => {
  it("writes one row per combination or simple product, guarded against formulas, and imports back unchanged", async () => {
    // hostile but legal names: a formula, quotes, commas, a line break, Urdu
    const [a, b] = await rows<{ id: number }>(
      t,
      sql`select id from products where archived_at is null order by id limit 2`,
    );
    await t.database.db.execute(
      sql`update products set name = ${'=HYPERLINK("http://evil.example","click"), "quoted"'}, description = ${"Line one\nLine two, with comma\n-5 off"} where id = ${a!.id}`,
    );
    await t.database.db.execute(sql`update products set name = ${"+92 لان کا سوٹ"} where id = ${b!.id}`);
    const first = await exportCsv();
    expect(first.startsWith(UTF8_BOM + PRODUCT_CSV_HEADER.join(",") + "\r\n")).toBe(true);
    expect(first).not.toMatch(/(^|,)=HYPERLINK/m);
    const records = parse(first, { bom: true }) as string[][];
    const expected = await count(
      t,
      sql`select ((select count(*) from variant_combinations c join products p on p.id = c.product_id where p.archived_at is null)
               + (select count(*) from products p where p.archived_at is null
                    and not exists (select 1 from variant_combinations c where c.product_id = p.id))) as n`,
    );
    expect(records.length - 1).toBe(expected);

    const preview = await upload(first);
    expect(preview.statusCode, preview.body.slice(0, 500)).toBe(201);
    const body = preview.json();
    expect(body.error_count).toBe(0);
    expect(body.counts).toMatchObject({
      rows: expected,
      products_to_create: 0,
      products_to_update: 0,
      combinations_to_create: 0,
      combinations_to_update: 0,
      stock_changes: 0,
    });
    const applied = await apply(body.id);
    expect(applied.statusCode, applied.body).toBe(200);
    const second = await exportCsv();
    expect(second).toBe(first);
    const [named] = await rows<{ name: string; description: string }>(
      t,
      sql`select name, description from products where id = ${a!.id}`,
    );
    expect(named).toEqual({
      name: '=HYPERLINK("http://evil.example","click"), "quoted"',
      description: "Line one\nLine two, with comma\n-5 off",
    });
  });

  it("defuses a formula after a semicolon or a line break inside a cell, and imports back unchanged", async () => {
    const [a] = await rows<{ id: number }>(
      t,
      sql`select id from products where archived_at is null order by id desc limit 1`,
    );
    const name = 'Kurti;=HYPERLINK("http://evil.example","click")';
    const description = 'Soft lawn\n+92 300 1234567 for orders; -10% in Eid;"=1+1"';
    await t.database.db.execute(
      sql`update products set name = ${name}, description = ${description} where id = ${a!.id}`,
    );
    const first = await exportCsv();
    const loose = first.split(/[;,\t\r\n]/).map((cell) => cell.replace(/^[ "]+/, ""));
    expect(loose.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    const preview = await upload(first);
    expect(preview.statusCode, preview.body.slice(0, 500)).toBe(201);
    expect(preview.json().error_count).toBe(0);
    expect(preview.json().counts).toMatchObject({ products_to_update: 0, combinations_to_update: 0 });
    expect((await apply(preview.json().id)).statusCode).toBe(200);
    expect(await exportCsv()).toBe(first);
    const [stored] = await rows<{ name: string; description: string }>(
      t,
      sql`select name, description from products where id = ${a!.id}`,
    );
    expect(stored).toEqual({ name, description });
  });

  it("is refused to fulfilment (403), as are preview and apply", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/products/export.csv", headers: packer.auth })).statusCode,
    ).toBe(403);
    expect((await upload("custom_url,name,price\r\nx,y,1\r\n", packer)).statusCode).toBe(403);
    expect((await apply(1, packer)).statusCode).toBe(403);
  });
});

describe("import", () => {
  it("creates a product with its options and combinations, updates others, and sets stock through the ledger", async () => {
    const url = newUrl();
    const [combo] = await rows<{
      id: number;
      product_id: number;
      combination_name: string;
      price_paisa: number;
      stock: number;
    }>(
      t,
      sql`select c.id, c.product_id, c.combination_name, c.price_paisa, c.stock from variant_combinations c
          join products p on p.id = c.product_id where p.archived_at is null order by c.id desc limit 1`,
    );
    const [product] = await rows<{
      name: string;
      price_paisa: number;
      custom_url: string | null;
      compare_price_paisa: number | null;
    }>(t, sql`select name, price_paisa, custom_url, compare_price_paisa from products where id = ${combo!.product_id}`);
    const file = csv(PRODUCT_CSV_HEADER, [
      [
        "",
        url,
        "Embroidered lawn kurti",
        "Soft lawn, hand finished.",
        "2499",
        "2999",
        "yes",
        "",
        "size=M; color=Mint",
        "",
        "CSV-M-MINT",
        "yes",
        "7",
      ],
      [
        "",
        url,
        "Embroidered lawn kurti",
        "Soft lawn, hand finished.",
        // amounts as people type them: grouped, with the currency, with paisa
        "Rs. 2,499",
        "2,999.00",
        "yes",
        "",
        "size=L; color=Mint",
        "Rs 2,699.50",
        "CSV-L-MINT",
        "yes",
        "3",
      ],
      [
        combo!.product_id,
        product!.custom_url ?? "",
        product!.name,
        "",
        (product!.price_paisa / 100).toFixed(2),
        product!.compare_price_paisa === null ? "" : (product!.compare_price_paisa / 100).toFixed(2),
        "yes",
        combo!.combination_name,
        "",
        ((combo!.price_paisa + 10_000) / 100).toFixed(2),
        "",
        "yes",
        combo!.stock + 5,
      ],
    ]);
    const preview = await upload(file);
    expect(preview.statusCode, preview.body).toBe(201);
    const body = preview.json();
    // the third row blanks the description of an existing product: an update
    expect(body.error_count, JSON.stringify(body.errors)).toBe(0);
    expect(body.counts).toMatchObject({
      rows: 3,
      products_to_create: 1,
      products_to_update: 1,
      combinations_to_create: 2,
      combinations_to_update: 1,
      stock_changes: 3,
    });
    // nothing written yet
    expect(await count(t, sql`select count(*) as n from products where custom_url = ${url}`)).toBe(0);
    const applied = await apply(body.id);
    expect(applied.statusCode, applied.body).toBe(200);

    const [made] = await rows<{
      id: number;
      min_price_paisa: number;
      max_price_paisa: number;
      description_format: string;
    }>(t, sql`select id, min_price_paisa, max_price_paisa, description_format from products where custom_url = ${url}`);
    expect(made).toMatchObject({ min_price_paisa: 249_900, max_price_paisa: 269_950, description_format: "plain" });
    const combos = await rows<{
      combination_name: string;
      stock: number;
      sku: string;
      variant_attributes: Record<string, string>;
    }>(
      t,
      sql`select combination_name, stock, sku, variant_attributes from variant_combinations where product_id = ${made!.id} order by id`,
    );
    expect(combos).toEqual([
      { combination_name: "M / Mint", stock: 7, sku: "CSV-M-MINT", variant_attributes: { size: "M", color: "Mint" } },
      { combination_name: "L / Mint", stock: 3, sku: "CSV-L-MINT", variant_attributes: { size: "L", color: "Mint" } },
    ]);
    const variants = await rows<{ variant_type: string; variant_value: string }>(
      t,
      sql`select variant_type, variant_value from variants where product_id = ${made!.id} order by position`,
    );
    expect(variants).toEqual([
      { variant_type: "size", variant_value: "M" },
      { variant_type: "color", variant_value: "Mint" },
      { variant_type: "size", variant_value: "L" },
    ]);
    const ledger = await rows<{ reason: string; delta: number; actor_id: number; note: string }>(
      t,
      sql`select reason, delta, actor_id, note from stock_movements where product_id in (${made!.id}, ${combo!.product_id}) and reason = 'import' order by id`,
    );
    expect(ledger.map((l) => l.delta).sort()).toEqual([3, 5, 7]);
    expect(ledger.every((l) => l.actor_id === catalogue.id && l.note.startsWith(`Import #${body.id}`))).toBe(true);
    const [updated] = await rows<{ price_paisa: number; stock: number }>(
      t,
      sql`select price_paisa, stock from variant_combinations where id = ${combo!.id}`,
    );
    expect(updated).toEqual({ price_paisa: combo!.price_paisa + 10_000, stock: combo!.stock + 5 });
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'product.import' and entity_id = ${String(body.id)}`,
      ),
    ).toBe(1);
    // the shop shows it at once
    const shown = await t.app.inject({ method: "GET", url: `/api/products/${made!.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().name).toBe("Embroidered lawn kurti");
  });

  it("previews every row's errors with its line and field, and writes nothing", async () => {
    const url = newUrl();
    const file = csv(
      ["product_id", "custom_url", "name", "price", "combination", "options", "stock"],
      [
        ["", url, "Good piece", "1500", "", "size=S", "4"],
        ["", newUrl(), "Bad price", "Rs 15,00", "", "size=S", "4"],
        ["", newUrl(), "Bad stock", "1500", "", "size=S", "-3"],
        ["999999", "", "No such product", "1500", "", "", ""],
        ["", url, "Different name", "1500", "", "size=M", "1"],
        ["", "Not A Url", "Bad url", "1500", "", "", ""],
        ["", newUrl(), "Bad options", "1500", "", "size", ""],
        ["", newUrl(), "", "1500", "", "", ""],
        ["", newUrl(), "Huge", "1e99", "", "", "99999999999"],
      ],
    );
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const found = (body.errors as { line: number; field: string }[]).map((e) => `${e.line}:${e.field}`);
    for (const want of [
      "3:price",
      "4:stock",
      "5:product_id",
      "6:name",
      "7:custom_url",
      "8:options",
      "9:name",
      "10:price",
      "10:stock",
    ])
      expect(found, want).toContain(want);
    expect(body.error_count).toBe(found.length);
    expect(await count(t, sql`select count(*) as n from products where custom_url = ${url}`)).toBe(0);
    expect(
      await count(
        t,
        sql`select count(*) as n from product_imports where id = ${body.id} and error_count = ${body.error_count}`,
      ),
    ).toBe(1);
    // and Apply refuses it whole
    const applied = await apply(body.id);
    expect(applied.statusCode).toBe(422);
    expect(applied.json().errors.length).toBeGreaterThan(0);
    expect(await count(t, sql`select count(*) as n from products where custom_url = ${url}`)).toBe(0);
  });

  it("leaves an archived product archived: its row is an error, by id or by custom URL", async () => {
    const url = newUrl();
    const made = await upload(
      csv(["custom_url", "name", "price", "active", "stock"], [[url, "Old piece", "900", "yes", "2"]]),
    );
    expect((await apply(made.json().id)).statusCode).toBe(200);
    const [row] = await rows<{ id: number }>(t, sql`select id from products where custom_url = ${url}`);
    await t.core.db.execute(sql`update products set archived_at = now(), is_active = false where id = ${row!.id}`);
    for (const file of [
      csv(["custom_url", "name", "price", "active"], [[url, "Old piece", "900", "yes"]]),
      csv(["product_id", "name", "price", "active"], [[row!.id, "Old piece", "900", "yes"]]),
    ]) {
      const res = await upload(file);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().errors[0].message).toBe(`Product ${row!.id} is archived. Restore it in the console first.`);
      expect((await apply(res.json().id)).statusCode).toBe(422);
    }
    expect(await count(t, sql`select count(*) as n from products where id = ${row!.id} and is_active`)).toBe(0);
  });
});

describe.skipIf(!pages)("the console's import and export", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };

  it("downloads the CSV with the cookie, and refuses fulfilment", async () => {
    const headers = await consoleCookie(catalogue);
    const res = await t.app.inject({ method: "GET", url: "/admin/products/export.csv", headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    expect(res.body.startsWith(UTF8_BOM + PRODUCT_CSV_HEADER.join(","))).toBe(true);
    expect(
      (await t.app.inject({ method: "GET", url: "/admin/products/export.csv", headers: await consoleCookie(packer) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: "/admin/products/import", headers: await consoleCookie(packer) }))
        .statusCode,
    ).toBe(403);
  });

  it("uploads a file from the page (multipart, over the form limit), previews it and applies it", async () => {
    const headers = await consoleCookie(catalogue);
    const url = newUrl();
    // a long description makes the file larger than an ordinary form may be (256 KB)
    const file = csv(
      ["custom_url", "name", "description", "price"],
      [[url, "Page import", "d".repeat(19_000), "500"]],
    ).repeat(1);
    const padding = Array.from({ length: 20 }, (_, i) => `${newUrl()}-${i},Filler ${i},${"f".repeat(15_000)},100`).join(
      "\r\n",
    );
    const body = new FormData();
    body.set("intent", "preview");
    body.set("file", new File([file + padding + "\r\n"], "page.csv", { type: "text/csv" }));
    const encoded = new Response(body);
    const payload = Buffer.from(await encoded.arrayBuffer());
    expect(payload.length).toBeGreaterThan(256 * 1024);
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/products/import",
      headers: {
        ...headers,
        "content-type": encoded.headers.get("content-type")!,
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/admin\/products\/import\?id=\d+$/);
    const page = await t.app.inject({ method: "GET", url: location, headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Apply this import");
    const id = location.split("=")[1]!;
    const applied = await t.app.inject({
      method: "POST",
      url: "/admin/products/import",
      headers: {
        ...headers,
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload: `intent=apply&id=${id}`,
    });
    expect(applied.statusCode).toBe(302);
    expect(await count(t, sql`select count(*) as n from products where custom_url = ${url}`)).toBe(1);
  });
});
