// The one way a courier's payment for a parcel is written (decision 0106), whether the payment
// poll read it from the courier's API or staff uploaded the courier's report: the parcel's money
// row is locked, the courier's figures made whole (net = collected − deductions, to the paisa),
// the payment batch found or made by its reference, and the difference from what was due or
// expected worked out, all in the caller's transaction. The same payment written twice changes
// nothing; a report's figures are what the courier put in writing, so the API does not overwrite them.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { CourierCode, DifferenceKind, DisputeState, MoneySource } from "../../db/schema";
import { adoptFinishedParcels, disputeAfter } from "./expectations";
import { differenceOf, makeWhole, type ReportedMoney } from "./money-rules";

export interface PaymentRecord {
  parcelId: number;
  /** the courier's number for the payment (the upfront CPR for PostEx); null: it names none */
  reference: string | null;
  /** PostEx's reserve-tranche CPR */
  secondReference?: string | null;
  /** the day it paid, in Pakistan: YYYY-MM-DD */
  paidOn: string;
  reported: ReportedMoney;
  source: MoneySource;
  reportImportId?: number | null;
}

/**
 * recorded: the parcel's first payment; changed: figures or batch differ from what was kept;
 * unchanged: the same payment again; kept: the API's figures for a parcel a report already settled.
 */
export type PaymentOutcome = "recorded" | "changed" | "unchanged" | "kept";

export interface RecordedPayment {
  outcome: PaymentOutcome;
  netPaisa: number;
  difference: { kind: DifferenceKind; paisa: number } | null;
}

interface LockedMoney {
  parcel_id: number;
  courier: CourierCode;
  courier_account_id: number | null;
  due_paisa: number | string;
  expected_deductions_paisa: number | string | null;
  expected_detail: Record<string, number> | null;
  tolerance_paisa: number;
  collected_paisa: number | string | null;
  delivery_paisa: number | string;
  cash_handling_paisa: number | string;
  fuel_paisa: number | string;
  gst_paisa: number | string;
  return_charge_paisa: number | string;
  withheld_tax_paisa: number | string;
  other_paisa: number | string;
  net_paisa: number | string | null;
  payout_id: number | null;
  second_reference: string | null;
  paid_on: string | null;
  source: MoneySource | null;
  dispute_state: DisputeState | null;
  dispute_note: string;
  /** unpaid, and its parcel has since gone from delivered to returned (or back): adopting brings it in line */
  stale: boolean;
}

/** The money rows of these parcels, locked, by parcel: one statement for a whole batch. */
async function lockMoney(tx: Db, parcelIds: readonly number[]): Promise<Map<number, LockedMoney>> {
  const rows = await queryRows<LockedMoney>(
    tx,
    sql`select parcel_id, courier, courier_account_id, due_paisa, expected_deductions_paisa, expected_detail,
          tolerance_paisa, collected_paisa, delivery_paisa, cash_handling_paisa, fuel_paisa, gst_paisa,
          return_charge_paisa, withheld_tax_paisa, other_paisa, net_paisa, payout_id, second_reference,
          paid_on::text as paid_on, source, dispute_state, dispute_note,
          (m.payout_id is null and exists (select 1 from parcels p where p.id = m.parcel_id
            and p.status in ('delivered', 'returned') and p.status <> m.outcome)) as stale
        from parcel_money m where m.parcel_id = any(${intArray(parcelIds)})
        order by m.parcel_id
        for update of m`,
  );
  return new Map(rows.map((row) => [row.parcel_id, row]));
}

const intArray = (ids: readonly number[]) =>
  sql.raw(`array[${ids.map((id) => Number(id) | 0).join(",") || "null"}]::int[]`);

/**
 * The batch's money rows, locked. A row in step with its parcel is taken as it is (adopting every
 * one would be two statements a payment, most of a large report's time, for nothing); a stale or
 * missing one is adopted. A parcel the courier says it paid for but the store has not yet seen
 * finish (its tracking lags, or it was never followed) gets its row from the payment: delivered
 * if any cash was collected, else returned, owed since the day it was paid.
 */
async function moneyRowsFor(tx: Db, records: readonly PaymentRecord[]): Promise<Map<number, LockedMoney>> {
  const ids = records.map((record) => record.parcelId);
  let rows = await lockMoney(tx, ids);
  const adopt = ids.filter((id) => !rows.has(id) || rows.get(id)!.stale);
  if (adopt.length === 0) return rows;
  await adoptFinishedParcels(tx, adopt);
  for (const record of records) {
    if (!adopt.includes(record.parcelId)) continue;
    const delivered = (record.reported.collectedPaisa ?? record.reported.paidPaisa ?? 1) > 0;
    await tx.execute(
      sql`insert into parcel_money (parcel_id, courier, courier_account_id, outcome, owed_since, due_paisa)
          select p.id, p.courier, p.courier_account_id, ${delivered ? "delivered" : "returned"},
                 (${record.paidOn}::date)::timestamp at time zone 'Asia/Karachi', ${delivered ? sql`p.cod_paisa` : sql`0`}
          from parcels p where p.id = ${record.parcelId} and p.booking_state = 'booked'
          on conflict (parcel_id) do nothing`,
    );
  }
  rows = await lockMoney(tx, ids);
  return rows;
}

/** The batch's reference as kept: the courier's, or "paid <day>" where it names none. */
function referenceOf(record: PaymentRecord): { reference: string; given: boolean } {
  const given = record.reference !== null && record.reference.trim() !== "";
  return { reference: given ? record.reference!.trim().slice(0, 100) : `paid ${record.paidOn}`, given };
}

/** The payment batches these payments name, each made the first time it is met, by courier and reference. */
async function payoutIds(
  tx: Db,
  records: readonly PaymentRecord[],
  rows: ReadonlyMap<number, LockedMoney>,
): Promise<Map<string, number>> {
  const wanted = new Map<
    string,
    { courier: string; account: number | null; reference: string; given: boolean; record: PaymentRecord }
  >();
  for (const record of records) {
    const row = rows.get(record.parcelId);
    if (!row) continue;
    const { reference, given } = referenceOf(record);
    const key = `${row.courier}\u0000${reference}`;
    if (!wanted.has(key))
      wanted.set(key, { courier: row.courier, account: row.courier_account_id, reference, given, record });
  }
  const ids = new Map<string, number>();
  if (wanted.size === 0) return ids;
  const values = [...wanted.values()].map(
    (w) =>
      sql`(${w.courier}, ${w.account}::int, ${w.reference}, ${w.given}, ${w.record.paidOn}::date, ${w.record.source})`,
  );
  const made = await queryRows<{ id: number; courier: string; reference: string }>(
    tx,
    sql`insert into courier_payouts (courier, courier_account_id, reference, reference_given, paid_on, source)
        values ${sql.join(values, sql`, `)}
        on conflict (courier, reference) do update set courier = excluded.courier
        returning id, courier, reference`,
  );
  for (const row of made) ids.set(`${row.courier}\u0000${row.reference}`, row.id);
  return ids;
}

/** One row's new figures, as the batch update writes them. */
interface MoneyUpdate {
  id: number;
  collected: number;
  delivery: number;
  cash_handling: number;
  fuel: number;
  gst: number;
  return_charge: number;
  withheld_tax: number;
  other: number;
  net: number;
  figures: unknown;
  payout: number;
  second: string | null;
  paid_on: string;
  source: MoneySource;
  report: number | null;
  kind: DifferenceKind | null;
  short: number | null;
  dispute: DisputeState | null;
}

/** What one payment does to its locked row: nothing (kept, unchanged) or the update to write. */
function paymentOutcome(
  row: LockedMoney,
  record: PaymentRecord,
  payout: number,
): { answer: RecordedPayment; update: MoneyUpdate | null } {
  const due = Number(row.due_paisa);
  if (record.source === "api" && row.source === "report") {
    return { answer: { outcome: "kept", netPaisa: Number(row.net_paisa), difference: null }, update: null };
  }
  const figures = makeWhole(row.courier, record.reported, {
    duePaisa: due,
    expectedWithheldPaisa: row.expected_detail?.withheld_tax ?? null,
    tolerancePaisa: row.tolerance_paisa,
  });
  const d = figures.deductions;
  const secondReference = record.secondReference?.trim().slice(0, 100) || null;
  const difference = differenceOf({
    duePaisa: due,
    collectedPaisa: figures.collectedPaisa,
    netPaisa: figures.netPaisa,
    expectedDeductionsPaisa: row.expected_deductions_paisa === null ? null : Number(row.expected_deductions_paisa),
    tolerancePaisa: row.tolerance_paisa,
  });
  const same =
    row.payout_id === payout &&
    row.paid_on === record.paidOn &&
    row.second_reference === secondReference &&
    row.source === record.source &&
    Number(row.collected_paisa) === figures.collectedPaisa &&
    Number(row.delivery_paisa) === d.delivery &&
    Number(row.cash_handling_paisa) === d.cash_handling &&
    Number(row.fuel_paisa) === d.fuel &&
    Number(row.gst_paisa) === d.gst &&
    Number(row.return_charge_paisa) === d.return_charge &&
    Number(row.withheld_tax_paisa) === d.withheld_tax &&
    Number(row.other_paisa) === d.other;
  if (same) return { answer: { outcome: "unchanged", netPaisa: figures.netPaisa, difference }, update: null };
  return {
    answer: { outcome: row.payout_id === null ? "recorded" : "changed", netPaisa: figures.netPaisa, difference },
    update: {
      id: row.parcel_id,
      collected: figures.collectedPaisa,
      ...d,
      net: figures.netPaisa,
      figures: record.reported.charges,
      payout,
      second: secondReference,
      paid_on: record.paidOn,
      source: record.source,
      report: record.reportImportId ?? null,
      kind: difference?.kind ?? null,
      short: difference?.paisa ?? null,
      dispute: disputeAfter({ state: row.dispute_state, note: row.dispute_note }, difference),
    },
  };
}

/**
 * Writes a batch of payments in the caller's transaction, in a handful of statements whatever its
 * size: the rows locked at once, the batches made at once, the changed rows updated at once. Each
 * answer is in the records' order; null: the parcel is not a booked one. A parcel named twice in
 * one batch is written in turn, as two calls would.
 */
export async function recordPaymentsInTx(
  tx: Db,
  records: readonly PaymentRecord[],
): Promise<(RecordedPayment | null)[]> {
  const seen = new Set<number>();
  const firstIndex = records.findIndex((record) => seen.size === seen.add(record.parcelId).size);
  if (firstIndex >= 0) {
    const head = await recordPaymentsInTx(tx, records.slice(0, firstIndex));
    return [...head, ...(await recordPaymentsInTx(tx, records.slice(firstIndex)))];
  }
  if (records.length === 0) return [];
  const rows = await moneyRowsFor(tx, records);
  const payouts = await payoutIds(tx, records, rows);
  const updates: MoneyUpdate[] = [];
  const answers = records.map((record) => {
    const row = rows.get(record.parcelId);
    if (!row) return null;
    const payout = payouts.get(`${row.courier}\u0000${referenceOf(record).reference}`)!;
    const { answer, update } = paymentOutcome(row, record, payout);
    if (update) updates.push(update);
    return answer;
  });
  if (updates.length) {
    await tx.execute(
      sql`update parcel_money m set collected_paisa = v.collected, delivery_paisa = v.delivery,
            cash_handling_paisa = v.cash_handling, fuel_paisa = v.fuel, gst_paisa = v.gst,
            return_charge_paisa = v.return_charge, withheld_tax_paisa = v.withheld_tax, other_paisa = v.other,
            net_paisa = v.net, courier_figures = v.figures, payout_id = v.payout, second_reference = v.second,
            paid_on = v.paid_on, source = v.source, report_import_id = v.report,
            difference_kind = v.kind, difference_paisa = v.short, dispute_state = v.dispute,
            next_poll_at = null, version = m.version + 1, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(
            id int, collected bigint, delivery bigint, cash_handling bigint, fuel bigint, gst bigint,
            return_charge bigint, withheld_tax bigint, other bigint, net bigint, figures jsonb, payout int,
            second text, paid_on date, source text, report int, kind text, short bigint, dispute text)
          where m.parcel_id = v.id`,
    );
  }
  return answers;
}

/** Writes one parcel's payment in the caller's transaction; null: the parcel is not a booked one. */
export async function recordPaymentInTx(tx: Db, record: PaymentRecord): Promise<RecordedPayment | null> {
  const [answer] = await recordPaymentsInTx(tx, [record]);
  return answer ?? null;
}
