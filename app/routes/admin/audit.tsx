// The audit log (issue 12, point 5): every staff write, newest first, filtered by person, kind of
// thing and day (Pakistan time), fifty to a page. Read only: nothing in the product edits or
// deletes an entry, and the database refuses it too (decision 0053).
import { Form, Link, useLoaderData } from "react-router";
import { auditFilterChoices, listAuditLog } from "../../../core/shared/audit";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { actionLabel, consoleMeta, describeChange, dayRange, pageParam } from "../../lib/console";
import { DayRangeFields, Pager } from "../../components/admin/Lists";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/audit";

export const meta = () => consoleMeta("Audit log");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "audit");
  const params = new URL(request.url).searchParams;
  const text = (name: string, max: number) => (params.get(name) ?? "").trim().slice(0, max);
  const filters = {
    person: text("person", 12),
    entity: text("entity", 50),
    from: text("from", 10),
    to: text("to", 10),
  };
  const problems: string[] = [];
  const personId = filters.person === "" ? undefined : Number(filters.person);
  if (personId !== undefined && !(Number.isSafeInteger(personId) && personId > 0))
    problems.push("Choose a person from the list.");
  const days = dayRange(filters.from, filters.to);
  problems.push(...days.problems);
  const pageNumber = pageParam(params);
  const [log, choices] = await Promise.all([
    listAuditLog(context.core, actor, {
      actorId: personId !== undefined && problems.length === 0 ? personId : undefined,
      entityType: filters.entity || undefined,
      from: days.from,
      to: days.to,
      limit: PAGE_SIZE,
      offset: (pageNumber - 1) * PAGE_SIZE,
    }),
    auditFilterChoices(context.core, actor),
  ]);
  return { ...log, choices, filters, problems, page: pageNumber, pages: Math.max(1, Math.ceil(log.total / PAGE_SIZE)) };
}

export default function ConsoleAudit() {
  const { items, total, choices, filters, problems, page, pages } = useLoaderData<typeof loader>();
  const pageHref = (n: number) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ""));
    if (n > 1) query.set("page", String(n));
    const text = query.toString();
    return text ? `/admin/audit?${text}` : "/admin/audit";
  };
  return (
    <>
      <PageTitle
        title="Audit log"
        intro="Everything the staff changed, and every sign-in, newest first. Entries cannot be changed."
      />
      <Form
        method="get"
        className="mb-6 grid gap-3 bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-5"
        aria-label="Filter the audit log"
      >
        <label className="text-sm">
          <span className="block font-semibold">Person</span>
          <select name="person" defaultValue={filters.person} className="field mt-1">
            <option value="">Everyone</option>
            {choices.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name === p.email ? p.email : `${p.name} · ${p.email}`}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block font-semibold">What</span>
          <select name="entity" defaultValue={filters.entity} className="field mt-1">
            <option value="">Anything</option>
            {choices.entityTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <DayRangeFields from={filters.from} to={filters.to} />
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary flex-1">
            Filter
          </button>
          <Link to="/admin/audit" className="btn-secondary">
            Clear
          </Link>
        </div>
      </Form>
      {problems.length > 0 && (
        <div className="mb-4">
          <Notice kind="error">{problems.join(" ")}</Notice>
        </div>
      )}
      <p className="mb-3 text-sm text-stone-600" role="status">
        {total === 0
          ? "No entries."
          : `${total.toLocaleString("en-US")} ${total === 1 ? "entry" : "entries"}, page ${page} of ${pages}.`}
      </p>
      <ol className="space-y-2" aria-label="Audit entries">
        {items.map((entry) => (
          <li
            key={entry.id}
            className="grid gap-1 bg-white p-3 text-sm ring-1 ring-stone-200 lg:grid-cols-[11rem_14rem_minmax(0,1fr)] lg:gap-4"
          >
            <div className="text-stone-600">
              <time dateTime={new Date(entry.at).toISOString()}>{formatDayTime(entry.at)}</time>
              {entry.ip && <span className="block text-xs break-all text-stone-500">{entry.ip}</span>}
            </div>
            <div className="min-w-0 break-words">
              <span className="font-semibold">{entry.actorName ?? entry.actorEmail ?? "Unknown"}</span>
              {entry.actorName && entry.actorEmail && (
                <span className="block text-xs break-all text-stone-500">{entry.actorEmail}</span>
              )}
            </div>
            <div className="min-w-0 break-words">
              <span className="font-semibold">{actionLabel(entry.action)}</span>
              {entry.entityType && (
                <span className="text-stone-600">
                  {" "}
                  · {entry.entityType}
                  {entry.entityId ? ` #${entry.entityId}` : ""}
                </span>
              )}
              {entry.changes && Object.keys(entry.changes).length > 0 && (
                <ul className="mt-1 text-xs text-stone-700">
                  {Object.entries(entry.changes).map(([field, value]) => (
                    <li key={field}>{describeChange(field, value)}</li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ol>
      <Pager page={page} pages={pages} href={pageHref} />
    </>
  );
}
