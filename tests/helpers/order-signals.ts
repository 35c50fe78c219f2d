// The order signal tests: one store a file with an owner, a product with stock reset before each
// test and the shop's default signals saved again, orders placed from chosen phones and cities, and
// the signal settings read and saved through the staff API.
import { sql } from "drizzle-orm";
import { beforeEach, expect } from "vitest";
import { freshIp } from "./accounts";
import { owner, startOrderDesk, t } from "./order-desk";
import { count, orderPayload, rows, setStock, simpleProducts, type Item } from "./shop";
import { type TestStaff } from "./staff";

export { owner, t } from "./order-desk";
export let item: Item;
export let phoneSerial = 0;

/** A phone no other test used: 0311-5XXXXXX. */
export const newPhone = () => `0311-5${String(100_000 + ++phoneSerial).slice(-6)}`;
export const GOOD_ADDRESS = "House 12, Street 4, Gulberg III";
let addressSerial = 1000;
/** An address no other order went to, so orders do not meet by address unless a test wants it. */
export const newAddress = () => `House ${++addressSerial}, Street 4, Gulberg III`;

export interface Placed {
  id: number;
  tracking_id: string;
  confirm_url: string | null;
  held_for_call: boolean;
}
export interface Signal {
  code: string;
  reason: string;
  holds: boolean;
}
export interface Risk {
  history: { delivered: number; refused: number; cancelled: number };
  signals: Signal[];
}

export async function order(
  options: { phone?: string; address?: string; city?: string; quantity?: number } = {},
): Promise<Placed> {
  const payload = {
    ...orderPayload([{ item, quantity: options.quantity ?? 1 }], { phone: options.phone ?? newPhone() }),
    shipping_address: options.address ?? newAddress(),
    city: options.city ?? "Lahore",
  };
  const res = await t.app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: freshIp() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Placed;
}

export async function riskOf(orderId: number): Promise<{ risk: Risk; held: boolean; addressKey: string }> {
  const [row] = await rows<{ risk_signals: Risk | string; held_for_call: boolean; address_key: string }>(
    t,
    sql`select risk_signals, held_for_call, address_key from orders where id = ${orderId}`,
  );
  const risk = typeof row!.risk_signals === "string" ? (JSON.parse(row!.risk_signals) as Risk) : row!.risk_signals;
  return { risk, held: row!.held_for_call, addressKey: row!.address_key };
}

export const codes = (risk: Risk) => risk.signals.map((s) => s.code);
export const messagesOf = (orderId: number) =>
  count(t, sql`select count(*) as n from whatsapp_messages where order_id = ${orderId}`);

export const api = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, who: TestStaff, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

export async function saveSignals(changes: Record<string, unknown>) {
  const current = (await api("GET", "/api/admin/settings/order-signals", owner)).json();
  const res = await api("PUT", "/api/admin/settings/order-signals", owner, {
    hold_signals: current.hold_signals,
    cod_limit: current.cod_limit,
    city_limits: current.city_limits,
    updated_at: current.updated_at,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export function startOrderSignalsStore() {
  startOrderDesk({}, async () => {
    item = (await simpleProducts(t, 0, 1))[0]!;
  });
  beforeEach(async () => {
    await setStock(t, item, 500);
    // the shop's defaults: hold for blocked, refused before, over the limit; no limits
    await saveSignals({
      hold_signals: ["blocked", "refused_before", "over_cod_limit"],
      cod_limit: null,
      city_limits: [],
    });
  });
}
