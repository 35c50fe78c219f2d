// The order page's "Timeline" panel: each move, exchange and staff note with who and when, and
// the form that adds a note for the staff.
import { Form, Link } from "react-router";
import type { StaffOrder } from "../../../core/orders/staff-orders";
import { statusLabel } from "../../lib/console";
import { Panel } from "./Fields";
import { OrderAnswerNotice, type OrderAnswer } from "./OrderDetailAnswer";
import { SubmitButton } from "./SubmitButton";

export function OrderDetailTimeline({
  order,
  answer,
}: {
  order: Pick<StaffOrder, "exchangeOf"> & { timeline: (StaffOrder["timeline"][number] & { when: string })[] };
  /** the answer to a note just added */
  answer: OrderAnswer | undefined;
}) {
  return (
    <Panel title="Timeline">
      <ol className="space-y-3 text-sm" aria-label="Timeline">
        {order.timeline.map((event) => (
          <li key={`${event.kind}-${event.id}`} className="border-s-2 border-stone-300 ps-3">
            <p className="text-xs text-stone-600">
              {event.when} ·{" "}
              {event.kind === "parcel"
                ? event.courier
                : (event.actorName ?? (event.actorId === null ? "Shopper or system" : "Staff"))}
            </p>
            {event.kind === "exchange" ? (
              <p>
                {event.relatedOrderId === order.exchangeOf?.id ? "Exchange for order " : "Exchange: new order "}
                {event.relatedOrderId !== null && (
                  <Link to={`/admin/orders/${event.relatedOrderId}`} className="font-mono underline">
                    {event.relatedTrackingId}
                  </Link>
                )}
              </p>
            ) : event.kind === "parcel" ? (
              // what the courier reported (decision 0104): its words are the note below
              <p>
                <span className="me-1 bg-sky-50 px-1 text-xs font-semibold text-sky-900">Courier</span>
                <span className="font-mono text-xs">{event.trackingNumber}</span>
              </p>
            ) : event.kind === "status" ? (
              <p>
                {event.fromStatus ? `${statusLabel(event.fromStatus)} → ` : ""}
                <strong>{statusLabel(event.toStatus ?? "")}</strong>
                {event.courier && ` · ${event.courier} ${event.trackingNumber ?? ""}`}
              </p>
            ) : (
              <p>
                <span className="me-1 bg-amber-50 px-1 text-xs font-semibold text-amber-900">Staff note</span>
              </p>
            )}
            {event.note && <p className="whitespace-pre-line text-stone-700">{event.note}</p>}
          </li>
        ))}
      </ol>
      <Form method="post" preventScrollReset className="mt-4 space-y-2" aria-label="Add a note">
        <input type="hidden" name="intent" value="note" />
        <label className="block text-sm">
          <span className="font-semibold">Note for the staff</span>
          <textarea name="note" maxLength={2000} rows={2} required className="field mt-1 h-auto py-2" />
        </label>
        <SubmitButton secondary>Add note</SubmitButton>
        {answer?.intent === "note" && <OrderAnswerNotice answer={answer} />}
      </Form>
    </Panel>
  );
}
