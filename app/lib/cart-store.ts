// The cart this browser holds (spec §3-4): its lines in localStorage ("cart") and the session id
// that names the server's copy ("sessionId"), read by every page without a server call; pages stay
// the same HTML for every visitor. What changes the cart through the server is in cart.ts.
import { useSyncExternalStore } from "react";
import { priceOrder, type OrderFigures, type PricingVoucher, type ShippingRule } from "../../core/shared/pricing";
import { randomHex } from "./random-hex";

export interface CartItem {
  /** product id */
  id: number;
  /** the product's English name (English pages show it; the order records it) */
  name: string;
  /**
   * its Urdu name when staff wrote one (Urdu pages show it). Absent: none written, or a line kept
   * from before lines carried it; the reload from the server cart fills it in.
   */
  name_ur?: string;
  image: string;
  /** unit price in rupees, as the API answers it */
  price: number;
  variant: { size?: string; color?: string };
  variants: Record<string, string>;
  quantity: number;
  combination_id: number | null;
  daraz_link: string | null;
  /** spec §9: 999 when unknown */
  maxStock: number;
}

export type NewCartItem = Omit<CartItem, "quantity" | "maxStock"> & { maxStock?: number };

export const UNKNOWN_STOCK = 999;
const CART_KEY = "cart";
const SESSION_KEY = "sessionId";
const EMPTY: CartItem[] = [];

let cache: CartItem[] | null = null;
const listeners = new Set<() => void>();

/** The lines as stored (cart.ts changes them through writeCart). */
export function readCart(): CartItem[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? "[]");
    cache = Array.isArray(parsed) ? (parsed as CartItem[]) : [];
  } catch {
    cache = [];
  }
  return cache;
}

export function writeCart(items: CartItem[]) {
  cache = items;
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(items));
  } catch {
    // private mode or full storage: the cart still works for this page view
  }
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  // another tab changed the cart
  window.addEventListener("storage", (event) => {
    if (event.key === CART_KEY || event.key === null) {
      cache = null;
      for (const listener of listeners) listener();
    }
  });
}

export function getCart(): CartItem[] {
  return typeof window === "undefined" ? EMPTY : readCart();
}

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cart lines; empty during server rendering, filled in after load. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribeCart, getCart, () => EMPTY);
}

export function useCartCount(): number {
  return useCart().reduce((sum, item) => sum + item.quantity, 0);
}

export function getSessionId(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

/**
 * spec §3: "session_" + timestamp + random string. The session id is all that guards a cart, so
 * the random part is 128 bits from the browser's cryptographic generator (getRandomValues works
 * on plain http too, where randomUUID does not).
 */
export function newSessionId(): string {
  return `session_${Date.now()}_${randomHex(16)}`;
}

/** The cart's session id, created on the first add to cart. */
export function ensureSessionId(): string {
  const existing = getSessionId();
  if (existing) return existing;
  const id = newSessionId();
  try {
    localStorage.setItem(SESSION_KEY, id);
  } catch {
    // see writeCart()
  }
  return id;
}

/** Forgets the session id, so the next add to cart starts a new server cart (after an order). */
export function forgetSessionId() {
  try {
    localStorage.removeItem(SESSION_KEY);
  } catch {
    // see writeCart()
  }
}

export function lineKey(item: Pick<CartItem, "id" | "combination_id" | "variants">): string {
  return item.combination_id !== null ? `c${item.combination_id}` : `p${item.id}:${JSON.stringify(item.variants)}`;
}

/** How many of this product (and combination) the cart already holds. */
export function quantityInCart(productId: number, combinationId: number | null): number {
  return getCart()
    .filter((i) => i.id === productId && (combinationId === null || i.combination_id === combinationId))
    .reduce((sum, i) => sum + i.quantity, 0);
}

export const toPaisa = (rupees: number | string) => Math.round(Number(rupees) * 100);

/**
 * Subtotal, shipping, discount and total of the cart, from core's pure pricing function: the one
 * the server prices orders with, so the page and the server agree to the paisa.
 */
export function cartFigures(
  items: CartItem[],
  shipping: ShippingRule,
  voucher: PricingVoucher | null = null,
): OrderFigures {
  return priceOrder({
    lines: items.map((i) => ({ unitPricePaisa: toPaisa(i.price), quantity: i.quantity })),
    shipping,
    voucher,
  });
}
