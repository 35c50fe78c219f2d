// The one browser wishlist (spec §2 Wishlist, §4 "Wishlist toggle"): which products the
// signed-in shopper saved, read once per page view and shared by the product page, every product
// card and the wishlist page. Signed-out visitors who use a toggle are sent to sign in, and come
// back to the same page afterwards.
import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError, api, authToken, errorText } from "./api";
import { clearSession, loginHref, subscribeSession } from "./session";
import { toast } from "./toast";

const EMPTY: ReadonlySet<number> = new Set();
let saved: ReadonlySet<number> = EMPTY;
// the token the list was read for: signing in as someone else reads it again
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

function set(next: ReadonlySet<number>) {
  saved = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== "undefined") {
  subscribeSession(() => {
    if (authToken() === loadedFor) return;
    loadedFor = null;
    set(EMPTY);
  });
}

/** Reads the saved product ids once for the stored token; nothing is fetched without one. */
export function loadWishlistIds(): void {
  const token = authToken();
  if (!token || loadedFor === token) return;
  loadedFor = token;
  api<{ product_id?: number; product?: { id: number } }[]>("/users/wishlist", { auth: true })
    .then((entries) => {
      if (authToken() === token) set(new Set(entries.map((e) => e.product_id ?? e.product?.id ?? 0)));
    })
    .catch((error: unknown) => {
      loadedFor = null;
      if (error instanceof ApiError && error.status === 401) clearSession();
    });
}

/** The wishlist page read the whole list itself: keep the toggles elsewhere in step. */
export function setWishlistIds(ids: Iterable<number>): void {
  loadedFor = authToken();
  set(new Set(ids));
}

export function forgetWishlistId(id: number): void {
  if (!saved.has(id)) return;
  const next = new Set(saved);
  next.delete(id);
  set(next);
}

/** Adds or removes a product on the server; false when it did not happen. */
export async function saveToWishlist(productId: number, save: boolean): Promise<boolean> {
  await api(`/users/wishlist/${productId}`, { method: save ? "POST" : "DELETE", auth: true });
  const next = new Set(saved);
  if (save) next.add(productId);
  else next.delete(productId);
  set(next);
  return true;
}

/** The heart on product pages and cards. */
export function useWishlistToggle(productId: number) {
  const inList = useSyncExternalStore(
    subscribe,
    () => saved.has(productId),
    () => false,
  );
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(loadWishlistIds, []);

  async function toggle() {
    const here = `${location.pathname}${location.search}`;
    // spec §2: a visitor who is not signed in is sent to sign in
    if (!authToken()) {
      navigate(loginHref(here));
      return;
    }
    setBusy(true);
    try {
      await saveToWishlist(productId, !inList);
      toast.success(inList ? "Removed from wishlist" : "Added to wishlist");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // the token expired or was revoked elsewhere
        clearSession();
        navigate(loginHref(here));
      } else {
        toast.error(errorText(error, "Failed to update wishlist"));
      }
    } finally {
      setBusy(false);
    }
  }
  return { inList, busy, toggle };
}
