// The product editor's API tests: one store a file with an owner, a catalogue and a fulfilment
// member signed in, the editor's form as the console sends it, and an order placed for a product.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { catalogue, staffCall as call, startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { orderPayload, post, rows, type Item } from "./shop";

export { catalogue, owner, packer, staffCall as call, t } from "./order-desk";
export let collectionIds: number[];
export const pages = hasPageBuild();

let serial = 0;
export function newProduct(extra: Record<string, unknown> = {}) {
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

export type Editable = {
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

export async function create(extra: Record<string, unknown> = {}, who = catalogue): Promise<Editable> {
  const res = await call(who, "POST", "/api/admin/products", newProduct(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The editor's form sent back as it was read: every field, the grid with stock_seen. */
export function formOf(p: Editable, change: Record<string, unknown> = {}) {
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

export const publicProduct = (id: number) => t.app.inject({ method: "GET", url: `/api/products/${id}` });

export async function placeOrder(
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

export function startProductEditorStore() {
  // with the pages built, the console's pages and the shop's product page (page cache as shipped) too
  startOrderDesk({ app: withPages({ cacheMs: 60_000 }), members: ["catalogue", "fulfilment"] }, async () => {
    collectionIds = (await rows<{ id: number }>(t, sql`select id from collections order by id limit 2`)).map(
      (r) => r.id,
    );
  });
}
