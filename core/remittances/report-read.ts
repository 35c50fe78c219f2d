// Reading a courier's payment report (decision 0107): a CSV (csv-parse, as the product import
// reads one, decision 0065) or an XLSX workbook's first sheet (read-excel-file), told apart by
// their bytes, not their name. Only values are read: a formula's cell gives its last computed
// value, or its text, never anything that runs. Limits are checked before the work they bound: the
// file's size, an XLSX's unpacked size (a small zip can unpack to gigabytes), then rows, columns
// and each cell's length. A file that cannot be read is one clear 4xx.
import { finished } from "node:stream/promises";
import zlib from "node:zlib";
import { parse } from "csv-parse";
import { readSheet } from "read-excel-file/node";
import { AppError } from "../shared/errors";
import { nextTurn } from "../shared/turns";

export const REPORT_LIMITS = {
  /** the upload, in bytes (413 above) */
  bytes: 10 * 1024 * 1024,
  /** data rows after the headings */
  rows: 20_000,
  columns: 100,
  /** characters in one cell: a payment report's longest is a name or an address */
  cellChars: 1_000,
  /** an XLSX's parts unpacked, all together */
  unpackedBytes: 64 * 1024 * 1024,
  /** parts inside an XLSX */
  zipEntries: 500,
} as const;

const MB = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** A cell as read: text from a CSV; text, a number or a day from an XLSX; null when empty. */
export type Cell = string | number | Date | null;

export interface ReportRow {
  /** the row's line in the file or sheet (1 is the first) */
  line: number;
  cells: Cell[];
}

export interface ReadReport {
  kind: "csv" | "xlsx";
  /** the column headings, made unique ("Amount", "Amount (2)"); an empty one is "Column C" */
  headings: string[];
  rows: ReportRow[];
}

/** The first rows looked at for the headings: reports often open with a title and a date range. */
const HEADING_SEARCH_ROWS = 20;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLD_EXCEL_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The file's headings and rows. `findHeadings` picks the heading row among the first rows (the
 * first it answers true for; else the first row that is not empty).
 */
export async function readReportFile(
  bytes: Uint8Array,
  findHeadings: (cells: string[]) => boolean,
): Promise<ReadReport> {
  if (bytes.byteLength > REPORT_LIMITS.bytes)
    throw new AppError(413, `The file is too large: at most ${MB(REPORT_LIMITS.bytes)}.`);
  if (bytes.byteLength === 0) throw new AppError(422, "The file is empty.");
  if (startsWith(bytes, OLD_EXCEL_MAGIC))
    throw new AppError(422, "This is an old Excel file (.xls). Save it as .xlsx or CSV and upload that.");
  const kind = startsWith(bytes, ZIP_MAGIC) ? "xlsx" : "csv";
  const records = kind === "xlsx" ? await xlsxRecords(bytes) : await csvRecords(csvText(bytes));
  return shape(kind, records, findHeadings);
}

/** The text of a CSV: UTF-8, or Windows-1252 as older Excel saves "CSV"; NUL bytes mean it is no text. */
function csvText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.includes("\u0000"))
    throw new AppError(422, "The file holds NUL bytes: it is neither a CSV text file nor an XLSX workbook.");
  return text;
}

const CSV_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (a " is missing)',
  CSV_INVALID_CLOSING_QUOTE: "a quote is followed by something other than a comma or the line's end",
  CSV_MAX_RECORD_SIZE: `a row is longer than ${(REPORT_LIMITS.cellChars * 8).toLocaleString("en-US")} characters`,
};

const PIECE_CHARS = 8 * 1024;

/** The CSV's records with their lines, a piece of the text at a time with a turn after each (decision 0088). */
async function csvRecords(text: string): Promise<ReportRow[]> {
  const records: ReportRow[] = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: REPORT_LIMITS.cellChars * 8,
    to: REPORT_LIMITS.rows + HEADING_SEARCH_ROWS + 1,
    info: true,
  });
  parser.on("data", (record: { record: string[]; info: { lines: number } }) =>
    records.push({ line: record.info.lines, cells: record.record }),
  );
  const done = finished(parser);
  done.catch(() => {});
  for (let at = 0; at < text.length && !parser.writableEnded && !parser.destroyed;) {
    let end = Math.min(at + PIECE_CHARS, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    parser.write(text.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (!parser.writableEnded && !parser.destroyed) parser.end();
  try {
    await done;
  } catch (error) {
    const e = error as { code?: string; lines?: number };
    const what = (e.code && CSV_MESSAGES[e.code]) || "it could not be read as CSV";
    throw new AppError(422, `The file is not a valid CSV${e.lines ? ` at line ${e.lines}` : ""}: ${what}.`);
  }
  return records;
}

/** The first sheet's rows, after the workbook's unpacked size is known to be sane. */
async function xlsxRecords(bytes: Uint8Array): Promise<ReportRow[]> {
  checkUnpackedSize(bytes);
  let data: Cell[][];
  try {
    data = (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 1)) as Cell[][];
  } catch {
    throw new AppError(422, "The file could not be read as an Excel workbook (.xlsx). Save it again as .xlsx or CSV.");
  }
  return data.map((cells, i) => ({ line: i + 1, cells }));
}

/**
 * Walks the zip's parts as a streaming reader does (local headers, one after another) and
 * inflates each with a cap on what it may unpack to, so a zip bomb is refused having cost at
 * most the cap. Encrypted parts, ZIP64 and methods other than stored and deflate are refused too.
 */
export function checkUnpackedSize(bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const notXlsx = () => new AppError(422, "The file could not be read as an Excel workbook (.xlsx).");
  let at = 0;
  let unpacked = 0;
  let entries = 0;
  while (at + 30 <= buffer.length && buffer.readUInt32LE(at) === 0x04034b50) {
    if (++entries > REPORT_LIMITS.zipEntries) throw notXlsx();
    const flags = buffer.readUInt16LE(at + 6);
    const method = buffer.readUInt16LE(at + 8);
    const compressedSize = buffer.readUInt32LE(at + 18);
    const dataStart = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
    // encrypted, ZIP64, or stored with its size only after the data: nothing Excel writes, and
    // where the next part starts could not be known, so parts after it would go unchecked
    const sizeUnknown = method === 0 && flags & 8 && compressedSize === 0;
    if (flags & 1 || compressedSize === 0xffffffff || sizeUnknown || dataStart > buffer.length) throw notXlsx();
    const budget = REPORT_LIMITS.unpackedBytes - unpacked;
    let consumed: number;
    if (method === 0) {
      consumed = compressedSize;
      unpacked += compressedSize;
    } else if (method === 8) {
      try {
        const { buffer: out, engine } = zlib.inflateRawSync(buffer.subarray(dataStart), {
          info: true,
          maxOutputLength: Math.max(1, budget + 1),
        }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
        unpacked += out.length;
        consumed = engine.bytesWritten;
      } catch (error) {
        if (error instanceof RangeError) unpacked = Infinity;
        else throw notXlsx();
        consumed = 0;
      }
    } else throw notXlsx();
    if (unpacked > REPORT_LIMITS.unpackedBytes)
      throw new AppError(
        413,
        `The workbook unpacks to more than ${MB(REPORT_LIMITS.unpackedBytes)}: far more than a payment report. Save the payments sheet alone as CSV.`,
      );
    at = dataStart + consumed;
    // a data descriptor after the data, with or without its signature
    if (flags & 8) at += buffer.readUInt32LE(at) === 0x08074b50 ? 16 : 12;
  }
  // the walk must end where the zip's directory begins: anything else hides parts from it
  const next = at + 4 <= buffer.length ? buffer.readUInt32LE(at) : 0;
  if (entries === 0 || (next !== 0x02014b50 && next !== 0x06054b50)) throw notXlsx();
}

const columnLetter = (index: number): string =>
  (index >= 26 ? columnLetter(Math.floor(index / 26) - 1) : "") + String.fromCharCode(65 + (index % 26));

/** A cell's text, as a heading or a CN is read. */
export function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

const isEmpty = (cells: Cell[]) => cells.every((cell) => cellText(cell) === "");

function shape(kind: "csv" | "xlsx", records: ReportRow[], findHeadings: (cells: string[]) => boolean): ReadReport {
  for (const record of records) {
    if (record.cells.length > REPORT_LIMITS.columns)
      throw new AppError(
        422,
        `Line ${record.line} has more than ${REPORT_LIMITS.columns} columns: this is not a payment report.`,
      );
    for (const cell of record.cells)
      if (typeof cell === "string" && cell.length > REPORT_LIMITS.cellChars)
        throw new AppError(
          422,
          `Line ${record.line} holds a cell longer than ${REPORT_LIMITS.cellChars.toLocaleString("en-US")} characters: this is not a payment report.`,
        );
  }
  const searched = records.slice(0, HEADING_SEARCH_ROWS);
  const at =
    searched.findIndex((r) => findHeadings(r.cells.map(cellText))) >= 0
      ? searched.findIndex((r) => findHeadings(r.cells.map(cellText)))
      : records.findIndex((r) => !isEmpty(r.cells));
  if (at < 0) throw new AppError(422, "The file is empty: it holds no headings and no rows.");
  const rows = records.slice(at + 1).filter((r) => !isEmpty(r.cells));
  if (rows.length > REPORT_LIMITS.rows)
    throw new AppError(
      413,
      `The file has more than ${REPORT_LIMITS.rows.toLocaleString("en-US")} rows. Split it and upload each part.`,
    );
  const seen = new Map<string, number>();
  const headings = records[at]!.cells.map((cell, i) => {
    const text = cellText(cell).replace(/\s+/g, " ").slice(0, 100) || `Column ${columnLetter(i)}`;
    const count = (seen.get(text.toLowerCase()) ?? 0) + 1;
    seen.set(text.toLowerCase(), count);
    return count === 1 ? text : `${text} (${count})`;
  });
  return { kind, headings, rows };
}
