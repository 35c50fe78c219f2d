// The courier's payments as batches, newest first, each with its parcels' sums and how many of
// them differ from what was due or expected; one batch with every amount of every parcel; and the
// differences (and any parcel staff took up with the courier) with where the dispute stands.
// Money permission.
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import type { CourierCode, DisputeState, MoneySource } from "../../db/schema";
import { COURIER_NAMES } from "../couriers/courier";
import { notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { MONEY_LINE_SELECT, moneyLineOf, type MoneyLine, type MoneyLineRow } from "./money-lines";
import type { MoneyList, MoneyPage } from "./money-reads";

/** One payment the courier made, and the sums of its parcels in paisa. */
export interface PayoutBatch {
  id: number;
  courier: CourierCode;
  courierName: string;
  reference: string;
  /** false: the courier named no reference; "paid <day>" stands in for one */
  referenceGiven: boolean;
  paidOn: string;
  source: MoneySource;
  parcels: number;
  collectedPaisa: number;
  deductionsPaisa: number;
  netPaisa: number;
  /** parcels of the batch paid short or charged more than the rate card */
  differing: number;
}

interface BatchRow {
  id: number;
  courier: CourierCode;
  reference: string;
  reference_given: boolean;
  paid_on: string;
  source: MoneySource;
  parcels: number | string;
  collected: number | string;
  net: number | string;
  differing: number | string;
}

const BATCH_SELECT = sql`
  select b.id, b.courier, b.reference, b.reference_given, b.paid_on::text as paid_on, b.source,
    count(m.parcel_id) as parcels, coalesce(sum(m.collected_paisa), 0) as collected,
    coalesce(sum(m.net_paisa), 0) as net, count(m.difference_kind) as differing
  from courier_payouts b
  left join parcel_money m on m.payout_id = b.id`;

function batchOf(row: BatchRow): PayoutBatch {
  const collected = Number(row.collected);
  const net = Number(row.net);
  return {
    id: row.id,
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    reference: row.reference,
    referenceGiven: row.reference_given,
    paidOn: row.paid_on,
    source: row.source,
    parcels: Number(row.parcels),
    collectedPaisa: collected,
    // each parcel's net is its collected less its deductions (a check holds it), so the sums are too
    deductionsPaisa: collected - net,
    netPaisa: net,
    differing: Number(row.differing),
  };
}

/** The courier's payments, newest first (GET /api/admin/money/batches). */
export async function listPayoutBatches(
  ctx: CoreContext,
  actor: StaffActor,
  page: MoneyPage,
): Promise<{ total: number; items: PayoutBatch[] }> {
  requirePermission(actor, "money");
  const where = page.courier ? sql`where b.courier = ${page.courier}` : sql``;
  const [[counted], rows] = await Promise.all([
    queryRows<{ n: number | string }>(ctx.db, sql`select count(*) as n from courier_payouts b ${where}`),
    queryRows<BatchRow>(
      ctx.db,
      sql`${BATCH_SELECT} ${where} group by b.id order by b.paid_on desc, b.id desc
          limit ${page.limit} offset ${page.offset}`,
    ),
  ]);
  return { total: Number(counted?.n ?? 0), items: rows.map(batchOf) };
}

/** One payment with every amount of each of its parcels (GET /api/admin/money/batches/{id}). */
export async function getPayoutBatch(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
): Promise<PayoutBatch & { lines: MoneyLine[] }> {
  requirePermission(actor, "money");
  const [[row], lines] = await Promise.all([
    queryRows<BatchRow>(ctx.db, sql`${BATCH_SELECT} where b.id = ${id} group by b.id`),
    queryRows<MoneyLineRow>(
      ctx.db,
      sql`${MONEY_LINE_SELECT} where m.payout_id = ${id} order by m.owed_since, m.parcel_id`,
    ),
  ]);
  if (!row) throw notFound("No such payment batch.");
  return { ...batchOf(row), lines: lines.map(moneyLineOf) };
}

/**
 * The parcels paid short or charged more than the rate card, and any other parcel whose money
 * staff took up with the courier (a dispute state), oldest first; only those in one dispute
 * state when asked (GET /api/admin/money/differences).
 */
export async function listMoneyDifferences(
  ctx: CoreContext,
  actor: StaffActor,
  page: MoneyPage & { state?: DisputeState },
): Promise<MoneyList> {
  requirePermission(actor, "money");
  const where = sql`(m.difference_kind is not null or m.dispute_state is not null)
    ${page.state ? sql`and m.dispute_state = ${page.state}` : sql``}
    ${page.courier ? sql`and m.courier = ${page.courier}` : sql``}`;
  const [[counted], rows] = await Promise.all([
    queryRows<{ n: number | string }>(ctx.db, sql`select count(*) as n from parcel_money m where ${where}`),
    queryRows<MoneyLineRow>(
      ctx.db,
      sql`${MONEY_LINE_SELECT} where ${where} order by m.owed_since, m.parcel_id limit ${page.limit} offset ${page.offset}`,
    ),
  ]);
  return { total: Number(counted?.n ?? 0), items: rows.map(moneyLineOf) };
}
