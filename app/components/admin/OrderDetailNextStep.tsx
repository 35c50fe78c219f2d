// The order page's "Next step" panel: a form for each move the workflow allows from here (the
// courier and consignment number to ship, the cash collected to deliver, whether the items go back
// into stock on a cancel or return). Each form carries the status it showed (expected_status): if
// someone else moved the order meanwhile, the move is refused with a 409 instead of made twice.
import { Form } from "react-router";
import type { StaffOrder } from "../../../core/orders/staff-orders";
import { MOVE_LABELS, statusLabel } from "../../lib/console";
import { Panel, TextField } from "./Fields";
import { OrderAnswerNotice, type OrderAnswer } from "./OrderDetailAnswer";
import { SubmitButton } from "./SubmitButton";

export function OrderDetailNextStep({
  order,
  answer,
  bookedParcel,
}: {
  order: Pick<StaffOrder, "status" | "nextStatuses" | "totalPaisa">;
  /** the answer to a move just made */
  answer: OrderAnswer | undefined;
  /**
   * A parcel booked with a courier and not yet picked up: the courier's pickup moves the order to
   * shipped, and the order is cancelled only after the booking is, so neither is offered here.
   */
  bookedParcel?: { courierName: string; cn: string | null } | null;
}) {
  const moves = (order.nextStatuses as string[]).filter(
    (to) => !bookedParcel || (to !== "shipped" && to !== "cancelled"),
  );
  return (
    <Panel title="Next step">
      {answer?.intent === "move" && <OrderAnswerNotice answer={answer} className="mb-3" />}
      {bookedParcel && (
        <p className="mb-3 text-sm text-stone-700">
          Booked with {bookedParcel.courierName}
          {bookedParcel.cn ? ` (CN ${bookedParcel.cn})` : ""}: the order is marked shipped when the courier picks the
          parcel up. To cancel the order, cancel the booking first, under Courier.
        </p>
      )}
      {moves.length === 0 && !bookedParcel && (
        <p className="text-sm text-stone-700">{statusLabel(order.status)} is final.</p>
      )}
      <div className="space-y-4">
        {moves.map((to) => (
          <Form
            key={to}
            method="post"
            className="space-y-3 border-t border-stone-200 pt-3 first:border-0 first:pt-0"
            aria-label={MOVE_LABELS[to] ?? to}
          >
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="status" value={to} />
            <input type="hidden" name="expected_status" value={order.status} />
            {to === "shipped" && (
              <>
                <TextField name="courier" label="Courier" maxLength={60} required hint="TCS, Leopards, M&P, Trax…" />
                <TextField name="tracking_number" label="Consignment number" maxLength={60} required />
              </>
            )}
            {to === "delivered" && (
              <TextField
                name="cash_collected"
                label="Cash collected (Rs.)"
                inputMode="numeric"
                maxLength={20}
                defaultValue={String(order.totalPaisa / 100)}
                required
              />
            )}
            {(to === "cancelled" || to === "returned") && (
              <fieldset className="text-sm">
                <input type="hidden" name="restock_field" value="1" />
                <legend className="font-semibold">The items</legend>
                <label className="mt-1 flex gap-2">
                  <input type="radio" name="restock" value="yes" defaultChecked /> go back into stock
                </label>
                <label className="mt-1 flex gap-2">
                  <input type="radio" name="restock" value="no" /> cannot be sold again (e.g. opened lingerie)
                </label>
              </fieldset>
            )}
            {(to === "cancelled" || to === "returned") && (
              <TextField name="note" label="Why (a staff note, never shown to the shopper)" maxLength={2000} />
            )}
            <SubmitButton secondary={to === "cancelled" || to === "returned"}>{MOVE_LABELS[to] ?? to}</SubmitButton>
          </Form>
        ))}
      </div>
    </Panel>
  );
}
