// What the page's frame needs for the display currencies (decision 0091), made once per shell on
// the server: the picker's markup as HTML, and the <head> script that applies and keeps the
// shopper's choice. Neither is in the page's scripts (the product page's budget, decision 0083):
// the markup is static and the script is inline. The markup is in one language: a shell made
// for Urdu pages asks for it in Urdu (the script is the same in both).
import { renderToStaticMarkup } from "react-dom/server";
import { CURRENCY_STORAGE_KEY } from "../../core/settings/currencies";
import { HeaderCurrencyPicker, MenuCurrencyPicker } from "../components/CurrencyPicker";
import type { Locale } from "../i18n/locales";
import { translatorIn } from "../i18n/t";
import type { ShopCurrency } from "./currency";

export interface CurrencyPickerParts {
  /** the header's picker (768 px and up) */
  header: string;
  /** the phone menu's picker */
  menu: string;
  /** the text of the <head> script */
  script: string;
}

/**
 * The <head> script: the stored choice onto <html> (when the shop still offers it) before the body
 * is painted, and the picker's buttons ([data-choose-currency]) handled by one listener on the
 * document, so a choice works before the page hydrates. The choice lives in localStorage, never in
 * a cookie a cached page would have to vary by; another tab's choice follows. Its text depends
 * only on the offered codes, so it is the same for every visitor (its hash is in the page's
 * policy, decision 0074). Without JavaScript nothing is set: rupees, and the picker stays hidden.
 */
export function currencyHeadScript(codes: readonly string[]): string {
  const key = JSON.stringify(CURRENCY_STORAGE_KEY);
  return `(function(){var d=document.documentElement,o=${JSON.stringify(codes)};
function set(c){if(o.indexOf(c)<0)c="";c?d.setAttribute("data-currency",c):d.removeAttribute("data-currency");
var b=document.querySelectorAll("[data-choose-currency]");for(var i=0;i<b.length;i++)b[i].setAttribute("aria-pressed",b[i].getAttribute("data-choose-currency")===c)}
try{set(localStorage.getItem(${key}))}catch(e){}d.setAttribute("data-currency-picker","");
document.addEventListener("DOMContentLoaded",function(){set(d.getAttribute("data-currency"))});
document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-choose-currency]");if(!b)return;
var c=b.getAttribute("data-choose-currency");try{c?localStorage.setItem(${key},c):localStorage.removeItem(${key})}catch(x){}set(c);
var p=b.closest("details[data-picker]");if(p)p.open=false});
addEventListener("storage",function(e){if(e.key===${key})set(e.newValue)})})();`;
}

/**
 * The picker's parts for these currencies, its words in the language of the pages that show it;
 * null when none is offered (rupees only, no picker).
 */
export function currencyPickerParts(currencies: ShopCurrency[], locale: Locale = "en"): CurrencyPickerParts | null {
  if (currencies.length === 0) return null;
  const t = translatorIn(locale);
  return {
    header: renderToStaticMarkup(<HeaderCurrencyPicker currencies={currencies} t={t} />),
    menu: renderToStaticMarkup(<MenuCurrencyPicker currencies={currencies} t={t} />),
    script: currencyHeadScript(currencies.map((c) => c.code)),
  };
}
