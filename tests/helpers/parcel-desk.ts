// The booking tests' store (decision 0103): the order desk with a fulfilment member, a local fake
// PostEx, one courier account pointing at it (its credentials sealed as the accounts page seals
// them), PostEx's city keys for the fake's cities, and orders ready to book: placed as a shopper
// places them and moved along by staff, or, for the bulk tests, planted by the hundred.
import crypto from "node:crypto";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll } from "vitest";
import { sealSecret } from "../../core/shared/secrets";
import type { StaffActor } from "../../core/shared/permissions";
import type { CourierCode } from "../../core/couriers/courier";
import { startFakePostex, type FakePostex } from "./fake-couriers/postex";
import { plantPostexCities } from "./fake-couriers/plant-postex";
import { move, packer, place, staffCall, startOrderDesk, t, type DeskOptions, type Placed } from "./order-desk";
import { actorOf, type TestStaff } from "./staff";
import { rows, type Item } from "./shop";
import { combination } from "./order-desk";

export { owner, packer, catalogue, t, staffCall } from "./order-desk";

export let fake: FakePostex;
export let accountId: number;
export let lahoreId: number;

/** A courier account row as the accounts page writes one, its credentials sealed under the store's key. */
export async function addAccount(
  options: {
    label?: string;
    courier?: CourierCode;
    baseUrl?: string;
    credentials?: Record<string, string>;
    pickupCode?: string | null;
    isDefault?: boolean;
  } = {},
): Promise<number> {
  t.core.secrets ??= { key: crypto.randomBytes(32), source: "environment" };
  const sealed = sealSecret(t.core.secrets, JSON.stringify(options.credentials ?? fake.credentials));
  const pickup = [
    {
      code: options.pickupCode === undefined ? "PX-LHR-1" : options.pickupCode,
      label: "Warehouse",
      address: "Plot 9, Sundar Estate, Lahore",
      cityId: lahoreId,
      phone: "03001112222",
    },
  ];
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into courier_accounts (courier, label, mode, base_url, credentials_sealed, credentials_hint, pickup_addresses, default_weight_grams, is_default)
        values (${options.courier ?? "postex"}, ${options.label ?? `Account ${crypto.randomUUID().slice(0, 8)}`}, 'test',
                ${options.baseUrl ?? fake.baseUrl}, ${sealed}, '{}'::jsonb, ${JSON.stringify(pickup)}::jsonb, 750, ${options.isDefault ?? false})
        returning id`,
  );
  return row!.id;
}

/** A courier's keys for the store's cities, from its fake's list (key → name), tied by name. */
export async function courierCitiesOf(courier: CourierCode, list: ReadonlyMap<string, string>): Promise<void> {
  for (const [key, name] of list) {
    await t.database.db.execute(sql`
      insert into courier_cities (courier, courier_city_id, courier_city_name, city_id, delivers, picks_up)
      select ${courier}, ${key}, ${name}, id, true, true from cities where lower(name) = lower(${name})
      on conflict do nothing`);
  }
}

/** PostEx's keys for the fake's cities, tied to the store's cities of the same names. */
async function courierCities(): Promise<void> {
  await plantPostexCities(t.database.db);
  const [lahore] = await rows<{ id: number }>(t, sql`select id from cities where lower(name) = 'lahore'`);
  lahoreId = lahore!.id;
}

/** The desk with the fake PostEx and its account (the default), before the file's own setup. */
export function startParcelDesk(options: DeskOptions = {}, more?: () => Promise<void>) {
  startOrderDesk(
    { members: ["fulfilment", "catalogue"], raise: ["orders"], combinations: 40, ...options },
    async () => {
      fake = await startFakePostex();
      await courierCities();
      accountId = await addAccount({ label: "PostEx Lahore", isDefault: true });
      await more?.();
    },
  );
  afterAll(async () => {
    await fake?.close();
  });
}

let item: Item | undefined;

/** A shopper's order to Lahore, moved by staff to confirmed (or packed). */
export async function readyOrder(status: "confirmed" | "packed" = "confirmed"): Promise<Placed> {
  item ??= await combination(100_000);
  const order = await place([{ item, quantity: 1 }]);
  for (const to of status === "packed" ? ["confirmed", "packed"] : ["confirmed"]) {
    const res = await move(order.id, { status: to });
    if (res.statusCode !== 200) throw new Error(`move to ${to} failed: ${res.statusCode} ${res.body}`);
  }
  return order;
}

let planted = 0;

/** Orders written straight to the database, confirmed, to Lahore: for the tests that book hundreds. */
export async function plantOrders(count: number): Promise<{ id: number; trackingId: string }[]> {
  const from = planted;
  planted += count;
  return rows<{ id: number; trackingId: string }>(
    t,
    sql`insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized, shipping_address,
          city, city_id, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa)
        select 'PLNT' || lpad(n::text, 6, '0'), 'confirmed', 'Sana', 'Iqbal', 'sana' || n || '@example.pk',
               '0301-' || lpad(n::text, 7, '0'), '92301' || lpad(n::text, 7, '0'), 'House ' || n || ', Model Town',
               'Lahore', ${lahoreId}, '54700', 'Pakistan', 250000, 0, 250000
        from generate_series(${from + 1}::int, ${from + count}::int) n
        returning id, tracking_id as "trackingId"`,
  );
}

export const book = (orderId: number, payload: object = {}, who: TestStaff = packer) =>
  staffCall(who, "POST", `/api/admin/orders/${orderId}/parcels`, payload);

export const actor = (): Promise<StaffActor> => actorOf(t.core, packer);

export async function statusOf(orderId: number): Promise<string> {
  const [row] = await rows<{ status: string }>(t, sql`select status from orders where id = ${orderId}`);
  return row!.status;
}

export async function parcelsOf(orderId: number) {
  return rows<{ id: number; booking_state: string; cn: string | null; reference: string; failure: string | null }>(
    t,
    sql`select id, booking_state, cn, reference, failure from parcels where order_id = ${orderId} order by id`,
  );
}

export const auditActions = async (orderId: number) =>
  (
    await rows<{ action: string }>(
      t,
      sql`select action from audit_log where entity_type = 'order' and entity_id = ${String(orderId)} and action like 'parcel.%' order by id`,
    )
  ).map((r) => r.action);

/**
 * The text a PDF shows: its content streams inflated where compressed (pdf-lib compresses them),
 * then their literal and hex strings (pdf-lib writes hex, the fakes literal).
 */
export function pdfText(pdf: Buffer): string {
  const parts: string[] = [pdf.toString("latin1")];
  for (const m of pdf.toString("latin1").matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = pdf.indexOf("endstream", start, "latin1");
    try {
      parts.push(zlib.inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // not a stream this reads (an image's data with a trailing byte): its text is not wanted
    }
  }
  const raw = parts.join("\n");
  const hex = [...raw.matchAll(/<([0-9A-Fa-f]{2,})>\s*Tj/g)].map((m) => Buffer.from(m[1]!, "hex").toString("latin1"));
  const literal = [...raw.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*(?:Tj|')/g)].map((m) => m[1]!);
  return [...hex, ...literal].join("\n");
}
