// The answer shapes of spec §3, built from core's domain objects. Both spellings are given
// where the spec lists two (stock / stock_quantity, variant_attributes / variant_values).
import type { Collection } from "../../core/catalog/collections";
import type { Product, Review } from "../../core/catalog/products";
import type { BlogPost, BlogSummary } from "../../core/content/content";
import type { SiteSettings } from "../../core/settings/site-settings";
import {
  CURRENCY_NAMES,
  CURRENCY_SYMBOLS,
  DEFAULT_CURRENCY,
  rateText,
  type OfferedCurrency,
} from "../../core/settings/currencies";
import { DEFAULT_DELIVERY_PROMISE } from "../../core/settings/store-details-rules";
import { variantKey } from "../../core/cart/variant-attributes";
import { money } from "../serialize";

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export function presentReview(review: Review) {
  return {
    id: review.id,
    product_id: review.productId,
    rating: review.rating,
    review_text: review.reviewText,
    reviewer_name: review.reviewerName,
    is_guest: review.isGuest,
    user: review.user ? { first_name: review.user.firstName, last_name: review.user.lastName } : null,
    created_at: review.createdAt,
  };
}

/** words: fills the placeholders of texts that state a setting (the public API); the console's are raw */
export function presentProduct(product: Product, reviews?: Review[], words: (text: string) => string = (t) => t) {
  const structured = product.structuredDescription && {
    ...product.structuredDescription,
    highlights: product.structuredDescription.highlights?.map(words),
    bullet_points: product.structuredDescription.bullet_points?.map(words),
  };
  const primary = product.images.find((i) => i.isPrimary) ?? product.images[0];
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    // the Urdu twins (decision 0111): null where staff wrote none
    name_ur: product.nameUr,
    description_ur: product.descriptionUr,
    description_format: product.descriptionFormat,
    structured_description: structured,
    custom_url: product.customUrl,
    price: money(product.pricePaisa),
    base_price: money(product.basePricePaisa ?? product.pricePaisa),
    compare_price: money(product.comparePricePaisa),
    min_price: money(product.minPricePaisa),
    max_price: money(product.maxPricePaisa),
    image_url: primary?.imageUrl ?? PLACEHOLDER_IMAGE,
    images: product.images.map((i) => ({
      id: i.id,
      image_url: i.imageUrl,
      alt_text: i.altText,
      is_primary: i.isPrimary,
      widths: i.widths,
    })),
    average_rating: product.averageRating,
    review_count: product.reviewCount,
    stock: product.stock,
    stock_quantity: product.stock,
    created_at: product.createdAt,
    material_type: product.materialType,
    custom_fields: product.customFields,
    faqs: product.faqs.map((f) => ({ question: words(f.question), answer: words(f.answer) })),
    daraz_link: product.darazLink,
    variants: product.variants.map((v) => ({
      id: v.id,
      variant_type: v.variantType,
      variant_value: v.variantValue,
      color_hex: v.colorHex,
    })),
    variant_combinations: product.combinations.map((c) => {
      const attributes = JSON.stringify(c.variantAttributes);
      return {
        id: c.id,
        combination_name: c.combinationName,
        variant_attributes: attributes,
        variant_values: attributes,
        price: money(c.pricePaisa),
        stock_quantity: c.stock,
        stock: c.stock,
        is_available: c.isAvailable && c.stock > 0,
      };
    }),
    ...(reviews ? { reviews: reviews.map(presentReview) } : {}),
  };
}

export function presentCollection(collection: Collection) {
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    name_ur: collection.nameUr,
    description_ur: collection.descriptionUr,
    image_url: collection.imageUrl ?? PLACEHOLDER_IMAGE,
    is_featured: collection.isFeatured,
    product_count: collection.productCount,
  };
}

export function presentBlogSummary(blog: BlogSummary) {
  return {
    id: blog.id,
    slug: blog.slug,
    title: blog.title,
    excerpt: blog.excerpt,
    title_ur: blog.titleUr,
    excerpt_ur: blog.excerptUr,
    category: blog.category,
    author_name: blog.authorName,
    featured_image_url: blog.featuredImageUrl,
    read_time_minutes: blog.readTimeMinutes,
    is_featured: blog.isFeatured,
    created_at: blog.createdAt,
    published_at: blog.publishedAt,
    updated_at: blog.updatedAt,
  };
}

export function presentBlog(blog: BlogPost) {
  return {
    ...presentBlogSummary(blog),
    content: blog.content,
    content_ur: blog.contentUr,
    tags: blog.tags,
    seo_title: blog.seoTitle,
    seo_description: blog.seoDescription,
    seo_keywords: blog.seoKeywords,
  };
}

export function presentSiteSettings(
  s: SiteSettings,
  words: (text: string) => string = (t) => t,
  offered: readonly OfferedCurrency[] = [],
) {
  return {
    siteName: s.siteName,
    site_name: s.siteName,
    free_shipping_threshold: money(s.freeShippingThresholdPaisa),
    shipping_fee: money(s.effectiveShippingFeePaisa),
    logo_url: s.logoUrl,
    default_meta_title: s.defaultMetaTitle,
    default_meta_description: s.defaultMetaDescription === null ? null : words(s.defaultMetaDescription),
    default_meta_keywords: s.defaultMetaKeywords,
    google_analytics_id: s.googleAnalyticsId,
    google_tag_manager_id: s.googleTagManagerId,
    facebook_pixel_id: s.facebookPixelId,
    default_og_image: s.defaultOgImage,
    favicon_url: s.faviconUrl,
    apple_touch_icon_url: s.appleTouchIconUrl,
    phone: s.phone,
    email: s.email,
    address: s.address,
    whatsapp_number: s.whatsappNumber,
    facebook_url: s.facebookUrl,
    instagram_url: s.instagramUrl,
    twitter_url: s.twitterUrl,
    tiktok_url: s.tiktokUrl,
    youtube_url: s.youtubeUrl,
    // the owner's sentence (decision 0068), or spec §9's 3-5 business days
    delivery_promise: s.deliveryPromise?.trim() || DEFAULT_DELIVERY_PROMISE,
    business_hours: s.businessHours,
    schema_org_type: s.schemaOrgType || "Store",
    schema_org_data: s.schemaOrgData,
    // the most units of one item a cart or order takes (decision 0050), for quantity pickers
    max_units_per_line: s.effectiveMaxUnitsPerLine,
    // spec §9: the currency list, PKR the default and the one every order is charged in; the
    // others only while the shop has a rate for them, to show prices converted (decision 0091)
    default_currency: DEFAULT_CURRENCY,
    currencies: [
      { code: DEFAULT_CURRENCY, name: CURRENCY_NAMES.PKR, symbol: "Rs. ", rupees_per_unit: "1.0000", set_at: null },
      ...offered.map((c) => ({
        code: c.code,
        name: CURRENCY_NAMES[c.code],
        symbol: CURRENCY_SYMBOLS[c.code],
        rupees_per_unit: rateText(c.rate),
        set_at: c.setAt,
      })),
    ],
  };
}

/** An order line's variant as JSON text with sorted keys, so stored and fresh answers read the same. */
export function variantDetailsText(details: Record<string, string> | null): string | null {
  return details ? variantKey(details) : null;
}

/** The money lines of an order (placed, tracked, in the account's history, or the server's figures). */
export function presentOrderTotals(order: {
  subtotalPaisa: number;
  shippingPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
}) {
  return {
    subtotal: money(order.subtotalPaisa),
    shipping: money(order.shippingPaisa),
    discount: money(order.discountPaisa),
    total: money(order.totalPaisa),
  };
}
