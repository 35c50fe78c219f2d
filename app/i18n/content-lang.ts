// The language of a text the owner typed into a setting that has no Urdu twin (the tagline, the
// address, the hours): on an Urdu page it is marked lang="en" unless she wrote it in Urdu.
import type { Locale } from "./locales";

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

/** "en" for an English text shown on an Urdu page; undefined where no mark is needed. */
export function ownerTextLang(text: string | null | undefined, locale: Locale): "en" | undefined {
  if (locale !== "ur" || !text || ARABIC_SCRIPT.test(text)) return undefined;
  return "en";
}
