// The four order emails (decision 0076): placed, shipped, delivered, cancelled. Each is queued
// in the transaction that causes it (the order's, or its status move's: decision 0069), so an
// order that rolls back leaves no email and a move made once sends once. The owner turns each
// kind on or off (site_settings.email_order_*); an order without an email address (a phone
// order) gets none. With discreet packaging on, subjects and inbox previews never name products;
// the body, which only the shopper opens, lists them as her order page does.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderItems, orders, siteSettings, type OrderStatus } from "../../db/schema";
import { withDefaults, type SiteSettings } from "../settings/site-settings";
import { isEmailAddress } from "../shared/email";
import { formatRupees } from "../shared/money";
import { renderEmail, type RenderedEmail } from "../messaging/email-layout";
import { queueEmail } from "../messaging/email-queue";
import {
  ORDER_EMAIL_KINDS,
  type OrderEmailContext,
  type OrderEmailData,
  type OrderEmailKind,
} from "./order-email-facts";
import { urduOrderEmail } from "./order-emails-ur";

export { ORDER_EMAIL_KINDS, type OrderEmailContext, type OrderEmailData, type OrderEmailKind };

/** The owner's switch for each kind. */
export const ORDER_EMAIL_SWITCHES = {
  order_placed: "emailOrderPlaced",
  order_shipped: "emailOrderShipped",
  order_delivered: "emailOrderDelivered",
  order_cancelled: "emailOrderCancelled",
} as const satisfies Record<OrderEmailKind, keyof SiteSettings>;

/** The email a status move sends, if any. */
export const EMAIL_FOR_STATUS: Partial<Record<OrderStatus, OrderEmailKind>> = {
  shipped: "order_shipped",
  delivered: "order_delivered",
  cancelled: "order_cancelled",
};

const karachi = new Intl.DateTimeFormat("en-PK", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Karachi",
});

/** "2 × Lawn suit, 1 × Dupatta": an inbox preview when discreet packaging is off. */
function itemsLine(items: OrderEmailData["items"]): string {
  return items.map((i) => `${i.quantity} × ${i.name}`).join(", ");
}

/** Renders one order email; pure, so tests read exactly what a shopper gets. */
export function orderEmail(kind: OrderEmailKind, order: OrderEmailData, context: OrderEmailContext): RenderedEmail {
  if (context.locale === "ur") return urduOrderEmail(kind, order, context);
  const id = order.trackingId;
  const name = order.firstName.trim() || "there";
  const total = formatRupees(order.totalPaisa);
  const trackUrl = context.linkBase ? `${context.linkBase}/track?tracking_id=${encodeURIComponent(id)}` : "";
  const button = trackUrl ? { label: "Track your order", url: trackUrl } : null;
  const contact = [
    context.phone ? `Call or WhatsApp ${context.phone}` : "",
    context.email ? `email ${context.email}` : "",
  ]
    .filter(Boolean)
    .join(" or ");
  const footer = [
    contact ? `Questions? ${contact}.` : "Questions? Reply to the store on its contact page.",
    `Tracking ID: ${id}`,
  ];
  const items = order.items.map((i) => ({
    name: i.name,
    detail: i.combinationName ?? undefined,
    quantity: i.quantity,
    amount: formatRupees(i.lineTotalPaisa),
  }));
  const figures = [
    { label: "Subtotal", value: formatRupees(order.subtotalPaisa) },
    { label: "Shipping", value: order.shippingPaisa === 0 ? "Free" : formatRupees(order.shippingPaisa) },
    ...(order.discountPaisa > 0
      ? [
          {
            label: order.voucherCode ? `Discount (${order.voucherCode})` : "Discount",
            value: `-${formatRupees(order.discountPaisa)}`,
          },
        ]
      : []),
    { label: "Total in rupees (cash on delivery)", value: total, strong: true },
  ];
  // an inbox shows the preview to anyone who glances at the phone: with discreet packaging on it
  // names no product, as the subject never does
  const preview = (discreetText: string, withItems: string) =>
    context.discreet || order.items.length === 0 ? discreetText : withItems;
  const base = { storeName: context.siteName, button, footer };

  switch (kind) {
    case "order_placed":
      return renderEmail({
        ...base,
        subject: `Order ${id} placed`,
        preheader: preview(
          `Thank you! Total ${total}, cash on delivery.`,
          `${itemsLine(order.items)}: total ${total}, cash on delivery.`,
        ),
        heading: `Thank you for your order, ${name}`,
        paragraphs: [
          `We have your order ${id}, placed on ${karachi.format(order.createdAt)} (Pakistan time). We will confirm it with you, then pack and send it.`,
          "You pay in cash, in Pakistani rupees (Rs.), when it arrives.",
        ],
        items,
        facts: [...figures, { label: "Tracking ID", value: id }],
        after: [
          trackUrl
            ? "Keep your tracking ID: with it and your phone number you can follow your order at any time."
            : "Keep your tracking ID: with it and your phone number you can follow your order on our website.",
        ],
      });
    case "order_shipped":
      return renderEmail({
        ...base,
        subject: `Order ${id} shipped`,
        preheader: preview(
          `On its way with ${order.courier ?? "the courier"}. Keep ${total} ready in cash.`,
          `${itemsLine(order.items)} is on its way with ${order.courier ?? "the courier"}.`,
        ),
        heading: `Your order is on its way, ${name}`,
        paragraphs: [`Order ${id} has left us with the courier. Please keep ${total} ready in cash for the rider.`],
        facts: [
          { label: "Courier", value: order.courier ?? "" },
          { label: "Consignment number", value: order.trackingNumber ?? "" },
          { label: "To pay on delivery", value: total, strong: true },
        ],
        items,
        after: ["You can also follow the parcel on the courier's website with the consignment number."],
      });
    case "order_delivered":
      return renderEmail({
        ...base,
        subject: `Order ${id} delivered`,
        preheader: preview(
          `Delivered. Thank you for shopping with ${context.siteName}.`,
          `${itemsLine(order.items)}: delivered.`,
        ),
        heading: `Delivered: thank you, ${name}`,
        paragraphs: [
          `Order ${id} has been delivered${order.cashCollectedPaisa !== null ? ` and ${formatRupees(order.cashCollectedPaisa)} was paid in cash` : ""}.`,
          "If a size or colour is not right, you can ask for an exchange within 7 days of delivery.",
        ],
        items,
      });
    case "order_cancelled":
      return renderEmail({
        ...base,
        subject: `Order ${id} cancelled`,
        preheader: preview("Your order was cancelled. You owe nothing.", `${itemsLine(order.items)}: cancelled.`),
        heading: `Your order ${id} was cancelled`,
        paragraphs: [
          ...(context.reason?.trim() ? [`Why: ${context.reason.trim()}`] : []),
          "It was cash on delivery, so you owe nothing and nothing more will happen with this order.",
          "Still want these items? You are welcome to order again on our website.",
        ],
        items,
        button: null,
      });
  }
}

/**
 * Queues one order email in the caller's transaction, if the owner has that kind on and the order
 * has an email address; answers the email's id or null. Reads the order as this transaction
 * sees it, so the email says what was just written (the courier, the new status).
 */
export async function queueOrderEmail(
  tx: Db,
  orderId: number,
  kind: OrderEmailKind,
  options: { linkBase: string; reason?: string | null },
): Promise<number | null> {
  const [settingsRow] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const settings = withDefaults(settingsRow);
  if (!settings[ORDER_EMAIL_SWITCHES[kind]]) return null;
  const [order] = await tx
    .select({
      email: orders.email,
      userId: orders.userId,
      trackingId: orders.trackingId,
      firstName: orders.firstName,
      createdAt: orders.createdAt,
      subtotalPaisa: orders.subtotalPaisa,
      shippingPaisa: orders.shippingPaisa,
      discountPaisa: orders.discountPaisa,
      totalPaisa: orders.totalPaisa,
      voucherCode: orders.voucherCode,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      cashCollectedPaisa: orders.cashCollectedPaisa,
      locale: orders.locale,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || !isEmailAddress(order.email)) return null;
  const items = await tx
    .select({
      name: orderItems.productName,
      combinationName: orderItems.combinationName,
      quantity: orderItems.quantity,
      lineTotalPaisa: orderItems.lineTotalPaisa,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const { locale, ...facts } = order;
  const email = orderEmail(
    kind,
    { ...facts, items },
    {
      siteName: settings.siteName,
      discreet: settings.discreetPackaging,
      linkBase: options.linkBase,
      reason: options.reason,
      phone: settings.phone,
      email: settings.email,
      locale,
    },
  );
  return queueEmail(tx, {
    kind,
    to: order.email,
    subject: email.subject,
    text: email.text,
    html: email.html,
    orderId,
    userId: order.userId,
  });
}
