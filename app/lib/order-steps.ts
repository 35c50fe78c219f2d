// The steps a shopper sees for an order (decision 0055), for the tracking page and My Orders:
// placed → confirmed → packed → shipped → delivered, each with the moment it happened, and a last
// step for an order that ended (cancelled or returned). Only the status steps the store shows the
// shopper reach here: staff notes never leave the console.

import { LOCALE_TAGS, type Locale } from "../i18n/locales";

const formats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/**
 * An order's moments as the shopper reads them (design.md: stored in UTC, shown in Pakistan
 * time): "28 November 2026, 11:15 am" in English, the same in Urdu's words with Latin digits.
 */
export function orderTimeFormat(locale: Locale): Intl.DateTimeFormat {
  // English keeps the day-month order the pages always had (en-GB, not en-PK)
  return (formats[locale] ??= new Intl.DateTimeFormat(locale === "en" ? "en-GB" : LOCALE_TAGS[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone: "Asia/Karachi",
    numberingSystem: "latn",
  }));
}

export type ShopperOrderStatus =
  "pending confirmation" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "returned";

export const ORDER_STEPS: { status: ShopperOrderStatus; label: string }[] = [
  { status: "pending confirmation", label: "Order placed" },
  { status: "confirmed", label: "Confirmed" },
  { status: "packed", label: "Packed" },
  { status: "shipped", label: "Shipped" },
  { status: "delivered", label: "Delivered" },
];

export const SHOPPER_STATUS_TEXT: Record<ShopperOrderStatus, string> = {
  "pending confirmation": "Awaiting confirmation",
  confirmed: "Confirmed",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  returned: "Returned",
};

export type StepState = "done" | "current" | "todo";

export interface OrderStep {
  label: string;
  state: StepState;
  /** when the order reached this step, formatted by the caller's formatter; null when it has not */
  date: string | null;
}

/**
 * The steps of an order. `timeline` is its status steps (oldest first); an order from before the
 * timeline kept every step has none, and its first step is then dated by when it was placed.
 */
export function orderSteps(
  order: {
    status: ShopperOrderStatus;
    createdAt: Date | string;
    timeline: { status: ShopperOrderStatus; createdAt: Date | string }[];
  },
  format: (at: Date | string) => string,
): { steps: OrderStep[]; ended: boolean; arrived: boolean } {
  // the latest time the order reached a status (a status is reached once; the last one counts)
  const reached = (status: ShopperOrderStatus) => order.timeline.findLast((e) => e.status === status);
  const index = ORDER_STEPS.findIndex((s) => s.status === order.status);
  const ended = order.status === "cancelled" || order.status === "returned";
  const steps: OrderStep[] = ORDER_STEPS.map((step, i) => {
    const event =
      i === 0 ? (reached(step.status) ?? { status: step.status, createdAt: order.createdAt }) : reached(step.status);
    const state: StepState =
      index >= 0 ? (i < index ? "done" : i === index ? "current" : "todo") : event ? "done" : "todo";
    return { label: step.label, state, date: event ? format(event.createdAt) : null };
  });
  if (ended) {
    const event = reached(order.status);
    // a cancelled or returned order never reaches the steps it had not reached: they are not
    // listed as if still to come, only those it went through and how it ended
    steps.splice(0, steps.length, ...steps.filter((step) => step.state === "done"));
    steps.push({
      label: SHOPPER_STATUS_TEXT[order.status],
      state: "current",
      date: event ? format(event.createdAt) : null,
    });
  }
  return { steps, ended, arrived: order.status === "delivered" };
}
