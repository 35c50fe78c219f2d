// Asking couriers where their parcels are (decision 0104). The scheduler hands this a set of
// parcels it claimed; they are grouped by courier account and asked for in the courier's batches,
// one call after another with a pause between them and a cap per pass, so no courier is flooded.
// Each account is asked in parallel with the others: a courier that is down (no connection, no
// answer in time, its credentials refused) stops only its own parcels, which wait longer each
// time (backoff), and the others are polled as usual. New events are recorded through
// parcel-events.ts, one transaction per parcel that moved; parcels with nothing new only get
// their next poll, in one statement for the batch.
import { eq, inArray, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { courierAccounts, parcels, type OrderStatus, type ParcelStatus } from "../../db/schema";
import { AppError, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { COURIER_NAMES, type ParcelTracking } from "../couriers/courier";
import { askInBatches } from "../couriers/ask-in-batches";
import { CourierError } from "../couriers/courier-errors";
import { connect, type ConnectedAccount, type CourierAccount } from "../couriers/connection";
import { cleanEvents, recordParcelEventsInTx, type RecordedEvents } from "./parcel-events";

/** A parcel as a pass claimed it. */
export interface ClaimedParcel {
  id: number;
  courierAccountId: number | null;
  cn: string;
  status: ParcelStatus | null;
  lastMovementAt: Date | null;
}

export interface PollOptions {
  /** the pause between two calls to one courier account */
  pauseMs: number;
  /** the most calls to one account in one pass; parcels beyond it are due again at once */
  callsPerAccount: number;
  /** tests: connect another way (a fake's fetch, a short time limit) */
  connect?: (ctx: CoreContext, account: CourierAccount) => ConnectedAccount;
  /** true once the process is stopping: no further calls, the parcels not reached are due again at once */
  shouldStop?: () => boolean;
}

export const POLL_DEFAULTS: PollOptions = { pauseMs: 250, callsPerAccount: 100 };

export interface PollRun {
  /** parcels the courier answered for */
  polled: number;
  /** new events recorded */
  added: number;
  /** parcels whose poll failed (they wait longer next time) */
  failed: number;
  /** parcels left for the next pass (the account's cap for this pass was reached) */
  released: number;
  /** order moves the new events made */
  moved: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long until a parcel is asked for again: soon while it is at the door, an hour while it waits
 * to be picked up, two hours on its way, six once it has been quiet for three days. A delivered or
 * returned parcel is not asked for again (null).
 */
export function nextPollDelayMs(
  status: ParcelStatus | null,
  lastMovementAt: Date | null,
  now = new Date(),
): number | null {
  if (status === "delivered" || status === "returned") return null;
  if (status === "out for delivery" || status === "delivery attempted") return 30 * MINUTE;
  if (status === null || status === "booked") return HOUR;
  const quietMs = lastMovementAt ? now.getTime() - lastMovementAt.getTime() : 0;
  return quietMs > 3 * 24 * HOUR ? 6 * HOUR : 2 * HOUR;
}

/** A tenth either way, so parcels booked together do not stay due together. */
const spread = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));

/**
 * Failed polls: each parcel waits twice as long as after its last failure (5 minutes, 10, 20…,
 * at most 6 hours), so a courier that is down for a day is asked a few times an hour, not every pass.
 */
export async function recordPollFailures(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update parcels set poll_failures = poll_failures + 1, last_polled_at = now(),
      next_poll_at = now() + least(interval '6 hours', interval '5 minutes' * power(2, least(poll_failures, 10)))
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** Parcels to be asked again at the next pass (not reached in this one): their lease ends now. */
async function releaseParcels(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update parcels set next_poll_at = now() where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** A good poll: no failures, and the next poll at each parcel's own delay (delivered and returned: none). */
async function schedulePolls(db: Db, parcels: readonly { id: number; delayMs: number | null }[]): Promise<void> {
  if (parcels.length === 0) return;
  const values = sql.join(
    parcels.map((p) => sql`(${p.id}::int, ${p.delayMs === null ? null : spread(p.delayMs)}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    update parcels set poll_failures = 0, last_polled_at = now(),
      next_poll_at = case when v.ms is null then null else now() + v.ms * interval '1 millisecond' end
    from (values ${values}) as v(id, ms) where parcels.id = v.id`);
}

/**
 * Records what the courier said of these parcels: the ones with an event not yet kept each in a
 * transaction of their own (events, status, the order's moves, the next poll); the rest only get
 * their next poll. A CN the courier left out of its answer counts as a failed poll.
 */
export async function recordTracking(
  ctx: CoreContext,
  parcels: readonly ClaimedParcel[],
  answers: readonly ParcelTracking[],
): Promise<Omit<PollRun, "released">> {
  const run = { polled: 0, added: 0, failed: 0, moved: 0 };
  const byCn = new Map(answers.map((answer) => [answer.cn, answer]));
  const known = await queryRows<{ parcel_id: number; event_key: string }>(
    ctx.db,
    sql`select parcel_id, event_key from parcel_events where parcel_id in (${sql.join(
      parcels.map((p) => sql`${p.id}`),
      sql`, `,
    )})`,
  );
  const keys = new Set(known.map((row) => `${row.parcel_id}:${row.event_key}`));
  const quiet: { id: number; delayMs: number | null }[] = [];
  const missing: number[] = [];
  let restocked = false;
  for (const parcel of parcels) {
    const answer = byCn.get(parcel.cn);
    if (!answer) {
      missing.push(parcel.id);
      continue;
    }
    run.polled++;
    const fresh = cleanEvents(answer.events).filter((event) => !keys.has(`${parcel.id}:${event.key}`));
    if (fresh.length === 0) {
      quiet.push({ id: parcel.id, delayMs: nextPollDelayMs(parcel.status, parcel.lastMovementAt) });
      continue;
    }
    const recorded = await ctx.db.transaction(async (tx) => {
      const result = await recordParcelEventsInTx(tx, parcel.id, answer.events, { linkBase: ctx.publicUrl });
      await scheduleAfter(tx, parcel.id, result);
      return result;
    });
    run.added += recorded.added;
    run.moved += recorded.moves.length;
    if (recorded.moves.some((move) => move.restocked.length > 0)) restocked = true;
  }
  await schedulePolls(ctx.db, quiet);
  await recordPollFailures(ctx.db, missing);
  run.failed += missing.length;
  // a return put units back: catalogue reads this process cached must not show the old figures
  if (restocked) ctx.cache.clear();
  return run;
}

/** The next poll after a parcel's events were recorded, from its status now. */
async function scheduleAfter(tx: Db, parcelId: number, recorded: RecordedEvents): Promise<void> {
  const [row] = await queryRows<{ status: ParcelStatus | null; last_movement_at: Date | string | null }>(
    tx,
    sql`select status, last_movement_at from parcels where id = ${parcelId}`,
  );
  const delayMs = nextPollDelayMs(
    row?.status ?? recorded.status,
    row?.last_movement_at ? new Date(row.last_movement_at) : null,
  );
  await schedulePolls(tx, [{ id: parcelId, delayMs }]);
}

/**
 * Polls claimed parcels: grouped by courier account, each account asked in its batches one call
 * at a time, the accounts in parallel. Never throws for a courier's failure: it is recorded on
 * the parcels (backoff), and the pass goes on with the other accounts.
 */
export async function pollParcels(
  ctx: CoreContext,
  claimed: readonly ClaimedParcel[],
  options: Partial<PollOptions> = {},
): Promise<PollRun> {
  const settings: PollOptions = { ...POLL_DEFAULTS, ...options };
  const run: PollRun = { polled: 0, added: 0, failed: 0, released: 0, moved: 0 };
  if (claimed.length === 0) return run;
  const groups = new Map<number | null, ClaimedParcel[]>();
  for (const parcel of claimed) {
    const list = groups.get(parcel.courierAccountId) ?? [];
    list.push(parcel);
    groups.set(parcel.courierAccountId, list);
  }
  const ids = [...groups.keys()].filter((id): id is number => id !== null);
  const accounts =
    ids.length === 0 ? [] : await ctx.db.select().from(courierAccounts).where(inArray(courierAccounts.id, ids));
  const byId = new Map(accounts.map((account) => [account.id, account]));
  await Promise.all(
    [...groups].map(async ([accountId, parcels]) => {
      const account = accountId === null ? undefined : byId.get(accountId);
      const part = await pollAccount(ctx, account, parcels, settings);
      run.polled += part.polled;
      run.added += part.added;
      run.failed += part.failed;
      run.released += part.released;
      run.moved += part.moved;
    }),
  );
  return run;
}

/** One account's parcels, in the courier's batches, stopping at the first sign the courier is down. */
async function pollAccount(
  ctx: CoreContext,
  account: CourierAccount | undefined,
  parcels: readonly ClaimedParcel[],
  settings: PollOptions,
): Promise<PollRun> {
  const run: PollRun = { polled: 0, added: 0, failed: 0, released: 0, moved: 0 };
  const fail = async (list: readonly ClaimedParcel[]) => {
    await recordPollFailures(
      ctx.db,
      list.map((p) => p.id),
    );
    run.failed += list.length;
  };
  let connected: ConnectedAccount;
  try {
    // a parcel whose account was deleted, or whose credentials cannot be opened, cannot be asked for
    if (!account) throw new Error("no courier account");
    connected = (settings.connect ?? connect)(ctx, account);
  } catch {
    await fail(parcels);
    return run;
  }
  await askInBatches({
    items: parcels,
    size: connected.adapter.trackBatch,
    pauseMs: settings.pauseMs,
    callsAtMost: settings.callsPerAccount,
    shouldStop: settings.shouldStop,
    call: (batch) =>
      connected.adapter.track(
        connected.connection,
        batch.map((p) => p.cn),
      ),
    record: async (batch, answers) => {
      const part = await recordTracking(ctx, batch, answers);
      run.polled += part.polled;
      run.added += part.added;
      run.failed += part.failed;
      run.moved += part.moved;
    },
    fail,
    release: async (rest) => {
      await releaseParcels(
        ctx.db,
        rest.map((p) => p.id),
      );
      run.released += rest.length;
    },
  });
  return run;
}

/** What asking for one parcel now found. */
export interface PollNow {
  parcelId: number;
  orderId: number;
  added: number;
  status: ParcelStatus | null;
  /** the order's moves the new events made */
  moved: OrderStatus[];
}

/** A courier's failure as staff read it: a 409 with the courier's message and its kind, never a 500. */
export const courierRefusal = (error: unknown): unknown =>
  error instanceof CourierError ? new AppError(409, error.message, { courier_error: error.kind }) : error;

/**
 * Asks the courier for one parcel now, outside the schedule (POST /api/admin/parcels/{id}/poll):
 * records what is new, moves the order as a poll would, and sets the parcel's next poll. The
 * courier is called before the transaction; a courier that is down or refuses is a 409 with its
 * message, and nothing changes.
 */
export async function pollParcelNow(
  ctx: CoreContext,
  actor: StaffActor,
  parcelId: number,
  options: Pick<PollOptions, "connect"> = {},
): Promise<PollNow> {
  requirePermission(actor, "orders");
  const [parcel] = await ctx.db.select().from(parcels).where(eq(parcels.id, parcelId)).limit(1);
  if (!parcel) throw notFound("No such parcel.");
  if (parcel.bookingState !== "booked" || !parcel.cn) {
    throw new AppError(409, "This parcel is not booked with the courier, so there is nothing to ask for.");
  }
  const [account] =
    parcel.courierAccountId === null
      ? []
      : await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, parcel.courierAccountId)).limit(1);
  if (!account) throw new AppError(409, "The courier account this parcel was booked with was deleted.");
  const connected = (options.connect ?? connect)(ctx, account);
  const cn = parcel.cn;
  const answers = await connected.adapter.track(connected.connection, [cn]).catch((error: unknown) => {
    throw courierRefusal(error);
  });
  const answer = answers.find((a) => a.cn === cn);
  if (!answer) throw new AppError(409, `${COURIER_NAMES[parcel.courier]} does not know the consignment ${cn}.`);
  const recorded = await staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    const result = await recordParcelEventsInTx(tx, parcel.id, answer.events, { linkBase: ctx.publicUrl });
    // only a return that put units back makes the cached catalogue reads stale
    if (!result.moves.some((move) => move.restocked.length > 0)) keepCache();
    await scheduleAfter(tx, parcel.id, result);
    await audit({
      action: "parcel.poll",
      entityType: "order",
      entityId: parcel.orderId,
      changes: { cn, events_added: result.added, status: result.status },
    });
    return result;
  });
  return {
    parcelId: parcel.id,
    orderId: parcel.orderId,
    added: recorded.added,
    status: recorded.status,
    moved: recorded.moves.map((move) => move.to),
  };
}
