// The console's list pages share these (decision 0099): the count line above a list, the pager
// under it, the notice naming filters that were not understood, and the address of a list with
// its filters. The tabs are in ListTabs.tsx, the filter form's pieces in ListFilters.tsx.
import { Link } from "react-router";
import { Notice } from "./Notice";

export { DayRangeFields } from "./ListFilters";

/**
 * A list page's address with its filters: empty values, values equal to their default and page 1
 * are left out, the rest kept in the order given (the links read the same on every render).
 */
export function listHref(
  path: string,
  values: Record<string, string | number | null | undefined>,
  defaults: Record<string, string> = {},
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    const text = String(value);
    if (text === "" || defaults[name] === text || (name === "page" && text === "1")) continue;
    query.set(name, text);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The pages a list of `total` items makes, `size` to a page (at least one, for "page 1 of 1"). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/**
 * "1,204 orders, page 2 of 25." above a list, or what an empty list says; read out when it
 * changes. `noun` is the singular and plural ("order waiting", "orders waiting").
 */
export function ListCount({
  total,
  page,
  pages,
  noun,
  empty,
  className = "mb-3 text-sm text-stone-600",
}: {
  total: number;
  page: number;
  pages: number;
  noun: readonly [string, string];
  empty: string;
  /** where the line sits: "me-auto …" when buttons share its row */
  className?: string;
}) {
  return (
    <p className={className} role="status">
      {total === 0
        ? empty
        : `${total.toLocaleString("en-US")} ${total === 1 ? noun[0] : noun[1]}, page ${page} of ${pages}.`}
    </p>
  );
}

/** The filters of the address that were not understood (left out of the list), if any. */
export function ListProblems({ problems }: { problems: readonly (string | null)[] }) {
  const named = problems.filter(Boolean);
  if (named.length === 0) return null;
  return (
    <div className="mb-4">
      <Notice kind="error">{named.join(" ")}</Notice>
    </div>
  );
}

/** Newer and Older (or the labels given) around "Page 2 of 9"; nothing for a single page. */
export function Pager({
  page,
  pages,
  href,
  labels = ["Newer", "Older"],
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  /** a list in another order than newest first: "Previous", "Next" */
  labels?: readonly [string, string];
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary">
          {labels[0]}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="btn-secondary">
          {labels[1]}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
