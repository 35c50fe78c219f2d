// The shop's own texts in the shopper's language (decision 0111). A product, collection, blog post,
// announcement or policy page keeps each text twice: the English (`name`) and, when staff wrote
// it, the Urdu (`nameUr`, null when not written). An Urdu page shows the Urdu where there is some
// and the English otherwise, and marks each English text lang="en" so a screen reader and the
// browser's line breaking read it as English inside the right-to-left page.

/** The languages of the storefront (app/i18n/locales.ts names the same two). */
export type ContentLocale = "en" | "ur";

/** The text fields of T that have an Urdu twin `<field>Ur`. */
export type UrduTwinned<T> = {
  [K in keyof T & string]: `${K}Ur` extends keyof T ? (T[K] extends string ? K : never) : never;
}[keyof T & string];

/** The record with each field in the page's language, and which of those fields are English on an Urdu page. */
export type Localised<T, F extends string> = T & {
  /** the fields shown in English on an Urdu page (no Urdu written): each wants lang="en"; [] on English pages */
  inEnglish: F[];
};

/**
 * The record as a page in `locale` shows it: on "ur", each of `fields` takes its Urdu twin where
 * that holds text, and the fields that stay English are listed in `inEnglish`; on "en" the record
 * is returned as it is (a copy, with inEnglish empty). The `…Ur` fields themselves are kept.
 *
 *   const p = localised(product, "ur", ["name", "description"]);
 *   <h1 lang={langOf(p, "name")}>{p.name}</h1>
 */
export function localised<T extends object, F extends UrduTwinned<T>>(
  record: T,
  locale: ContentLocale,
  fields: readonly F[],
): Localised<T, F> {
  if (locale !== "ur") return { ...record, inEnglish: [] };
  const shown = { ...record } as Record<string, unknown>;
  const inEnglish: F[] = [];
  for (const field of fields) {
    const urdu = (record as Record<string, unknown>)[`${field}Ur`];
    if (typeof urdu === "string" && urdu.trim() !== "") shown[field] = urdu;
    else if ((record as Record<string, unknown>)[field] !== "") inEnglish.push(field);
  }
  return { ...(shown as T), inEnglish };
}

/** Each record of a list, localised the same way. */
export const localisedAll = <T extends object, F extends UrduTwinned<T>>(
  records: readonly T[],
  locale: ContentLocale,
  fields: readonly F[],
): Localised<T, F>[] => records.map((record) => localised(record, locale, fields));

/** "en" when the field is shown in English on an Urdu page (for its element's lang), else undefined. */
export const langOf = <F extends string>(record: { inEnglish: readonly F[] }, field: F): "en" | undefined =>
  record.inEnglish.includes(field) ? "en" : undefined;

/**
 * An Urdu twin as staff sent it, after the English field's own check ran on it: absent stays absent
 * (the stored Urdu is kept), and text that is only whitespace (or null, or "") is null: no Urdu,
 * the page shows the English.
 */
export function urduOrNull(checked: string | null | undefined): string | null | undefined {
  if (checked === undefined) return undefined;
  if (checked === null) return null;
  const text = checked.trim();
  return text === "" ? null : text;
}
