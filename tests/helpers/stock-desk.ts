// The stock tests: one store a file (with the pages when built) with an owner, a catalogue, a
// manager and a fulfilment member, a demo combination with a set stock for each test, stock changes
// sent as the grid sends them, orders placed, and an item's history as the console reads it.
import { afterAll, beforeAll, expect } from "vitest";
import { freshIp } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { createPageApp, hasPageBuild } from "./page-app";
import { combinations, orderPayload, setStock, type Item } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let catalogue: TestStaff;
export let manager: TestStaff;
export let packer: TestStaff;
export let pool: Item[];
let next = 0;
export const pages = hasPageBuild();

/** A combination no other test touched, with this stock. */
export async function fresh(stock = 20): Promise<Item> {
  const item = pool[next++];
  if (!item) throw new Error("out of demo combinations");
  await setStock(t, item, stock);
  t.core.cache.clear();
  return item;
}

export const call = (who: TestStaff, method: "GET" | "POST", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

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
  beforeAll(async () => {
    t = pages ? await createPageApp({ cacheMs: 60_000 }) : await createTestApp();
    owner = await makeOwner(t.app, t.core);
    catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
    manager = await makeStaff(t.app, t.core, owner, "manager");
    packer = await makeStaff(t.app, t.core, owner, "fulfilment");
    pool = await combinations(t, 0, 200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
}
