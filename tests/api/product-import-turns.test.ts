// A large product import applies in batches, each its own transaction (decision 0088), so on the
// embedded database (one connection for the whole process) other requests get their turn while
// it applies; each batch is whole, a batch refused midway leaves a state the owner can read (the
// lines applied and not) and the same file uploaded again finishes the job without touching what
// was applied; the audit log has a row per batch; the page cache is cleared once, at the end.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRODUCT_CSV_HEADER } from "../../core/catalog/product-csv";
import { changeStock } from "../../core/catalog/stock";
import { csvRow } from "../../core/shared/csv";
import { catalogue, owner, startOrderDesk, t } from "../helpers/order-desk";
import { combinations, count, rows, type Item } from "../helpers/shop";
import { actorOf, makeStaff, type TestStaff } from "../helpers/staff";

startOrderDesk({ members: ["catalogue"] });

const upload = (text: string, who: TestStaff = catalogue) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/products/imports?file_name=big.csv",
    headers: { ...who.auth, "content-type": "text/csv" },
    payload: text,
  });
const apply = (id: number, who: TestStaff = catalogue) =>
  t.app.inject({ method: "POST", url: `/api/admin/products/imports/${id}/apply`, headers: who.auth });

const SIZES = ["S", "M", "L", "XL"];

/** `products` new products of four sizes each, every combination with its stock. */
function newProducts(prefix: string, products: number): string {
  return csvRow(PRODUCT_CSV_HEADER) + newProductRows(prefix, products);
}

function newProductRows(prefix: string, products: number): string {
  let text = "";
  for (let p = 1; p <= products; p++)
    for (const size of SIZES)
      text += csvRow([
        null,
        `${prefix}-${p}`,
        `Turns lawn suit ${p}`,
        "Three-piece printed lawn.",
        "1500.00",
        null,
        "yes",
        null,
        `size=${size}; color=Mint`,
        "1500.00",
        `${prefix.toUpperCase()}-${p}-${size}`,
        "yes",
        (p % 9) + 1,
      ]);
  return text;
}

async function previewed(text: string, who: TestStaff = catalogue): Promise<number> {
  const res = await upload(text, who);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  expect(res.json().error_count, JSON.stringify(res.json().errors?.slice(0, 3))).toBe(0);
  return res.json().id as number;
}

const madeCount = (prefix: string) =>
  count(t, sql`select count(*) as n from products where custom_url like ${`${prefix}-%`}`);

const money = (paisa: number) => (Number(paisa) / 100).toFixed(2);
const yes = (flag: boolean) => (flag ? "yes" : "no");

/** A row for a demo combination as it is, but for its stock: a total of `stock`. */
async function existingRow(item: Item, stock: number): Promise<string> {
  const [p] = await rows<{
    custom_url: string | null;
    name: string;
    description: string;
    price_paisa: number;
    compare_price_paisa: number | null;
    is_active: boolean;
  }>(
    t,
    sql`select custom_url, name, description, price_paisa, compare_price_paisa, is_active from products
        where id = ${item.productId}`,
  );
  const [c] = await rows<{ combination_name: string; price_paisa: number; sku: string | null; is_available: boolean }>(
    t,
    sql`select combination_name, price_paisa, sku, is_available from variant_combinations where id = ${item.combinationId}`,
  );
  return csvRow([
    item.productId,
    p!.custom_url,
    p!.name,
    p!.description,
    money(p!.price_paisa),
    p!.compare_price_paisa === null ? null : money(p!.compare_price_paisa),
    yes(p!.is_active),
    c!.combination_name,
    null,
    money(c!.price_paisa),
    c!.sku,
    yes(c!.is_available),
    stock,
  ]);
}

const stockOf = async (combinationId: number) =>
  Number(
    (await rows<{ stock: number }>(t, sql`select stock from variant_combinations where id = ${combinationId}`))[0]!
      .stock,
  );

/** Resolves once some of the products named `prefix-…` are in the database: a batch committed. */
async function firstBatchIn(prefix: string, applying: Promise<unknown>): Promise<void> {
  let over = false;
  void applying.finally(() => (over = true));
  while (!over && (await madeCount(prefix)) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(over, "the whole import was applied before a batch could be seen").toBe(false);
}

describe("a large import applies without stopping the store", () => {
  it("lets other database work in while 5,000 rows apply", async () => {
    const prefix = `turns-${Date.now().toString(36)}`;
    const id = await previewed(newProducts(prefix, 1250));
    const [shown] = await rows<{ id: number }>(t, sql`select id from products where is_active order by id limit 1`);

    const sent = performance.now();
    let appliedAt = 0;
    const applying = apply(id).then((res) => {
      appliedAt = performance.now();
      return res;
    });
    // reads one after another while it applies, from 200 ms on (the apply has begun by then:
    // its staff session is read and its work started)
    await new Promise((resolve) => setTimeout(resolve, 200));
    const reads: { issued: number; done: number }[] = [];
    while (!appliedAt) {
      const issued = performance.now();
      await t.database.db.execute(sql`select id, name, price_paisa from products where id = ${shown!.id}`);
      reads.push({ issued: issued - sent, done: performance.now() - sent });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const res = await applying;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().counts).toMatchObject({ products_to_create: 1250, combinations_to_create: 5000 });
    const applyMs = appliedAt - sent;
    const during = reads.filter((r) => r.done < applyMs);
    // on one connection held by one transaction, the first read waited for the whole import
    expect(
      during.length,
      `reads done while applying (${applyMs.toFixed(0)} ms): ${JSON.stringify(reads.slice(0, 5))}`,
    ).toBeGreaterThanOrEqual(3);
    expect(await madeCount(prefix)).toBe(1250);
    expect(
      await count(
        t,
        sql`select count(*) as n from variant_combinations c join products p on p.id = c.product_id
            where p.custom_url like ${`${prefix}-%`}`,
      ),
    ).toBe(5000);
  }, 120_000);

  it("writes an audit row per batch naming its lines, and clears the page cache once, at the end", async () => {
    const prefix = `audit-${Date.now().toString(36)}`;
    const products = 500;
    const id = await previewed(newProducts(prefix, products));
    const generation = t.core.cache.generation;
    const applying = apply(id);
    // while it applies: a second Apply of the same import is refused, and the cache is as it was
    await firstBatchIn(prefix, applying);
    const again = await apply(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/being applied now/);
    expect(t.core.cache.generation).toBe(generation);
    const res = await applying;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(t.core.cache.generation).toBe(generation + 1);
    const audit = await rows<{ changes: Record<string, unknown>; actor_id: number }>(
      t,
      sql`select changes, actor_id from audit_log where action = 'product.import' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.length).toBeGreaterThan(1);
    expect(audit.map((a) => a.changes.batch)).toEqual(audit.map((_, i) => i + 1));
    expect(audit.map((a) => a.changes.complete ?? false)).toEqual(audit.map((_, i) => i === audit.length - 1));
    expect(audit.every((a) => a.actor_id === catalogue.id && a.changes.file_name === "big.csv")).toBe(true);
    // the lines of the batches, one after another, are the whole file's
    const number = (text: string) => Number(text.replace(/,/g, ""));
    const spans = audit.map((a) => (a.changes.lines as string).split("–").map(number));
    expect(spans.every((span) => span.length === 2)).toBe(true);
    expect(spans[0]![0]).toBe(2);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBe(spans[i - 1]![1]! + 1);
    expect(spans[spans.length - 1]![1]).toBe(products * 4 + 1);
    // each batch holds whole products
    expect(spans.every(([first, end]) => (first! - 2) % 4 === 0 && (end! - 1) % 4 === 0)).toBe(true);
    expect(audit.reduce((n, a) => n + Number(a.changes.combinationsToCreate), 0)).toBe(products * 4);
    expect(
      await count(
        t,
        sql`select count(*) as n from product_imports where id = ${id} and applied_at is not null and applied_by = ${catalogue.id}`,
      ),
    ).toBe(1);
  }, 120_000);

  it("stops at a batch that a change made meanwhile refuses, says which lines are in and which not, and the same file again finishes the job without touching what was imported", async () => {
    const prefix = `part-${Date.now().toString(36)}`;
    const [item] = await combinations(t, 3);
    const before = item!.stock;
    // 2,000 rows of new products, then a stock total for a demo combination, checked at the preview
    const file = newProducts(prefix, 500) + (await existingRow(item!, before + 10));
    const lastLine = 500 * 4 + 2;
    const id = await previewed(file);
    const applying = apply(id);
    await firstBatchIn(prefix, applying);
    // the owner sells one in the stock grid while the import applies
    await changeStock(t.core, await actorOf(t.core, owner), {
      changes: [{ product_id: item!.productId, combination_id: item!.combinationId, delta: -1 }],
      note: "sold in the shop",
    });
    const res = await applying;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(409);
    const body = res.json();
    expect(body.moved).toEqual([
      { product_id: item!.productId, combination_id: item!.combinationId, stock_quantity: before - 1 },
    ]);
    expect(body.detail).toMatch(
      /^Part of the file was imported: lines 2–[\d,]+ are in the shop; lines [\d,]+–[\d,]+ are not, because a stock in them changed since the preview/,
    );
    expect(body.imported_lines.length).toBe(1);
    expect(body.not_imported_lines.length).toBe(1);
    const [firstIn, lastIn] = body.imported_lines[0] as [number, number];
    const [firstOut, lastOut] = body.not_imported_lines[0] as [number, number];
    expect([firstIn, lastIn + 1, lastOut]).toEqual([2, firstOut, lastLine]);
    expect(body.batches_imported).toBeGreaterThan(0);
    // exactly the products of the lines said to be in the shop are there, whole
    const productsIn = (lastIn - 1) / 4;
    expect(await madeCount(prefix)).toBe(productsIn);
    expect(
      await count(
        t,
        sql`select count(*) as n from variant_combinations c join products p on p.id = c.product_id
            where p.custom_url like ${`${prefix}-%`}`,
      ),
    ).toBe(productsIn * 4);
    expect(await stockOf(item!.combinationId!)).toBe(before - 1);
    // the claim is let go; the audit log has a row per batch written
    expect(
      await count(
        t,
        sql`select count(*) as n from product_imports where id = ${id} and applied_at is null and applied_by is null`,
      ),
    ).toBe(1);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'product.import' and entity_id = ${String(id)}`,
      ),
    ).toBe(body.batches_imported);

    // Apply again: the stock total is still stale, so nothing more is written
    const retried = await apply(id);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().detail).toMatch(/nothing was imported/);
    expect(await madeCount(prefix)).toBe(productsIn);

    // what was imported, as it is now
    const snapshot = () =>
      rows<{ id: number; updated_at: string; combos: string; ledger: string }>(
        t,
        sql`select p.id, p.updated_at::text as updated_at,
                   (select string_agg(c.id || ':' || c.stock || ':' || c.updated_at::text, ',' order by c.id)
                      from variant_combinations c where c.product_id = p.id) as combos,
                   (select string_agg(m.id::text, ',' order by m.id) from stock_movements m where m.product_id = p.id) as ledger
            from products p where p.custom_url like ${`${prefix}-%`} order by p.id`,
      );
    const imported = await snapshot();
    expect(imported.length).toBe(productsIn);

    // the same file, uploaded again: what was imported plans as unchanged, the rest is created
    const again = await upload(file);
    expect(again.statusCode).toBe(201);
    expect(again.json().counts).toMatchObject({
      products_to_create: 500 - productsIn,
      // and the demo product, whose row changes only its stock
      products_unchanged: productsIn + 1,
      combinations_to_create: (500 - productsIn) * 4,
      combinations_unchanged: productsIn * 4 + 1,
      // the new ones' stock, and the demo combination's total over the sale (the preview shows it)
      stock_changes: (500 - productsIn) * 4 + 1,
    });
    const finished = await apply(again.json().id);
    expect(finished.statusCode, finished.body.slice(0, 300)).toBe(200);
    expect(await madeCount(prefix)).toBe(500);
    expect(await stockOf(item!.combinationId!)).toBe(before + 10);
    const after = await snapshot();
    expect(after.filter((p) => imported.some((i) => i.id === p.id))).toEqual(imported);
    // one import ledger row per new combination, never two
    expect(
      await count(
        t,
        sql`select count(*) as n from stock_movements m join products p on p.id = m.product_id
            where p.custom_url like ${`${prefix}-%`} and m.reason = 'import'`,
      ),
    ).toBe(2000);
  }, 180_000);

  it("reads the file a piece at a time without cutting a character in two", async () => {
    const prefix = `emoji-${Date.now().toString(36)}`;
    // runs of characters outside the BMP (two UTF-16 units each), shifted by one unit from row to
    // row: wherever a piece of the file ends inside them, half the time it ends between a pair
    const descriptions = Array.from({ length: 24 }, (_, i) => `${"x".repeat(i % 2)}${"😀".repeat(1500)} لان ${i}\nسوٹ`);
    let file = csvRow(["custom_url", "name", "description", "price"]);
    descriptions.forEach((d, i) => (file += csvRow([`${prefix}-${i + 1}`, `Emoji kurti ${i + 1}`, d, "1200"])));
    const id = await previewed(file);
    const res = await apply(id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const stored = await rows<{ description: string }>(
      t,
      sql`select description from products where custom_url like ${`${prefix}-%`} order by id`,
    );
    expect(stored.map((r) => r.description)).toEqual(descriptions);
  });

  it("keeps two staff members' imports at once exact: one product per address, every stock total checked", async () => {
    const prefix = `two-${Date.now().toString(36)}`;
    const [item] = await combinations(t, 3);
    const before = item!.stock;
    const ledgerBefore = await count(
      t,
      sql`select count(*) as n from stock_movements where combination_id = ${item!.combinationId}`,
    );
    // the same 1,200 rows from both, each with its own total for one demo combination, at the end
    const rowsOfBoth = newProductRows(prefix, 300);
    const files = [
      csvRow(PRODUCT_CSV_HEADER) + rowsOfBoth + (await existingRow(item!, before + 3)),
      csvRow(PRODUCT_CSV_HEADER) + rowsOfBoth + (await existingRow(item!, before + 7)),
    ];
    const second = await makeStaff(t.app, t.core, owner, "catalogue");
    const ids = [await previewed(files[0]!, catalogue), await previewed(files[1]!, second)];
    const answers = await Promise.all([apply(ids[0]!, catalogue), apply(ids[1]!, second)]);
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      answers.map((a) => a.body.slice(0, 300)).join("\n"),
    ).toBe(true);
    // the demo combination's total is set by one of them only: the other's total was checked
    // against the stock its preview saw, which had moved
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    const winner = statuses.indexOf(200);
    expect(await stockOf(item!.combinationId!)).toBe(before + (winner === 0 ? 3 : 7));
    expect(
      await count(t, sql`select count(*) as n from stock_movements where combination_id = ${item!.combinationId}`),
    ).toBe(ledgerBefore + 1);
    const loser = answers[1 - winner]!.json();
    // refused at the demo combination's batch, or (PostgreSQL, where batches of the two run at the
    // same moment) on a new address the other created first: a 409 either way, never a 500
    if (loser.moved)
      expect(loser.moved).toEqual([
        {
          product_id: item!.productId,
          combination_id: item!.combinationId,
          stock_quantity: before + (winner === 0 ? 3 : 7),
        },
      ]);
    else expect(loser.detail).toMatch(/created or changed meanwhile by another change/);
    // every product once, every combination once, each stock the file's, one ledger row each
    expect(await madeCount(prefix)).toBe(300);
    const combos = await rows<{ n: number; wrong: number; ledger: number; sums: number }>(
      t,
      sql`select count(*)::int as n,
                 (count(*) filter (where c.stock <> (split_part(p.custom_url, '-', 3)::int % 9) + 1))::int as wrong,
                 (select count(*) from stock_movements m join products q on q.id = m.product_id
                   where q.custom_url like ${`${prefix}-%`})::int as ledger,
                 (count(*) filter (where c.stock <> (select coalesce(sum(m.delta), 0) from stock_movements m
                                                     where m.combination_id = c.id)))::int as sums
          from variant_combinations c join products p on p.id = c.product_id where p.custom_url like ${`${prefix}-%`}`,
    );
    expect(combos[0]).toEqual({ n: 1200, wrong: 0, ledger: 1200, sums: 0 });
  }, 180_000);
});
