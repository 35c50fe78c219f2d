// CSV writing shared by every export (the orders list, decision 0059; the products, decision 0065): one
// escaper, so every file the shop hands out is guarded against CSV injection the same way.

// Excel and LibreOffice run a cell that starts with one of these as a formula (OWASP, "CSV
// Injection"): a shopper named "=HYPERLINK(…)" must reach the accountant as text.
const FORMULA_START = /^[=+\-@\t\r]/;
// A spreadsheet may also start a cell inside ours: where the list separator is ";" (locales whose
// decimal mark is a comma), where it splits on tabs, or where it ignores our quotes and ends the
// record at a line break. A would-be formula there (after any spaces or quotes) gets the
// apostrophe right after the separator. The runs scanned after each separator never overlap, so
// the pattern is linear.
const INNER_FORMULA = /([,;\t\r\n])(?=[ "]*[=+\-@])/g;
const INNER_GUARD = /([,;\t\r\n])'(?=[ "]*[=+\-@])/g;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled;
 * text that a spreadsheet would read as a formula gets an apostrophe before it, at the start and
 * after a separator inside the cell (`x;=HYPERLINK(…)` becomes `x;'=HYPERLINK(…)`). Numbers are
 * written as they are (a negative amount is a number, not a formula).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const guarded = value.replace(INNER_FORMULA, "$1'");
  const text = FORMULA_START.test(guarded) ? `'${guarded}` : guarded;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The text a cell written by csvCell held: the apostrophes put before would-be formulas are taken
 * off again, so an exported file imports back unchanged. (Text that itself held an apostrophe
 * there, before "=", "+", "-", "@" or at the start before a tab or CR, loses it: the one case the
 * guard cannot tell apart.)
 */
export function csvCellText(cell: string): string {
  const text = cell.length > 1 && cell[0] === "'" && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
  return text.replace(INNER_GUARD, "$1");
}

/** One CSV record, ended with CRLF as RFC 4180 says. */
export const csvRow = (cells: readonly (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

// so Excel opens the file as UTF-8 and Urdu names read as written
export const UTF8_BOM = "\uFEFF";
