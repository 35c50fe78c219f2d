// Order tracking for guests: the tracking ID plus the phone or email used for the order.
// It answers the order's progress and contents and nothing else of the shopper (no name,
// address, email or phone), and the same "not found" for a wrong ID and a wrong contact,
// so it cannot be used to test which tracking IDs exist.
import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CoreContext } from "../context";
import { orderEvents, orderItems, orders, type OrderStatus } from "../../db/schema";
import {
  detailedLine,
  orderTotals,
  type DetailedLine,
  type Order,
  type OrderShipment,
  type OrderTotals,
  type ShopperExchange,
} from "./order";
import { notFound } from "../shared/errors";
import { normalizeInternationalPhone, normalizePhone } from "../shared/phone";
import { parseTrackingId } from "./tracking-id";
import { parcelEventsOf, shopperParcelEvent, type ShopperParcelEvent } from "./order-timeline";

const relatedOrder = alias(orders, "related_order");

export const ORDER_NOT_FOUND = "We could not find an order with those details.";

/** A shopper's view of an order: its progress and contents, nothing of who or where. */
export interface TrackedOrder
  extends
    Pick<Order, "trackingId" | "status" | "paymentMethod" | "createdAt" | "updatedAt">,
    OrderShipment,
    OrderTotals {
  /** each step with its date; the courier and consignment number on the shipped step */
  timeline: ({ status: OrderStatus; note: string | null; createdAt: Date } & OrderShipment)[];
  /**
   * Exchanges (decision 0056), with their dates: on a delivered order, the replacement order
   * arranged for it ("replaced_by"); on a replacement, the order it replaces ("replaces").
   */
  exchanges: ShopperExchange[];
  /** what the courier reported of the parcel, oldest first (decision 0104) */
  parcelEvents: ShopperParcelEvent[];
  items: DetailedLine[];
}

/** An order by tracking ID, when every contact given matches it (GET /orders/track/{id}). */
export async function trackOrder(
  ctx: CoreContext,
  input: { trackingId: string; phone?: string | null; email?: string | null },
): Promise<TrackedOrder> {
  const trackingId = parseTrackingId(input.trackingId);
  if (!trackingId || (!input.phone && !input.email)) throw notFound(ORDER_NOT_FOUND);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.trackingId, trackingId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (input.email && input.email.trim().toLowerCase() !== order.email) throw notFound(ORDER_NOT_FOUND);
  if (input.phone) {
    // read the number by the order's country's rule; digits only when it does not fit that rule
    const phone = normalizePhone(input.phone, order.country) ?? normalizeInternationalPhone(input.phone);
    if (phone !== order.phoneNormalized) throw notFound(ORDER_NOT_FOUND);
  }
  const [items, events, reported] = await Promise.all([
    ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    // only the steps meant for the shopper: a staff note never leaves the console
    ctx.db
      .select({ event: orderEvents, relatedTrackingId: relatedOrder.trackingId })
      .from(orderEvents)
      .leftJoin(relatedOrder, eq(relatedOrder.id, orderEvents.relatedOrderId))
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.visibleToShopper, true)))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    parcelEventsOf(ctx.db, [order.id]),
  ]);
  const steps = events.map((row) => row.event).filter((e) => e.kind === "status" && e.toStatus !== null);
  return {
    trackingId: order.trackingId,
    status: order.status,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    timeline: steps.map((e) => ({
      status: e.toStatus!,
      note: e.note,
      createdAt: e.at,
      courier: e.courier,
      trackingNumber: e.trackingNumber,
    })),
    exchanges: events.flatMap(({ event, relatedTrackingId }) =>
      event.kind === "exchange" && relatedTrackingId
        ? [
            {
              role: event.relatedOrderId === order.exchangeOfOrderId ? ("replaces" as const) : ("replaced_by" as const),
              trackingId: relatedTrackingId,
              createdAt: event.at,
            },
          ]
        : [],
    ),
    parcelEvents: reported.map(shopperParcelEvent),
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    items: items.map(detailedLine),
    ...orderTotals(order),
  };
}
