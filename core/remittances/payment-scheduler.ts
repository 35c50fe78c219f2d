// Asking couriers for their payments now and then (decision 0106), as the tracking pass asks for
// parcels (core/parcels/tracking-scheduler.ts): every store process runs the same pass, and all
// its state is in the money rows. A pass first makes the rows of parcels newly delivered or
// returned, then claims the unpaid rows due an ask with FOR UPDATE SKIP LOCKED and, in the same
// statement, pushes their next_poll_at forward by a lease: another process passes over them, and
// if this one dies mid-pass they are due again once the lease ends. The claim commits at once;
// the couriers are called outside any transaction (payment-poll.ts). Writing a payment twice
// changes nothing (payments.ts), so a pass repeated after a crash adds nothing.
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { startPolling } from "../shared/polling";
import { adoptFinishedParcels } from "./expectations";
import {
  askForPayments,
  PAYMENT_POLL_DEFAULTS,
  type ClaimedMoney,
  type PaymentPollOptions,
  type PaymentRun,
} from "./payment-poll";

export interface PaymentPassOptions extends PaymentPollOptions {
  /** the most rows one pass claims */
  batch: number;
  /** how long a claimed row stays this process's; longer than any pass takes */
  leaseMs: number;
}

export const PAYMENT_PASS_DEFAULTS: PaymentPassOptions = { ...PAYMENT_POLL_DEFAULTS, batch: 500, leaseMs: 15 * 60_000 };

/**
 * Claims up to `batch` unpaid rows due an ask, oldest due first, and leases them: their
 * next_poll_at moves `leaseMs` ahead in the claiming statement, so a second process's claim (which
 * skips rows locked now, and re-checks the ones it meets after this commits) does not take them.
 */
export async function claimDueMoney(db: Db, batch: number, leaseMs: number): Promise<ClaimedMoney[]> {
  const rows = await queryRows<{
    parcel_id: number;
    courier_account_id: number | null;
    cn: string;
    owed_since: Date | string;
  }>(
    db,
    sql`with due as (
          select m.parcel_id, p.cn from parcel_money m
          join parcels p on p.id = m.parcel_id and p.cn is not null
          where m.payout_id is null and m.next_poll_at <= now()
          order by m.next_poll_at, m.parcel_id
          limit ${batch}
          for update of m skip locked)
        update parcel_money m set next_poll_at = now() + ${leaseMs} * interval '1 millisecond'
        from due
        where m.parcel_id = due.parcel_id and m.payout_id is null
        returning m.parcel_id, m.courier_account_id, due.cn, m.owed_since`,
  );
  return rows.map((row) => ({
    parcelId: row.parcel_id,
    courierAccountId: row.courier_account_id,
    cn: row.cn,
    owedSince: new Date(row.owed_since),
  }));
}

export interface PaymentPassRun extends PaymentRun {
  /** rows made or brought in line for parcels newly delivered or returned */
  adopted: number;
  claimed: number;
}

/** One pass: make rows for newly finished parcels, claim what is due, ask the couriers, write what they paid. */
export async function runPaymentPollOnce(
  ctx: CoreContext,
  options: Partial<PaymentPassOptions> = {},
): Promise<PaymentPassRun> {
  const settings: PaymentPassOptions = { ...PAYMENT_PASS_DEFAULTS, ...options };
  const adopted = await ctx.db.transaction((tx) => adoptFinishedParcels(tx));
  const claimed = await claimDueMoney(ctx.db, settings.batch, settings.leaseMs);
  const run = await askForPayments(ctx, claimed, settings);
  return { adopted: adopted.length, claimed: claimed.length, ...run };
}

export interface PaymentPollWorker {
  /** runs a pass now, after the one under way (tests) */
  poke(): Promise<PaymentPassRun | null>;
  /** stops the loop and waits for the pass under way */
  stop(): Promise<void>;
}

/**
 * Runs the payment pass every pollMs (sooner while a full batch says more is due); the first at
 * a random moment, so processes started together spread out.
 */
export function startPaymentPoll(
  ctx: CoreContext,
  options: Partial<PaymentPassOptions> & {
    pollMs: number;
    firstAfterMs?: number;
    onError?: (error: unknown) => void;
    onRun?: (run: PaymentPassRun) => void;
  },
): PaymentPollWorker {
  let stopping = false;
  const settings: PaymentPassOptions = { ...PAYMENT_PASS_DEFAULTS, ...options, shouldStop: () => stopping };
  const poller = startPolling(
    async () => {
      const run = await runPaymentPollOnce(ctx, settings);
      if (run.claimed + run.adopted > 0) options.onRun?.(run);
      return run;
    },
    {
      firstAfterMs: options.firstAfterMs ?? Math.floor(Math.random() * options.pollMs),
      nextAfterMs: (run) => (run && run.claimed >= settings.batch ? Math.min(1_000, options.pollMs) : options.pollMs),
      onError: options.onError,
      unref: true,
    },
  );
  return {
    poke: () => poller.poke(),
    async stop() {
      // the pass under way makes no further calls: a shutdown waits for one call, not a whole pass
      stopping = true;
      await poller.stop();
    },
  };
}
