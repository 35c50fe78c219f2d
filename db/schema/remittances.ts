// Cash on delivery coming home (decision 0106): what each courier should pay the shop for the
// parcels it delivered (or charge for the ones it brought back), what it reported, the payment
// batch each parcel was paid in, the deductions by kind, the rate card that says what the
// deductions should have been, and the payment reports staff upload.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
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
import type { CourierCode } from "./cities";
import { courierAccounts, parcels } from "./couriers";

/**
 * The kinds a courier's deductions are sorted into, whatever each courier calls them. Net paid =
 * collected − the sum of all seven, exactly, in paisa (a check on parcel_money holds it).
 */
export const DEDUCTION_KINDS = [
  "delivery",
  "cash_handling",
  "fuel",
  "gst",
  "return_charge",
  "withheld_tax",
  "other",
] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];

/** Where a parcel's paid figures came from: the courier's payment call, or a report staff uploaded. */
export const MONEY_SOURCES = ["api", "report"] as const;
export type MoneySource = (typeof MONEY_SOURCES)[number];

/** What a parcel's figures disagree with: the cash it should have collected, or the rate card. */
export const DIFFERENCE_KINDS = ["paid short", "charged more than the rate card"] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/** Where a dispute with the courier stands. */
export const DISPUTE_STATES = ["open", "raised", "resolved"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** One payment the courier made the shop: a PostEx CPR, a Leopards cheque or invoice, a Trax payment id, a TCS invoice. */
export const courierPayouts = pgTable(
  "courier_payouts",
  {
    id: serial("id").primaryKey(),
    courier: text("courier").$type<CourierCode>().notNull(),
    courierAccountId: integer("courier_account_id").references(() => courierAccounts.id, { onDelete: "set null" }),
    /** the courier's number for the payment; where it names none, "paid <date>" (reference_given false) */
    reference: text("reference").notNull(),
    referenceGiven: boolean("reference_given").notNull().default(true),
    /** the day the courier paid, in Pakistan */
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    source: text("source").$type<MoneySource>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("courier_payouts_reference_key").on(t.courier, t.reference),
    index("courier_payouts_paid_on_idx").on(t.paidOn, t.id),
    check("courier_payouts_source", sql`${t.source} in ('api', 'report')`),
  ],
);

/**
 * A delivered or returned parcel's money: one row per parcel, made when the parcel reaches the
 * end of its road. Until it is paid, the payment poll asks its courier now and then.
 */
export const parcelMoney = pgTable(
  "parcel_money",
  {
    parcelId: integer("parcel_id")
      .primaryKey()
      .references(() => parcels.id, { onDelete: "cascade" }),
    courier: text("courier").$type<CourierCode>().notNull(),
    courierAccountId: integer("courier_account_id").references(() => courierAccounts.id, { onDelete: "set null" }),
    /** delivered: the courier owes the cash; returned: the shop owes the charges */
    outcome: text("outcome").$type<"delivered" | "returned">().notNull(),
    /** when the parcel was delivered or came back: the age of what is owed counts from it */
    owedSince: timestamp("owed_since", { withTimezone: true }).notNull(),
    /** what the courier should have collected: the parcel's COD when delivered, 0 when returned */
    duePaisa: bigint("due_paisa", { mode: "number" }).notNull(),
    // what the rate card in force on owed_since says the deductions should be (null: no card)
    expectedDeductionsPaisa: bigint("expected_deductions_paisa", { mode: "number" }),
    /** the expected deductions by kind, for the screen and the export */
    expectedDetail: jsonb("expected_detail").$type<Partial<Record<DeductionKind, number>>>(),
    /** a difference no larger than this is rounding: the card's, or Rs. 5 without one */
    tolerancePaisa: integer("tolerance_paisa").notNull().default(500),
    // what the courier reported; null until it has
    collectedPaisa: bigint("collected_paisa", { mode: "number" }),
    deliveryPaisa: bigint("delivery_paisa", { mode: "number" }).notNull().default(0),
    cashHandlingPaisa: bigint("cash_handling_paisa", { mode: "number" }).notNull().default(0),
    fuelPaisa: bigint("fuel_paisa", { mode: "number" }).notNull().default(0),
    gstPaisa: bigint("gst_paisa", { mode: "number" }).notNull().default(0),
    returnChargePaisa: bigint("return_charge_paisa", { mode: "number" }).notNull().default(0),
    withheldTaxPaisa: bigint("withheld_tax_paisa", { mode: "number" }).notNull().default(0),
    otherPaisa: bigint("other_paisa", { mode: "number" }).notNull().default(0),
    /** collected − every deduction; set once paid (a returned parcel's is below zero: the shop paid) */
    netPaisa: bigint("net_paisa", { mode: "number" }),
    /** the courier's own words and amounts, as it reported them */
    courierFigures: jsonb("courier_figures").$type<{ kind: string; paisa: number }[]>(),
    payoutId: integer("payout_id").references(() => courierPayouts.id, { onDelete: "set null" }),
    /** PostEx pays in two tranches: the reserve's CPR (the upfront one is the payout's reference) */
    secondReference: text("second_reference"),
    paidOn: date("paid_on", { mode: "string" }),
    source: text("source").$type<MoneySource>(),
    /** the report whose row set these figures */
    reportImportId: integer("report_import_id"),
    // the difference from what was due or expected, beyond the tolerance
    differenceKind: text("difference_kind").$type<DifferenceKind>(),
    /** how much less the shop got than it should have, in paisa (> 0) */
    differencePaisa: bigint("difference_paisa", { mode: "number" }),
    // the dispute with the courier, on any parcel staff take up (paid short, or unpaid too long)
    disputeState: text("dispute_state").$type<DisputeState>(),
    disputeNote: text("dispute_note").notNull().default(""),
    disputeUpdatedAt: timestamp("dispute_updated_at", { withTimezone: true }),
    disputeUpdatedBy: integer("dispute_updated_by").references(() => users.id, { onDelete: "set null" }),
    // the payment poll: when this parcel's courier is asked next, and how many asks in a row failed
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }),
    lastPolledAt: timestamp("last_polled_at", { withTimezone: true }),
    pollFailures: integer("poll_failures").notNull().default(0),
    /** every change to the row adds one: a staff edit names the version it saw */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("parcel_money_poll_idx")
      .on(t.nextPollAt)
      .where(sql`${t.payoutId} is null`),
    index("parcel_money_unpaid_idx")
      .on(t.courier, t.owedSince)
      .where(sql`${t.payoutId} is null`),
    index("parcel_money_payout_idx").on(t.payoutId),
    index("parcel_money_difference_idx")
      .on(t.disputeState, t.owedSince)
      .where(sql`${t.disputeState} is not null`),
    check("parcel_money_outcome", sql`${t.outcome} in ('delivered', 'returned')`),
    check("parcel_money_source", sql`${t.source} is null or ${t.source} in ('api', 'report')`),
    check(
      "parcel_money_difference_kind",
      sql`${t.differenceKind} is null or ${t.differenceKind} in ('paid short', 'charged more than the rate card')`,
    ),
    check(
      "parcel_money_dispute_state",
      sql`${t.disputeState} is null or ${t.disputeState} in ('open', 'raised', 'resolved')`,
    ),
    check("parcel_money_due", sql`${t.duePaisa} >= 0`),
    // the rule the whole screen rests on: net paid is collected less every deduction, to the paisa
    check(
      "parcel_money_net",
      sql`${t.netPaisa} is null or ${t.netPaisa} = coalesce(${t.collectedPaisa}, 0) - (${t.deliveryPaisa} + ${t.cashHandlingPaisa} + ${t.fuelPaisa} + ${t.gstPaisa} + ${t.returnChargePaisa} + ${t.withheldTaxPaisa} + ${t.otherPaisa})`,
    ),
    check("parcel_money_paid_has_net", sql`${t.payoutId} is null or ${t.netPaisa} is not null`),
  ],
);

/**
 * What the shop agreed with a courier, from a day on: a parcel is held to the card in force on the
 * day it was delivered or returned. The card's shape is core/remittances/rate-card.ts's RateCard.
 */
export const courierRateCards = pgTable(
  "courier_rate_cards",
  {
    id: serial("id").primaryKey(),
    courier: text("courier").$type<CourierCode>().notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    card: jsonb("card").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("courier_rate_cards_from_key").on(t.courier, t.effectiveFrom)],
);

/** Income tax withheld at source on cash collected (Finance Act 2025, section 6A), from a day on. */
export const withheldTaxRates = pgTable(
  "withheld_tax_rates",
  {
    id: serial("id").primaryKey(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    /** in hundredths of a percent: 200 is 2% */
    rateBasisPoints: integer("rate_basis_points").notNull(),
    note: text("note").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("withheld_tax_rates_from_key").on(t.effectiveFrom),
    check("withheld_tax_rates_rate", sql`${t.rateBasisPoints} between 0 and 10000`),
  ],
);

/** Which column of a courier's payment report holds which figure, chosen once and remembered. */
export const courierReportMappings = pgTable("courier_report_mappings", {
  courier: text("courier").$type<CourierCode>().primaryKey(),
  /** our field → the report's column heading */
  mapping: jsonb("mapping").$type<Record<string, string>>().notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment report staff uploaded: read and previewed first ("previewed", its rows and what each
 * would do kept here), then applied in one go ("applied"). A preview not applied is dropped after a day.
 */
export const courierReportImports = pgTable(
  "courier_report_imports",
  {
    id: serial("id").primaryKey(),
    courier: text("courier").$type<CourierCode>().notNull(),
    courierAccountId: integer("courier_account_id").references(() => courierAccounts.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** the file's SHA-256: the same report uploaded again is named as such */
    fileSha256: text("file_sha256").notNull(),
    state: text("state").$type<"previewed" | "applied">().notNull().default("previewed"),
    /** the rows as read, each with what it will do (or did) */
    rows: jsonb("rows").notNull(),
    /** counts by what the rows do */
    summary: jsonb("summary").$type<Record<string, number>>().notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [
    index("courier_report_imports_created_idx").on(t.createdAt, t.id),
    index("courier_report_imports_sha_idx").on(t.fileSha256),
    check("courier_report_imports_state", sql`${t.state} in ('previewed', 'applied')`),
  ],
);
