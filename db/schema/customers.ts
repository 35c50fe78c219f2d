// The shop's customers (decision 0096): everyone who ordered, guests included, one row per phone
// in the form customer-keys.ts compares phones by (923XXXXXXXXX for a Pakistani mobile), with
// their counts. Orders keep it: triggers on orders (migration 0018, customers_follow_orders) add,
// move and take away each order's counts in the order's own transaction, as one conditional
// statement each, so the console's list reads a page of rows instead of grouping every order.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    /** customer_phone_key(orders.phone_normalized) */
    phoneKey: text("phone_key").notNull(),
    // the newest order's name and contact, as the shopper last gave them
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** the account that most recently ordered with this phone, if one did */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ordersCount: integer("orders_count").notNull().default(0),
    deliveredCount: integer("delivered_count").notNull().default(0),
    returnedCount: integer("returned_count").notNull().default(0),
    cancelledCount: integer("cancelled_count").notNull().default(0),
    firstOrderAt: timestamp("first_order_at", { withTimezone: true }).notNull(),
    lastOrderAt: timestamp("last_order_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("customers_phone_key_key").on(t.phoneKey),
    // the list's three orders, each with the id as the tie-break the page uses
    index("customers_last_order_idx").on(t.lastOrderAt, t.id),
    index("customers_orders_count_idx").on(t.ordersCount, t.id),
    index("customers_name_idx").on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index("customers_user_idx").on(t.userId),
    // the search is ILIKE '%…%' on the name and the email (a phone is looked up by its key): one
    // index each, as one index over both with the phone's all-digit trigrams was costed so high
    // that the planner read every row instead (migration 0022)
    index("customers_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index("customers_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    check(
      "customers_counts_nonnegative",
      sql`${t.ordersCount} >= 0 and ${t.deliveredCount} >= 0 and ${t.returnedCount} >= 0 and ${t.cancelledCount} >= 0`,
    ),
  ],
);
