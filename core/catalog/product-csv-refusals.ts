// Why an import is refused after planning (decision 0088): errors in the file against the
// catalogue as it is now (422), or a stock total that moved since the preview (409). Each can be
// told of a whole import or of a batch after earlier ones were written.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { AppError } from "../shared/errors";
import { CHUNK, idList, type PlannedProduct } from "./product-csv-plan";
import { IMPORT_LIMITS, sortErrors, type ImportError } from "./product-csv-read";

/**
 * A refusal of an import for a reason in the file or the catalogue, which can also be told of a
 * batch (decision 0088): `message` when nothing was written, `partly` when earlier batches were.
 */
export class ImportRefusal extends AppError {
  constructor(
    status: 409 | 422,
    message: string,
    /** reason: a clause that follows "because"; advice: what to do about the lines not imported */
    readonly partly: { reason: string; advice: string },
    extra?: Record<string, unknown>,
  ) {
    super(status, message, extra);
  }
}

/** The errors planning found, as one refusal (422) with the first of them in words. */
export function refuseErrors(errors: ImportError[]): ImportRefusal {
  const sorted = sortErrors(errors);
  const first = sorted[0]!;
  const where = `Line ${first.line}${first.field ? `, ${first.field}` : ""}: ${first.message}`;
  const some = `${errors.length} ${errors.length === 1 ? "error" : "errors"}`;
  return new ImportRefusal(
    422,
    `The file has ${some}; nothing was imported. ${where}`,
    {
      reason: `they have ${some} against the catalogue as it is now (${where})`,
      advice: "Correct the file and upload it again.",
    },
    { errors: sorted.slice(0, IMPORT_LIMITS.errorsShown) },
  );
}

/**
 * A stock total in the file was checked by the preview against the stock then; a sale (or any
 * change) to one of those stocks since the preview would be overwritten by the total, so the
 * whole import is refused with 409 naming them, and the staff member previews again.
 */
export async function refuseStockMovedSince(tx: Db, planned: PlannedProduct[], since: string): Promise<void> {
  const combos = planned.flatMap((p) =>
    p.combos
      .filter((c) => c.stock !== null && c.existing)
      .map((c) => ({ productId: p.existing!.id, id: c.existing!.id })),
  );
  const simple = planned
    .filter((p) => p.stock !== null && p.existing)
    .map((p) => ({ productId: p.existing!.id, id: p.existing!.id }));
  const moved: { product_id: number; combination_id: number | null; stock_quantity: number }[] = [];
  for (const [kind, list] of [
    ["combination", combos],
    ["product", simple],
  ] as const) {
    for (let i = 0; i < list.length && moved.length < 50; i += CHUNK) {
      const part = list.slice(i, i + CHUNK);
      const products = idList([...new Set(part.map((c) => c.productId))]);
      // the product first: the ledger's index starts with it (a batch asks this every time)
      const where =
        kind === "combination"
          ? sql`m.product_id in (${products}) and m.combination_id in (${idList(part.map((c) => c.id))})`
          : sql`m.combination_id is null and m.product_id in (${products})`;
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
  if (moved.length > 0) {
    const which = moved.length === 1 ? "A stock" : `${moved.length} stocks`;
    throw new ImportRefusal(
      409,
      `${which} in the file changed since the preview (perhaps a sale), and the file's total would hide it: nothing was imported. Export again or correct the stock, then upload the file again.`,
      {
        reason: `${which.toLowerCase()} in them changed since the preview (perhaps a sale), and the file's total would hide it`,
        advice: "Correct those stocks in the file (or export again), then upload it again.",
      },
      { moved },
    );
  }
}
