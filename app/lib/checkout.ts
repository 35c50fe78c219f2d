// The browser side of checkout (spec §2, §4, §8): the voucher box's calls, and placing the order
// so that a double tap, a timeout or a reload-and-retry makes one order (decision 0029).
import type { OrderFigures, PricingVoucher } from "../../core/shared/pricing";
import { shippingAddress, type CheckoutField, type CheckoutForm } from "../../core/orders/checkout-form";
import { rupeesText } from "../../core/shared/money";
import { ApiError, api, errorText } from "./api";
import { applyServerPrices, clearCart, getSessionId, toPaisa, type CartItem } from "./cart";

export interface AppliedVoucher {
  code: string;
  message: string;
  pricing: PricingVoucher;
  freeShipping: boolean;
  /** the goods amount it was checked against; a different subtotal is checked again */
  checkedAtPaisa: number;
}

// ---- browser storage of this tab: sessionStorage, so a reload keeps it and closing the tab forgets it

function readSession<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeSession(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full storage: this page view still works
  }
}

const DRAFT_KEY = "checkoutForm";
const VOUCHER_KEY = "voucherCode";
const ATTEMPT_KEY = "checkoutAttempt";
const LAST_ORDER_KEY = "lastOrder";

export const loadDraft = () => readSession<CheckoutForm>(DRAFT_KEY);
export const saveDraft = (form: CheckoutForm) => writeSession(DRAFT_KEY, form);
export const loadVoucherCode = () => readSession<string>(VOUCHER_KEY);
export const saveVoucherCode = (code: string | null) => writeSession(VOUCHER_KEY, code);

/** The signed-in shopper's details (localStorage "user", spec §3) to start the form with. */
export function storedUser(): Partial<CheckoutForm> {
  try {
    const user = JSON.parse(localStorage.getItem("user") ?? "null") as {
      first_name?: string;
      last_name?: string;
      email?: string;
      phone?: string | null;
    } | null;
    if (!user) return {};
    return {
      firstName: user.first_name ?? "",
      lastName: user.last_name ?? "",
      email: user.email ?? "",
      phone: user.phone ?? "",
    };
  } catch {
    return {};
  }
}

// ---- vouchers (spec §5, §8)

interface VoucherAnswer {
  valid: boolean;
  message: string;
  discount_amount: number;
  free_shipping?: boolean;
  voucher: {
    code: string;
    description: string;
    discount_type: PricingVoucher["discountType"];
    discount_value: number;
    max_discount: number | null;
    message: string | null;
  } | null;
}

/**
 * invalid: the store answered that this voucher cannot be used (unknown, expired, under its
 * minimum…); only that answer may take a kept voucher away. Otherwise no verdict came: the request
 * was cut off (a reload, a dropped connection), refused for too many tries, or the server failed.
 */
export type VoucherCheck = { ok: true; voucher: AppliedVoucher } | { ok: false; invalid: boolean; message: string };

/** Answers that say nothing of the voucher itself: try again later. */
const NO_VERDICT_STATUSES = new Set([408, 425, 429]);

// spec §8
export const VOUCHER_CHECK_FAILED = "Failed to validate voucher. Please try again.";

/** POST /validate-voucher for the goods in the cart; with the contact, the per-customer limit too. */
export async function checkVoucher(
  code: string,
  subtotalPaisa: number,
  contact: { email?: string; phone?: string; country?: string } = {},
): Promise<VoucherCheck> {
  try {
    const answer = await api<VoucherAnswer>("/validate-voucher", {
      method: "POST",
      body: {
        code,
        order_amount: rupeesText(subtotalPaisa),
        email: contact.email?.trim() || null,
        phone: contact.phone?.trim() || null,
        country: contact.country || null,
      },
    });
    if (answer?.valid === false || (answer?.valid && !answer.voucher))
      return { ok: false, invalid: true, message: answer.message || "Invalid voucher code" };
    // an answer cut off before its end reads as no JSON at all: no verdict
    if (!answer?.voucher) return { ok: false, invalid: false, message: VOUCHER_CHECK_FAILED };
    const v = answer.voucher;
    return {
      ok: true,
      voucher: {
        code: v.code,
        message: v.message || v.description || answer.message,
        freeShipping: v.discount_type === "shipping",
        checkedAtPaisa: subtotalPaisa,
        pricing: {
          discountType: v.discount_type,
          // percentage: whole percent; flat: rupees
          discountValue: v.discount_type === "flat" ? toPaisa(v.discount_value) : v.discount_value,
          maxDiscountPaisa: v.max_discount === null ? null : toPaisa(v.max_discount),
        },
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.detail)
      return { ok: false, invalid: !NO_VERDICT_STATUSES.has(error.status), message: error.detail };
    return { ok: false, invalid: false, message: VOUCHER_CHECK_FAILED };
  }
}

// ---- placing the order

export interface OrderAnswer {
  tracking_id: string;
  payment_method: string;
  items: {
    product_id: number;
    combination_id: number | null;
    name: string;
    variant: string | null;
    quantity: number;
    price: number;
    line_total: number;
  }[];
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  voucher_code: string | null;
  free_shipping_by_voucher: boolean;
  created_at: string;
  /** the shopper's own confirm/cancel page (issue 15, point 3); null when the order asks nothing */
  confirm_url?: string | null;
  /** the shop will call to confirm this order before it is sent (issue 15, point 5) */
  held_for_call?: boolean;
  /**
   * "whatsapp": a WhatsApp question is on its way; "call": the shop calls to confirm (no WhatsApp
   * account, confirmations off, or held). Absent in orders stored before it existed.
   */
  confirmation_by?: "whatsapp" | "call";
}

interface OrderPayload {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  shipping_address: string;
  city: string;
  postal_code: string;
  country: string;
  total_amount: string;
  payment_method: "cod";
  items: {
    product_id: number;
    combination_id: number | null;
    quantity: number;
    price: string;
    variant_details: string | null;
  }[];
  voucher_code: string | null;
  session_id: string | null;
}

/** spec §3 "Order payload", priced as the page shows it. */
export function orderPayload(
  form: CheckoutForm,
  items: CartItem[],
  figures: OrderFigures,
  voucher: AppliedVoucher | null,
): OrderPayload {
  return {
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    shipping_address: shippingAddress(form),
    city: form.city.trim(),
    postal_code: form.postalCode.trim(),
    country: form.country,
    total_amount: rupeesText(figures.totalPaisa),
    payment_method: "cod",
    items: items.map((i) => ({
      product_id: i.id,
      combination_id: i.combination_id,
      quantity: i.quantity,
      price: rupeesText(toPaisa(i.price)),
      variant_details: Object.keys(i.variants).length > 0 ? JSON.stringify(i.variants) : null,
    })),
    voucher_code: voucher?.code ?? null,
    session_id: getSessionId(),
  };
}

/**
 * One checkout attempt: its Idempotency-Key, the cart it was made for, and the first payload
 * sent with the key (the server keeps the key only when that order was placed).
 */
interface Attempt {
  key: string;
  cart: string;
  payload: OrderPayload;
}

/** What makes two attempts the same order: the lines, their prices and the voucher. */
function cartIdentity(payload: OrderPayload): string {
  return JSON.stringify([payload.items, payload.voucher_code, payload.total_amount]);
}

function newKey(): string {
  // crypto.randomUUID needs a secure context; getRandomValues works on plain http too
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `order_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The attempt this payload belongs to: the stored one while the cart is the same, else a new one. */
function attemptFor(payload: OrderPayload): Attempt {
  const stored = readSession<Attempt>(ATTEMPT_KEY);
  if (stored && stored.cart === cartIdentity(payload)) return stored;
  const attempt = { key: newKey(), cart: cartIdentity(payload), payload };
  writeSession(ATTEMPT_KEY, attempt);
  return attempt;
}

// a phone on a bad connection: after this long the shopper is told to try again (same key)
const ORDER_TIMEOUT_MS = 30_000;
const KEY_REUSED = "This Idempotency-Key was already used for a different order.";

const SERVER_FIELDS: Record<string, CheckoutField> = {
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  phone: "phone",
  shipping_address: "address",
  city: "city",
  postal_code: "postalCode",
  country: "country",
};

export type PlaceResult =
  | { kind: "placed"; order: OrderAnswer }
  /** 409 prices changed: the cart now holds the server's prices */
  | { kind: "prices-changed"; message: string }
  /** 409 on a voucher: it no longer applies */
  | { kind: "voucher"; message: string }
  /** every other refusal; fields when the server named them (422) */
  | { kind: "failed"; message: string; fields: Partial<Record<CheckoutField, string>> };

async function send(payload: OrderPayload, key: string): Promise<OrderAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ORDER_TIMEOUT_MS);
  try {
    return await api<OrderAnswer>("/orders", {
      method: "POST",
      body: payload,
      // a signed-in shopper's order is linked to the account, so My Orders lists it (issue 11)
      auth: true,
      headers: { "Idempotency-Key": key },
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** POST /orders with this attempt's Idempotency-Key, and what the page should show after it. */
export async function submitOrder(payload: OrderPayload): Promise<PlaceResult> {
  const attempt = attemptFor(payload);
  let order: OrderAnswer;
  try {
    try {
      order = await send(payload, attempt.key);
    } catch (error) {
      // the first try of this attempt went through (the answer was lost) and the shopper has since
      // corrected a detail: the order exists, so fetch its answer instead of making a second one
      if (!(error instanceof ApiError && error.status === 422 && error.detail === KEY_REUSED)) throw error;
      order = await send(attempt.payload, attempt.key);
    }
  } catch (error) {
    return failure(error);
  }
  await afterOrder(order, payload);
  return { kind: "placed", order };
}

/** An attempt whose outcome this tab never learnt (the answer was lost, or the page reloaded). */
export function hasPendingAttempt(): boolean {
  return readSession<Attempt>(ATTEMPT_KEY) !== null;
}

/**
 * Sends the pending attempt again, exactly as first sent and with its key: the server answers
 * the order it already placed, or places it now if the first try never reached it. Used when
 * a reload finds the cart empty because the server cleared it with that order.
 */
export async function resumeAttempt(): Promise<PlaceResult> {
  const attempt = readSession<Attempt>(ATTEMPT_KEY);
  if (!attempt) return { kind: "failed", message: "Order creation failed: Unknown error", fields: {} };
  try {
    const order = await send(attempt.payload, attempt.key);
    await afterOrder(order, attempt.payload);
    return { kind: "placed", order };
  } catch (error) {
    return failure(error);
  }
}

const IN_PROGRESS = /being placed right now/i;

function failure(error: unknown): PlaceResult {
  // no answer (offline, timeout) or a gateway's: the order may exist, so the attempt and its key stay
  if (!(error instanceof ApiError))
    return { kind: "failed", message: "Failed to place order. Please try again.", fields: {} };
  // the server refused and rolled back: nothing was placed, the next try is a new attempt
  if (error.status < 500 && !IN_PROGRESS.test(error.detail ?? "")) writeSession(ATTEMPT_KEY, null);
  return refusal(error);
}

function refusal(error: ApiError): PlaceResult {
  const body = error.body ?? {};
  if (error.status === 409 && Array.isArray(body.items) && "total" in body) {
    // spec §8 via decision 0008: the server's prices replace the page's, then the shopper reviews
    applyServerPrices(body.items as { product_id: number; combination_id: number | null; price: number }[]);
    return { kind: "prices-changed", message: error.detail ?? "Prices have changed. Please review your cart." };
  }
  if (error.status === 409 && typeof body.voucher_code === "string") {
    return { kind: "voucher", message: error.detail ?? "Invalid voucher code" };
  }
  const fields: Partial<Record<CheckoutField, string>> = {};
  if (error.status === 422 && Array.isArray(body.errors)) {
    for (const e of body.errors as { field?: string; message?: string }[]) {
      const field = SERVER_FIELDS[e.field ?? ""];
      if (field && e.message && !fields[field]) fields[field] = e.message;
    }
  }
  return { kind: "failed", message: `Order creation failed: ${errorText(error, "Unknown error")}`, fields };
}

export interface LastOrder extends OrderAnswer {
  first_name: string;
  phone: string;
  images: Record<string, string>;
}

export const lineId = (productId: number, combinationId: number | null) => `${productId}:${combinationId ?? ""}`;

/** spec §4: after success the voucher is applied on the server, the cart cleared, the voucher removed and the session id deleted. */
async function afterOrder(order: OrderAnswer, payload: OrderPayload) {
  const images: Record<string, string> = {};
  try {
    for (const item of JSON.parse(localStorage.getItem("cart") ?? "[]") as CartItem[])
      images[lineId(item.id, item.combination_id)] = item.image;
  } catch {
    // pictures are a nicety on the confirmation
  }
  const last: LastOrder = { ...order, first_name: payload.first_name, phone: payload.phone, images };
  writeSession(LAST_ORDER_KEY, last);
  if (order.confirm_url && !order.held_for_call) keepConfirmLink(order.tracking_id, order.confirm_url);
  writeSession(ATTEMPT_KEY, null);
  writeSession(VOUCHER_KEY, null);
  writeSession(DRAFT_KEY, null);
  if (order.voucher_code) {
    // spec §7: sent after a successful order; a failure is only logged
    api(`/apply-voucher/${encodeURIComponent(order.voucher_code)}`, { method: "POST" }).catch((error) =>
      console.warn("apply-voucher failed", error),
    );
  }
  await clearCart({ forgetSession: true });
}

export const loadLastOrder = () => readSession<LastOrder>(LAST_ORDER_KEY);

// ---- the confirm/cancel links of this browser's orders
//
// The order itself is kept by its tab only (above). Its confirm/cancel link is also kept by the
// browser, for a few days, so the confirmation opened again in another tab (a tab restored by the
// phone, the page reopened from history after the WhatsApp round trip) still offers it. It is
// the secret of whoever placed the order: never in the page's address or its shared HTML, and a
// tracking ID alone does not reveal it.

const CONFIRM_LINKS_KEY = "orderConfirmLinks";
const CONFIRM_LINK_DAYS = 3;
const CONFIRM_LINKS_KEPT = 5;

interface KeptLink {
  tracking_id: string;
  confirm_url: string;
  saved_at: number;
}

function keptLinks(now = Date.now()): KeptLink[] {
  try {
    const list = JSON.parse(localStorage.getItem(CONFIRM_LINKS_KEY) ?? "[]") as KeptLink[];
    return Array.isArray(list)
      ? list.filter((l) => typeof l?.confirm_url === "string" && now - l.saved_at < CONFIRM_LINK_DAYS * 86_400_000)
      : [];
  } catch {
    return [];
  }
}

function keepConfirmLink(trackingId: string, confirmUrl: string) {
  try {
    const list = [
      { tracking_id: trackingId, confirm_url: confirmUrl, saved_at: Date.now() },
      ...keptLinks().filter((l) => l.tracking_id !== trackingId),
    ].slice(0, CONFIRM_LINKS_KEPT);
    localStorage.setItem(CONFIRM_LINKS_KEY, JSON.stringify(list));
  } catch {
    // storage refused: the tab still has the order and its link
  }
}

/** This browser's confirm/cancel link of the order with this tracking ID, or null. */
export function keptConfirmLink(trackingId: string): string | null {
  return keptLinks().find((l) => l.tracking_id === trackingId)?.confirm_url ?? null;
}
