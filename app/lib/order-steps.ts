// The steps a shopper sees for an order (decision 0055), for the tracking page and My Orders:
// placed → confirmed → packed → shipped → delivered, each with the moment it happened, and a last
// step for an order that ended (cancelled or returned). Only the status steps the store shows the
// shopper reach here: staff notes never leave the console.

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
