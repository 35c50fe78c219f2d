// The order page's courier panel (decision 0103): the order's parcels, newest first (booked and
// awaiting pickup, or what the courier last said; one whose answer was lost, with the ways to
// settle it), their airway bill and load sheet, cancel before pickup, and the booking form for a
// confirmed or packed order. Every form is a plain post: it works before the page's script loads.
import { Form } from "react-router";
import type { ParcelView } from "../../../../core/parcels/parcel-reads";
import { formatRupees } from "../../../../core/shared/money";
import { Panel } from "../Fields";
import { OrderAnswerNotice } from "../OrderDetailAnswer";
import { SubmitButton } from "../SubmitButton";
import { BookingForm } from "./BookingForm";
import { MoneyBlock } from "./MoneyBlock";
import type { MoneyLines } from "./parcel-money.server";
import type { ParcelAnswer, ParcelPanelData } from "./parcel-forms.server";
import { parcelStateText, printHref } from "./parcel-state";

type ShownParcel = ParcelView & { when: string };

function ParcelLinks({ orderId }: { orderId: number }) {
  return (
    <p className="flex flex-wrap gap-x-4 text-sm">
      {/* a file, not a page: the browser's PDF viewer prints it */}
      <a
        href={printHref("airway-bills", [orderId])}
        className="inline-flex min-h-11 items-center underline underline-offset-4"
        target="_blank"
        rel="noopener"
      >
        Airway bill (PDF)
      </a>
      <a
        href={printHref("load-sheet", [orderId])}
        className="inline-flex min-h-11 items-center underline underline-offset-4"
        target="_blank"
        rel="noopener"
      >
        Load sheet (PDF)
      </a>
    </p>
  );
}

/** The ways to settle a booking whose answer was lost. */
function SettleForms({ parcel }: { parcel: ShownParcel }) {
  return (
    <div className="mt-3 space-y-3 border-t border-amber-200 pt-3" aria-label="Settle this booking">
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="parcel_settle" />
        <input type="hidden" name="parcel_id" value={parcel.id} />
        <SubmitButton secondary name="action" value="check">
          Ask {parcel.courierName} again
        </SubmitButton>
        <SubmitButton secondary name="action" value="not_booked">
          Not booked
        </SubmitButton>
      </Form>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="parcel_settle" />
        <input type="hidden" name="parcel_id" value={parcel.id} />
        <input type="hidden" name="action" value="booked" />
        <label className="min-w-0 flex-1 text-sm font-semibold">
          CN the portal shows
          <input name="cn" required maxLength={40} autoComplete="off" className="field mt-1" />
        </label>
        <SubmitButton secondary>Record CN</SubmitButton>
      </Form>
    </div>
  );
}

function ParcelEntry({ parcel, orderId, money }: { parcel: ShownParcel; orderId: number; money?: MoneyLines }) {
  const live = parcel.bookingState === "booked";
  const settling = parcel.needsSettling;
  return (
    <li
      className={`p-3 text-sm ring-1 ${settling ? "bg-amber-50 ring-amber-300" : live ? "bg-stone-50 ring-stone-200" : "ring-stone-200"}`}
      data-testid="parcel"
    >
      <p className="font-semibold">
        {parcel.courierName}
        {parcel.cn && <span className="font-mono"> · CN {parcel.cn}</span>}
      </p>
      <p
        className={
          live ? "font-semibold text-emerald-800" : settling ? "font-semibold text-amber-900" : "text-stone-700"
        }
      >
        {parcelStateText(parcel)}
      </p>
      <p className="mt-1 text-xs text-stone-600">
        {parcel.when} · ref {parcel.reference} · COD {formatRupees(parcel.codPaisa)} · {parcel.weightGrams} g ·{" "}
        {parcel.pieces} {parcel.pieces === 1 ? "piece" : "pieces"}
        {parcel.accountLabel ? ` · ${parcel.accountLabel}` : ""}
      </p>
      {parcel.failure && <p className="mt-1 text-stone-800">{parcel.failure}</p>}
      {live && <ParcelLinks orderId={orderId} />}
      {live && parcel.status !== "delivered" && parcel.status !== "returned" && (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="parcel_poll" />
          <input type="hidden" name="parcel_id" value={parcel.id} />
          <SubmitButton secondary>Check with {parcel.courierName} now</SubmitButton>
        </Form>
      )}
      {parcel.cancellable && (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="parcel_cancel" />
          <input type="hidden" name="parcel_id" value={parcel.id} />
          <SubmitButton secondary>Cancel booking</SubmitButton>
        </Form>
      )}
      {settling && <SettleForms parcel={parcel} />}
      {money && <MoneyBlock parcelId={parcel.id} money={money} />}
    </li>
  );
}

export function BookingPanel({
  orderId,
  panel,
  answer,
}: {
  orderId: number;
  panel: ParcelPanelData;
  /** the answer to one of the panel's forms */
  answer: ParcelAnswer | undefined;
}) {
  const { parcels, choices } = panel;
  // an order never booked that cannot be booked yet (pending) or any more (shipped by hand): nothing to show
  if (parcels.length === 0 && !["confirmed", "packed"].includes(choices.orderStatus) && !answer) return null;
  const current = parcels.filter((p) => p.bookingState !== "failed" && p.bookingState !== "cancelled");
  const earlier = parcels.filter((p) => !current.includes(p));
  return (
    <Panel title="Courier">
      {/* a refused booking shows its reason in the form, beside the fields it names */}
      {answer && (answer.intent !== "parcel_book" || answer.done) && (
        <OrderAnswerNotice answer={answer} className="mb-3" />
      )}
      {current.length > 0 && (
        <ul className="mb-4 space-y-2" aria-label="Parcels">
          {current.map((p) => (
            <ParcelEntry key={p.id} parcel={p} orderId={orderId} money={panel.money[p.id]} />
          ))}
        </ul>
      )}
      {choices.refusal ? (
        current.length === 0 && <p className="text-sm text-stone-700">{choices.refusal}</p>
      ) : (
        <BookingForm choices={choices} answer={answer?.intent === "parcel_book" ? answer : undefined} />
      )}
      {earlier.length > 0 && (
        <details className="mt-4 text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center underline underline-offset-4">
            Earlier bookings ({earlier.length})
          </summary>
          <ul className="mt-2 space-y-2">
            {earlier.map((p) => (
              <ParcelEntry key={p.id} parcel={p} orderId={orderId} />
            ))}
          </ul>
        </details>
      )}
    </Panel>
  );
}
