// WhatsApp messages to shoppers (decisions 0069, 0070): one row is both the outbox the
// worker sends from and the console's message log. Written in the transaction that causes it (the
// order's), taken by workers with FOR UPDATE SKIP LOCKED under a lease.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orders } from "./orders";

export const MESSAGE_STATUSES = ["queued", "sending", "sent", "logged", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/**
 * password_code: the six-digit password reset code a shopper may choose instead of an email (decision 0077);
 * new_order_alert, phone_code: a staff member's new-order alert and the code that proves their number (decision 0094)
 */
export const MESSAGE_KINDS = ["confirmation", "reminder", "password_code", "new_order_alert", "phone_code"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** The shop's setting: "en": English only; "en+ur": English, then the same in Urdu */
export const MESSAGE_LANGUAGES = ["en", "en+ur"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
/** What a message was written in: the shop's setting, or "ur" (Urdu only) for an order placed in Urdu */
export const WRITTEN_LANGUAGES = [...MESSAGE_LANGUAGES, "ur"] as const;
export type WrittenLanguage = (typeof WRITTEN_LANGUAGES)[number];

export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    kind: text("kind").$type<MessageKind>().notNull(),
    language: text("language").$type<WrittenLanguage>().notNull(),
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
    /**
     * when the provider said the message reached the shopper's phone, and when it was read (the
     * Cloud API's delivery statuses, through the webhook): an unanswered order may expire only
     * once its question was delivered (decision 0089)
     */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("whatsapp_messages_status", sql`${t.status} in ('queued', 'sending', 'sent', 'logged', 'failed')`),
    check(
      "whatsapp_messages_kind",
      sql`${t.kind} in ('confirmation', 'reminder', 'password_code', 'new_order_alert', 'phone_code')`,
    ),
    check("whatsapp_messages_language", sql`${t.language} in ('en', 'en+ur', 'ur')`),
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
    // one staff alert per order and number (decision 0094)
    uniqueIndex("whatsapp_messages_order_alert_key")
      .on(t.orderId, t.phone)
      .where(sql`${t.kind} = 'new_order_alert'`),
  ],
);

/**
 * What an inbound WhatsApp message did (decision 0071): confirmed or cancelled its order,
 * found the order already settled, or needs a person (free text the store cannot read, or no
 * order to match it to). "ignored": not a message a shop acts on (a reaction, a sticker).
 */
export const INBOUND_OUTCOMES = ["confirmed", "cancelled", "already_settled", "needs_person", "ignored"] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

// Messages shoppers send the store's WhatsApp number, as the webhook received them. The provider's
// message id is unique, so an event delivered twice is recorded, and acted on, once.
export const whatsappInbound = pgTable(
  "whatsapp_inbound",
  {
    id: serial("id").primaryKey(),
    /** the provider's id of the shopper's message (wamid.…) */
    providerMessageId: text("provider_message_id").notNull(),
    /** the sender, digits only as WhatsApp gives it (92XXXXXXXXXX) */
    fromPhone: text("from_phone").notNull(),
    /** "button" (a quick-reply tap), "text", or the provider's other types (image, audio…) */
    type: text("type").notNull(),
    /** what the shopper wrote, or the button's label */
    text: text("text"),
    /** a quick-reply's payload: confirm:<tracking id>:<message id> or cancel:… */
    payload: text("payload"),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    outcome: text("outcome").$type<InboundOutcome>().notNull(),
    /** when WhatsApp says the shopper sent it */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** a person dealt with a needs_person message */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("whatsapp_inbound_provider_id_key").on(t.providerMessageId),
    check(
      "whatsapp_inbound_outcome",
      sql`${t.outcome} in ('confirmed', 'cancelled', 'already_settled', 'needs_person', 'ignored')`,
    ),
    index("whatsapp_inbound_received_idx").on(t.receivedAt, t.id),
    // the console's "needs a person" list: unhandled ones first
    index("whatsapp_inbound_open_idx")
      .on(t.receivedAt)
      .where(sql`${t.outcome} = 'needs_person' and ${t.handledAt} is null`),
    index("whatsapp_inbound_order_idx").on(t.orderId),
  ],
);

/** What the block list holds: a phone (92XXXXXXXXXX) or an address (normalised, with its city). */
export const BLOCKED_KINDS = ["phone", "address"] as const;
export type BlockedKind = (typeof BLOCKED_KINDS)[number];

// The shop's block list (decision 0073): an order from a phone or to an address on it is held
// for a call, and the shopper is told politely that the shop will call to confirm.
export const blockedContacts = pgTable(
  "blocked_contacts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<BlockedKind>().notNull(),
    /** what orders are compared by: the phone's digits, or the address's normal form */
    value: text("value").notNull(),
    /** as staff typed it */
    display: text("display").notNull(),
    reason: text("reason").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("blocked_contacts_value_key").on(t.kind, t.value),
    check("blocked_contacts_kind", sql`${t.kind} in ('phone', 'address')`),
  ],
);

// The most a cash-on-delivery order to one city may be (decision 0073), beside the store's
// overall limit in site_settings.cod_limit_paisa.
export const codCityLimits = pgTable(
  "cod_city_limits",
  {
    id: serial("id").primaryKey(),
    city: text("city").notNull(),
    /** lower(trim(city)): what an order's city is compared by */
    cityKey: text("city_key").notNull(),
    limitPaisa: bigint("limit_paisa", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cod_city_limits_city_key").on(t.cityKey),
    check("cod_city_limits_positive", sql`${t.limitPaisa} > 0`),
  ],
);

/**
 * The store's emails (decision 0076): the four order messages and the account messages (decision 0087
 * adds the sign-in link and the notice to an account's owner that someone tried to register
 * with its address).
 */
export const EMAIL_KINDS = [
  "order_placed",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "password_reset",
  "email_verification",
  "sign_in_link",
  "registration_attempt",
  // a staff member's new-order alert (decision 0094)
  "new_order_alert",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

// Emails to shoppers (decision 0076), the twin of whatsapp_messages: one row is both the outbox the
// worker sends from (same statuses, lease and backoff; decision 0069) and the console's message
// log. Written in the transaction that causes it. A staff resend is a new row naming the first
// (resend_of), so every send stays on the record and no row is ever sent twice.
export const emailMessages = pgTable(
  "email_messages",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<EmailKind>().notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status").$type<MessageStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** the Message-ID header the store gave it, and what the SMTP server answered */
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
    /** a resend names the message it repeats, and the staff member who asked */
    resendOf: integer("resend_of"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("email_messages_status", sql`${t.status} in ('queued', 'sending', 'sent', 'logged', 'failed')`),
    check(
      "email_messages_kind",
      sql`${t.kind} in ('order_placed', 'order_shipped', 'order_delivered', 'order_cancelled', 'password_reset', 'email_verification', 'sign_in_link', 'registration_attempt', 'new_order_alert')`,
    ),
    check("email_messages_attempts", sql`${t.attempts} >= 0`),
    index("email_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("email_messages_leased_idx")
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'sending'`),
    index("email_messages_log_idx").on(t.createdAt, t.id),
    index("email_messages_status_idx").on(t.status, t.createdAt),
    index("email_messages_order_idx").on(t.orderId),
    index("email_messages_user_idx").on(t.userId),
    // one staff alert per order and member (decision 0094)
    uniqueIndex("email_messages_order_alert_key")
      .on(t.orderId, t.userId)
      .where(sql`${t.kind} = 'new_order_alert'`),
  ],
);
