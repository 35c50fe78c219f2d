// The conversion of a price for display (decision 0091), the one part of the display currencies
// every storefront page's scripts carry (the product page's budget, decision 0083): kept to the
// conversion and its formatting. A rate is rupees per unit in ten-thousandths of a rupee.
import { formatRupees } from "../shared/money";

export const DISPLAY_CURRENCIES = ["USD", "EUR", "GBP"] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<DisplayCurrency, string> = { USD: "$", EUR: "€", GBP: "£" };

/** The places of a rate: ten-thousandths of a rupee. */
export const RATE_SCALE = 10_000;

/**
 * An amount in paisa in the currency's cents at that rate, rounded half up: cents = paisa ×
 * 10,000 ÷ rate. In BigInt, so the result is exact for any amount (a float quotient's floor can
 * be one off past 2^53); BigInt itself refuses a fraction of a paisa or of a rate, and a rate of
 * 0 (RangeError). A rate is never below 0: the column's check refuses it.
 */
export function convertPaisa(paisa: number, rate: number): number {
  const negative = paisa < 0;
  const numerator = BigInt(Math.abs(paisa)) * BigInt(RATE_SCALE) * 2n + BigInt(rate);
  const cents = Number(numerator / (BigInt(rate) * 2n));
  return negative ? -cents : cents;
}

/** "$8.95", "€1,234.50": cents with their symbol, always 2 decimals (grouped as rupees are). */
export function formatCents(cents: number, currency: DisplayCurrency): string {
  return `${cents < 0 ? "-" : ""}${CURRENCY_SYMBOLS[currency]}${formatRupees(Math.abs(cents), { decimals: true }).slice(4)}`;
}

/** "≈ $8.95": a price converted for display, marked as approximate. */
export function approximatePrice(paisa: number, offered: { code: DisplayCurrency; rate: number }): string {
  return `≈ ${formatCents(convertPaisa(paisa, offered.rate), offered.code)}`;
}
