// Helpers for the cart, order and voucher tests: finding demo items, setting stock, and building
// order payloads priced the way the checkout page prices them.
import { sql, type SQL } from "drizzle-orm";
import { priceOrder, type PricingVoucher } from "../../core/shared/pricing";
import type { TestApp } from "./app";

export async function rows<T>(t: TestApp, query: SQL): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export interface Item {
  productId: number;
  combinationId: number | null;
  name: string;
  pricePaisa: number;
  stock: number;
}

/** Combinations of active products, with at least minStock units, in id order. */
export async function combinations(t: TestApp, minStock = 0, count = 1): Promise<Item[]> {
  return rows<Item>(
    t,
    sql`select vc.product_id as "productId", vc.id as "combinationId", p.name, vc.price_paisa as "pricePaisa", vc.stock
        from variant_combinations vc join products p on p.id = vc.product_id
        where p.is_active and vc.is_available and vc.stock >= ${minStock}
        order by vc.id limit ${count}`,
  );
}

/** Active products without combinations. */
export async function simpleProducts(t: TestApp, minStock = 0, count = 1): Promise<Item[]> {
  return rows<Item>(
    t,
    sql`select p.id as "productId", null as "combinationId", p.name, p.price_paisa as "pricePaisa", p.stock
        from products p
        where p.is_active and p.stock >= ${minStock}
          and not exists (select 1 from variant_combinations vc where vc.product_id = p.id)
        order by p.id limit ${count}`,
  );
}

export async function setStock(t: TestApp, item: Item, stock: number): Promise<void> {
  if (item.combinationId === null) {
    await t.database.db.execute(sql`update products set stock = ${stock} where id = ${item.productId}`);
  } else {
    await t.database.db.execute(sql`update variant_combinations set stock = ${stock} where id = ${item.combinationId}`);
  }
  item.stock = stock;
}

export async function stockOf(t: TestApp, item: Item): Promise<number> {
  const [row] =
    item.combinationId === null
      ? await rows<{ stock: number }>(t, sql`select stock from products where id = ${item.productId}`)
      : await rows<{ stock: number }>(t, sql`select stock from variant_combinations where id = ${item.combinationId}`);
  return Number(row?.stock);
}

export async function count(t: TestApp, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(t, query);
  return Number(row?.n ?? 0);
}

/** The demo store's shipping: Rs. 500, free at Rs. 5,000 (core/demo). */
export const DEMO_SHIPPING = { feePaisa: 50_000, freeThresholdPaisa: 500_000 };

export const rupees = (paisa: number) => paisa / 100;

let customerNumber = 0;

/** A valid order payload for these lines, totalled as the checkout page would. */
export function orderPayload(
  lines: { item: Item; quantity: number }[],
  options: {
    voucher?: { code: string; pricing: PricingVoucher };
    sessionId?: string;
    email?: string;
    phone?: string;
  } = {},
) {
  customerNumber += 1;
  const figures = priceOrder({
    lines: lines.map((l) => ({ unitPricePaisa: l.item.pricePaisa, quantity: l.quantity })),
    shipping: DEMO_SHIPPING,
    voucher: options.voucher?.pricing ?? null,
  });
  return {
    first_name: "Ayesha",
    last_name: "Khan",
    email: options.email ?? `shopper${customerNumber}@example.pk`,
    phone: options.phone ?? `0300-${String(1_000_000 + customerNumber).slice(-7)}`,
    shipping_address: "House 12, Street 4, Gulberg III, Lahore, 54660, Pakistan",
    city: "Lahore",
    postal_code: "54660",
    country: "Pakistan",
    total_amount: rupees(figures.totalPaisa),
    payment_method: "cod",
    items: lines.map((l) => ({
      product_id: l.item.productId,
      combination_id: l.item.combinationId,
      quantity: l.quantity,
      price: rupees(l.item.pricePaisa),
      variant_details: null,
    })),
    ...(options.voucher ? { voucher_code: options.voucher.code } : {}),
    ...(options.sessionId ? { session_id: options.sessionId } : {}),
  };
}

export async function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: "POST", url, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.body };
}

export async function get(t: TestApp, url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.body };
}

export async function del(t: TestApp, url: string, payload?: unknown) {
  const res = await t.app.inject({
    method: "DELETE",
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
