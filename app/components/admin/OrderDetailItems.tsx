// The order page's "Items" panel: each line with its photo, size or colour, what an exchange
// does with the returned unit, quantity and price; then the totals, the returned items' value on
// an exchange, and the cash collected once delivered.
import type { StaffOrder } from "../../../core/orders/staff-orders";
import { formatRupees } from "../../../core/shared/money";
import { Panel } from "./Fields";

export function OrderDetailItems({
  order,
}: {
  order: Pick<
    StaffOrder,
    | "items"
    | "subtotalPaisa"
    | "shippingPaisa"
    | "discountPaisa"
    | "totalPaisa"
    | "cashCollectedPaisa"
    | "voucherCode"
    | "exchangeOf"
  >;
}) {
  return (
    <Panel title="Items">
      <ul className="divide-y divide-stone-200" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3 text-sm">
            {item.imageUrl ? (
              <img
                src={item.imageUrl}
                alt=""
                width={56}
                height={70}
                className="h-[70px] w-14 shrink-0 bg-stone-100 object-cover"
              />
            ) : (
              <span className="h-[70px] w-14 shrink-0 bg-stone-100" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{item.name}</p>
              {item.variant && <p className="text-stone-600">{item.variant}</p>}
              {item.replacesItemId !== null && (
                <p className="text-stone-600">
                  Exchange · the returned unit {item.returnResellable ? "goes back into stock" : "cannot be resold"}
                </p>
              )}
              <p className="text-stone-600">
                {item.quantity} × {formatRupees(item.unitPricePaisa)}
              </p>
            </div>
            <p className="font-semibold tabular-nums">{formatRupees(item.lineTotalPaisa)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatRupees(order.subtotalPaisa)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd className="tabular-nums">{formatRupees(order.shippingPaisa)}</dd>
        </div>
        {order.discountPaisa > 0 && (
          <div className="flex justify-between">
            <dt>
              {order.exchangeOf
                ? "Returned items' value"
                : `Discount${order.voucherCode ? ` (${order.voucherCode})` : ""}`}
            </dt>
            <dd className="tabular-nums">-{formatRupees(order.discountPaisa)}</dd>
          </div>
        )}
        <div className="flex justify-between font-semibold">
          <dt>Total, cash on delivery</dt>
          <dd className="tabular-nums">{formatRupees(order.totalPaisa)}</dd>
        </div>
        {order.cashCollectedPaisa !== null && (
          <div className="flex justify-between">
            <dt>Cash collected</dt>
            <dd className="tabular-nums">{formatRupees(order.cashCollectedPaisa)}</dd>
          </div>
        )}
      </dl>
    </Panel>
  );
}
