// Bulk booking (decision 0103): the orders staff ticked, written as a batch before anything is
// booked, so the batch outlives the request that started it. A worker in any store process takes
// the waiting orders (SKIP LOCKED under a lease, a few at a time per courier) and books each one
// as a single booking would; every order keeps its own result.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orders } from "./orders";
import { courierAccounts, parcels } from "./couriers";
import type { CourierCode } from "./cities";

export const parcelBatches = pgTable(
  "parcel_batches",
  {
    id: serial("id").primaryKey(),
    /** who ticked the orders: each booking is made and audited as theirs */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdFromIp: text("created_from_ip"),
    courierAccountId: integer("courier_account_id").references(() => courierAccounts.id, { onDelete: "set null" }),
    /** the account's courier, kept: the worker limits how many bookings each courier gets at once */
    courier: text("courier").$type<CourierCode>().notNull(),
    /** null: the account's default weight */
    weightGrams: integer("weight_grams"),
    pieces: integer("pieces").notNull().default(1),
    instructions: text("instructions").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** set when its last order has a result */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("parcel_batches_courier", sql`${t.courier} in ('postex', 'leopards', 'trax', 'tcs')`),
    check("parcel_batches_weight", sql`${t.weightGrams} is null or ${t.weightGrams} between 1 and 100000`),
    check("parcel_batches_pieces", sql`${t.pieces} between 1 and 99`),
  ],
);

/**
 * Where one order of a batch stands. waiting: not taken yet; working: a worker holds it (until
 * locked_until); booked: it has a CN; refused: nothing was booked (the reason in message);
 * unknown: the courier may have booked it and could not be asked (staff check its portal).
 */
export const BATCH_ITEM_STATES = ["waiting", "working", "booked", "refused", "unknown"] as const;
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];

export const parcelBatchItems = pgTable(
  "parcel_batch_items",
  {
    batchId: integer("batch_id")
      .notNull()
      .references(() => parcelBatches.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** the order's place in what staff ticked: the results read in the same order */
    position: integer("position").notNull(),
    state: text("state").$type<BatchItemState>().notNull().default("waiting"),
    parcelId: integer("parcel_id").references(() => parcels.id, { onDelete: "set null" }),
    /** the CN, or why it was not booked, as staff read it */
    message: text("message"),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.orderId] }),
    index("parcel_batch_items_due_idx")
      .on(t.state, t.lockedUntil)
      .where(sql`${t.state} in ('waiting', 'working')`),
    check("parcel_batch_items_state", sql`${t.state} in ('waiting', 'working', 'booked', 'refused', 'unknown')`),
  ],
);
