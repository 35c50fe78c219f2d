// The language of the shop's own text on a page: a product's name as shown, a FAQ, the tagline.
// On an Urdu page a text is shown in Urdu where staff wrote Urdu (core/shared/localised-text.ts),
// else in English, and an English one is marked lang="en" for screen readers and line breaking.
// Urdu is always written in Arabic script and the English fallback never is, so the text itself
// says which it is: one rule for fields with an Urdu twin and fields without (FAQs, settings).
import type { Locale } from "./locales";

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

/** "en" for a text in English shown on an Urdu page; undefined where no mark is needed. */
export function contentLang(text: string | null | undefined, locale: Locale): "en" | undefined {
  if (locale !== "ur" || !text || ARABIC_SCRIPT.test(text)) return undefined;
  return "en";
}
