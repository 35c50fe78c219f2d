// Products with their combinations and stock as a CSV file, out and back in (decision 0065).
// The export streams one row per combination (or per product sold without
// options), the product's columns repeated, read in keyset batches. The import is two steps: a
// preview that checks every row (errors by line and field) and counts what would change, writing
// nothing to the catalogue but keeping the file in product_imports; then Apply, once per import,
// which reads the kept file again, checks all of it against the catalogue as it is now and writes
// it in batches of whole products, each batch one transaction, so the store keeps serving while a
// large file applies (decision 0088; product-csv-apply.ts). Stock goes through applyStockChanges
// (reason "import").
//
// The parts: product-csv-read.ts (the file and its rows), product-csv-plan.ts (the rows against
// the catalogue), product-csv-write.ts (a plan written), product-csv-apply.ts (Apply).
import { sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { csvRow, UTF8_BOM } from "../shared/csv";
import { notFound } from "../shared/errors";
import { rupeesText } from "../shared/money";
import { Turns } from "../shared/turns";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { queryRows } from "../../db/client";
import { productImports } from "../../db/schema";
import { planImport, type ExistingCombo, type ExistingProduct, type ImportCounts } from "./product-csv-plan";
import {
  importText,
  IMPORT_LIMITS,
  PRODUCT_CSV_HEADER,
  readProductCsv,
  sortErrors,
  type ImportError,
} from "./product-csv-read";

export { applyProductImport, IMPORT_BATCH_MS, type ImportResult } from "./product-csv-apply";
export { type ImportCounts } from "./product-csv-plan";
export { importText, IMPORT_LIMITS, PRODUCT_CSV_HEADER, readProductCsv, type ImportError } from "./product-csv-read";

export const PRODUCT_EXPORT_BATCH = 500;

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
    const products = await queryRows<Omit<ExistingProduct, "archived_at">>(
      ctx.db,
      sql`select id, custom_url, name, description, price_paisa, compare_price_paisa, is_active, stock
          from products where archived_at is null and id > ${after} order by id limit ${batchSize}`,
    );
    const combos =
      products.length === 0
        ? []
        : await queryRows<Omit<ExistingCombo, "id">>(
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

// ----------------------------------------------------------------------------------- preview

export interface ImportPreview {
  id: number;
  fileName: string;
  counts: ImportCounts;
  errorCount: number;
  /** the first IMPORT_LIMITS.errorsShown errors, by line */
  errors: ImportError[];
  appliedAt: Date | null;
  /** Apply has begun and not finished: it is running, or it stopped part way (decision 0088) */
  applying: boolean;
}

const FILE_NAME_MAX = 200;
// eslint-disable-next-line no-control-regex -- a file name is shown back: no control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const cleanFileName = (name: string) =>
  name.replace(CONTROL_CHARACTERS, "").trim().slice(0, FILE_NAME_MAX) || "products.csv";

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
  const turns = new Turns();
  const { rows, errors, rowCount } = await readProductCsv(text, turns);
  const { counts } = await planImport(ctx.db, rows, errors, turns);
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
    applying: false,
  };
}

/** A kept import checked again against the catalogue as it is now (the console's preview page). */
export async function showProductImport(ctx: CoreContext, actor: StaffActor, importId: number): Promise<ImportPreview> {
  requirePermission(actor, "products");
  const [kept] = await queryRows<{
    id: number;
    file_name: string;
    content: string;
    applied_at: Date | string | null;
    applied_by: number | null;
  }>(ctx.db, sql`select id, file_name, content, applied_at, applied_by from product_imports where id = ${importId}`);
  if (!kept) throw notFound("No such import.");
  const turns = new Turns();
  const { rows, errors, rowCount } = await readProductCsv(kept.content, turns);
  const { counts } = await planImport(ctx.db, rows, errors, turns);
  counts.rows = rowCount;
  return {
    id: Number(kept.id),
    fileName: kept.file_name,
    counts,
    errorCount: errors.length,
    errors: sortErrors(errors).slice(0, IMPORT_LIMITS.errorsShown),
    appliedAt: kept.applied_at === null ? null : new Date(kept.applied_at),
    applying: kept.applied_at === null && kept.applied_by !== null,
  };
}
