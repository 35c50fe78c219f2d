// Every parcel's money as a CSV file for the accountant (decision 0106, made as the orders file
// is, decision 0059): one row per parcel with every amount, in rupees with two decimals, dates in
// Pakistan time; the parcels owed since (or paid on) days in a range, of one courier or all,
// oldest first, read in keyset batches and handed out one batch at a time.
import { sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import type { CourierCode } from "../../db/schema";
import { csvCell, csvRow, UTF8_BOM } from "../shared/csv";
import { invalid } from "../shared/errors";
import { karachiMinute } from "../shared/karachi-time";
import { rupeesText } from "../shared/money";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { MONEY_LINE_SELECT, moneyLineOf, type MoneyLine, type MoneyLineRow } from "./money-lines";

/** Parcels read per query. */
export const MONEY_EXPORT_BATCH = 1000;

export const MONEY_CSV_HEADER = [
  "Order",
  "Consignment number",
  "Courier",
  "Outcome",
  "Owed since (Pakistan time)",
  "Paid on",
  "Batch reference",
  "Second reference",
  "Due (Rs)",
  "Collected (Rs)",
  "Delivery (Rs)",
  "Cash handling (Rs)",
  "Fuel (Rs)",
  "GST (Rs)",
  "Return charge (Rs)",
  "Withheld tax (Rs)",
  "Other (Rs)",
  "Net (Rs)",
  "Expected deductions (Rs)",
  "Expected net (Rs)",
  "Difference",
  "Difference (Rs)",
  "Dispute",
  "Dispute note",
  "Source",
] as const;

export interface MoneyExportFilters {
  /** which day the range is of: when the parcel was delivered or returned, or when it was paid */
  by?: "owed" | "paid";
  /** YYYY-MM-DD, days in Pakistan, both included */
  from?: string;
  to?: string;
  courier?: CourierCode;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as YYYY-MM-DD, or a 422 naming the field; the length is checked first. */
function dayOf(field: string, value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  const ok = value.length === 10 && DAY.test(value) && !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());
  if (!ok || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)
    throw invalid(`${field} must be a date, such as 2026-11-22`);
  return value;
}

/** The filters checked: 422 for a day that is not one, or a range that ends before it starts. */
export function moneyExportFilters(
  raw: MoneyExportFilters,
): Required<Pick<MoneyExportFilters, "by">> & MoneyExportFilters {
  const from = dayOf("from", raw.from);
  const to = dayOf("to", raw.to);
  if (from && to && from > to) throw invalid("to must be on or after from");
  return { by: raw.by ?? "owed", from, to, courier: raw.courier };
}

/** An amount the store wrote itself ("-200.00"): a number to the spreadsheet, so no formula guard. */
interface Amount {
  rupees: string;
}
type Cell = string | number | null | Amount;

const money = (paisa: number | null): Amount | null => (paisa === null ? null : { rupees: rupeesText(paisa) });

/** One record: text cells through the shared escaper and its formula guard, amounts as written. */
const moneyCsvRow = (cells: readonly Cell[]) =>
  `${cells.map((cell) => (cell !== null && typeof cell === "object" ? cell.rupees : csvCell(cell))).join(",")}\r\n`;

/** One parcel's cells, in MONEY_CSV_HEADER's order; an unpaid parcel's paid figures are left empty. */
export function moneyCsvCells(line: MoneyLine): Cell[] {
  const paid = line.netPaisa !== null;
  const deduction = (paisa: number) => (paid ? money(paisa) : null);
  return [
    line.trackingId,
    line.cn,
    line.courierName,
    line.outcome,
    karachiMinute(line.owedSince),
    line.paidOn,
    line.reference,
    line.secondReference,
    money(line.duePaisa),
    money(line.collectedPaisa),
    deduction(line.deliveryPaisa),
    deduction(line.cashHandlingPaisa),
    deduction(line.fuelPaisa),
    deduction(line.gstPaisa),
    deduction(line.returnChargePaisa),
    deduction(line.withheldTaxPaisa),
    deduction(line.otherPaisa),
    money(line.netPaisa),
    money(line.expectedDeductionsPaisa),
    money(line.expectedNetPaisa),
    line.differenceKind,
    money(line.differencePaisa),
    line.disputeState,
    line.disputeNote,
    line.source,
  ];
}

async function* moneyCsvBatches(
  ctx: CoreContext,
  filters: ReturnType<typeof moneyExportFilters>,
  batchSize: number,
): AsyncGenerator<string, void, undefined> {
  const byPaid = filters.by === "paid";
  const where: SQL[] = [];
  if (filters.courier) where.push(sql`m.courier = ${filters.courier}`);
  if (byPaid) {
    where.push(sql`m.paid_on is not null`);
    if (filters.from) where.push(sql`m.paid_on >= ${filters.from}::date`);
    if (filters.to) where.push(sql`m.paid_on <= ${filters.to}::date`);
  } else {
    if (filters.from) where.push(sql`m.owed_since >= (${filters.from}::date)::timestamp at time zone 'Asia/Karachi'`);
    if (filters.to) where.push(sql`m.owed_since < (${filters.to}::date + 1)::timestamp at time zone 'Asia/Karachi'`);
  }
  const order = byPaid ? sql`m.paid_on, m.parcel_id` : sql`m.owed_since, m.parcel_id`;
  let header = UTF8_BOM + csvRow(MONEY_CSV_HEADER);
  // the last row's (day, id): the next batch starts strictly after it; owed_since travels as the
  // database's own text, since a JavaScript Date drops its microseconds
  let after: SQL | null = null;
  for (;;) {
    const conditions: SQL[] = after ? [...where, after] : where;
    const rows: MoneyLineRow[] = await queryRows<MoneyLineRow>(
      ctx.db,
      sql`${MONEY_LINE_SELECT} where ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}
          order by ${order} limit ${batchSize}`,
    );
    let text = header;
    header = "";
    for (const row of rows) text += moneyCsvRow(moneyCsvCells(moneyLineOf(row)));
    if (text) yield text;
    if (rows.length < batchSize) return;
    const last: MoneyLineRow = rows[rows.length - 1]!;
    after = byPaid
      ? sql`(m.paid_on, m.parcel_id) > (${last.paid_on}::date, ${last.parcel_id})`
      : sql`(m.owed_since, m.parcel_id) > (${last.owed_cursor}::timestamptz, ${last.parcel_id})`;
  }
}

/**
 * The parcels' money as CSV text in pieces (UTF-8 with a BOM, CRLF lines). The permission, the
 * filters and the first batch are checked and read before this answers, so a refusal is an
 * error the caller can still answer properly. Stop iterating and no further batch is read.
 */
export async function exportMoneyCsv(
  ctx: CoreContext,
  actor: StaffActor,
  raw: MoneyExportFilters,
  options: { batchSize?: number } = {},
): Promise<AsyncGenerator<string, void, undefined>> {
  requirePermission(actor, "money");
  const batches = moneyCsvBatches(ctx, moneyExportFilters(raw), options.batchSize ?? MONEY_EXPORT_BATCH);
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}
