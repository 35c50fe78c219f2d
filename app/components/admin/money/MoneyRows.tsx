// The rows of the money lists, stacked on a phone and spread over a line on a wide screen: a
// parcel not yet paid for (with a fold to take it up with the courier), a difference with its
// dispute form open, and a payment batch that opens on its own page.
import { Link } from "react-router";
import { DisputeForm, type DisputeAnswer } from "./DisputeForm";
import { DISPUTE_WORDS, type LineView } from "./money-view";

export interface BatchView {
  id: number;
  courierName: string;
  reference: string;
  paidOn: string;
  parcels: number;
  collected: string;
  deductions: string;
  net: string;
  differing: number;
}

/** The parcel: its order, customer and city, and its courier and CN. */
function ParcelHeading({ line }: { line: LineView }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold break-words">
        <Link to={`/admin/orders/${line.orderId}`} className="underline">
          {line.trackingId}
        </Link>{" "}
        · {line.customerName}, {line.city}
      </p>
      <p className="text-sm break-words text-stone-600">
        {line.courierName} {line.cn}
        {line.outcome === "returned" ? " · returned" : ""} · since {line.owedSince}
      </p>
    </div>
  );
}

function DisputeLine({ line }: { line: LineView }) {
  if (!line.disputeState) return null;
  return (
    <p className="mt-2 text-sm break-words">
      <span className="text-stone-600">Dispute now: </span>
      <span className="font-semibold">{DISPUTE_WORDS[line.disputeState]}</span>
      {line.disputeNote ? `: ${line.disputeNote}` : ""}
    </p>
  );
}

export function UnpaidRow({ line, answer }: { line: LineView; answer: DisputeAnswer | undefined }) {
  const open = answer?.parcelId === line.parcelId;
  return (
    <li aria-label={`Parcel ${line.cn || line.trackingId}`} className="bg-white p-4 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <ParcelHeading line={line} />
        <div className="tabular-nums sm:text-end">
          <p className="font-semibold">{line.outcome === "returned" ? "Charges to come" : line.due}</p>
          <p className="text-sm text-stone-600">{line.age === "today" ? "since today" : `${line.age} old`}</p>
          {line.expectedNet && <p className="text-sm text-stone-600">expected net {line.expectedNet}</p>}
        </div>
      </div>
      <DisputeLine line={line} />
      <details className="mt-2" open={open || undefined}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline">
          Take up with {line.courierName}
        </summary>
        <DisputeForm line={line} answer={answer} />
      </details>
    </li>
  );
}

export function DifferenceRow({ line, answer }: { line: LineView; answer: DisputeAnswer | undefined }) {
  return (
    <li aria-label={`Parcel ${line.cn || line.trackingId}`} className="bg-white p-4 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <ParcelHeading line={line} />
        <div className="tabular-nums sm:text-end">
          <p className="font-semibold text-red-800">{line.difference ?? "Taken up with the courier"}</p>
          <p className="text-sm text-stone-600">
            due {line.due}
            {line.net ? `, paid ${line.net}` : ", not paid yet"}
          </p>
          {line.payoutId && (
            <p className="text-sm">
              <Link to={`/admin/money/batches/${line.payoutId}`} className="underline">
                {line.reference}
              </Link>
            </p>
          )}
        </div>
      </div>
      <DisputeLine line={line} />
      <DisputeForm line={line} answer={answer} />
    </li>
  );
}

export function BatchRow({ batch }: { batch: BatchView }) {
  return (
    <li className="bg-white p-4 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">
            <Link to={`/admin/money/batches/${batch.id}`} className="underline">
              {batch.reference}
            </Link>
          </p>
          <p className="text-sm text-stone-600">
            {batch.courierName} · paid {batch.paidOn} · {batch.parcels} {batch.parcels === 1 ? "parcel" : "parcels"}
          </p>
          {batch.differing > 0 && (
            <p className="text-sm font-semibold text-red-800">
              {batch.differing} {batch.differing === 1 ? "parcel differs" : "parcels differ"}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-end text-sm tabular-nums">
          <dt className="text-stone-600">Collected</dt>
          <dd>{batch.collected}</dd>
          <dt className="text-stone-600">Deductions</dt>
          <dd>{batch.deductions}</dd>
          <dt className="font-semibold">Net</dt>
          <dd className="font-semibold">{batch.net}</dd>
        </dl>
      </div>
    </li>
  );
}
