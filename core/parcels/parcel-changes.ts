// What staff do to a parcel once booked (decision 0103): cancel it before the courier picks it
// up, and settle a booking whose answer was lost: ask the courier again, enter the CN its portal
// shows, or mark it not booked. The order itself is never changed here.
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { courierAccounts, orderEvents, parcels } from "../../db/schema";
import { COURIER_NAMES } from "../couriers/courier";
import { connect, type CourierAccount } from "../couriers/connection";
import { conflict, invalid, notFound } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { getParcel, isStale, type ParcelRow, type ParcelView } from "./parcel-reads";
import { askByReference, CN_PATTERN, recordOutcome, throughCourier, type BookingOptions } from "./booking-outcome";
import { parseInput } from "./booking";

async function parcelRow(ctx: CoreContext, parcelId: number): Promise<ParcelRow> {
  const [row] = await ctx.db.select().from(parcels).where(eq(parcels.id, parcelId)).limit(1);
  if (!row) throw notFound("No such parcel.");
  return row;
}

async function accountOf(ctx: CoreContext, parcel: ParcelRow): Promise<CourierAccount> {
  const [account] = parcel.courierAccountId
    ? await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, parcel.courierAccountId)).limit(1)
    : [];
  if (!account) {
    throw invalid(
      `The ${COURIER_NAMES[parcel.courier]} account this parcel was booked with was removed, so the courier cannot be asked. Use the courier's portal.`,
    );
  }
  return account;
}

/**
 * Cancels a booked parcel before pickup (POST /api/admin/parcels/{id}/cancel): the courier is told
 * first, outside any transaction, and only once it agreed is the parcel marked cancelled. 409 once
 * picked up (or not booked), and 409 with the courier's words (courier_error) when it refuses or
 * cannot be reached: the parcel then stays booked.
 */
export async function cancelParcel(
  ctx: CoreContext,
  actor: StaffActor,
  parcelId: number,
  options: BookingOptions = {},
): Promise<ParcelView> {
  requirePermission(actor, "orders");
  const parcel = await parcelRow(ctx, parcelId);
  const name = COURIER_NAMES[parcel.courier];
  if (parcel.bookingState === "cancelled") throw conflict("This booking is already cancelled.");
  if (parcel.bookingState !== "booked") throw conflict("Only a booked parcel can be cancelled.");
  if (parcel.status !== null && parcel.status !== "booked") {
    throw conflict(
      `${name} has already picked this parcel up (it is ${parcel.status}), so the booking can no longer be cancelled. Ask ${name} to return it.`,
    );
  }
  const connected = connect(ctx, await accountOf(ctx, parcel), { timeoutMs: options.timeoutMs });
  await throughCourier(() => connected.adapter.cancel(connected.connection, parcel.cn!));
  await staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [row] = await tx
      .update(parcels)
      .set({ bookingState: "cancelled", cancelledAt: sql`now()`, nextPollAt: null })
      .where(and(eq(parcels.id, parcel.id), eq(parcels.bookingState, "booked")))
      .returning({ id: parcels.id });
    // cancelled meanwhile by someone else: the courier was told twice, which it takes
    if (!row) return;
    await audit({
      action: "parcel.cancel",
      entityType: "order",
      entityId: parcel.orderId,
      changes: { parcel: parcel.id, courier: parcel.courier, cn: parcel.cn },
    });
    await tx.insert(orderEvents).values({
      orderId: parcel.orderId,
      actorId: actor.userId,
      kind: "note",
      note: `Booking with ${name} cancelled (CN ${parcel.cn}).`,
      visibleToShopper: false,
    });
  });
  return getParcel(ctx, actor, parcel.id);
}

export const settleParcelInput = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("check") }),
    z.object({
      action: z.literal("booked"),
      cn: z
        .string({ error: "cn is required: the consignment number the courier's portal shows" })
        .max(40, "cn must be at most 40 characters")
        .transform((value) => value.trim())
        .refine((value) => CN_PATTERN.test(value), {
          message: "cn must be the consignment number: letters, digits and dashes",
        }),
    }),
    z.object({ action: z.literal("not_booked") }),
  ],
  { error: "action must be check, booked or not_booked" },
);

/**
 * Settles a booking whose outcome is not known (POST /api/admin/parcels/{id}/settle): "check" asks
 * the courier again by the parcel's reference; "booked" records the CN its portal shows; "not_booked"
 * records that nothing was booked, so the order can be booked again. 409 for a parcel whose outcome
 * is known (or a booking still under way); a check that still cannot tell leaves it unknown.
 */
export async function settleParcel(
  ctx: CoreContext,
  actor: StaffActor,
  parcelId: number,
  raw: unknown,
  options: BookingOptions = {},
): Promise<{ parcel: ParcelView; message: string }> {
  requirePermission(actor, "orders");
  const input = parseInput(settleParcelInput, raw);
  const parcel = await parcelRow(ctx, parcelId);
  const name = COURIER_NAMES[parcel.courier];
  const open = parcel.bookingState === "unknown" || (parcel.bookingState === "booking" && isStale(parcel));
  if (!open) {
    throw conflict(
      parcel.bookingState === "booking"
        ? `This parcel is being booked with ${name} right now. Wait a moment and reload.`
        : `This parcel's booking is already settled (${parcel.bookingState}).`,
    );
  }
  if (input.action === "check") {
    const connected = connect(ctx, await accountOf(ctx, parcel), { timeoutMs: options.timeoutMs });
    const result = await askByReference(connected, parcel, `Asked ${name} again.`);
    const row = await recordOutcome(ctx, actor, parcel, result);
    if (!row) throw conflict("Someone else settled this parcel meanwhile. Reload the order.");
    const message =
      result.outcome === "booked"
        ? `${name} holds it: booked with CN ${result.booking.cn}.`
        : result.outcome === "failed"
          ? `${name} holds no parcel under reference ${parcel.reference}: nothing was booked, and the order can be booked again.`
          : result.message;
    return { parcel: await getParcel(ctx, actor, parcel.id), message };
  }
  const row = await recordOutcome(
    ctx,
    actor,
    parcel,
    input.action === "booked"
      ? { outcome: "booked", booking: { cn: input.cn, labelUrl: null } }
      : {
          outcome: "failed",
          message: `Marked not booked by ${actor.firstName || actor.email} after checking ${name}'s portal.`,
          kind: null,
        },
  );
  if (!row) throw conflict("Someone else settled this parcel meanwhile. Reload the order.");
  if (input.action === "booked" && row.bookingState !== "booked") {
    throw conflict(row.failure ?? `CN ${input.cn} could not be recorded.`);
  }
  return {
    parcel: await getParcel(ctx, actor, parcel.id),
    message:
      input.action === "booked"
        ? `Recorded: booked with ${name}, CN ${input.cn}.`
        : "Marked not booked: the order can be booked again.",
  };
}

/** The live parcels of these orders (booked ones, for labels and load sheets), by order. */
export async function bookedParcelsOf(ctx: CoreContext, orderIds: readonly number[]): Promise<Map<number, ParcelRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(parcels)
    .where(and(inArray(parcels.orderId, [...orderIds]), eq(parcels.bookingState, "booked")));
  return new Map(rows.map((r) => [r.orderId, r]));
}
