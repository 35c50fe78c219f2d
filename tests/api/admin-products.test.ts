// The product editor through the staff API (decision 0062): create with a grid
// of sizes x colours, edit, custom URL rules, archive against delete, and the storefront's
// public API showing each change at once. Staff and shoppers at once, and who may, are in
// admin-products-concurrency.test.ts; the list and the console's pages in admin-products-list.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { count } from "../helpers/shop";
import {
  t,
  owner,
  catalogue,
  call,
  newProduct,
  type Editable,
  create,
  formOf,
  publicProduct,
  placeOrder,
  startProductEditorStore,
} from "../helpers/product-editor";

startProductEditorStore();

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
