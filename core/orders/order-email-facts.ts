// What an order email is made of (decision 0076), shared by the English words (order-emails.ts)
// and the Urdu ones (order-emails-ur.ts).
import type { ShopperLocale } from "../shared/locale";

export const ORDER_EMAIL_KINDS = ["order_placed", "order_shipped", "order_delivered", "order_cancelled"] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** What an order email says, as read from the order in its transaction. */
export interface OrderEmailData {
  trackingId: string;
  firstName: string;
  createdAt: Date;
  items: { name: string; combinationName: string | null; quantity: number; lineTotalPaisa: number }[];
  subtotalPaisa: number;
  shippingPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
  voucherCode: string | null;
  courier: string | null;
  trackingNumber: string | null;
  cashCollectedPaisa: number | null;
}

export interface OrderEmailContext {
  siteName: string;
  discreet: boolean;
  /** PUBLIC_URL: the tracking link; empty = no link (a relative one is useless in a mailbox) */
  linkBase: string;
  /** why the order was cancelled, as its timeline tells the shopper */
  reason?: string | null;
  /** the store's phone and email, for questions */
  phone?: string | null;
  email?: string | null;
  /** the order's language: an order placed on the Urdu storefront gets its emails in Urdu */
  locale?: ShopperLocale;
}
