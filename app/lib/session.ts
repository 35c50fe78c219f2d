// The signed-in shopper in the browser (spec §3): the bearer token in "userToken" and the user
// record as JSON in "user". Pages are the same HTML for everyone; this fills in after load.
import { useSyncExternalStore } from "react";
import { type Locale, localeOfPath, localePath, withoutLocale } from "../i18n/locales";

export interface StoredUser {
  id?: number;
  first_name: string;
  last_name: string;
  email: string;
  username: string | null;
  phone: string | null;
  /** null until the shopper confirms the email (decision 0077); absent in users stored before it */
  email_verified_at?: string | null;
  created_at: string;
}

/** What POST /users/login and /users/register answer (spec §3). */
export interface SignInAnswer {
  access_token: string;
  user: StoredUser;
}

/** spec §8: sign-in and registration when the request never reached the server */
export const NETWORK_ERROR = "Network error. Please check your connection and try again.";

const TOKEN_KEY = "userToken";
const USER_KEY = "user";
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  // signing in or out in another tab
  window.addEventListener("storage", (event) => {
    if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) emit();
  });
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getStoredUser(): StoredUser | null {
  const text = storage()?.getItem(USER_KEY);
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

// the last stored text and its parsed user, so the snapshot is the same object until it changes
let snapshotText: string | null | undefined;
let snapshotUser: StoredUser | null = null;

function storedUserSnapshot(): StoredUser | null {
  const text = storage()?.getItem(USER_KEY) ?? null;
  if (text !== snapshotText) {
    snapshotText = text;
    snapshotUser = getStoredUser();
  }
  return snapshotUser;
}

/** The stored user record; null during server rendering and until hydration. */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeSession, storedUserSnapshot, () => null);
}

export function storeSession(token: string, user: StoredUser) {
  const store = storage();
  try {
    store?.setItem(TOKEN_KEY, token);
    store?.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // storage full or blocked: the session lasts for this page view only
  }
  emit();
}

export function storeUser(user: StoredUser) {
  try {
    storage()?.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // see storeSession
  }
  emit();
}

/** spec §4: logout, and a 401 or 422 on the profile call, forget the token and the user. */
export function clearSession() {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a token is stored; false during server rendering and until hydration. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribeSession,
    () => !!storage()?.getItem(TOKEN_KEY),
    () => false,
  );
}

const AFTER_SIGN_IN = "/account";

/**
 * Where to go after signing in: the ?redirectTo= path when it is a path on this site, else
 * /account. Anything else (another host, "//evil.example", "/\\evil", "/.//evil", a scheme) is
 * ignored so the sign-in page cannot be used to send shoppers elsewhere.
 */
export function safeRedirect(value: string | null | undefined, fallback = AFTER_SIGN_IN): string {
  if (!value || typeof value !== "string" || value.length > 2000) return fallback;
  const target = value.trim();
  // printable ASCII only: backslashes, tabs, newlines and other spaces can turn into "//" in
  // browsers, and a real path has them percent-encoded anyway
  if (!/^\/[!-[\]-~]*$/.test(target) || target.startsWith("//")) return fallback;
  // the same characters percent-encoded (slash, backslash, controls) are refused as well
  if (/%(2f|5c|[01][0-9a-f]|7f)/i.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, "http://store.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://store.invalid") return fallback;
  // back to the sign-in forms would loop, in either language
  const bare = withoutLocale(url.pathname);
  if (bare === "/login" || bare === "/register") return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // dot segments can leave "//host" after parsing ("/.//evil.example" becomes "//evil.example")
  return /^\/(?![/\\])/.test(path) ? path : fallback;
}

/** The sign-in address that comes back to `path` afterwards, in the language `path` is in. */
export function loginHref(path: string): string {
  const back = safeRedirect(path, "");
  const locale = localeOfPath(back);
  return localePath(back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login", locale);
}

/**
 * Where a sign-in on a page in `locale` goes: the ?redirectTo= page in that language, so a shopper
 * who signed in on an Urdu page stays in Urdu. Checked again once the language is put in: taking
 * "/ur" off "/ur//host" would leave "//host".
 */
export function afterSignIn(redirectTo: string | null | undefined, locale: Locale): string {
  const fallback = localePath(AFTER_SIGN_IN, locale);
  return safeRedirect(localePath(safeRedirect(redirectTo), locale), fallback);
}
