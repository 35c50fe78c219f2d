// The call list (decision 0072): orders still pending confirmation, oldest first, for staff
// who confirm by phone instead of waiting for the shopper's WhatsApp answer. The answer on the
// call is an ordinary move (moveOrder with confirmation_channel "call", and the status the member
// saw, so a shopper's tap or a colleague's call meanwhile is a 409); "no answer" is a note.
import { count, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { orders, type OrderRisk } from "../../db/schema";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { addOrderNote, moveOrder, type MoveOutcome } from "./workflow";
import type { OrderEventRecord } from "./order-timeline";

export interface CallListEntry {
  id: number;
  trackingId: string;
  firstName: string;
  lastName: string;
  /** as the shopper typed it, and in international digits (92…) for a tel: link */
  phone: string;
  phoneNormalized: string;
  city: string;
  totalPaisa: number;
  createdAt: Date;
  /** a signal the shop chose held the order: it was not asked on WhatsApp and never expires */
  heldForCall: boolean;
  /** the reasons of the signals found at placement; empty when none (or none were looked for) */
  reasons: string[];
  /** when the scheduler's one reminder was written; null: none yet */
  remindedAt: Date | null;
  /** how far the WhatsApp question got (its furthest message); null: none was written */
  question: QuestionState | null;
}

/**
 * What became of an order's WhatsApp question, furthest first: read or delivered (it reached the
 * phone, so an unanswered order expires), sent (the Cloud API took it; not known delivered),
 * waiting (in the outbox), failed, not sent (no WhatsApp account: only logged).
 */
export const QUESTION_STATES = ["read", "delivered", "sent", "waiting", "failed", "not sent"] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];

// the confirmation and its reminder count as one question: the furthest either got. The outer
// row is named in full: drizzle writes a column of the one table of a query without its table,
// which inside this subquery would mean the message's own id
const questionState = sql<QuestionState | null>`(
  select case max(case when m.read_at is not null then 6 when m.delivered_at is not null then 5
                       when m.status = 'sent' then 4 when m.status in ('queued', 'sending') then 3
                       when m.status = 'failed' then 2 else 1 end)
         when 6 then 'read' when 5 then 'delivered' when 4 then 'sent' when 3 then 'waiting'
         when 2 then 'failed' when 1 then 'not sent' end
  from whatsapp_messages m where m.order_id = "orders"."id" and m.kind in ('confirmation', 'reminder'))`;

const reasonsOf = (risk: OrderRisk | string | null): string[] => {
  const value = typeof risk === "string" ? (JSON.parse(risk) as OrderRisk | null) : risk;
  const signals = Array.isArray(value?.signals) ? value.signals : [];
  return signals
    .map((s) => (typeof s?.reason === "string" ? s.reason.trim() : ""))
    .filter((reason) => reason.length > 0);
};

/** Pending orders, oldest first (the status index, status then created_at, serves the page and the count). */
export async function listCalls(
  ctx: CoreContext,
  actor: StaffActor,
  query: { limit: number; offset: number },
): Promise<{ items: CallListEntry[]; total: number }> {
  requirePermission(actor, "orders");
  const pending = eq(orders.status, "pending confirmation");
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        trackingId: orders.trackingId,
        firstName: orders.firstName,
        lastName: orders.lastName,
        phone: orders.phone,
        phoneNormalized: orders.phoneNormalized,
        city: orders.city,
        totalPaisa: orders.totalPaisa,
        createdAt: orders.createdAt,
        heldForCall: orders.heldForCall,
        riskSignals: orders.riskSignals,
        remindedAt: orders.confirmationRemindedAt,
        question: questionState,
      })
      .from(orders)
      .where(pending)
      .orderBy(orders.createdAt, orders.id)
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(orders).where(pending),
  ]);
  return {
    items: rows.map(({ riskSignals, ...row }) => ({ ...row, reasons: reasonsOf(riskSignals) })),
    total: Number(total?.n ?? 0),
  };
}

export type CallAnswer = "confirmed" | "cancelled";

/** The shopper answered on the call: the order moves as any staff move, counted as the call's. */
export async function answerCall(
  ctx: CoreContext,
  actor: StaffActor,
  orderId: number,
  answer: CallAnswer,
): Promise<MoveOutcome> {
  return moveOrder(ctx, actor, orderId, {
    status: answer,
    expected_status: "pending confirmation",
    confirmation_channel: "call",
  });
}

export const NO_ANSWER_NOTE = "Called the customer: no answer";

/** Nobody picked up: a note on the order's timeline (kept from the shopper), so the next caller knows. */
export async function noAnswerOnCall(ctx: CoreContext, actor: StaffActor, orderId: number): Promise<OrderEventRecord> {
  return addOrderNote(ctx, actor, orderId, { note: NO_ANSWER_NOTE });
}
