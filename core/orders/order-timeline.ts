// An order's timeline as staff read it (decision 0055): every status move, staff note and
// exchange, oldest first, with who acted. The console's order screen, the staff API and the call
// list show it; the shopper's pages read only the rows marked for her (track-order.ts, my-orders.ts).
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { orderEvents, orders, users } from "../../db/schema";
import type { Order, OrderEventRow } from "./order";

/** One row of the timeline, with the name of who acted and the other order of an exchange. */
export interface OrderEventRecord extends Pick<
  OrderEventRow,
  | "id"
  | "at"
  | "kind"
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
  return rows.map(({ firstName, lastName, email, ...row }) => ({
    ...row,
    actorName: row.actorId === null ? null : `${firstName ?? ""} ${lastName ?? ""}`.trim() || email,
  }));
}
