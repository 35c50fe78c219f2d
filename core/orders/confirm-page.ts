// The shopper's confirm page (decision 0071): the link in the WhatsApp message
// opens the order it was made for, shows what was ordered, and takes Confirm or Cancel. The link
// is the only key: its token's SHA-256 finds the order (core/orders/confirm-link.ts), and the page
// shows nothing of the shopper but the city the parcel goes to.
import { asc, eq } from "drizzle-orm";
import { orderItems, orders } from "../../db/schema";
import type { Order, ShownLine } from "./order";
import type { CoreContext } from "../context";
import { notFound } from "../shared/errors";
import { hashConfirmToken, isConfirmTokenShape } from "./confirm-link";
import { settleConfirmation, type SettleResult } from "./confirmation-outcome";

export const CONFIRM_LINK_NOT_FOUND = "This confirmation link is not valid. It may have been copied incompletely.";

/** What the confirm page shows: the order, where it goes, and how its question ended. */
export interface ConfirmPageOrder extends Pick<
  Order,
  "id" | "trackingId" | "status" | "city" | "createdAt" | "totalPaisa" | "confirmationOutcome" | "confirmationChannel"
> {
  items: ShownLine[];
}

/** The order a confirm link names, or null for a token of the wrong shape or unknown. */
export async function findOrderByConfirmToken(ctx: CoreContext, token: string): Promise<ConfirmPageOrder | null> {
  if (!isConfirmTokenShape(token)) return null;
  const [order] = await ctx.db
    .select({
      id: orders.id,
      trackingId: orders.trackingId,
      status: orders.status,
      city: orders.city,
      createdAt: orders.createdAt,
      totalPaisa: orders.totalPaisa,
      confirmationOutcome: orders.confirmationOutcome,
      confirmationChannel: orders.confirmationChannel,
    })
    .from(orders)
    .where(eq(orders.confirmTokenHash, hashConfirmToken(token)));
  if (!order) return null;
  const items = await ctx.db
    .select({
      name: orderItems.productName,
      variant: orderItems.combinationName,
      quantity: orderItems.quantity,
      lineTotalPaisa: orderItems.lineTotalPaisa,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return { ...order, items };
}

/** Confirms or cancels the order a confirm link names; an order no longer pending is unchanged. */
export async function answerConfirmLink(
  ctx: CoreContext,
  token: string,
  answer: "confirmed" | "cancelled",
  ip: string | null,
): Promise<SettleResult> {
  const order = await findOrderByConfirmToken(ctx, token);
  if (!order) throw notFound(CONFIRM_LINK_NOT_FOUND);
  return settleConfirmation(ctx, order.id, answer, "link", { ip });
}
