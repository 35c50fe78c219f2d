// The product page's data: core's product shaped for the page, reviews and suggestions.
import {
  getProduct,
  getProductByUrl,
  recommendedProducts,
  similarProducts,
  type Product,
} from "../../core/catalog/products";
import { listReviews } from "../../core/catalog/reviews";
import { productTag } from "../../core/shared/cache";
import type { CoreContext } from "../../core/context";
import { fillSettingWords } from "../../core/settings/setting-words";
import { getSiteSettings, settingWordsSource } from "../../core/settings/site-settings";
import { deliveryPromiseText } from "./store-promises";
import { productHref, struckPrice, toCard, toCombos } from "./catalog-view.server";
import { reviewName } from "./review-name";
import { groupOptions } from "./variants";
import { localised } from "../../core/shared/localised-text";
import type { Locale } from "../i18n/locales";

export type ReviewView = {
  id: number;
  rating: number;
  text: string;
  name: string;
  date: string;
};

/** The product as the product page shows it (its parts in app/components/product/ take this). */
export type ProductView = NonNullable<Awaited<ReturnType<typeof readProductPage>>["product"]>;

/** The product page's data, from the read cache for a few seconds (decision 0016). */
export function loadProductPage(ctx: CoreContext, key: { id?: string; customUrl?: string }, locale: Locale = "en") {
  return ctx.cache.getOrLoad(
    `page:product:${locale}:${key.customUrl !== undefined ? `url:${key.customUrl}` : `id:${key.id}`}`,
    () => readProductPage(ctx, key, locale),
    // a review of the product drops this, and only this (decision 0052)
    (page) => (page.product ? [productTag(page.product.id)] : []),
  );
}

async function readProductPage(ctx: CoreContext, key: { id?: string; customUrl?: string }, locale: Locale) {
  let found: Product | null = null;
  if (key.customUrl !== undefined) {
    found = await getProductByUrl(ctx, key.customUrl);
  } else if (key.id !== undefined && /^\d{1,9}$/.test(key.id)) {
    found = await getProduct(ctx, Number(key.id));
  } else {
    return { product: null, message: "Invalid product URL" } as const;
  }
  if (!found) return { product: null, message: "Product not found" } as const;
  // its name and description in the page's language where staff wrote Urdu (decision 0111)
  const product = localised(found, locale, ["name", "description"]);
  const [reviews, similar, settings] = await Promise.all([
    listReviews(ctx, product.id, 50),
    similarProducts(ctx, product.id, 4).then(async (list) =>
      list && list.length > 0 ? list : recommendedProducts(ctx, 4),
    ),
    getSiteSettings(ctx),
  ]);
  const images = [...product.images].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  // highlights and answers may state a setting ("{free_delivery}"): filled as shown (decision 0090)
  const source = settingWordsSource(settings);
  const words = (text: string) => fillSettingWords(text, source);
  const structured = product.structuredDescription && {
    ...product.structuredDescription,
    highlights: product.structuredDescription.highlights?.map(words),
    bullet_points: product.structuredDescription.bullet_points?.map(words),
  };
  return {
    message: null,
    // what the delivery promise says: the same rule the cart and the order use
    shipping: { feePaisa: settings.effectiveShippingFeePaisa, freeThresholdPaisa: settings.freeShippingThresholdPaisa },
    deliveryPromise: deliveryPromiseText(settings.deliveryPromise),
    product: {
      id: product.id,
      name: product.name,
      // the English name when the page shows the Urdu: a cart line keeps the English (the shop's record)
      ...(product.name !== found.name ? { englishName: found.name } : {}),
      href: productHref(product),
      description: product.description,
      descriptionFormat: product.descriptionFormat,
      structured,
      pricePaisa: product.pricePaisa,
      // the usual price, struck through only when it is above the price (Terms; decision 0035)
      comparePricePaisa: struckPrice(product.comparePricePaisa, product.pricePaisa),
      minPricePaisa: product.minPricePaisa,
      maxPricePaisa: product.maxPricePaisa,
      rating: product.averageRating,
      reviewCount: product.reviewCount,
      stock: product.stock,
      materialType: product.materialType,
      customFields: product.customFields,
      sizeGuide: product.sizeGuide,
      faqs: product.faqs.map((f) => ({ question: words(f.question), answer: words(f.answer) })),
      darazLink: product.darazLink,
      images: images.map((i) => ({ url: i.imageUrl, alt: i.altText || product.name, isPrimary: i.isPrimary })),
      options: groupOptions(product.variants),
      combinations: toCombos(product),
    },
    reviews: (reviews ?? []).map((r): ReviewView => ({
      id: r.id,
      rating: r.rating,
      text: r.reviewText,
      name: reviewName(r),
      date: r.createdAt.toISOString(),
    })),
    similar: similar
      .filter((p) => p.id !== product.id)
      .slice(0, 4)
      .map((p) => toCard(p, locale)),
  };
}
