// An order's timeline as staff read it (decision 0055): every status move, staff note and
// exchange, oldest first, with who acted. The console's order screen, the staff API and the call
// list show it; the shopper's pages read only the rows marked for her (track-order.ts, my-orders.ts).
// What the courier reported of the order's parcels (decision 0104) is read from parcel_events and
// merged in here, not copied: each event is kept once, where the tracking poll and the courier's
// webhook wrote it, and shows on every timeline that reads it.
import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  orderEvents,
  orders,
  parcelEvents,
  parcels,
  users,
  type OrderEventKind,
  type ParcelStatus,
} from "../../db/schema";
import { COURIER_NAMES } from "../couriers/courier";
import type { Order, OrderEventRow } from "./order";

/** A timeline row's kind: the order's own events, and "parcel" for what its courier reported. */
export type TimelineKind = OrderEventKind | "parcel";

/** One row of the timeline, with the name of who acted and the other order of an exchange. */
export interface OrderEventRecord extends Pick<
  OrderEventRow,
  | "id"
  | "at"
  | "fromStatus"
  | "toStatus"
  | "note"
  | "courier"
  | "trackingNumber"
  | "visibleToShopper"
  | "actorId"
  /** an exchange event: the other order (the replacement, or the order it replaces) */
  | "relatedOrderId"
> {
  kind: TimelineKind;
  actorName: string | null;
  relatedTrackingId: Order["trackingId"] | null;
}

const relatedOrder = alias(orders, "related_order");

/** An order's timeline, oldest first, with who acted. */
export async function orderTimeline(db: Db, orderId: number): Promise<OrderEventRecord[]> {
  const rows = await db
    .select({
      id: orderEvents.id,
      at: orderEvents.at,
      kind: orderEvents.kind,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      note: orderEvents.note,
      courier: orderEvents.courier,
      trackingNumber: orderEvents.trackingNumber,
      visibleToShopper: orderEvents.visibleToShopper,
      actorId: orderEvents.actorId,
      relatedOrderId: orderEvents.relatedOrderId,
      relatedTrackingId: relatedOrder.trackingId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .leftJoin(relatedOrder, eq(relatedOrder.id, orderEvents.relatedOrderId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const own: OrderEventRecord[] = rows.map(({ firstName, lastName, email, ...row }) => ({
    ...row,
    actorName: row.actorId === null ? null : `${firstName ?? ""} ${lastName ?? ""}`.trim() || email,
  }));
  const reported: OrderEventRecord[] = (await parcelEventsOf(db, [orderId])).map((event) => ({
    id: event.id,
    at: event.at,
    kind: "parcel",
    fromStatus: null,
    toStatus: null,
    note: parcelEventWords(event),
    courier: event.courierName,
    trackingNumber: event.cn,
    visibleToShopper: true,
    actorId: null,
    actorName: null,
    relatedOrderId: null,
    relatedTrackingId: null,
  }));
  // oldest first; at the same moment the order's own row first (a move made by the courier's event)
  return [...own, ...reported].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (a.kind === "parcel" ? 1 : 0) - (b.kind === "parcel" ? 1 : 0),
  );
}

/** What the courier reported of one of the order's parcels. */
export interface ParcelEventRecord {
  id: number;
  orderId: number;
  parcelId: number;
  courierName: string;
  cn: string | null;
  at: Date;
  status: ParcelStatus;
  /** the courier's own words or code */
  courierStatus: string;
  reason: string | null;
  location: string | null;
}

/**
 * The courier events of these orders' parcels, oldest first. A cancelled or failed booking's
 * events stay out: the shopper's parcel is the one booked now (or delivered, or returned).
 */
export async function parcelEventsOf(db: Db, orderIds: readonly number[]): Promise<ParcelEventRecord[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: parcelEvents.id,
      orderId: parcels.orderId,
      parcelId: parcels.id,
      courier: parcels.courier,
      cn: parcels.cn,
      at: parcelEvents.at,
      status: parcelEvents.status,
      courierStatus: parcelEvents.courierStatus,
      reason: parcelEvents.reason,
      location: parcelEvents.location,
    })
    .from(parcelEvents)
    .innerJoin(parcels, eq(parcels.id, parcelEvents.parcelId))
    .where(and(inArray(parcels.orderId, [...orderIds]), eq(parcels.bookingState, "booked")))
    .orderBy(asc(parcelEvents.at), asc(parcelEvents.id));
  return rows.map(({ courier, ...row }) => ({ ...row, courierName: COURIER_NAMES[courier] }));
}

/** What the shopper sees of a courier event: our status, the courier's reason and place, when. */
export type ShopperParcelEvent = Pick<ParcelEventRecord, "at" | "status" | "reason" | "location" | "courierName">;

export const shopperParcelEvent = (event: ParcelEventRecord): ShopperParcelEvent => ({
  at: event.at,
  status: event.status,
  reason: event.reason,
  location: event.location,
  courierName: event.courierName,
});

/** Our words for each parcel status, as staff read them on the timeline. */
export const PARCEL_STATUS_WORDS: Readonly<Record<ParcelStatus, string>> = {
  booked: "Booked with the courier",
  "picked up": "Picked up by the courier",
  "in transit": "In transit",
  "out for delivery": "Out for delivery",
  "delivery attempted": "Delivery attempted",
  delivered: "Delivered",
  returning: "On its way back to the shop",
  returned: "Returned to the shop",
};

/** "Delivery attempted: Address incomplete · Lahore (PostEx: Attempt Made)". */
export function parcelEventWords(
  event: Pick<ParcelEventRecord, "status" | "reason" | "location" | "courierName" | "courierStatus">,
): string {
  const reason = event.reason ? `: ${event.reason}` : "";
  const place = event.location ? ` · ${event.location}` : "";
  return `${PARCEL_STATUS_WORDS[event.status]}${reason}${place} (${event.courierName}: ${event.courierStatus})`;
}
