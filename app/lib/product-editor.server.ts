// The product editor's server side (decision 0062): the stored product as the form's draft, the
// id in the address, and a refusal from core turned into messages under the inputs the member
// typed in (core names the body's paths; the form has its own names and rows).
import { data } from "react-router";
import type { EditableProduct } from "../../core/catalog/product-editing";
import { combinationName } from "../../core/catalog/product-options";
import type { AppError } from "../../core/shared/errors";
import { optionRows, rupeeField, type ProductDraft } from "./product-form";

/** The stored product as the editor's form shows it. */
export function draftOf(p: EditableProduct): ProductDraft {
  return {
    id: p.id,
    name: p.name,
    nameUr: p.nameUr ?? "",
    customUrl: p.customUrl ?? "",
    descriptionFormat: p.descriptionFormat,
    description: p.description,
    descriptionUr: p.descriptionUr ?? "",
    bulletPoints: (p.structuredDescription?.bullet_points ?? []).join("\n"),
    highlights: (p.structuredDescription?.highlights ?? []).join("\n"),
    material: p.materialType ?? "",
    price: rupeeField(p.pricePaisa),
    comparePrice: rupeeField(p.comparePricePaisa),
    collectionIds: p.collectionIds,
    customFields: p.customFields,
    faqs: p.faqs,
    sizeGuide: p.sizeGuide,
    isActive: p.isActive,
    stock: String(p.stock),
    stockSeen: p.stock,
    options: optionRows(p.options),
    combinations: p.combinations.map((c) => ({
      // named as the grid names it, so the row is found again whatever name it was stored with
      name: combinationName(
        c.attributes,
        p.options.map((o) => o.type),
      ),
      attributes: c.attributes,
      price: c.pricePaisa === p.pricePaisa ? "" : rupeeField(c.pricePaisa),
      sku: c.sku ?? "",
      available: c.isAvailable,
      stock: String(c.stock),
      seen: c.stock,
    })),
    updatedAt: p.updatedAt,
  };
}

/** The product's id in the address (none on /admin/products/new); anything else is a 404. */
export function productIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^\d{1,9}$/.test(params.id)) throw data({ detail: "Product not found" }, { status: 404 });
  return Number(params.id);
}

const TOP_LEVEL_INPUTS = new Set([
  "name",
  "custom_url",
  "price",
  "compare_price",
  "material_type",
  "description",
  "description_format",
  "size_guide",
  "stock",
]);

/**
 * The editor's input a body path belongs to: the body's options leave out empty rows, and custom
 * fields and questions repeat one input name a row, so those are told apart by their row.
 */
export function inputOf(draft: ProductDraft) {
  const optionRow = draft.options.flatMap((o, i) => (o.type.trim() && o.values.trim() ? [i] : []));
  return (path: string): string | null => {
    const [head, index, part] = path.split(".");
    const i = Number(index);
    switch (head) {
      case "combinations":
        if (index === undefined) return null;
        return part === "sku" || part === "stock" ? `c_${i}_${part}` : `c_${i}_price`;
      case "options": {
        const row = optionRow[i];
        if (index === undefined || row === undefined) return null;
        return part === "type" ? `option_type_${row}` : `option_values_${row}`;
      }
      case "custom_fields":
        return index === undefined ? null : `${part === "value" ? "cf_value" : "cf_key"}.${i}`;
      case "faqs":
        return index === undefined ? null : `faq_q.${i}`;
      case "structured_description":
        return index === "highlights" ? "highlights" : "bullet_points";
      case "stock_seen":
        return "stock";
      default:
        return head && TOP_LEVEL_INPUTS.has(head) ? head : null;
    }
  };
}

/**
 * A sale moved a stock while the page was open: the refused form comes back showing the stock as
 * it is now, for the member to look at and type again (never their stale total as if it were new).
 */
export function freshStock(draft: ProductDraft, error: AppError) {
  const now = error.extra?.stock_quantity;
  if (error.status !== 409 || typeof now !== "number") return;
  const row = draft.combinations.find((c) => error.message.startsWith(`${c.name}: `));
  if (row) {
    row.seen = now;
    row.stock = String(now);
  } else if (draft.combinations.length === 0) {
    draft.stockSeen = now;
    draft.stock = String(now);
  }
}

/** "combinations.2.stock: …" names the combination the staff member sees. */
export function readable(message: string, draft: ProductDraft | undefined): string {
  const match = /^combinations\.(\d+)\.?[\w.]*: (.*)$/s.exec(message);
  if (match && draft) {
    const row = draft.combinations[Number(match[1])];
    if (row) return `${row.name}: ${match[2]}`;
  }
  return message;
}
