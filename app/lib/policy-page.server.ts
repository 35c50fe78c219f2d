// The stored text of a policy page (decision 0067), for its route's loader: null when the page
// shows the text the store ships with. A failed read shows the shipped text rather than an error.
import type { CoreContext } from "../../core/context";
import { getPolicyPage } from "../../core/content/policy-pages";
import type { PolicyPageSlug } from "../../core/content/policy-pages";
import type { Locale } from "../i18n/locales";
import { type ShippedUrduText, shippedUrduPolicy } from "./policy-shipped-ur.server";
import { loadShell } from "./shell.server";

export interface StoredPolicy {
  title: string;
  html: string;
  /** the day it was saved, in Pakistan time: YYYY-MM-DD */
  updated: string;
}

/**
 * The stored text a page shows in its language (decision 0110): the text written in that
 * language when there is one, else the English one marked lang "en", so the page sets it apart
 * as English, left to right. The one place that chooses: when staff can write Urdu content
 * (posts, policy pages), its fields are passed here as `ur`. Nothing is added on English pages.
 */
export function textInLocale<T extends object>(locale: Locale, texts: { en: T; ur?: T | null }): T & { lang?: "en" } {
  if (locale === "en") return texts.en;
  return texts.ur ?? { ...texts.en, lang: "en" };
}

export type PolicyPageData =
  | { stored: StoredPolicy | null }
  | { stored: (StoredPolicy & { lang?: "en" }) | null; shippedUrdu: ShippedUrduText | null };

export async function loadPolicyPage(
  core: CoreContext,
  slug: PolicyPageSlug,
  locale: Locale = "en",
  publicUrl = "",
): Promise<PolicyPageData> {
  const page = await getPolicyPage(core, slug).catch((error: unknown) => {
    console.error(error);
    return null;
  });
  const karachi = page && new Date(page.updatedAt.getTime() + 5 * 3_600_000);
  const stored = page &&
    karachi && { title: page.title, html: page.content, updated: karachi.toISOString().slice(0, 10) };
  if (locale === "en") return { stored };
  // the shop's own words win over the shipped Urdu, even while they are only in English
  if (stored) {
    const urdu = page.contentUr ? { ...stored, title: page.titleUr ?? page.title, html: page.contentUr } : null;
    return { stored: textInLocale(locale, { en: stored, ur: urdu }), shippedUrdu: null };
  }
  return { stored: null, shippedUrdu: shippedUrduPolicy(await loadShell(core, publicUrl, locale), slug) };
}
