// What every page's frame needs: settings, announcements and collections, read once per request
// by the root loader.
import { listCollections } from "../../core/catalog/collections";
import type { CoreContext } from "../../core/context";
import { listAnnouncements } from "../../core/content/content";
import { formatRupees } from "../../core/shared/money";
import { fillSettingWords } from "../../core/settings/setting-words";
import { getSiteSettings, settingWordsSource } from "../../core/settings/site-settings";
import { deliveryPromiseText } from "./store-promises";
import { listOfferedCurrencies } from "../../core/settings/currency-rates";
import type { ShopCurrency } from "./currency";
import { currencyPickerParts, type CurrencyPickerParts } from "./currency-picker.server";
import { frameMarkup, type FrameMarkup } from "./frame.server";
import type { Announcement } from "../components/AnnouncementBar";
import type { FooterShell } from "../components/Footer";
import { CURRENCY_NAMES, rateShown, type OfferedCurrency } from "../../core/settings/currencies";
import { formatDayIn } from "./dates";
import { localised } from "../../core/shared/localised-text";
import type { Locale } from "../i18n/locales";
import { translatorIn } from "../i18n/t";

/** The frame's data: what the footer shows (its name, contacts and social links), and more. */
export interface ShellData extends FooterShell {
  logoUrl: string | null;
  whatsappNumber: string | null;
  /** the owner's delivery promise, or spec §9's (decision 0068) */
  deliveryPromise: string;
  faviconUrl: string | null;
  announcements: Announcement[];
  /** the display currencies the shop has a rate for (decision 0091); empty: rupees only */
  currencies: ShopCurrency[];
  /** their picker's markup and <head> script; null: no currency but rupees */
  currencyPicker: CurrencyPickerParts | null;
  /** the frame's announcements, footer and chat button, drawn in the shell's language (decision 0112) */
  markup: FrameMarkup;
  collections: {
    id: number;
    name: string;
    imageUrl: string | null;
    description: string;
    isFeatured: boolean;
  }[];
  seo: {
    publicUrl: string;
    siteName: string;
    defaultDescription: string;
    defaultImage: string | null;
    defaultTitle: string;
  };
}

/** spec §8: shown when the announcements cannot be read */
export function fallbackAnnouncements(freeShippingThresholdPaisa: number | null): ShellData["announcements"] {
  const threshold = freeShippingThresholdPaisa ?? 500_000;
  return [
    { id: -1, content: `Free shipping on orders over ${formatRupees(threshold)}` },
    { id: -2, content: "New collection just arrived: shop the latest styles" },
    { id: -3, content: "Get 20% off your first order" },
  ];
}

export function loadShell(core: CoreContext, publicUrl: string, locale: Locale = "en"): Promise<ShellData> {
  // every page needs it: served from the process's short-lived read cache (decision 0016), one
  // copy per language (its collections, announcements and picker in the page's language)
  return core.cache.getOrLoad(`page:shell:${locale}:${publicUrl}`, () => readShell(core, publicUrl, locale));
}

async function readShell(core: CoreContext, publicUrl: string, locale: Locale): Promise<ShellData> {
  const settings = await getSiteSettings(core);
  // texts that state a setting are filled from it as they are shown (decision 0090)
  const source = settingWordsSource(settings);
  const words = (text: string) => fillSettingWords(text, source);
  const description = words(settings.defaultMetaDescription ?? "");
  const [announcements, collections, currencies] = await Promise.all([
    listAnnouncements(core)
      .then((list) =>
        list
          .filter((a) => a.isActive)
          .map((a) => {
            const shown = localised(a, locale, ["content"]);
            return {
              id: a.id,
              content: words(shown.content),
              ...(shown.inEnglish.length ? { lang: "en" as const } : {}),
            };
          }),
      )
      .catch(() => fallbackAnnouncements(settings.freeShippingThresholdPaisa)),
    listCollections(core).catch(() => []),
    // without its rates the shop still sells, in rupees
    listOfferedCurrencies(core).catch(() => []),
  ]);
  const shown = currencies.map((offered) => shopCurrency(offered, locale));
  const shell: Omit<ShellData, "markup"> = {
    siteName: settings.siteName,
    tagline: settings.tagline ? words(settings.tagline) : description,
    logoUrl: settings.logoUrl,
    whatsappNumber: settings.whatsappNumber,
    phone: settings.phone,
    email: settings.email,
    address: settings.address,
    businessHours: settings.businessHours,
    facebookUrl: settings.facebookUrl,
    instagramUrl: settings.instagramUrl,
    twitterUrl: settings.twitterUrl,
    tiktokUrl: settings.tiktokUrl,
    youtubeUrl: settings.youtubeUrl,
    deliveryPromise: deliveryPromiseText(settings.deliveryPromise),
    faviconUrl: settings.faviconUrl,
    year: new Date().getUTCFullYear(),
    announcements,
    currencies: shown,
    currencyPicker: currencyPickerParts(shown, locale),
    collections: collections.map((collection) => {
      const c = localised(collection, locale, ["name", "description"]);
      return {
        id: c.id,
        name: c.name,
        imageUrl: c.imageUrl,
        description: c.description,
        isFeatured: c.isFeatured,
      };
    }),
    seo: {
      publicUrl,
      siteName: settings.siteName,
      defaultTitle: settings.defaultMetaTitle ?? settings.siteName,
      defaultDescription: description,
      defaultImage: settings.defaultOgImage,
    },
  };
  return { ...shell, markup: frameMarkup(shell, locale) };
}

/**
 * An offered currency as pages show it: the rate's words in the page's language and the day it
 * was set, in Pakistan time.
 */
function shopCurrency(offered: OfferedCurrency, locale: Locale): ShopCurrency {
  const t = translatorIn(locale);
  return {
    code: offered.code,
    rate: offered.rate,
    // "Rs. 278.50" is one value, so on an Urdu page it stays together, left to right, on one line
    note: t("≈ is approximate: {rate} per {currency}, the shop's rate of {day}. You pay in rupees (Rs.).", {
      rate: `Rs.${locale === "en" ? " " : "\u00a0"}${rateShown(offered.rate)}`,
      currency: t(CURRENCY_NAMES[offered.code]),
      day: formatDayIn(t.tag, offered.setAt),
    }),
  };
}
