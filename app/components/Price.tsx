// A storefront price (decision 0091): rupees, and beside them the same amount in each currency
// the shop offers, converted at the owner's rate and marked ≈. Which one shows is decided by
// <html data-currency> and the rules in app.css, set before the first paint, so the page's bytes
// are the same for every visitor, nothing jumps when it hydrates, and without JavaScript it is
// rupees. Kept small: it is in every page's scripts.
import { useT } from "../i18n/t";
import { formatRupees } from "../../core/shared/money";
import { approximatePrice } from "../../core/settings/currency-display";
import { useShopCurrencies } from "../lib/currency";

export function Price({
  paisa,
  className,
  struck = false,
}: {
  paisa: number;
  className?: string;
  /** a compare-at price: the chosen currency alone (two struck amounts read as noise) */
  struck?: boolean;
}) {
  const currencies = useShopCurrencies();
  return (
    // plain inline boxes: a struck price's line runs through them (it skips an inline-flex's items).
    // Left to right on every page: "Rs. 1,200" inside Urdu keeps its own order, and dir= isolates
    // it so it never pulls the words beside it around
    <span className={className} dir="ltr">
      {currencies.map((c) => (
        <span key={c.code} data-fx={c.code}>
          {/* the space is the converted price's own: it goes when that is hidden */}
          {`${approximatePrice(paisa, c)} `}
        </span>
      ))}
      <span data-rupees={struck ? "struck" : ""}>{formatRupees(paisa)}</span>
    </span>
  );
}

/**
 * Said where amounts are what the shopper pays (cart, checkout, orders): shown only when another
 * currency is chosen, for a shopper who has been reading dollars to know these are rupees.
 */
export function PaysInRupees({ className = "" }: { className?: string }) {
  const t = useT();
  // styled, and hidden until a currency other than rupees is chosen, by app.css
  return <p className={`pays-in-rupees ${className}`}>{t("You will pay in rupees (Rs.), cash on delivery.")}</p>;
}

/** The chosen currency's rate, with its date: "≈ is approximate: Rs. 278.50 per US dollar, …". */
export function RateNote({ className }: { className?: string }) {
  return useShopCurrencies().map((c) => (
    <p key={c.code} className={className} data-if-currency={c.code}>
      {c.note}
    </p>
  ));
}
