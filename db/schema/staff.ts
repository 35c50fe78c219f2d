// The back office: staff sessions, two-step recovery codes, invitations and the audit log
// (decision 0053). Staff are users with a staff role (accounts.ts).
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
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

// One row per staff sign-in: the console's cookie or an integration's bearer token. Only the
// token's SHA-256 is stored. A console session whose password was right but whose two-step code
// is still owed is `pending_second_factor` and opens nothing but the code form.
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    kind: text("kind").notNull(),
    pendingSecondFactor: boolean("pending_second_factor").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    uniqueIndex("staff_sessions_token_hash_key").on(t.tokenHash),
    index("staff_sessions_user_idx").on(t.userId),
    index("staff_sessions_expires_idx").on(t.expiresAt),
    check("staff_sessions_kind", sql`${t.kind} in ('console', 'api')`),
  ],
);

// One-time recovery codes for two-step sign-in, stored as hashes; a used code stays, marked.
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_recovery_codes_key").on(t.userId, t.codeHash)],
);

// A one-time sign-in link for a new staff member (or one whose password an owner reset).
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_hash_key").on(t.tokenHash),
    index("staff_invitations_user_idx").on(t.userId),
  ],
);

// Every staff write and sign-in, written in the transaction of the change it records. Append
// only: a trigger in the migration refuses UPDATE and DELETE (decision 0053).
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    // no cascade and no SET NULL: a member with a history is deactivated, never deleted
    actorId: integer("actor_id").references(() => users.id),
    // the email as it was at the time: the record outlives renames and deleted accounts
    actorEmail: text("actor_email"),
    ip: text("ip"),
    action: text("action").notNull(),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    // {"field": [before, after]} for the fields that changed, or other facts of the event
    changes: jsonb("changes").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.at),
  ],
);
