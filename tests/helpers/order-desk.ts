// The staff order desk that the staff API test files start from: one store a file (the API alone,
// or with the built pages when the file checks them), an owner made as `npm run admin:create`
// makes one and the members the file names, each signed in; for files that take many orders, the
// order limits raised, the demo's combinations handed out one per test, orders placed as a shopper
// places them, and moved along the workflow by staff. A file's own helper adds what is its own.
import { afterAll, beforeAll, expect } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { freshIp } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { createPageApp, hasPageBuild } from "./page-app";
import { combinations, orderPayload, setStock, type Item } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let manager: TestStaff;
export let packer: TestStaff;
export let catalogue: TestStaff;
export let secondOwner: TestStaff;

type Member = "owner" | "manager" | "fulfilment" | "catalogue";

export interface DeskOptions {
  /** how the store is built; the API alone unless the file says otherwise */
  app?: () => Promise<TestApp>;
  /** the members the owner adds, in this order ("owner": a second owner, made as the first) */
  members?: Member[];
  /** the rate limits raised for a file that places many orders or tries many codes */
  raise?: (keyof typeof RATE_LIMITS)[];
  /** how many demo combinations `combination` hands out */
  combinations?: number;
}

/**
 * The store with the built pages when there are (npm test builds first), else the API alone; looked
 * at when the file's tests are collected, as the files' own `pages` flags are.
 */
export function withPages(options: { cacheMs?: number; env?: () => Record<string, string> } = {}) {
  const built = hasPageBuild();
  return (): Promise<TestApp> => {
    const env = options.env?.();
    return built ? createPageApp({ cacheMs: options.cacheMs, env }) : createTestApp(env);
  };
}

// the demo combinations the file was given, in the order they are handed out
export let pool: Item[] = [];
let next = 0;

/** A combination no other test in this file uses, with this stock. */
export async function combination(stock: number): Promise<Item> {
  const item = pool[next++];
  if (!item) throw new Error("out of demo combinations");
  await setStock(t, item, stock);
  return item;
}

export interface Placed {
  id: number;
  trackingId: string;
  phone: string;
  totalAmount: number;
}

/**
 * An order placed as a shopper places it, each from an address of its own (the per-address order
 * limit is not what these tests are about): what was sent and what came back.
 */
async function postOrder(lines: { item: Item; quantity: number }[], options: Parameters<typeof orderPayload>[1]) {
  const payload = orderPayload(lines, options);
  const res = await t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
  expect(res.statusCode, res.body).toBe(201);
  return { payload, answer: res.json() as { id: number; tracking_id: string } };
}

/** An order placed as a shopper places it, with the phone and total it was placed with. */
export async function place(
  lines: { item: Item; quantity: number }[],
  options: Parameters<typeof orderPayload>[1] = {},
): Promise<Placed> {
  const { payload, answer } = await postOrder(lines, options);
  return { id: answer.id, trackingId: answer.tracking_id, phone: payload.phone, totalAmount: payload.total_amount };
}

/** An order placed as a shopper places it: the API's answer. */
export const placeOrderOf = async (
  lines: { item: Item; quantity: number }[],
  options: Parameters<typeof orderPayload>[1] = {},
) => (await postOrder(lines, options)).answer;

/** A staff API call as this member, with a JSON body when there is one. */
export const staffCall = (
  who: TestStaff,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
) => t.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

export const move = (orderId: number, payload: object, who: TestStaff = packer) =>
  t.app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/status`, headers: who.auth, payload });

/** Opens the desk before the file's tests (then `more`, the file's own setup) and closes it after. */
export function startOrderDesk(options: DeskOptions = {}, more?: () => Promise<void>) {
  beforeAll(async () => {
    t = await (options.app ?? (() => createTestApp()))();
    for (const limit of options.raise ?? []) RATE_LIMITS[limit].limit = 100_000;
    owner = await makeOwner(t.app, t.core);
    for (const role of options.members ?? []) {
      if (role === "owner") secondOwner = await makeOwner(t.app, t.core);
      else if (role === "manager") manager = await makeStaff(t.app, t.core, owner, role);
      else if (role === "fulfilment") packer = await makeStaff(t.app, t.core, owner, role);
      else catalogue = await makeStaff(t.app, t.core, owner, role);
    }
    if (options.combinations) pool = await combinations(t, 0, options.combinations);
    await more?.();
  });
  afterAll(async () => {
    await t?.close();
  });
}
