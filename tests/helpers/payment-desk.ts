// The payment tests' store (decision 0106): the booking desk (a fake PostEx and its account, the
// default) and parcels finished on the courier's side and the store's (delivered or returned),
// ready for the courier to pay; other couriers' fakes join with their own accounts. A payment
// pass asks only for the parcels a test names: every other unpaid row is put a day ahead first, so
// tests do not ask for each other's parcels. Other desks (the money screen) reuse these.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { adapterFor } from "../../core/couriers/adapters";
import type { CourierCode } from "../../core/couriers/courier";
import { adoptFinishedParcels } from "../../core/remittances/expectations";
import { runPaymentPollOnce, type PaymentPassOptions } from "../../core/remittances/payment-scheduler";
import type { FakeCourier } from "./fake-couriers";
import {
  accountId as postexAccount,
  addAccount,
  courierCitiesOf,
  fake as postexFake,
  readyOrder,
  t,
} from "./parcel-desk";
import { bookedOrder } from "./tracking-desk";
import { rows } from "./shop";

export { startParcelDesk as startPaymentDesk, owner, packer, staffCall, t } from "./parcel-desk";

/** Where each courier's fake delivers in Lahore, and the pickup code its booking wants. */
const LAHORE: Readonly<Record<CourierCode, { key: string; pickup: string | null }>> = {
  postex: { key: "LAHORE", pickup: "PX-LHR-1" },
  leopards: { key: "789", pickup: null },
  trax: { key: "317", pickup: "3015" },
  tcs: { key: "LHE", pickup: "002 - LHE" },
};

/** An account of another courier pointing at its fake, its cities tied to the store's. */
export async function accountFor(courier: FakeCourier): Promise<number> {
  await courierCitiesOf(courier.code, courier.cities);
  return addAccount({
    label: `${courier.code} ${Math.random().toString(36).slice(2, 8)}`,
    courier: courier.code,
    baseUrl: courier.baseUrl,
    credentials: courier.credentials,
    pickupCode: LAHORE[courier.code].pickup,
  });
}

export interface FinishedParcel {
  orderId: number;
  parcelId: number;
  cn: string;
  codPaisa: number;
  fake: FakeCourier;
}

/**
 * A parcel the courier delivered (or brought back) and the store knows it: PostEx's booked through
 * the staff API; another courier's booked on its fake by its adapter and written as the booking
 * would write it.
 */
export async function finishedParcel(
  options: { courier?: FakeCourier; accountId?: number; outcome?: "delivered" | "returned" } = {},
): Promise<FinishedParcel> {
  const fake = options.courier ?? postexFake;
  const outcome = options.outcome ?? "delivered";
  let parcel: { orderId: number; parcelId: number; cn: string };
  if (fake.code === "postex") {
    const booked = await bookedOrder({ accountId: options.accountId ?? postexAccount });
    parcel = { orderId: booked.order.id, parcelId: booked.parcelId, cn: booked.cn };
  } else {
    parcel = await bookOnFake(fake, options.accountId!);
  }
  fake.advance(parcel.cn, outcome);
  const [row] = await rows<{ cod_paisa: number | string }>(
    t,
    sql`update parcels set status = ${outcome}, status_at = now(), next_poll_at = null, last_movement_at = now()
        where id = ${parcel.parcelId} returning cod_paisa`,
  );
  return { ...parcel, codPaisa: Number(row!.cod_paisa), fake };
}

async function bookOnFake(fake: FakeCourier, accountId: number) {
  const order = await readyOrder("packed");
  const [money] = await rows<{ total_paisa: number | string }>(
    t,
    sql`select total_paisa from orders where id = ${order.id}`,
  );
  const codPaisa = Number(money!.total_paisa);
  const where = LAHORE[fake.code];
  const { cn } = await adapterFor(fake.code).book(
    { baseUrl: fake.baseUrl, credentials: fake.credentials, timeoutMs: 5_000 },
    {
      reference: order.trackingId,
      consignee: {
        name: "Sana Iqbal",
        phone: "03001234567",
        email: "sana@example.pk",
        address: "House 12, Model Town",
        courierCityId: where.key,
        courierCityName: "Lahore",
      },
      pickup: {
        code: where.pickup,
        name: "Zaiba",
        phone: "03001112222",
        address: "Plot 9, Sundar Estate",
        courierCityId: where.key,
        courierCityName: "Lahore",
      },
      codPaisa,
      weightGrams: 750,
      pieces: 1,
      description: "Garments",
      instructions: "",
      discreet: false,
    },
  );
  const [parcel] = await rows<{ id: number }>(
    t,
    sql`insert into parcels (order_id, courier_account_id, courier, reference, booking_state, cn, status, weight_grams, cod_paisa, description, booked_at)
        values (${order.id}, ${accountId}, ${fake.code}, ${order.trackingId}, 'booked', ${cn}, 'booked', 750, ${codPaisa}, 'Garments', now())
        returning id`,
  );
  return { orderId: order.id, parcelId: parcel!.id, cn };
}

/** What the parcel's courier says of its payment now, through its adapter. */
export async function courierSays(parcel: FinishedParcel) {
  const connection = { baseUrl: parcel.fake.baseUrl, credentials: parcel.fake.credentials, timeoutMs: 5_000 };
  const [payment] = await adapterFor(parcel.fake.code).payments(connection, [parcel.cn]);
  expect(payment, `${parcel.fake.code} answers for ${parcel.cn}`).toBeDefined();
  return payment!;
}

/** These parcels' money rows made and due now; every other unpaid row a day ahead. */
export async function dueForPayment(...parcelIds: number[]): Promise<void> {
  await t.core.db.transaction((tx) => adoptFinishedParcels(tx));
  const named = parcelIds.length
    ? sql.join(
        parcelIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
  await t.core.db.execute(sql`
    update parcel_money set next_poll_at = case when parcel_id in (${named}) then now() - interval '1 second' else now() + interval '1 day' end
    where payout_id is null`);
}

/** One payment pass with no pause between calls; the parcels named are made due first. */
export async function paymentPass(parcelIds: number[], options: Partial<PaymentPassOptions> = {}) {
  await dueForPayment(...parcelIds);
  return runPaymentPollOnce(t.core, { pauseMs: 0, ...options });
}

export interface MoneyRow {
  outcome: string;
  due_paisa: number;
  collected_paisa: number | null;
  delivery_paisa: number;
  cash_handling_paisa: number;
  fuel_paisa: number;
  gst_paisa: number;
  return_charge_paisa: number;
  withheld_tax_paisa: number;
  other_paisa: number;
  net_paisa: number | null;
  reference: string | null;
  second_reference: string | null;
  paid_on: string | null;
  source: string | null;
  difference_kind: string | null;
  difference_paisa: number | null;
  next_poll_at: Date | null;
  poll_failures: number;
  version: number;
}

const NUMBERS = [
  "due_paisa",
  "collected_paisa",
  "delivery_paisa",
  "cash_handling_paisa",
  "fuel_paisa",
  "gst_paisa",
  "return_charge_paisa",
  "withheld_tax_paisa",
  "other_paisa",
  "net_paisa",
  "difference_paisa",
] as const;

/** A parcel's money row with its batch's reference, paisa as numbers. */
export async function moneyOf(parcelId: number): Promise<MoneyRow> {
  const [row] = await rows<Record<string, unknown>>(
    t,
    sql`select m.*, m.paid_on::text as paid_on, b.reference from parcel_money m
        left join courier_payouts b on b.id = m.payout_id where m.parcel_id = ${parcelId}`,
  );
  expect(row, `parcel ${parcelId} has a money row`).toBeDefined();
  for (const name of NUMBERS) if (row![name] !== null) row![name] = Number(row![name]);
  return row as unknown as MoneyRow;
}

/** The seven deductions of a money row, summed. */
export const deductionsOf = (row: MoneyRow) =>
  row.delivery_paisa +
  row.cash_handling_paisa +
  row.fuel_paisa +
  row.gst_paisa +
  row.return_charge_paisa +
  row.withheld_tax_paisa +
  row.other_paisa;
