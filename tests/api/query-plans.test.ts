// Every query the storefront's main pages and the staff's product list make reads an index, not
// the whole table, once the catalogue is large (decision 0075). The test
// database gets 20,000 more products (200,000 combinations, 40,000 pictures) and ANALYZE, the
// reads run through a Drizzle instance that writes down each statement it sends, and each
// statement is explained (EXPLAIN (FORMAT JSON), as the planner would run it with those
// parameters): no sequential scan of products, variant_combinations, product_images or
// collection_products is allowed. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCatalogFacets } from "../../core/catalog/facets";
import { getCollection, listCollections } from "../../core/catalog/collections";
import { listProductsForStaff } from "../../core/catalog/product-list-admin";
import {
  getProduct,
  getProductByUrl,
  listProducts,
  recommendedProducts,
  similarProducts,
} from "../../core/catalog/products";
import { listReviews } from "../../core/catalog/reviews";
import { getHomepageLayout } from "../../core/content/content";
import { getSitemapOutline, sitemapPartsChanged, sitemapProducts } from "../../core/content/sitemap";
import type { CoreContext } from "../../core/context";
import { ReadCache } from "../../core/shared/cache";
import type { StaffActor } from "../../core/shared/permissions";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { fillCatalogue, SCALE_URL_PREFIX } from "../../scripts/lib/catalogue-fill";
import { createTestApp, type TestApp } from "../helpers/app";
import { rows } from "../helpers/shop";
import { actorOf, makeOwner } from "../helpers/staff";

const PRODUCTS = 20_000;
// the tables that grow with the catalogue: reading one whole is what must never happen
const BIG_TABLES = new Set(["products", "variants", "variant_combinations", "product_images", "collection_products"]);

interface Statement {
  sql: string;
  params: unknown[];
}

let t: TestApp;
let actor: StaffActor;
let collectionId: number;
let productId: number;
let productUrl: string;

/** A CoreContext whose database writes down every statement, and no read cache. */
function recording(core: CoreContext): { ctx: CoreContext; statements: Statement[] } {
  const statements: Statement[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ sql: query, params }) };
  const client = (core.db as unknown as { $client: unknown }).$client;
  const db = (t.database.kind === "pglite"
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
  return { ctx: { ...core, db, cache: new ReadCache(0) }, statements };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function explain(statement: Statement): Promise<PlanNode> {
  const client = (t.core.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } })
    .$client;
  const result = (await client.query(`explain (format json) ${statement.sql}`, statement.params)) as {
    rows: { "QUERY PLAN": unknown }[];
  };
  const raw = result.rows[0]!["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

/** The whole-table reads of the big tables in the plans of what `read` sends. */
async function seqScans(read: (ctx: CoreContext) => Promise<unknown>): Promise<string[]> {
  const { ctx, statements } = recording(t.core);
  await read(ctx);
  expect(statements.length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const statement of statements) {
    const plan = await explain(statement);
    for (const node of nodes(plan)) {
      if (node["Node Type"] === "Seq Scan" && BIG_TABLES.has(node["Relation Name"] ?? "")) {
        found.push(`${node["Relation Name"]} in: ${statement.sql.replace(/\s+/g, " ").slice(0, 300)}`);
        if (process.env.SHOW_PLANS) console.log(JSON.stringify(plan, null, 1));
      }
    }
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  await fillCatalogue(t.database.db, PRODUCTS, { batch: 5_000 });
  const owner = await makeOwner(t.app, t.core);
  actor = await actorOf(t.core, owner);
  const [collection] = await rows<{ id: number }>(
    t,
    sql`select id from collections where name like 'Scale: %' order by id limit 1`,
  );
  collectionId = collection!.id;
  const [product] = await rows<{ id: number; url: string }>(
    t,
    sql`select id, custom_url as url from products where custom_url = ${`${SCALE_URL_PREFIX}${PRODUCTS / 2}`}`,
  );
  productId = product!.id;
  productUrl = product!.url;
}, 600_000);

afterAll(async () => {
  await t?.close();
});

describe(`query plans with ${PRODUCTS.toLocaleString("en-US")} more products`, () => {
  it("search reads the full-text and trigram indexes", async () => {
    expect(await seqScans((ctx) => listProducts(ctx, { search: "Gulnaz Bahar", limit: 24, offset: 0 }))).toEqual([]);
    expect(await seqScans((ctx) => listProducts(ctx, { search: "chikankari", limit: 24, offset: 0 }))).toEqual([]);
    // past the last match the page carries no count, which is then asked for on its own
    expect(await seqScans((ctx) => listProducts(ctx, { search: "Gulnaz Bahar", limit: 24, offset: 5_000 }))).toEqual(
      [],
    );
    // a typo matches no word, and the names closest to it are ranked instead
    expect(await seqScans((ctx) => listProducts(ctx, { search: "Gulnza Bahar", limit: 24, offset: 0 }))).toEqual([]);
  });

  it("a collection with size and colour filters and a price sort reads its links and indexes", async () => {
    const found = await seqScans((ctx) =>
      Promise.all([
        getCollection(ctx, collectionId),
        listProducts(ctx, {
          collectionId,
          sizes: ["M"],
          colors: ["Black"],
          sort: "price_asc",
          minPricePaisa: 100_000,
          maxPricePaisa: 500_000,
          limit: 24,
          offset: 0,
        }),
        listProducts(ctx, { collectionId, limit: 24, offset: 0 }),
        getCatalogFacets(ctx, collectionId),
      ]),
    );
    expect(found).toEqual([]);
  });

  it("a rare colour or size over every product is found from the variants' index, not by probing each product", async () => {
    // the filters match case-blind: a value as the shopper's link spells it, in another case
    for (const type of ["color", "size"] as const) {
      const [rare] = await rows<{ value: string }>(
        t,
        sql`select upper(variant_value) as value from variants where variant_type = ${type}
            group by lower(variant_value), upper(variant_value) order by count(*), 1 limit 1`,
      );
      const query = {
        ...(type === "color" ? { colors: [rare!.value] } : { sizes: [rare!.value] }),
        limit: 24,
        offset: 0,
      };
      const { ctx, statements } = recording(t.core);
      const page = await listProducts(ctx, { ...query, sort: "price_asc" });
      expect(page.total, rare!.value).toBeGreaterThan(0);
      const indexes = (await Promise.all(statements.map(explain))).flatMap(nodes).map((n) => n["Index Name"]);
      // without it the plan walked every active product by price and probed each one's variants
      expect(indexes, `${type} ${rare!.value}`).toContain("variants_type_lower_value_idx");
    }
  });

  it("every product, newest first, and deep pages of every sort read an index", async () => {
    for (const sort of ["newest", "price_asc", "price_desc", "name"] as const) {
      expect(await seqScans((ctx) => listProducts(ctx, { sort, limit: 24, offset: 0 }))).toEqual([]);
      expect(await seqScans((ctx) => listProducts(ctx, { sort, limit: 24, offset: PRODUCTS - 2_000 }))).toEqual([]);
    }
    expect(await seqScans((ctx) => getCatalogFacets(ctx))).toEqual([]);
  });

  it("a product page's reads (by id and by address, reviews, similar and recommended) read indexes", async () => {
    const found = await seqScans((ctx) =>
      Promise.all([
        getProduct(ctx, productId),
        getProductByUrl(ctx, productUrl),
        listReviews(ctx, productId, 50),
        similarProducts(ctx, productId, 4),
        recommendedProducts(ctx, 4),
      ]),
    );
    expect(found).toEqual([]);
  });

  it("home and the menu's collections read indexes", async () => {
    expect(await seqScans((ctx) => Promise.all([getHomepageLayout(ctx), listCollections(ctx)]))).toEqual([]);
  });

  it("the sitemap reads its outline and its products' slices through an index", async () => {
    const found = await seqScans(async (ctx) => {
      await getSitemapOutline(ctx);
      await sitemapPartsChanged(ctx, 10, 50_000);
      for await (const batch of sitemapProducts(ctx, { offset: 10_000, limit: 6_000 }))
        expect(batch.length).toBeGreaterThan(0);
    });
    expect(found).toEqual([]);
  });

  it("the staff's product list, first page, a deep page, by name and searched, reads indexes", async () => {
    const found = await seqScans((ctx) =>
      Promise.all([
        listProductsForStaff(ctx, actor, { stock: "all", sort: "newest", limit: 50, offset: 0 }),
        listProductsForStaff(ctx, actor, { stock: "all", sort: "newest", limit: 50, offset: PRODUCTS - 1_000 }),
        listProductsForStaff(ctx, actor, { stock: "all", sort: "name", limit: 50, offset: 0 }),
        listProductsForStaff(ctx, actor, { stock: "all", sort: "newest", limit: 50, offset: 0, search: "Jharoka" }),
      ]),
    );
    expect(found).toEqual([]);
  });

  it("the filter choices for every product are every size and colour of an active product, a rare one too", async () => {
    // a colour only the newest product has (the end of the table and of the index), and one only
    // a hidden product has: the first is offered, the second is not
    const [newest] = await rows<{ id: number }>(t, sql`select max(id) as id from products where is_active`);
    const [hidden] = await rows<{ id: number }>(t, sql`select min(id) as id from products where not is_active`);
    expect(hidden?.id, "the fill has hidden products").toBeTruthy();
    await t.database.db.execute(sql`insert into variants (product_id, variant_type, variant_value, color_hex)
      values (${newest!.id}, 'color', 'Zz Rare Teal', '#008080'), (${hidden!.id}, 'color', 'Zz Hidden Plum', '#8e4585')`);
    const { ctx } = recording(t.core);
    const facets = await getCatalogFacets(ctx);
    const expected = await rows<{ type: string; value: string }>(
      t,
      sql`select distinct v.variant_type as type, v.variant_value as value from variants v
          join products p on p.id = v.product_id where p.is_active and v.variant_type in ('color', 'size')`,
    );
    const values = (type: string) => expected.filter((r) => r.type === type).map((r) => r.value);
    expect(facets.colors.map((c) => c.value).sort()).toEqual(values("color").sort());
    expect([...facets.sizes].sort()).toEqual(values("size").sort());
    expect(facets.colors).toContainEqual({ value: "Zz Rare Teal", hex: "#008080" });
    expect(facets.colors.map((c) => c.value)).not.toContain("Zz Hidden Plum");
  });
});
