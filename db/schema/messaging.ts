// WhatsApp messages to shoppers (issue 15; decisions 0069, 0070): one row is both the outbox the
// worker sends from and the console's message log. Written in the transaction that causes it (the
// order's), taken by workers with FOR UPDATE SKIP LOCKED under a lease.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "./orders";

export const MESSAGE_STATUSES = ["queued", "sending", "sent", "logged", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_KINDS = ["confirmation", "reminder"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** "en": English only; "en+ur": English, then the same in Urdu */
export const MESSAGE_LANGUAGES = ["en", "en+ur"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    kind: text("kind").$type<MessageKind>().notNull(),
    language: text("language").$type<MessageLanguage>().notNull(),
    /** 92XXXXXXXXXX, the order's phone_normalized */
    phone: text("phone").notNull(),
    /** what fills the template's body (the template's name comes from the settings, by kind) */
    parameters: jsonb("parameters").$type<string[]>().notNull(),
    /** the quick-reply payloads, in button order: confirm:<tracking id>:<message id>, cancel:… */
    buttons: jsonb("buttons").$type<string[]>().notNull(),
    /** the whole text as the shopper reads it (the console's log shows it) */
    body: text("body").notNull(),
    status: text("status").$type<MessageStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** the worker holding the message while it sends, and until when (its lease) */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** the provider's message id (wamid.…), which replies and status events name later */
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("whatsapp_messages_status", sql`${t.status} in ('queued', 'sending', 'sent', 'logged', 'failed')`),
    check("whatsapp_messages_kind", sql`${t.kind} in ('confirmation', 'reminder')`),
    check("whatsapp_messages_language", sql`${t.language} in ('en', 'en+ur')`),
    check("whatsapp_messages_attempts", sql`${t.attempts} >= 0`),
    // what the worker looks for: due queued messages, and sending ones whose lease ran out
    index("whatsapp_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("whatsapp_messages_leased_idx")
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'sending'`),
    index("whatsapp_messages_log_idx").on(t.createdAt, t.id),
    index("whatsapp_messages_status_idx").on(t.status, t.createdAt),
    index("whatsapp_messages_order_idx").on(t.orderId),
    uniqueIndex("whatsapp_messages_provider_id_key").on(t.providerMessageId),
  ],
);
