// The console's message log across both channels (decision 0076): WhatsApp messages and
// emails together, newest first, filtered by channel and status; one email's view; and a staff
// resend of an email, which queues a new row naming the first (resend_of), so every send stays on
// the record. Account emails (password reset, email verification) carry a live one-time link:
// their text never leaves the database for staff, and they cannot be resent from here.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { emailMessages, type EmailKind, type MessageStatus } from "../../db/schema";
import type { CoreContext } from "../context";
import { conflict, notFound } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { queueEmail } from "./email-queue";
import type { MessageChannel, MessageFilter } from "./message-log";

/** Emails whose text holds a live secret (a reset or verification link). */
export const ACCOUNT_EMAIL_KINDS: readonly EmailKind[] = ["password_reset", "email_verification", "sign_in_link"];
export const isAccountEmail = (kind: string) => (ACCOUNT_EMAIL_KINDS as readonly string[]).includes(kind);

export const HIDDEN_TEXT = "Hidden: this email holds a one-time link to the shopper's account.";
export const ACCOUNT_RESEND_REFUSED =
  "Account emails hold a one-time link and cannot be sent again from here. Ask the shopper to request a new link.";

export interface LogEntry {
  channel: "whatsapp" | "email";
  id: number;
  orderId: number | null;
  trackingId: string | null;
  kind: string;
  /** the phone (92…) or the email address */
  recipient: string;
  /** an email's subject; null for WhatsApp */
  subject: string | null;
  /** the text as the shopper reads it; an account email's is hidden */
  text: string;
  /** true when the text is hidden (account emails) */
  hidden: boolean;
  status: MessageStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** an email resent by staff: the message it repeats */
  resendOf: number | null;
}

interface LogRow {
  channel: "whatsapp" | "email";
  id: number;
  order_id: number | null;
  tracking_id: string | null;
  kind: string;
  recipient: string;
  subject: string | null;
  text: string | null;
  status: MessageStatus;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  resend_of: number | null;
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const accountKinds = sql.raw(ACCOUNT_EMAIL_KINDS.map((k) => `'${k}'`).join(", "));

/** Both channels' messages, newest first; the number in the filter and the number failed. */
export async function listMessageLog(
  ctx: CoreContext,
  actor: StaffActor,
  query: { channel: MessageChannel; status: MessageFilter; limit: number; offset: number },
): Promise<{ items: LogEntry[]; total: number; failed: number }> {
  requirePermission(actor, "orders");
  const status = query.status === "all" ? sql`true` : sql`status = ${query.status}`;
  const statusOf = (alias: string) =>
    query.status === "all" ? sql`true` : sql`${sql.identifier(alias)}.status = ${query.status}`;
  const whatsapp = sql`select 'whatsapp' as channel, m.id, m.order_id, o.tracking_id, m.kind, m.phone as recipient,
      null::text as subject, m.body as text, m.status, m.attempts, m.next_attempt_at, m.last_error, m.created_at,
      m.sent_at, null::integer as resend_of
    from whatsapp_messages m left join orders o on o.id = m.order_id where ${statusOf("m")}`;
  // an account email's text is left in the database: staff see that it went, never its link
  const email = sql`select 'email' as channel, e.id, e.order_id, o.tracking_id, e.kind, e.to_address as recipient,
      e.subject, case when e.kind in (${accountKinds}) then null else e.text_body end as text, e.status, e.attempts,
      e.next_attempt_at, e.last_error, e.created_at, e.sent_at, e.resend_of
    from email_messages e left join orders o on o.id = e.order_id where ${statusOf("e")}`;
  const parts: SQL[] = [];
  if (query.channel !== "email") parts.push(whatsapp);
  if (query.channel !== "whatsapp") parts.push(email);
  const union = sql.join(parts, sql` union all `);
  const countOf = (where: SQL) => {
    const tables: SQL[] = [];
    if (query.channel !== "email") tables.push(sql`select count(*) as n from whatsapp_messages where ${where}`);
    if (query.channel !== "whatsapp") tables.push(sql`select count(*) as n from email_messages where ${where}`);
    return sql`select coalesce(sum(n), 0) as n from (${sql.join(tables, sql` union all `)}) c`;
  };
  const [rows, [total], [failed]] = await Promise.all([
    queryRows<LogRow>(
      ctx.db,
      sql`select * from (${union}) log order by created_at desc, channel desc, id desc limit ${query.limit} offset ${query.offset}`,
    ),
    queryRows<{ n: number | string }>(ctx.db, countOf(status)),
    queryRows<{ n: number | string }>(ctx.db, countOf(sql`status = 'failed'`)),
  ]);
  return {
    items: rows.map((r) => ({
      channel: r.channel,
      id: Number(r.id),
      orderId: r.order_id === null ? null : Number(r.order_id),
      trackingId: r.tracking_id,
      kind: r.kind,
      recipient: r.recipient,
      subject: r.subject,
      text: r.text ?? HIDDEN_TEXT,
      hidden: r.text === null,
      status: r.status,
      attempts: Number(r.attempts),
      nextAttemptAt: date(r.next_attempt_at),
      lastError: r.last_error,
      createdAt: date(r.created_at),
      sentAt: r.sent_at === null ? null : date(r.sent_at),
      resendOf: r.resend_of === null ? null : Number(r.resend_of),
    })),
    total: Number(total?.n ?? 0),
    failed: Number(failed?.n ?? 0),
  };
}

export interface EmailView {
  id: number;
  kind: EmailKind;
  orderId: number | null;
  to: string;
  subject: string;
  text: string;
  /** the HTML part; null when hidden (account emails) */
  html: string | null;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  resendOf: number | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** One email as staff may see it: its text and HTML, unless it is an account email. */
export async function getEmailMessage(ctx: CoreContext, actor: StaffActor, id: number): Promise<EmailView> {
  requirePermission(actor, "orders");
  const [row] = await ctx.db.select().from(emailMessages).where(eq(emailMessages.id, id));
  if (!row) throw notFound("Message not found");
  const hidden = isAccountEmail(row.kind);
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.orderId,
    to: row.toAddress,
    subject: row.subject,
    text: hidden ? HIDDEN_TEXT : row.textBody,
    html: hidden ? null : row.htmlBody,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    providerMessageId: row.providerMessageId,
    resendOf: row.resendOf,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
}

/**
 * Sends an email again as a new message naming the first (POST /api/admin/email-messages/{id}/resend).
 * The original's row is locked first and a resend still waiting to go is looked for under that
 * lock, so of two staff pressing at once one queues the resend and the other gets a 409. Refused
 * for account emails (their link is one-time) and for an email still waiting to be sent.
 */
export async function resendEmail(
  ctx: CoreContext,
  actor: StaffActor,
  emailId: number,
): Promise<{ id: number; resendOf: number; status: "queued" }> {
  return staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    // the outbox sends it; nothing cached shows an email
    keepCache();
    const [original] = await tx.select().from(emailMessages).where(eq(emailMessages.id, emailId)).for("update");
    if (!original) throw notFound("Message not found");
    if (isAccountEmail(original.kind)) throw conflict(ACCOUNT_RESEND_REFUSED, { kind: original.kind });
    if (original.status === "queued" || original.status === "sending") {
      throw conflict("This email is still waiting to be sent; it goes out in a moment.", { status: original.status });
    }
    const [waiting] = await tx
      .select({ id: emailMessages.id })
      .from(emailMessages)
      .where(and(eq(emailMessages.resendOf, emailId), inArray(emailMessages.status, ["queued", "sending"])));
    if (waiting) {
      throw conflict(`This email is already being sent again (message ${waiting.id}).`, { resend_id: waiting.id });
    }
    const id = await queueEmail(tx, {
      kind: original.kind,
      to: original.toAddress,
      subject: original.subject,
      text: original.textBody,
      html: original.htmlBody,
      orderId: original.orderId,
      userId: original.userId,
      resendOf: emailId,
      createdBy: actor.userId,
    });
    await audit({
      action: "email.resend",
      entityType: "email_message",
      entityId: emailId,
      changes: { resend_id: id, kind: original.kind, order_id: original.orderId, status_was: original.status },
    });
    return { id, resendOf: emailId, status: "queued" as const };
  });
}
