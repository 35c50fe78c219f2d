// The words of the page being drawn, in its language: t("Add to cart"), t("{count} items", …),
// t.path("/cart") for a link that stays in the language (decision 0110).
import { useLocation } from "react-router";
import { LOCALE_TAGS, type Locale, localeOfPath, localePath } from "./locales";
import { type MessageValues, translate, translateCount } from "./messages";

export interface Translator {
  (source: string, values?: MessageValues): string;
  /** The form for a count: t.count(n, "{count} item", "{count} items"). */
  count(count: number, one: string, other: string, values?: MessageValues): string;
  /** A storefront address in this language. */
  path(path: string): string;
  locale: Locale;
  /** The BCP 47 tag for Intl and lang= ("ur-PK"). */
  tag: string;
}

function translatorFor(locale: Locale): Translator {
  const t = ((source: string, values?: MessageValues) => translate(locale, source, values)) as Translator;
  t.count = (count, one, other, values) => translateCount(locale, count, one, other, values);
  t.path = (path) => localePath(path, locale);
  t.locale = locale;
  t.tag = LOCALE_TAGS[locale];
  return t;
}

const translators: Record<Locale, Translator> = { en: translatorFor("en"), ur: translatorFor("ur") };

/** The translator for a language (loaders and actions: translatorOf(request)). */
export function translatorIn(locale: Locale): Translator {
  return translators[locale];
}

/** The translator for the page a request asks for. */
export function translatorOf(request: Request): Translator {
  return translators[localeOfPath(new URL(request.url).pathname)];
}

/** The language of the page being drawn, from its address. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** The translator for the page being drawn. */
export function useT(): Translator {
  return translators[useLocale()];
}
