// Store content: settings, announcements, blog, homepage videos and homepage layout (spec §3).
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";

// One row (id = 1). Empty columns fall back to the defaults in core/settings.
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    siteName: text("site_name"),
    freeShippingThresholdPaisa: integer("free_shipping_threshold_paisa"),
    shippingFeePaisa: integer("shipping_fee_paisa"),
    logoUrl: text("logo_url"),
    defaultMetaTitle: text("default_meta_title"),
    defaultMetaDescription: text("default_meta_description"),
    /** the line under the store's name in the footer and home page; empty: the meta description */
    tagline: text("tagline"),
    defaultMetaKeywords: text("default_meta_keywords"),
    googleAnalyticsId: text("google_analytics_id"),
    googleTagManagerId: text("google_tag_manager_id"),
    facebookPixelId: text("facebook_pixel_id"),
    defaultOgImage: text("default_og_image"),
    faviconUrl: text("favicon_url"),
    appleTouchIconUrl: text("apple_touch_icon_url"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    whatsappNumber: text("whatsapp_number"),
    facebookUrl: text("facebook_url"),
    instagramUrl: text("instagram_url"),
    twitterUrl: text("twitter_url"),
    // more social links, and the delivery promise shown beside every product
    tiktokUrl: text("tiktok_url"),
    youtubeUrl: text("youtube_url"),
    deliveryPromise: text("delivery_promise"),
    businessHours: text("business_hours"),
    schemaOrgType: text("schema_org_type").notNull().default("Store"),
    schemaOrgData: jsonb("schema_org_data").$type<Record<string, unknown>>(),
    // limits that keep one shopper (or a script) from taking a product's whole stock with cash on
    // delivery; empty = the defaults in core/settings (decision 0050)
    maxUnitsPerLine: integer("max_units_per_line"),
    maxOrdersPerPhonePerDay: integer("max_orders_per_phone_per_day"),
    // the owner may require two-step sign-in of every staff account (decision 0053)
    staffTwoStepRequired: boolean("staff_two_step_required").notNull().default(false),
    // the outer label of a parcel names no product and none of the store's
    // lingerie wording ("Garments", and this neutral sender name); on by default for this store
    discreetPackaging: boolean("discreet_packaging").notNull().default(true),
    discreetSenderName: text("discreet_sender_name"),
    // which new reviews wait for staff before they show: none, guests or all
    reviewsHeldForModeration: text("reviews_held_for_moderation").notNull().default("none"),
    // a WhatsApp message asks the shopper to confirm each new order (on by default; with
    // no WhatsApp account configured the message is only logged), in English or English and Urdu
    whatsappConfirmations: boolean("whatsapp_confirmations").notNull().default(true),
    whatsappLanguage: text("whatsapp_language").notNull().default("en"),
    // no answer after this many hours, one reminder; after that many, the order
    // is cancelled and restocked
    confirmationReminderHours: integer("confirmation_reminder_hours").notNull().default(12),
    confirmationExpiryHours: integer("confirmation_expiry_hours").notNull().default(48),
    // the most an order paid in cash may be (paisa; null: no limit; per-city
    // limits in cod_city_limits), and which signals hold an order for a call
    codLimitPaisa: bigint("cod_limit_paisa", { mode: "number" }),
    holdSignals: jsonb("hold_signals")
      .$type<string[]>()
      .notNull()
      .default(sql`'["blocked", "refused_before", "over_cod_limit"]'::jsonb`),
    // which order emails the store sends (the account emails, reset and verification,
    // cannot be turned off: without them a shopper could lose her account)
    emailOrderPlaced: boolean("email_order_placed").notNull().default(true),
    emailOrderShipped: boolean("email_order_shipped").notNull().default(true),
    emailOrderDelivered: boolean("email_order_delivered").notNull().default(true),
    emailOrderCancelled: boolean("email_order_cancelled").notNull().default(true),
    // a booked parcel with no news from its courier for this many days needs a person
    parcelStallDays: integer("parcel_stall_days").notNull().default(3),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("site_settings_parcel_stall_days", sql`${t.parcelStallDays} between 1 and 60`),
    check("site_settings_single_row", sql`${t.id} = 1`),
    check("site_settings_reviews_held", sql`${t.reviewsHeldForModeration} in ('none', 'guests', 'all')`),
    check("site_settings_whatsapp_language", sql`${t.whatsappLanguage} in ('en', 'en+ur')`),
    check("site_settings_confirmation_reminder_hours", sql`${t.confirmationReminderHours} between 1 and 168`),
    check(
      "site_settings_confirmation_expiry_hours",
      sql`${t.confirmationExpiryHours} between 2 and 720 and ${t.confirmationExpiryHours} > ${t.confirmationReminderHours}`,
    ),
    check("site_settings_cod_limit", sql`${t.codLimitPaisa} is null or ${t.codLimitPaisa} > 0`),
    check(
      "site_settings_max_units_per_line",
      sql`${t.maxUnitsPerLine} is null or ${t.maxUnitsPerLine} between 1 and 99`,
    ),
    check(
      "site_settings_max_orders_per_phone",
      sql`${t.maxOrdersPerPhonePerDay} is null or ${t.maxOrdersPerPhonePerDay} between 1 and 1000`,
    ),
  ],
);

export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    content: text("content").notNull(),
    // Urdu for the /ur pages (decision 0111); null: the English shows
    contentUr: text("content_ur"),
    isActive: boolean("is_active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("announcements_active_idx").on(t.isActive, t.position)],
);

export const blogs = pgTable(
  "blogs",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    // sanitised HTML: cleaned before it is stored (design.md)
    content: text("content").notNull().default(""),
    // Urdu for the /ur pages (decision 0111), the body cleaned as the English is; null: the English shows
    titleUr: text("title_ur"),
    excerptUr: text("excerpt_ur"),
    contentUr: text("content_ur"),
    category: text("category"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorName: text("author_name"),
    featuredImageUrl: text("featured_image_url"),
    readTimeMinutes: integer("read_time_minutes").notNull().default(1),
    isFeatured: boolean("is_featured").notNull().default(false),
    isPublished: boolean("is_published").notNull().default(true),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    seoKeywords: text("seo_keywords"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blogs_slug_key").on(t.slug), index("blogs_published_idx").on(t.isPublished, t.publishedAt)],
);

export const homepageVideos = pgTable("homepage_videos", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  videoUrl: text("video_url").notNull(),
  isActive: boolean("is_active").notNull().default(true),
  position: integer("position").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const HOME_SECTION_KINDS = ["picked", "newest"] as const;
export type HomeSectionKind = (typeof HOME_SECTION_KINDS)[number];

export const homepageCategories = pgTable(
  "homepage_categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    position: integer("position").notNull().default(0),
    // decision 0097: products picked by staff, or the newest N the shop can sell, filled by itself
    kind: text("kind").$type<HomeSectionKind>().notNull().default("picked"),
    newestCount: integer("newest_count").notNull().default(8),
    // one more on every change of the picked list, so a reorder made from an older list is refused
    productsVersion: integer("products_version").notNull().default(0),
  },
  (t) => [
    check("homepage_categories_kind", sql`${t.kind} in ('picked', 'newest')`),
    check("homepage_categories_newest_count", sql`${t.newestCount} between 1 and 24`),
  ],
);

export const homepageCategoryProducts = pgTable(
  "homepage_category_products",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => homepageCategories.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.productId] })],
);

// The policy pages' text as staff edit it (sanitised HTML). A page without a row shows the text
// the store ships with.
export const POLICY_PAGE_SLUGS = ["terms", "privacy", "refund-policy", "about"] as const;
export type PolicyPageSlug = (typeof POLICY_PAGE_SLUGS)[number];

export const policyPages = pgTable(
  "policy_pages",
  {
    slug: text("slug").$type<PolicyPageSlug>().primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    // Urdu for the /ur pages (decision 0111); null: the English shows
    titleUr: text("title_ur"),
    contentUr: text("content_ur"),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("policy_pages_slug", sql`${t.slug} in ('terms', 'privacy', 'refund-policy', 'about')`)],
);

// A product CSV checked and waiting to be applied (decision 0065). The preview stores the file
// here, so "Apply" applies exactly what was previewed, once (applied_at is set conditionally).
export const productImports = pgTable(
  "product_imports",
  {
    id: serial("id").primaryKey(),
    fileName: text("file_name").notNull(),
    content: text("content").notNull(),
    rowCount: integer("row_count").notNull(),
    errorCount: integer("error_count").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    appliedBy: integer("applied_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("product_imports_created_idx").on(t.createdAt)],
);

// Display currencies (spec §9: the currency list holds USD, EUR, GBP beside PKR; decision 0091):
// the shop's own rate for each, rupees per unit as an exact decimal of 4 places. A row without a
// rate (or no row) means the currency is not offered. Prices are only shown converted: every
// amount charged stays in paisa.
export const currencyRates = pgTable(
  "currency_rates",
  {
    code: text("code").primaryKey(),
    rupeesPerUnit: numeric("rupees_per_unit", { precision: 9, scale: 4 }),
    setAt: timestamp("set_at", { withTimezone: true }),
    setBy: integer("set_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("currency_rates_code", sql`${t.code} in ('USD', 'EUR', 'GBP')`),
    check("currency_rates_positive", sql`${t.rupeesPerUnit} > 0`),
  ],
);
