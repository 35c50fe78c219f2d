// "Payment reports" (decision 0107), for the money permission: upload a courier's payment report
// (CSV or XLSX) to record the payments it lists, for couriers whose API names no batch (TCS) or
// a statement that disagrees with what the API said; and the reports uploaded before, newest
// first. The upload comes streamed, like the product import's (server/console-import-upload.ts);
// the next page chooses the columns and shows what each row will do before anything is written.
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { COURIER_CODES, COURIER_NAMES, type CourierCode } from "../../../core/couriers/courier";
import { listPaymentReports, previewPaymentReport } from "../../../core/remittances/report-import";
import { REPORT_LIMITS } from "../../../core/remittances/report-read";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { ListCount, pageCount, Pager } from "../../components/admin/Lists";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/money-reports";

export const meta = () => consoleMeta("Payment reports");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "money");
  const page = pageParam(new URL(request.url).searchParams);
  const found = await listPaymentReports(context.core, actor, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    megabytes: REPORT_LIMITS.bytes / 1024 / 1024,
    rows: REPORT_LIMITS.rows,
    reports: found.items.map((r) => ({
      id: r.id,
      courier: COURIER_NAMES[r.courier],
      fileName: r.fileName,
      applied: r.state === "applied",
      when: formatDayTime(r.appliedAt ?? r.createdAt),
      recorded: (r.summary.applied_recorded ?? 0) + (r.summary.applied_changed ?? 0),
      toApply: r.summary.to_apply ?? 0,
      rows: r.summary.rows ?? 0,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "money");
  // the file arrives already read, streamed under the report's limits (decision 0085)
  const form = context.form ?? (await request.formData());
  const courier = formText(form, "courier") as CourierCode;
  if (!COURIER_CODES.includes(courier))
    return data({ error: "Choose the courier the report is from." }, { status: 422 });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return data({ error: "Choose the report file (CSV or XLSX)." }, { status: 422 });
  try {
    const preview = await previewPaymentReport(context.core, actor, {
      courier,
      accountId: null,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      mapping: null,
    });
    return redirect(`/admin/money/reports/${preview.id}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // columns that could not be guessed: the report's page asks for them
    if (typeof error.extra?.id === "number") return redirect(`/admin/money/reports/${error.extra.id}`);
    return data({ error: error.message }, { status: error.status });
  }
}

export default function ConsolePaymentReports() {
  const { reports, page, pages, total, megabytes, rows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle
        title="Payment reports"
        intro="Upload a courier's payment report to record what it paid for each parcel. You see what every row will do before anything is recorded."
      />
      {answer?.error && (
        <Notice kind="error" className="mb-4">
          {answer.error}
        </Notice>
      )}
      <Panel title="Upload a report">
        <Form method="post" encType="multipart/form-data" className="space-y-4">
          <label className="block">
            <span className="mb-1 block text-sm font-medium">Courier</span>
            <select name="courier" required defaultValue="" className="field w-full md:w-72">
              <option value="" disabled>
                Choose the courier
              </option>
              {COURIER_CODES.map((code) => (
                <option key={code} value={code}>
                  {COURIER_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">Report file</span>
            <input
              type="file"
              name="file"
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="block w-full text-sm"
              aria-describedby="report-file-hint"
            />
            <span id="report-file-hint" className="mt-1 block text-xs text-stone-600">
              CSV or Excel (.xlsx, first sheet), at most {megabytes} MB and {rows.toLocaleString("en-US")} rows.
            </span>
          </label>
          <button type="submit" className="btn-primary w-full md:w-auto" disabled={busy}>
            {busy ? "Reading the report…" : "Upload and preview"}
          </button>
        </Form>
      </Panel>
      <section aria-label="Reports uploaded" className="mt-8">
        <h2 className="mb-2 text-lg font-semibold">Reports uploaded</h2>
        <ListCount
          total={total}
          page={page}
          pages={pages}
          noun={["report", "reports"]}
          empty="No reports uploaded yet."
        />
        <ul className="divide-y divide-stone-200 bg-white ring-1 ring-stone-200">
          {reports.map((r) => (
            <li key={r.id} className="p-3">
              <Link to={`/admin/money/reports/${r.id}`} className="font-medium break-all underline underline-offset-4">
                {r.fileName}
              </Link>
              <p className="text-sm text-stone-600">
                {r.courier} · {r.rows.toLocaleString("en-US")} rows ·{" "}
                {r.applied
                  ? `applied ${r.when}: ${r.recorded.toLocaleString("en-US")} payments recorded or changed`
                  : `previewed ${r.when}: ${r.toApply.toLocaleString("en-US")} to apply`}
              </p>
            </li>
          ))}
        </ul>
        <Pager page={page} pages={pages} href={(p) => `/admin/money/reports?page=${p}`} />
      </section>
    </>
  );
}
