// "My orders": what a signed-in shopper has bought. Amounts are paisa.
import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CoreContext } from "../context";
import { orderEvents, orderItems, orders, type OrderStatus } from "../../db/schema";
import type { Account } from "../accounts/account";
import type { Order, OrderLine, OrderRecipient, OrderShipment, OrderTotals, ShopperExchange } from "./order";
import { parcelEventsOf, shopperParcelEvent, type ShopperParcelEvent } from "./order-timeline";

export type MyOrderItem = Pick<
  OrderLine,
  | "productId"
  | "combinationId"
  | "productName"
  | "combinationName"
  | "variantDetails"
  | "imageUrl"
  | "unitPricePaisa"
  | "quantity"
  | "lineTotalPaisa"
>;

export interface MyOrder
  extends
    Pick<Order, "id" | "trackingId" | "status" | "paymentMethod" | "createdAt" | "updatedAt">,
    OrderRecipient,
    OrderTotals,
    OrderShipment {
  items: MyOrderItem[];
  /** each status step with its date; never a staff note */
  timeline: ({ status: OrderStatus; createdAt: Date } & OrderShipment)[];
  /** exchanges (decision 0056), as the tracking page shows them */
  exchanges: ShopperExchange[];
  /** what the courier reported of the parcel, oldest first (decision 0104) */
  parcelEvents: ShopperParcelEvent[];
}

const relatedOrder = alias(orders, "related_order");

/**
 * The account's orders, newest first: those placed while signed in, plus guest orders with the
 * account's email once that email is verified. An unverified email proves nothing: anyone can
 * sign up with someone else's address, so it must not open their guest orders (decision 0022).
 */
export async function listMyOrders(
  ctx: CoreContext,
  user: Pick<Account, "id" | "email" | "emailVerifiedAt">,
  page: { limit: number; offset: number },
): Promise<MyOrder[]> {
  const mine = eq(orders.userId, user.id);
  // orders.email is stored in lowercase, as is the account's
  const where = user.emailVerifiedAt ? or(mine, and(isNull(orders.userId), eq(orders.email, user.email))) : mine;
  const rows = await ctx.db
    .select({
      id: orders.id,
      trackingId: orders.trackingId,
      status: orders.status,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      shippingAddress: orders.shippingAddress,
      city: orders.city,
      postalCode: orders.postalCode,
      country: orders.country,
      paymentMethod: orders.paymentMethod,
      subtotalPaisa: orders.subtotalPaisa,
      shippingPaisa: orders.shippingPaisa,
      discountPaisa: orders.discountPaisa,
      totalPaisa: orders.totalPaisa,
      voucherCode: orders.voucherCode,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length === 0) return [];
  const items = await ctx.db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      combinationId: orderItems.combinationId,
      productName: orderItems.productName,
      combinationName: orderItems.combinationName,
      variantDetails: orderItems.variantDetails,
      imageUrl: orderItems.imageUrl,
      unitPricePaisa: orderItems.unitPricePaisa,
      quantity: orderItems.quantity,
      lineTotalPaisa: orderItems.lineTotalPaisa,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const events = await ctx.db
    .select({
      orderId: orderEvents.orderId,
      kind: orderEvents.kind,
      status: orderEvents.toStatus,
      createdAt: orderEvents.at,
      courier: orderEvents.courier,
      trackingNumber: orderEvents.trackingNumber,
      relatedTrackingId: relatedOrder.trackingId,
      relatedExchangeOf: relatedOrder.exchangeOfOrderId,
    })
    .from(orderEvents)
    .leftJoin(relatedOrder, eq(relatedOrder.id, orderEvents.relatedOrderId))
    .where(
      and(
        inArray(
          orderEvents.orderId,
          rows.map((r) => r.id),
        ),
        eq(orderEvents.visibleToShopper, true),
      ),
    )
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const stepsByOrder = new Map<number, MyOrder["timeline"]>();
  const exchangesByOrder = new Map<number, ShopperExchange[]>();
  for (const { orderId, kind, status, relatedTrackingId, relatedExchangeOf, ...step } of events) {
    if (kind === "exchange" && relatedTrackingId) {
      const list = exchangesByOrder.get(orderId) ?? [];
      // the other order replaces this one when it points back here; otherwise this one replaces it
      list.push({
        role: relatedExchangeOf === orderId ? "replaced_by" : "replaces",
        trackingId: relatedTrackingId,
        createdAt: step.createdAt,
      });
      exchangesByOrder.set(orderId, list);
    }
    if (kind !== "status" || status === null) continue;
    const list = stepsByOrder.get(orderId) ?? [];
    list.push({ status, ...step });
    stepsByOrder.set(orderId, list);
  }
  const reportedByOrder = new Map<number, ShopperParcelEvent[]>();
  for (const event of await parcelEventsOf(
    ctx.db,
    rows.map((r) => r.id),
  )) {
    const list = reportedByOrder.get(event.orderId) ?? [];
    list.push(shopperParcelEvent(event));
    reportedByOrder.set(event.orderId, list);
  }
  const byOrder = new Map<number, MyOrderItem[]>();
  for (const { orderId, ...item } of items) {
    const list = byOrder.get(orderId) ?? [];
    list.push({ ...item, lineTotalPaisa: Number(item.lineTotalPaisa) });
    byOrder.set(orderId, list);
  }
  return rows.map((r) => ({
    ...r,
    subtotalPaisa: Number(r.subtotalPaisa),
    shippingPaisa: Number(r.shippingPaisa),
    discountPaisa: Number(r.discountPaisa),
    totalPaisa: Number(r.totalPaisa),
    items: byOrder.get(r.id) ?? [],
    timeline: stepsByOrder.get(r.id) ?? [],
    exchanges: exchangesByOrder.get(r.id) ?? [],
    parcelEvents: reportedByOrder.get(r.id) ?? [],
  }));
}
