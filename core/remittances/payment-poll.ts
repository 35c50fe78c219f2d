// Asking couriers whether they have paid the shop for its finished parcels (decision 0106). The
// scheduler (payment-scheduler.ts) hands this the money rows it claimed; they are grouped by
// courier account and asked for in batches, one call after another with a pause between them,
// outside any transaction. Each parcel the courier says it paid for is written through
// recordPaymentInTx in a transaction of its own (the one writer, shared with the report upload);
// the rest get their next ask. A courier that is down or refuses stops only its own account's
// parcels, which wait longer each time (backoff); the other accounts are asked as usual.
import { inArray, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { courierAccounts } from "../../db/schema";
import { karachiToday } from "../shared/karachi-time";
import type { CourierPayment } from "../couriers/courier";
import { askInBatches } from "../couriers/ask-in-batches";
import { connect, type ConnectedAccount, type CourierAccount } from "../couriers/connection";
import { recordPaymentInTx, type PaymentRecord, type RecordedPayment } from "./payments";

/** A money row as a pass claimed it. */
export interface ClaimedMoney {
  parcelId: number;
  courierAccountId: number | null;
  cn: string;
  owedSince: Date;
}

export interface PaymentPollOptions {
  /** CNs in one payments() call (each adapter splits further where its courier asks one CN a call) */
  callSize: number;
  /** the pause between two calls to one courier account */
  pauseMs: number;
  /** the most calls to one account in one pass; parcels beyond it are due again at once */
  callsPerAccount: number;
  /** tests: connect another way (a fake's fetch, a short time limit) */
  connect?: (ctx: CoreContext, account: CourierAccount) => ConnectedAccount;
  /** true once the process is stopping: no further calls, the parcels not reached are due again at once */
  shouldStop?: () => boolean;
}

export const PAYMENT_POLL_DEFAULTS: PaymentPollOptions = { callSize: 50, pauseMs: 250, callsPerAccount: 40 };

export interface PaymentRun {
  /** parcels the courier answered for */
  asked: number;
  /** parcels whose payment was written for the first time, or changed */
  paid: number;
  /** parcels asked for and not yet paid */
  unpaid: number;
  /** parcels whose ask failed (they wait longer next time) */
  failed: number;
  /** parcels left for the next pass (the account's cap was reached, or the process is stopping) */
  released: number;
}

const emptyRun = (): PaymentRun => ({ asked: 0, paid: 0, unpaid: 0, failed: 0, released: 0 });

const HOUR = 3_600_000;
/** How long a parcel owed stays on the 12-hour ask before it is asked once a day. */
const OWED_CLOSELY_MS = 14 * 24 * HOUR;

/**
 * The next ask of a parcel not yet paid: every 12 hours while it is under two weeks owed (couriers
 * pay weekly or so), then once a day. A tenth either way, so parcels finished together spread out.
 */
export function nextAskDelayMs(owedSince: Date, now = new Date()): number {
  const base = now.getTime() - owedSince.getTime() < OWED_CLOSELY_MS ? 12 * HOUR : 24 * HOUR;
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Failed asks: 15 minutes, then twice as long each time, at most 12 hours. */
export async function recordAskFailures(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update parcel_money set poll_failures = poll_failures + 1, last_polled_at = now(),
      next_poll_at = now() + least(interval '12 hours', interval '15 minutes' * power(2, least(poll_failures, 10)))
    where parcel_id in (${idList(ids)}) and payout_id is null`);
}

/** Parcels whose account was deleted or switched off: nobody to ask, so again in a day. */
async function waitForAccount(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update parcel_money set last_polled_at = now(), next_poll_at = now() + interval '24 hours'
    where parcel_id in (${idList(ids)}) and payout_id is null`);
}

/** Parcels not reached in this pass: their lease ends now. */
async function releaseMoney(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update parcel_money set next_poll_at = now() where parcel_id in (${idList(ids)}) and payout_id is null`,
  );
}

/** A good ask of parcels still unpaid: no failures, and each one's next ask by how long it is owed. */
async function scheduleAsks(db: Db, parcels: readonly ClaimedMoney[]): Promise<void> {
  if (parcels.length === 0) return;
  const now = new Date();
  const values = sql.join(
    parcels.map((p) => sql`(${p.parcelId}::int, ${nextAskDelayMs(p.owedSince, now)}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    update parcel_money set poll_failures = 0, last_polled_at = now(),
      next_poll_at = now() + v.ms * interval '1 millisecond'
    from (values ${values}) as v(id, ms) where parcel_money.parcel_id = v.id and parcel_money.payout_id is null`);
}

/** What the payment call said of a paid parcel, as the one writer takes it. */
export function paymentRecordOf(parcelId: number, payment: CourierPayment): PaymentRecord {
  return {
    parcelId,
    reference: payment.reference,
    secondReference: payment.secondReference,
    // the day it paid, in Pakistan; a courier that names no date paid by the time it said so
    paidOn: karachiToday(payment.paidOn ?? new Date()),
    reported: {
      collectedPaisa: payment.collectedPaisa,
      paidPaisa: payment.paidPaisa,
      charges: payment.deductions,
    },
    source: "api",
  };
}

/** Writes one paid parcel's payment, and its poll bookkeeping, in one transaction. */
export async function recordApiPayment(
  db: Db,
  parcelId: number,
  payment: CourierPayment,
): Promise<RecordedPayment | null> {
  return db.transaction(async (tx) => {
    const recorded = await recordPaymentInTx(tx, paymentRecordOf(parcelId, payment));
    await tx.execute(
      sql`update parcel_money set poll_failures = 0, last_polled_at = now() where parcel_id = ${parcelId}`,
    );
    return recorded;
  });
}

/** Records what the courier said of one batch: payments written, the rest asked again later. */
async function recordAnswers(
  ctx: CoreContext,
  batch: readonly ClaimedMoney[],
  answers: readonly CourierPayment[],
): Promise<Pick<PaymentRun, "asked" | "paid" | "unpaid">> {
  const part = { asked: 0, paid: 0, unpaid: 0 };
  const byCn = new Map(answers.map((answer) => [answer.cn, answer]));
  const waiting: ClaimedMoney[] = [];
  for (const parcel of batch) {
    const answer = byCn.get(parcel.cn);
    // a CN the courier does not know yet has nothing paid: asked again like any unpaid one
    if (answer) part.asked++;
    if (!answer?.paid) {
      waiting.push(parcel);
      continue;
    }
    const recorded = await recordApiPayment(ctx.db, parcel.parcelId, answer);
    if (recorded === null) waiting.push(parcel);
    else if (recorded.outcome === "recorded" || recorded.outcome === "changed") part.paid++;
  }
  part.unpaid = waiting.length;
  await scheduleAsks(ctx.db, waiting);
  return part;
}

/** One account's parcels, in batches, stopping at the first sign the courier is down. */
async function askAccount(
  ctx: CoreContext,
  account: CourierAccount | undefined,
  parcels: readonly ClaimedMoney[],
  settings: PaymentPollOptions,
): Promise<PaymentRun> {
  const run = emptyRun();
  if (!account || !account.isActive) {
    await waitForAccount(
      ctx.db,
      parcels.map((p) => p.parcelId),
    );
    return run;
  }
  const fail = async (list: readonly ClaimedMoney[]) => {
    await recordAskFailures(
      ctx.db,
      list.map((p) => p.parcelId),
    );
    run.failed += list.length;
  };
  let connected: ConnectedAccount;
  try {
    connected = (settings.connect ?? connect)(ctx, account);
  } catch {
    // credentials that cannot be opened: the owner's key is missing or changed, which a later ask may find mended
    await fail(parcels);
    return run;
  }
  await askInBatches({
    items: parcels,
    size: settings.callSize,
    pauseMs: settings.pauseMs,
    callsAtMost: settings.callsPerAccount,
    shouldStop: settings.shouldStop,
    call: (batch) =>
      connected.adapter.payments(
        connected.connection,
        batch.map((p) => p.cn),
      ),
    record: async (batch, answers) => {
      const part = await recordAnswers(ctx, batch, answers);
      run.asked += part.asked;
      run.paid += part.paid;
      run.unpaid += part.unpaid;
    },
    fail,
    release: async (rest) => {
      await releaseMoney(
        ctx.db,
        rest.map((p) => p.parcelId),
      );
      run.released += rest.length;
    },
  });
  return run;
}

/**
 * Asks the couriers about claimed money rows: grouped by courier account, the accounts in
 * parallel. Never throws for a courier's failure: it is recorded on the rows (backoff), and the
 * pass goes on with the other accounts.
 */
export async function askForPayments(
  ctx: CoreContext,
  claimed: readonly ClaimedMoney[],
  options: Partial<PaymentPollOptions> = {},
): Promise<PaymentRun> {
  const settings: PaymentPollOptions = { ...PAYMENT_POLL_DEFAULTS, ...options };
  const run = emptyRun();
  if (claimed.length === 0) return run;
  const groups = new Map<number | null, ClaimedMoney[]>();
  for (const parcel of claimed) {
    const list = groups.get(parcel.courierAccountId) ?? [];
    list.push(parcel);
    groups.set(parcel.courierAccountId, list);
  }
  const ids = [...groups.keys()].filter((id): id is number => id !== null);
  const accounts =
    ids.length === 0 ? [] : await ctx.db.select().from(courierAccounts).where(inArray(courierAccounts.id, ids));
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const parts = await Promise.all(
    [...groups].map(([accountId, parcels]) =>
      askAccount(ctx, accountId === null ? undefined : byId.get(accountId), parcels, settings),
    ),
  );
  for (const part of parts) {
    run.asked += part.asked;
    run.paid += part.paid;
    run.unpaid += part.unpaid;
    run.failed += part.failed;
    run.released += part.released;
  }
  return run;
}
