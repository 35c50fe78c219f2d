// A product's options and the grid of their combinations (decision 0062), as the product
// editor, its staff API and the storefront name them. Browser-safe: the console's editor builds
// the grid from the option fields as they are typed, with these same rules.

export const SIZE_GUIDES = ["auto", "apparel", "bra", "none"] as const;
export type SizeGuideChoice = (typeof SIZE_GUIDES)[number];

export const DESCRIPTION_FORMATS = ["plain", "structured", "html"] as const;
export type DescriptionFormat = (typeof DESCRIPTION_FORMATS)[number];

export const STOCK_FILTERS = ["all", "in_stock", "low", "out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
/** "low": in stock, but this many units or fewer in all */
export const LOW_STOCK = 5;

export const PRODUCT_STATES = ["active", "hidden", "archived"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

export const PRODUCT_LIST_SORTS = ["newest", "name"] as const;
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number];

export const LIMITS = {
  name: 200,
  customUrl: 80,
  description: 20_000,
  listItems: 20,
  listItem: 300,
  material: 100,
  customFields: 30,
  customKey: 60,
  customValue: 500,
  faqs: 30,
  question: 300,
  answer: 2_000,
  optionTypes: 3,
  optionType: 30,
  optionValues: 30,
  optionValue: 40,
  combinations: 500,
  sku: 64,
  collections: 50,
  /** Rs. 10,000,000: far above the dearest piece, and well inside the database's integer */
  pricePaisa: 1_000_000_000,
} as const;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export interface OptionValueInput {
  value: string;
  color_hex?: string | null;
}
export interface OptionInput {
  type: string;
  values: OptionValueInput[];
}

/** "Colour", "colours", "Color" -> "color"; "Sizes" -> "size"; anything else lower-cased and trimmed. */
export function optionTypeKey(type: string): string {
  const t = type.trim().toLowerCase().replace(/\s+/g, " ");
  if (t === "colour" || t === "colours" || t === "color" || t === "colors") return "color";
  if (t === "size" || t === "sizes") return "size";
  return t;
}

export function optionTypeLabel(type: string): string {
  if (type === "color") return "Colour";
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** A combination's name: its values in the options' order, "M / Black" (as the demo store names them). */
export function combinationName(attributes: Record<string, string>, types: readonly string[]): string {
  return types.map((t) => attributes[t] ?? "").join(" / ");
}

/** Every combination of the options' values, in grid order (first option slowest). */
export function allCombinations(options: readonly OptionInput[]): Record<string, string>[] {
  const usable = options.filter((o) => o.values.length > 0);
  if (usable.length === 0) return [];
  let rows: Record<string, string>[] = [{}];
  for (const option of usable) {
    const next: Record<string, string>[] = [];
    for (const row of rows) for (const v of option.values) next.push({ ...row, [option.type]: v.value });
    rows = next;
    // a runaway grid is refused by the caller; stop building it here
    if (rows.length > LIMITS.combinations) return rows;
  }
  return rows;
}

/**
 * One option's values as typed in the console: "S, M, L", or colours with their swatch,
 * "Black #111111, Maroon #800000". Splits on commas and new lines; the hex is the last word.
 */
export function parseOptionValues(text: string, withSwatch: boolean): OptionValueInput[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      if (!withSwatch) return { value: part };
      const space = part.lastIndexOf(" ");
      const last = space === -1 ? part : part.slice(space + 1);
      if (last.startsWith("#")) {
        const value = space === -1 ? "" : part.slice(0, space).trim();
        return { value, color_hex: last };
      }
      return { value: part, color_hex: null };
    });
}

/** The reverse of parseOptionValues: how an option's values stand in its text field. */
export function optionValuesText(values: readonly OptionValueInput[], withSwatch: boolean): string {
  return values.map((v) => (withSwatch && v.color_hex ? `${v.value} ${v.color_hex}` : v.value)).join(", ");
}
