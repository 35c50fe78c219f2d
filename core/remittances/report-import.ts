// A courier's payment report, uploaded and previewed (decision 0107): the file read, its columns
// put to our fields (the mapping given, else the one remembered for the courier, else one guessed
// from the headings), and every row planned against the parcels and payments already recorded.
// The import row keeps the rows as read (so the mapping can be changed without uploading again)
// and what each will do; nothing about money is written until it is applied (report-apply.ts).
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { CourierCode } from "../../db/schema";
import type { CoreContext } from "../context";
import { AppError, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import {
  guessMapping,
  hasCnHeading,
  mappingForHeadings,
  rememberedMapping,
  saveReportMapping,
  type ReportMapping,
} from "./report-mapping";
import { planReport, summarise, type PlannedRow } from "./report-plan";
import { readReportFile, type Cell, type ReadReport } from "./report-read";

/** Rows in a page of a preview. */
export const REPORT_PAGE_ROWS = 100;

/** Where the mapping a preview used came from. */
export type MappingSource = "given" | "remembered" | "guessed";

/** What the import row's rows column holds. */
export interface ReportBody {
  headings: string[];
  mapping: ReportMapping;
  mappingSource: MappingSource;
  /** why the rows could not be planned (no CN column, no amount): the mapping step says it */
  mappingProblem: string | null;
  /** the rows as read, kept until the import is applied; a day's cell as YYYY-MM-DD */
  cells: { line: number; cells: (string | number | null)[] }[] | null;
  rows: PlannedRow[];
}

export interface ReportImport {
  id: number;
  courier: CourierCode;
  accountId: number | null;
  fileName: string;
  state: "previewed" | "applied";
  /** being applied now (a claim taken, not yet finished) */
  applying: boolean;
  summary: Record<string, number>;
  headings: string[];
  mapping: ReportMapping;
  mappingSource: MappingSource;
  mappingProblem: string | null;
  createdAt: Date;
  appliedAt: Date | null;
  /** this same file, applied before for the same courier */
  sameFileApplied: { id: number; appliedAt: Date } | null;
  /** the page of rows asked for */
  rows: PlannedRow[];
  page: number;
  pages: number;
}

export interface ReportUpload {
  courier: CourierCode;
  accountId: number | null;
  fileName: string;
  bytes: Uint8Array;
  mapping: ReportMapping | null;
}

const storedCell = (cell: Cell): string | number | null =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : cell;

async function checkAccount(ctx: CoreContext, courier: CourierCode, accountId: number | null): Promise<void> {
  if (accountId === null) return;
  const [account] = await queryRows<{ courier: CourierCode }>(
    ctx.db,
    sql`select courier from courier_accounts where id = ${accountId}`,
  );
  if (!account) throw new AppError(422, "account_id: no such courier account.");
  if (account.courier !== courier) throw new AppError(422, "account_id: that account is of another courier.");
}

/** The columns and the rows planned with a mapping; a mapping that does not fit is a problem to show, not a failure. */
async function plan(
  ctx: CoreContext,
  read: ReadReport,
  mapping: ReportMapping,
  scope: { courier: CourierCode; accountId: number | null },
) {
  try {
    const columns = mappingForHeadings(mapping, read.headings);
    return { rows: await planReport(ctx.db, read, columns, scope), problem: null };
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return { rows: [] as PlannedRow[], problem: error.message };
    throw error;
  }
}

/** Which mapping a file is read with, and its rows planned: the given one, else the remembered, else a guess. */
async function chooseAndPlan(
  ctx: CoreContext,
  read: ReadReport,
  upload: Pick<ReportUpload, "courier" | "accountId" | "mapping">,
) {
  const scope = { courier: upload.courier, accountId: upload.accountId };
  if (upload.mapping)
    return { mapping: upload.mapping, source: "given" as const, ...(await plan(ctx, read, upload.mapping, scope)) };
  const remembered = await rememberedMapping(ctx, upload.courier);
  if (remembered) {
    const planned = await plan(ctx, read, remembered, scope);
    if (!planned.problem) return { mapping: remembered, source: "remembered" as const, ...planned };
  }
  const guessed = guessMapping(upload.courier, read.headings);
  return { mapping: guessed, source: "guessed" as const, ...(await plan(ctx, read, guessed, scope)) };
}

/**
 * Reads and previews a report; keeps it as an import "previewed". A mapping that leaves no CN or
 * no amount is a 422 naming the headings, with the import's id, so its mapping can be chosen.
 */
export async function previewPaymentReport(
  ctx: CoreContext,
  actor: StaffActor,
  upload: ReportUpload,
): Promise<ReportImport> {
  requirePermission(actor, "money");
  await checkAccount(ctx, upload.courier, upload.accountId);
  const read = await readReportFile(upload.bytes, hasCnHeading);
  const chosen = await chooseAndPlan(ctx, read, upload);
  if (upload.mapping && !chosen.problem) await saveReportMapping(ctx, actor, upload.courier, upload.mapping);
  const body: ReportBody = {
    headings: read.headings,
    mapping: chosen.mapping,
    mappingSource: chosen.source,
    mappingProblem: chosen.problem,
    cells: read.rows.map((row) => ({ line: row.line, cells: row.cells.map(storedCell) })),
    rows: chosen.rows,
  };
  const sha = crypto.createHash("sha256").update(upload.bytes).digest("hex");
  const summary = chosen.problem ? { rows: read.rows.length, to_apply: 0 } : summarise(chosen.rows);
  const [made] = await queryRows<{ id: number }>(
    ctx.db,
    sql`insert into courier_report_imports (courier, courier_account_id, file_name, file_sha256, rows, summary, created_by)
        values (${upload.courier}, ${upload.accountId}, ${upload.fileName.slice(0, 200) || "report"}, ${sha},
                ${JSON.stringify(body)}::jsonb, ${JSON.stringify(summary)}::jsonb, ${actor.userId})
        returning id`,
  );
  const id = Number(made!.id);
  if (chosen.problem) throw new AppError(422, chosen.problem, { id, headings: read.headings });
  return showPaymentReport(ctx, actor, id, 1);
}

/** Plans a previewed import again with another mapping, which is remembered for the courier. */
export async function remapPaymentReport(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  mapping: ReportMapping,
): Promise<ReportImport> {
  requirePermission(actor, "money");
  const [kept] = await queryRows<{
    courier: CourierCode;
    courier_account_id: number | null;
    state: string;
    rows: ReportBody;
  }>(ctx.db, sql`select courier, courier_account_id, state, rows from courier_report_imports where id = ${id}`);
  if (!kept) throw notFound("No such payment report.");
  if (kept.state !== "previewed" || !kept.rows.cells)
    throw new AppError(409, "This report is applied: upload the file again to read it another way.");
  const read: ReadReport = { kind: "csv", headings: kept.rows.headings, rows: kept.rows.cells };
  const columns = mappingForHeadings(mapping, read.headings);
  const rows = await planReport(ctx.db, read, columns, { courier: kept.courier, accountId: kept.courier_account_id });
  await saveReportMapping(ctx, actor, kept.courier, mapping);
  const body: ReportBody = { ...kept.rows, mapping, mappingSource: "given", mappingProblem: null, rows };
  const moved = await queryRows(
    ctx.db,
    sql`update courier_report_imports set rows = ${JSON.stringify(body)}::jsonb, summary = ${JSON.stringify(summarise(rows))}::jsonb
        where id = ${id} and state = 'previewed' and applied_at is null returning id`,
  );
  if (moved.length === 0) throw new AppError(409, "This report is being applied or was applied meanwhile.");
  return showPaymentReport(ctx, actor, id, 1);
}

interface ImportRow {
  id: number;
  courier: CourierCode;
  courier_account_id: number | null;
  file_name: string;
  file_sha256: string;
  state: "previewed" | "applied";
  summary: Record<string, number>;
  created_at: Date | string;
  applied_at: Date | string | null;
  headings: string[];
  mapping: ReportMapping;
  mapping_source: MappingSource;
  mapping_problem: string | null;
  page_rows: PlannedRow[] | null;
}

/** An import with one page of its rows (1 is the first). */
export async function showPaymentReport(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  page = 1,
): Promise<ReportImport> {
  requirePermission(actor, "money");
  const from = (page - 1) * REPORT_PAGE_ROWS;
  const [kept] = await queryRows<ImportRow>(
    ctx.db,
    sql`select i.id, i.courier, i.courier_account_id, i.file_name, i.file_sha256, i.state, i.summary, i.created_at, i.applied_at,
          i.rows->'headings' as headings, i.rows->'mapping' as mapping, i.rows->>'mappingSource' as mapping_source,
          i.rows->>'mappingProblem' as mapping_problem,
          (select jsonb_agg(r.value order by r.n) from jsonb_array_elements(i.rows->'rows') with ordinality r(value, n)
            where r.n > ${from} and r.n <= ${from + REPORT_PAGE_ROWS}) as page_rows
        from courier_report_imports i where i.id = ${id}`,
  );
  if (!kept) throw notFound("No such payment report.");
  const [earlier] = await queryRows<{ id: number; applied_at: Date | string }>(
    ctx.db,
    sql`select id, applied_at from courier_report_imports
        where file_sha256 = ${kept.file_sha256} and courier = ${kept.courier} and state = 'applied' and id <> ${id}
        order by applied_at desc limit 1`,
  );
  const total = kept.summary.rows ?? 0;
  return {
    id: Number(kept.id),
    courier: kept.courier,
    accountId: kept.courier_account_id,
    fileName: kept.file_name,
    state: kept.state,
    applying: kept.state === "previewed" && kept.applied_at !== null,
    summary: kept.summary,
    headings: kept.headings,
    mapping: kept.mapping,
    mappingSource: kept.mapping_source,
    mappingProblem: kept.mapping_problem,
    createdAt: new Date(kept.created_at),
    appliedAt: kept.state === "applied" && kept.applied_at ? new Date(kept.applied_at) : null,
    sameFileApplied: earlier ? { id: Number(earlier.id), appliedAt: new Date(earlier.applied_at) } : null,
    rows: kept.page_rows ?? [],
    page,
    pages: Math.max(1, Math.ceil((kept.mapping_problem ? 0 : total) / REPORT_PAGE_ROWS)),
  };
}

export interface ListedReport {
  id: number;
  courier: CourierCode;
  fileName: string;
  state: "previewed" | "applied";
  summary: Record<string, number>;
  createdAt: Date;
  appliedAt: Date | null;
}

/** The imports, newest first. */
export async function listPaymentReports(
  ctx: CoreContext,
  actor: StaffActor,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: ListedReport[]; total: number }> {
  requirePermission(actor, "money");
  const rows = await queryRows<{
    id: number;
    courier: CourierCode;
    file_name: string;
    state: "previewed" | "applied";
    summary: Record<string, number>;
    created_at: Date | string;
    applied_at: Date | string | null;
    total: number | string;
  }>(
    ctx.db,
    sql`select id, courier, file_name, state, summary, created_at, applied_at, count(*) over () as total
        from courier_report_imports order by created_at desc, id desc limit ${limit} offset ${offset}`,
  );
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && offset > 0)
    total = Number(
      (await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from courier_report_imports`))[0]!.n,
    );
  return {
    total,
    items: rows.map((row) => ({
      id: Number(row.id),
      courier: row.courier,
      fileName: row.file_name,
      state: row.state,
      summary: row.summary,
      createdAt: new Date(row.created_at),
      appliedAt: row.state === "applied" && row.applied_at ? new Date(row.applied_at) : null,
    })),
  };
}
