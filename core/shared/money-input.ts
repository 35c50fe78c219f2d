// Reading a rupee amount someone typed or a file holds, into integer paisa (design.md). Apart from
// money.ts's formatting because only forms and imports read amounts: the storefront's pages,
// which share money.ts's formatting, do not download the reading (vite.config.ts's shared chunk).

/** Longer text is no amount: refused before any pattern looks at it. */
const AMOUNT_TEXT_MAX = 40;
// "Rs. ", "Rs", "PKR" before the figure, as people copy amounts from the shop's own pages
const CURRENCY_PREFIX = /^(?:rs\.?|pkr)\s*/i;
// thousands written as people write them: 3,490 and 1,250,000, or the Pakistani 1,25,000;
// each comma sits between digits and the last group after a comma has three
const GROUPED = /^\d{1,3}(?:,\d{2})*,\d{3}$|^\d{1,3}(?:,\d{3})+$/;
const AMOUNT = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * Parses a rupee amount the client sent into paisa: a number, or text as a person types it
 * ("3490", "3490.00", "3,490", "Rs. 3,490", "1,25,000"), at most 2 decimals. Returns null for
 * anything that is not such an amount, so callers can answer 422.
 */
export function parseRupees(value: unknown): number | null {
  const raw = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  if (typeof raw !== "string" || raw.length > AMOUNT_TEXT_MAX) return null;
  let text = raw.trim();
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1).trim();
  text = text.replace(CURRENCY_PREFIX, "");
  const [whole = "", fraction] = text.split(".", 2) as [string, string | undefined];
  if (whole.includes(",")) {
    if (!GROUPED.test(whole)) return null;
    text = whole.replaceAll(",", "") + (fraction === undefined ? "" : `.${fraction}`);
  }
  const match = AMOUNT.exec(text);
  if (!match) {
    // numbers such as 1e-7 print in exponent form; round them to the nearest paisa
    if (typeof value === "number" && Number.isFinite(value) && Math.abs(value) < 1e12) {
      return Math.round(value * 100);
    }
    return null;
  }
  const [, sign, digits, frac = ""] = match;
  const paisa = Number(digits) * 100 + Number(frac.padEnd(2, "0"));
  return negative || sign === "-" ? -paisa : paisa;
}
