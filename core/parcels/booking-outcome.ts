// What came of a booking, recorded (decision 0103): booked with its CN, failed with the courier's
// words, or unknown when the answer was lost and the courier could not tell what it holds under
// our reference. Every outcome is written with its audit row, whatever the member's rights are by
// then: the courier has answered, and its answer is never dropped.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { courierAccounts, orderEvents, parcels } from "../../db/schema";
import { COURIER_NAMES, type Booking } from "../couriers/courier";
import { CourierError, cleanDetail, type CourierErrorKind } from "../couriers/courier-errors";
import { connect, type ConnectedAccount } from "../couriers/connection";
import { recordAudit, whoIs } from "../shared/audit";
import { AppError } from "../shared/errors";
import { databaseError, UNIQUE_VIOLATION } from "../shared/db-errors";
import type { StaffActor } from "../shared/permissions";
import type { ParcelRow } from "./parcel-reads";

export interface BookingOptions {
  /** each courier call's time limit (tests shorten it) */
  timeoutMs?: number;
}

/** What the courier said, as the booking records it. */
export type CourierOutcome =
  | { outcome: "booked"; booking: Booking }
  | { outcome: "failed"; message: string; kind: CourierErrorKind | null }
  | { outcome: "unknown"; message: string; kind: CourierErrorKind | null };

/**
 * Records a booking's outcome, in one transaction with its audit row (and, when booked, a note on
 * the order's timeline). Written whatever the member's rights now: the courier has answered, and
 * its answer is never dropped. Only a parcel still waiting for its outcome is changed.
 */
export async function recordOutcome(
  ctx: CoreContext,
  actor: StaffActor,
  parcel: ParcelRow,
  result: CourierOutcome,
): Promise<ParcelRow | null> {
  try {
    return await writeOutcome(ctx, actor, parcel, result);
  } catch (error) {
    // a CN the store already holds for another parcel: kept for staff to look at, never stored twice
    if (result.outcome !== "booked" || databaseError(error)?.code !== UNIQUE_VIOLATION) throw error;
    return writeOutcome(ctx, actor, parcel, {
      outcome: "unknown",
      message: `${COURIER_NAMES[parcel.courier]} answered with CN ${result.booking.cn}, which the store already holds for another parcel. Check the courier's portal for reference ${parcel.reference}.`,
      kind: "unexpected",
    });
  }
}

async function writeOutcome(
  ctx: CoreContext,
  actor: StaffActor,
  parcel: ParcelRow,
  result: CourierOutcome,
): Promise<ParcelRow | null> {
  const name = COURIER_NAMES[parcel.courier];
  return ctx.db.transaction(async (tx) => {
    const waiting = and(eq(parcels.id, parcel.id), inArray(parcels.bookingState, ["booking", "unknown"]));
    const [row] =
      result.outcome === "booked"
        ? await tx
            .update(parcels)
            .set({
              bookingState: "booked",
              cn: result.booking.cn,
              labelUrl: result.booking.labelUrl,
              status: "booked",
              statusAt: sql`now()`,
              bookedAt: sql`now()`,
              failure: null,
              // the tracking poll's first look: a parcel is rarely picked up within the hour
              nextPollAt: sql`now() + interval '30 minutes'`,
              lastMovementAt: sql`now()`,
            })
            .where(waiting)
            .returning()
        : await tx
            .update(parcels)
            .set({ bookingState: result.outcome, failure: cleanDetail(result.message) })
            .where(waiting)
            .returning();
    if (!row) return null;
    await recordAudit(tx, whoIs(actor), {
      action:
        result.outcome === "booked"
          ? "parcel.booked"
          : result.outcome === "failed"
            ? "parcel.not_booked"
            : "parcel.unknown",
      entityType: "order",
      entityId: parcel.orderId,
      changes:
        result.outcome === "booked"
          ? { parcel: parcel.id, courier: parcel.courier, reference: parcel.reference, cn: result.booking.cn }
          : { parcel: parcel.id, courier: parcel.courier, reference: parcel.reference, why: row.failure },
    });
    if (result.outcome === "booked") {
      await tx.insert(orderEvents).values({
        orderId: parcel.orderId,
        actorId: actor.userId,
        kind: "note",
        note: `Booked with ${name}: CN ${result.booking.cn} (reference ${parcel.reference}), awaiting pickup.`,
        visibleToShopper: false,
      });
    }
    return row;
  });
}

/** A CN as couriers write them: letters, digits and dashes. */
export const CN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/;

/** What the courier says it holds under the parcel's reference, asked once; "unknown" when it cannot be asked. */
export async function askByReference(
  connected: ConnectedAccount,
  parcel: ParcelRow,
  why: string,
  /** the trouble the first call met, reported with whatever the asking finds */
  kind: CourierErrorKind | null = null,
): Promise<CourierOutcome> {
  const name = COURIER_NAMES[parcel.courier];
  const unknown = (detail: string): CourierOutcome => ({
    outcome: "unknown",
    message: `${detail} Check the courier's portal for reference ${parcel.reference}: enter the CN it shows, or mark it not booked.`,
    kind,
  });
  if (!connected.adapter.findByReference) return unknown(`${why} ${name} cannot be asked whether it booked it.`);
  try {
    const found = await connected.adapter.findByReference(connected.connection, parcel.reference);
    if (found && CN_PATTERN.test(found.cn)) return { outcome: "booked", booking: found };
    if (found) return unknown(`${why} ${name} answered with a CN the store cannot read.`);
    return {
      outcome: "failed",
      message: `${why} ${name} holds no parcel under reference ${parcel.reference}: nothing was booked.`,
      kind,
    };
  } catch {
    return unknown(`${why} Asking ${name} afterwards failed too.`);
  }
}

/** Settles a parcel cut off in "booking" (its process stopped mid-call) by asking the courier. */
export async function settleStaleBooking(
  ctx: CoreContext,
  actor: StaffActor,
  parcel: ParcelRow,
  options: BookingOptions = {},
): Promise<ParcelRow | null> {
  const [account] = parcel.courierAccountId
    ? await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, parcel.courierAccountId)).limit(1)
    : [];
  const why = `The booking with ${COURIER_NAMES[parcel.courier]} was cut off before its answer came.`;
  const result: CourierOutcome = account
    ? await askByReference(connect(ctx, account, { timeoutMs: options.timeoutMs }), parcel, why)
    : {
        outcome: "unknown",
        message: `${why} Its courier account was removed, so the courier cannot be asked.`,
        kind: null,
      };
  return recordOutcome(ctx, actor, parcel, result);
}

/**
 * Runs a courier call whose failure changes nothing of ours (a cancel, a PDF): the courier's
 * trouble becomes a 409 with its message and kind (courier_error), as every courier call the
 * console makes answers it.
 */
export async function throughCourier<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CourierError) throw new AppError(409, error.message, { courier_error: error.kind });
    throw error;
  }
}
