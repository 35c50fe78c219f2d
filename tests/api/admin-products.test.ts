// The product editor through the staff API (decision 0062): create with a grid
// of sizes x colours, edit, custom URL rules, archive against delete, two staff saving at once,
// a sale racing a stock change in the grid (never a lost sale), permissions, and the storefront's
// public API showing each change at once.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGED_BY_SOMEONE_ELSE } from "../../core/shared/staff-errors";
import { ROLE_PERMISSIONS, type Permission } from "../../core/shared/permissions";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { createTestApp, type TestApp } from "../helpers/app";
import { createPageApp, hasPageBuild } from "../helpers/page-app";
import { count, orderPayload, post, rows, type Item } from "../helpers/shop";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
let catalogue: TestStaff;
let packer: TestStaff;
let collectionIds: number[];
const pages = hasPageBuild();

beforeAll(async () => {
  // with the pages built, the console's pages and the shop's product page (page cache as shipped) too
  t = pages ? await createPageApp({ cacheMs: 60_000 }) : await createTestApp();
  owner = await makeOwner(t.app, t.core);
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
  packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  collectionIds = (await rows<{ id: number }>(t, sql`select id from collections order by id limit 2`)).map((r) => r.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (who: TestStaff, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

let serial = 0;
function newProduct(extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `Test Lawn Kurta ${serial}`,
    custom_url: `test-lawn-kurta-${serial}-${Date.now()}`,
    description: "Soft lawn, embroidered neckline.",
    description_format: "structured",
    structured_description: { bullet_points: ["Pure lawn", "Machine wash"], highlights: ["Embroidered neckline"] },
    material_type: "Lawn",
    price: 2499,
    compare_price: 2999,
    collection_ids: collectionIds.slice(0, 1),
    custom_fields: [{ key: "Fit", value: "Regular" }],
    faqs: [{ question: "Is it lined?", answer: "No." }],
    size_guide: "apparel",
    is_active: true,
    options: [
      { type: "size", values: [{ value: "S" }, { value: "M" }] },
      {
        type: "Colour",
        values: [
          { value: "Black", color_hex: "#111111" },
          { value: "Maroon", color_hex: "#800000" },
        ],
      },
    ],
    combinations: [
      { attributes: { size: "S", color: "Black" }, stock: 5, sku: "TLK-S-BLK" },
      { attributes: { size: "S", color: "Maroon" }, stock: 6 },
      { attributes: { size: "M", color: "Black" }, stock: 7, price: 2699 },
      { attributes: { size: "M", color: "Maroon" }, stock: 8 },
    ],
    ...extra,
  };
}

type Editable = {
  id: number;
  name: string;
  updated_at: string;
  price: number;
  min_price: number;
  max_price: number;
  custom_url: string | null;
  state: string;
  options: { type: string; values: { value: string; color_hex: string | null }[] }[];
  combinations: {
    id: number;
    name: string;
    attributes: Record<string, string>;
    price: number;
    stock: number;
    sku: string | null;
    is_available: boolean;
  }[];
  [key: string]: unknown;
};

async function create(extra: Record<string, unknown> = {}, who = catalogue): Promise<Editable> {
  const res = await call(who, "POST", "/api/admin/products", newProduct(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The editor's form sent back as it was read: every field, the grid with stock_seen. */
function formOf(p: Editable, change: Record<string, unknown> = {}) {
  return {
    name: p.name,
    custom_url: p.custom_url,
    description: p.description,
    description_format: p.description_format,
    structured_description: p.structured_description,
    material_type: p.material_type,
    price: p.price,
    compare_price: p.compare_price,
    collection_ids: p.collection_ids,
    custom_fields: p.custom_fields,
    faqs: p.faqs,
    size_guide: p.size_guide,
    is_active: p.is_active,
    options: p.options,
    combinations: p.combinations.map((c) => ({
      attributes: c.attributes,
      price: c.price,
      sku: c.sku,
      is_available: c.is_available,
      stock: c.stock,
      stock_seen: c.stock,
    })),
    updated_at: p.updated_at,
    ...change,
  };
}

const publicProduct = (id: number) => t.app.inject({ method: "GET", url: `/api/products/${id}` });

describe("creating a product", () => {
  it("creates 2 sizes x 2 colours with prices, stock, ledger and audit; the storefront shows it at once", async () => {
    const p = await create();
    expect(p.combinations.map((c) => c.name).sort()).toEqual(["M / Black", "M / Maroon", "S / Black", "S / Maroon"]);
    expect(p.options).toEqual([
      {
        type: "size",
        values: [
          { value: "S", color_hex: null },
          { value: "M", color_hex: null },
        ],
      },
      {
        type: "color",
        values: [
          { value: "Black", color_hex: "#111111" },
          { value: "Maroon", color_hex: "#800000" },
        ],
      },
    ]);
    expect(p).toMatchObject({
      price: 2499,
      compare_price: 2999,
      min_price: 2499,
      max_price: 2699,
      size_guide: "apparel",
    });
    expect(p.combinations.find((c) => c.name === "M / Black")).toMatchObject({ price: 2699, stock: 7 });
    expect(p.combinations.find((c) => c.name === "S / Black")).toMatchObject({ sku: "TLK-S-BLK", stock: 5 });
    // each first stock is in the ledger, and the save in the audit log
    expect(await count(t, sql`select count(*) as n from stock_movements where product_id = ${p.id}`)).toBe(4);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'product.create' and entity_id = ${String(p.id)}`,
      ),
    ).toBe(1);
    const shown = await publicProduct(p.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ name: p.name, stock_quantity: 26 });
    expect(shown.json().variant_combinations).toHaveLength(4);
    const byUrl = await t.app.inject({ method: "GET", url: `/api/products/url/${p.custom_url}` });
    if (byUrl.statusCode !== 404) expect(byUrl.json().id).toBe(p.id);
  });

  it("takes prices as people type them: 3,490, Rs. 3,490 and 3490.00 alike", async () => {
    for (const [price, compare] of [
      ["3,490", "Rs. 4,990"],
      ["Rs. 3,490", "4990.00"],
      ["3490.00", "4,990"],
    ]) {
      const p = await create({ price, compare_price: compare, options: [], combinations: [], stock: 1 });
      expect([p.price, p.compare_price], price).toEqual([3490, 4990]);
    }
    const bad = await call(catalogue, "POST", "/api/admin/products", newProduct({ price: "3,49" }));
    expect(bad.statusCode, bad.body).toBe(422);
  });

  it("creates a product without options with its own stock", async () => {
    const p = await create({ options: [], combinations: [], stock: 12 });
    expect(p.combinations).toEqual([]);
    expect(p.stock).toBe(12);
    expect((await publicProduct(p.id)).json().stock_quantity).toBe(12);
  });
});

describe("editing a product", () => {
  it("changes fields, prices and the grid; removing an unsold value deletes its combinations; the storefront follows at once", async () => {
    const p = await create();
    expect((await publicProduct(p.id)).json().name).toBe(p.name); // cached now
    const form = formOf(p, {
      name: `${p.name} (new)`,
      price: 1999,
      compare_price: null,
      options: [p.options[0], { type: "color", values: [{ value: "Black", color_hex: "#000000" }] }],
      combinations: formOf(p)
        .combinations.filter((c) => c.attributes.color === "Black")
        .map((c) => (c.attributes.size === "S" ? { ...c, price: 1899 } : c)),
    });
    const res = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, form);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Editable;
    expect(after.combinations.map((c) => c.name).sort()).toEqual(["M / Black", "S / Black"]);
    expect(after).toMatchObject({ price: 1999, compare_price: null, min_price: 1899, max_price: 2699 });
    expect(after.updated_at).not.toBe(p.updated_at);
    const shown = (await publicProduct(p.id)).json();
    expect(shown.name).toBe(`${p.name} (new)`);
    expect(shown.variant_combinations).toHaveLength(2);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'product.update' and entity_id = ${String(p.id)}`,
      ),
    ).toBe(1);

    // a new value: its combinations come with their first stock
    const grown = await call(
      catalogue,
      "PUT",
      `/api/admin/products/${p.id}`,
      formOf(after, {
        options: [{ type: "size", values: [{ value: "S" }, { value: "M" }, { value: "L" }] }, after.options[1]],
        combinations: [...formOf(after).combinations, { attributes: { size: "L", color: "Black" }, stock: 4 }],
      }),
    );
    expect(grown.statusCode, grown.body).toBe(200);
    expect((grown.json() as Editable).combinations.find((c) => c.name === "L / Black")).toMatchObject({
      stock: 4,
      price: 1999,
    });
  });

  it("keeps ordered combinations as unavailable when their value is removed", async () => {
    const p = await create();
    const sold = p.combinations.find((c) => c.name === "S / Maroon")!;
    await placeOrder(p.id, sold.id, sold.price, 1);
    const fresh = (await call(catalogue, "GET", `/api/admin/products/${p.id}`)).json() as Editable;
    const res = await call(
      catalogue,
      "PUT",
      `/api/admin/products/${p.id}`,
      formOf(fresh, {
        options: [fresh.options[0], { type: "color", values: [{ value: "Black", color_hex: "#111111" }] }],
        combinations: formOf(fresh).combinations.filter((c) => c.attributes.color === "Black"),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Editable;
    expect(after.combinations.find((c) => c.name === "S / Maroon")).toMatchObject({
      is_available: false,
      has_orders: true,
    });
    expect(after.combinations.find((c) => c.name === "S / Black")).toMatchObject({ has_orders: false });
    expect(after.combinations.find((c) => c.name === "M / Maroon")).toBeUndefined();
  });
});

describe("combinations named elsewhere", () => {
  it("finds stored combinations by their values, whatever their name (an import's naming), and keeps their ids", async () => {
    const p = await create();
    await t.database.db.execute(
      sql`update variant_combinations set combination_name = 'colour ' || (variant_attributes->>'color') || ' size ' || (variant_attributes->>'size') where product_id = ${p.id}`,
    );
    const fresh = (await call(catalogue, "GET", `/api/admin/products/${p.id}`)).json() as Editable;
    const res = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, formOf(fresh, { name: "Renamed" }));
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Editable;
    expect(after.combinations.map((c) => c.id).sort()).toEqual(p.combinations.map((c) => c.id).sort());
    expect(after.combinations.map((c) => c.name).sort()).toEqual([
      "M / Black",
      "M / Maroon",
      "S / Black",
      "S / Maroon",
    ]);
  });
});

async function placeOrder(
  productId: number,
  combinationId: number | null,
  pricePaisaOrRupees: number,
  quantity: number,
) {
  const item: Item = {
    productId,
    combinationId,
    name: "x",
    // the admin API shows rupees
    pricePaisa: Math.round(pricePaisaOrRupees * 100),
    stock: 0,
  };
  const res = await post(t, "/api/orders", orderPayload([{ item, quantity }]));
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

describe("the custom URL", () => {
  it("is checked as typed: free, taken by another product, or not a URL (with a suggestion)", async () => {
    const p = await create();
    const taken = await call(catalogue, "GET", `/api/admin/products/url-check?url=${p.custom_url}`);
    expect(taken.json()).toMatchObject({ available: false });
    expect(taken.json().message).toContain(p.name);
    const own = await call(catalogue, "GET", `/api/admin/products/url-check?url=${p.custom_url}&exclude=${p.id}`);
    expect(own.json()).toMatchObject({ available: true });
    const bad = await call(catalogue, "GET", `/api/admin/products/url-check?url=${encodeURIComponent("Summer Lawn!")}`);
    expect(bad.json()).toMatchObject({ available: false, suggestion: "summer-lawn" });
    const nul = await call(catalogue, "GET", `/api/admin/products/url-check?url=a%00b`);
    // NUL bytes are refused by the server before any route (400)
    expect([400, 422]).toContain(nul.statusCode);
    const long = await call(catalogue, "GET", `/api/admin/products/url-check?url=${"a".repeat(5000)}`);
    expect([413, 414, 422]).toContain(long.statusCode);
  });

  it("is unique on save: 409 naming the other product, never 500; two saves at once, one wins", async () => {
    const p = await create();
    const again = await call(catalogue, "POST", "/api/admin/products", newProduct({ custom_url: p.custom_url }));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain("custom_url");
    const other = await create();
    const steal = await call(
      catalogue,
      "PUT",
      `/api/admin/products/${other.id}`,
      formOf(other, { custom_url: p.custom_url }),
    );
    expect(steal.statusCode).toBe(409);
    const url = `race-${Date.now()}`;
    const both = await Promise.all([
      call(catalogue, "POST", "/api/admin/products", newProduct({ custom_url: url })),
      call(owner, "POST", "/api/admin/products", newProduct({ custom_url: url })),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("refuses hostile and bad values with 422 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ custom_url: "Summer Lawn!" }, "custom_url"],
      [{ custom_url: "a".repeat(81) }, "custom_url"],
      [{ name: "bad\u0000name" }, "name"],
      [{ name: "" }, "name"],
      [{ name: "x".repeat(100_000) }, "name"],
      [{ price: 1e20 }, "price"],
      [{ price: -5 }, "price"],
      [{ price: "12.345" }, "price"],
      [{ compare_price: 2000 }, "compare_price"],
      [{ size_guide: "tiny" }, "size_guide"],
      [{ collection_ids: [999_999] }, "collection_ids"],
      [
        { options: [{ type: "color", values: [{ value: "Red", color_hex: "#ff00zz" }] }], combinations: [] },
        "color_hex",
      ],
      [{ options: [{ type: "size", values: [{ value: "S" }, { value: "s" }] }], combinations: [] }, "options"],
      [{ combinations: [{ attributes: { size: "XXL", color: "Black" }, stock: 1 }] }, "combinations"],
      [{ combinations: [{ attributes: { size: "S", color: "Black" }, stock: 2_000_000 }] }, "combinations"],
      [
        {
          options: [
            { type: "size", values: Array.from({ length: 30 }, (_, i) => ({ value: `S${i}` })) },
            { type: "color", values: Array.from({ length: 30 }, (_, i) => ({ value: `C${i}` })) },
          ],
          combinations: [],
        },
        "combinations",
      ],
    ];
    for (const [change, field] of cases) {
      const res = await call(catalogue, "POST", "/api/admin/products", newProduct(change));
      const label = JSON.stringify(change).slice(0, 80);
      // a NUL byte anywhere in a body is refused by the server before any route (400)
      if (label.includes("\\u0000")) {
        expect(res.statusCode, label).toBe(400);
        continue;
      }
      expect(res.statusCode, label).toBe(422);
      expect(res.json().detail, label).toContain(field);
    }
    const huge = await call(
      catalogue,
      "POST",
      "/api/admin/products",
      newProduct({ description: "x".repeat(1_100_000) }),
    );
    expect([413, 422]).toContain(huge.statusCode);
    const notObject = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { ...catalogue.auth, "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect([400, 422]).toContain(notObject.statusCode);
    const missing = await call(catalogue, "PUT", "/api/admin/products/999999", formOf(await create()));
    expect(missing.statusCode).toBe(404);
  });
});

describe("archive and delete", () => {
  it("deletes a product without orders; refuses to delete one with orders, which is archived instead", async () => {
    const unsold = await create();
    const gone = await call(catalogue, "DELETE", `/api/admin/products/${unsold.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call(catalogue, "GET", `/api/admin/products/${unsold.id}`)).statusCode).toBe(404);
    expect((await publicProduct(unsold.id)).statusCode).toBe(404);

    const sold = await create();
    const combo = sold.combinations[0]!;
    await placeOrder(sold.id, combo.id, combo.price, 1);
    expect((await publicProduct(sold.id)).statusCode).toBe(200);
    const refused = await call(catalogue, "DELETE", `/api/admin/products/${sold.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("archive");
    const archived = await call(catalogue, "POST", `/api/admin/products/${sold.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ state: "archived", is_active: false });
    // off the storefront at once, out of the default list, in the archived one
    expect((await publicProduct(sold.id)).statusCode).toBe(404);
    const search = (
      await t.app.inject({ method: "GET", url: `/api/products?search=${encodeURIComponent(sold.name)}` })
    ).json();
    expect((search as { id: number }[]).map((x) => x.id)).not.toContain(sold.id);
    const list = (await call(catalogue, "GET", `/api/admin/products?search=${encodeURIComponent(sold.name)}`)).json();
    expect(list).toEqual([]);
    const archivedList = (
      await call(catalogue, "GET", `/api/admin/products?state=archived&search=${encodeURIComponent(sold.name)}`)
    ).json();
    expect(archivedList.map((x: { id: number }) => x.id)).toEqual([sold.id]);
    // the order keeps its line
    expect(await count(t, sql`select count(*) as n from order_items where product_id = ${sold.id}`)).toBe(1);
    // an archived product is not edited until restored; restored, it comes back hidden
    const edit = await call(catalogue, "PUT", `/api/admin/products/${sold.id}`, formOf(archived.json()));
    expect(edit.statusCode).toBe(409);
    const restored = await call(catalogue, "POST", `/api/admin/products/${sold.id}/restore`);
    expect(restored.json()).toMatchObject({ state: "hidden" });
    expect((await publicProduct(sold.id)).statusCode).toBe(404);
    for (const action of ["product.archive", "product.restore"]) {
      expect(
        await count(
          t,
          sql`select count(*) as n from audit_log where action = ${action} and entity_id = ${String(sold.id)}`,
        ),
      ).toBe(1);
    }
  });
});

describe("concurrency", () => {
  it("two staff saving the same product: the second gets 409 and changes nothing", async () => {
    const p = await create();
    const first = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, formOf(p, { name: "First save" }));
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(owner, "PUT", `/api/admin/products/${p.id}`, formOf(p, { name: "Second save" }));
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(CHANGED_BY_SOMEONE_ELSE);
    expect((await publicProduct(p.id)).json().name).toBe("First save");
    // truly at once: one wins, the other is told
    const fresh = first.json() as Editable;
    const both = await Promise.all([
      call(catalogue, "PUT", `/api/admin/products/${p.id}`, formOf(fresh, { name: "A" })),
      call(owner, "PUT", `/api/admin/products/${p.id}`, formOf(fresh, { name: "B" })),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("a sale made while the editor was open is never lost: a new total over a stale one is 409", async () => {
    const p = await create();
    const combo = p.combinations.find((c) => c.name === "M / Maroon")!;
    expect(combo.stock).toBe(8);
    // the editor is open (p); a shopper buys 2
    await placeOrder(p.id, combo.id, combo.price, 2);
    const form = formOf(p);
    const stale = form.combinations.find((c) => c.attributes.size === "M" && c.attributes.color === "Maroon")!;
    stale.stock = 20; // typed over the 8 the screen showed
    const res = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, form);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain("M / Maroon");
    expect(res.json().stock_quantity).toBe(6);
    const now = (await call(catalogue, "GET", `/api/admin/products/${p.id}`)).json() as Editable;
    expect(now.combinations.find((c) => c.id === combo.id)!.stock).toBe(6);
    // the whole save was refused: nothing else changed either
    expect(now.updated_at).toBe(p.updated_at);
    // the same form with the stock untouched saves, and keeps the sale
    const untouched = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, formOf(p, { name: "Kept the sale" }));
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect((untouched.json() as Editable).combinations.find((c) => c.id === combo.id)!.stock).toBe(6);
    // and a new total over the fresh one is taken, with its ledger row
    const fresh = untouched.json() as Editable;
    const set = formOf(fresh);
    set.combinations.find((c) => c.attributes.size === "M" && c.attributes.color === "Maroon")!.stock = 10;
    const ok = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, set);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await publicProduct(p.id)).json().stock_quantity).toBe(5 + 6 + 7 + 10);
    const [last] = await rows<{ delta: number; stock_after: number; reason: string }>(
      t,
      sql`select delta, stock_after, reason from stock_movements where combination_id = ${combo.id} order by id desc limit 1`,
    );
    expect(last).toEqual({ delta: 4, stock_after: 10, reason: "manual" });
  });
});

describe("a sale and a stock save truly at once (PostgreSQL runs them side by side)", () => {
  it("never loses the sale: either the save is refused, or the sale comes off the new total", async () => {
    for (let round = 0; round < 8; round++) {
      const p = await create();
      const combo = p.combinations.find((c) => c.name === "M / Maroon")!;
      const form = formOf(p);
      form.combinations.find((c) => c.attributes.size === "M" && c.attributes.color === "Maroon")!.stock = 20;
      const item: Item = {
        productId: p.id,
        combinationId: combo.id,
        name: "x",
        pricePaisa: Math.round(combo.price * 100),
        stock: 8,
      };
      const [save, order] = await Promise.all([
        call(catalogue, "PUT", `/api/admin/products/${p.id}`, form),
        post(t, "/api/orders", orderPayload([{ item, quantity: 2 }])),
      ]);
      expect(order.status, order.raw).toBe(201);
      const [row] = await rows<{ stock: number }>(
        t,
        sql`select stock from variant_combinations where id = ${combo.id}`,
      );
      if (save.statusCode === 200) expect(row!.stock).toBe(18);
      else {
        expect(save.statusCode).toBe(409);
        expect(row!.stock).toBe(6);
      }
    }
  });
});

describe("a delete and an order truly at once", () => {
  it("either the order is placed and the delete refused, or the product is gone and the order refused; never a 500", async () => {
    for (let round = 0; round < 6; round++) {
      const p = await create();
      const combo = p.combinations[0]!;
      const item: Item = {
        productId: p.id,
        combinationId: combo.id,
        name: "x",
        pricePaisa: Math.round(combo.price * 100),
        stock: 5,
      };
      const [gone, order] = await Promise.all([
        call(catalogue, "DELETE", `/api/admin/products/${p.id}`),
        post(t, "/api/orders", orderPayload([{ item, quantity: 1 }])),
      ]);
      if (order.status === 201) expect(gone.statusCode, gone.body).toBe(409);
      else {
        expect(gone.statusCode, gone.body).toBe(200);
        expect([404, 409, 422]).toContain(order.status);
      }
    }
  });
});

describe("permissions", () => {
  it("refuses a fulfilment member (403) everywhere", async () => {
    const p = await create();
    for (const [method, url] of [
      ["GET", "/api/admin/products"],
      ["GET", `/api/admin/products/${p.id}`],
      ["POST", "/api/admin/products"],
      ["PUT", `/api/admin/products/${p.id}`],
      ["POST", `/api/admin/products/${p.id}/archive`],
      ["DELETE", `/api/admin/products/${p.id}`],
      ["GET", "/api/admin/products/url-check?url=abc"],
    ] as const) {
      const res = await call(packer, method, url, method === "POST" || method === "PUT" ? newProduct() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("without the stock permission, a stock change is refused (403) but the rest saves", async () => {
    const p = await create();
    const role = ROLE_PERMISSIONS as Record<string, readonly Permission[]>;
    const kept = role.catalogue!;
    role.catalogue = kept.filter((x) => x !== "stock");
    try {
      const form = formOf(p);
      form.combinations[0]!.stock = 99;
      const refused = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, form);
      expect(refused.statusCode).toBe(403);
      const renamed = await call(
        catalogue,
        "PUT",
        `/api/admin/products/${p.id}`,
        formOf(p, { name: "Renamed without stock" }),
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
    } finally {
      role.catalogue = kept;
    }
  });
});

describe("the list", () => {
  it("searches by name, custom URL and SKU; filters by collection, stock and state; pages newest first", async () => {
    const tag = `Zq${Date.now()}`;
    const a = await create({ name: `${tag} Alpha`, collection_ids: collectionIds.slice(1, 2) });
    const b = await create({ name: `${tag} Beta`, options: [], combinations: [], stock: 3 });
    const c = await create({ name: `${tag} Gamma`, options: [], combinations: [], stock: 0, is_active: false });
    const list = async (q: string) =>
      ((await call(catalogue, "GET", `/api/admin/products?search=${tag}${q}`)).json() as { id: number }[]).map(
        (x) => x.id,
      );
    expect(await list("")).toEqual([c.id, b.id, a.id]);
    expect(await list("&sort=name")).toEqual([a.id, b.id, c.id]);
    expect(await list("&stock=low")).toEqual([b.id]);
    expect(await list("&stock=out")).toEqual([c.id]);
    expect(await list("&stock=in_stock")).toEqual([b.id, a.id]);
    expect(await list("&state=hidden")).toEqual([c.id]);
    expect(await list(`&collection_id=${collectionIds[1]}`)).toEqual([a.id]);
    const page = await call(catalogue, "GET", `/api/admin/products?search=${tag}&limit=2&offset=2`);
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json().map((x: { id: number }) => x.id)).toEqual([a.id]);
    const [first] = (await call(catalogue, "GET", `/api/admin/products?search=${tag} Alpha`)).json();
    expect(first).toMatchObject({
      id: a.id,
      stock_quantity: 26,
      combinations: 4,
      min_price: 2499,
      max_price: 2699,
      state: "active",
    });
    const sku = (await call(catalogue, "GET", `/api/admin/products?search=TLK-S-BLK`)).json() as { id: number }[];
    expect(sku.map((x) => x.id)).toContain(a.id);
    const byUrl = (await call(catalogue, "GET", `/api/admin/products?search=${a.custom_url}`)).json() as {
      id: number;
    }[];
    expect(byUrl.map((x) => x.id)).toEqual([a.id]);
    for (const bad of ["stock=some", "state=gone", "sort=price", "limit=0", `search=${"x".repeat(101)}`]) {
      const res = await call(catalogue, "GET", `/api/admin/products?${bad}`);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await call(catalogue, "GET", "/api/admin/products?search=%00")).statusCode).toBe(400);
  });
});

describe.skipIf(!pages)("the console's product pages", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };
  const postForm = async (who: TestStaff, url: string, fields: [string, string][]) =>
    t.app.inject({
      method: "POST",
      url,
      headers: {
        ...(await consoleCookie(who)),
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it("open for the catalogue team, not for fulfilment, and take hostile filters calmly", async () => {
    const p = await create();
    const refused = await consoleCookie(packer);
    for (const url of ["/admin/products", `/admin/products/${p.id}`, "/admin/products/new"]) {
      expect((await t.app.inject({ method: "GET", url, headers: refused })).statusCode, url).toBe(403);
    }
    const headers = await consoleCookie(catalogue);
    for (const query of [
      "",
      "?state=archived&sort=name",
      "?stock=low&collection=1",
      "?stock=bogus&state=gone&collection=abc",
      `?search=${encodeURIComponent("<script>alert(1)</script>' or 1=1 --")}`,
      `?search=${"x".repeat(5000)}`,
      "?page=99999999999",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/products${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).not.toContain("<script>alert(1)");
    }
    const editor = await t.app.inject({ method: "GET", url: `/admin/products/${p.id}`, headers });
    expect(editor.statusCode).toBe(200);
    expect(editor.body).toContain(`/admin/products/${p.id}/photos`);
    expect(editor.body).toContain(`/admin/products/${p.id}/stock`);
    for (const url of ["/admin/products/abc", "/admin/products/999999999"]) {
      expect((await t.app.inject({ method: "GET", url, headers })).statusCode, url).toBe(404);
    }
    const check = await t.app.inject({ method: "GET", url: `/admin/products/url-check?url=${p.custom_url}`, headers });
    expect(check.json()).toMatchObject({ available: false });
  });

  it("creates a product from the plain form (no script) and the shop's page shows it at once", async () => {
    const slug = `plain-form-${Date.now()}`;
    const fields: [string, string][] = [
      ["name", "Plain Form Kurta"],
      ["custom_url", slug],
      ["price", "1999"],
      ["compare_price", ""],
      ["visibility", "active"],
      ["size_guide", "none"],
      ["description_format", "structured"],
      ["description", "Made <b>by hand</b>."],
      ["bullet_points", "Pure cotton\nHand block print"],
      ["highlights", "Hand made"],
      ["option_type_0", "size"],
      ["option_values_0", "S, M"],
      ["option_type_1", "colour"],
      ["option_values_1", "Indigo #3f51b5"],
      ["option_type_2", ""],
      ["option_values_2", ""],
      ["cf_key", "Fit"],
      ["cf_value", "Loose"],
      ["faq_q", "Does it fade?"],
      ["faq_a", "No."],
      ["intent", "save"],
    ];
    // first "Update the grid": the page draws the two rows, nothing saved
    const drawn = await postForm(catalogue, "/admin/products/new", [...fields.slice(0, -1), ["intent", "grid"]]);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain("S / Indigo");
    expect(drawn.body).toContain("M / Indigo");
    const grid = [
      ["c_0_attrs", JSON.stringify({ size: "S", color: "Indigo" })],
      ["c_0_name", "S / Indigo"],
      ["c_0_price", ""],
      ["c_0_sku", "PF-S"],
      ["c_0_available", "on"],
      ["c_0_stock", "3"],
      ["c_1_attrs", JSON.stringify({ size: "M", color: "Indigo" })],
      ["c_1_name", "M / Indigo"],
      ["c_1_price", "2099"],
      ["c_1_sku", ""],
      ["c_1_available", "on"],
      ["c_1_stock", "4"],
    ] as [string, string][];
    const saved = await postForm(catalogue, "/admin/products/new", [...fields, ...grid]);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302);
    const id = Number(/\/admin\/products\/(\d+)\?saved=1/.exec(saved.headers.location as string)?.[1]);
    const product = (await call(catalogue, "GET", `/api/admin/products/${id}`)).json();
    expect(product).toMatchObject({ name: "Plain Form Kurta", size_guide: "none", min_price: 1999, max_price: 2099 });
    expect(product.structured_description).toEqual({
      bullet_points: ["Pure cotton", "Hand block print"],
      highlights: ["Hand made"],
    });
    expect(product.options[1].values).toEqual([{ value: "Indigo", color_hex: "#3f51b5" }]);
    const page = await t.app.inject({ method: "GET", url: `/p/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Plain Form Kurta");
    expect(page.body).toContain("Hand block print");

    // a bad price comes back as the form's message, with what was typed kept
    const bad = await postForm(catalogue, `/admin/products/${id}`, [
      ...fields.map(([k, v]): [string, string] => (k === "price" ? [k, "12abc"] : [k, v])),
      ["updated_at", product.updated_at],
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Price must be an amount in rupees");
    expect(bad.body).toContain("12abc");
  });
});
