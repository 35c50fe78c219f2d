// The new order form's "Summary" panel: the order as the server priced it on "Review" (lines,
// shipping, discount, total), with the total and a key sent back by "Place order", so a changed
// total is refused and a second press places no second order.
import type { Review } from "../../lib/manual-order-form";
import { Panel } from "./Fields";

export function OrderNewSummary({ review, busy }: { review: Review | undefined; busy: boolean }) {
  return (
    <Panel title="Summary">
      {review ? (
        <div aria-label="Reviewed order" role="region">
          <ul className="divide-y divide-stone-200 text-sm">
            {review.lines.map((line) => (
              <li key={line.key} className="flex justify-between gap-3 py-2">
                <span>
                  {line.name}
                  {line.variant ? ` · ${line.variant}` : ""} · {line.quantity} × {line.unitPrice}
                </span>
                <span className="tabular-nums">{line.total}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{review.subtotal}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd className="tabular-nums">{review.shipping}</dd>
            </div>
            {review.hasDiscount && (
              <div className="flex justify-between">
                <dt>Discount{review.voucherCode ? ` (${review.voucherCode})` : ""}</dt>
                <dd className="tabular-nums">-{review.discount}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold">
              <dt>Total, cash on delivery</dt>
              <dd className="tabular-nums">{review.total}</dd>
            </div>
          </dl>
          {review.overridden && <p className="mt-2 text-xs text-amber-800">Includes figures set by hand.</p>}
          <input type="hidden" name="total_amount" value={review.totalAmount} />
          <input type="hidden" name="idempotency_key" value={review.idempotencyKey} />
        </div>
      ) : (
        <p className="text-sm text-stone-700">
          Review the order to see its prices, shipping and total, worked out by the shop as the checkout does.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="review"
          disabled={busy}
          className={review ? "btn-secondary" : "btn-primary"}
        >
          {review ? "Review again" : "Review"}
        </button>
        {review && (
          <button type="submit" name="intent" value="place" disabled={busy} className="btn-primary">
            Place order
          </button>
        )}
      </div>
    </Panel>
  );
}
