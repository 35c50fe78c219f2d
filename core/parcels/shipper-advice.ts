// Telling the courier what to do with a parcel it could not deliver (decision 0104): try again,
// or send it back to the shop. PostEx takes it as "shipper advice" on an attempted parcel; a
// courier whose API takes none has no such call (the adapter leaves shipperAdvice out) and staff
// call the courier instead. The courier is called first, outside any transaction; only when it
// took the advice are the audit row and the order's timeline note written.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { courierAccounts, orderEvents, parcels } from "../../db/schema";
import { AppError, notFound } from "../shared/errors";
import { parse, text } from "../shared/input";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { COURIER_NAMES, type ShipperAdvice } from "../couriers/courier";
import { adapterFor } from "../couriers/adapters";
import { connect } from "../couriers/connection";
import { courierRefusal, type PollOptions } from "./tracking";

export const ADVICE_NOTE_MAX = 200;

export const shipperAdviceInput = z.object({
  advice: z.enum(["retry", "return"], { error: "advice must be retry or return" }),
  note: text("note", ADVICE_NOTE_MAX).optional(),
});

/** What the timeline says, in the staff's words. */
const ADVICE_WORDS: Record<ShipperAdvice, string> = {
  retry: "try delivering again",
  return: "return the parcel to the shop",
};

export interface AdviceSent {
  parcelId: number;
  orderId: number;
  advice: ShipperAdvice;
  note: string;
}

/**
 * Sends the courier "retry" or "return" for an attempted parcel (POST
 * /api/admin/parcels/{id}/advice). 404 no such parcel; 409 when the parcel is not an attempted
 * delivery, its courier takes no advice, or the courier refused or could not be reached.
 */
export async function adviseParcel(
  ctx: CoreContext,
  actor: StaffActor,
  parcelId: number,
  raw: unknown,
  options: Pick<PollOptions, "connect"> = {},
): Promise<AdviceSent> {
  requirePermission(actor, "orders");
  const input = parse(shipperAdviceInput, raw);
  const note = input.note ?? "";
  const [parcel] = await ctx.db.select().from(parcels).where(eq(parcels.id, parcelId)).limit(1);
  if (!parcel) throw notFound("No such parcel.");
  const courier = COURIER_NAMES[parcel.courier];
  if (parcel.bookingState !== "booked" || !parcel.cn || parcel.status !== "delivery attempted") {
    throw new AppError(
      409,
      `Advice is for a parcel whose delivery was attempted; this one is ${parcel.status ?? parcel.bookingState}.`,
    );
  }
  // a courier whose API takes no advice is said so first, whatever else stands in the way
  if (!adapterFor(parcel.courier).shipperAdvice) {
    throw new AppError(409, `${courier} takes no advice through its API: call ${courier} instead.`);
  }
  const [account] =
    parcel.courierAccountId === null
      ? []
      : await ctx.db.select().from(courierAccounts).where(eq(courierAccounts.id, parcel.courierAccountId)).limit(1);
  if (!account) throw new AppError(409, "The courier account this parcel was booked with was deleted.");
  const connected = (options.connect ?? connect)(ctx, account);
  const send = connected.adapter.shipperAdvice;
  if (!send) throw new AppError(409, `${courier} takes no advice through its API: call ${courier} instead.`);
  const cn = parcel.cn;
  await send.call(connected.adapter, connected.connection, cn, input.advice, note).catch((error: unknown) => {
    throw courierRefusal(error);
  });
  return staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    // nothing cached shows a staff note or the advice sent
    keepCache();
    await tx.insert(orderEvents).values({
      orderId: parcel.orderId,
      actorId: actor.userId,
      kind: "note",
      note: `Asked ${courier} to ${ADVICE_WORDS[input.advice]} (${cn})${note ? `: ${note}` : ""}`,
      visibleToShopper: false,
    });
    await audit({
      action: "parcel.advice",
      entityType: "parcel",
      entityId: parcel.id,
      changes: { order_id: parcel.orderId, cn, advice: input.advice, ...(note ? { note } : {}) },
    });
    return { parcelId: parcel.id, orderId: parcel.orderId, advice: input.advice, note };
  });
}
