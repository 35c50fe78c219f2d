// The shopper's display currency in the browser (decision 0091). Pages are the same for every
// visitor (the page cache, decision 0032): each price is rendered in rupees and in every offered
// currency, and a rule on <html data-currency> shows the chosen one. The choice lives in
// localStorage, never in a cookie a page would have to vary by, and a script in <head> puts it
// on <html> before the body is painted, so a returning shopper never sees rupees jump to dollars.
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { CURRENCY_STORAGE_KEY, isDisplayCurrency, type DisplayCurrency } from "../../core/settings/currencies";

/** An offered currency as pages use it: its rate, and the words that say when it was set. */
export interface ShopCurrency {
  code: DisplayCurrency;
  /** rupees per unit × 10,000 */
  rate: number;
  /** "278.50" */
  rateText: string;
  /** "27 November 2026", Pakistan time */
  setOn: string;
}

/** The currencies the shop offers, from the root loader (the shell). */
export function useShopCurrencies(): ShopCurrency[] {
  const shell = useRouteLoaderData("root") as { currencies?: ShopCurrency[] } | null | undefined;
  return shell?.currencies ?? [];
}

/**
 * The <head> script: the stored choice onto <html>, when the shop still offers it. Its text
 * depends only on the offered codes, so it is the same for every visitor (its hash is in the
 * page's policy, decision 0074); without JavaScript nothing is set and rupees show.
 */
export function currencyHeadScript(codes: readonly DisplayCurrency[]): string {
  return (
    `try{var c=localStorage.getItem(${JSON.stringify(CURRENCY_STORAGE_KEY)}),` +
    `d=document.documentElement;d.setAttribute("data-currency-picker","");` +
    `if(${JSON.stringify(codes)}.indexOf(c)>=0)d.setAttribute("data-currency",c)}catch(e){}`
  );
}

const CHANGED = "currencychange";

function current(): DisplayCurrency | null {
  const code = document.documentElement.getAttribute("data-currency");
  return isDisplayCurrency(code) ? code : null;
}

function subscribe(onChange: () => void): () => void {
  // another tab's choice shows here too
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CURRENCY_STORAGE_KEY) return;
    apply(isDisplayCurrency(event.newValue) ? event.newValue : null);
    onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function apply(code: DisplayCurrency | null): void {
  if (code) document.documentElement.setAttribute("data-currency", code);
  else document.documentElement.removeAttribute("data-currency");
}

/** The chosen display currency; null: rupees. The server (and hydration) render rupees. */
export function useChosenCurrency(): DisplayCurrency | null {
  return useSyncExternalStore(subscribe, current, () => null);
}

/** Shows prices in that currency (null: rupees) and remembers it in this browser. */
export function chooseCurrency(code: DisplayCurrency | null): void {
  try {
    if (code) localStorage.setItem(CURRENCY_STORAGE_KEY, code);
    else localStorage.removeItem(CURRENCY_STORAGE_KEY);
  } catch {
    // storage refused (a private window's quota): the choice holds for this page only
  }
  apply(code);
  window.dispatchEvent(new Event(CHANGED));
}
