// A payment report's rows and what each will do (or did), as stacked cards on a phone and a
// table's columns from 768 px: the line, the CN, the words, and the amounts.
export interface ShownRow {
  line: number;
  cn: string;
  orderId: number | null;
  outcome: string;
  says: string;
  result: string | null;
  collected: string;
  deductions: string;
  net: string;
}

// the outcomes that record nothing, shown in the warning colour
const REFUSED = new Set(["unknown_cn", "other_account", "not_booked", "bad_value", "no_cn", "repeated"]);

const COLUMNS = "md:grid-cols-[4rem_minmax(8rem,12rem)_1fr_7rem_7rem_7rem]";

export function ReportRows({ rows }: { rows: ShownRow[] }) {
  return (
    <div role="table" aria-label="Rows of the report" className="bg-white text-sm ring-1 ring-stone-200">
      <div role="row" className={`hidden gap-3 border-b border-stone-200 p-3 font-medium md:grid ${COLUMNS}`}>
        <span role="columnheader">Line</span>
        <span role="columnheader">CN</span>
        <span role="columnheader">What it does</span>
        <span role="columnheader" className="text-end">
          Collected
        </span>
        <span role="columnheader" className="text-end">
          Deductions
        </span>
        <span role="columnheader" className="text-end">
          Net paid
        </span>
      </div>
      {rows.map((row) => (
        <div
          role="row"
          key={row.line}
          className={`grid grid-cols-2 gap-x-3 gap-y-1 border-b border-stone-100 p-3 last:border-0 md:gap-3 ${COLUMNS}`}
        >
          <span role="cell" className="text-stone-600">
            <span className="md:hidden">Line </span>
            {row.line}
          </span>
          <span role="cell" className="text-end font-mono break-all md:text-start">
            {row.orderId ? (
              <a href={`/admin/orders/${row.orderId}`} className="underline underline-offset-4">
                {row.cn}
              </a>
            ) : (
              row.cn || "–"
            )}
          </span>
          <span role="cell" className={`col-span-2 md:col-span-1 ${REFUSED.has(row.outcome) ? "text-red-800" : ""}`}>
            {row.says}
            {row.result && <span className="block font-medium text-emerald-900">Done: {row.result}</span>}
          </span>
          <Amount label="Collected" value={row.collected} />
          <Amount label="Deductions" value={row.deductions} />
          <Amount label="Net paid" value={row.net} strong />
        </div>
      ))}
    </div>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <span
      role="cell"
      className={`col-span-2 flex justify-between tabular-nums md:col-span-1 md:block md:text-end ${strong ? "font-semibold" : ""}`}
    >
      <span className="text-stone-600 md:hidden">{label}</span>
      {value}
    </span>
  );
}
