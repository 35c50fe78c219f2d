// Following every parcel in flight (decision 0104). Every store process runs the same pass now
// and then, as the confirmation scheduler does; all its state is in the parcels' rows. A pass
// claims the parcels due (booked, not yet delivered or returned, next_poll_at passed) with
// FOR UPDATE SKIP LOCKED and, in the same statement, pushes their next_poll_at forward by a
// lease: another process passes over them, and if this one dies mid-pass they are only due again
// once the lease ends. The claim commits at once; the couriers are called outside any
// transaction; each parcel's outcome sets its real next poll. Events are recorded once whatever
// runs twice (parcel-events.ts), so a pass repeated after a crash adds nothing.
//
// The same loop works through the couriers' pushed webhooks (webhook-inbox.ts), more often,
// since a push is worth acting on quickly.
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import type { ParcelStatus } from "../../db/schema";
import { startPolling } from "../shared/polling";
import { pollParcels, POLL_DEFAULTS, type ClaimedParcel, type PollOptions, type PollRun } from "./tracking";
import { processWebhookInbox, type InboxOptions, type InboxRun } from "./webhook-inbox";

export interface TrackingOptions extends PollOptions {
  /** the most parcels one pass claims */
  batch: number;
  /** how long a claimed parcel stays this process's; longer than any pass takes */
  leaseMs: number;
}

export const TRACKING_DEFAULTS: TrackingOptions = { ...POLL_DEFAULTS, batch: 500, leaseMs: 15 * 60_000 };

/**
 * A parcel booked without a status or a first poll time (a booking written before the scheduler
 * knew of it) is taken in: status "booked", due now. Without this it would never be claimed.
 */
export async function adoptBookedParcels(db: Db): Promise<number> {
  const adopted = await queryRows<{ id: number }>(
    db,
    sql`update parcels set status = coalesce(status, 'booked'), next_poll_at = coalesce(next_poll_at, now())
        where booking_state = 'booked' and cn is not null
          and (status is null or (next_poll_at is null and status not in ('delivered', 'returned')))
        returning id`,
  );
  return adopted.length;
}

/**
 * Claims up to `batch` due parcels, oldest due first, and leases them: their next_poll_at moves
 * `leaseMs` ahead in the claiming statement, so a second process's claim (which skips rows locked
 * now, and re-checks the ones it meets after this commits) does not take them.
 */
export async function claimDueParcels(db: Db, batch: number, leaseMs: number): Promise<ClaimedParcel[]> {
  const rows = await queryRows<{
    id: number;
    courier_account_id: number | null;
    cn: string;
    status: ParcelStatus | null;
    last_movement_at: Date | string | null;
  }>(
    db,
    sql`with due as (
          select id from parcels
          where booking_state = 'booked' and status not in ('delivered', 'returned') and next_poll_at <= now()
          order by next_poll_at, id
          limit ${batch}
          for update skip locked)
        update parcels set next_poll_at = now() + ${leaseMs} * interval '1 millisecond'
        from due where parcels.id = due.id
        returning parcels.id, parcels.courier_account_id, parcels.cn, parcels.status, parcels.last_movement_at`,
  );
  return rows.map((row) => ({
    id: row.id,
    courierAccountId: row.courier_account_id,
    cn: row.cn,
    status: row.status,
    lastMovementAt: row.last_movement_at === null ? null : new Date(row.last_movement_at),
  }));
}

export interface TrackingRun extends PollRun {
  claimed: number;
}

/** One pass: take in new bookings, claim what is due, ask the couriers, record what they said. */
export async function runParcelTrackingOnce(
  ctx: CoreContext,
  options: Partial<TrackingOptions> = {},
): Promise<TrackingRun> {
  const settings: TrackingOptions = { ...TRACKING_DEFAULTS, ...options };
  await adoptBookedParcels(ctx.db);
  const claimed = await claimDueParcels(ctx.db, settings.batch, settings.leaseMs);
  const run = await pollParcels(ctx, claimed, settings);
  return { claimed: claimed.length, ...run };
}

export interface ParcelTrackingWorker {
  /** runs a tracking pass now, after the one under way (tests) */
  poke(): Promise<TrackingRun | null>;
  /** works through the webhook inbox now (tests) */
  pokeInbox(): Promise<InboxRun | null>;
  /** stops both loops and waits for the passes under way */
  stop(): Promise<void>;
}

/**
 * Runs the tracking pass every pollMs (sooner while a full batch says more is due) and the
 * webhook inbox every inboxMs; the first passes at a random moment, so processes started
 * together spread out.
 */
export function startParcelTracking(
  ctx: CoreContext,
  options: Partial<TrackingOptions> &
    Partial<InboxOptions> & {
      pollMs: number;
      inboxMs?: number;
      firstAfterMs?: number;
      onError?: (error: unknown) => void;
      onRun?: (run: TrackingRun) => void;
      onInbox?: (run: InboxRun) => void;
    },
): ParcelTrackingWorker {
  let stopping = false;
  const settings: TrackingOptions = { ...TRACKING_DEFAULTS, ...options, shouldStop: () => stopping };
  const tracking = startPolling(
    async () => {
      const run = await runParcelTrackingOnce(ctx, settings);
      if (run.claimed > 0) options.onRun?.(run);
      return run;
    },
    {
      firstAfterMs: options.firstAfterMs ?? Math.floor(Math.random() * options.pollMs),
      // a full batch: more parcels are due, so the next pass comes soon
      nextAfterMs: (run) => (run && run.claimed >= settings.batch ? Math.min(1_000, options.pollMs) : options.pollMs),
      onError: options.onError,
      unref: true,
    },
  );
  const inboxMs = options.inboxMs ?? 5_000;
  const inbox = startPolling(
    async () => {
      const run = await processWebhookInbox(ctx, options);
      if (run.processed + run.failed > 0) options.onInbox?.(run);
      return run;
    },
    {
      firstAfterMs: options.firstAfterMs ?? Math.floor(Math.random() * inboxMs),
      nextAfterMs: () => inboxMs,
      onError: options.onError,
      unref: true,
    },
  );
  return {
    poke: () => tracking.poke(),
    pokeInbox: () => inbox.poke(),
    async stop() {
      // the pass under way makes no further calls: a shutdown waits for one call, not a whole pass
      stopping = true;
      await Promise.all([tracking.stop(), inbox.stop()]);
    },
  };
}
