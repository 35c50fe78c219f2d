// Applying a previewed payment report (decision 0107): each row that records or changes a payment
// goes through the one payment writer (recordPaymentInTx, source "report"), in batches of a few
// hundred rows, each its own transaction with its audit row, with the process's turn given away
// between them (decision 0088), so a 10,000-row report does not stop the store. The import is
// claimed first by one conditional update (applied_at set while the state is still "previewed"),
// so of two Apply at once one writes and the other hears 409, and applying again after it is
// done answers what was done. A batch that fails lets the claim go; the rows written stay
// written, and applying again writes the rest (the writer is idempotent).
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { CourierCode } from "../../db/schema";
import type { CoreContext } from "../context";
import { AppError, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { Turns } from "../shared/turns";
import { recordPaymentsInTx } from "./payments";
import { showPaymentReport, type ReportImport } from "./report-import";
import { saveReportMapping, type ReportMapping } from "./report-mapping";
import { applies, type PlannedRow, type RowResult } from "./report-plan";

/** Rows written per transaction. */
export const APPLY_BATCH_ROWS = 250;

/** A claim older than this was left by a process that stopped: another Apply may take it over. */
const STALE_CLAIM = sql`interval '15 minutes'`;

const lines = (rows: PlannedRow[]) => `${rows[0]!.line}–${rows[rows.length - 1]!.line}`;

/** Applies a previewed report once; the answer is the import, its rows with what each did. */
export async function applyPaymentReport(ctx: CoreContext, actor: StaffActor, id: number): Promise<ReportImport> {
  requirePermission(actor, "money");
  const [claimed] = await queryRows<{ courier: CourierCode; mapping: ReportMapping }>(
    ctx.db,
    sql`update courier_report_imports set applied_at = now()
        where id = ${id} and state = 'previewed' and rows->>'mappingProblem' is null
          and (applied_at is null or applied_at < now() - ${STALE_CLAIM})
        returning courier, rows->'mapping' as mapping`,
  );
  if (!claimed) return refusal(ctx, actor, id);
  try {
    const [kept] = await queryRows<{ rows: PlannedRow[] }>(
      ctx.db,
      sql`select rows->'rows' as rows from courier_report_imports where id = ${id}`,
    );
    const rows = kept!.rows;
    const results = await writeBatches(ctx, actor, id, rows.filter(applies));
    const counts = { recorded: 0, changed: 0, unchanged: 0, "not recorded": 0 } as Record<RowResult, number>;
    for (const row of rows) {
      const result = results.get(row.line);
      if (result) {
        row.result = result;
        counts[result]++;
      }
    }
    await saveReportMapping(ctx, actor, claimed.courier, claimed.mapping);
    await staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache }) => {
      keepCache();
      await tx.execute(
        sql`update courier_report_imports set state = 'applied', applied_at = now(),
              rows = (rows - 'cells') || jsonb_build_object('rows', ${JSON.stringify(rows)}::jsonb),
              summary = summary || ${JSON.stringify({
                applied_recorded: counts.recorded,
                applied_changed: counts.changed,
                applied_unchanged: counts.unchanged,
                applied_not_recorded: counts["not recorded"],
              })}::jsonb
            where id = ${id}`,
      );
      await audit({
        action: "payment_report.apply",
        entityType: "courier_report_import",
        entityId: id,
        changes: { complete: true, ...counts },
      });
    });
  } catch (error) {
    await ctx.db.execute(
      sql`update courier_report_imports set applied_at = null where id = ${id} and state = 'previewed'`,
    );
    throw error;
  }
  return showPaymentReport(ctx, actor, id, 1);
}

/** Why an import could not be claimed: applied already (its answer), being applied (409), or not ready. */
async function refusal(ctx: CoreContext, actor: StaffActor, id: number): Promise<ReportImport> {
  const [now] = await queryRows<{ state: string; problem: string | null }>(
    ctx.db,
    sql`select state, rows->>'mappingProblem' as problem from courier_report_imports where id = ${id}`,
  );
  if (!now) throw notFound("No such payment report.");
  if (now.state === "applied") return showPaymentReport(ctx, actor, id, 1);
  if (now.problem) throw new AppError(422, `Choose the columns first: ${now.problem}`);
  throw new AppError(409, "This report is being applied now. Wait a moment and reload the page.");
}

/** The rows written, a batch per transaction with its audit row; each row's outcome by its line. */
async function writeBatches(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  rows: PlannedRow[],
): Promise<Map<number, RowResult>> {
  const results = new Map<number, RowResult>();
  const turns = new Turns();
  for (let from = 0, batch = 1; from < rows.length; from += APPLY_BATCH_ROWS, batch++) {
    const slice = rows.slice(from, from + APPLY_BATCH_ROWS);
    await staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache }) => {
      keepCache();
      const counts: Record<string, number> = {};
      // the whole batch in a handful of statements: the rows locked, the payment batches made and
      // the changed rows written at once
      const written = await recordPaymentsInTx(
        tx,
        slice.map((row) => ({
          parcelId: row.parcelId!,
          reference: row.reference,
          secondReference: row.secondReference ?? null,
          paidOn: row.paidOn!,
          reported: {
            collectedPaisa: row.collected,
            paidPaisa: row.paid,
            charges: Object.entries(row.deductions)
              .filter(([, paisa]) => paisa)
              .map(([kind, paisa]) => ({ kind, paisa: paisa! })),
          },
          source: "report" as const,
          reportImportId: id,
        })),
      );
      slice.forEach((row, index) => {
        const outcome = written[index];
        const result: RowResult =
          outcome === null || outcome === undefined
            ? "not recorded"
            : outcome.outcome === "kept"
              ? "unchanged"
              : outcome.outcome;
        results.set(row.line, result);
        counts[result] = (counts[result] ?? 0) + 1;
      });
      await audit({
        action: "payment_report.apply",
        entityType: "courier_report_import",
        entityId: id,
        changes: { batch, lines: lines(slice), ...counts },
      });
    });
    await turns.give();
  }
  return results;
}
