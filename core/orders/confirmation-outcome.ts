// The end of a pending order's confirmation question when no member of staff ends it:
// the shopper taps Confirm or Cancel on WhatsApp or replies in words, uses the link in the
// message, or nobody answers and the scheduler lets the order expire. Each is one move through
// applyOrderMove (the same lock, stock, voucher, timeline and audit as a staff move), made only
// while the order is still pending: a second tap, a replayed event or a race with staff finds it
// settled and changes nothing.
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import type { ConfirmationChannel, OrderStatus } from "../../db/schema";
import { applyOrderMove, type MoveOutcome } from "./workflow";

export type ConfirmationAnswer = "confirmed" | "cancelled" | "expired";

/** what the shopper's timeline and the console show for each way the question ended */
export const CONFIRMATION_EVENT_NOTES: Partial<
  Record<`${ConfirmationAnswer}:${"whatsapp" | "link" | "auto"}`, string>
> = {
  "confirmed:whatsapp": "Confirmed by the customer on WhatsApp",
  "cancelled:whatsapp": "Cancelled by the customer on WhatsApp",
  "confirmed:link": "Confirmed by the customer on the store's confirmation page",
  "cancelled:link": "Cancelled by the customer on the store's confirmation page",
  "confirmed:auto": "Confirmed",
  "cancelled:auto": "Cancelled",
  "expired:auto": "Cancelled: no answer to the confirmation request",
};

export interface SettleResult {
  /** true: this call moved the order; false: it was no longer pending (nothing changed) */
  changed: boolean;
  /** the order's status after the call */
  status: OrderStatus;
  outcome: MoveOutcome | null;
}

/**
 * Ends the question for a pending order, in the caller's transaction (so a webhook can record the
 * event and its effect together). The order's row is locked first; an order that is no longer
 * pending confirmation is left as it is and reported unchanged.
 */
export async function settleConfirmationInTx(
  tx: Db,
  orderId: number,
  answer: ConfirmationAnswer,
  channel: Extract<ConfirmationChannel, "whatsapp" | "link" | "auto">,
  options: { eventNote?: string; ip?: string | null } = {},
): Promise<SettleResult> {
  const [row] = await queryRows<{ status: OrderStatus }>(
    tx,
    sql`select status from orders where id = ${orderId} for update`,
  );
  if (!row) return { changed: false, status: "cancelled", outcome: null };
  if (row.status !== "pending confirmation") return { changed: false, status: row.status, outcome: null };
  const outcome = await applyOrderMove(
    tx,
    orderId,
    {
      to: answer === "confirmed" ? "confirmed" : "cancelled",
      eventNote:
        options.eventNote ??
        CONFIRMATION_EVENT_NOTES[`${answer}:${channel}` as keyof typeof CONFIRMATION_EVENT_NOTES] ??
        undefined,
      expectedStatus: "pending confirmation",
      restock: true,
      channel,
      expired: answer === "expired",
    },
    { actorId: null, who: { userId: null, email: null, ip: options.ip ?? null } },
  );
  return { changed: true, status: outcome.to, outcome };
}

/** The same in a transaction of its own; clears the read cache when stock came back. */
export async function settleConfirmation(
  ctx: CoreContext,
  orderId: number,
  answer: ConfirmationAnswer,
  channel: Extract<ConfirmationChannel, "whatsapp" | "link" | "auto">,
  options: { eventNote?: string; ip?: string | null } = {},
): Promise<SettleResult> {
  const result = await ctx.db.transaction((tx) => settleConfirmationInTx(tx, orderId, answer, channel, options));
  if (result.outcome && result.outcome.restocked.length > 0) ctx.cache.clear();
  return result;
}
