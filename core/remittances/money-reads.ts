// What the couriers owe the shop (decision 0106): per courier, the cash it holds for parcels it
// delivered and has not paid for, with the age of the oldest; what it paid this week; what it
// paid short, by kind, while the dispute is not resolved; and what it charged this month for
// parcels that came back. Then the unpaid parcels themselves, oldest first. Money permission.
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { COURIER_CODES, type CourierCode } from "../../db/schema";
import { COURIER_NAMES } from "../couriers/courier";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { ageDaysOf, MONEY_LINE_SELECT, moneyLineOf, type MoneyLine, type MoneyLineRow } from "./money-lines";

/** A count of parcels and their sum in paisa. */
export interface Tally {
  parcels: number;
  paisa: number;
}

/** One courier's card on the screen (or the totals over all of them, courier null). */
export interface CourierMoney {
  courier: CourierCode | null;
  courierName: string;
  /** delivered, not yet paid for: the cash the courier holds */
  cashWithCourier: Tally & { oldestDays: number | null; owedSince: Date | null };
  /** Σ net of the parcels paid on a day of this week in Pakistan (Monday first) */
  paidThisWeek: Tally;
  /** differences whose dispute is not resolved, by kind */
  paidShort: Tally;
  chargedMore: Tally;
  /**
   * Parcels returned this month in Pakistan and what they cost: every charge the courier took for
   * each (return charge, delivery, cash handling, fuel, GST, other; withheld tax is on cash, and a
   * return collects none); an unpaid one counts the rate card's expected deductions, if any.
   */
  returnCharges: Tally & { estimatedParcels: number };
}

export interface MoneySummary {
  couriers: CourierMoney[];
  totals: CourierMoney;
  /** this week's Monday and this month's first day in Pakistan, YYYY-MM-DD, for the labels */
  weekFrom: string;
  monthFrom: string;
}

interface SummaryRow {
  courier: CourierCode;
  cash_parcels: number | string;
  cash_paisa: number | string;
  cash_since: Date | string | null;
  cash_days: number | string | null;
  week_parcels: number | string;
  week_paisa: number | string;
  short_parcels: number | string;
  short_paisa: number | string;
  more_parcels: number | string;
  more_paisa: number | string;
  returned_parcels: number | string;
  returned_paisa: number | string;
  returned_estimated: number | string;
}

// the Pakistan week (ISO: Monday first) and month of today, as days and as the moment they began
const TODAY = sql`(now() at time zone 'Asia/Karachi')::date`;
const MONDAY = sql`date_trunc('week', now() at time zone 'Asia/Karachi')::date`;
const MONTH_START = sql`(date_trunc('month', now() at time zone 'Asia/Karachi') at time zone 'Asia/Karachi')`;
const UNPAID_DELIVERED = sql`m.outcome = 'delivered' and m.payout_id is null`;
const OPEN_DIFFERENCE = sql`m.dispute_state is distinct from 'resolved'`;

const summarySql = sql`
  select m.courier,
    count(*) filter (where ${UNPAID_DELIVERED}) as cash_parcels,
    coalesce(sum(m.due_paisa) filter (where ${UNPAID_DELIVERED}), 0) as cash_paisa,
    min(m.owed_since) filter (where ${UNPAID_DELIVERED}) as cash_since,
    max(${ageDaysOf(sql`m.owed_since`)}) filter (where ${UNPAID_DELIVERED}) as cash_days,
    count(*) filter (where m.paid_on between ${MONDAY} and ${TODAY}) as week_parcels,
    coalesce(sum(m.net_paisa) filter (where m.paid_on between ${MONDAY} and ${TODAY}), 0) as week_paisa,
    count(*) filter (where m.difference_kind = 'paid short' and ${OPEN_DIFFERENCE}) as short_parcels,
    coalesce(sum(m.difference_paisa) filter (where m.difference_kind = 'paid short' and ${OPEN_DIFFERENCE}), 0) as short_paisa,
    count(*) filter (where m.difference_kind = 'charged more than the rate card' and ${OPEN_DIFFERENCE}) as more_parcels,
    coalesce(sum(m.difference_paisa) filter (where m.difference_kind = 'charged more than the rate card' and ${OPEN_DIFFERENCE}), 0) as more_paisa,
    count(*) filter (where m.outcome = 'returned' and m.owed_since >= ${MONTH_START}) as returned_parcels,
    coalesce(sum(case when m.net_paisa is not null
        then m.return_charge_paisa + m.delivery_paisa + m.cash_handling_paisa + m.fuel_paisa + m.gst_paisa + m.other_paisa
        else coalesce(m.expected_deductions_paisa, 0) end)
      filter (where m.outcome = 'returned' and m.owed_since >= ${MONTH_START}), 0) as returned_paisa,
    count(*) filter (where m.outcome = 'returned' and m.owed_since >= ${MONTH_START} and m.net_paisa is null
      and m.expected_deductions_paisa is not null) as returned_estimated
  from parcel_money m
  group by m.courier`;

const tally = (parcels: number | string, paisa: number | string): Tally => ({
  parcels: Number(parcels),
  paisa: Number(paisa),
});

function emptyCard(courier: CourierCode | null): CourierMoney {
  return {
    courier,
    courierName: courier ? COURIER_NAMES[courier] : "All couriers",
    cashWithCourier: { parcels: 0, paisa: 0, oldestDays: null, owedSince: null },
    paidThisWeek: { parcels: 0, paisa: 0 },
    paidShort: { parcels: 0, paisa: 0 },
    chargedMore: { parcels: 0, paisa: 0 },
    returnCharges: { parcels: 0, paisa: 0, estimatedParcels: 0 },
  };
}

function cardOf(row: SummaryRow): CourierMoney {
  return {
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    cashWithCourier: {
      ...tally(row.cash_parcels, row.cash_paisa),
      oldestDays: row.cash_days === null ? null : Math.max(0, Number(row.cash_days)),
      owedSince: row.cash_since === null ? null : new Date(row.cash_since),
    },
    paidThisWeek: tally(row.week_parcels, row.week_paisa),
    paidShort: tally(row.short_parcels, row.short_paisa),
    chargedMore: tally(row.more_parcels, row.more_paisa),
    returnCharges: {
      ...tally(row.returned_parcels, row.returned_paisa),
      estimatedParcels: Number(row.returned_estimated),
    },
  };
}

const addTally = (into: Tally, from: Tally) => {
  into.parcels += from.parcels;
  into.paisa += from.paisa;
};

function totalOf(cards: CourierMoney[]): CourierMoney {
  const totals = emptyCard(null);
  for (const card of cards) {
    addTally(totals.cashWithCourier, card.cashWithCourier);
    addTally(totals.paidThisWeek, card.paidThisWeek);
    addTally(totals.paidShort, card.paidShort);
    addTally(totals.chargedMore, card.chargedMore);
    addTally(totals.returnCharges, card.returnCharges);
    totals.returnCharges.estimatedParcels += card.returnCharges.estimatedParcels;
    const since = card.cashWithCourier.owedSince;
    if (since && (!totals.cashWithCourier.owedSince || since < totals.cashWithCourier.owedSince)) {
      totals.cashWithCourier.owedSince = since;
    }
    const days = card.cashWithCourier.oldestDays;
    if (days !== null) totals.cashWithCourier.oldestDays = Math.max(totals.cashWithCourier.oldestDays ?? 0, days);
  }
  return totals;
}

/**
 * The cards of the money screen: one per courier that has a money row or an account (in the
 * store's order of couriers), and the totals over all of them (GET /api/admin/money/summary).
 */
export async function getMoneySummary(ctx: CoreContext, actor: StaffActor): Promise<MoneySummary> {
  requirePermission(actor, "money");
  const [rows, accounts, [days]] = await Promise.all([
    queryRows<SummaryRow>(ctx.db, summarySql),
    queryRows<{ courier: CourierCode }>(ctx.db, sql`select distinct courier from courier_accounts`),
    queryRows<{ monday: string; month: string }>(
      ctx.db,
      sql`select ${MONDAY}::text as monday, date_trunc('month', now() at time zone 'Asia/Karachi')::date::text as month`,
    ),
  ]);
  const byCourier = new Map(rows.map((row) => [row.courier, cardOf(row)]));
  const withAccount = new Set(accounts.map((row) => row.courier));
  const couriers = COURIER_CODES.filter((code) => byCourier.has(code) || withAccount.has(code)).map(
    (code) => byCourier.get(code) ?? emptyCard(code),
  );
  return { couriers, totals: totalOf(couriers), weekFrom: days!.monday, monthFrom: days!.month };
}

/** The cash all couriers hold for delivered parcels not yet paid for: the console home's card. */
export async function cashWithCouriers(db: Db): Promise<Tally & { oldestDays: number | null }> {
  const [row] = await queryRows<{ parcels: number | string; paisa: number | string; days: number | string | null }>(
    db,
    sql`select count(*) as parcels, coalesce(sum(m.due_paisa), 0) as paisa,
          max(${ageDaysOf(sql`m.owed_since`)}) as days
        from parcel_money m where ${UNPAID_DELIVERED}`,
  );
  return {
    ...tally(row?.parcels ?? 0, row?.paisa ?? 0),
    oldestDays: row?.days === null || row?.days === undefined ? null : Math.max(0, Number(row.days)),
  };
}

/** A page of a money list: at most limit rows after offset, optionally one courier's. */
export interface MoneyPage {
  limit: number;
  offset: number;
  courier?: CourierCode;
}

export interface MoneyList {
  total: number;
  items: MoneyLine[];
}

/**
 * The parcels whose money has not come home, oldest first (GET /api/admin/money/unpaid): delivered
 * ones the courier holds the cash for, and returned ones whose charges it has not yet deducted.
 */
export async function listUnpaidParcels(ctx: CoreContext, actor: StaffActor, page: MoneyPage): Promise<MoneyList> {
  requirePermission(actor, "money");
  const where = sql`m.payout_id is null ${page.courier ? sql`and m.courier = ${page.courier}` : sql``}`;
  const [[counted], rows] = await Promise.all([
    queryRows<{ n: number | string }>(ctx.db, sql`select count(*) as n from parcel_money m where ${where}`),
    queryRows<MoneyLineRow>(
      ctx.db,
      sql`${MONEY_LINE_SELECT} where ${where} order by m.owed_since, m.parcel_id limit ${page.limit} offset ${page.offset}`,
    ),
  ]);
  return { total: Number(counted?.n ?? 0), items: rows.map(moneyLineOf) };
}
