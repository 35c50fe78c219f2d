// The new order page's shared words (decision 0057): the chosen lines as the address carries them
// (?item=product:option:quantity), the form's text fields, and the shape of the action's answer.
// Its loader, its action and its components all use them; nothing here reaches core, so the
// browser's bundle gets no server code from it (the server's side is manual-order-form.server.ts).
export const MAX_QUANTITY = 99;

export interface ChosenLine {
  productId: number;
  combinationId: number | null;
  quantity: number;
}

export const lineKey = (line: Pick<ChosenLine, "productId" | "combinationId">) =>
  `${line.productId}:${line.combinationId ?? 0}`;
export const lineParam = (line: ChosenLine) => `${lineKey(line)}:${line.quantity}`;

/** A chosen line as the page shows it: what it is, its price and the stock left. */
export interface ChosenLineView extends ChosenLine {
  key: string;
  /** the line in the address: "product:option:quantity" */
  param: string;
  name: string;
  variant: string | null;
  pricePaisa: number | null;
  stock: number;
}

/** The page's address with a line added or taken out (the search typed is kept). */
export type NewOrderHref = (changes: { add?: ChosenLine; remove?: string }) => string;

/** The form's fields as typed, to show again after a refusal (a page without its script). */
export const TEXT_FIELDS = [
  "first_name",
  "last_name",
  "phone",
  "email",
  "shipping_address",
  "city",
  "postal_code",
  "country",
  "voucher_code",
  "source",
  "status",
  "note",
  "shipping_fee",
  "discount",
  "override_reason",
] as const;
export type FieldName = (typeof TEXT_FIELDS)[number] | "items";

export interface Review {
  lines: { key: string; name: string; variant: string | null; quantity: number; unitPrice: string; total: string }[];
  subtotal: string;
  shipping: string;
  discount: string;
  hasDiscount: boolean;
  voucherCode: string | null;
  total: string;
  /** rupees, sent back with "Place order": a different total by then is refused */
  totalAmount: string;
  overridden: boolean;
  /** one per review: pressing "Place order" twice places one order */
  idempotencyKey: string;
}

export interface NewOrderAnswer {
  values: Record<string, string>;
  quantities: Record<string, string>;
  /** input name → the message under it (decision 0096) */
  fields?: Partial<Record<FieldName, string>>;
  error?: string;
  review?: Review;
}
