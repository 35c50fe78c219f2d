// The stock tests: one store a file (with the pages when built) with an owner, a catalogue, a
// manager and a fulfilment member, a demo combination with a set stock for each test, stock changes
// sent as the grid sends them, orders placed, and an item's history as the console reads it.
import { expect } from "vitest";
import { freshIp } from "./accounts";
import { catalogue, combination, staffCall as call, startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { orderPayload, type Item } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, manager, owner, packer, pool, staffCall as call, t } from "./order-desk";
export const pages = hasPageBuild();

/** A combination no other test touched, with this stock. */
export async function fresh(stock = 20): Promise<Item> {
  const item = await combination(stock);
  t.core.cache.clear();
  return item;
}

export const change = (who: TestStaff, changes: object[], note?: string) =>
  call(who, "POST", "/api/admin/stock/changes", { changes, ...(note === undefined ? {} : { note }) });

export const ref = (item: Item) => ({ product_id: item.productId, combination_id: item.combinationId });

export async function placeOrder(item: Item, quantity = 1) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item, quantity }]),
    remoteAddress: freshIp(),
  });
  return res;
}

export type HistoryRow = {
  reason: string;
  note: string | null;
  delta: number;
  before: number;
  after: number;
  actor_name: string | null;
  actor_email: string | null;
  tracking_id: string | null;
  combination_id: number | null;
};
export const history = async (productId: number, who: TestStaff = catalogue) => {
  const res = await call(who, "GET", `/api/admin/products/${productId}/stock-history?limit=200`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HistoryRow[];
};

export function startStockStore() {
  startOrderDesk({
    app: withPages({ cacheMs: 60_000 }),
    members: ["catalogue", "manager", "fulfilment"],
    combinations: 200,
  });
}
