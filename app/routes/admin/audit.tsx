// The audit log (decision 0053): every staff write, newest first, filtered by person, kind of
// thing and day (Pakistan time), fifty to a page. Read only: nothing in the product edits or
// deletes an entry, and the database refuses it too (decision 0053).
import { useLoaderData } from "react-router";
import { auditFilterChoices, listAuditLog } from "../../../core/shared/audit";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { actionLabel, consoleMeta, describeChange, dayRange, pageParam } from "../../lib/console";
import { DayRangeFields, FilterActions, FilterForm, SelectFilter } from "../../components/admin/ListFilters";
import { ListCount, listHref, ListProblems, pageCount, Pager } from "../../components/admin/Lists";
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
  return { ...log, choices, filters, problems, page: pageNumber, pages: pageCount(log.total, PAGE_SIZE) };
}

export default function ConsoleAudit() {
  const { items, total, choices, filters, problems, page, pages } = useLoaderData<typeof loader>();
  const pageHref = (n: number) => listHref("/admin/audit", { ...filters, page: n });
  return (
    <>
      <PageTitle
        title="Audit log"
        intro="Everything the staff changed, and every sign-in, newest first. Entries cannot be changed."
      />
      <FilterForm label="Filter the audit log" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SelectFilter
          name="person"
          label="Person"
          value={filters.person}
          options={[
            { value: "", label: "Everyone" },
            ...choices.people.map((p) => ({
              value: p.id,
              label: p.name === p.email ? p.email : `${p.name} · ${p.email}`,
            })),
          ]}
        />
        <SelectFilter
          name="entity"
          label="What"
          value={filters.entity}
          options={[
            { value: "", label: "Anything" },
            ...choices.entityTypes.map((type) => ({ value: type, label: type })),
          ]}
        />
        <DayRangeFields from={filters.from} to={filters.to} />
        <FilterActions submit="Filter" clear="/admin/audit" className="items-end" />
      </FilterForm>
      <ListProblems problems={problems} />
      <ListCount total={total} page={page} pages={pages} noun={["entry", "entries"]} empty="No entries." />
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
