// Reading a product CSV (decision 0065): the file as text, its records, and each row checked
// field by field into what the planner needs, errors by line and field. The records are read a
// piece of the file at a time and the rows checked a slice at a time, each giving the process its
// turn (decision 0088): 50,000 rows take seconds of JavaScript, which must not stop the store.
import { finished } from "node:stream/promises";
import { parse, type Options } from "csv-parse";
import { csvCellText } from "../shared/csv";
import { AppError } from "../shared/errors";
import { parseRupees } from "../shared/money-input";
import { nextTurn, Turns } from "../shared/turns";
import { MAX_STOCK } from "./stock-rules";

/** The columns, in the order the export writes them; the import takes them in any order. */
export const PRODUCT_CSV_HEADER = [
  "product_id",
  "custom_url",
  "name",
  "description",
  "price",
  "compare_at_price",
  "active",
  "combination",
  "options",
  "combination_price",
  "sku",
  "available",
  "stock",
] as const;
export type Column = (typeof PRODUCT_CSV_HEADER)[number];

export const IMPORT_LIMITS = {
  /** the upload, in bytes (413 above) */
  bytes: 10 * 1024 * 1024,
  /** data rows, after the header */
  rows: 50_000,
  /** characters in one record (a description may run over several lines) */
  recordChars: 100_000,
  /** errors kept and shown; the count says how many there were in all */
  errorsShown: 500,
};

const FIELD_MAX = {
  name: 200,
  description: 20_000,
  custom_url: 100,
  combination: 100,
  options: 500,
  sku: 64,
  number: 20,
} as const;
const MAX_PRICE_PAISA = 100_000_000; // Rs. 1,000,000: far above any piece in this shop
const MAX_OPTIONS = 5;
const MAX_INT = 2_147_483_647;

export interface ImportError {
  /** the file's line (1 is the header); 0 for the file as a whole */
  line: number;
  /** the column, or null for the row or file as a whole */
  field: string | null;
  message: string;
}

export interface ImportRow {
  line: number;
  productId: number | null;
  customUrl: string | null;
  name: string;
  /** undefined: the column is absent (left as it is) */
  description: string | undefined;
  pricePaisa: number;
  comparePaisa: number | null | undefined;
  active: boolean | undefined;
  combination: string | null;
  options: Record<string, string> | null;
  comboPricePaisa: number | null;
  sku: string | null | undefined;
  available: boolean | undefined;
  stock: number | null;
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- a description may keep tabs and line breaks
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const OPTION_TYPE = /^[a-z][a-z0-9 _-]*$/;

/** The file as text, or a clear refusal: too large (413), not UTF-8, NUL bytes, empty (422). */
export function importText(content: string | Uint8Array): string {
  const size = typeof content === "string" ? Buffer.byteLength(content, "utf8") : content.byteLength;
  if (size > IMPORT_LIMITS.bytes)
    throw new AppError(413, `The file is too large: at most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB.`);
  let text: string;
  if (typeof content === "string") text = content;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(content);
    } catch {
      throw new AppError(422, "The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8”.");
    }
  }
  if (text.includes("\u0000")) throw new AppError(422, "The file holds NUL bytes: it is not a CSV text file.");
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new AppError(422, "The file is empty.");
  return text;
}

const PARSE_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (a " is missing)',
  CSV_INVALID_CLOSING_QUOTE: "a quote is followed by something other than a comma or the line's end",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "a quote is followed by something other than a comma or the line's end",
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "this row has a different number of cells than the header",
  CSV_RECORD_INCONSISTENT_COLUMNS: "this row has a different number of cells than the header",
  CSV_MAX_RECORD_SIZE: `a row is longer than ${IMPORT_LIMITS.recordChars.toLocaleString("en-US")} characters`,
};

interface CsvRecord {
  cells: string[];
  /** the line the record ends on */
  line: number;
}

/** characters of the file handed to the parser at a time: some milliseconds of parsing */
const PIECE_CHARS = 8 * 1024;

/**
 * The records with the line each ends on; a malformed file is one 422 naming the line. The text
 * goes to csv-parse's stream a piece at a time with a turn of the event loop after each: the
 * synchronous parser held the process for 2-3 s on 50,000 rows.
 */
async function readRecords(text: string): Promise<CsvRecord[]> {
  // the line the last whole record ended on: an unclosed quote is reported where its record began
  let lastLine = 0;
  const records: CsvRecord[] = [];
  const options: Options<CsvRecord, string[]> = {
    on_record: (cells, context) => {
      lastLine = context.lines;
      return { cells, line: context.lines };
    },
    bom: true,
    skip_empty_lines: true,
    max_record_size: IMPORT_LIMITS.recordChars,
    // one more than allowed: enough to know the file is too long without reading all of it
    to: IMPORT_LIMITS.rows + 2,
  };
  // the typings' overload without `columns` takes no record type of its own
  const parser = parse(options as unknown as Options);
  parser.on("data", (record: CsvRecord) => records.push(record));
  const done = finished(parser);
  // read below; until then a refusal must not count as unhandled
  done.catch(() => {});
  for (let at = 0; at < text.length && !parser.writableEnded && !parser.destroyed;) {
    let end = Math.min(at + PIECE_CHARS, text.length);
    // never between the two halves of a character outside the BMP (an emoji in a description)
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    parser.write(text.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (!parser.writableEnded && !parser.destroyed) parser.end();
  try {
    await done;
  } catch (error) {
    const e = error as { code?: string; lines?: number };
    const what = (e.code && PARSE_MESSAGES[e.code]) || "it could not be read as CSV";
    const line = e.code === "CSV_QUOTE_NOT_CLOSED" ? lastLine + 1 : e.lines;
    throw new AppError(422, `The file is not a valid CSV${line ? ` at line ${line}` : ""}: ${what}.`, {
      line: line ?? null,
    });
  }
  return records;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

type Cells = Partial<Record<Column, string>>;

function readRow(cells: Cells, line: number, errors: ImportError[]): ImportRow | null {
  const before = errors.length;
  const fail = (field: Column | null, message: string) => errors.push({ line, field, message });
  const text = (field: Column, max: number, allowLines = false): string | undefined => {
    const raw = cells[field];
    if (raw === undefined) return undefined;
    if (raw.length > max) {
      fail(field, `${field} must be at most ${max.toLocaleString("en-US")} characters.`);
      return undefined;
    }
    if ((allowLines ? CONTROL_BUT_LINES : CONTROL).test(raw)) {
      fail(field, `${field} must not hold control characters.`);
      return undefined;
    }
    return allowLines ? csvCellText(raw) : csvCellText(raw).trim();
  };
  const whole = (field: Column, min: number, max: number): number | null => {
    const value = text(field, FIELD_MAX.number);
    if (!value) return null;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      fail(field, `${field} must be a whole number from ${min} to ${max.toLocaleString("en-US")}.`);
      return null;
    }
    return Number(value);
  };
  const money = (field: Column): number | null => {
    const value = text(field, FIELD_MAX.number);
    if (!value) return null;
    // as people type amounts (decision 0096): 3490, 3,490, Rs. 3,490, 3490.00
    const paisa = parseRupees(value);
    if (paisa === null || paisa < 0 || paisa > MAX_PRICE_PAISA) {
      fail(
        field,
        `${field} must be an amount in rupees from 0 to ${(MAX_PRICE_PAISA / 100).toLocaleString("en-US")}, such as 2499, 2,499 or 2499.50.`,
      );
      return null;
    }
    return paisa;
  };
  const flag = (field: Column): boolean | undefined => {
    const value = text(field, FIELD_MAX.number)?.toLowerCase();
    if (!value) return undefined;
    if (["yes", "y", "true", "1"].includes(value)) return true;
    if (["no", "n", "false", "0"].includes(value)) return false;
    fail(field, `${field} must be yes or no.`);
    return undefined;
  };

  const productId = whole("product_id", 1, MAX_INT);
  const customUrl = text("custom_url", FIELD_MAX.custom_url) || null;
  if (customUrl && !URL_PATTERN.test(customUrl))
    fail("custom_url", "custom_url may hold only small letters, digits and single hyphens, such as lawn-kurti-red.");
  if (productId === null && !customUrl && !errors.some((e) => e.line === line && e.field === "product_id"))
    fail("custom_url", "A new product needs a custom_url (or give the product_id of an existing one).");
  const name = text("name", FIELD_MAX.name);
  if (name === "") fail("name", "name must not be empty.");
  const description = text("description", FIELD_MAX.description, true);
  const pricePaisa = money("price");
  if (pricePaisa === null && !errors.some((e) => e.line === line && e.field === "price"))
    fail("price", "price must not be empty.");
  const compareText = cells.compare_at_price;
  const comparePaisa = compareText === undefined ? undefined : money("compare_at_price");
  const active = flag("active");
  const combination = text("combination", FIELD_MAX.combination) || null;
  const optionsRaw = text("options", FIELD_MAX.options) || null;
  let options: Record<string, string> | null = null;
  if (optionsRaw) {
    options = {};
    const parts = optionsRaw
      .split(";")
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length > MAX_OPTIONS) fail("options", `At most ${MAX_OPTIONS} options, such as size=M; color=Black.`);
    for (const part of parts.slice(0, MAX_OPTIONS)) {
      const eq = part.indexOf("=");
      const type = eq > 0 ? part.slice(0, eq).trim().toLowerCase() : "";
      const value = eq > 0 ? part.slice(eq + 1).trim() : "";
      if (!type || !value || type.length > 30 || value.length > 50 || !OPTION_TYPE.test(type) || value.includes("=")) {
        fail("options", "options must read like size=M; color=Black (a name of small letters, =, a value).");
        break;
      }
      if (type in options) {
        fail("options", `options names ${type} twice.`);
        break;
      }
      options[type] = value;
    }
  }
  const comboPricePaisa = money("combination_price");
  const sku = cells.sku === undefined ? undefined : text("sku", FIELD_MAX.sku) || null;
  const available = flag("available");
  const stock = whole("stock", 0, MAX_STOCK);
  const simple = !combination && !options;
  if (simple) {
    if (comboPricePaisa !== null) fail("combination_price", "combination_price needs a combination.");
    if (sku) fail("sku", "sku belongs to a combination: name the combination (and its options).");
  }
  if (errors.length > before || name === undefined || pricePaisa === null) return null;
  return {
    line,
    productId,
    customUrl,
    name,
    description,
    pricePaisa,
    comparePaisa,
    active,
    combination: combination ?? (options ? Object.values(options).join(" / ") : null),
    options,
    comboPricePaisa,
    sku,
    available,
    stock,
  };
}

/**
 * The file's rows, checked one by one, or a refusal of the whole file (its header, its size).
 * Gives the process its turn as it goes (decision 0088).
 */
export async function readProductCsv(
  content: string | Uint8Array,
  turns: Turns = new Turns(),
): Promise<{ rows: ImportRow[]; errors: ImportError[]; rowCount: number }> {
  const records = await readRecords(importText(content));
  const [head, ...data] = records;
  if (!head) throw new AppError(422, "The file is empty.");
  const columns = head.cells.map((c) => c.trim().toLowerCase());
  const known = new Set<string>(PRODUCT_CSV_HEADER);
  const unknown = columns.filter((c) => !known.has(c));
  if (unknown.length > 0)
    throw new AppError(
      422,
      `Line 1: unknown column ${JSON.stringify(unknown[0]!.slice(0, 40))}. The columns are: ${PRODUCT_CSV_HEADER.join(", ")}.`,
    );
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice) throw new AppError(422, `Line 1: the column ${twice} appears twice.`);
  for (const needed of ["name", "price"] as const)
    if (!columns.includes(needed)) throw new AppError(422, `Line 1: the column ${needed} is missing.`);
  if (!columns.includes("product_id") && !columns.includes("custom_url"))
    throw new AppError(422, "Line 1: a product_id or custom_url column is needed to match products.");
  if (data.length > IMPORT_LIMITS.rows)
    throw new AppError(413, `The file has more than ${IMPORT_LIMITS.rows.toLocaleString("en-US")} rows: split it.`);
  if (data.length === 0) throw new AppError(422, "The file has a header but no rows.");
  const errors: ImportError[] = [];
  const rows: ImportRow[] = [];
  for (const record of data) {
    await turns.take();
    const cells: Cells = {};
    columns.forEach((column, i) => {
      cells[column as Column] = record.cells[i] ?? "";
    });
    const row = readRow(cells, record.line, errors);
    if (row) rows.push(row);
  }
  return { rows, errors, rowCount: data.length };
}

/** Errors in the order of the file's lines. */
export function sortErrors(errors: ImportError[]): ImportError[] {
  return [...errors].sort((a, b) => a.line - b.line);
}
