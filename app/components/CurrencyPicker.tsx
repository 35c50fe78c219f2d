// The display currency picker (decision 0091): in the header on wide screens, in the menu on
// phones; only when the shop has a rate for some currency. Markup only, rendered to HTML once on
// the server with the shell (app/lib/currency-picker.server.tsx) and put in the page as it is, so
// none of it is in the page's scripts: its buttons are handled by the <head> script, which also
// marks the chosen one (aria-pressed; the tick and the code by CSS), from the first paint on.
// Hidden without JavaScript, where a choice could not be kept. Rendered outside any page, so it is
// handed the translator of the language it is made in rather than reading the address.
import { CURRENCY_NAMES, CURRENCY_SYMBOLS } from "../../core/settings/currencies";
import type { Translator } from "../i18n/t";
import type { ShopCurrency } from "../lib/currency";

const HEADING = "px-3 pt-3 pb-1 text-[11px] font-semibold tracking-[0.18em] text-stone-600 uppercase";

function Choices({ currencies, t }: { currencies: ShopCurrency[]; t: Translator }) {
  const choices = [{ code: "", text: `PKR · ${t(CURRENCY_NAMES.PKR)}`, symbol: "Rs." }].concat(
    currencies.map((c) => ({
      code: c.code,
      text: `${c.code} · ${t(CURRENCY_NAMES[c.code])} ≈`,
      symbol: CURRENCY_SYMBOLS[c.code],
    })),
  );
  return (
    <>
      <ul className="divide-y divide-stone-100">
        {choices.map((c) => (
          <li key={c.code}>
            <button
              type="button"
              data-choose-currency={c.code}
              className="flex min-h-11 w-full items-center gap-3 px-3 py-2 text-start text-sm hover:bg-stone-100 aria-pressed:font-semibold"
            >
              <span aria-hidden="true" dir="ltr" className="w-8 text-stone-600">
                {c.symbol}
              </span>
              <span className="flex-1">{c.text}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="space-y-1 border-t border-stone-200 p-3 text-xs leading-relaxed text-stone-600">
        {currencies.map((c) => (
          <p key={c.code}>{c.note}</p>
        ))}
      </div>
    </>
  );
}

/** The header's picker, on screens from 768 px. */
export function HeaderCurrencyPicker({ currencies, t }: { currencies: ShopCurrency[]; t: Translator }) {
  return (
    <details data-picker="header" className="relative" data-testid="currency-picker">
      <summary className="flex h-10 cursor-pointer list-none items-center gap-1 rounded-full px-3 text-xs font-semibold tracking-widest hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{`${t("Currency:")} `}</span>
        <span data-rupees="code">PKR</span>
        {currencies.map((c) => (
          <span key={c.code} data-fx={c.code}>
            {c.code}
          </span>
        ))}
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute top-full end-0 z-50 mt-2 w-72 border border-stone-200 bg-white shadow-lg">
        <p className={HEADING}>{t("Show prices in")}</p>
        <Choices currencies={currencies} t={t} />
      </div>
    </details>
  );
}

/** The phone menu's picker. */
export function MenuCurrencyPicker({ currencies, t }: { currencies: ShopCurrency[]; t: Translator }) {
  return (
    <section
      aria-labelledby="menu-currency"
      data-picker="menu"
      className="mt-6 mb-20 border border-stone-200"
      data-testid="menu-currency-picker"
    >
      <h2 id="menu-currency" className={HEADING}>
        {t("Show prices in")}
      </h2>
      <Choices currencies={currencies} t={t} />
    </section>
  );
}
