// What each row of a courier's payment report will do (decision 0107), worked out against the
// parcels and the payments already recorded, writing nothing: the same arithmetic the payment
// writer uses (makeWhole), so "same as recorded" here is "unchanged" there. CNs are compared
// trimmed and in any case; a CN the report repeats counts once, on its first line.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { CourierCode, DeductionKind, MoneySource } from "../../db/schema";
import { COURIER_NAMES } from "../couriers/courier";
import { karachiToday } from "../shared/karachi-time";
import { formatRupees } from "../shared/money";
import { Turns } from "../shared/turns";
import { DEFAULT_TOLERANCE_PAISA, makeWhole, totalOf } from "./money-rules";
import { cnKey, DEDUCTION_FIELDS, dayCell, moneyCell, type ReportField } from "./report-mapping";
import { cellText, type ReadReport } from "./report-read";

export const ROW_OUTCOMES = [
  "record",
  "same",
  "change",
  "unknown_cn",
  "other_account",
  "not_booked",
  "bad_value",
  "no_cn",
  "repeated",
] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

/** What a row does once applied: recordPaymentInTx's outcome, or "not recorded" (the parcel left the booked state). */
export type RowResult = "recorded" | "changed" | "unchanged" | "not recorded";

export interface PlannedRow {
  line: number;
  cn: string;
  parcelId: number | null;
  orderId: number | null;
  outcome: RowOutcome;
  /** what the row will do, in words: "records a payment", "unknown CN", "bad number in COD Amount" */
  says: string;
  reference: string | null;
  paidOn: string | null;
  collected: number | null;
  paid: number | null;
  deductions: Partial<Record<DeductionKind, number>>;
  /** net paid once made whole (collected − every deduction) */
  net: number | null;
  /** PostEx's reserve CPR kept from the API: a report has none, and must not wipe it */
  secondReference?: string | null;
  /** recorded from the courier's API with the same figures: applied so the report's word stands */
  fromApi?: boolean;
  result?: RowResult;
}

export const OUTCOME_WORDS: Readonly<Record<RowOutcome, string>> = {
  record: "records a payment",
  same: "same as recorded",
  change: "changes the recorded figures",
  unknown_cn: "unknown CN",
  other_account: "booked through another courier account",
  not_booked: "parcel not booked",
  bad_value: "bad number",
  no_cn: "no CN",
  repeated: "repeated in this file",
};

/** The rows applying writes: new payments, changed ones, and the API's same figures the report now vouches for. */
export const applies = (row: PlannedRow) =>
  row.outcome === "record" || row.outcome === "change" || (row.outcome === "same" && row.fromApi === true);

interface Match {
  id: number;
  key: string;
  order_id: number | null;
  courier: CourierCode;
  courier_account_id: number | null;
  account_label: string | null;
  booking_state: string;
  cod_paisa: number | string;
  due_paisa: number | string | null;
  expected_detail: Record<string, number> | null;
  tolerance_paisa: number | null;
  collected_paisa: number | string | null;
  deductions: Record<DeductionKind, number | string> | null;
  payout_id: number | null;
  payout_reference: string | null;
  paid_on: string | null;
  source: MoneySource | null;
  second_reference: string | null;
}

async function findParcels(db: Db, keys: string[]): Promise<Map<string, Match[]>> {
  const found = await queryRows<Match>(
    db,
    sql`select p.id, k.key, p.order_id, p.courier, p.courier_account_id, a.label as account_label, p.booking_state,
          p.cod_paisa, m.due_paisa, m.expected_detail, m.tolerance_paisa, m.collected_paisa,
          case when m.parcel_id is null then null else json_build_object('delivery', m.delivery_paisa,
            'cash_handling', m.cash_handling_paisa, 'fuel', m.fuel_paisa, 'gst', m.gst_paisa,
            'return_charge', m.return_charge_paisa, 'withheld_tax', m.withheld_tax_paisa, 'other', m.other_paisa) end as deductions,
          m.payout_id, po.reference as payout_reference, m.paid_on::text as paid_on, m.source, m.second_reference
        from (select distinct value as key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)) k
        join parcels p on lower(p.cn) = k.key
        left join courier_accounts a on a.id = p.courier_account_id
        left join parcel_money m on m.parcel_id = p.id
        left join courier_payouts po on po.id = m.payout_id`,
  );
  const byKey = new Map<string, Match[]>();
  for (const match of found) byKey.set(match.key, [...(byKey.get(match.key) ?? []), match]);
  return byKey;
}

type Columns = Record<ReportField, number | null>;

/** A row's own figures, or why they cannot be read. */
function readRow(report: ReadReport, cells: ReadReport["rows"][number]["cells"], columns: Columns) {
  const at = (field: ReportField) => (columns[field] === null ? null : (cells[columns[field]!] ?? null));
  const bad = (field: ReportField, what: string) => ({ bad: `bad ${what} in ${report.headings[columns[field]!]}` });
  const money: Partial<Record<ReportField, number | null>> = {};
  for (const field of ["collected", "paid", ...DEDUCTION_FIELDS] as const) {
    if (columns[field] === null) continue;
    const paisa = moneyCell(at(field));
    if (paisa === "bad") return bad(field, "number");
    money[field] = paisa;
  }
  const paidOn = columns.paid_on === null ? null : dayCell(at("paid_on"));
  if (paidOn === "bad") return bad("paid_on", "date");
  if ((money.collected ?? null) === null && (money.paid ?? null) === null)
    return bad(columns.collected !== null ? "collected" : "paid", "number (it is blank)");
  const deductions: Partial<Record<DeductionKind, number>> = {};
  for (const kind of DEDUCTION_FIELDS) if (columns[kind] !== null) deductions[kind] = money[kind] ?? 0;
  const reference = columns.reference === null ? "" : cellText(at("reference")).slice(0, 100);
  return {
    collected: money.collected ?? null,
    paid: money.paid ?? null,
    deductions,
    paidOn,
    reference: reference === "" ? null : reference,
  };
}

const blankRow = (line: number, cn: string): PlannedRow => ({
  line,
  cn,
  parcelId: null,
  orderId: null,
  outcome: "no_cn",
  says: OUTCOME_WORDS.no_cn,
  reference: null,
  paidOn: null,
  collected: null,
  paid: null,
  deductions: {},
  net: null,
});

/**
 * Every row of the report with what it will do, for this courier (and this account of it, when
 * named): reads the parcels and payments once, writes nothing.
 */
export async function planReport(
  db: Db,
  report: ReadReport,
  columns: Columns,
  scope: { courier: CourierCode; accountId: number | null },
): Promise<PlannedRow[]> {
  const turns = new Turns();
  const planned: PlannedRow[] = [];
  const firstLine = new Map<string, number>();
  const pending: { row: PlannedRow; figures: NonNullable<ReturnType<typeof readRow>> & { collected?: unknown } }[] = [];
  for (const { line, cells } of report.rows) {
    await turns.take();
    const cn = cellText(cells[columns.cn!] ?? null).slice(0, 100);
    const row = blankRow(line, cn);
    planned.push(row);
    if (cn === "") continue;
    const key = cnKey(cn);
    const first = firstLine.get(key);
    if (first !== undefined) {
      Object.assign(row, { outcome: "repeated", says: `${OUTCOME_WORDS.repeated} (first on line ${first})` });
      continue;
    }
    firstLine.set(key, line);
    const figures = readRow(report, cells, columns);
    if ("bad" in figures) {
      Object.assign(row, { outcome: "bad_value", says: figures.bad });
      continue;
    }
    Object.assign(row, {
      reference: figures.reference,
      paidOn: figures.paidOn,
      collected: figures.collected,
      paid: figures.paid,
      deductions: figures.deductions,
    });
    pending.push({ row, figures });
  }
  const matches = await findParcels(
    db,
    pending.map((p) => cnKey(p.row.cn)),
  );
  const today = karachiToday();
  for (const { row } of pending) {
    await turns.take();
    const candidates = (matches.get(cnKey(row.cn)) ?? []).sort(
      (a, b) =>
        Number(b.courier === scope.courier) - Number(a.courier === scope.courier) ||
        Number(b.booking_state === "booked") - Number(a.booking_state === "booked"),
    );
    const parcel = candidates[0];
    if (!parcel) {
      Object.assign(row, { outcome: "unknown_cn", says: OUTCOME_WORDS.unknown_cn });
      continue;
    }
    row.parcelId = parcel.id;
    row.orderId = parcel.order_id;
    if (parcel.courier !== scope.courier) {
      row.says = `${OUTCOME_WORDS.other_account}: booked with ${COURIER_NAMES[parcel.courier]}`;
      row.outcome = "other_account";
    } else if (
      scope.accountId !== null &&
      parcel.courier_account_id !== null &&
      parcel.courier_account_id !== scope.accountId
    ) {
      row.outcome = "other_account";
      row.says = `${OUTCOME_WORDS.other_account}: ${parcel.account_label ?? "another account"}`;
    } else if (parcel.booking_state !== "booked") {
      row.outcome = "not_booked";
      row.says = `${OUTCOME_WORDS.not_booked} (${parcel.booking_state})`;
    } else judgePayment(row, parcel, scope.courier, today);
  }
  return planned;
}

/** record, same or change, with the net made whole as the writer will make it. */
function judgePayment(row: PlannedRow, parcel: Match, courier: CourierCode, today: string): void {
  const paidBefore = parcel.payout_id !== null;
  row.reference ??= paidBefore ? parcel.payout_reference : null;
  row.paidOn ??= paidBefore ? parcel.paid_on : today;
  row.secondReference = parcel.second_reference;
  const charges = Object.entries(row.deductions).map(([kind, paisa]) => ({ kind, paisa: paisa ?? 0 }));
  const figures = makeWhole(
    courier,
    { collectedPaisa: row.collected, paidPaisa: row.paid, charges },
    {
      duePaisa: Number(parcel.due_paisa ?? parcel.cod_paisa),
      expectedWithheldPaisa: parcel.expected_detail?.withheld_tax ?? null,
      tolerancePaisa: parcel.tolerance_paisa ?? DEFAULT_TOLERANCE_PAISA,
    },
  );
  row.net = figures.netPaisa;
  if (!paidBefore) {
    Object.assign(row, { outcome: "record", says: OUTCOME_WORDS.record });
    return;
  }
  const recorded = Object.fromEntries(
    DEDUCTION_FIELDS.map((kind) => [kind, Number(parcel.deductions?.[kind] ?? 0)]),
  ) as Record<DeductionKind, number>;
  const batch = row.reference ?? `paid ${row.paidOn}`;
  const was = {
    collected: Number(parcel.collected_paisa),
    deductions: totalOf(recorded),
    batch: parcel.payout_reference ?? "",
    paidOn: parcel.paid_on ?? "",
  };
  const now = {
    collected: figures.collectedPaisa,
    deductions: totalOf(figures.deductions),
    batch,
    paidOn: row.paidOn!,
  };
  const same =
    was.collected === now.collected &&
    was.batch === now.batch &&
    was.paidOn === now.paidOn &&
    DEDUCTION_FIELDS.every((kind) => recorded[kind] === figures.deductions[kind]);
  if (same) {
    Object.assign(row, { outcome: "same", says: OUTCOME_WORDS.same, fromApi: parcel.source === "api" });
    return;
  }
  row.outcome = "change";
  row.says = `${OUTCOME_WORDS.change} (was ${describe(was, now)}; now ${describe(now, was)})`;
}

/** The figures of `a` that differ from `b` (the deductions by kind when only their split differs). */
function describe(
  a: { collected: number; deductions: number; batch: string; paidOn: string },
  b: { collected: number; deductions: number; batch: string; paidOn: string },
): string {
  const parts: string[] = [];
  if (a.collected !== b.collected) parts.push(`collected ${formatRupees(a.collected)}`);
  if (a.deductions !== b.deductions) parts.push(`deductions ${formatRupees(a.deductions)}`);
  if (a.collected - a.deductions !== b.collected - b.deductions)
    parts.push(`net ${formatRupees(a.collected - a.deductions)}`);
  if (a.batch !== b.batch) parts.push(`batch ${a.batch}`);
  if (a.paidOn !== b.paidOn) parts.push(`paid on ${a.paidOn}`);
  return parts.join(", ") || `deductions split ${formatRupees(a.deductions)} otherwise`;
}

/** How many rows do what, and how many applying writes. */
export function summarise(rows: readonly PlannedRow[]): Record<string, number> {
  const summary: Record<string, number> = Object.fromEntries(ROW_OUTCOMES.map((o) => [o, 0]));
  for (const row of rows) summary[row.outcome]!++;
  summary.rows = rows.length;
  summary.to_apply = rows.filter((row) => row.outcome === "record" || row.outcome === "change").length;
  return summary;
}
