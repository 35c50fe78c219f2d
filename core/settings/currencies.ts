// Display currencies (spec §9: "the currency list also holds USD, EUR, GBP, default PKR";
// decision 0091). A shopper may see the storefront's prices in one of them, converted at the
// rate the owner set; every amount charged stays in rupees. Browser-safe: the console reads the
// names and rates from here; the conversion itself is in currency-display.ts, the only part the
// storefront's pages carry.
//
// A rate is rupees per unit with at most 4 decimals, carried as a whole number of
// ten-thousandths of a rupee ("278.5" is 2,785,000), so nothing here is ever a float sum.

import { DISPLAY_CURRENCIES, RATE_SCALE, type DisplayCurrency } from "./currency-display";

export * from "./currency-display";
/** What the shopper sees when they chose nothing, and what every order is charged in. */
export const DEFAULT_CURRENCY = "PKR" as const;
export type ShownCurrency = DisplayCurrency | typeof DEFAULT_CURRENCY;

export const CURRENCY_NAMES: Record<ShownCurrency, string> = {
  PKR: "Pakistani rupee",
  USD: "US dollar",
  EUR: "Euro",
  GBP: "British pound",
};

/** The largest rate, exclusive: the column holds 5 whole digits (the pound is about Rs. 370). */
export const RATE_LIMIT_RUPEES = 100_000;
/** Where the browser keeps the shopper's choice: localStorage, so no request carries it. */
export const CURRENCY_STORAGE_KEY = "currency";

export const isDisplayCurrency = (value: unknown): value is DisplayCurrency =>
  typeof value === "string" && (DISPLAY_CURRENCIES as readonly string[]).includes(value);

/** A currency the shop offers: its rate (ten-thousandths of a rupee per unit) and when it was set. */
export interface OfferedCurrency {
  code: DisplayCurrency;
  /** rupees per unit × 10,000, a whole number */
  rate: number;
  /** ISO 8601, UTC */
  setAt: string;
}

const RATE_TEXT_MAX = 20;
// "Rs. " or "PKR" before the figure, as people copy a rate from a bank's page
const RUPEE_PREFIX = /^(?:rs\.?|pkr)\s*/i;
const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const RATE = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

export type RateParse = { rate: number } | { error: string };

/**
 * A rate as a person types it ("278.5", "278.50", "Rs. 278.5", "1,250", or a JSON number) in
 * ten-thousandths of a rupee, or the reason it is not one. Never rounds: a fifth decimal is
 * refused, so the rate kept is exactly the rate typed.
 */
export function parseRate(value: unknown, currency: DisplayCurrency): RateParse {
  const name = CURRENCY_NAMES[currency];
  const notRate = { error: `The rate for the ${name} must be rupees per ${currency}, e.g. 278.50` };
  let text: string;
  if (typeof value === "number") {
    // a JSON number: its shortest decimal form; 1e-7 and the like are not typed rates
    if (!Number.isFinite(value)) return notRate;
    text = String(value);
  } else if (typeof value === "string") {
    // longer text is no rate: refused before any pattern looks at it
    if (value.length > RATE_TEXT_MAX) return notRate;
    text = value;
  } else return notRate;
  text = text.trim().replace(RUPEE_PREFIX, "");
  if (text.startsWith("-")) return { error: `The rate for the ${name} must be more than 0` };
  if (THOUSANDS.test(text)) text = text.replaceAll(",", "");
  const match = RATE.exec(text);
  if (!match) return notRate;
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > 4) return { error: `The rate for the ${name} may have at most 4 decimal places` };
  if (Number(whole) >= RATE_LIMIT_RUPEES) {
    return {
      error: `The rate for the ${name} must be less than Rs. ${RATE_LIMIT_RUPEES.toLocaleString("en-US")} per ${currency}`,
    };
  }
  const rate = Number(whole) * RATE_SCALE + Number(fraction.padEnd(4, "0"));
  if (rate === 0) return { error: `The rate for the ${name} must be more than 0 (leave it empty to stop offering it)` };
  return { rate };
}

/** "278.5000": a rate as the database's numeric(9,4) holds it. */
export function rateText(rate: number): string {
  return `${Math.floor(rate / RATE_SCALE)}.${String(rate % RATE_SCALE).padStart(4, "0")}`;
}

/** "278.50" or "278.5025": a rate as people read it, at least 2 decimals, no trailing zeros past them. */
export function rateShown(rate: number): string {
  const fraction = String(rate % RATE_SCALE)
    .padStart(4, "0")
    .replace(/0{1,2}$/, "");
  return `${Math.floor(rate / RATE_SCALE).toLocaleString("en-US")}.${fraction}`;
}

/** A numeric(9,4) from the database ("278.5000") as ten-thousandths; null for none. */
export function rateFromDb(value: string | null): number | null {
  if (value === null) return null;
  const match = /^(\d{1,5})(?:\.(\d{1,4}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * RATE_SCALE + Number((match[2] ?? "").padEnd(4, "0"));
}
