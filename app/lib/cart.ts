// Changing the browser's cart through the server cart (spec §4, §7 /cart/flexible): adding,
// removing and changing quantities, each followed by a reload from the server; the local copy
// (cart-store.ts) carries on alone when the server cannot be reached.
import { ApiError, api, errorText } from "./api";
import {
  ensureSessionId,
  forgetSessionId,
  getSessionId,
  lineKey,
  readCart,
  UNKNOWN_STOCK,
  writeCart,
  type CartItem,
  type NewCartItem,
} from "./cart-store";
import { toast } from "./toast";
import { localeOfPath } from "../i18n/locales";
import { translatorIn } from "../i18n/t";
import { shopperMessage } from "./shopper-messages";

/**
 * The server's words in the language of the page the shopper is on. The toaster translates
 * fixed messages itself; one that names a count or a product is matched and translated here.
 */
function inPageLanguage(message: string): string {
  return shopperMessage(translatorIn(localeOfPath(window.location.pathname)), message);
}

interface ServerCartLine {
  product_id: number;
  product?: {
    /** the English name */
    name?: string;
    /** the Urdu name staff wrote; null when none (an older server leaves it out) */
    name_ur?: string | null;
    image_url?: string | null;
    daraz_link?: string | null;
  } | null;
  price: number | string;
  variant_attributes?: string | null;
  quantity: number;
  combination?: { id: number; stock_quantity: number } | null;
  combination_id?: number | null;
  /** the combination's stock, or the product's own without one */
  stock_quantity?: number;
}

function parseAttributes(text: string | null | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function fromServer(line: ServerCartLine): CartItem {
  const variants = parseAttributes(line.variant_attributes);
  const previous = readCart().find((i) => i.id === line.product_id);
  return {
    id: line.product_id,
    // the product's current names: they replace what the browser kept (a line stored before lines
    // carried name_ur, or one whose name was the Urdu an Urdu page showed)
    name: line.product?.name ?? previous?.name ?? "",
    name_ur: line.product?.name_ur || undefined,
    image: line.product?.image_url ?? previous?.image ?? "",
    price: Number(line.price),
    variant: { size: variants.size, color: variants.color },
    variants,
    quantity: line.quantity,
    combination_id: line.combination_id ?? line.combination?.id ?? null,
    daraz_link: line.product?.daraz_link ?? null,
    // spec §9 adds a simple product with 999; once the server has answered its real stock is known
    maxStock: line.combination?.stock_quantity ?? line.stock_quantity ?? UNKNOWN_STOCK,
  };
}

/** Reloads the cart from the server; false (and the local copy kept) when that fails. */
export async function reloadCart(): Promise<boolean> {
  const sessionId = getSessionId();
  if (!sessionId) return false;
  try {
    const lines = await api<ServerCartLine[]>(`/cart/flexible/${encodeURIComponent(sessionId)}`);
    if (!Array.isArray(lines)) return false;
    writeCart(lines.map(fromServer));
    return true;
  } catch {
    return false;
  }
}

function addLocally(item: NewCartItem, quantity: number) {
  const key = lineKey(item);
  const items = readCart();
  const existing = items.find((i) => lineKey(i) === key);
  if (existing) {
    writeCart(items.map((i) => (i === existing ? { ...i, quantity: i.quantity + quantity } : i)));
  } else {
    writeCart([...items, { ...item, quantity, maxStock: item.maxStock ?? UNKNOWN_STOCK }]);
  }
}

// the API is not there (older server or a network failure): the local cart carries on alone
function unreachable(error: unknown): boolean {
  return (
    !(error instanceof ApiError) ||
    error.status >= 500 ||
    (error.status === 404 && !!error.detail?.startsWith("No such API call"))
  );
}

/**
 * spec §4 stock conflict: when the server says the shopper already has some of this item, ask
 * whether to replace it; on yes, remove the server line and check again.
 */
async function checkStock(sessionId: string, combinationId: number, quantity: number): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await api("/check-stock", {
        method: "POST",
        body: { combination_id: combinationId, quantity, session_id: sessionId },
      });
      return true;
    } catch (error) {
      if (unreachable(error)) return true;
      const detail = errorText(error, "Stock check failed");
      // the answer says how many the cart already holds (in_cart); its wording is for people
      const inCart = error instanceof ApiError && error.status === 409 ? Number(error.body?.in_cart ?? 0) : 0;
      if (attempt === 0 && inCart > 0) {
        const question = `${detail}\n\nRemove the existing items and add this quantity instead?`;
        if (!window.confirm(inPageLanguage(question))) return false;
        try {
          await api(`/cart/session/${encodeURIComponent(sessionId)}/combination/${combinationId}`, {
            method: "DELETE",
          });
          writeCart(readCart().filter((i) => i.combination_id !== combinationId));
          toast.success("Existing items removed from cart");
          continue;
        } catch {
          toast.error("Failed to remove existing items");
          return false;
        }
      }
      toast.error(inPageLanguage(detail));
      return false;
    }
  }
  return false;
}

/** spec §3 "Add-to-cart payload" */
function postLine(sessionId: string, item: NewCartItem, quantity: number) {
  return api("/cart/flexible", {
    method: "POST",
    body: {
      session_id: sessionId,
      product_id: item.id,
      quantity,
      price: item.price,
      combination_id: item.combination_id,
      variant_attributes: JSON.stringify(item.variants),
      size: item.variant.size ?? null,
      variant: item.variant.color ?? null,
    },
  });
}

/** Adds quantity of an item; true when it is in the cart afterwards. */
export async function addToCart(item: NewCartItem, quantity: number): Promise<boolean> {
  const sessionId = ensureSessionId();
  if (item.combination_id !== null && !(await checkStock(sessionId, item.combination_id, quantity))) return false;
  try {
    await postLine(sessionId, item, quantity);
    if (!(await reloadCart())) addLocally(item, quantity);
  } catch (error) {
    if (!unreachable(error)) {
      toast.error(inPageLanguage(errorText(error, "Failed to add item to cart")));
      return false;
    }
    // spec §4: a failed add falls back to a local cart update
    addLocally(item, quantity);
  }
  toast.success("Item added to cart successfully!");
  return true;
}

async function deleteServerLine(sessionId: string, item: CartItem) {
  if (item.combination_id !== null) {
    await api(`/cart/session/${encodeURIComponent(sessionId)}/combination/${item.combination_id}`, {
      method: "DELETE",
    });
  } else {
    await api(`/cart/session/${encodeURIComponent(sessionId)}/product/${item.id}`, {
      method: "DELETE",
      body: { variant_details: JSON.stringify(item.variants) },
    });
  }
}

export async function removeFromCart(key: string): Promise<void> {
  const item = readCart().find((i) => lineKey(i) === key);
  if (!item) return;
  const sessionId = getSessionId();
  try {
    if (sessionId) await deleteServerLine(sessionId, item);
  } catch (error) {
    if (!unreachable(error)) {
      toast.error("Failed to remove item from cart");
      return;
    }
  }
  if (!(await reloadCart())) writeCart(readCart().filter((i) => lineKey(i) !== key));
  toast.success("Item removed from cart");
}

/**
 * spec §4: 0 or less removes; otherwise the stock is checked, the server line deleted and added
 * again with the new quantity (the server has no call that sets a quantity).
 */
export async function updateQuantity(key: string, quantity: number): Promise<void> {
  const item = readCart().find((i) => lineKey(i) === key);
  if (!item) return;
  if (quantity <= 0) return removeFromCart(key);
  const sessionId = getSessionId();
  if (!sessionId) {
    toast.error("No session found");
    return;
  }
  const target = Math.min(quantity, item.maxStock);
  try {
    // the line is replaced, not added to, so the check leaves the session's cart out (no
    // session_id): it only asks whether the stock can take the new quantity
    await api("/check-stock", {
      method: "POST",
      body:
        item.combination_id !== null
          ? { combination_id: item.combination_id, quantity: target }
          : { product_id: item.id, quantity: target },
    });
  } catch (error) {
    if (!unreachable(error)) {
      toast.error(inPageLanguage(errorText(error, "Insufficient stock")));
      await reloadCart();
      return;
    }
  }
  try {
    await deleteServerLine(sessionId, item);
    try {
      await postLine(sessionId, item, target);
    } catch (error) {
      // stock went in the moment between check and add: put the line back rather than lose it
      await postLine(sessionId, item, item.quantity).catch(() => undefined);
      throw error;
    }
  } catch (error) {
    if (!unreachable(error)) {
      toast.error(inPageLanguage(errorText(error, "Failed to update cart quantity")));
      await reloadCart();
      return;
    }
  }
  if (!(await reloadCart())) writeCart(readCart().map((i) => (lineKey(i) === key ? { ...i, quantity: target } : i)));
}

/** After the order API said prices changed (409): its unit prices (rupees) replace the local ones. */
export function applyServerPrices(
  items: { product_id: number; combination_id: number | null; price: number | string }[],
): void {
  writeCart(
    readCart().map((i) => {
      const fresh = items.find((s) => s.product_id === i.id && (s.combination_id ?? null) === i.combination_id);
      return fresh ? { ...i, price: Number(fresh.price) } : i;
    }),
  );
}

/** Empties the cart here and on the server (after an order, spec §4). */
export async function clearCart(options: { forgetSession?: boolean } = {}): Promise<void> {
  const sessionId = getSessionId();
  if (sessionId) {
    try {
      await api(`/cart/${encodeURIComponent(sessionId)}`, { method: "DELETE" });
    } catch {
      // the server cart expires on its own
    }
  }
  writeCart([]);
  if (options.forgetSession) forgetSessionId();
}
