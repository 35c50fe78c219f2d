// The collection's page links: Previous, the first and last pages, the pages around the current
// one with "…" for the gaps, and Next; each keeps the filters and sort of the address.
import { Link } from "react-router";
import { useT } from "../../i18n/t";
import { queryString, type CollectionQuery } from "../../lib/collection-query";

function pageNumbers(current: number, last: number): (number | "…")[] {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | "…")[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push("…");
    out.push(n);
  });
  return out;
}

export function Pager({ path, query, pages }: { path: string; query: CollectionQuery; pages: number }) {
  const t = useT();
  return (
    <nav aria-label={t("Pages")} className="mt-12 flex flex-wrap items-center justify-center gap-1 text-sm">
      {query.page > 1 && (
        <Link
          to={`${path}${queryString(query, { page: query.page - 1 })}`}
          className="grid h-10 place-items-center border border-stone-300 bg-white px-3 hover:border-ink"
          rel="prev"
        >
          {t("Previous")}
        </Link>
      )}
      {pageNumbers(query.page, pages).map((n, i) =>
        n === "…" ? (
          <span key={`gap${i}`} className="px-2" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={`${path}${queryString(query, { page: n })}`}
            aria-label={t("Page {page}", { page: n })}
            aria-current={n === query.page ? "page" : undefined}
            className={`grid h-10 min-w-10 place-items-center border px-3 ${n === query.page ? "border-ink bg-ink text-white" : "border-stone-300 bg-white hover:border-ink"}`}
          >
            {n}
          </Link>
        ),
      )}
      {query.page < pages && (
        <Link
          to={`${path}${queryString(query, { page: query.page + 1 })}`}
          className="grid h-10 place-items-center border border-stone-300 bg-white px-3 hover:border-ink"
          rel="next"
        >
          {t("Next")}
        </Link>
      )}
    </nav>
  );
}
