// A finished parcel's money on the order page (decision 0106), for members with the money
// permission: what the courier should pay, what it collected and took, the net, the batch and the
// day it paid, a flag when it fell short, and "Check payment now" (a plain post).
import { Form } from "react-router";
import { SubmitButton } from "../SubmitButton";
import type { MoneyLines } from "./parcel-money.server";

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-700">{label}</dt>
      <dd className={`text-end tabular-nums ${strong ? "font-semibold" : ""}`}>{value}</dd>
    </div>
  );
}

export function MoneyBlock({ parcelId, money }: { parcelId: number; money: MoneyLines }) {
  return (
    <section className="mt-3 border-t border-stone-200 pt-3" aria-label="Money" data-testid="parcel-money">
      <h3 className="font-semibold">Money</h3>
      {money.flag && (
        <p className="mt-1 bg-rose-50 px-2 py-1 font-semibold text-rose-900 ring-1 ring-rose-200">{money.flag}</p>
      )}
      <dl className="mt-2 space-y-1">
        <Line label="Due" value={money.due} />
        {money.collected === null ? (
          <p className="text-stone-700">Not paid yet.</p>
        ) : (
          <>
            <Line label="Collected" value={money.collected} />
            {money.deductions.map((d) => (
              <Line key={d.label} label={d.label} value={`− ${d.amount}`} />
            ))}
            {money.net && <Line label="Net paid" value={money.net} strong />}
          </>
        )}
      </dl>
      {money.batch && (
        <p className="mt-2 break-words text-xs text-stone-600">
          Batch <span className="font-mono">{money.batch}</span>
          {money.paidOn ? ` · paid ${money.paidOn}` : ""}
          {money.source ? ` · ${money.source}` : ""}
        </p>
      )}
      <Form method="post" className="mt-1">
        <input type="hidden" name="intent" value="parcel_payment_check" />
        <input type="hidden" name="parcel_id" value={parcelId} />
        <SubmitButton secondary>Check payment now</SubmitButton>
      </Form>
    </section>
  );
}
