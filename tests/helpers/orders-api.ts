// The checkout API tests: one store a file with the order limit raised (every request comes from
// 127.0.0.1), the demo vouchers priced as the checkout prices them, and a combination with a set stock.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { createTestApp, type TestApp } from "./app";
import { combinations, count, setStock, type Item } from "./shop";

export let t: TestApp;

export const orderCount = () => count(t, sql`select count(*) as n from orders`);
export const TRACKING = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}$/;
export const WELCOME10 = {
  code: "WELCOME10",
  pricing: { discountType: "percentage" as const, discountValue: 10, maxDiscountPaisa: 100_000 },
};
export const FREESHIP = {
  code: "FREESHIP",
  pricing: { discountType: "shipping" as const, discountValue: 0, maxDiscountPaisa: null },
};
export const EID25 = {
  code: "EID25",
  pricing: { discountType: "percentage" as const, discountValue: 25, maxDiscountPaisa: null },
};

export async function freshCombination(stock: number, skip = 0): Promise<Item> {
  const list = await combinations(t, 0, skip + 1);
  const item = list[skip]!;
  await setStock(t, item, stock);
  return item;
}

export function startOrdersApiStore() {
  beforeAll(async () => {
    t = await createTestApp();
    // every request here comes from 127.0.0.1; the limit itself is tested below from its own address
    RATE_LIMITS.orders.limit = 10_000;
  });
  afterAll(async () => {
    await t?.close();
  });
}
