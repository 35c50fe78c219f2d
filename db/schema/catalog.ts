// Catalogue tables: collections, products and everything hanging off a product (spec §3).
// Money columns hold integer paisa (design.md, "Rules of the data").
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // Urdu for the /ur pages (decision 0111); null: the page shows the English, marked lang="en"
    nameUr: text("name_ur"),
    descriptionUr: text("description_ur"),
    imageUrl: text("image_url"),
    isFeatured: boolean("is_featured").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("collections_position_idx").on(t.position, t.id)],
);

export type StructuredDescription = { bullet_points?: string[]; highlights?: string[] };
export type Faq = { question: string; answer: string };

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // spec §3: html, structured or plain
    descriptionFormat: text("description_format").notNull().default("plain"),
    // Urdu for the /ur pages (decision 0111), in the description's format; null: the English shows
    nameUr: text("name_ur"),
    descriptionUr: text("description_ur"),
    structuredDescription: jsonb("structured_description").$type<StructuredDescription>(),
    customUrl: text("custom_url"),
    pricePaisa: integer("price_paisa").notNull(),
    basePricePaisa: integer("base_price_paisa"),
    comparePricePaisa: integer("compare_price_paisa"),
    // stock of a product sold without combinations; products with combinations keep stock there
    stock: integer("stock").notNull().default(0),
    materialType: text("material_type"),
    customFields: jsonb("custom_fields").$type<Record<string, string>>().notNull().default({}),
    faqs: jsonb("faqs").$type<Faq[]>().notNull().default([]),
    darazLink: text("daraz_link"),
    isActive: boolean("is_active").notNull().default(true),
    // a product with orders is archived (hidden, out of the console's lists),
    // never deleted, so old orders keep their lines
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    // which size guide the product page shows: auto picks one from the size values
    // (app/lib/size-guide.ts), apparel or bra forces one, none shows none
    sizeGuide: text("size_guide").notNull().default("auto"),
    // kept in step with the reviews table inside the transaction that writes a review
    reviewCount: integer("review_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    // lowest combination price (or the product price): what sort and price filters compare
    minPricePaisa: integer("min_price_paisa").notNull().default(0),
    maxPricePaisa: integer("max_price_paisa").notNull().default(0),
    // search_fold (migration 0027) makes Roman Urdu's spellings and Urdu script's letter variants
    // one, as core/catalog/search-folding.ts does to the search (decision 0108)
    // the Urdu name and description are folded into it beside the English (migration 0029)
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', search_fold(coalesce("name", '') || ' ' || coalesce("name_ur", ''))), 'A') || setweight(to_tsvector('simple', search_fold(coalesce("description", '') || ' ' || coalesce("description_ur", ''))), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_custom_url_key").on(t.customUrl),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("products_created_idx").on(t.createdAt, t.id),
    index("products_min_price_idx").on(t.minPricePaisa, t.id),
    index("products_name_idx").on(t.name, t.id),
    // decision 0075: what the storefront lists and counts is active products
    // only, so its sorts, counts and deep pages read these partial indexes alone (index-only scans)
    index("products_active_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.isActive}`),
    index("products_active_price_idx")
      .on(t.minPricePaisa, t.id)
      .where(sql`${t.isActive}`),
    index("products_active_price_desc_idx")
      .on(t.minPricePaisa.desc().nullsFirst(), t.id)
      .where(sql`${t.isActive}`),
    index("products_active_name_idx")
      .on(t.name, t.id)
      .where(sql`${t.isActive}`),
    index("products_active_max_price_idx")
      .on(t.maxPricePaisa)
      .where(sql`${t.isActive}`),
    // the sitemap's slices and its count and newest change (core/content/sitemap.ts)
    index("products_sitemap_idx")
      .on(t.id, t.updatedAt, t.customUrl)
      .where(sql`${t.isActive}`),
    // the best-rated first ("You might also like"), the expression written as the query writes it
    index("products_rating_idx")
      .on(
        sql`(case when ${t.reviewCount} = 0 then 0 else ${t.ratingTotal}::float / ${t.reviewCount} end) desc`,
        t.reviewCount.desc().nullsFirst(),
        t.id,
      )
      .where(sql`${t.isActive}`),
    // the staff's product list: everything not archived, newest first or by name
    index("products_staff_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_staff_name_idx")
      .on(t.name, t.id)
      .where(sql`${t.archivedAt} is null`),
    index("products_url_trgm_idx").using("gin", t.customUrl.op("gin_trgm_ops")),
    // the few hidden products: a collection's count is its links less its hidden products
    index("products_inactive_idx")
      .on(t.id)
      .where(sql`not ${t.isActive}`),
    check("products_stock_nonnegative", sql`${t.stock} >= 0`),
    check("products_price_nonnegative", sql`${t.pricePaisa} >= 0`),
    check("products_description_format", sql`${t.descriptionFormat} in ('html', 'structured', 'plain')`),
    check("products_size_guide", sql`${t.sizeGuide} in ('auto', 'apparel', 'bra', 'none')`),
  ],
);

// Every distinct word of the products' names and descriptions, folded as search_vector holds
// them (four to forty letters): the words a typo in a search is corrected to (decision 0108).
// Written by triggers on products (migration 0027), never by the application; a word whose last
// product went stays, and only adds an alternative that matches nothing.
export const catalogueWords = pgTable(
  "catalogue_words",
  { word: text("word").primaryKey() },
  // nearest words first (order by word <-> $1) needs GiST: GIN has no distance order
  (t) => [index("catalogue_words_trgm_idx").using("gist", t.word.op("gist_trgm_ops"))],
);

export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("collection_products_product_idx").on(t.productId),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    imageUrl: text("image_url").notNull(),
    // widths available as `<image_url without -NNN.webp>-<w>.webp`; empty for outside URLs
    widths: integer("widths")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    altText: text("alt_text").notNull().default(""),
    // where an uploaded photo's files live in media storage (the key of the
    // files without "-<width>.webp"), so deleting the photo deletes them; null for demo pictures
    storageKey: text("storage_key"),
    isPrimary: boolean("is_primary").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // spec §3: size, color, others
    variantType: text("variant_type").notNull(),
    variantValue: text("variant_value").notNull(),
    colorHex: text("color_hex"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("variants_product_idx").on(t.productId, t.position),
    // the filter choices walk it value by value and take each value's first product from it
    // (core/catalog/facets.ts): a rare value is found at once, not by reading the table
    index("variants_type_value_idx").on(t.variantType, t.variantValue, t.productId),
    // the shop's size and colour filters match values case-blind (lower(variant_value), core/catalog/
    // products.ts), which the index above cannot serve: without this one a rare colour over the
    // whole catalogue probed every active product's variants (366 ms at 100,000 products on
    // PostgreSQL), with it the few products that have it are found first (0.1 ms)
    index("variants_type_lower_value_idx").on(t.variantType, sql`lower(${t.variantValue})`),
  ],
);

export const variantCombinations = pgTable(
  "variant_combinations",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    combinationName: text("combination_name").notNull(),
    // e.g. {"size":"M","color":"Black"}
    variantAttributes: jsonb("variant_attributes").$type<Record<string, string>>().notNull(),
    pricePaisa: integer("price_paisa").notNull(),
    stock: integer("stock").notNull().default(0),
    isAvailable: boolean("is_available").notNull().default(true),
    sku: text("sku"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one row per combination of a product: the console's grid and the CSV import match on it
    uniqueIndex("variant_combinations_product_name_key").on(t.productId, t.combinationName),
    // the staff's product search finds a product by any of its SKUs (decision 0075)
    index("variant_combinations_sku_trgm_idx").using("gin", t.sku.op("gin_trgm_ops")),
    check("variant_combinations_stock_nonnegative", sql`${t.stock} >= 0`),
    check("variant_combinations_price_nonnegative", sql`${t.pricePaisa} >= 0`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rating: smallint("rating").notNull(),
    // stored and shown as plain text, never as HTML
    reviewText: text("review_text").notNull(),
    reviewerName: text("reviewer_name").notNull(),
    isGuest: boolean("is_guest").notNull().default(true),
    isApproved: boolean("is_approved").notNull().default(true),
    // set when staff publish or hide a review (decision 0061); a review not approved and never
    // moderated is waiting in the queue, one not approved but moderated was hidden
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    // the moderation queue's tabs, newest first
    index("reviews_queue_idx").on(t.isApproved, t.createdAt, t.id),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

// A shopper's wishlist: here beside the products it points to, since the catalogue's tables
// already refer to accounts (reviews) and the schema's files must not import each other both ways.
export const wishlistEntries = pgTable(
  "wishlist_entries",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("wishlist_entries_user_added_idx").on(t.userId, t.addedAt),
  ],
);
