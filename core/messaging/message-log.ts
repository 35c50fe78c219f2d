// The console's message log (issue 15): every WhatsApp message, newest first, with its order,
// text, attempts and last error; a failed one can be sent again. Staff with the orders
// permission; the resend is audited in its own transaction. The shop's choices (confirmations on
// or off, their language) are settings.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import { notFound, conflict } from "../shared/errors";
import { recordAudit, whoIs } from "../staff/audit";
import { requirePermission } from "../staff/errors";
import type { StaffActor } from "../staff/permissions";
import {
  orders,
  siteSettings,
  whatsappMessages,
  type MessageKind,
  type MessageLanguage,
  type MessageStatus,
} from "../../db/schema";

export const MESSAGE_FILTERS = ["all", "queued", "sending", "sent", "logged", "failed"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

export interface LoggedMessage {
  id: number;
  orderId: number | null;
  trackingId: string | null;
  kind: MessageKind;
  language: MessageLanguage;
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
  const [rows, [total], [failed]] = await Promise.all([
    ctx.db
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
      .where(where)
      .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(whatsappMessages).where(where),
    ctx.db.select({ n: count() }).from(whatsappMessages).where(eq(whatsappMessages.status, "failed")),
  ]);
  return { items: rows, total: Number(total?.n ?? 0), failed: Number(failed?.n ?? 0) };
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
  requirePermission(actor, "orders");
  return ctx.db.transaction(async (tx) => {
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
      .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.status, "failed")))
      .returning({ id: whatsappMessages.id, orderId: whatsappMessages.orderId, lastError: whatsappMessages.lastError });
    if (!updated) {
      const [existing] = await tx
        .select({ status: whatsappMessages.status })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.id, messageId));
      if (!existing) throw notFound("Message not found");
      throw conflict(`Only a failed message can be sent again; this one is ${existing.status}.`, {
        status: existing.status,
      });
    }
    await recordAudit(tx, whoIs(actor), {
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
}

export async function getMessageSettings(ctx: CoreContext, actor: StaffActor): Promise<MessageSettings> {
  requirePermission(actor, "settings");
  const [row] = await ctx.db
    .select({ on: siteSettings.whatsappConfirmations, language: siteSettings.whatsappLanguage })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return { whatsappConfirmations: row?.on ?? true, whatsappLanguage: row?.language === "en+ur" ? "en+ur" : "en" };
}

export async function setMessageSettings(
  ctx: CoreContext,
  actor: StaffActor,
  next: MessageSettings,
): Promise<MessageSettings> {
  requirePermission(actor, "settings");
  const before = await getMessageSettings(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ id: 1, whatsappConfirmations: next.whatsappConfirmations, whatsappLanguage: next.whatsappLanguage })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: {
          whatsappConfirmations: next.whatsappConfirmations,
          whatsappLanguage: next.whatsappLanguage,
          updatedAt: sql`now()`,
        },
      });
    await recordAudit(tx, whoIs(actor), {
      action: "settings.update",
      entityType: "site_settings",
      entityId: 1,
      changes: {
        whatsapp_confirmations: [before.whatsappConfirmations, next.whatsappConfirmations],
        whatsapp_language: [before.whatsappLanguage, next.whatsappLanguage],
      },
    });
  });
  ctx.cache.clear();
  return next;
}
