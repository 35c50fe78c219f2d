// Booking the orders staff ticked, all at once (decision 0103). The batch and one row per order
// are written first (parcel_batches, parcel_batch_items) and answered at once; a worker in every
// store process then books them one by one exactly as a single booking is made (bookOrder), as
// the member who ticked them. A few bookings run at a time per courier, counted across processes
// (an advisory lock around the claim), so a courier's API is not flooded; one order's failure is
// its own result and the rest go on; a process that stops mid-batch leaves its orders to the next
// one when their lease runs out, and a booking it cut off is settled by asking the courier.
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { orders, parcelBatches, parcelBatchItems, parcels, users, type BatchItemState } from "../../db/schema";
import { COURIER_NAMES, type CourierCode } from "../couriers/courier";
import { AppError, notFound } from "../shared/errors";
import { isStaffRole, type StaffActor } from "../shared/permissions";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import { startPolling, type Poller } from "../shared/polling";
import { bookOrder, bookParcelInput, chooseAccount, MAX_ID, parseInput, whole } from "./booking";
import { isStale, liveParcelRefusal, STALE_BOOKING_MS } from "./parcel-reads";
import { settleStaleBooking } from "./booking-outcome";

export { BATCH_ITEM_STATES } from "../../db/schema";

/** The most orders one batch takes: a busy day's 200, and some. */
export const BULK_BOOKING_MAX = 300;

export const bulkBookingInput = bookParcelInput.omit({ cod_amount: true }).extend({
  order_ids: z
    .array(whole("order_ids", 1, MAX_ID, "a list of order ids"), { error: "order_ids must be a list of order ids" })
    .min(1, "order_ids: tick at least one order")
    .max(BULK_BOOKING_MAX, `order_ids: at most ${BULK_BOOKING_MAX} orders at a time`),
});
export type BulkBookingInput = z.input<typeof bulkBookingInput>;

export interface BatchItemView {
  orderId: number;
  trackingId: string;
  state: BatchItemState;
  parcelId: number | null;
  cn: string | null;
  /** the CN, or why it was not booked */
  message: string | null;
}

export interface BatchView {
  id: number;
  courier: CourierCode;
  courierName: string;
  accountId: number | null;
  createdAt: Date;
  finishedAt: Date | null;
  total: number;
  counts: Record<BatchItemState, number>;
  /** every order has its result */
  done: boolean;
  items: BatchItemView[];
}

/**
 * Starts booking the ticked orders (POST /api/admin/parcel-batches): checks the account and that
 * every order exists (404 naming those that do not), writes the batch, and answers at once; the
 * worker books them. Orders that cannot be booked are reported one by one, not refused here.
 */
export async function createParcelBatch(ctx: CoreContext, actor: StaffActor, raw: unknown): Promise<BatchView> {
  requirePermission(actor, "orders");
  const input = parseInput(bulkBookingInput, raw);
  const ids = [...new Set(input.order_ids)];
  const account = await chooseAccount(ctx, input.account_id);
  const found = await ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
  const known = new Set(found.map((o) => o.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw new AppError(404, `No such order: ${missing.slice(0, 20).join(", ")}.`, { missing });
  const id = await staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [batch] = await tx
      .insert(parcelBatches)
      .values({
        createdBy: actor.userId,
        createdByEmail: actor.email,
        createdFromIp: actor.ip,
        courierAccountId: account.id,
        courier: account.courier,
        weightGrams: input.weight_grams ?? null,
        pieces: input.pieces ?? 1,
        instructions: input.instructions ?? "",
      })
      .returning({ id: parcelBatches.id });
    await tx
      .insert(parcelBatchItems)
      .values(ids.map((orderId, position) => ({ batchId: batch!.id, orderId, position })));
    await audit({
      action: "parcel_batch.create",
      entityType: "parcel_batch",
      entityId: batch!.id,
      changes: { orders: ids.length, account: account.id, courier: account.courier },
    });
    return batch!.id;
  });
  return getParcelBatch(ctx, actor, id);
}

/** A batch with each order's result so far (GET /api/admin/parcel-batches/{id}); 404 for no such batch. */
export async function getParcelBatch(ctx: CoreContext, actor: StaffActor, batchId: number): Promise<BatchView> {
  requirePermission(actor, "orders");
  const [batch] = await ctx.db.select().from(parcelBatches).where(eq(parcelBatches.id, batchId)).limit(1);
  if (!batch) throw notFound("No such booking batch.");
  const items = await ctx.db
    .select({
      orderId: parcelBatchItems.orderId,
      trackingId: orders.trackingId,
      state: parcelBatchItems.state,
      parcelId: parcelBatchItems.parcelId,
      cn: parcels.cn,
      message: parcelBatchItems.message,
    })
    .from(parcelBatchItems)
    .innerJoin(orders, eq(orders.id, parcelBatchItems.orderId))
    .leftJoin(parcels, eq(parcels.id, parcelBatchItems.parcelId))
    .where(eq(parcelBatchItems.batchId, batchId))
    .orderBy(parcelBatchItems.position);
  const counts: Record<BatchItemState, number> = { waiting: 0, working: 0, booked: 0, refused: 0, unknown: 0 };
  for (const item of items) counts[item.state] += 1;
  return {
    id: batch.id,
    courier: batch.courier,
    courierName: COURIER_NAMES[batch.courier],
    accountId: batch.courierAccountId,
    createdAt: batch.createdAt,
    finishedAt: batch.finishedAt,
    total: items.length,
    counts,
    done: counts.waiting + counts.working === 0,
    items,
  };
}

export interface BatchWorkerOptions {
  /** bookings under way at once per courier, over every process */
  perCourier: number;
  /** how long a claimed order stays this worker's: longer than a booking and its check can take */
  leaseMs: number;
  /** a pass stops claiming after this long, so a shutdown waits for little */
  passMs: number;
  /** claims of one order before it is given up (a process that keeps dying on it) */
  maxAttempts: number;
  /** each courier call's time limit (tests shorten it) */
  timeoutMs?: number;
}

export const BATCH_WORKER_DEFAULTS: BatchWorkerOptions = {
  perCourier: 4,
  leaseMs: STALE_BOOKING_MS * 2,
  passMs: 5_000,
  maxAttempts: 3,
};

interface Claimed {
  batch_id: number;
  order_id: number;
  attempts: number;
}

const due = sql`(i.state = 'waiting' or (i.state = 'working' and i.locked_until < now()))`;

/** Takes one due order of this courier for this worker, if fewer than perCourier are under way. */
async function claimOne(ctx: CoreContext, courier: CourierCode, options: BatchWorkerOptions): Promise<Claimed | null> {
  return ctx.db.transaction(async (tx) => {
    // one claim at a time per courier, over every process: the count below and the claim agree
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('parcel_batches'), hashtext(${courier}))`);
    const [busy] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from parcel_batch_items i join parcel_batches b on b.id = i.batch_id
          where b.courier = ${courier} and i.state = 'working' and i.locked_until >= now()`,
    );
    if ((busy?.n ?? 0) >= options.perCourier) return null;
    const [claimed] = await queryRows<Claimed>(
      tx,
      sql`update parcel_batch_items set state = 'working', attempts = attempts + 1, updated_at = now(),
            locked_until = now() + make_interval(secs => ${options.leaseMs / 1000})
          where (batch_id, order_id) = (
            select i.batch_id, i.order_id from parcel_batch_items i join parcel_batches b on b.id = i.batch_id
            where b.courier = ${courier} and ${due}
            order by i.batch_id, i.position limit 1 for update of i skip locked)
          returning batch_id, order_id, attempts`,
    );
    return claimed ?? null;
  });
}

/** The member who started the batch, as they are now: no longer staff (or deactivated), no more bookings. */
async function actorOf(ctx: CoreContext, batch: typeof parcelBatches.$inferSelect): Promise<StaffActor | null> {
  if (batch.createdBy === null) return null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, batch.createdBy)).limit(1);
  if (!user || user.deactivatedAt || !isStaffRole(user.role)) return null;
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    sessionId: 0,
    ip: batch.createdFromIp,
    twoStepEnabled: user.totpEnabledAt !== null,
    mustChangePassword: false,
    mustSetUpTwoStep: false,
  };
}

type ItemResult = { state: BatchItemState; message: string; parcelId: number | null };

/**
 * The live parcel this batch's member made for the order since the batch began, as the order's
 * result; a booking cut off with its process is settled first by asking the courier.
 */
async function batchParcel(
  ctx: CoreContext,
  batch: typeof parcelBatches.$inferSelect,
  orderId: number,
  actor: StaffActor,
  options: BatchWorkerOptions,
): Promise<ItemResult | null> {
  const find = async () =>
    (
      await ctx.db
        .select()
        .from(parcels)
        .where(
          and(
            eq(parcels.orderId, orderId),
            eq(parcels.bookedBy, actor.userId),
            sql`${parcels.createdAt} >= ${batch.createdAt}`,
            inArray(parcels.bookingState, ["booking", "booked", "unknown"]),
          ),
        )
        .limit(1)
    )[0];
  let earlier = await find();
  if (earlier?.bookingState === "booking" && isStale(earlier)) {
    await settleStaleBooking(ctx, actor, earlier, { timeoutMs: options.timeoutMs });
    earlier = await find();
  }
  if (!earlier) return null;
  if (earlier.bookingState === "booked") return { state: "booked", message: `CN ${earlier.cn}`, parcelId: earlier.id };
  if (earlier.bookingState === "unknown") {
    return { state: "unknown", message: earlier.failure ?? "Check the courier's portal.", parcelId: earlier.id };
  }
  return { state: "refused", message: liveParcelRefusal(earlier), parcelId: earlier.id };
}

/** What one claimed order came to. */
async function bookClaimed(ctx: CoreContext, claimed: Claimed, options: BatchWorkerOptions): Promise<ItemResult> {
  const [batch] = await ctx.db.select().from(parcelBatches).where(eq(parcelBatches.id, claimed.batch_id)).limit(1);
  const actor = batch ? await actorOf(ctx, batch) : null;
  if (!batch || !actor)
    return { state: "refused", message: "The member who started this batch can no longer book.", parcelId: null };
  if (batch.courierAccountId === null)
    return { state: "refused", message: "The courier account was removed.", parcelId: null };
  if (claimed.attempts > 1) {
    // taken again after a process stopped: what that process booked for this batch is its result
    const earlier = await batchParcel(ctx, batch, claimed.order_id, actor, options);
    if (earlier) return earlier;
    if (claimed.attempts > options.maxAttempts) {
      return {
        state: "refused",
        message: `Given up after ${options.maxAttempts} tries; book it on its own.`,
        parcelId: null,
      };
    }
  }
  try {
    const result = await bookOrder(
      ctx,
      actor,
      claimed.order_id,
      {
        account_id: batch.courierAccountId,
        weight_grams: batch.weightGrams ?? undefined,
        pieces: batch.pieces,
        instructions: batch.instructions,
      },
      { timeoutMs: options.timeoutMs },
    );
    const state = result.outcome === "booked" ? "booked" : result.outcome === "failed" ? "refused" : "unknown";
    return {
      state,
      message: result.outcome === "booked" ? `CN ${result.parcel.cn}` : result.message,
      parcelId: result.parcel.id,
    };
  } catch (error) {
    if (error instanceof AppError) return { state: "refused", message: error.message, parcelId: null };
    throw error;
  }
}

/** Records an order's result while this worker still holds it, and closes the batch after its last. */
async function finish(
  ctx: CoreContext,
  claimed: Claimed,
  result: Awaited<ReturnType<typeof bookClaimed>>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // two workers finishing a batch's last two orders at once would each see the other's still
    // working and neither would close it: the batch's row is locked first, so the second waits,
    // then sees the first's result committed
    await tx.execute(sql`select id from parcel_batches where id = ${claimed.batch_id} for update`);
    await tx
      .update(parcelBatchItems)
      .set({
        state: result.state,
        message: result.message.slice(0, 500),
        parcelId: result.parcelId,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(parcelBatchItems.batchId, claimed.batch_id),
          eq(parcelBatchItems.orderId, claimed.order_id),
          eq(parcelBatchItems.state, "working"),
          eq(parcelBatchItems.attempts, claimed.attempts),
        ),
      );
    await tx.execute(
      sql`update parcel_batches set finished_at = now() where id = ${claimed.batch_id} and finished_at is null
          and not exists (select 1 from parcel_batch_items where batch_id = ${claimed.batch_id} and state in ('waiting', 'working'))`,
    );
  });
}

export interface BatchRun {
  booked: number;
  refused: number;
  unknown: number;
}

/** One pass: for each courier with orders waiting, perCourier lanes each book one order after another. */
export async function runParcelBatchesOnce(
  ctx: CoreContext,
  options: BatchWorkerOptions = BATCH_WORKER_DEFAULTS,
  /** true once the process is stopping: no more orders are claimed */
  stopping: () => boolean = () => false,
): Promise<BatchRun> {
  const run: BatchRun = { booked: 0, refused: 0, unknown: 0 };
  const couriers = await queryRows<{ courier: CourierCode }>(
    ctx.db,
    sql`select distinct b.courier from parcel_batch_items i join parcel_batches b on b.id = i.batch_id where ${due}`,
  );
  const deadline = Date.now() + options.passMs;
  const lane = async (courier: CourierCode) => {
    while (Date.now() < deadline && !stopping()) {
      const claimed = await claimOne(ctx, courier, options);
      if (!claimed) return;
      const result = await bookClaimed(ctx, claimed, options).catch((error: unknown) => ({
        state: "unknown" as const,
        message: `The booking stopped on an error: ${error instanceof Error ? error.message.slice(0, 200) : "unknown"}. Check the order.`,
        parcelId: null,
      }));
      await finish(ctx, claimed, result);
      if (result.state !== "waiting" && result.state !== "working") run[result.state] += 1;
    }
  };
  await Promise.all(couriers.flatMap(({ courier }) => Array.from({ length: options.perCourier }, () => lane(courier))));
  return run;
}

/** Every store process runs one; a pass that found work is followed at once by the next. */
export function startParcelBatchWorker(
  ctx: CoreContext,
  worker: { pollMs?: number; onError?: (error: unknown) => void; options?: Partial<BatchWorkerOptions> } = {},
): Poller<BatchRun> {
  const options = { ...BATCH_WORKER_DEFAULTS, ...worker.options };
  const pollMs = worker.pollMs ?? 2_000;
  let stopping = false;
  const poller = startPolling(() => runParcelBatchesOnce(ctx, options, () => stopping), {
    // processes started together look at different moments
    firstAfterMs: 500 + Math.floor(Math.random() * 1000),
    nextAfterMs: (run) => (run && run.booked + run.refused + run.unknown > 0 ? 0 : pollMs),
    onError: worker.onError,
    unref: true,
  });
  return {
    poke: () => poller.poke(),
    // the bookings under way finish and are recorded; no new one starts
    stop: async () => {
      stopping = true;
      await poller.stop();
    },
  };
}
