// The product editor's form (decision 0062), browser-safe: what its fields
// hold (a draft), how a posted form becomes a draft, and how a draft becomes the same body the
// staff API takes (core/catalog/product-input.ts checks it). Without JavaScript the form posts
// as it is; with it, the grid of combinations follows the option fields as they are typed.
import {
  allCombinations,
  combinationName,
  optionTypeKey,
  optionValuesText,
  parseOptionValues,
  type OptionInput,
} from "../../core/catalog/product-options";

export interface DraftCombination {
  name: string;
  attributes: Record<string, string>;
  /** rupees as typed; "" is the product's price */
  price: string;
  sku: string;
  available: boolean;
  /** as typed */
  stock: string;
  /** the stock the screen showed for a combination that exists; null for a new one */
  seen: number | null;
}

export interface ProductDraft {
  id: number | null;
  name: string;
  /** the Urdu twins (decision 0111): empty is none, the Urdu pages show the English */
  nameUr: string;
  customUrl: string;
  descriptionFormat: string;
  description: string;
  descriptionUr: string;
  /** one a line */
  bulletPoints: string;
  highlights: string;
  material: string;
  price: string;
  comparePrice: string;
  collectionIds: number[];
  customFields: { key: string; value: string }[];
  faqs: { question: string; answer: string }[];
  sizeGuide: string;
  isActive: boolean;
  /** a product without options */
  stock: string;
  stockSeen: number | null;
  /** always three rows: name and values as typed */
  options: { type: string; values: string }[];
  combinations: DraftCombination[];
  updatedAt: string | null;
}

export const OPTION_ROWS = 3;
const MAX_ROWS = 500;

export const isColourType = (type: string) => optionTypeKey(type) === "color";

/** "2499.00" style text of paisa, for a price field ("" for none). */
export const rupeeField = (paisa: number | null) =>
  paisa === null ? "" : paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);

/** The options a draft's rows describe (rows without a name or values left out). */
export function draftOptions(draft: Pick<ProductDraft, "options">): OptionInput[] {
  return draft.options
    .filter((o) => o.type.trim() !== "" && o.values.trim() !== "")
    .map((o) => ({ type: optionTypeKey(o.type), values: parseOptionValues(o.values, isColourType(o.type)) }));
}

/**
 * The grid for these options: every combination, each with what the draft had for it (matched by
 * name), new ones empty with a first stock of 0.
 */
export function gridFor(options: OptionInput[], known: readonly DraftCombination[]): DraftCombination[] {
  const types = options.map((o) => o.type);
  const byName = new Map(known.map((c) => [c.name, c]));
  return allCombinations(options)
    .slice(0, MAX_ROWS)
    .map((attributes) => {
      const name = combinationName(attributes, types);
      const had = byName.get(name);
      return had
        ? { ...had, attributes }
        : { name, attributes, price: "", sku: "", available: true, stock: "0", seen: null };
    });
}

export const emptyDraft = (): ProductDraft => ({
  id: null,
  name: "",
  nameUr: "",
  customUrl: "",
  descriptionFormat: "plain",
  description: "",
  descriptionUr: "",
  bulletPoints: "",
  highlights: "",
  material: "",
  price: "",
  comparePrice: "",
  collectionIds: [],
  customFields: [],
  faqs: [],
  sizeGuide: "auto",
  isActive: true,
  stock: "0",
  stockSeen: null,
  options: [
    { type: "size", values: "" },
    { type: "colour", values: "" },
    { type: "", values: "" },
  ],
  combinations: [],
  updatedAt: null,
});

/** The option rows for stored options, padded to three. */
export function optionRows(options: OptionInput[]): ProductDraft["options"] {
  const rows = options.map((o) => ({
    type: o.type === "color" ? "colour" : o.type,
    values: optionValuesText(o.values, o.type === "color"),
  }));
  const defaults = ["size", "colour", ""].filter(
    (t) => !rows.some((r) => optionTypeKey(r.type) === optionTypeKey(t || "-")),
  );
  while (rows.length < OPTION_ROWS) rows.push({ type: defaults.shift() ?? "", values: "" });
  return rows.slice(0, OPTION_ROWS);
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

const seenOf = (value: string): number | null => (/^\d{1,7}$/.test(value) ? Number(value) : null);

/** A posted editor form as a draft (what the page shows again after a refusal or "Update grid"). */
export function draftFromForm(form: FormData, id: number | null): ProductDraft {
  const pairs = (a: string, b: string) => {
    const left = form.getAll(a).slice(0, 100);
    const right = form.getAll(b).slice(0, 100);
    return left.map((k, i) => [String(k), String(right[i] ?? "")] as const);
  };
  const options = Array.from({ length: OPTION_ROWS }, (_, i) => ({
    type: text(form, `option_type_${i}`).slice(0, 100),
    values: text(form, `option_values_${i}`).slice(0, 5_000),
  }));
  const sent: DraftCombination[] = [];
  for (let i = 0; i < MAX_ROWS; i++) {
    const attrsText = text(form, `c_${i}_attrs`);
    if (!attrsText) break;
    let attributes: Record<string, string> = {};
    try {
      const parsed: unknown = JSON.parse(attrsText.slice(0, 2_000));
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        attributes = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
      }
    } catch {
      continue;
    }
    sent.push({
      name: text(form, `c_${i}_name`),
      attributes,
      price: text(form, `c_${i}_price`).slice(0, 20),
      sku: text(form, `c_${i}_sku`).slice(0, 200),
      available: form.get(`c_${i}_available`) === "on",
      stock: text(form, `c_${i}_stock`).slice(0, 20),
      seen: seenOf(text(form, `c_${i}_seen`)),
    });
  }
  const draft: ProductDraft = {
    id,
    name: text(form, "name"),
    nameUr: text(form, "name_ur"),
    customUrl: text(form, "custom_url"),
    descriptionFormat: text(form, "description_format") || "plain",
    description: text(form, "description"),
    descriptionUr: text(form, "description_ur"),
    bulletPoints: text(form, "bullet_points"),
    highlights: text(form, "highlights"),
    material: text(form, "material_type"),
    price: text(form, "price"),
    comparePrice: text(form, "compare_price"),
    collectionIds: form
      .getAll("collection")
      .slice(0, 100)
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0),
    customFields: pairs("cf_key", "cf_value")
      .filter(([k, v]) => k.trim() || v.trim())
      .map(([key, value]) => ({ key, value })),
    faqs: pairs("faq_q", "faq_a")
      .filter(([q, a]) => q.trim() || a.trim())
      .map(([question, answer]) => ({ question, answer })),
    sizeGuide: text(form, "size_guide") || "auto",
    isActive: text(form, "visibility") !== "hidden",
    stock: text(form, "stock") || "0",
    stockSeen: seenOf(text(form, "stock_seen")),
    options,
    combinations: [],
    updatedAt: text(form, "updated_at") || null,
  };
  draft.combinations = gridFor(draftOptions(draft), sent);
  return draft;
}

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const stockNumber = (value: string): number | string => (/^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value);

/** The staff API's body for a draft; stock fields only when the member may change stock. */
export function inputFromDraft(draft: ProductDraft, withStock: boolean): Record<string, unknown> {
  const options = draftOptions(draft);
  const structured = draft.descriptionFormat === "structured";
  return {
    name: draft.name,
    custom_url: draft.customUrl.trim() || null,
    description: draft.description,
    // empty clears the Urdu (core makes it null)
    name_ur: draft.nameUr,
    description_ur: draft.descriptionUr,
    description_format: draft.descriptionFormat,
    structured_description: structured
      ? { bullet_points: lines(draft.bulletPoints), highlights: lines(draft.highlights) }
      : null,
    material_type: draft.material.trim() || null,
    price: draft.price.trim() || "",
    compare_price: draft.comparePrice.trim() || null,
    collection_ids: draft.collectionIds,
    custom_fields: draft.customFields,
    faqs: draft.faqs,
    size_guide: draft.sizeGuide,
    is_active: draft.isActive,
    ...(withStock && options.length === 0
      ? { stock: stockNumber(draft.stock), ...(draft.stockSeen !== null ? { stock_seen: draft.stockSeen } : {}) }
      : {}),
    options,
    combinations: draft.combinations.map((c) => ({
      attributes: c.attributes,
      price: c.price.trim() || null,
      sku: c.sku.trim() || null,
      is_available: c.available,
      ...(withStock ? { stock: stockNumber(c.stock), ...(c.seen !== null ? { stock_seen: c.seen } : {}) } : {}),
    })),
    ...(draft.updatedAt ? { updated_at: draft.updatedAt } : {}),
  };
}
