// One parcel's money as the screens, the staff API and the accountant's file read it: the order
// and shopper it belongs to, what was due, what the rate card expected, every amount the courier
// reported, the batch it was paid in and the dispute. One select and one mapping, so the batch,
// the differences and the export cannot disagree about a figure.
import { sql, type SQL } from "drizzle-orm";
import type { CourierCode, DifferenceKind, DisputeState, MoneySource } from "../../db/schema";
import { COURIER_NAMES } from "../couriers/courier";

// the vocabularies of a parcel's money, for the console and the staff API (which do not reach db/)
export { DIFFERENCE_KINDS, DISPUTE_STATES, MONEY_SOURCES, type DisputeState } from "../../db/schema";

/** A parcel's money, every amount in paisa; the paid figures are null until the courier has paid. */
export interface MoneyLine {
  parcelId: number;
  orderId: number;
  trackingId: string;
  customerName: string;
  city: string;
  cn: string | null;
  courier: CourierCode;
  courierName: string;
  outcome: "delivered" | "returned";
  owedSince: Date;
  /** whole days since owedSince, counted in Pakistan's calendar */
  ageDays: number;
  duePaisa: number;
  expectedDeductionsPaisa: number | null;
  /** due − expected deductions; null: no rate card in force on the day */
  expectedNetPaisa: number | null;
  collectedPaisa: number | null;
  deliveryPaisa: number;
  cashHandlingPaisa: number;
  fuelPaisa: number;
  gstPaisa: number;
  returnChargePaisa: number;
  withheldTaxPaisa: number;
  otherPaisa: number;
  /** the sum of the seven deductions; null until paid */
  deductionsPaisa: number | null;
  netPaisa: number | null;
  payoutId: number | null;
  reference: string | null;
  secondReference: string | null;
  /** the day it was paid in Pakistan, YYYY-MM-DD */
  paidOn: string | null;
  source: MoneySource | null;
  differenceKind: DifferenceKind | null;
  differencePaisa: number | null;
  disputeState: DisputeState | null;
  disputeNote: string;
  disputeUpdatedAt: Date | null;
  /** the row's version: a dispute edit names the one it saw */
  version: number;
}

type Num = number | string;

/** The raw row of MONEY_LINE_SELECT. */
export interface MoneyLineRow {
  parcel_id: number;
  order_id: number;
  tracking_id: string;
  first_name: string;
  last_name: string;
  city: string;
  cn: string | null;
  courier: CourierCode;
  outcome: "delivered" | "returned";
  owed_since: Date | string;
  owed_cursor: string;
  age_days: Num;
  due_paisa: Num;
  expected_deductions_paisa: Num | null;
  collected_paisa: Num | null;
  delivery_paisa: Num;
  cash_handling_paisa: Num;
  fuel_paisa: Num;
  gst_paisa: Num;
  return_charge_paisa: Num;
  withheld_tax_paisa: Num;
  other_paisa: Num;
  net_paisa: Num | null;
  payout_id: number | null;
  reference: string | null;
  second_reference: string | null;
  paid_on: string | null;
  source: MoneySource | null;
  difference_kind: DifferenceKind | null;
  difference_paisa: Num | null;
  dispute_state: DisputeState | null;
  dispute_note: string;
  dispute_updated_at: Date | string | null;
  version: number;
}

/** Whole days from a moment to today, both as days of Pakistan's calendar. */
export const ageDaysOf = (moment: SQL) =>
  sql`((now() at time zone 'Asia/Karachi')::date - (${moment} at time zone 'Asia/Karachi')::date)`;

/** The select (with its joins) of a parcel's money line: `m` is parcel_money; the caller adds where, order, limit. */
export const MONEY_LINE_SELECT = sql`
  select m.parcel_id, p.order_id, o.tracking_id, o.first_name, o.last_name, o.city, p.cn, m.courier, m.outcome,
    m.owed_since, m.owed_since::text as owed_cursor, ${ageDaysOf(sql`m.owed_since`)} as age_days,
    m.due_paisa, m.expected_deductions_paisa, m.collected_paisa, m.delivery_paisa, m.cash_handling_paisa,
    m.fuel_paisa, m.gst_paisa, m.return_charge_paisa, m.withheld_tax_paisa, m.other_paisa, m.net_paisa,
    m.payout_id, b.reference, m.second_reference, m.paid_on::text as paid_on, m.source,
    m.difference_kind, m.difference_paisa, m.dispute_state, m.dispute_note, m.dispute_updated_at, m.version
  from parcel_money m
  join parcels p on p.id = m.parcel_id
  join orders o on o.id = p.order_id
  left join courier_payouts b on b.id = m.payout_id`;

const numberOrNull = (value: Num | null) => (value === null ? null : Number(value));

export function moneyLineOf(row: MoneyLineRow): MoneyLine {
  const net = numberOrNull(row.net_paisa);
  const collected = numberOrNull(row.collected_paisa);
  const due = Number(row.due_paisa);
  const expected = numberOrNull(row.expected_deductions_paisa);
  return {
    parcelId: row.parcel_id,
    orderId: row.order_id,
    trackingId: row.tracking_id,
    customerName: `${row.first_name} ${row.last_name}`.trim(),
    city: row.city,
    cn: row.cn,
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    outcome: row.outcome,
    owedSince: new Date(row.owed_since),
    ageDays: Math.max(0, Number(row.age_days)),
    duePaisa: due,
    expectedDeductionsPaisa: expected,
    expectedNetPaisa: expected === null ? null : due - expected,
    collectedPaisa: collected,
    deliveryPaisa: Number(row.delivery_paisa),
    cashHandlingPaisa: Number(row.cash_handling_paisa),
    fuelPaisa: Number(row.fuel_paisa),
    gstPaisa: Number(row.gst_paisa),
    returnChargePaisa: Number(row.return_charge_paisa),
    withheldTaxPaisa: Number(row.withheld_tax_paisa),
    otherPaisa: Number(row.other_paisa),
    deductionsPaisa: net === null ? null : (collected ?? 0) - net,
    netPaisa: net,
    payoutId: row.payout_id,
    reference: row.reference,
    secondReference: row.second_reference,
    paidOn: row.paid_on,
    source: row.source,
    differenceKind: row.difference_kind,
    differencePaisa: numberOrNull(row.difference_paisa),
    disputeState: row.dispute_state,
    disputeNote: row.dispute_note,
    disputeUpdatedAt: row.dispute_updated_at === null ? null : new Date(row.dispute_updated_at),
    version: row.version,
  };
}
