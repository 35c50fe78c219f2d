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

async function lockMoney(tx: Db, parcelId: number): Promise<LockedMoney | undefined> {
  const [row] = await queryRows<LockedMoney>(
    tx,
    sql`select courier, courier_account_id, due_paisa, expected_deductions_paisa, expected_detail, tolerance_paisa,
          collected_paisa, delivery_paisa, cash_handling_paisa, fuel_paisa, gst_paisa, return_charge_paisa,
          withheld_tax_paisa, other_paisa, net_paisa, payout_id, second_reference, paid_on::text as paid_on,
          source, dispute_state, dispute_note,
          (m.payout_id is null and exists (select 1 from parcels p where p.id = m.parcel_id
            and p.status in ('delivered', 'returned') and p.status <> m.outcome)) as stale
        from parcel_money m where m.parcel_id = ${parcelId} for update of m`,
  );
  return row;
}

/**
 * A parcel the courier says it paid for but the store has not yet seen finish (its tracking lags,
 * or it was never followed): its row is made from the payment, delivered if any cash was
 * collected, else returned, owed since the day it was paid.
 */
async function moneyRowFor(tx: Db, record: PaymentRecord): Promise<LockedMoney | undefined> {
  // a row in step with its parcel is taken as it is: adopting is two statements, most of the time
  // a 10,000-row report took to apply, for nothing
  let row = await lockMoney(tx, record.parcelId);
  if (row && !row.stale) return row;
  await adoptFinishedParcels(tx, [record.parcelId]);
  row = await lockMoney(tx, record.parcelId);
  if (row) return row;
  const delivered = (record.reported.collectedPaisa ?? record.reported.paidPaisa ?? 1) > 0;
  await tx.execute(
    sql`insert into parcel_money (parcel_id, courier, courier_account_id, outcome, owed_since, due_paisa)
        select p.id, p.courier, p.courier_account_id, ${delivered ? "delivered" : "returned"},
               (${record.paidOn}::date)::timestamp at time zone 'Asia/Karachi', ${delivered ? sql`p.cod_paisa` : sql`0`}
        from parcels p where p.id = ${record.parcelId} and p.booking_state = 'booked'
        on conflict (parcel_id) do nothing`,
  );
  row = await lockMoney(tx, record.parcelId);
  return row;
}

/** The payment batch for this reference, made the first time it is met. */
async function payoutId(tx: Db, row: LockedMoney, record: PaymentRecord): Promise<number> {
  const given = record.reference !== null && record.reference.trim() !== "";
  const reference = given ? record.reference!.trim().slice(0, 100) : `paid ${record.paidOn}`;
  const [payout] = await queryRows<{ id: number }>(
    tx,
    sql`insert into courier_payouts (courier, courier_account_id, reference, reference_given, paid_on, source)
        values (${row.courier}, ${row.courier_account_id}, ${reference}, ${given}, ${record.paidOn}, ${record.source})
        on conflict (courier, reference) do update set courier = excluded.courier
        returning id`,
  );
  return payout!.id;
}

/** Writes one parcel's payment in the caller's transaction; null: the parcel is not a booked one. */
export async function recordPaymentInTx(tx: Db, record: PaymentRecord): Promise<RecordedPayment | null> {
  const row = await moneyRowFor(tx, record);
  if (!row) return null;
  const due = Number(row.due_paisa);
  const expectedDeductions = row.expected_deductions_paisa === null ? null : Number(row.expected_deductions_paisa);
  if (record.source === "api" && row.source === "report") {
    const net = Number(row.net_paisa);
    return { outcome: "kept", netPaisa: net, difference: null };
  }
  const figures = makeWhole(row.courier, record.reported, {
    duePaisa: due,
    expectedWithheldPaisa: row.expected_detail?.withheld_tax ?? null,
    tolerancePaisa: row.tolerance_paisa,
  });
  const payout = await payoutId(tx, row, record);
  const d = figures.deductions;
  const secondReference = record.secondReference?.trim().slice(0, 100) || null;
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
  const difference = differenceOf({
    duePaisa: due,
    collectedPaisa: figures.collectedPaisa,
    netPaisa: figures.netPaisa,
    expectedDeductionsPaisa: expectedDeductions,
    tolerancePaisa: row.tolerance_paisa,
  });
  if (same) return { outcome: "unchanged", netPaisa: figures.netPaisa, difference };
  const dispute = disputeAfter({ state: row.dispute_state, note: row.dispute_note }, difference);
  await tx.execute(
    sql`update parcel_money set collected_paisa = ${figures.collectedPaisa},
          delivery_paisa = ${d.delivery}, cash_handling_paisa = ${d.cash_handling}, fuel_paisa = ${d.fuel},
          gst_paisa = ${d.gst}, return_charge_paisa = ${d.return_charge}, withheld_tax_paisa = ${d.withheld_tax},
          other_paisa = ${d.other}, net_paisa = ${figures.netPaisa},
          courier_figures = ${JSON.stringify(record.reported.charges)}::jsonb,
          payout_id = ${payout}, second_reference = ${secondReference}, paid_on = ${record.paidOn},
          source = ${record.source}, report_import_id = ${record.reportImportId ?? null},
          difference_kind = ${difference?.kind ?? null}, difference_paisa = ${difference?.paisa ?? null},
          dispute_state = ${dispute}, next_poll_at = null,
          version = version + 1, updated_at = now()
        where parcel_id = ${record.parcelId}`,
  );
  return {
    outcome: row.payout_id === null ? "recorded" : "changed",
    netPaisa: figures.netPaisa,
    difference,
  };
}
