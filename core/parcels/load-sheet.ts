// The load sheet a rider signs when he takes the parcels (decision 0103): the courier's own where
// its API makes one, else the store's (load-sheet-pdf.ts). For the orders staff ticked, or for
// every parcel of one courier account still awaiting pickup; one sheet per account, in one PDF.
import { and, asc, eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { courierAccounts, parcels } from "../../db/schema";
import { COURIER_NAMES } from "../couriers/courier";
import { connect } from "../couriers/connection";
import { invalid, notFound } from "../shared/errors";
import { karachiMinute } from "../shared/karachi-time";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { discreetSenderName } from "../orders/print";
import { bookedGroups, checkOrderIds, PARCEL_PRINT_MAX } from "./labels";
import { drawLoadSheet, type LoadSheet } from "./load-sheet-pdf";
import { appendPdf, newPdf } from "./pdf-kit";
import { throughCourier, type BookingOptions } from "./booking-outcome";

/** Which parcels a load sheet lists: the ticked orders', or an account's parcels awaiting pickup. */
export type LoadSheetSelection = { orderIds: readonly number[] } | { accountId: number };

/** The orders of an account's parcels that are booked and not yet picked up, oldest booking first. */
async function awaitingPickup(ctx: CoreContext, accountId: number): Promise<number[]> {
  const [account] = await ctx.db
    .select({ id: courierAccounts.id, label: courierAccounts.label })
    .from(courierAccounts)
    .where(eq(courierAccounts.id, accountId))
    .limit(1);
  if (!account) throw notFound("No such courier account.");
  const rows = await ctx.db
    .select({ orderId: parcels.orderId })
    .from(parcels)
    .where(
      and(eq(parcels.courierAccountId, accountId), eq(parcels.bookingState, "booked"), eq(parcels.status, "booked")),
    )
    .orderBy(asc(parcels.bookedAt), asc(parcels.id))
    .limit(PARCEL_PRINT_MAX + 1);
  if (rows.length === 0) throw invalid(`No parcel of "${account.label}" is awaiting pickup.`);
  if (rows.length > PARCEL_PRINT_MAX) {
    throw invalid(`More than ${PARCEL_PRINT_MAX} parcels are awaiting pickup: tick the orders to list instead.`);
  }
  return rows.map((r) => r.orderId);
}

/**
 * One PDF of the load sheets for a selection (GET /api/admin/parcels/load-sheet): one per courier
 * account, the courier's own where it makes one. 422 for orders not booked; 409 with the courier's
 * message when it cannot be reached.
 */
export async function loadSheetPdf(
  ctx: CoreContext,
  actor: StaffActor,
  selection: LoadSheetSelection,
  options: BookingOptions = {},
): Promise<Uint8Array> {
  requirePermission(actor, "orders");
  const ids =
    "accountId" in selection ? await awaitingPickup(ctx, selection.accountId) : checkOrderIds(selection.orderIds);
  const { groups, store } = await bookedGroups(ctx, actor, ids);
  const doc = await newPdf("Load sheet");
  const madeAt = karachiMinute(new Date());
  for (const { account, items } of groups) {
    const courier = items[0]!.parcel.courier;
    const connected = account ? connect(ctx, account, { timeoutMs: options.timeoutMs }) : null;
    const pdf = connected
      ? await throughCourier(() =>
          connected.adapter.loadSheet(
            connected.connection,
            items.map((i) => i.parcel.cn!),
          ),
        )
      : null;
    if (pdf) {
      await throughCourier(() => appendPdf(doc, courier, pdf.pdf));
      continue;
    }
    const pickup = account?.pickupAddresses[0];
    const sheet: LoadSheet = {
      courierName: COURIER_NAMES[courier],
      accountLabel: account?.label ?? "(account removed)",
      shipper: store.discreetPackaging ? discreetSenderName(store) : store.name,
      pickupAddress: pickup ? `${pickup.address}${pickup.phone ? ` · ${pickup.phone}` : ""}` : "",
      madeAt,
      rows: items.map(({ order, parcel }) => ({
        cn: parcel.cn!,
        trackingId: order.trackingId,
        consignee: `${order.firstName} ${order.lastName}`.trim(),
        city: order.city,
        pieces: parcel.pieces,
        codPaisa: parcel.codPaisa,
      })),
    };
    await drawLoadSheet(doc, sheet);
  }
  return doc.save();
}
