// New-order alerts to staff (decision 0094): what each member chose, the devices that take Web
// Push notifications, and the push outbox. WhatsApp and email alerts go through the shoppers'
// outboxes (whatsapp_messages, email_messages, kind new_order_alert); pushes have a queue of their
// own with the same columns, worked by the same worker (decision 0069).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orders } from "./orders";
import { staffSessions } from "./staff";

// One row per member who ever touched their alert settings; no row = every alert off.
export const staffAlertSettings = pgTable(
  "staff_alert_settings",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    whatsapp: boolean("whatsapp").notNull().default(false),
    email: boolean("email").notNull().default(false),
    /** 92XXXXXXXXXX, proven by a code sent to it: never the shop profile's phone (decision 0086) */
    whatsappPhone: text("whatsapp_phone"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** a number being proven: the number, the code's SHA-256, until when, and wrong tries */
    pendingPhone: text("pending_phone"),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeTries: smallint("code_tries").notNull().default(0),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("staff_alert_settings_whatsapp_phone", sql`not ${t.whatsapp} or ${t.phoneVerifiedAt} is not null`)],
);

// A browser that takes this member's pushes (one per browser profile: the push service gives
// each its own endpoint). It belongs to the console session that subscribed it: signing that
// session out ends it.
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    staffSessionId: integer("staff_session_id").references(() => staffSessions.id, { onDelete: "set null" }),
    /** the push service's address for this browser (https) */
    endpoint: text("endpoint").notNull(),
    /** the browser's P-256 public key and auth secret (base64url), which encrypt every payload */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome on Android": what the member sees in their list of devices */
    device: text("device").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.staffSessionId),
  ],
);

export interface PushPayload {
  title: string;
  body: string;
  /** the console page a tap opens */
  url: string;
  /** one notification per order on a device: a repeat replaces, never stacks */
  tag: string;
}

// The push outbox: one row per order and device, so a device is told of an order once.
export const pushMessages = pgTable(
  "push_messages",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => pushSubscriptions.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<PushPayload>().notNull(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** the push service's Location header: its id of the message */
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("push_messages_status", sql`${t.status} in ('queued', 'sending', 'sent', 'logged', 'failed')`),
    uniqueIndex("push_messages_order_device_key").on(t.orderId, t.subscriptionId),
    index("push_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("push_messages_leased_idx")
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'sending'`),
    index("push_messages_created_idx").on(t.createdAt),
  ],
);
