// The storefront's languages (decision 0110): English at today's addresses, Urdu behind /ur. One
// set of routes serves both; the address alone says which language a page is in, so a page, its
// cached copy and its links never depend on a cookie.
export type Locale = "en" | "ur";

export const LOCALES: readonly Locale[] = ["en", "ur"];

/** Each language's own name, as the switch in the header shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", ur: "اردو" };

/** The tag for lang=, hreflang= and Intl (Urdu as written in Pakistan). */
export const LOCALE_TAGS: Record<Locale, string> = { en: "en-PK", ur: "ur-PK" };

export const URDU_PREFIX = "/ur";

/** The cookie that remembers the shopper's last choice, read only at the front door (/). */
export const LOCALE_COOKIE = "lang";

/** Addresses that are never a storefront page in a language: the API, the console, files. */
const UNLOCALISED = /^\/(?:api|admin|assets|images|fonts|amp|sitemap\.xml|robots\.txt|favicon)(?:[/?#.]|$)/;

/** The language of a storefront address: Urdu for /ur and anything under /ur/. */
export function localeOfPath(pathname: string): Locale {
  return pathname === URDU_PREFIX || pathname.startsWith(`${URDU_PREFIX}/`) ? "ur" : "en";
}

/** The address without its language prefix: /ur/cart → /cart, /ur → /. */
export function withoutLocale(path: string): string {
  if (localeOfPath(path.replace(/[?#].*$/, "")) !== "ur") return path;
  const rest = path.slice(URDU_PREFIX.length);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/**
 * A storefront address in a language: "/cart" → "/ur/cart" in Urdu. Anything that is not a
 * storefront page (another site, the API, the console, an anchor, a file) is left as it is.
 */
export function localePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//") || UNLOCALISED.test(path)) return path;
  const bare = withoutLocale(path);
  if (locale === "en") return bare;
  return bare === "/" || bare.startsWith("/?") || bare.startsWith("/#")
    ? `${URDU_PREFIX}${bare.slice(1)}`
    : `${URDU_PREFIX}${bare}`;
}

/** Whether an address can exist in both languages (so it names its other language). */
export function isLocalisedPath(pathname: string): boolean {
  return !UNLOCALISED.test(pathname);
}
