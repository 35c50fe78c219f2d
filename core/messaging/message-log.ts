// The console's message log (decision 0069; both channels together in email-log.ts): every WhatsApp message, newest first, with its order,
// text, attempts and last error; a failed one can be sent again. Staff with the orders
// permission; the resend is audited in its own transaction. The shop's choices (confirmations on
// or off, their language) are settings.
import { and, count, eq, notInArray, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { notFound, conflict, invalid } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import {
  orders,
  siteSettings,
  whatsappMessages,
  type MessageKind,
  type MessageLanguage,
  type WrittenLanguage,
  type MessageStatus,
} from "../../db/schema";
import { newestFirstPage } from "../shared/paging";

export const PHONE_CODE_RESEND_REFUSED =
  "A staff member's number code cannot be sent again: it is not kept. They ask for a new one on their account page.";
export const CODE_RESEND_REFUSED =
  "A password reset code cannot be sent again: it is not kept. Ask the shopper to request a new one.";

export const MESSAGE_FILTERS = ["all", "queued", "sending", "sent", "logged", "failed"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
/** the log's channels (WhatsApp and email); here, beside the filters, because the console page's tabs read both */
export const MESSAGE_CHANNELS = ["all", "whatsapp", "email"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export interface LoggedMessage {
  id: number;
  orderId: number | null;
  trackingId: string | null;
  kind: MessageKind;
  language: WrittenLanguage;
  phone: string;
  body: string;
  buttons: string[];
  status: MessageStatus;
  attempts: number;
  nextAttemptAt: Date;
  providerMessageId: string | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export async function listMessages(
  ctx: CoreContext,
  actor: StaffActor,
  query: { status: MessageFilter; limit: number; offset: number },
): Promise<{ items: LoggedMessage[]; total: number; failed: number }> {
  requirePermission(actor, "orders");
  const where: SQL | undefined = query.status === "all" ? undefined : eq(whatsappMessages.status, query.status);
  const listed = ctx.db
    .select({
      id: whatsappMessages.id,
      orderId: whatsappMessages.orderId,
      trackingId: orders.trackingId,
      kind: whatsappMessages.kind,
      language: whatsappMessages.language,
      phone: whatsappMessages.phone,
      body: whatsappMessages.body,
      buttons: whatsappMessages.buttons,
      status: whatsappMessages.status,
      attempts: whatsappMessages.attempts,
      nextAttemptAt: whatsappMessages.nextAttemptAt,
      providerMessageId: whatsappMessages.providerMessageId,
      lastError: whatsappMessages.lastError,
      createdAt: whatsappMessages.createdAt,
      sentAt: whatsappMessages.sentAt,
    })
    .from(whatsappMessages)
    .leftJoin(orders, eq(orders.id, whatsappMessages.orderId))
    .$dynamic();
  const [{ items: rows, total }, [failed]] = await Promise.all([
    newestFirstPage(ctx.db, listed, where, [whatsappMessages.createdAt, whatsappMessages.id], query),
    ctx.db.select({ n: count() }).from(whatsappMessages).where(eq(whatsappMessages.status, "failed")),
  ]);
  return { items: rows, total, failed: Number(failed?.n ?? 0) };
}

/**
 * Queues a failed message again, with its attempts counted from zero. One conditional update
 * (WHERE status = 'failed'): of two staff pressing at once one wins, the other gets a 409.
 */
export async function resendMessage(
  ctx: CoreContext,
  actor: StaffActor,
  messageId: number,
): Promise<{ id: number; status: MessageStatus }> {
  return staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    // the outbox sends it; nothing cached shows a message
    keepCache();
    const [updated] = await tx
      .update(whatsappMessages)
      .set({
        status: "queued",
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      // a reset code is not kept once its message failed (decision 0087): the shopper asks again
      .where(
        and(
          eq(whatsappMessages.id, messageId),
          eq(whatsappMessages.status, "failed"),
          notInArray(whatsappMessages.kind, ["password_code", "phone_code"]),
        ),
      )
      .returning({
        id: whatsappMessages.id,
        orderId: whatsappMessages.orderId,
        lastError: whatsappMessages.lastError,
      });
    if (!updated) {
      const [existing] = await tx
        .select({ status: whatsappMessages.status, kind: whatsappMessages.kind })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.id, messageId));
      if (!existing) throw notFound("Message not found");
      // a code is not kept once its message failed: the shopper, or the staff member, asks again
      if (existing.kind === "password_code") throw conflict(CODE_RESEND_REFUSED);
      if (existing.kind === "phone_code") throw conflict(PHONE_CODE_RESEND_REFUSED);
      throw conflict(`Only a failed message can be sent again; this one is ${existing.status}.`, {
        status: existing.status,
      });
    }
    await audit({
      action: "message.resend",
      entityType: "whatsapp_message",
      entityId: messageId,
      changes: { status: ["failed", "queued"], order_id: updated.orderId, last_error: updated.lastError },
    });
    return { id: messageId, status: "queued" as const };
  });
}

export interface MessageSettings {
  whatsappConfirmations: boolean;
  whatsappLanguage: MessageLanguage;
  /** no answer after this many hours: one reminder (decision 0072) */
  confirmationReminderHours: number;
  /** no answer after this many: the order is cancelled and restocked */
  confirmationExpiryHours: number;
  /** the owner's order-email switches; account emails cannot be turned off */
  emailOrderPlaced: boolean;
  emailOrderShipped: boolean;
  emailOrderDelivered: boolean;
  emailOrderCancelled: boolean;
}

/** The settings a save may leave out: the store keeps its own. */
type OptionalSettings =
  | "confirmationReminderHours"
  | "confirmationExpiryHours"
  | "emailOrderPlaced"
  | "emailOrderShipped"
  | "emailOrderDelivered"
  | "emailOrderCancelled";

/** the bounds the database's check holds too (site_settings_confirmation_*_hours) */
export const REMINDER_HOURS = { min: 1, max: 168 } as const;
export const EXPIRY_HOURS = { min: 2, max: 720 } as const;

/** The owner's two hours, checked as the database would: each in its range, expiry after the reminder. */
export function checkConfirmationHours(reminder: number, expiry: number): void {
  if (!Number.isInteger(reminder) || reminder < REMINDER_HOURS.min || reminder > REMINDER_HOURS.max)
    throw invalid(
      `confirmation_reminder_hours must be a whole number of hours from ${REMINDER_HOURS.min} to ${REMINDER_HOURS.max}`,
    );
  if (!Number.isInteger(expiry) || expiry < EXPIRY_HOURS.min || expiry > EXPIRY_HOURS.max)
    throw invalid(
      `confirmation_expiry_hours must be a whole number of hours from ${EXPIRY_HOURS.min} to ${EXPIRY_HOURS.max}`,
    );
  if (expiry <= reminder)
    throw invalid("confirmation_expiry_hours must be more than confirmation_reminder_hours: the reminder comes first");
}

export async function getMessageSettings(ctx: CoreContext, actor: StaffActor): Promise<MessageSettings> {
  requirePermission(actor, "settings");
  const [row] = await ctx.db
    .select({
      on: siteSettings.whatsappConfirmations,
      language: siteSettings.whatsappLanguage,
      reminder: siteSettings.confirmationReminderHours,
      expiry: siteSettings.confirmationExpiryHours,
      emailOrderPlaced: siteSettings.emailOrderPlaced,
      emailOrderShipped: siteSettings.emailOrderShipped,
      emailOrderDelivered: siteSettings.emailOrderDelivered,
      emailOrderCancelled: siteSettings.emailOrderCancelled,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return {
    whatsappConfirmations: row?.on ?? true,
    whatsappLanguage: row?.language === "en+ur" ? "en+ur" : "en",
    confirmationReminderHours: row?.reminder ?? 12,
    confirmationExpiryHours: row?.expiry ?? 48,
    emailOrderPlaced: row?.emailOrderPlaced ?? true,
    emailOrderShipped: row?.emailOrderShipped ?? true,
    emailOrderDelivered: row?.emailOrderDelivered ?? true,
    emailOrderCancelled: row?.emailOrderCancelled ?? true,
  };
}

/**
 * Saves the message settings. The two hours may be left out (the store keeps its own); given,
 * they are checked together with the one that is kept (422 with the field's name).
 */
export async function setMessageSettings(
  ctx: CoreContext,
  actor: StaffActor,
  input: Omit<MessageSettings, OptionalSettings> & Partial<Pick<MessageSettings, OptionalSettings>>,
): Promise<MessageSettings> {
  requirePermission(actor, "settings");
  const before = await getMessageSettings(ctx, actor);
  const next: MessageSettings = {
    whatsappConfirmations: input.whatsappConfirmations,
    whatsappLanguage: input.whatsappLanguage,
    confirmationReminderHours: input.confirmationReminderHours ?? before.confirmationReminderHours,
    confirmationExpiryHours: input.confirmationExpiryHours ?? before.confirmationExpiryHours,
    emailOrderPlaced: input.emailOrderPlaced ?? before.emailOrderPlaced,
    emailOrderShipped: input.emailOrderShipped ?? before.emailOrderShipped,
    emailOrderDelivered: input.emailOrderDelivered ?? before.emailOrderDelivered,
    emailOrderCancelled: input.emailOrderCancelled ?? before.emailOrderCancelled,
  };
  checkConfirmationHours(next.confirmationReminderHours, next.confirmationExpiryHours);
  await staffWrite(ctx, actor, "settings", async ({ tx, audit }) => {
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...next, updatedAt: sql`now()` } });
    await audit({
      action: "settings.update",
      entityType: "site_settings",
      entityId: 1,
      changes: {
        whatsapp_confirmations: [before.whatsappConfirmations, next.whatsappConfirmations],
        whatsapp_language: [before.whatsappLanguage, next.whatsappLanguage],
        confirmation_reminder_hours: [before.confirmationReminderHours, next.confirmationReminderHours],
        confirmation_expiry_hours: [before.confirmationExpiryHours, next.confirmationExpiryHours],
        email_order_placed: [before.emailOrderPlaced, next.emailOrderPlaced],
        email_order_shipped: [before.emailOrderShipped, next.emailOrderShipped],
        email_order_delivered: [before.emailOrderDelivered, next.emailOrderDelivered],
        email_order_cancelled: [before.emailOrderCancelled, next.emailOrderCancelled],
      },
    });
  });
  return next;
}

// the logs' words as stored; the API takes them from here, not from db/schema
export { EMAIL_KINDS, MESSAGE_KINDS, MESSAGE_LANGUAGES, MESSAGE_STATUSES, WRITTEN_LANGUAGES } from "../../db/schema";
