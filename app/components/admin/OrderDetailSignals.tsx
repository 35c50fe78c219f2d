// The order page's "Signals" panel (decision 0073): the fake-order signals found when the order
// was placed, each reason and whether it holds the order, the phone's history at the store, and
// buttons to put the phone or the address on the block list.
import { Form, Link } from "react-router";
import { BLOCK_LIMITS } from "../../../core/orders/risk-rules";
import { Panel, TextField } from "./Fields";
import { OrderAnswerNotice, type OrderAnswer } from "./OrderDetailAnswer";

export function OrderDetailSignals({
  order,
  blocked,
  answer,
}: {
  order: {
    risk: {
      history: { delivered: number; refused: number; cancelled: number };
      signals: { code: string; reason: string; holds: boolean }[];
    } | null;
    heldForCall: boolean;
    source: string;
    exchangeOf: { id: number; trackingId: string } | null;
  };
  blocked: { phone: number | null; address: number | null };
  answer?: OrderAnswer;
}) {
  const risk = order.risk;
  return (
    <Panel title="Signals">
      <div aria-label="Signals" role="region" className="space-y-3 text-sm">
        {order.heldForCall && (
          <p className="bg-red-50 px-2 py-1 font-semibold text-red-900 ring-1 ring-red-200">
            Held for a call: no WhatsApp question was sent. Call the customer to confirm.
          </p>
        )}
        {!risk ? (
          <p className="text-stone-700">
            {order.exchangeOf
              ? `A replacement for an exchange: the signals are those of order ${order.exchangeOf.trackingId}.`
              : "Placed before signals were recorded."}
          </p>
        ) : (
          <>
            {risk.signals.length === 0 ? (
              <p className="text-stone-700">No signals.</p>
            ) : (
              <ul className="space-y-1" aria-label="Signals found">
                {risk.signals.map((s, n) => (
                  <li key={n} className="flex items-start gap-2">
                    <span
                      className={`mt-0.5 shrink-0 px-1 text-xs font-semibold ${s.holds ? "bg-red-50 text-red-900" : "bg-amber-50 text-amber-900"}`}
                    >
                      {s.holds ? "Holds" : "Note"}
                    </span>
                    <span>{s.reason}</span>
                  </li>
                ))}
              </ul>
            )}
            {order.source !== "website" && risk.signals.length > 0 && (
              <p className="text-xs text-stone-600">Taken by the staff on the phone: never held.</p>
            )}
            <p aria-label="Phone history">
              This phone before: <strong>{risk.history.delivered}</strong> delivered,{" "}
              <strong>{risk.history.refused}</strong> refused, <strong>{risk.history.cancelled}</strong> cancelled
            </p>
          </>
        )}
        {answer && <OrderAnswerNotice answer={answer} />}
        {blocked.phone !== null && blocked.address !== null ? (
          <p className="text-stone-700">
            The phone and the address are on the block list.{" "}
            <Link to="/admin/block-list" className="inline-block underline underline-offset-4">
              Open the block list
            </Link>
          </p>
        ) : (
          <Form
            method="post"
            preventScrollReset
            className="space-y-2 border-t border-stone-200 pt-3"
            aria-label="Block"
          >
            <TextField name="reason" label="Reason to block (optional)" maxLength={BLOCK_LIMITS.reason} />
            <div className="flex flex-wrap gap-2">
              {blocked.phone === null ? (
                <button type="submit" name="intent" value="block_phone" className="btn-secondary">
                  Block this phone
                </button>
              ) : (
                <span className="text-stone-700">Phone blocked.</span>
              )}
              {blocked.address === null ? (
                <button type="submit" name="intent" value="block_address" className="btn-secondary">
                  Block this address
                </button>
              ) : (
                <span className="text-stone-700">Address blocked.</span>
              )}
            </div>
          </Form>
        )}
      </div>
    </Panel>
  );
}
