import { Link, useLocation } from "react-router";
import { LOCALE_COOKIE, LOCALE_NAMES, localePath } from "../i18n/locales";
import { useT } from "../i18n/t";
import { OutlineIcon } from "./OutlineIcon";

/** A year: long enough that a shopper who chose Urdu finds it again next season. */
const REMEMBER_SECONDS = 365 * 24 * 60 * 60;

/**
 * The same page in the other language (decision 0110). The choice is remembered in a cookie
 * that only the front door (/) reads, so every other address stays one page for everyone and
 * its cached copy is shared.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const t = useT();
  const { pathname, search, hash } = useLocation();
  const other = t.locale === "ur" ? "en" : "ur";
  // an address that begins with two slashes (or a slash and a backslash) is never a page here (it
  // answers "not found") and would be another site's in a link: the switch goes to the other home
  const here = /^[/\\]{2}/.test(pathname) ? "/" : `${pathname}${search}${hash}`;
  return (
    <Link
      to={localePath(here, other)}
      lang={other}
      hrefLang={other}
      className={className}
      onClick={() => {
        document.cookie = `${LOCALE_COOKIE}=${other}; path=/; max-age=${REMEMBER_SECONDS}; samesite=lax`;
      }}
    >
      <OutlineIcon size={16} strokeWidth="1.6">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
      </OutlineIcon>
      {LOCALE_NAMES[other]}
    </Link>
  );
}
