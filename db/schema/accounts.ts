// Shoppers and staff, their sign-in sessions, wishlists and shared rate-limit counters.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The languages the shop writes to a shopper in (decision 0110): the storefront's English or
 * Urdu. An order and an account keep the one the shopper used, so her emails and WhatsApp texts
 * come in it.
 */
export const SHOPPER_LOCALES = ["en", "ur"] as const;
export type ShopperLocale = (typeof SHOPPER_LOCALES)[number];

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    // stored in lowercase: shoppers type their email in any case
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    username: text("username"),
    phone: text("phone"),
    // customer, or a staff role (core/shared/permissions.ts)
    role: text("role").notNull().default("customer"),
    // staff only: a deactivated member cannot sign in to the console; the account and its
    // audit history stay
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    // staff given an initial password set their own before anything else
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    // two-step sign-in (RFC 6238): the shared secret (base32) once confirmed, and the last time
    // step whose code was accepted, so a code is never accepted twice
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** the storefront language she last registered or signed in from: her account emails' language */
    locale: text("locale").$type<ShopperLocale>().notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    check("users_locale", sql`${t.locale} in ('en', 'ur')`),
    check("users_role", sql`${t.role} in ('customer', 'owner', 'manager', 'fulfilment', 'catalogue')`),
  ],
);

// Opaque bearer tokens; only their SHA-256 hash is stored so a database leak yields no live token.
export const userSessions = pgTable(
  "user_sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("user_sessions_token_hash_key").on(t.tokenHash), index("user_sessions_user_idx").on(t.userId)],
);

// Fixed-window counters (sign-in attempts, order placement, voucher checks) shared by every
// process through the database when REDIS_URL is not set.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

/** What a one-time account token is for (decision 0077; the sign-in link after a lock-out, decision 0087). */
export const ACCOUNT_TOKEN_PURPOSES = ["password_reset", "email_verification", "sign_in_link"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];
/** How it reached the shopper: a link by email, or a six-digit code on WhatsApp (password reset only). */
export const ACCOUNT_TOKEN_CHANNELS = ["email", "whatsapp"] as const;
export type AccountTokenChannel = (typeof ACCOUNT_TOKEN_CHANNELS)[number];

// Single-use tokens of the password reset and email verification messages (decision 0077). Only the
// SHA-256 of the link's token is kept (as with sessions), so a database leak opens no account. A
// WhatsApp code is six digits: it is kept as a hash too, tried at most a few times (attempts), and
// looked up through its account, never by the code alone.
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    channel: text("channel").$type<AccountTokenChannel>().notNull().default("email"),
    /** SHA-256 (hex) of the link's random token */
    tokenHash: text("token_hash").notNull(),
    /** WhatsApp only: the hash of the six-digit code */
    codeHash: text("code_hash"),
    /** wrong codes tried against this token */
    attempts: integer("attempts").notNull().default(0),
    /** the address the link was sent to: a verification counts only while the account still has it */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_tokens_token_hash_key").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose, t.createdAt),
    index("account_tokens_expires_idx").on(t.expiresAt),
    check("account_tokens_purpose", sql`${t.purpose} in ('password_reset', 'email_verification', 'sign_in_link')`),
    check("account_tokens_channel", sql`${t.channel} in ('email', 'whatsapp')`),
    check("account_tokens_attempts", sql`${t.attempts} >= 0`),
  ],
);

/** What a shopper asked for by email address (decision 0087). */
export const ACCOUNT_REQUEST_KINDS = ["password_reset", "sign_in_link"] as const;
export type AccountRequestKind = (typeof ACCOUNT_REQUEST_KINDS)[number];

// Requests that send a message to an account's address, when one has it: a password reset, a
// sign-in link (decision 0087). The request's answer writes only this row, the same for a known
// address and an unknown one, so neither its words nor its time tell them apart; a worker
// (the outbox loop of decision 0069, same statuses and lease) looks the address up afterwards
// and writes the token and the message. Rows are deleted a day after they are dealt with.
export const accountRequests = pgTable(
  "account_requests",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<AccountRequestKind>().notNull(),
    /** as typed, trimmed and lowercased: it may belong to no account */
    email: text("email").notNull(),
    /** password reset only: a WhatsApp code was asked for (and WhatsApp is set up) */
    channel: text("channel").$type<AccountTokenChannel>().notNull().default("email"),
    /** the language of the page the request came from; null: the account's own language */
    locale: text("locale").$type<ShopperLocale>(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** what the worker did, or why it failed; never shown to the asker */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("account_requests_kind", sql`${t.kind} in ('password_reset', 'sign_in_link')`),
    check("account_requests_channel", sql`${t.channel} in ('email', 'whatsapp')`),
    check("account_requests_locale", sql`${t.locale} is null or ${t.locale} in ('en', 'ur')`),
    check("account_requests_status", sql`${t.status} in ('queued', 'sending', 'sent', 'logged', 'failed')`),
    check("account_requests_attempts", sql`${t.attempts} >= 0`),
    index("account_requests_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index("account_requests_leased_idx")
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'sending'`),
    index("account_requests_created_idx").on(t.createdAt),
  ],
);
