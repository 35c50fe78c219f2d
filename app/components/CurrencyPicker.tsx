// The display currency picker (decision 0091): in the header on wide screens, in the menu on
// phones; only when the shop has a rate for some currency. It shows once the <head> script has
// run (html[data-currency-picker]): without JavaScript a choice could not be kept, so it stays
// hidden and prices stay in rupees. Its current code is chosen by the same CSS rule as the prices,
// so it is right from the first paint, before the page hydrates.
import { useRef } from "react";
import { CURRENCY_NAMES, CURRENCY_SYMBOLS, type DisplayCurrency } from "../../core/settings/currencies";
import { chooseCurrency, useChosenCurrency, useShopCurrencies } from "../lib/currency";
import { rateWords } from "./Price";

const CODE_WHEN_CHOSEN: Record<DisplayCurrency, string> = {
  USD: "hidden [html[data-currency=USD]_&]:inline",
  EUR: "hidden [html[data-currency=EUR]_&]:inline",
  GBP: "hidden [html[data-currency=GBP]_&]:inline",
};

function Choices({ onChosen }: { onChosen?: () => void }) {
  const currencies = useShopCurrencies();
  const chosen = useChosenCurrency();
  const choose = (code: DisplayCurrency | null) => {
    chooseCurrency(code);
    onChosen?.();
  };
  const option = (code: DisplayCurrency | null, text: string) => (
    <li key={code ?? "PKR"}>
      <button
        type="button"
        aria-pressed={chosen === code}
        onClick={() => choose(code)}
        className="flex min-h-11 w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-stone-100 aria-pressed:font-semibold"
      >
        <span aria-hidden="true" className="w-8 shrink-0 text-stone-600">
          {code ? CURRENCY_SYMBOLS[code] : "Rs."}
        </span>
        <span className="flex-1">{text}</span>
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className={chosen === code ? "" : "invisible"}
        >
          <path d="M5 12l5 5 9-10" />
        </svg>
      </button>
    </li>
  );
  return (
    <>
      <ul className="divide-y divide-stone-100">
        {option(null, `PKR · ${CURRENCY_NAMES.PKR}`)}
        {currencies.map((c) => option(c.code, `${c.code} · ${CURRENCY_NAMES[c.code]} ≈`))}
      </ul>
      <div className="space-y-1 border-t border-stone-200 px-3 py-3 text-xs leading-relaxed text-stone-600">
        <p className="font-semibold text-ink">You always pay in rupees (Rs.), cash on delivery.</p>
        {currencies.map((c) => (
          <p key={c.code}>{rateWords(c).replace("≈ is approximate: ", `${c.code}: `)}</p>
        ))}
      </div>
    </>
  );
}

/** The header's picker, on screens from 768 px. */
export function HeaderCurrencyPicker() {
  const currencies = useShopCurrencies();
  const details = useRef<HTMLDetailsElement>(null);
  if (currencies.length === 0) return null;
  return (
    <details
      ref={details}
      className="relative hidden md:[html[data-currency-picker]_&]:block"
      data-testid="currency-picker"
    >
      <summary className="flex h-10 cursor-pointer list-none items-center gap-1 rounded-full px-3 text-xs font-semibold tracking-widest hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Currency: </span>
        <span className="[html[data-currency]_&]:hidden">PKR</span>
        {currencies.map((c) => (
          <span key={c.code} className={CODE_WHEN_CHOSEN[c.code]}>
            {c.code}
          </span>
        ))}
        <svg
          aria-hidden="true"
          width="12"
          height="12"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </summary>
      <div className="absolute top-full right-0 z-50 mt-2 w-72 border border-stone-200 bg-white shadow-lg">
        <p className="px-3 pt-3 pb-1 text-[11px] font-semibold tracking-[0.18em] text-stone-600 uppercase">
          Show prices in
        </p>
        <Choices onChosen={() => details.current?.removeAttribute("open")} />
      </div>
    </details>
  );
}

/** The phone menu's picker. */
export function MenuCurrencyPicker() {
  const currencies = useShopCurrencies();
  if (currencies.length === 0) return null;
  return (
    <section
      aria-labelledby="menu-currency"
      className="mt-6 hidden border border-stone-200 [html[data-currency-picker]_&]:block"
      data-testid="menu-currency-picker"
    >
      <h2
        id="menu-currency"
        className="px-3 pt-3 pb-1 text-[11px] font-semibold tracking-[0.18em] text-stone-600 uppercase"
      >
        Show prices in
      </h2>
      <Choices />
    </section>
  );
}
