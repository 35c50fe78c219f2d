// CSV writing shared by every export (the orders list, issue 13; the products, issue 14): one
// escaper, so every file the shop hands out is guarded against CSV injection the same way.

// Excel and LibreOffice run a cell that starts with one of these as a formula (OWASP, "CSV
// Injection"): a shopper named "=HYPERLINK(…)" must reach the accountant as text.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled;
 * text that a spreadsheet would read as a formula gets a leading apostrophe. Numbers are written
 * as they are (a negative amount is a number, not a formula).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The text a cell written by csvCell held: the apostrophe put before a would-be formula is taken
 * off again, so an exported file imports back unchanged. (Text that itself began with an
 * apostrophe followed by "=", "+", "-", "@", tab or CR loses that apostrophe: the one case the
 * guard cannot tell apart.)
 */
export function csvCellText(cell: string): string {
  return cell.length > 1 && cell[0] === "'" && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One CSV record, ended with CRLF as RFC 4180 says. */
export const csvRow = (cells: readonly (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

// so Excel opens the file as UTF-8 and Urdu names read as written
export const UTF8_BOM = "\uFEFF";
