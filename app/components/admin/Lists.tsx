// Pieces the console's lists share: the from/to day fields of a filter form, and the pager.
import { Link } from "react-router";

/** From and To, as days (read in Pakistan time by the page's loader). */
export function DayRangeFields({ from, to }: { from: string; to: string }) {
  return (
    <>
      <label className="text-sm">
        <span className="block font-semibold">From</span>
        <input type="date" name="from" defaultValue={from} className="field mt-1" />
      </label>
      <label className="text-sm">
        <span className="block font-semibold">To</span>
        <input type="date" name="to" defaultValue={to} className="field mt-1" />
      </label>
    </>
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
