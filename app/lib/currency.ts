// The display currencies the shop offers, as pages read them from the shell (decision 0091). Pages
// are the same for every visitor (the page cache, decision 0032): each price is rendered in rupees
// and in every offered currency, and a rule on <html data-currency> shows the chosen one
// (app/lib/currency-picker.server.tsx puts the choice there before the body is painted).
import { useRouteLoaderData } from "react-router";
import type { DisplayCurrency } from "../../core/settings/currencies";

/** An offered currency as pages use it: its rate, and the words that say what it is and when set. */
export interface ShopCurrency {
  code: DisplayCurrency;
  /** rupees per unit × 10,000 */
  rate: number;
  /** "≈ is approximate: Rs. 278.50 per US dollar, the shop's rate of 27 November 2026. You pay in rupees (Rs.)." */
  note: string;
}

/** The currencies the shop offers, from the root loader (the shell). */
export function useShopCurrencies(): ShopCurrency[] {
  const shell = useRouteLoaderData("root") as { currencies?: ShopCurrency[] } | null | undefined;
  return shell?.currencies ?? [];
}
