// A large product import applies in batches, each its own transaction (decision 0088), so on the
// embedded database (one connection for the whole process) other requests get their turn while
// it applies; each batch is whole, a batch refused midway leaves a state the owner can read (the
// lines applied and not) and the same file uploaded again finishes the job without touching what
// was applied; the audit log has a row per batch; the page cache is cleared once, at the end.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CSV_HEADER } from "../../core/catalog/product-csv";
import { csvRow } from "../../core/shared/csv";
import { createTestApp, type TestApp } from "../helpers/app";
import { count, rows } from "../helpers/shop";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
let catalogue: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeOwner(t.app, t.core);
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

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
  let text = csvRow(PRODUCT_CSV_HEADER);
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
});
