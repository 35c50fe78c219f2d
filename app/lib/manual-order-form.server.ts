// The new order page's server side (decision 0057): the lines chosen in the address, the posted
// form read as the body core's manual order takes, its refusal as a message under each field, and
// core's priced preview as the summary the page shows.
import { MAX_MANUAL_ORDER_LINES, manualOrderProblem, type ManualOrderPreview } from "../../core/orders/manual-order";
import { formatRupees } from "../../core/shared/money";
import { formText } from "./console";
import {
  lineKey,
  MAX_QUANTITY,
  TEXT_FIELDS,
  type ChosenLine,
  type FieldName,
  type NewOrderAnswer,
  type Review,
} from "./manual-order-form";

/** The lines in the address: "product:option:quantity" (option 0 for none); the rest is ignored. */
export function chosenLines(values: string[]): ChosenLine[] {
  const lines = new Map<string, ChosenLine>();
  for (const value of values.slice(0, MAX_MANUAL_ORDER_LINES * 2)) {
    const match = /^(\d{1,9}):(\d{1,9}):(\d{1,2})$/.exec(value);
    if (!match) continue;
    const productId = Number(match[1]);
    const combinationId = Number(match[2]) || null;
    const quantity = Number(match[3]);
    if (productId < 1 || quantity < 1) continue;
    const key = lineKey({ productId, combinationId });
    const existing = lines.get(key);
    if (existing) existing.quantity = Math.min(existing.quantity + quantity, MAX_QUANTITY);
    else if (lines.size < MAX_MANUAL_ORDER_LINES) lines.set(key, { productId, combinationId, quantity });
  }
  return [...lines.values()];
}

/**
 * The posted form: what was typed (kept to show again), each line's quantity as typed by its key,
 * and the body for core (empty optional fields left out).
 */
export function readManualOrderForm(form: FormData) {
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, formText(form, name).slice(0, 5000)]));
  const products = form.getAll("item_product").slice(0, MAX_MANUAL_ORDER_LINES + 1);
  const options = form.getAll("item_combination");
  const quantities = form.getAll("item_quantity");
  const items = products.map((product, n) => ({
    product_id: Number(product),
    combination_id: Number(options[n]) || null,
    quantity: Number(quantities[n]),
  }));
  const quantityByKey = Object.fromEntries(
    items.map((item, n) => [
      lineKey({ productId: item.product_id, combinationId: item.combination_id }),
      String(quantities[n] ?? ""),
    ]),
  );
  const raw = {
    ...values,
    email: values.email || null,
    status: values.status || undefined,
    note: values.note || undefined,
    override_reason: values.override_reason || undefined,
    items,
  };
  const answer: NewOrderAnswer = { values, quantities: quantityByKey };
  return { raw, answer };
}

/** The body's refusal: the first message for each field, under it. */
export function manualOrderFieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const fieldErrors: Partial<Record<FieldName, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "") as FieldName;
    fieldErrors[field] ??= manualOrderProblem(issue.path[0] === "items" ? issue : { ...issue, path: [] });
  }
  return fieldErrors;
}

/** Core's priced preview as the page's summary, with a new key for "Place order". */
export function reviewOf(preview: ManualOrderPreview): Review {
  return {
    lines: preview.lines.map((line) => ({
      key: lineKey(line),
      name: line.name,
      variant: line.variant,
      quantity: line.quantity,
      unitPrice: formatRupees(line.unitPricePaisa),
      total: formatRupees(line.lineTotalPaisa),
    })),
    subtotal: formatRupees(preview.subtotalPaisa),
    shipping: preview.shippingPaisa === 0 ? "Free" : formatRupees(preview.shippingPaisa),
    discount: formatRupees(preview.discountPaisa),
    hasDiscount: preview.discountPaisa > 0,
    voucherCode: preview.voucherCode,
    total: formatRupees(preview.totalPaisa),
    totalAmount: (preview.totalPaisa / 100).toFixed(2),
    overridden: preview.overridden,
    idempotencyKey: globalThis.crypto.randomUUID(),
  };
}
