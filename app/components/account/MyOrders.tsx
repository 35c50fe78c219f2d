// My Orders on the account page (spec §2 Account, §4): the shopper's orders with their lines,
// each step with its day and time, the courier and exchanges, and Track Order.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatRupees } from "../../../core/shared/money";
import { PaysInRupees } from "../Price";
import { api } from "../../lib/api";
import { formatDayTime } from "../../lib/dates";
import { orderSteps, type ShopperOrderStatus } from "../../lib/order-steps";
import { ParcelEvents } from "../ParcelEvents";

interface OrderItem {
  product_id: number | null;
  name: string;
  variant: string | null;
  quantity: number;
  price: number;
  line_total: number;
}

interface Order {
  id: number;
  tracking_id: string;
  status: ShopperOrderStatus;
  payment_method: string;
  items: OrderItem[];
  total: number;
  courier: string | null;
  tracking_number: string | null;
  timeline: { status: ShopperOrderStatus; created_at: string }[];
  exchanges: { role: "replaced_by" | "replaces"; tracking_id: string; created_at: string }[];
  parcel_events?: { at: string; status: string; reason: string | null; location: string | null; courier: string }[];
  created_at: string;
}
// each step with its day and time in Pakistan time, compact enough for a phone
function Steps({ order }: { order: Order }) {
  const { steps, ended } = orderSteps(
    {
      status: order.status,
      createdAt: order.created_at,
      timeline: order.timeline.map((step) => ({ status: step.status, createdAt: step.created_at })),
    },
    formatDayTime,
  );
  return (
    <div className="border-t border-stone-200 px-4 py-3 text-sm">
      <ol className="grid gap-1.5 sm:grid-cols-2" aria-label="Order progress">
        {steps.map((step, i) => {
          const bad = ended && i === steps.length - 1;
          return (
            <li
              key={step.label}
              className="flex items-baseline gap-2"
              aria-current={step.state === "current" ? "step" : undefined}
            >
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 shrink-0 rounded-full ${
                  bad ? "bg-red-700" : step.state === "todo" ? "border border-stone-400 bg-white" : "bg-emerald-700"
                }`}
              />
              <span className={step.state === "todo" ? "text-stone-500" : "font-medium"}>
                {step.label}
                <span className="sr-only">
                  {step.state === "done" ? " (done)" : step.state === "current" ? " (current)" : " (not yet)"}
                </span>
              </span>
              {step.date && <span className="text-xs text-stone-600">{step.date}</span>}
            </li>
          );
        })}
      </ol>
      <ParcelEvents
        className="mt-3"
        events={(order.parcel_events ?? []).map((event) => ({ ...event, date: formatDayTime(event.at) }))}
      />
      {order.exchanges.map((exchange) => (
        <p key={`${exchange.role}-${exchange.tracking_id}`} className="mt-2 text-stone-700">
          {exchange.role === "replaced_by" ? "Exchange arranged: new order" : "Exchange for order"}{" "}
          <span className="font-mono font-medium">{exchange.tracking_id}</span>
          <span className="text-xs text-stone-600"> · {formatDayTime(exchange.created_at)}</span>
        </p>
      ))}
      {order.courier && (
        <p className="mt-2 text-stone-700">
          Sent with <span className="font-medium">{order.courier}</span>
          {order.tracking_number && (
            <>
              , consignment number <span className="font-mono font-medium">{order.tracking_number}</span>
            </>
          )}
          .
        </p>
      )}
    </div>
  );
}

const rupees = (amount: number) => formatRupees(Math.round(Number(amount) * 100));

const STATUS_STYLE: Record<string, string> = {
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  shipped: "bg-sky-50 text-sky-800 ring-sky-200",
  packed: "bg-amber-50 text-amber-900 ring-amber-200",
  confirmed: "bg-amber-50 text-amber-900 ring-amber-200",
  cancelled: "bg-stone-100 text-stone-700 ring-stone-300",
  returned: "bg-stone-100 text-stone-700 ring-stone-300",
};

export function MyOrders() {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    api<Order[]>("/users/me/orders?limit=50", { auth: true })
      .then((list) => live && setOrders(list))
      .catch((error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <section aria-labelledby="orders-title" aria-busy={orders === null && !failed}>
      <h2 id="orders-title" className="font-serif text-2xl">
        My Orders
      </h2>
      <PaysInRupees className="mt-4" />
      {failed ? (
        <div className="mt-6" role="alert">
          <p className="text-sm text-red-800">Failed to load your orders. Please try again.</p>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setOrders(null);
              setAttempt((n) => n + 1);
            }}
            className="btn-secondary mt-4"
          >
            Try Again
          </button>
        </div>
      ) : orders === null ? (
        <p className="mt-6 text-sm text-stone-600">Loading your orders…</p>
      ) : orders.length === 0 ? (
        <div className="mt-6 bg-stone-50 p-8 text-center">
          <p className="font-serif text-xl">No orders yet</p>
          <p className="mt-2 text-sm text-stone-600">
            When you place an order, it will appear here with its tracking ID.
          </p>
          <Link to="/collection/all" className="btn-primary mt-6">
            Start Shopping
          </Link>
        </div>
      ) : (
        <ol className="mt-6 space-y-5" aria-label="Orders">
          {orders.map((order) => (
            <li key={order.id} className="ring-1 ring-stone-200">
              <article aria-label={`Order ${order.tracking_id}`}>
                <header className="flex flex-wrap items-start justify-between gap-3 bg-stone-50 px-4 py-3 text-sm">
                  <div>
                    <p className="text-xs tracking-widest text-stone-600 uppercase">Tracking ID</p>
                    <p className="font-mono text-base font-semibold tracking-wider">{order.tracking_id}</p>
                  </div>
                  <div>
                    <p className="text-xs tracking-widest text-stone-600 uppercase">Placed</p>
                    <p>{formatDayTime(order.created_at)}</p>
                  </div>
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 ${STATUS_STYLE[order.status] ?? "bg-white text-ink ring-stone-300"}`}
                  >
                    {order.status.charAt(0).toUpperCase() + order.status.slice(1)}
                  </span>
                </header>
                <ul className="divide-y divide-stone-100 px-4" aria-label="Items">
                  {order.items.map((item, i) => (
                    <li key={`${item.product_id}-${i}`} className="flex justify-between gap-4 py-3 text-sm">
                      <span>
                        {item.product_id ? (
                          <Link to={`/product/${item.product_id}`} className="hover:underline">
                            {item.name}
                          </Link>
                        ) : (
                          item.name
                        )}
                        {item.variant && <span className="text-stone-600"> · {item.variant}</span>}
                        <span className="whitespace-nowrap text-stone-600">{` × ${item.quantity}`}</span>
                      </span>
                      <span className="shrink-0">{rupees(item.line_total)}</span>
                    </li>
                  ))}
                </ul>
                <Steps order={order} />
                <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-4 py-3 text-sm">
                  <p>
                    <span className="text-stone-600">Total </span>
                    <span className="font-semibold">{rupees(order.total)}</span>
                    <span className="text-stone-600">
                      {" "}
                      · {order.payment_method === "cod" ? "Cash on Delivery" : order.payment_method}
                    </span>
                  </p>
                  <Link
                    to={`/track?tracking_id=${encodeURIComponent(order.tracking_id)}`}
                    className="btn-secondary min-h-10"
                  >
                    Track Order
                  </Link>
                </footer>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
