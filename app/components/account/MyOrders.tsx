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
import { type Translator, useT } from "../../i18n/t";
import { Sentence } from "../Sentence";

const URDU_DAY_TIME: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Karachi",
};

/** A moment as My Orders writes it: "21 Nov 2026, 2:05 pm" in Pakistan time, in the page's language. */
function dayTimeIn(t: Translator): (value: string | Date) => string {
  if (t.locale === "en") return formatDayTime;
  const format = new Intl.DateTimeFormat(t.tag, URDU_DAY_TIME);
  return (value) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? "" : format.format(date);
  };
}

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
function Steps({ order, dayTime }: { order: Order; dayTime: (value: string | Date) => string }) {
  const t = useT();
  const ltr = t.locale === "ur" ? "ltr" : undefined;
  const { steps, ended } = orderSteps(
    {
      status: order.status,
      createdAt: order.created_at,
      timeline: order.timeline.map((step) => ({ status: step.status, createdAt: step.created_at })),
    },
    dayTime,
  );
  return (
    <div className="border-t border-stone-200 px-4 py-3 text-sm">
      <ol className="grid gap-1.5 sm:grid-cols-2" aria-label={t("Order progress")}>
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
                {t(step.label)}
                <span className="sr-only">
                  {step.state === "done"
                    ? ` ${t("(done)")}`
                    : step.state === "current"
                      ? ` ${t("(current)")}`
                      : ` ${t("(not yet)")}`}
                </span>
              </span>
              {step.date && <span className="text-xs text-stone-600">{step.date}</span>}
            </li>
          );
        })}
      </ol>
      <ParcelEvents
        className="mt-3"
        events={(order.parcel_events ?? []).map((event) => ({ ...event, date: dayTime(event.at) }))}
      />
      {order.exchanges.map((exchange) => (
        <p key={`${exchange.role}-${exchange.tracking_id}`} className="mt-2 text-stone-700">
          {exchange.role === "replaced_by" ? t("Exchange arranged: new order") : t("Exchange for order")}{" "}
          <span className="font-mono font-medium" dir={ltr}>
            {exchange.tracking_id}
          </span>
          <span className="text-xs text-stone-600"> · {dayTime(exchange.created_at)}</span>
        </p>
      ))}
      {order.courier && <SentWith courier={order.courier} trackingNumber={order.tracking_number} />}
    </div>
  );
}

/** "Sent with TCS, consignment number 123." */
function SentWith({ courier, trackingNumber }: { courier: string; trackingNumber: string | null }) {
  const t = useT();
  if (t.locale === "en") {
    return (
      <p className="mt-2 text-stone-700">
        Sent with <span className="font-medium">{courier}</span>
        {trackingNumber && (
          <>
            , consignment number <span className="font-mono font-medium">{trackingNumber}</span>
          </>
        )}
        .
      </p>
    );
  }
  const parts = {
    courier: <span className="font-medium">{courier}</span>,
    number: (
      <span className="font-mono font-medium" dir="ltr">
        {trackingNumber}
      </span>
    ),
  };
  const text = trackingNumber ? t("Sent with {courier}, consignment number {number}.") : t("Sent with {courier}.");
  return (
    <p className="mt-2 text-stone-700">
      <Sentence text={text} parts={parts} />
    </p>
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
  const t = useT();
  const ltr = t.locale === "ur" ? "ltr" : undefined;
  const dayTime = dayTimeIn(t);
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
        {t("My Orders")}
      </h2>
      <PaysInRupees className="mt-4" />
      {failed ? (
        <div className="mt-6" role="alert">
          <p className="text-sm text-red-800">{t("Failed to load your orders. Please try again.")}</p>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setOrders(null);
              setAttempt((n) => n + 1);
            }}
            className="btn-secondary mt-4"
          >
            {t("Try Again")}
          </button>
        </div>
      ) : orders === null ? (
        <p className="mt-6 text-sm text-stone-600">{t("Loading your orders…")}</p>
      ) : orders.length === 0 ? (
        <div className="mt-6 bg-stone-50 p-8 text-center">
          <p className="font-serif text-xl">{t("No orders yet")}</p>
          <p className="mt-2 text-sm text-stone-600">
            {t("When you place an order, it will appear here with its tracking ID.")}
          </p>
          <Link to={t.path("/collection/all")} className="btn-primary mt-6">
            {t("Start Shopping")}
          </Link>
        </div>
      ) : (
        <ol className="mt-6 space-y-5" aria-label={t("Orders")}>
          {orders.map((order) => (
            <li key={order.id} className="ring-1 ring-stone-200">
              <article aria-label={t("Order {trackingId}", { trackingId: order.tracking_id })}>
                <header className="flex flex-wrap items-start justify-between gap-3 bg-stone-50 px-4 py-3 text-sm">
                  <div>
                    <p className="text-xs tracking-widest text-stone-600 uppercase">{t("Tracking ID")}</p>
                    <p className="font-mono text-base font-semibold tracking-wider" dir={ltr}>
                      {order.tracking_id}
                    </p>
                  </div>
                  <div>
                    <p className="text-xs tracking-widest text-stone-600 uppercase">{t("Placed")}</p>
                    <p>{dayTime(order.created_at)}</p>
                  </div>
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 ${STATUS_STYLE[order.status] ?? "bg-white text-ink ring-stone-300"}`}
                  >
                    {t(order.status.charAt(0).toUpperCase() + order.status.slice(1))}
                  </span>
                </header>
                <ul className="divide-y divide-stone-100 px-4" aria-label={t("Items")}>
                  {order.items.map((item, i) => (
                    <li key={`${item.product_id}-${i}`} className="flex justify-between gap-4 py-3 text-sm">
                      <span>
                        {item.product_id ? (
                          <Link to={t.path(`/product/${item.product_id}`)} className="hover:underline">
                            {item.name}
                          </Link>
                        ) : (
                          item.name
                        )}
                        {item.variant && <span className="text-stone-600"> · {item.variant}</span>}
                        <span className="whitespace-nowrap text-stone-600">{` × ${item.quantity}`}</span>
                      </span>
                      <span className="shrink-0" dir={ltr}>
                        {rupees(item.line_total)}
                      </span>
                    </li>
                  ))}
                </ul>
                <Steps order={order} dayTime={dayTime} />
                <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-4 py-3 text-sm">
                  <p>
                    <span className="text-stone-600">{`${t("Total")} `}</span>
                    <span className="font-semibold" dir={ltr}>
                      {rupees(order.total)}
                    </span>
                    <span className="text-stone-600">
                      {" "}
                      · {order.payment_method === "cod" ? t("Cash on Delivery") : order.payment_method}
                    </span>
                  </p>
                  <Link
                    to={t.path(`/track?tracking_id=${encodeURIComponent(order.tracking_id)}`)}
                    className="btn-secondary min-h-10"
                  >
                    {t("Track Order")}
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
