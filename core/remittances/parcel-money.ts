// One parcel's money as staff see it on its order (decision 0106): what the courier should pay,
// what it reported (collected, each deduction, net), what the rate card expected, the batch and
// the day it paid, where the figures came from, and any dispute; and "Check payment now", which
// asks the courier for this one parcel outside the schedule and writes what it says through the
// one writer. Both need the money permission.
import { eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import {
  courierAccounts,
  DEDUCTION_KINDS,
  parcels,
  type CourierCode,
  type DeductionKind,
  type DifferenceKind,
  type DisputeState,
  type MoneySource,
} from "../../db/schema";
import { AppError, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { COURIER_NAMES } from "../couriers/courier";
import { connect, type ConnectedAccount, type CourierAccount } from "../couriers/connection";
import { courierRefusal } from "../parcels/tracking";
import { adoptFinishedParcels } from "./expectations";
import { paymentRecordOf } from "./payment-poll";
import { recordPaymentInTx, type PaymentOutcome } from "./payments";

// the words of a parcel's money, for the API's schemas and the console (which reach db/ only through core)
export { DEDUCTION_KINDS, DIFFERENCE_KINDS, DISPUTE_STATES, MONEY_SOURCES, type DeductionKind } from "../../db/schema";

export interface ParcelMoney {
  parcelId: number;
  orderId: number;
  courier: CourierCode;
  courierName: string;
  cn: string | null;
  outcome: "delivered" | "returned";
  owedSince: Date;
  duePaisa: number;
  /** null until the courier reported */
  collectedPaisa: number | null;
  /** the deductions the courier took, by kind, the ones above zero (or below: a refund) */
  deductions: { kind: DeductionKind; paisa: number }[];
  netPaisa: number | null;
  /** what the rate card in force says the deductions should be; null: no card */
  expectedDeductionsPaisa: number | null;
  /** due less the expected deductions: what should come home; null without a card */
  expectedNetPaisa: number | null;
  difference: { kind: DifferenceKind; paisa: number } | null;
  reference: string | null;
  /** false: the courier named no number, the store's "paid <date>" stands for it */
  referenceGiven: boolean | null;
  secondReference: string | null;
  paidOn: string | null;
  source: MoneySource | null;
  dispute: { state: DisputeState; note: string } | null;
  nextPollAt: Date | null;
  lastPolledAt: Date | null;
  pollFailures: number;
  version: number;
}

interface MoneyRow {
  parcel_id: number;
  order_id: number;
  courier: CourierCode;
  cn: string | null;
  outcome: "delivered" | "returned";
  owed_since: Date | string;
  due_paisa: number | string;
  collected_paisa: number | string | null;
  delivery_paisa: number | string;
  cash_handling_paisa: number | string;
  fuel_paisa: number | string;
  gst_paisa: number | string;
  return_charge_paisa: number | string;
  withheld_tax_paisa: number | string;
  other_paisa: number | string;
  net_paisa: number | string | null;
  expected_deductions_paisa: number | string | null;
  difference_kind: DifferenceKind | null;
  difference_paisa: number | string | null;
  reference: string | null;
  reference_given: boolean | null;
  second_reference: string | null;
  paid_on: string | null;
  source: MoneySource | null;
  dispute_state: DisputeState | null;
  dispute_note: string;
  next_poll_at: Date | string | null;
  last_polled_at: Date | string | null;
  poll_failures: number;
  version: number;
}

const numberOr = (value: number | string | null): number | null => (value === null ? null : Number(value));
const dateOr = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function presentRow(row: MoneyRow): ParcelMoney {
  const deductions = DEDUCTION_KINDS.map((kind) => ({
    kind,
    paisa: Number(row[`${kind}_paisa` as keyof MoneyRow]),
  })).filter((d) => d.paisa !== 0);
  const due = Number(row.due_paisa);
  const expected = numberOr(row.expected_deductions_paisa);
  return {
    parcelId: row.parcel_id,
    orderId: row.order_id,
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    cn: row.cn,
    outcome: row.outcome,
    owedSince: new Date(row.owed_since),
    duePaisa: due,
    collectedPaisa: numberOr(row.collected_paisa),
    deductions,
    netPaisa: numberOr(row.net_paisa),
    expectedDeductionsPaisa: expected,
    expectedNetPaisa: expected === null ? null : due - expected,
    difference:
      row.difference_kind === null ? null : { kind: row.difference_kind, paisa: Number(row.difference_paisa) },
    reference: row.reference,
    referenceGiven: row.reference_given,
    secondReference: row.second_reference,
    paidOn: row.paid_on,
    source: row.source,
    dispute: row.dispute_state === null ? null : { state: row.dispute_state, note: row.dispute_note },
    nextPollAt: dateOr(row.next_poll_at),
    lastPolledAt: dateOr(row.last_polled_at),
    pollFailures: row.poll_failures,
    version: row.version,
  };
}

async function moneyRow(ctx: CoreContext, parcelId: number): Promise<ParcelMoney | null> {
  const [row] = await queryRows<MoneyRow>(
    ctx.db,
    sql`select m.*, m.paid_on::text as paid_on, p.order_id, p.cn, b.reference, b.reference_given
        from parcel_money m
        join parcels p on p.id = m.parcel_id
        left join courier_payouts b on b.id = m.payout_id
        where m.parcel_id = ${parcelId}`,
  );
  return row ? presentRow(row) : null;
}

const NOTHING_OWED = "This parcel is not delivered or returned yet, so no money is owed for it.";

/**
 * A parcel's money; a delivered or returned parcel the payment pass has not yet taken in gets its
 * row now (what the pass would make), so staff see it the moment the parcel is done.
 */
export async function readParcelMoney(ctx: CoreContext, actor: StaffActor, parcelId: number): Promise<ParcelMoney> {
  requirePermission(actor, "money");
  const found = await moneyRow(ctx, parcelId);
  if (found) return found;
  const [parcel] = await ctx.db.select({ id: parcels.id }).from(parcels).where(eq(parcels.id, parcelId)).limit(1);
  if (!parcel) throw notFound("No such parcel.");
  await ctx.db.transaction((tx) => adoptFinishedParcels(tx, [parcelId]));
  const made = await moneyRow(ctx, parcelId);
  if (!made) throw notFound(NOTHING_OWED);
  return made;
}

/** What asking the courier now found. */
export interface PaymentCheck {
  /** the courier says it has paid for the parcel */
  paid: boolean;
  /** what writing its payment did; null when it has not paid */
  outcome: PaymentOutcome | null;
  money: ParcelMoney;
}

/**
 * Asks the parcel's courier now whether it paid for it (POST /api/admin/parcels/{id}/payment-check)
 * and writes what it says as the payment pass would. The courier is called before the
 * transaction; a courier that is down or refuses is a 409 with its words, and nothing changes.
 */
export async function checkParcelPayment(
  ctx: CoreContext,
  actor: StaffActor,
  parcelId: number,
  options: { connect?: (ctx: CoreContext, account: CourierAccount) => ConnectedAccount } = {},
): Promise<PaymentCheck> {
  const before = await readParcelMoney(ctx, actor, parcelId);
  if (before.cn === null) throw new AppError(409, NOTHING_OWED);
  const [parcel] = await ctx.db
    .select({ accountId: parcels.courierAccountId })
    .from(parcels)
    .where(eq(parcels.id, parcelId))
    .limit(1);
  const [account] =
    parcel?.accountId == null
      ? []
      : await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, parcel.accountId)).limit(1);
  if (!account) throw new AppError(409, "The courier account this parcel was booked with was deleted.");
  const connected = (options.connect ?? connect)(ctx, account);
  const cn = before.cn;
  const answers = await connected.adapter.payments(connected.connection, [cn]).catch((error: unknown) => {
    throw courierRefusal(error);
  });
  const answer = answers.find((a) => a.cn === cn);
  if (!answer?.paid) return { paid: false, outcome: null, money: before };
  const outcome = await staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache }) => {
    keepCache();
    const recorded = await recordPaymentInTx(tx, paymentRecordOf(parcelId, answer));
    await tx.execute(
      sql`update parcel_money set poll_failures = 0, last_polled_at = now() where parcel_id = ${parcelId}`,
    );
    await audit({
      action: "parcel.payment_check",
      entityType: "order",
      entityId: before.orderId,
      changes: { cn, reference: answer.reference, outcome: recorded?.outcome ?? null },
    });
    return recorded?.outcome ?? null;
  });
  return { paid: true, outcome, money: (await moneyRow(ctx, parcelId))! };
}
