// Variant choice and stock rules shared by product cards and the product page (spec §4, §5).
import { contentLang } from "../i18n/content-lang";
import type { Translator } from "../i18n/t";

export interface OptionValue {
  value: string;
  hex: string | null;
}
export interface OptionGroup {
  type: string;
  values: OptionValue[];
}
export interface ComboView {
  id: number;
  attrs: Record<string, string>;
  pricePaisa: number;
  stock: number;
}

export type Selection = Record<string, string>;

/** Options grouped by variant type, in the order the store arranged them. */
export function groupOptions(
  variants: { variantType: string; variantValue: string; colorHex: string | null }[],
): OptionGroup[] {
  const groups: OptionGroup[] = [];
  for (const v of variants) {
    let group = groups.find((g) => g.type === v.variantType);
    if (!group) {
      group = { type: v.variantType, values: [] };
      groups.push(group);
    }
    if (!group.values.some((x) => x.value === v.variantValue))
      group.values.push({ value: v.variantValue, hex: v.colorHex });
  }
  return groups;
}

/** Complete once every variant type has a choice (spec §4). */
export function isComplete(groups: OptionGroup[], selection: Selection): boolean {
  return groups.every((g) => selection[g.type] !== undefined);
}

function matches(combo: ComboView, selection: Selection): boolean {
  return Object.entries(selection).every(
    ([type, value]) => combo.attrs[type] === undefined || combo.attrs[type] === value,
  );
}

export function findCombination(combos: ComboView[], groups: OptionGroup[], selection: Selection): ComboView | null {
  if (!isComplete(groups, selection)) return null;
  return combos.find((c) => groups.every((g) => c.attrs[g.type] === selection[g.type])) ?? null;
}

/** spec §4: an option is greyed "No Stock" when no in-stock combination matches the choice with it. */
export function optionInStock(combos: ComboView[], selection: Selection, type: string, value: string): boolean {
  if (combos.length === 0) return true;
  const wanted = { ...selection, [type]: value };
  return combos.some((c) => c.stock > 0 && c.attrs[type] === value && matches(c, wanted));
}

/** An option type's name in English: "Colour", else the type capitalised ("material": "Material"). */
export function label(type: string): string {
  if (type === "color") return "Colour";
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/**
 * An option type's name as the page shows it. English pages: label() as it always was. Other
 * languages: the catalogue's word for a common type (app/i18n/ur/product.ts lists them, so an
 * English page downloads none of them); a type the owner made up stays as written, marked
 * lang="en" when it is English.
 */
export function optionLabel(type: string, t: Translator): { text: string; lang?: "en" } {
  const english = label(type);
  if (t.locale === "en") return { text: english };
  const common = label(type.trim().toLowerCase());
  const translated = t(common);
  return translated !== common ? { text: translated } : { text: english, lang: contentLang(english, t.locale) };
}
