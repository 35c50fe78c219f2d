// What this browser keeps of a checkout: the tab's form draft, voucher code, pending attempt and
// last order in sessionStorage (a reload keeps them, closing the tab forgets them), and the
// confirm/cancel links of its orders in localStorage for a few days.
import type { CheckoutForm } from "../../core/orders/checkout-form";
import { getStoredUser } from "./session";

// ---- browser storage of this tab: sessionStorage, so a reload keeps it and closing the tab forgets it

export function readSession<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full storage: this page view still works
  }
}

const DRAFT_KEY = "checkoutForm";
const VOUCHER_KEY = "voucherCode";
/** the order being placed (app/lib/checkout.ts), until its answer arrives */
export const ATTEMPT_KEY = "checkoutAttempt";
const LAST_ORDER_KEY = "lastOrder";

export const loadDraft = () => readSession<CheckoutForm>(DRAFT_KEY);
export const saveDraft = (form: CheckoutForm) => writeSession(DRAFT_KEY, form);
export const loadVoucherCode = () => readSession<string>(VOUCHER_KEY);
export const saveVoucherCode = (code: string | null) => writeSession(VOUCHER_KEY, code);

/** The signed-in shopper's details (localStorage "user", spec §3) to start the form with. */
export function storedUser(): Partial<CheckoutForm> {
  const user = getStoredUser();
  if (!user) return {};
  return {
    firstName: user.first_name ?? "",
    lastName: user.last_name ?? "",
    email: user.email ?? "",
    phone: user.phone ?? "",
  };
}

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
  /** the shopper's own confirm/cancel page (decision 0071); null when the order asks nothing */
  confirm_url?: string | null;
  /** the shop will call to confirm this order before it is sent (decision 0073) */
  held_for_call?: boolean;
  /**
   * "whatsapp": a WhatsApp question is on its way; "call": the shop calls to confirm (no WhatsApp
   * account, confirmations off, or held). Absent in orders stored before it existed.
   */
  confirmation_by?: "whatsapp" | "call";
}

export interface LastOrder extends OrderAnswer {
  first_name: string;
  phone: string;
  images: Record<string, string>;
}

export const lineId = (productId: number, combinationId: number | null) => `${productId}:${combinationId ?? ""}`;

/**
 * spec §4: after success the order is kept for the confirmation page, and the attempt, the voucher
 * and the form's draft are forgotten.
 */
export function keepPlacedOrder(last: LastOrder) {
  writeSession(LAST_ORDER_KEY, last);
  if (last.confirm_url && !last.held_for_call) keepConfirmLink(last.tracking_id, last.confirm_url);
  writeSession(ATTEMPT_KEY, null);
  writeSession(VOUCHER_KEY, null);
  writeSession(DRAFT_KEY, null);
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
