// Shapes core's products into the small objects pages send to the browser.
import type { Product } from "../../core/catalog/products";
import { localised } from "../../core/shared/localised-text";
import type { Locale } from "../i18n/locales";
import { groupOptions, type ComboView, type OptionGroup } from "./variants";

export interface CardProduct {
  id: number;
  /** the name as the page shows it: the Urdu on an Urdu page where staff wrote one */
  name: string;
  /** the English name, only when `name` is the Urdu: a cart line keeps the English (the shop's record) */
  englishName?: string;
  href: string;
  pricePaisa: number;
  /** the usual price, only when it is above the price shown */
  comparePricePaisa: number | null;
  image: { url: string; alt: string } | null;
  stock: number;
  darazLink: string | null;
  options: OptionGroup[];
  combinations: ComboView[];
}

/** spec §2: a product link uses the custom URL when one is set, otherwise the id */
export function productHref(p: { id: number; customUrl: string | null }): string {
  return p.customUrl ? `/p/${encodeURIComponent(p.customUrl)}` : `/product/${p.id}`;
}

export function primaryImage(p: Product): { url: string; alt: string } | null {
  const image = p.images.find((i) => i.isPrimary) ?? p.images[0];
  return image ? { url: image.imageUrl, alt: image.altText || p.name } : null;
}

/** The compare-at price when it is above the price, else null: a struck price must be a real, higher one. */
export function struckPrice(comparePricePaisa: number | null, pricePaisa: number): number | null {
  return comparePricePaisa !== null && comparePricePaisa > pricePaisa ? comparePricePaisa : null;
}

export function toCombos(p: Product): ComboView[] {
  return p.combinations.map((c) => ({
    id: c.id,
    attrs: c.variantAttributes,
    pricePaisa: c.pricePaisa,
    stock: c.isAvailable ? c.stock : 0,
  }));
}

/**
 * A product's card as a page in `locale` shows it: its name in Urdu on an Urdu page where staff
 * wrote one (decision 0111), and then the English beside it for the cart. English cards carry
 * nothing more than before. A record already localised (its English gone) makes a card without it.
 */
export function toCard(p: Product, locale: Locale = "en"): CardProduct {
  const shown = localised(p, locale, ["name"]);
  return {
    id: p.id,
    name: shown.name,
    ...(shown.name !== p.name ? { englishName: p.name } : {}),
    href: productHref(p),
    pricePaisa: p.minPricePaisa,
    comparePricePaisa: struckPrice(p.comparePricePaisa, p.minPricePaisa),
    image: primaryImage(shown),
    stock: p.stock,
    darazLink: p.darazLink,
    options: groupOptions(p.variants),
    combinations: toCombos(p),
  };
}
