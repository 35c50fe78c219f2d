// Carts, vouchers, orders and idempotency keys: the tables that hold shoppers' money and stock.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  boolean,
  unique,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { products, variantCombinations } from "./catalog";
import { users, type ShopperLocale } from "./accounts";
import { cities } from "./cities";

// A cart belongs to the browser's sessionId (spec §3, "session_" + timestamp + random).
export const carts = pgTable("carts", {
  sessionId: text("session_id").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => carts.sessionId, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    combinationId: integer("combination_id").references(() => variantCombinations.id, {
      onDelete: "cascade",
    }),
    // canonical JSON text of the chosen attributes ('' when none): part of the line's identity
    variantKey: text("variant_key").notNull().default(""),
    variantAttributes: jsonb("variant_attributes").$type<Record<string, string>>(),
    quantity: integer("quantity").notNull(),
    // the price shown when the line was added; orders are always re-priced from the catalogue
    pricePaisa: integer("price_paisa").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_lines_identity_key").on(t.sessionId, t.productId, t.combinationId, t.variantKey).nullsNotDistinct(),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const vouchers = pgTable(
  "vouchers",
  {
    id: serial("id").primaryKey(),
    // stored in uppercase: the voucher box forces uppercase (spec §5)
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    message: text("message"),
    // percentage: whole percent; flat: paisa; shipping: ignored (shipping becomes free)
    discountType: text("discount_type").notNull(),
    discountValue: integer("discount_value").notNull().default(0),
    maxDiscountPaisa: integer("max_discount_paisa"),
    minOrderPaisa: integer("min_order_paisa").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    usedCount: integer("used_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vouchers_code_key").on(sql`upper(${t.code})`),
    check("vouchers_discount_type", sql`${t.discountType} in ('percentage', 'flat', 'shipping')`),
    check("vouchers_usage_within_limit", sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check("vouchers_used_nonnegative", sql`${t.usedCount} >= 0`),
  ],
);

export const ORDER_STATUSES = [
  "pending confirmation",
  "confirmed",
  "packed",
  "shipped",
  "delivered",
  "cancelled",
  "returned",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the confirmation question ended, and where (decisions 0071, 0072). */
export const CONFIRMATION_OUTCOMES = ["confirmed", "cancelled", "expired"] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];
export const CONFIRMATION_CHANNELS = ["whatsapp", "link", "call", "staff", "auto"] as const;
export type ConfirmationChannel = (typeof CONFIRMATION_CHANNELS)[number];

/** The fake-order signals a store can find on an order (decision 0073). */
export const RISK_SIGNALS = [
  "blocked",
  "refused_before",
  "cancelled_before",
  "repeat_pending",
  "over_cod_limit",
  "short_address",
] as const;
export type RiskSignalCode = (typeof RISK_SIGNALS)[number];
export interface OrderRisk {
  /** the phone's orders at this store before this one */
  history: { delivered: number; refused: number; cancelled: number };
  /** each signal found, with the reason as staff read it, and whether the shop's settings hold for it */
  signals: { code: RiskSignalCode; reason: string; holds: boolean }[];
}

/** Where an order came from: the checkout, or staff taking it by phone or message (decision 0057). */
export const ORDER_SOURCES = ["website", "phone", "whatsapp", "instagram", "other"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    trackingId: text("tracking_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    sessionId: text("session_id"),
    status: text("status").$type<OrderStatus>().notNull().default("pending confirmation"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    // lowercase, so per-customer voucher limits and account history match in any case
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    // digits only (92XXXXXXXXXX for Pakistan): what per-customer limits and tracking compare
    phoneNormalized: text("phone_normalized").notNull(),
    shippingAddress: text("shipping_address").notNull(),
    city: text("city").notNull(),
    // the store's city the shopper's text matched (decision 0101); city_unmatched: placed after
    // the cities table existed and matched none of it, so staff check it before booking
    cityId: integer("city_id").references(() => cities.id, { onDelete: "set null" }),
    cityUnmatched: boolean("city_unmatched").notNull().default(false),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    paymentMethod: text("payment_method").notNull().default("cod"),
    subtotalPaisa: bigint("subtotal_paisa", { mode: "number" }).notNull(),
    shippingPaisa: bigint("shipping_paisa", { mode: "number" }).notNull(),
    discountPaisa: bigint("discount_paisa", { mode: "number" }).notNull().default(0),
    totalPaisa: bigint("total_paisa", { mode: "number" }).notNull(),
    voucherId: integer("voucher_id").references(() => vouchers.id, { onDelete: "set null" }),
    voucherCode: text("voucher_code"),
    // set when the order is shipped: the courier and its consignment number
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    // set when the order is delivered: the cash the courier collected
    cashCollectedPaisa: bigint("cash_collected_paisa", { mode: "number" }),
    source: text("source").$type<OrderSource>().notNull().default("website"),
    /** the storefront language it was placed in: its emails and WhatsApp texts are written in it */
    locale: text("locale").$type<ShopperLocale>().notNull().default("en"),
    // set by the move to delivered: the exchange window (7 days, the store's policy) counts from it
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    // a replacement order made by an exchange (decision 0056) points at the delivered order
    // whose lines it replaces; exchange_reason is the written reason staff give outside 7 days
    exchangeOfOrderId: integer("exchange_of_order_id").references((): AnyPgColumn => orders.id, {
      onDelete: "set null",
    }),
    exchangeReason: text("exchange_reason"),
    // a manual order whose shipping fee or discount staff set by hand (decision 0057): why
    priceOverrideReason: text("price_override_reason"),
    // the shopper's own confirm/cancel link (/order/confirm/<token>) is kept only
    // as the SHA-256 of its token; the token itself is in the placing browser's answer and the message
    confirmTokenHash: text("confirm_token_hash"),
    // when the one reminder was written (the scheduler writes it once)
    confirmationRemindedAt: timestamp("confirmation_reminded_at", { withTimezone: true }),
    // how the question "did you place this order?" ended: confirmed, cancelled
    // or expired, and where: whatsapp (button or reply), link (the shopper's page), call (staff on
    // the call list), staff (a move in the console or API), auto (the scheduler's expiry)
    confirmationOutcome: text("confirmation_outcome").$type<ConfirmationOutcome>(),
    confirmationChannel: text("confirmation_channel").$type<ConfirmationChannel>(),
    // the fake-order signals found when the order was placed, and whether one
    // the shop chose holds the order for a call (no WhatsApp question, no expiry)
    riskSignals: jsonb("risk_signals").$type<OrderRisk>(),
    heldForCall: boolean("held_for_call").notNull().default(false),
    // the delivery address in the block list's normal form (core/orders/risk-rules.ts), so pending
    // orders to one address and blocked addresses are found by an index
    addressKey: text("address_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_tracking_id_key").on(t.trackingId),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_email_idx").on(t.email, t.createdAt),
    // orders per phone per day (decision 0050)
    index("orders_phone_idx").on(t.phoneNormalized, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    // the console's list is newest first over every status ("All" tab, CSV export)
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_exchange_of_idx").on(t.exchangeOfOrderId),
    // the console's list at 100,000 orders (bench orders-admin): the city filter compares
    // lower(city), and the search is ILIKE '%…%' on the email, the full name and the phone's
    // digits, which only a trigram index can serve
    index("orders_city_idx").on(sql`lower(${t.city})`, t.createdAt, t.id),
    index("orders_search_trgm_idx").using(
      "gin",
      t.email.op("gin_trgm_ops"),
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
      t.phoneNormalized.op("gin_trgm_ops"),
    ),
    check(
      "orders_status",
      sql`${t.status} in ('pending confirmation', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'returned')`,
    ),
    check("orders_source", sql`${t.source} in ('website', 'phone', 'whatsapp', 'instagram', 'other')`),
    check("orders_locale", sql`${t.locale} in ('en', 'ur')`),
    check("orders_cash_collected_nonnegative", sql`${t.cashCollectedPaisa} is null or ${t.cashCollectedPaisa} >= 0`),
    check("orders_payment_method", sql`${t.paymentMethod} = 'cod'`),
    check("orders_total_nonnegative", sql`${t.totalPaisa} >= 0`),
    check(
      "orders_confirmation_outcome",
      sql`${t.confirmationOutcome} is null or ${t.confirmationOutcome} in ('confirmed', 'cancelled', 'expired')`,
    ),
    check(
      "orders_confirmation_channel",
      sql`${t.confirmationChannel} is null or ${t.confirmationChannel} in ('whatsapp', 'link', 'call', 'staff', 'auto')`,
    ),
    uniqueIndex("orders_confirm_token_key")
      .on(t.confirmTokenHash)
      .where(sql`${t.confirmTokenHash} is not null`),
    index("orders_address_key_idx").on(t.addressKey, t.createdAt),
    // the scheduler's and the call list's question: pending orders, oldest first (orders_status_idx
    // serves it); the dashboard's figures group by the week the order was placed and its city
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    combinationId: integer("combination_id").references(() => variantCombinations.id, {
      onDelete: "set null",
    }),
    // copies, so the order reads the same after the catalogue changes
    productName: text("product_name").notNull(),
    combinationName: text("combination_name"),
    variantDetails: jsonb("variant_details").$type<Record<string, string>>(),
    imageUrl: text("image_url"),
    unitPricePaisa: integer("unit_price_paisa").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalPaisa: bigint("line_total_paisa", { mode: "number" }).notNull(),
    // on a replacement order's line: the line of the delivered order it replaces (decision
    // 0056), and whether the unit coming back can be sold again (opened lingerie cannot)
    replacesItemId: integer("replaces_item_id").references((): AnyPgColumn => orderItems.id, {
      onDelete: "set null",
    }),
    returnResellable: boolean("return_resellable"),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_replaces_idx").on(t.replacesItemId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

// An order's timeline (decision 0055): every status move and staff note, with who and
// when. The shopper's tracking shows only the rows marked visible_to_shopper (status moves, never
// a staff note).
// "exchange": a replacement order was made for this one (or this one is the replacement); the
// shopper sees it, with the other order in related_order_id.
export const ORDER_EVENT_KINDS = ["status", "note", "exchange"] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    // null: the shopper (placing the order) or the store itself
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").$type<OrderEventKind>().notNull(),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>(),
    note: text("note"),
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    visibleToShopper: boolean("visible_to_shopper").notNull().default(false),
    relatedOrderId: integer("related_order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.at),
    check("order_events_kind", sql`${t.kind} in ('status', 'note', 'exchange')`),
    check("order_events_status_has_to_status", sql`${t.kind} <> 'status' or ${t.toStatus} is not null`),
    check("order_events_note_hidden", sql`${t.kind} <> 'note' or not ${t.visibleToShopper}`),
  ],
);

// Why stock changed (decision 0064): one row per change of a product's or combination's
// stock, so stock history can show orders, cancellations, returns, exchanges and manual changes.
// "manual": staff changed it in the console or the staff API; "import": a product CSV import
export const STOCK_REASONS = ["order", "cancel", "return", "exchange", "manual", "import"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    combinationId: integer("combination_id").references(() => variantCombinations.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    // the stock after the change; before it was stock_after - delta
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason").$type<StockReason>().notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    // the reason staff wrote for a manual change ("recount", "damaged")
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_product_idx").on(t.productId, t.combinationId, t.at),
    index("stock_movements_order_idx").on(t.orderId),
    check("stock_movements_reason", sql`${t.reason} in ('order', 'cancel', 'return', 'exchange', 'manual', 'import')`),
    check("stock_movements_delta_nonzero", sql`${t.delta} <> 0`),
  ],
);

// One row per voucher use; per-customer limits count these by mailbox or phone
// (core/shared/customer-keys.ts): email holds the mailbox key, not the address as typed.
export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: serial("id").primaryKey(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    phoneNormalized: text("phone_normalized").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("voucher_redemptions_order_key").on(t.orderId),
    index("voucher_redemptions_email_idx").on(t.voucherId, t.email),
    index("voucher_redemptions_phone_idx").on(t.voucherId, t.phoneNormalized),
  ],
);

// POST /api/orders with an Idempotency-Key: the first answer is kept and replayed.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: jsonb("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
