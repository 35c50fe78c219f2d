// Couriers and parcels (decision 0101): the shop's accounts with each courier, the parcels booked
// through them, what each courier reported of each parcel, and the webhooks a courier pushed.
import { sql } from "drizzle-orm";
import {
  bigint,
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
import { orders } from "./orders";
import type { CourierCode } from "./cities";

/** A place the courier collects parcels from: Trax and PostEx know it by their own id or code. */
export interface PickupAddress {
  /** the courier's id or code for this address, where it has one (Trax pickup_address_id, PostEx pickupAddressCode) */
  code: string | null;
  label: string;
  address: string;
  /** the store's city (cities.id) */
  cityId: number | null;
  phone: string;
}

export const courierAccounts = pgTable(
  "courier_accounts",
  {
    id: serial("id").primaryKey(),
    courier: text("courier").$type<CourierCode>().notNull(),
    /** the owner's name for it ("PostEx Lahore") */
    label: text("label").notNull(),
    /** live: the courier's production host; test: its staging host */
    mode: text("mode").$type<"live" | "test">().notNull().default("live"),
    /** another base URL than the courier's documented one for the mode (a proxy, a new gateway, a test's fake) */
    baseUrl: text("base_url"),
    /** the credentials as JSON, sealed with AES-256-GCM under SECRETS_KEY (core/shared/secrets.ts) */
    credentialsSealed: text("credentials_sealed").notNull(),
    /** what staff may see of each credential: its last four characters */
    credentialsHint: jsonb("credentials_hint").$type<Record<string, string>>().notNull(),
    pickupAddresses: jsonb("pickup_addresses").$type<PickupAddress[]>().notNull().default(sql`'[]'::jsonb`),
    defaultWeightGrams: integer("default_weight_grams").notNull().default(500),
    isDefault: boolean("is_default").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("courier_accounts_one_default").on(t.isDefault).where(sql`${t.isDefault}`),
    uniqueIndex("courier_accounts_label_key").on(sql`lower(${t.label})`),
    check("courier_accounts_courier", sql`${t.courier} in ('postex', 'leopards', 'trax', 'tcs')`),
    check("courier_accounts_mode", sql`${t.mode} in ('live', 'test')`),
    check("courier_accounts_weight", sql`${t.defaultWeightGrams} between 1 and 100000`),
  ],
);

/** One word for each courier's many status words (core/couriers/courier.ts maps them). */
export const PARCEL_STATUSES = [
  "booked",
  "picked up",
  "in transit",
  "out for delivery",
  "delivery attempted",
  "delivered",
  "returning",
  "returned",
] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/**
 * Where the booking itself stands. "booking": written before the courier is called, so an answer
 * lost to a timeout is found again by the order's reference and never booked twice; "unknown": the
 * call ended without a clear answer and the courier could not be asked; "booked": the courier
 * gave a CN; "failed": the courier refused (the reason in failure); "cancelled": cancelled before pickup.
 */
export const BOOKING_STATES = ["booking", "unknown", "booked", "failed", "cancelled"] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const parcels = pgTable(
  "parcels",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courierAccountId: integer("courier_account_id").references(() => courierAccounts.id, { onDelete: "set null" }),
    courier: text("courier").$type<CourierCode>().notNull(),
    /** what the courier holds as our reference: the order's tracking id, with "-2", "-3" on a later booking */
    reference: text("reference").notNull(),
    bookingState: text("booking_state").$type<BookingState>().notNull().default("booking"),
    /** the consignment number the courier gave */
    cn: text("cn"),
    status: text("status").$type<ParcelStatus>(),
    /** the courier's reason with the status ("Address incomplete" on an attempt) */
    statusReason: text("status_reason"),
    /** when the courier says the status happened */
    statusAt: timestamp("status_at", { withTimezone: true }),
    weightGrams: integer("weight_grams").notNull(),
    pieces: integer("pieces").notNull().default(1),
    /** what the courier is to collect: what the order still has to collect when booked */
    codPaisa: bigint("cod_paisa", { mode: "number" }).notNull(),
    description: text("description").notNull(),
    instructions: text("instructions").notNull().default(""),
    /** the courier's printable slip, where its booking answer gives one */
    labelUrl: text("label_url"),
    /** the courier's words when it refused, or what went wrong, as staff read it */
    failure: text("failure"),
    bookedBy: integer("booked_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // the tracking poll: when this parcel is next due, and how many polls in a row failed
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }),
    lastPolledAt: timestamp("last_polled_at", { withTimezone: true }),
    pollFailures: integer("poll_failures").notNull().default(0),
    /** when the last new event came: a parcel with none for the shop's stall days needs a person */
    lastMovementAt: timestamp("last_movement_at", { withTimezone: true }),
  },
  (t) => [
    // one live booking per order: a second waits until the first is cancelled or failed
    uniqueIndex("parcels_one_live_per_order")
      .on(t.orderId)
      .where(sql`${t.bookingState} in ('booking', 'unknown', 'booked')`),
    uniqueIndex("parcels_courier_cn_key").on(t.courier, t.cn).where(sql`${t.cn} is not null`),
    uniqueIndex("parcels_courier_reference_key").on(t.courier, t.reference),
    index("parcels_order_idx").on(t.orderId),
    index("parcels_poll_idx")
      .on(t.nextPollAt)
      .where(sql`${t.bookingState} = 'booked' and ${t.status} not in ('delivered', 'returned')`),
    index("parcels_status_idx").on(t.status, t.lastMovementAt),
    check("parcels_courier", sql`${t.courier} in ('postex', 'leopards', 'trax', 'tcs')`),
    check("parcels_booking_state", sql`${t.bookingState} in ('booking', 'unknown', 'booked', 'failed', 'cancelled')`),
    check(
      "parcels_status",
      sql`${t.status} is null or ${t.status} in ('booked', 'picked up', 'in transit', 'out for delivery', 'delivery attempted', 'delivered', 'returning', 'returned')`,
    ),
    check("parcels_booked_has_cn", sql`${t.bookingState} <> 'booked' or ${t.cn} is not null`),
    check("parcels_weight", sql`${t.weightGrams} between 1 and 100000`),
    check("parcels_pieces", sql`${t.pieces} between 1 and 99`),
    check("parcels_cod_nonnegative", sql`${t.codPaisa} >= 0`),
  ],
);

/** What a courier reported of a parcel, once each (the key is the event's time, words and reason). */
export const parcelEvents = pgTable(
  "parcel_events",
  {
    id: serial("id").primaryKey(),
    parcelId: integer("parcel_id")
      .notNull()
      .references(() => parcels.id, { onDelete: "cascade" }),
    /** when the courier says it happened */
    at: timestamp("at", { withTimezone: true }).notNull(),
    status: text("status").$type<ParcelStatus>().notNull(),
    /** the courier's own words ("Arrival Service Center", "0013") */
    courierStatus: text("courier_status").notNull(),
    reason: text("reason"),
    location: text("location"),
    eventKey: text("event_key").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("parcel_events_key").on(t.parcelId, t.eventKey),
    index("parcel_events_parcel_idx").on(t.parcelId, t.at),
  ],
);

/** A courier's pushed notice, kept as it came and processed later (Trax gives 3 s to answer). */
export const courierWebhooks = pgTable(
  "courier_webhooks",
  {
    id: serial("id").primaryKey(),
    courier: text("courier").$type<CourierCode>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    body: jsonb("body").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    failure: text("failure"),
  },
  (t) => [index("courier_webhooks_waiting_idx").on(t.receivedAt).where(sql`${t.processedAt} is null`)],
);
