// The product editor through the staff API when staff and shoppers meet (decision 0062): two staff
// saving at once, a sale racing a stock change in the grid (never a lost sale), a delete racing an
// order, and who may change what.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHANGED_BY_SOMEONE_ELSE } from "../../core/shared/staff-errors";
import { ROLE_PERMISSIONS, type Permission } from "../../core/shared/permissions";
import { orderPayload, post, rows, type Item } from "../helpers/shop";
import {
  t,
  owner,
  catalogue,
  packer,
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
