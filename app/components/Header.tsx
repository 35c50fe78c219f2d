import { contentLang } from "../i18n/content-lang";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useCartCount } from "../lib/cart-store";
import type { ShellData } from "../lib/shell.server";
import { OutlineIcon } from "./OutlineIcon";
import { useT } from "../i18n/t";
import { LanguageSwitch } from "./LanguageSwitch";

function SearchForm({ id, className = "" }: { id: string; className?: string }) {
  const t = useT();
  return (
    <Form method="get" action={t.path("/collection/all")} role="search" className={`flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("Search products")}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        placeholder={t("Search products")}
        className="h-10 w-full min-w-0 rounded-s-full border border-e-0 border-stone-300 bg-white px-4 text-sm placeholder:text-stone-500 focus:border-ink"
      />
      <button
        type="submit"
        className="h-10 rounded-e-full border border-ink bg-ink px-4 text-xs font-semibold tracking-widest text-white uppercase"
      >
        {t("Search")}
      </button>
    </Form>
  );
}

export function Header({ shell }: { shell: ShellData }) {
  const count = useCartCount();
  const menu = useRef<HTMLDetailsElement>(null);
  const header = useRef<HTMLElement>(null);
  const location = useLocation();
  const t = useT();

  // the menu is as tall as the screen below a header at the very top: when the announcements
  // still show above the header, the page scrolls them away so the menu's end is on screen
  function showWholeMenu() {
    const top = header.current?.getBoundingClientRect().top ?? 0;
    if (menu.current?.open && top > 0) window.scrollBy({ top, behavior: "instant" });
  }
  // the phone menu closes once a link in it has been followed
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);

  return (
    // no backdrop-filter here: it would make the header the containing block of anything fixed
    // inside it, and squeeze the phone menu into a strip under the header
    <header ref={header} className="sticky top-0 z-40 border-b border-stone-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 md:h-20 md:px-8">
        <details ref={menu} className="group md:hidden" onToggle={showWholeMenu}>
          <summary className="grid h-10 w-10 cursor-pointer list-none place-items-center rounded-full hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">{t("Menu")}</span>
            <OutlineIcon size={22} strokeWidth="1.6">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </OutlineIcon>
          </summary>
          {/* hangs below the header and fills the rest of the screen; without JavaScript too */}
          <nav
            aria-label={t("Menu")}
            className="absolute inset-x-0 top-full h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-stone-200 bg-white px-6 py-6"
          >
            <SearchForm id="menu-search" />
            <ul className="mt-6 divide-y divide-stone-100 font-serif text-xl">
              <li>
                <Link to={t.path("/collection/all")} className="block py-3">
                  {t("All Products")}
                </Link>
              </li>
              {shell.collections.map((c) => (
                <li key={c.id}>
                  <Link to={t.path(`/collection/${c.id}`)} className="block py-3" lang={contentLang(c.name, t.locale)}>
                    {c.name}
                  </Link>
                </li>
              ))}
              <li>
                <Link to={t.path("/blog")} className="block py-3">
                  {t("Blog")}
                </Link>
              </li>
              <li>
                <Link to={t.path("/account")} className="block py-3">
                  {t("Account")}
                </Link>
              </li>
            </ul>
            <LanguageSwitch className="mt-6 flex min-h-11 items-center gap-2 border border-stone-300 px-4 text-base" />
            {/* static markup made with the shell: none of it is in the page's scripts (decision 0091) */}
            {shell.currencyPicker && <div dangerouslySetInnerHTML={{ __html: shell.currencyPicker.menu }} />}
          </nav>
        </details>

        <Link
          to={t.path("/")}
          className="flex min-w-0 items-center gap-2"
          aria-label={t("{name} home", { name: shell.siteName })}
        >
          {shell.logoUrl && (
            <img src={shell.logoUrl} alt="" width="32" height="32" className="h-8 w-8 object-contain" />
          )}
          {/* the owner may name the store with up to 60 characters (decision 0068): a long name
              takes a smaller size on a phone and at most two lines */}
          <span
            className={`line-clamp-2 font-serif break-words uppercase md:text-3xl md:tracking-[0.2em] ${
              shell.siteName.length > 10 ? "text-lg leading-tight tracking-[0.12em]" : "text-2xl tracking-[0.2em]"
            }`}
          >
            {shell.siteName}
          </span>
        </Link>

        <nav aria-label={t("Collections")} className="ms-8 hidden flex-1 md:block">
          <ul className="flex gap-6 text-xs font-medium tracking-[0.15em] uppercase">
            {shell.collections.slice(0, 5).map((c) => (
              <li key={c.id}>
                <NavLink
                  to={t.path(`/collection/${c.id}`)}
                  lang={contentLang(c.name, t.locale)}
                  className="py-2 hover:underline aria-[current=page]:underline"
                >
                  {c.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-1 md:gap-3">
          <SearchForm id="header-search" className="hidden w-64 lg:flex" />
          <LanguageSwitch className="hidden min-h-10 items-center px-2 text-sm hover:underline md:flex" />
          {shell.currencyPicker && (
            <div className="contents" dangerouslySetInnerHTML={{ __html: shell.currencyPicker.header }} />
          )}
          <Link
            to={t.path("/account")}
            className="grid h-10 w-10 place-items-center rounded-full hover:bg-stone-100"
            aria-label={t("Account")}
          >
            <OutlineIcon size={22} strokeWidth="1.6">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
            </OutlineIcon>
          </Link>
          <Link
            to={t.path("/cart")}
            className="relative grid h-10 w-10 place-items-center rounded-full hover:bg-stone-100"
            aria-label={t.count(count, "Cart, {count} item", "Cart, {count} items")}
          >
            <OutlineIcon size={22} strokeWidth="1.6">
              <path d="M5 8h14l-1 12H6L5 8Z" />
              <path d="M9 8V6a3 3 0 0 1 6 0v2" />
            </OutlineIcon>
            <span
              data-testid="cart-count"
              className={`absolute -top-0.5 -end-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-[11px] font-semibold text-white ${count === 0 ? "invisible" : ""}`}
            >
              {count}
            </span>
          </Link>
        </div>
      </div>
    </header>
  );
}
