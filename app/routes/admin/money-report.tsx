// One payment report (decision 0107): the mapping step (each of our fields with a select of the
// report's headings, from the mapping remembered or guessed), then the preview: every row with
// what it will do and its amounts, the counts, and "Apply N payments". Once applied, what each
// row did, and the way to the money screen. Phone width first: the rows stack as cards.
import { data, Link, redirect, useActionData, useLoaderData, useNavigation, Form } from "react-router";
import { COURIER_NAMES } from "../../../core/couriers/courier";
import { applyPaymentReport } from "../../../core/remittances/report-apply";
import { remapPaymentReport, showPaymentReport } from "../../../core/remittances/report-import";
import { REPORT_FIELD_LABELS, REPORT_FIELDS, type ReportMapping } from "../../../core/remittances/report-mapping";
import { AppError } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Pager } from "../../components/admin/Lists";
import { Notice } from "../../components/admin/Notice";
import { MappingForm } from "../../components/admin/money-reports/MappingForm";
import { ReportRows } from "../../components/admin/money-reports/ReportRows";
import { consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/money-report";

export const meta = () => consoleMeta("Payment report");
export const ErrorBoundary = ConsoleErrorBoundary;

const reportId = (text: string | undefined) =>
  text && /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= 2_147_483_647 ? Number(text) : null;

const SUMMARY_WORDS: [string, string][] = [
  ["record", "Record a payment"],
  ["change", "Change recorded figures"],
  ["same", "Same as recorded"],
  ["unknown_cn", "Unknown CN"],
  ["other_account", "Another account's"],
  ["not_booked", "Not booked"],
  ["bad_value", "Bad number or date"],
  ["repeated", "Repeated"],
  ["no_cn", "No CN"],
];

const rupees = (paisa: number | null | undefined) =>
  paisa === null || paisa === undefined ? "–" : formatRupees(paisa);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "money");
  const id = reportId(params.id);
  if (id === null) throw data({ detail: "No such payment report." }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const report = await showPaymentReport(context.core, actor, id, pageParam(search)).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw data({ detail: error.message }, { status: 404 });
    throw error;
  });
  return {
    id: report.id,
    courier: COURIER_NAMES[report.courier],
    fileName: report.fileName,
    applied: report.state === "applied",
    applying: report.applying,
    justApplied: search.get("applied") === "1",
    appliedAt: report.appliedAt ? formatDayTime(report.appliedAt) : null,
    sameFile: report.sameFileApplied && {
      id: report.sameFileApplied.id,
      at: formatDayTime(report.sameFileApplied.appliedAt),
    },
    problem: report.mappingProblem,
    source: report.mappingSource,
    headings: report.headings,
    fields: REPORT_FIELDS.map((field) => ({
      field,
      label: REPORT_FIELD_LABELS[field],
      chosen: report.mapping[field] ?? "",
      required: field === "cn",
    })),
    summary: report.summary,
    page: report.page,
    pages: report.pages,
    rows: report.rows.map((row) => ({
      line: row.line,
      cn: row.cn,
      orderId: row.orderId,
      outcome: row.outcome,
      says: row.says,
      result: row.result ?? null,
      collected: rupees(row.collected),
      // a row refused before its figures were read has none to show
      deductions: rupees(
        Object.keys(row.deductions).length === 0
          ? null
          : Object.values(row.deductions).reduce<number>((sum, paisa) => sum + (paisa ?? 0), 0),
      ),
      net: rupees(row.net),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "money");
  const id = reportId(params.id);
  if (id === null) return data({ error: "No such payment report." }, { status: 404 });
  const form = await request.formData();
  try {
    if (formText(form, "intent") === "apply") {
      await applyPaymentReport(context.core, actor, id);
      return redirect(`/admin/money/reports/${id}?applied=1`);
    }
    const mapping: ReportMapping = {};
    for (const field of REPORT_FIELDS) {
      const heading = formText(form, `map_${field}`).slice(0, 100);
      if (heading) mapping[field] = heading;
    }
    await remapPaymentReport(context.core, actor, id, mapping);
    return redirect(`/admin/money/reports/${id}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function ConsolePaymentReport() {
  const r = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const toApply = r.summary.to_apply ?? 0;
  const recorded = (r.summary.applied_recorded ?? 0) + (r.summary.applied_changed ?? 0);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/money/reports" className="underline underline-offset-4">
          Payment reports
        </Link>
      </p>
      <PageTitle title={`${r.courier} report`} intro={r.fileName} />
      <div className="mb-4 space-y-2">
        {answer?.error && <Notice kind="error">{answer.error}</Notice>}
        {r.applied && (
          <Notice kind="success">
            {r.justApplied ? "Applied. " : `Applied on ${r.appliedAt}. `}
            {recorded.toLocaleString("en-US")} payments recorded or changed.{" "}
            <Link to="/admin/money" className="font-medium underline underline-offset-4">
              See the cash from couriers
            </Link>
          </Notice>
        )}
        {!r.applied && r.sameFile && (
          <Notice kind="error">
            This file was applied on {r.sameFile.at} (
            <Link to={`/admin/money/reports/${r.sameFile.id}`} className="underline underline-offset-4">
              report {r.sameFile.id}
            </Link>
            ).
          </Notice>
        )}
        {r.applying && <Notice kind="error">This report is being applied now. Reload the page in a moment.</Notice>}
        {r.problem && <Notice kind="error">{r.problem}</Notice>}
      </div>
      {!r.applied && (
        <Panel>
          {/* columns chosen before stay folded on a phone-length page; a guess or a problem is shown to check */}
          <details open={r.source === "guessed" || r.problem !== null}>
            <summary className="cursor-pointer text-lg font-semibold">Columns</summary>
            <div className="mt-4">
              <MappingForm fields={r.fields} headings={r.headings} source={r.source} busy={busy} />
            </div>
          </details>
        </Panel>
      )}
      {!r.problem && (
        <section aria-label="Preview" className="mt-6">
          <h2 className="mb-2 text-lg font-semibold">{r.applied ? "What each row did" : "What each row will do"}</h2>
          <dl className="mb-4 grid grid-cols-2 gap-2 md:grid-cols-5">
            {SUMMARY_WORDS.filter(([key]) => (r.summary[key] ?? 0) > 0).map(([key, label]) => (
              <div key={key} className="bg-white p-3 ring-1 ring-stone-200">
                <dt className="text-xs text-stone-600">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{(r.summary[key] ?? 0).toLocaleString("en-US")}</dd>
              </div>
            ))}
          </dl>
          {!r.applied && !r.applying && (
            <Form method="post" className="mb-4">
              <input type="hidden" name="intent" value="apply" />
              {toApply > 0 ? (
                <button type="submit" className="btn-primary w-full md:w-auto" disabled={busy}>
                  {busy
                    ? "Applying…"
                    : `Apply ${toApply.toLocaleString("en-US")} ${toApply === 1 ? "payment" : "payments"}`}
                </button>
              ) : (
                <p className="text-sm text-stone-700">
                  Nothing to record: every row is as recorded, or cannot be recorded.
                </p>
              )}
            </Form>
          )}
          <ReportRows rows={r.rows} />
          <Pager
            page={r.page}
            pages={r.pages}
            href={(p) => `/admin/money/reports/${r.id}?page=${p}`}
            labels={["Previous", "Next"]}
          />
        </section>
      )}
    </>
  );
}
