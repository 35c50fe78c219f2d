// The storefront's words in each language (decision 0110). A message's id is its English text,
// as Lingui's source-as-id catalogues do: an English page needs no catalogue at all, so it carries
// no byte of Urdu and only this small runtime. The Urdu catalogue (app/i18n/ur) is one module
// that adds itself here when it is imported: on the server always, in a browser only with an
// Urdu page's route, so English pages never download it.
import type { Locale } from "./locales";

export type Catalogue = Readonly<Record<string, string>>;
export type MessageValues = Readonly<Record<string, string | number>>;

const catalogues: Partial<Record<Locale, Record<string, string>>> = {};

/** Adds a part of a language's catalogue (each part is one screen's or area's words). */
export function addMessages(locale: Locale, messages: Catalogue): void {
  Object.assign((catalogues[locale] ??= Object.create(null) as Record<string, string>), messages);
}

/** The catalogue as loaded (the completeness test reads it). */
export function messagesOf(locale: Locale): Catalogue {
  return catalogues[locale] ?? {};
}

// First Strong Isolate … Pop Directional Isolate: a value set into a sentence keeps its own
// direction, so "Rs. 1,200", a phone number, a CN or an English name reads left to right inside
// Urdu and does not drag the words around it (Unicode bidi algorithm, rule X5c)
const FSI = "\u2068";
const PDI = "\u2069";

/**
 * The message in the locale, with {name} replaced by values.name. A message the catalogue lacks
 * shows in English (the completeness test fails on it first).
 */
export function translate(locale: Locale, source: string, values?: MessageValues): string {
  const text = locale === "en" ? source : (catalogues[locale]?.[source] ?? source);
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return locale === "en" ? String(value) : `${FSI}${value}${PDI}`;
  });
}

/** Reads a message that carries values ("Only 2 left of Lawn Suit…") against a language's patterns. */
export type ValuesReader = (message: string) => string | undefined;
const valuesReaders: Partial<Record<Locale, ValuesReader>> = {};

/**
 * Sets how a language reads messages the server filled with values: the patterns and their
 * matching live in that language's catalogue (app/i18n/ur/patterns.ts), so an English page,
 * which shows the server's English as it is, never downloads them.
 */
export function addValuesReader(locale: Locale, reader: ValuesReader): void {
  valuesReaders[locale] = reader;
}

/** A message the server filled with values, in the locale; undefined when no pattern matches. */
export function translateFilled(locale: Locale, message: string): string | undefined {
  return valuesReaders[locale]?.(message);
}

const pluralRules: Partial<Record<Locale, Intl.PluralRules>> = {};

/**
 * The message for a count, in the form its language uses: one and other are English sources
 * with {count}, translated like any other ("1 item", "{count} items").
 */
export function translateCount(
  locale: Locale,
  count: number,
  one: string,
  other: string,
  values?: MessageValues,
): string {
  const rules = (pluralRules[locale] ??= new Intl.PluralRules(locale));
  return translate(locale, rules.select(count) === "one" ? one : other, { count, ...values });
}
