// The parcels of one payment with every amount: a table that scrolls sideways within its own box
// on a phone, the parcel's column kept in place so each row stays named.
import { Link } from "react-router";
import { DISPUTE_WORDS, type LineView } from "./money-view";

const DEDUCTIONS = ["Delivery", "Cash handling", "Fuel", "GST", "Return charge", "Withheld tax", "Other"];

export function MoneyBatchTable({ lines }: { lines: LineView[] }) {
  return (
    <div
      className="overflow-x-auto bg-white ring-1 ring-stone-200"
      tabIndex={0}
      role="region"
      aria-label="Parcels paid"
    >
      <table className="w-full text-sm whitespace-nowrap">
        <thead>
          <tr className="text-start text-xs text-stone-600">
            <th scope="col" className="sticky start-0 bg-white px-3 py-2 font-semibold">
              Parcel
            </th>
            {["Due", "Collected", ...DEDUCTIONS, "Net", "Expected net", "Difference", "Dispute"].map((label) => (
              <th key={label} scope="col" className="px-2 py-2 text-end font-semibold last:pe-3">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 tabular-nums">
          {lines.map((line) => (
            <tr key={line.parcelId}>
              <th scope="row" className="sticky start-0 bg-white px-3 py-2 text-start font-normal">
                <Link to={`/admin/orders/${line.orderId}`} className="block font-semibold underline">
                  {line.trackingId}
                </Link>
                <span className="block text-xs text-stone-600">
                  {line.cn} · {line.outcome}
                </span>
              </th>
              <td className="px-2 py-2 text-end">{line.due}</td>
              <td className="px-2 py-2 text-end">{line.collected}</td>
              {line.amounts.map((amount) => (
                <td key={amount.label} className="px-2 py-2 text-end">
                  {amount.value}
                </td>
              ))}
              <td className="px-2 py-2 text-end font-semibold">{line.net}</td>
              <td className="px-2 py-2 text-end">{line.expectedNet ?? "–"}</td>
              <td className="px-2 py-2 text-end font-semibold text-red-800">{line.difference ?? ""}</td>
              <td className="px-2 py-2 pe-3 text-end">{line.disputeState ? DISPUTE_WORDS[line.disputeState] : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
