// Ways into the print page (/admin/print, decision 0058): links on an order's page, and buttons
// beside the orders list's bulk moves that print the ticked orders (they send the list's form
// by GET to the print page, so the ticked ids travel as id=1&id=2).
import { Link } from "react-router";
import { Panel } from "./Fields";

const PAPERS = [
  { doc: "slip", name: "Packing slip", papers: ["a4", "label"] },
  { doc: "invoice", name: "Invoice", papers: ["a4", "label"] },
  { doc: "label", name: "Label", papers: ["label", "a4"] },
] as const;
const PAPER_NAMES = { a4: "A4", label: "4×6 in" } as const;

export function PrintLinks({ orderId }: { orderId: number }) {
  return (
    <Panel title="Print">
      <ul className="space-y-2 text-sm" aria-label="Print">
        {PAPERS.map(({ doc, name, papers }) => (
          <li key={doc} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="w-24 font-semibold">{name}</span>
            {papers.map((paper) => (
              <Link
                key={paper}
                to={`/admin/print?ids=${orderId}&doc=${doc}&paper=${paper}`}
                aria-label={`${name}, ${PAPER_NAMES[paper]}`}
                className="inline-flex min-h-11 items-center underline underline-offset-4"
              >
                {PAPER_NAMES[paper]}
              </Link>
            ))}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

const BULK = [
  { doc: "slip", label: "Print packing slips" },
  { doc: "invoice", label: "Print invoices" },
  { doc: "label", label: "Print labels" },
] as const;

/** Submit buttons for the orders list's form: each opens the print page with the ticked orders. */
export function PrintTickedButtons({ disabled }: { disabled?: boolean }) {
  return (
    <>
      {BULK.map(({ doc, label }) => (
        <button
          key={doc}
          type="submit"
          name="doc"
          value={doc}
          formMethod="get"
          formAction="/admin/print"
          disabled={disabled}
          className="btn-secondary"
        >
          {label}
        </button>
      ))}
    </>
  );
}
