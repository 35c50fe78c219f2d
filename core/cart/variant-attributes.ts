// Variant attributes as the pages send them ({"size":"M","color":"Black"}, as an object or as
// JSON text, spec §3) and the canonical key that makes "the same item" one cart line.

export type VariantAttributes = Record<string, string>;

const MAX_KEYS = 10;
const MAX_KEY_LENGTH = 50;
const MAX_VALUE_LENGTH = 100;

export class VariantAttributesError extends Error {}

/**
 * Attributes from an object, JSON text, null or undefined. Values become trimmed strings;
 * empty values are dropped; null when nothing is left. Throws VariantAttributesError on
 * anything else (bad JSON, arrays, nested objects, too many or too long entries).
 */
export function parseVariantAttributes(value: unknown): VariantAttributes | null {
  let raw = value;
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "string") {
    const text = raw.trim();
    if (text === "" || text === "null") return null;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new VariantAttributesError('must be an object such as {"size":"M"} or its JSON text');
    }
    if (raw === null) return null;
  }
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new VariantAttributesError('must be an object such as {"size":"M"} or its JSON text');
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_KEYS) throw new VariantAttributesError(`may hold at most ${MAX_KEYS} options`);
  const result: VariantAttributes = {};
  for (const [key, item] of entries) {
    if (item === null || item === undefined) continue;
    if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean") {
      throw new VariantAttributesError("values must be text");
    }
    const name = key.trim();
    const text = String(item).trim();
    if (name.length > MAX_KEY_LENGTH || text.length > MAX_VALUE_LENGTH) {
      throw new VariantAttributesError("has an option that is too long");
    }
    if (name && text) result[name] = text;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** JSON text with keys sorted: the same choice always gives the same key ('' for none). */
export function variantKey(attributes: VariantAttributes | null): string {
  if (!attributes) return "";
  const keys = Object.keys(attributes).sort();
  if (keys.length === 0) return "";
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, attributes[k]])));
}

/** Whether the shopper's choice names this combination: every attribute of it, in any case. */
export function matchesCombination(chosen: VariantAttributes, combination: VariantAttributes): boolean {
  const lower = new Map(Object.entries(chosen).map(([k, v]) => [k.toLowerCase(), v.toLowerCase()]));
  const wanted = Object.entries(combination);
  return wanted.length > 0 && wanted.every(([k, v]) => lower.get(k.toLowerCase()) === v.toLowerCase());
}
