// Products with their combinations and stock as a CSV file, out and back in (issue 14, point 4;
// decision 0065). The export streams one row per combination (or per product sold without
// options), the product's columns repeated, read in keyset batches. The import is two steps: a
// preview that checks every row (errors by line and field) and counts what would change, writing
// nothing to the catalogue but keeping the file in product_imports; then Apply, once per import,
// which reads the kept file again, checks it against the catalogue as it is now and writes all of
// it in ONE transaction, or nothing. Stock goes through applyStockChanges (reason "import").
import { refreshPriceRanges } from "./price-range";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { databaseError, UNIQUE_VIOLATION } from "../accounts/db-errors";
import type { CoreContext } from "../context";
import { csvCellText, csvRow, UTF8_BOM } from "../shared/csv";
import { AppError, notFound } from "../shared/errors";
import { parseRupees, rupeesText } from "../shared/money";
import { recordAudit, whoIs } from "../staff/audit";
import { requirePermission } from "../staff/errors";
import type { StaffActor } from "../staff/permissions";
import { queryRows, type Db } from "../../db/client";
import { productImports } from "../../db/schema";
import { applyStockChanges, MAX_STOCK, type StockChangeInput } from "./stock";

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
type Column = (typeof PRODUCT_CSV_HEADER)[number];

export const PRODUCT_EXPORT_BATCH = 500;

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

const optionsText = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([type, value]) => `${type}=${value}`)
    .join("; ");
const yesNo = (value: boolean) => (value ? "yes" : "no");

// ----------------------------------------------------------------------------------- export

async function* productCsvBatches(ctx: CoreContext, batchSize: number): AsyncGenerator<string, void, undefined> {
  let header = UTF8_BOM + csvRow(PRODUCT_CSV_HEADER);
  let after = 0;
  for (;;) {
    const products = await queryRows<{
      id: number;
      custom_url: string | null;
      name: string;
      description: string;
      price_paisa: number;
      compare_price_paisa: number | null;
      is_active: boolean;
      stock: number;
    }>(
      ctx.db,
      sql`select id, custom_url, name, description, price_paisa, compare_price_paisa, is_active, stock
          from products where archived_at is null and id > ${after} order by id limit ${batchSize}`,
    );
    const combos =
      products.length === 0
        ? []
        : await queryRows<{
            product_id: number;
            combination_name: string;
            variant_attributes: Record<string, string>;
            price_paisa: number;
            sku: string | null;
            is_available: boolean;
            stock: number;
          }>(
            ctx.db,
            sql`select product_id, combination_name, variant_attributes, price_paisa, sku, is_available, stock
                from variant_combinations
                where product_id between ${Number(products[0]!.id)} and ${Number(products[products.length - 1]!.id)}
                order by product_id, id`,
          );
    const byProduct = new Map<number, typeof combos>();
    for (const c of combos) {
      const list = byProduct.get(Number(c.product_id));
      if (list) list.push(c);
      else byProduct.set(Number(c.product_id), [c]);
    }
    let text = header;
    header = "";
    for (const p of products) {
      const own = [
        Number(p.id),
        p.custom_url,
        p.name,
        p.description,
        rupeesText(Number(p.price_paisa)),
        p.compare_price_paisa === null ? null : rupeesText(Number(p.compare_price_paisa)),
        yesNo(Boolean(p.is_active)),
      ];
      const list = byProduct.get(Number(p.id));
      if (!list) {
        text += csvRow([...own, null, null, null, null, null, Number(p.stock)]);
        continue;
      }
      for (const c of list) {
        text += csvRow([
          ...own,
          c.combination_name,
          optionsText(c.variant_attributes),
          rupeesText(Number(c.price_paisa)),
          c.sku,
          yesNo(Boolean(c.is_available)),
          Number(c.stock),
        ]);
      }
    }
    if (text) yield text;
    if (products.length < batchSize) return;
    after = Number(products[products.length - 1]!.id);
  }
}

/**
 * Every product that is not archived, as CSV text in pieces (UTF-8 with a BOM, CRLF lines). The
 * permission is checked and the first batch read before this answers, so a refusal is still a
 * proper error, never a file cut short.
 */
export async function exportProductsCsv(
  ctx: CoreContext,
  actor: StaffActor,
  options: { batchSize?: number } = {},
): Promise<AsyncGenerator<string, void, undefined>> {
  requirePermission(actor, "products");
  const batches = productCsvBatches(ctx, options.batchSize ?? PRODUCT_EXPORT_BATCH);
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

// ----------------------------------------------------------------------------------- reading

export interface ImportError {
  /** the file's line (1 is the header); 0 for the file as a whole */
  line: number;
  /** the column, or null for the row or file as a whole */
  field: string | null;
  message: string;
}

interface ImportRow {
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

/** The records with the line each ends on; a malformed file is one 422 naming the line. */
function readRecords(text: string): { cells: string[]; line: number }[] {
  // the line the last whole record ended on: an unclosed quote is reported where its record began
  let lastLine = 0;
  try {
    const records = parse(text, {
      on_record: (record: string[], context: { lines: number }) => {
        lastLine = context.lines;
        return record;
      },
      bom: true,
      info: true,
      skip_empty_lines: true,
      max_record_size: IMPORT_LIMITS.recordChars,
      // one more than allowed: enough to know the file is too long without reading all of it
      to: IMPORT_LIMITS.rows + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map((r) => ({ cells: r.record, line: r.info.lines }));
  } catch (error) {
    const e = error as { code?: string; lines?: number };
    const what = (e.code && PARSE_MESSAGES[e.code]) || "it could not be read as CSV";
    const line = e.code === "CSV_QUOTE_NOT_CLOSED" ? lastLine + 1 : e.lines;
    throw new AppError(422, `The file is not a valid CSV${line ? ` at line ${line}` : ""}: ${what}.`, {
      line: line ?? null,
    });
  }
}

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
    const paisa = /^\d{1,12}(?:\.\d{1,2})?$/.test(value) ? parseRupees(value) : null;
    if (paisa === null || paisa < 0 || paisa > MAX_PRICE_PAISA) {
      fail(
        field,
        `${field} must be an amount in rupees from 0 to ${(MAX_PRICE_PAISA / 100).toLocaleString("en-US")}, such as 2499 or 2499.50.`,
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

/** The file's rows, checked one by one, or a refusal of the whole file (its header, its size). */
export function readProductCsv(content: string | Uint8Array): {
  rows: ImportRow[];
  errors: ImportError[];
  rowCount: number;
} {
  const records = readRecords(importText(content));
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
    const cells: Cells = {};
    columns.forEach((column, i) => {
      cells[column as Column] = record.cells[i] ?? "";
    });
    const row = readRow(cells, record.line, errors);
    if (row) rows.push(row);
  }
  return { rows, errors, rowCount: data.length };
}

// ----------------------------------------------------------------------------------- planning

interface ExistingProduct {
  id: number;
  custom_url: string | null;
  name: string;
  description: string;
  price_paisa: number;
  compare_price_paisa: number | null;
  is_active: boolean;
  archived_at: Date | string | null;
  stock: number;
}
interface ExistingCombo {
  id: number;
  product_id: number;
  combination_name: string;
  variant_attributes: Record<string, string>;
  price_paisa: number;
  sku: string | null;
  is_available: boolean;
  stock: number;
}

interface PlannedCombo {
  line: number;
  existing: ExistingCombo | null;
  name: string;
  attributes: Record<string, string>;
  pricePaisa: number;
  sku: string | null;
  available: boolean;
  stock: number | null;
  changed: boolean;
}
interface PlannedProduct {
  line: number;
  existing: ExistingProduct | null;
  customUrl: string | null;
  name: string;
  description: string;
  pricePaisa: number;
  comparePaisa: number | null;
  active: boolean;
  /** the stock of a product sold without options; null: unchanged */
  stock: number | null;
  combos: PlannedCombo[];
  changed: boolean;
}

export interface ImportCounts {
  rows: number;
  productsToCreate: number;
  productsToUpdate: number;
  productsUnchanged: number;
  combinationsToCreate: number;
  combinationsToUpdate: number;
  combinationsUnchanged: number;
  stockChanges: number;
}

const CHUNK = 1000;
const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function inChunks<T, R>(items: readonly T[], load: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await load(items.slice(i, i + CHUNK))));
  return out;
}

const sameAttributes = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The rows against the catalogue as it is now: what to create and update, and every row's error. */
async function planImport(db: Db, rows: ImportRow[], errors: ImportError[]) {
  const fail = (line: number, field: Column | null, message: string) => errors.push({ line, field, message });
  const ids = [...new Set(rows.flatMap((r) => (r.productId === null ? [] : [r.productId])))];
  const urls = [...new Set(rows.flatMap((r) => (r.customUrl === null ? [] : [r.customUrl])))];
  const productColumns = sql`id, custom_url, name, description, price_paisa, compare_price_paisa, is_active, archived_at, stock`;
  const found = [
    ...(await inChunks(ids, (part) =>
      queryRows<ExistingProduct>(db, sql`select ${productColumns} from products where id in (${idList(part)})`),
    )),
    ...(await inChunks(urls, (part) =>
      queryRows<ExistingProduct>(db, sql`select ${productColumns} from products where custom_url in (${idList(part)})`),
    )),
  ].map((p) => ({ ...p, id: Number(p.id), price_paisa: Number(p.price_paisa), stock: Number(p.stock) }));
  const byId = new Map(found.map((p) => [p.id, p]));
  const byUrl = new Map(found.flatMap((p) => (p.custom_url ? [[p.custom_url, p] as const] : [])));
  const combos = (
    await inChunks([...byId.keys()], (part) =>
      queryRows<ExistingCombo>(
        db,
        sql`select id, product_id, combination_name, variant_attributes, price_paisa, sku, is_available, stock
            from variant_combinations where product_id in (${idList(part)})`,
      ),
    )
  ).map((c) => ({ ...c, id: Number(c.id), product_id: Number(c.product_id), stock: Number(c.stock) }));
  const combosOf = new Map<number, Map<string, ExistingCombo>>();
  for (const c of combos) {
    const map = combosOf.get(c.product_id) ?? new Map<string, ExistingCombo>();
    map.set(c.combination_name, c);
    combosOf.set(c.product_id, map);
  }

  // rows grouped by the product they name: by id, else by custom_url
  const groups = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const key = row.productId !== null ? `id:${row.productId}` : `url:${row.customUrl}`;
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  const planned: PlannedProduct[] = [];
  const claimedIds = new Map<number, number>(); // product id -> first line
  const claimedUrls = new Map<string, number>(); // custom url -> first line
  for (const list of groups.values()) {
    const first = list[0]!;
    let existing: ExistingProduct | null = null;
    if (first.productId !== null) {
      existing = byId.get(first.productId) ?? null;
      if (!existing) {
        fail(first.line, "product_id", `There is no product ${first.productId}.`);
        continue;
      }
    } else existing = byUrl.get(first.customUrl!) ?? null;
    // an archived product stays out of the shop until staff restore it in the console: a file
    // (perhaps an old export) must not quietly put it back on sale
    if (existing?.archived_at) {
      fail(
        first.line,
        first.productId !== null ? "product_id" : "custom_url",
        `Product ${existing.id} is archived. Restore it in the console first.`,
      );
      continue;
    }
    if (existing) {
      const other = claimedIds.get(existing.id);
      if (other !== undefined) {
        fail(first.line, first.productId !== null ? "product_id" : "custom_url", `The product of line ${other} again.`);
        continue;
      }
      claimedIds.set(existing.id, first.line);
    }
    // a product's own columns are the same on each of its rows
    let consistent = true;
    for (const row of list.slice(1)) {
      for (const [field, a, b] of [
        ["custom_url", row.customUrl, first.customUrl],
        ["name", row.name, first.name],
        ["description", row.description, first.description],
        ["price", row.pricePaisa, first.pricePaisa],
        ["compare_at_price", row.comparePaisa, first.comparePaisa],
        ["active", row.active, first.active],
      ] as const) {
        if (a !== b) {
          fail(row.line, field, `${field} differs from line ${first.line}, a row of the same product.`);
          consistent = false;
        }
      }
    }
    if (!consistent) continue;
    const customUrl = first.customUrl ?? existing?.custom_url ?? null;
    if (customUrl) {
      const owner = byUrl.get(customUrl);
      const other = claimedUrls.get(customUrl);
      if (other !== undefined) {
        fail(first.line, "custom_url", `custom_url ${customUrl} is already used by line ${other}.`);
        continue;
      }
      if (owner && owner.id !== existing?.id) {
        fail(first.line, "custom_url", `custom_url ${customUrl} belongs to another product (${owner.id}).`);
        continue;
      }
      claimedUrls.set(customUrl, first.line);
    }
    if (customUrl && existing && customUrl !== existing.custom_url && !byUrl.has(customUrl)) {
      // a new address for an existing product: no other product may hold it
      const [taken] = await queryRows<{ id: number }>(db, sql`select id from products where custom_url = ${customUrl}`);
      if (taken && Number(taken.id) !== existing.id) {
        fail(first.line, "custom_url", `custom_url ${customUrl} belongs to another product (${taken.id}).`);
        continue;
      }
    }
    const product: PlannedProduct = {
      line: first.line,
      existing,
      customUrl,
      name: first.name,
      description: first.description ?? existing?.description ?? "",
      pricePaisa: first.pricePaisa,
      comparePaisa: first.comparePaisa === undefined ? (existing?.compare_price_paisa ?? null) : first.comparePaisa,
      active: first.active ?? existing?.is_active ?? true,
      stock: null,
      combos: [],
      changed: false,
    };
    const compareAsBefore =
      existing !== null &&
      existing.price_paisa === product.pricePaisa &&
      (existing.compare_price_paisa === null ? null : Number(existing.compare_price_paisa)) === product.comparePaisa;
    if (product.comparePaisa !== null && product.comparePaisa <= product.pricePaisa && !compareAsBefore) {
      fail(first.line, "compare_at_price", "compare_at_price must be more than price (or empty).");
      continue;
    }
    product.changed =
      !existing ||
      existing.custom_url !== product.customUrl ||
      existing.name !== product.name ||
      existing.description !== product.description ||
      existing.price_paisa !== product.pricePaisa ||
      (existing.compare_price_paisa === null ? null : Number(existing.compare_price_paisa)) !== product.comparePaisa ||
      existing.is_active !== product.active;
    const own = existing ? (combosOf.get(existing.id) ?? new Map<string, ExistingCombo>()) : new Map();
    const simpleRows = list.filter((r) => r.combination === null);
    const comboRows = list.filter((r) => r.combination !== null);
    if (simpleRows.length > 0 && (comboRows.length > 0 || own.size > 0)) {
      fail(
        simpleRows[0]!.line,
        "combination",
        "This product has options: each of its rows names a combination (or leave it out of the file).",
      );
      continue;
    }
    if (simpleRows.length > 1) {
      fail(simpleRows[1]!.line, null, `The product of line ${simpleRows[0]!.line} again, with no combination.`);
      continue;
    }
    if (simpleRows.length === 1) {
      const stock = simpleRows[0]!.stock;
      product.stock = stock !== null && stock !== (existing?.stock ?? 0) ? stock : null;
    }
    const seen = new Map<string, number>();
    for (const row of comboRows) {
      const name = row.combination!;
      const twice = seen.get(name);
      if (twice !== undefined) {
        fail(row.line, "combination", `The combination ${name} of this product is on line ${twice} too.`);
        continue;
      }
      seen.set(name, row.line);
      const current = own.get(name) ?? null;
      if (!current && !row.options) {
        fail(row.line, "options", "A new combination needs its options, such as size=M; color=Black.");
        continue;
      }
      const combo: PlannedCombo = {
        line: row.line,
        existing: current,
        name,
        attributes: row.options ?? current!.variant_attributes,
        pricePaisa: row.comboPricePaisa ?? (current ? Number(current.price_paisa) : product.pricePaisa),
        sku: row.sku === undefined ? (current?.sku ?? null) : row.sku,
        available: row.available ?? current?.is_available ?? true,
        stock: row.stock !== null && row.stock !== (current?.stock ?? 0) ? row.stock : null,
        changed: false,
      };
      combo.changed =
        !current ||
        !sameAttributes(current.variant_attributes, combo.attributes) ||
        Number(current.price_paisa) !== combo.pricePaisa ||
        current.sku !== combo.sku ||
        current.is_available !== combo.available;
      product.combos.push(combo);
    }
    planned.push(product);
  }
  const counts: ImportCounts = {
    rows: 0,
    productsToCreate: planned.filter((p) => !p.existing).length,
    productsToUpdate: planned.filter((p) => p.existing && p.changed).length,
    productsUnchanged: planned.filter((p) => p.existing && !p.changed).length,
    combinationsToCreate: planned.reduce((n, p) => n + p.combos.filter((c) => !c.existing).length, 0),
    combinationsToUpdate: planned.reduce((n, p) => n + p.combos.filter((c) => c.existing && c.changed).length, 0),
    combinationsUnchanged: planned.reduce((n, p) => n + p.combos.filter((c) => c.existing && !c.changed).length, 0),
    stockChanges: planned.reduce(
      (n, p) => n + (p.stock !== null ? 1 : 0) + p.combos.filter((c) => c.stock !== null).length,
      0,
    ),
  };
  return { planned, counts };
}

// ----------------------------------------------------------------------------------- preview, apply

export interface ImportPreview {
  id: number;
  fileName: string;
  counts: ImportCounts;
  errorCount: number;
  /** the first IMPORT_LIMITS.errorsShown errors, by line */
  errors: ImportError[];
  appliedAt: Date | null;
}

const FILE_NAME_MAX = 200;
// eslint-disable-next-line no-control-regex -- a file name is shown back: no control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const cleanFileName = (name: string) =>
  name.replace(CONTROL_CHARACTERS, "").trim().slice(0, FILE_NAME_MAX) || "products.csv";

function sortErrors(errors: ImportError[]): ImportError[] {
  return [...errors].sort((a, b) => a.line - b.line);
}

/**
 * Checks an uploaded file and keeps it for Apply: every row's errors (line and field) and what
 * would be created or updated. Nothing in the catalogue is written. A file that cannot be read at
 * all (too large, not CSV, no header) is refused with 413 or 422 and not kept.
 */
export async function previewProductImport(
  ctx: CoreContext,
  actor: StaffActor,
  upload: { fileName: string; content: string | Uint8Array },
): Promise<ImportPreview> {
  requirePermission(actor, "products");
  const text = importText(upload.content);
  const { rows, errors, rowCount } = readProductCsv(text);
  const { counts } = await planImport(ctx.db, rows, errors);
  counts.rows = rowCount;
  const fileName = cleanFileName(upload.fileName);
  const [saved] = await ctx.db
    .insert(productImports)
    .values({
      fileName,
      content: text,
      rowCount,
      errorCount: errors.length,
      createdBy: actor.userId,
    })
    .returning({ id: productImports.id });
  return {
    id: saved!.id,
    fileName,
    counts,
    errorCount: errors.length,
    errors: sortErrors(errors).slice(0, IMPORT_LIMITS.errorsShown),
    appliedAt: null,
  };
}

/** A kept import checked again against the catalogue as it is now (the console's preview page). */
export async function showProductImport(ctx: CoreContext, actor: StaffActor, importId: number): Promise<ImportPreview> {
  requirePermission(actor, "products");
  const [kept] = await queryRows<{ id: number; file_name: string; content: string; applied_at: Date | string | null }>(
    ctx.db,
    sql`select id, file_name, content, applied_at from product_imports where id = ${importId}`,
  );
  if (!kept) throw notFound("No such import.");
  const { rows, errors, rowCount } = readProductCsv(kept.content);
  const { counts } = await planImport(ctx.db, rows, errors);
  counts.rows = rowCount;
  return {
    id: Number(kept.id),
    fileName: kept.file_name,
    counts,
    errorCount: errors.length,
    errors: sortErrors(errors).slice(0, IMPORT_LIMITS.errorsShown),
    appliedAt: kept.applied_at === null ? null : new Date(kept.applied_at),
  };
}

export interface ImportResult {
  id: number;
  counts: ImportCounts;
}

/**
 * Applies a previewed import, once: in one transaction it marks the import applied (only if it
 * was not: of two Apply at once, the second is refused with 409), checks the file again against
 * the catalogue as it is now, and creates or updates every product, variant, combination and
 * stock, or writes nothing (422 with the errors when a row no longer fits, 409 when a stock
 * moved under it). Stock changes need the stock permission too.
 */
export async function applyProductImport(ctx: CoreContext, actor: StaffActor, importId: number): Promise<ImportResult> {
  requirePermission(actor, "products");
  const result = await applyInTransaction(ctx, actor, importId).catch((error: unknown) => {
    // two imports (or an import and the product editor) creating the same address or combination
    // at once: the loser is told to look again, never a 500
    const found = databaseError(error);
    if (found?.code === UNIQUE_VIOLATION)
      throw new AppError(
        409,
        "A product address or combination in this file was created meanwhile by another change: nothing was imported. Upload the file again to see the catalogue as it is now.",
      );
    throw error;
  });
  ctx.cache.clear();
  return result;
}

async function applyInTransaction(ctx: CoreContext, actor: StaffActor, importId: number): Promise<ImportResult> {
  return ctx.db.transaction(async (tx) => {
    const [kept] = await queryRows<{ id: number; content: string; file_name: string; created_at: string }>(
      tx,
      sql`update product_imports set applied_at = now(), applied_by = ${actor.userId}
          where id = ${importId} and applied_at is null returning id, content, file_name, created_at::text`,
    );
    if (!kept) {
      const [exists] = await queryRows<{ id: number }>(tx, sql`select id from product_imports where id = ${importId}`);
      if (!exists) throw notFound("No such import.");
      throw new AppError(409, "This import has already been applied. Upload the file again to import it again.");
    }
    const { rows, errors, rowCount } = readProductCsv(kept.content);
    const { planned, counts } = await planImport(tx, rows, errors);
    counts.rows = rowCount;
    if (errors.length > 0) {
      const sorted = sortErrors(errors);
      const firstError = sorted[0]!;
      throw new AppError(
        422,
        `The file has ${errors.length} ${errors.length === 1 ? "error" : "errors"}; nothing was imported. Line ${firstError.line}${firstError.field ? `, ${firstError.field}` : ""}: ${firstError.message}`,
        { errors: sorted.slice(0, IMPORT_LIMITS.errorsShown) },
      );
    }
    if (counts.stockChanges > 0) {
      requirePermission(actor, "stock");
      await refuseStockMovedSince(tx, planned, kept.created_at);
    }
    await writePlan(tx, planned, {
      actorId: actor.userId,
      note: `Import #${importId} (${kept.file_name})`.slice(0, 200),
    });
    await recordAudit(tx, whoIs(actor), {
      action: "product.import",
      entityType: "product_import",
      entityId: importId,
      changes: { file_name: kept.file_name, ...counts },
    });
    return { id: importId, counts };
  });
}

async function writePlan(tx: Db, planned: PlannedProduct[], who: { actorId: number | null; note: string }) {
  // 1. new products, then changed ones
  const fresh = planned.filter((p) => !p.existing);
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const part = fresh.slice(i, i + CHUNK);
    const made = await queryRows<{ id: number; custom_url: string }>(
      tx,
      sql`insert into products (name, description, description_format, custom_url, price_paisa, compare_price_paisa,
            is_active, min_price_paisa, max_price_paisa)
          values ${sql.join(
            part.map(
              (p) =>
                sql`(${p.name}, ${p.description}, 'plain', ${p.customUrl}, ${p.pricePaisa}, ${p.comparePaisa}, ${p.active}, ${p.pricePaisa}, ${p.pricePaisa})`,
            ),
            sql`, `,
          )}
          returning id, custom_url`,
    );
    const idOf = new Map(made.map((m) => [m.custom_url, Number(m.id)]));
    for (const p of part) {
      p.existing = {
        id: idOf.get(p.customUrl!)!,
        custom_url: p.customUrl,
        name: p.name,
        description: p.description,
        price_paisa: p.pricePaisa,
        compare_price_paisa: p.comparePaisa,
        is_active: p.active,
        archived_at: null,
        stock: 0,
      };
    }
  }
  const freshSet = new Set(fresh);
  for (const p of planned.filter((p) => p.changed && !freshSet.has(p))) {
    await tx.execute(sql`update products set name = ${p.name}, description = ${p.description},
                           custom_url = ${p.customUrl}, price_paisa = ${p.pricePaisa},
                           compare_price_paisa = ${p.comparePaisa}, is_active = ${p.active}, updated_at = now()
                         where id = ${p.existing!.id}`);
  }

  // 2. variant types and values the combinations name, added after the product's own
  const withCombos = planned.filter((p) => p.combos.length > 0);
  const known = new Map<number, { keys: Set<string>; next: number }>();
  for (const [i, part] of chunks(withCombos)) {
    void i;
    const rows = await queryRows<{ product_id: number; variant_type: string; variant_value: string; position: number }>(
      tx,
      sql`select product_id, variant_type, variant_value, position from variants
          where product_id in (${idList(part.map((p) => p.existing!.id))})`,
    );
    for (const r of rows) {
      const entry = known.get(Number(r.product_id)) ?? { keys: new Set<string>(), next: 0 };
      entry.keys.add(`${r.variant_type}\u0001${r.variant_value}`);
      entry.next = Math.max(entry.next, Number(r.position) + 1);
      known.set(Number(r.product_id), entry);
    }
  }
  const newVariants: { productId: number; type: string; value: string; position: number }[] = [];
  for (const p of withCombos) {
    const entry = known.get(p.existing!.id) ?? { keys: new Set<string>(), next: 0 };
    known.set(p.existing!.id, entry);
    for (const c of p.combos) {
      for (const [type, value] of Object.entries(c.attributes)) {
        const key = `${type}\u0001${value}`;
        if (entry.keys.has(key)) continue;
        entry.keys.add(key);
        newVariants.push({ productId: p.existing!.id, type, value, position: entry.next++ });
      }
    }
  }
  for (let i = 0; i < newVariants.length; i += CHUNK) {
    await tx.execute(
      sql`insert into variants (product_id, variant_type, variant_value, position) values ${sql.join(
        newVariants.slice(i, i + CHUNK).map((v) => sql`(${v.productId}, ${v.type}, ${v.value}, ${v.position})`),
        sql`, `,
      )}`,
    );
  }

  // 3. combinations: new ones (stock 0, then set through the ledger), changed ones
  const newCombos = withCombos.flatMap((p) => p.combos.filter((c) => !c.existing).map((c) => ({ p, c })));
  for (let i = 0; i < newCombos.length; i += CHUNK) {
    const part = newCombos.slice(i, i + CHUNK);
    const made = await queryRows<{ id: number; product_id: number; combination_name: string }>(
      tx,
      sql`insert into variant_combinations (product_id, combination_name, variant_attributes, price_paisa, sku, is_available)
          values ${sql.join(
            part.map(
              ({ p, c }) =>
                sql`(${p.existing!.id}, ${c.name}, ${JSON.stringify(c.attributes)}::jsonb, ${c.pricePaisa}, ${c.sku}, ${c.available})`,
            ),
            sql`, `,
          )}
          returning id, product_id, combination_name`,
    );
    const idOf = new Map(made.map((m) => [`${m.product_id}\u0001${m.combination_name}`, Number(m.id)]));
    for (const { p, c } of part) {
      c.existing = {
        id: idOf.get(`${p.existing!.id}\u0001${c.name}`)!,
        product_id: p.existing!.id,
        combination_name: c.name,
        variant_attributes: c.attributes,
        price_paisa: c.pricePaisa,
        sku: c.sku,
        is_available: c.available,
        stock: 0,
      };
    }
  }
  const created = new Set(newCombos.map((n) => n.c));
  const changedCombos = withCombos.flatMap((p) => p.combos.filter((c) => c.changed && !created.has(c)));
  for (let i = 0; i < changedCombos.length; i += CHUNK) {
    const values = sql.join(
      changedCombos
        .slice(i, i + CHUNK)
        .map(
          (c) =>
            sql`(${c.existing!.id}::int, ${JSON.stringify(c.attributes)}::jsonb, ${c.pricePaisa}::int, ${c.sku}::text, ${c.available}::boolean)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`update variant_combinations t set variant_attributes = v.attrs, price_paisa = v.price,
                           sku = v.sku, is_available = v.available, updated_at = now()
                         from (values ${values}) as v(id, attrs, price, sku, available) where t.id = v.id`);
  }

  // 4. stock, through the ledger: a total over the stock read in this transaction (a sale since
  // the preview is counted, not overwritten: the total is checked under the row lock)
  const stock: StockChangeInput[] = [];
  for (const p of planned) {
    if (p.stock !== null)
      stock.push({ product_id: p.existing!.id, combination_id: null, set: p.stock, expected: p.existing!.stock });
    for (const c of p.combos)
      if (c.stock !== null)
        stock.push({
          product_id: p.existing!.id,
          combination_id: c.existing!.id,
          set: c.stock,
          expected: c.existing!.stock,
        });
  }
  if (stock.length > 0) await applyStockChanges(tx, stock, { actorId: who.actorId, reason: "import", note: who.note });

  // 5. the price range sorting and filters read
  const touched = planned.filter((p) => p.changed || p.combos.some((c) => c.changed)).map((p) => p.existing!.id);
  for (let i = 0; i < touched.length; i += CHUNK) await refreshPriceRanges(tx, touched.slice(i, i + CHUNK));
}

function* chunks<T>(items: T[]): Generator<[number, T[]]> {
  for (let i = 0; i < items.length; i += CHUNK) yield [i, items.slice(i, i + CHUNK)];
}

/**
 * A stock total in the file was checked by the preview against the stock then; a sale (or any
 * change) to one of those stocks since the preview would be overwritten by the total, so the
 * whole import is refused with 409 naming them, and the staff member previews again.
 */
async function refuseStockMovedSince(tx: Db, planned: PlannedProduct[], since: string): Promise<void> {
  const comboIds = planned.flatMap((p) =>
    p.combos.filter((c) => c.stock !== null && c.existing).map((c) => c.existing!.id),
  );
  const productIds = planned.filter((p) => p.stock !== null && p.existing).map((p) => p.existing!.id);
  const moved: { product_id: number; combination_id: number | null; stock_quantity: number }[] = [];
  for (const [kind, ids] of [
    ["combination", comboIds],
    ["product", productIds],
  ] as const) {
    for (let i = 0; i < ids.length && moved.length < 50; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      const where =
        kind === "combination"
          ? sql`m.combination_id in (${idList(part)})`
          : sql`m.combination_id is null and m.product_id in (${idList(part)})`;
      const found = await queryRows<{ product_id: number; combination_id: number | null; stock_after: number }>(
        tx,
        sql`select distinct on (m.product_id, m.combination_id) m.product_id, m.combination_id, m.stock_after
            from stock_movements m where ${where} and m.at > ${since}::timestamptz
            order by m.product_id, m.combination_id, m.at desc, m.id desc limit 50`,
      );
      moved.push(
        ...found.map((m) => ({
          product_id: Number(m.product_id),
          combination_id: m.combination_id === null ? null : Number(m.combination_id),
          stock_quantity: Number(m.stock_after),
        })),
      );
    }
  }
  if (moved.length > 0)
    throw new AppError(
      409,
      `${moved.length === 1 ? "A stock" : `${moved.length} stocks`} in the file changed since the preview (perhaps a sale), and the file's total would hide it: nothing was imported. Export again or correct the stock, then upload the file again.`,
      { moved },
    );
}
