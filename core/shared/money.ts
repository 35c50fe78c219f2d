// Money is integer paisa everywhere inside the program (design.md); these are the only
// conversions to and from rupees.

/** Rs. 2,499 or Rs. 2,499.50: how pages show an amount (spec §9, "Rs. "). */
export function formatRupees(paisa: number, options: { decimals?: boolean } = {}): string {
  const negative = paisa < 0;
  const abs = Math.abs(paisa);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  const grouped = whole.toLocaleString("en-US");
  const showDecimals = options.decimals ?? fraction !== 0;
  const text = showDecimals ? `${grouped}.${String(fraction).padStart(2, "0")}` : grouped;
  return `${negative ? "-" : ""}Rs. ${text}`;
}

/** "2499.00": the rupee amount with exactly two decimals, built from integers only. */
export function rupeesText(paisa: number): string {
  const negative = paisa < 0;
  const abs = Math.abs(paisa);
  return `${negative ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** percent% of an amount in paisa, rounded half up to a whole paisa. */
export function percentOf(paisa: number, percent: number): number {
  return Math.floor((paisa * percent + 50) / 100);
}
