// Apply of a previewed product import, in batches (decision 0088; the file's format and checks:
// decision 0065).
//
// On the embedded database one transaction holds the process's only connection: a 5,000-row file
// applied in one stopped every other request for as long as it took (12 s measured). So:
//
// 1. Claim: applied_by is set where neither applied_at nor applied_by is (one statement, so of two
//    Apply at once one wins and the other hears 409). applied_at is set only when the last batch
//    commits: an import with applied_by and no applied_at is being applied, or stopped part way.
// 2. Check all of it, writing nothing: the kept file read again and planned against the
//    catalogue as it is now; any row's error (422), a stock total that moved since the preview
//    (409) or a missing stock permission (403) refuses the whole import, as before.
// 3. Write the products that change, in file order, a batch of whole products per transaction,
//    each sized to hold the database for about IMPORT_BATCH_MS and planned again inside its
//    transaction, so it is exact against whatever committed meanwhile (an order, a staff edit,
//    another import), with its own audit row naming its lines. Between two batches the event
//    loop and every waiting query get their turn. Products the file leaves as they are get none.
// 4. A batch refused (something changed under it) rolls back alone: the answer says which lines
//    are in the shop and which are not, the claim is let go, and Apply again (or the same file
//    uploaded again) plans the lines already imported as unchanged and finishes the rest.
//
// The page cache is cleared once, after the last batch (or after a refusal, when batches were
// written). The same code runs on PostgreSQL, where batches also keep row locks short.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { databaseError, UNIQUE_VIOLATION } from "../shared/db-errors";
import type { CoreContext } from "../context";
import { AppError, notFound } from "../shared/errors";
import { Turns } from "../shared/turns";
import { recordAudit, whoIs } from "../shared/audit";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { queryRows, type Db } from "../../db/client";
import { countPlanned, planImport, type ImportCounts, type PlannedProduct } from "./product-csv-plan";
import { ImportRefusal, refuseErrors, refuseStockMovedSince } from "./product-csv-refusals";
import { readProductCsv, type ImportError, type ImportRow } from "./product-csv-read";
import { writePlan } from "./product-csv-write";

/**
 * How long one batch may keep the process busy. On the embedded database a batch runs from its
 * first statement to its commit without the event loop polling (its queries resolve as
 * microtasks), so this is about the longest a shopper's request waits behind the import.
 * Batches are sized to it from the pace of the batch before (decision 0088).
 */
export const IMPORT_BATCH_MS = 50;
/**
 * How long one batch may hold the rows it writes. On PostgreSQL a batch mostly waits for the
 * server, with the event loop free; what others wait for there is a row it locked (an order
 * for an item whose stock the batch sets), never longer than the batch.
 */
const BATCH_HOLDS_ROWS_MS = 500;
/** the first batch, before anything is measured (it is also the slowest: nothing is warm) */
const FIRST_BATCH_ROWS = 25;
/** rows in a batch, whatever the measure says; a product's rows are never split, so one of
 * many combinations (at most 500: the planner refuses more) is a batch of its own */
const BATCH_ROWS = { min: 20, max: 1000 };

const DEADLOCK_DETECTED = "40P01";
/** inside a transaction nothing else can use the embedded database: no turns there */
const NO_TURNS = new Turns(Number.POSITIVE_INFINITY);

export interface ImportResult {
  id: number;
  counts: ImportCounts;
  /** transactions it took; 0 when the file changed nothing */
  batches: number;
}

interface Claimed {
  id: number;
  content: string;
  file_name: string;
  created_at: string;
}

/**
 * Applies a previewed import, once: every row checked against the catalogue as it is now (any
 * error refuses all of it, 422; a stock total that moved since the preview, 409; stock changes
 * need the stock permission too), then written in batches of whole products, one transaction
 * each. A batch refused by a change made meanwhile leaves the earlier ones written and says which
 * lines are in the shop and which are not; Apply again finishes the job.
 */
export async function applyProductImport(ctx: CoreContext, actor: StaffActor, importId: number): Promise<ImportResult> {
  requirePermission(actor, "products");
  const kept = await claim(ctx.db, actor, importId);
  const progress = { batches: 0 };
  try {
    const result = await applyClaimed(ctx, actor, kept, progress);
    ctx.cache.clear();
    return result;
  } catch (error) {
    if (progress.batches > 0) ctx.cache.clear();
    // let go of the claim so that Apply can be pressed again; if even that fails (the database
    // went away), the import shows as being applied and uploading the file again finishes it
    await ctx.db
      .execute(sql`update product_imports set applied_by = null where id = ${importId} and applied_at is null`)
      .catch(() => {});
    throw error;
  }
}

async function claim(db: Db, actor: StaffActor, importId: number): Promise<Claimed> {
  const [kept] = await queryRows<Claimed>(
    db,
    sql`update product_imports set applied_by = ${actor.userId}
        where id = ${importId} and applied_at is null and applied_by is null
        returning id, content, file_name, created_at::text`,
  );
  if (kept) return { ...kept, id: Number(kept.id) };
  const [found] = await queryRows<{ applied_at: unknown }>(
    db,
    sql`select applied_at from product_imports where id = ${importId}`,
  );
  if (!found) throw notFound("No such import.");
  if (found.applied_at !== null)
    throw new AppError(409, "This import has already been applied. Upload the file again to import it again.");
  throw new AppError(
    409,
    "This import is being applied now. If it stopped part way (the store restarted), upload the file again to import the rest: what was imported is left as it is.",
  );
}

/** Whether applying this product writes anything. */
const writes = (p: PlannedProduct) =>
  !p.existing || p.changed || p.stock !== null || p.combos.some((c) => c.changed || c.stock !== null);

async function applyClaimed(
  ctx: CoreContext,
  actor: StaffActor,
  kept: Claimed,
  progress: { batches: number },
): Promise<ImportResult> {
  const turns = new Turns();
  const { rows, errors, rowCount } = await readProductCsv(kept.content, turns);
  const { planned, counts } = await planImport(ctx.db, rows, errors, turns);
  if (errors.length > 0) throw refuseErrors(errors);
  if (counts.stockChanges > 0) {
    requirePermission(actor, "stock");
    await refuseStockMovedSince(ctx.db, planned, kept.created_at);
  }

  const writing = planned.filter(writes);
  const total = countPlanned(planned.filter((p) => !writes(p)));
  total.rows = rowCount;
  const order = new Map(rows.map((row, i) => [row, i]));
  const who = { actorId: actor.userId, note: `Import #${kept.id} (${kept.file_name})`.slice(0, 200) };
  const audit = (tx: Db, changes: Record<string, unknown>) =>
    recordAudit(tx, whoIs(actor), {
      action: "product.import",
      entityType: "product_import",
      entityId: kept.id,
      changes: { file_name: kept.file_name, ...changes },
    });

  if (writing.length === 0) {
    await ctx.db.transaction(async (tx) => {
      await markApplied(tx, kept.id);
      await audit(tx, { batch: 0, ...total, complete: true });
    });
    return { id: kept.id, counts: total, batches: 0 };
  }

  let size = FIRST_BATCH_ROWS;
  for (let next = 0, k = 0; next < writing.length; k++) {
    // whatever waited for the database (a shopper's page, another staff member) goes first
    await turns.give();
    const batch = takeRows(writing, next, size);
    const batchRows = batch.flatMap((p) => p.rows);
    const last = next + batch.length === writing.length;
    let done: ImportCounts;
    // from the batch's first statement to its commit: the time others wait behind it
    let began = 0;
    let busy = performance.eventLoopUtilization();
    try {
      done = await ctx.db.transaction(async (tx) => {
        began = performance.now();
        busy = performance.eventLoopUtilization();
        // planned again under this transaction: exact against whatever committed since the check
        const found: ImportError[] = [];
        const { planned: part, counts } = await planImport(tx, batchRows, found, NO_TURNS);
        counts.rows = batchRows.length;
        if (found.length > 0) throw refuseErrors(found);
        if (counts.stockChanges > 0) {
          requirePermission(actor, "stock");
          await refuseStockMovedSince(tx, part, kept.created_at);
        }
        await writePlan(tx, part, who);
        if (last) await markApplied(tx, kept.id);
        await audit(tx, {
          batch: k + 1,
          lines: describeRuns(runsOf(batchRows, order)),
          ...counts,
          ...(last ? { complete: true } : {}),
        });
        return counts;
      });
    } catch (error) {
      throw refusal(error, {
        batch: k,
        rows,
        notImported: writing.slice(next).flatMap((p) => p.rows),
        order,
      });
    }
    const held = performance.now() - began;
    // the loop's busy time meanwhile: all of it on PGlite, the JavaScript alone on PostgreSQL
    const busyMs = performance.eventLoopUtilization(busy).active;
    progress.batches++;
    addCounts(total, done);
    next += batch.length;
    // the next batch as large as fits both limits at this one's pace, growing at most twofold
    // (a fast batch may have been a lucky one)
    const pace = Math.max(busyMs / IMPORT_BATCH_MS, held / BATCH_HOLDS_ROWS_MS, 1e-3);
    const fits = Math.round(batchRows.length / pace);
    size = Math.max(BATCH_ROWS.min, Math.min(BATCH_ROWS.max, 2 * batchRows.length, fits));
  }
  return { id: kept.id, counts: total, batches: progress.batches };
}

/** Whole products from `from` on, until they hold at least `rows` rows (one at least). */
function takeRows(products: PlannedProduct[], from: number, rows: number): PlannedProduct[] {
  const taken: PlannedProduct[] = [];
  let size = 0;
  for (let i = from; i < products.length; i++) {
    const p = products[i]!;
    if (taken.length > 0 && size + p.rows.length > rows) break;
    taken.push(p);
    size += p.rows.length;
  }
  return taken;
}

async function markApplied(tx: Db, importId: number): Promise<void> {
  await tx.execute(sql`update product_imports set applied_at = now() where id = ${importId} and applied_at is null`);
}

function addCounts(total: ImportCounts, part: ImportCounts): void {
  total.productsToCreate += part.productsToCreate;
  total.productsToUpdate += part.productsToUpdate;
  total.productsUnchanged += part.productsUnchanged;
  total.combinationsToCreate += part.combinationsToCreate;
  total.combinationsToUpdate += part.combinationsToUpdate;
  total.combinationsUnchanged += part.combinationsUnchanged;
  total.stockChanges += part.stockChanges;
}

/** Runs of rows that follow each other in the file, as [first line, last line]. */
function runsOf(some: readonly ImportRow[], order: Map<ImportRow, number>): [number, number][] {
  const sorted = [...some].sort((a, b) => order.get(a)! - order.get(b)!);
  const runs: [number, number][] = [];
  let previous = -2;
  for (const row of sorted) {
    const at = order.get(row)!;
    const run = runs[runs.length - 1];
    if (run && at === previous + 1) run[1] = row.line;
    else runs.push([row.line, row.line]);
    previous = at;
  }
  return runs;
}

const SHOWN_RUNS = 5;

/** "2–251, 260 and 3 more": the line numbers as a person reads them. */
function describeRuns(runs: [number, number][]): string {
  const line = (n: number) => n.toLocaleString("en-US");
  const shown = runs.slice(0, SHOWN_RUNS).map(([a, b]) => (a === b ? line(a) : `${line(a)}–${line(b)}`));
  const more = runs.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more ${more === 1 ? "range" : "ranges"}`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}` : (shown[0] ?? "");
}

/**
 * The answer to a batch that failed. Before any batch was written it is the refusal itself (a
 * race on a new address or combination: 409, never a 500). After some were, it says which lines
 * are in the shop and which are not, with the reason and what to do, and the same fields.
 */
function refusal(
  error: unknown,
  at: {
    batch: number;
    rows: ImportRow[];
    notImported: ImportRow[];
    order: Map<ImportRow, number>;
  },
): unknown {
  const code = databaseError(error)?.code;
  const race = code === UNIQUE_VIOLATION || code === DEADLOCK_DETECTED;
  if (at.batch === 0) {
    if (race)
      return new AppError(
        409,
        "A product address or combination in this file was created or changed meanwhile by another change: nothing was imported. Upload the file again to see the catalogue as it is now.",
      );
    return error;
  }
  if (!race && !(error instanceof AppError)) return error;
  const reason =
    error instanceof ImportRefusal
      ? error.partly.reason
      : race
        ? "a product address or combination in them was created or changed meanwhile by another change"
        : (error as AppError).message.replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase());
  const advice =
    error instanceof ImportRefusal
      ? error.partly.advice
      : "Apply again to import them, or upload the file again to see the catalogue as it is now.";
  const notImported = new Set(at.notImported);
  const imported = at.rows.filter((r) => !notImported.has(r));
  const importedRuns = runsOf(imported, at.order);
  const notImportedRuns = runsOf(at.notImported, at.order);
  return new AppError(
    error instanceof AppError ? error.status : 409,
    `Part of the file was imported: lines ${describeRuns(importedRuns)} are in the shop; lines ${describeRuns(notImportedRuns)} are not, because ${reason}. ${advice} What was imported stays as it is and shows as unchanged.`,
    {
      ...(error instanceof AppError ? error.extra : {}),
      imported_lines: importedRuns,
      not_imported_lines: notImportedRuns,
      batches_imported: at.batch,
    },
  );
}
