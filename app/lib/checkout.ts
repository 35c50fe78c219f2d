// Placing the order from the browser (spec §2, §4, §8), so that a double tap, a timeout or a
// reload-and-retry makes one order (decision 0029). What the tab keeps meanwhile is in
// checkout-storage.ts; the voucher box's check in voucher-check.ts.
import type { OrderFigures } from "../../core/shared/pricing";
import { shippingAddress, type CheckoutField, type CheckoutForm } from "../../core/orders/checkout-form";
import { rupeesText } from "../../core/shared/money";
import { ApiError, api, errorText } from "./api";
import { applyServerPrices, clearCart } from "./cart";
import { getSessionId, toPaisa, type CartItem } from "./cart-store";
import {
  ATTEMPT_KEY,
  keepPlacedOrder,
  lineId,
  readSession,
  writeSession,
  type LastOrder,
  type OrderAnswer,
} from "./checkout-storage";
import { randomHex } from "./random-hex";
import type { AppliedVoucher } from "./voucher-check";

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
  /** the storefront language the shopper used: her messages come in it */
  locale?: "en" | "ur";
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
  return `order_${randomHex(16)}`;
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
      // a signed-in shopper's order is linked to the account, so My Orders lists it (decision 0022)
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
  keepPlacedOrder(last);
  if (order.voucher_code) {
    // spec §7: sent after a successful order; a failure is only logged
    api(`/apply-voucher/${encodeURIComponent(order.voucher_code)}`, { method: "POST" }).catch((error) =>
      console.warn("apply-voucher failed", error),
    );
  }
  await clearCart({ forgetSession: true });
}
