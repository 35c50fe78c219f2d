// A storefront price (decision 0091): rupees, and beside them the same amount in each currency
// the shop offers, converted at the owner's rate and marked ≈. Which one shows is decided by
// <html data-currency> (app/lib/currency.ts), set before the first paint, so the page's bytes are
// the same for every visitor, nothing jumps when it hydrates, and without JavaScript it is rupees.
import { formatRupees } from "../../core/shared/money";
import { approximatePrice, CURRENCY_NAMES, type DisplayCurrency } from "../../core/settings/currencies";
import { useShopCurrencies, type ShopCurrency } from "../lib/currency";

// whole class names, so Tailwind finds them: each converted amount shows only when chosen
const SHOWN_WHEN_CHOSEN: Record<DisplayCurrency, string> = {
  USD: "hidden [html[data-currency=USD]_&]:inline",
  EUR: "hidden [html[data-currency=EUR]_&]:inline",
  GBP: "hidden [html[data-currency=GBP]_&]:inline",
};

/** With another currency chosen, rupees stay, smaller: the amount the shopper will pay. */
const RUPEES_BESIDE =
  "[html[data-currency]_&]:text-[0.8em] [html[data-currency]_&]:font-normal [html[data-currency]_&]:text-stone-600";
/** A struck-through price shows only in the chosen currency: two struck amounts read as noise. */
const RUPEES_HIDDEN = "[html[data-currency]_&]:hidden";

export function Price({
  paisa,
  className = "",
  struck = false,
}: {
  paisa: number;
  className?: string;
  /** a compare-at price: the chosen currency alone */
  struck?: boolean;
}) {
  const currencies = useShopCurrencies();
  if (currencies.length === 0) return <span className={className}>{formatRupees(paisa)}</span>;
  return (
    // plain inline boxes: a struck price's line runs through them (it skips an inline-flex's items)
    <span className={className}>
      {currencies.map((c) => (
        <span key={c.code} className={SHOWN_WHEN_CHOSEN[c.code]} data-fx={c.code}>
          {/* the space is the converted price's own: it goes when that is hidden */}
          {`${approximatePrice(paisa, c)} `}
        </span>
      ))}
      <span className={struck ? RUPEES_HIDDEN : RUPEES_BESIDE} data-rupees="">
        {formatRupees(paisa)}
      </span>
    </span>
  );
}

/**
 * Said where amounts are what the shopper pays (cart, checkout, orders): shown only when another
 * currency is chosen, for a shopper who has been reading dollars to know these are rupees.
 */
export function PaysInRupees({ className = "" }: { className?: string }) {
  const currencies = useShopCurrencies();
  if (currencies.length === 0) return null;
  return (
    <p
      className={`hidden border-l-2 border-accent bg-stone-50 px-3 py-2 text-sm text-stone-700 [html[data-currency]_&]:block ${className}`}
      data-testid="pays-in-rupees"
    >
      You will pay in rupees (Rs.), cash on delivery. Prices in other currencies elsewhere in the shop are approximate.
    </p>
  );
}

// the rate's line shows for the chosen currency only
const BLOCK_WHEN_CHOSEN: Record<DisplayCurrency, string> = {
  USD: "hidden [html[data-currency=USD]_&]:block",
  EUR: "hidden [html[data-currency=EUR]_&]:block",
  GBP: "hidden [html[data-currency=GBP]_&]:block",
};

/** "≈ Approximate: at the shop's rate of Rs. 278.50 per USD, set 27 November 2026. You pay in rupees." */
export function RateNote({ className = "" }: { className?: string }) {
  const currencies = useShopCurrencies();
  return currencies.map((c) => (
    <p key={c.code} className={`${BLOCK_WHEN_CHOSEN[c.code]} ${className}`} data-rate-note={c.code}>
      {rateWords(c)} You pay in rupees (Rs.).
    </p>
  ));
}

/** "≈ is approximate: Rs. 278.50 per US dollar, the shop's rate of 27 November 2026." */
export function rateWords(c: ShopCurrency): string {
  return `≈ is approximate: Rs. ${c.rateText} per ${CURRENCY_NAMES[c.code]}, the shop's rate of ${c.setOn}.`;
}
