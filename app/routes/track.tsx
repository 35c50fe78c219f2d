import { DEFAULT_DELIVERY_PROMISE } from "../../core/settings/store-details-rules";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation, useRouteLoaderData } from "react-router";
import { ORDER_NOT_FOUND, trackOrder, type TrackedOrder } from "../../core/orders/track-order";
import { AppError } from "../../core/shared/errors";
import { enforceLimit } from "../../core/shared/rate-limit";
import { RATE_LIMITS } from "../../core/shared/client-limits";
import { LeftToRight, money, SummaryLines } from "../components/OrderSummary";
import { MessageWith } from "../components/Sentence";
import { ParcelEvents, SentWith } from "../components/ParcelEvents";
import { Picture } from "../components/Picture";
import { loadLastOrder } from "../lib/checkout-storage";
import { orderSteps, orderTimeFormat, SHOPPER_STATUS_TEXT } from "../lib/order-steps";
import { localeOfPath, type Locale } from "../i18n/locales";
import { translatorIn, translatorOf, useT } from "../i18n/t";
import { promiseSentence, shopperMessage } from "../lib/shopper-messages";
import { pageMeta, PUBLIC_CACHE } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/track";

// design.md: times are stored in UTC and shown in Pakistan time, in the page's language;
// formatted here on the server so the browser shows the same text it hydrates. The words
// (statuses, steps) stay English ids here: the page translates them.
function view(order: TrackedOrder, locale: Locale) {
  const when = orderTimeFormat(locale);
  // the same steps My Orders shows (app/lib/order-steps.ts), dated in Pakistan time
  const { steps, ended, arrived } = orderSteps(order, (at) => when.format(new Date(at)));
  return {
    trackingId: order.trackingId,
    status: SHOPPER_STATUS_TEXT[order.status],
    ended,
    arrived,
    placed: when.format(order.createdAt),
    updated: when.format(order.updatedAt),
    steps,
    // the courier and its consignment number once the parcel is on its way (decision 0055)
    shipment: order.courier ? { courier: order.courier, trackingNumber: order.trackingNumber } : null,
    // what the courier reported of the parcel (decision 0104)
    parcelEvents: order.parcelEvents.map((e) => ({
      status: e.status,
      reason: e.reason,
      location: e.location,
      courier: e.courierName,
      date: when.format(e.at),
    })),
    // the exchange arranged for this order, or the order this one replaces (decision 0056)
    exchanges: order.exchanges.map((e) => ({
      key: `${e.role}-${e.trackingId}`,
      text: e.role === "replaced_by" ? "Exchange arranged: new order" : "Exchange for order",
      trackingId: e.trackingId,
      date: when.format(e.createdAt),
    })),
    items: order.items.map((i, n) => ({
      key: `${i.productId ?? "x"}-${n}`,
      name: i.name,
      variant: i.variant,
      imageUrl: i.imageUrl,
      quantity: i.quantity,
      unitPricePaisa: i.unitPricePaisa,
      lineTotalPaisa: i.lineTotalPaisa,
    })),
    subtotalPaisa: order.subtotalPaisa,
    shippingPaisa: order.shippingPaisa,
    discountPaisa: order.discountPaisa,
    totalPaisa: order.totalPaisa,
    voucherCode: order.voucherCode,
  };
}

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = translatorOf(request);
  const params = new URL(request.url).searchParams;
  const trackingId = (params.get("tracking_id") ?? "").trim().slice(0, 40);
  // one box takes either; links may also name them as the API does (phone=, email=)
  const contact = (params.get("contact") ?? params.get("phone") ?? params.get("email") ?? "").trim().slice(0, 254);
  const query = { trackingId, contact };
  const searched = params.has("contact") || params.has("phone") || params.has("email");
  if (!searched)
    return data(
      { query, order: null, error: null, notFound: false, missing: null },
      { headers: { "Cache-Control": PUBLIC_CACHE } },
    );
  if (!trackingId || !contact) {
    const missing = !trackingId
      ? "Please enter your tracking ID"
      : "Please enter the phone number or email you used for the order";
    return data({ query, order: null, error: null, notFound: false, missing }, { headers: PRIVATE });
  }
  try {
    // the same per-client limit as GET /api/orders/track: the page must not be a way around it
    const rule = RATE_LIMITS.tracking;
    await enforceLimit(
      context.core.limiter,
      `tracking:ip:${context.clientIp}`,
      rule.limit,
      rule.windowSeconds,
      rule.message,
    );
    const email = contact.includes("@");
    const order = await trackOrder(context.core, {
      trackingId,
      email: email ? contact : null,
      phone: email ? null : contact,
    });
    return data(
      { query, order: view(order, locale), error: null, notFound: false, missing: null },
      { headers: PRIVATE },
    );
  } catch (error) {
    if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 429)) throw error;
    return data(
      // one message whether the ID or the contact was wrong: the page cannot be used to test IDs
      {
        query,
        order: null,
        error: error.status === 404 ? ORDER_NOT_FOUND : error.message,
        notFound: error.status === 404,
        missing: null,
      },
      // 200 for "no such order": a form's answer, not a missing page (and no console error)
      { status: error.status === 404 ? 200 : error.status, headers: PRIVATE },
    );
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${t("Track Your Order")} | ${shell?.siteName ?? ""}`,
    description: t(
      "Follow your cash-on-delivery order with its tracking ID and the phone number or email you ordered with.",
    ),
    path: "/track",
    noindex: location.search !== "",
    locale: t.locale,
  });
}

type OrderView = ReturnType<typeof view>;

function Timeline({ order }: { order: OrderView }) {
  const t = useT();
  return (
    <ol className="mt-6 space-y-0" aria-label={t("Order progress")}>
      {order.steps.map((step, i) => {
        const last = i === order.steps.length - 1;
        const bad = order.ended && last;
        return (
          <li
            key={step.label}
            className="relative flex gap-4 pb-6 last:pb-0"
            aria-current={step.state === "current" ? "step" : undefined}
          >
            {!last && (
              <span
                aria-hidden="true"
                className={`absolute top-6 start-[11px] h-[calc(100%-1.5rem)] w-0.5 ${step.state === "done" ? "bg-emerald-700" : "bg-stone-200"}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 grid h-6 w-6 shrink-0 place-items-center rounded-full text-white ${
                bad ? "bg-red-700" : step.state === "todo" ? "border-2 border-stone-300 bg-white" : "bg-emerald-700"
              } ${step.state === "current" && !bad ? "ring-4 ring-emerald-100" : ""}`}
            >
              {step.state !== "todo" && (
                <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
                  {bad ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="m5 12.5 4.5 4.5L19 7.5" />}
                </svg>
              )}
            </span>
            <div className="-mt-0.5">
              <p className={`text-sm font-semibold ${step.state === "todo" ? "text-stone-500" : ""}`}>
                {t(step.label)}
                <span className="sr-only">
                  {step.state === "done" ? t(" (done)") : step.state === "current" ? t(" (current)") : t(" (not yet)")}
                </span>
              </p>
              {step.date && <p className="text-xs text-stone-600">{step.date}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Result({ order }: { order: OrderView }) {
  const t = useT();
  const deliveryPromise =
    (useRouteLoaderData("root") as ShellData | undefined)?.deliveryPromise ?? DEFAULT_DELIVERY_PROMISE;
  return (
    <div className="mt-10 grid gap-6 md:grid-cols-2">
      <section aria-labelledby="status-title" className="bg-white p-6 ring-1 ring-stone-200">
        <p className="eyebrow">
          {t.locale === "en" ? (
            <>Order {order.trackingId}</>
          ) : (
            <MessageWith message={t("Order {trackingId}")} name="trackingId">
              <bdi>{order.trackingId}</bdi>
            </MessageWith>
          )}
        </p>
        <h2 id="status-title" className="mt-2 font-serif text-2xl">
          {t(order.status)}
        </h2>
        <p className="mt-1 text-xs text-stone-600">
          {t.locale === "en" ? (
            <>Placed {order.placed} · Cash on Delivery</>
          ) : (
            t("Placed {date} · Cash on Delivery", { date: order.placed })
          )}
        </p>
        <Timeline order={order} />
        <ParcelEvents events={order.parcelEvents} className="mt-6" />
        {order.exchanges.length > 0 && (
          <ul className="mt-6 space-y-2 text-sm" aria-label={t("Exchanges")}>
            {order.exchanges.map((exchange) => (
              <li key={exchange.key} className="bg-stone-50 p-3 ring-1 ring-stone-200">
                <p>
                  {t(exchange.text)}{" "}
                  <span className="font-mono font-medium" dir={t.locale === "en" ? undefined : "ltr"}>
                    {exchange.trackingId}
                  </span>
                </p>
                <p className="text-xs text-stone-600">{exchange.date}</p>
              </li>
            ))}
          </ul>
        )}
        {order.shipment && (
          <p className="mt-6 text-sm text-stone-700">
            <SentWith courier={order.shipment.courier} trackingNumber={order.shipment.trackingNumber} />
          </p>
        )}
        {!order.ended && !order.arrived && (
          <p className="mt-6 text-sm text-stone-700">
            {/* the owner's delivery promise, while the order is still on its way */}
            {`${promiseSentence(t, deliveryPromise)} ${t("Counted from when the order is confirmed.")}`}
          </p>
        )}
      </section>
      <section aria-labelledby="order-items-title" className="bg-white p-6 ring-1 ring-stone-200">
        <h2 id="order-items-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
          {t("Items")}
        </h2>
        <ul className="mt-2 divide-y divide-stone-100" aria-label={t("Ordered items")}>
          {order.items.map((item) => (
            <li key={item.key} className="flex gap-3 py-3 text-sm">
              <div className="w-14 shrink-0">
                <Picture url={item.imageUrl} alt="" sizes="56px" width={400} />
              </div>
              <div className="min-w-0 flex-1">
                <p>{item.name}</p>
                {item.variant && <p className="text-xs text-stone-600">{item.variant}</p>}
                <p className="text-xs text-stone-600">
                  <LeftToRight>
                    {item.quantity} × {money(item.unitPricePaisa)}
                  </LeftToRight>
                </p>
              </div>
              <p className="font-medium">{money(item.lineTotalPaisa)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-stone-200 pt-4">
          <SummaryLines
            subtotalPaisa={order.subtotalPaisa}
            shippingPaisa={order.shippingPaisa}
            discountPaisa={order.discountPaisa}
            totalPaisa={order.totalPaisa}
            voucherCode={order.voucherCode}
          />
        </div>
      </section>
    </div>
  );
}

export default function TrackPage({ loaderData }: Route.ComponentProps) {
  const { query, order, error, notFound, missing } = loaderData;
  const t = useT();
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  const whatsapp = (shell?.whatsappNumber ?? "").replace(/\D/g, "");
  const navigation = useNavigation();
  const contactRef = useRef<HTMLInputElement>(null);
  const searching = navigation.state !== "idle" && navigation.location?.pathname === t.path("/track");

  // arriving from the confirmation of this tab's order: the phone it was placed with is filled in
  useEffect(() => {
    const last = loadLastOrder();
    if (
      contactRef.current &&
      !contactRef.current.value &&
      last &&
      last.tracking_id === query.trackingId.toUpperCase()
    ) {
      contactRef.current.value = last.phone;
    }
  }, [query.trackingId]);

  return (
    <main className="mx-auto max-w-5xl px-4 pt-8 md:px-8 md:pt-12">
      <div className="mx-auto max-w-xl text-center">
        <p className="eyebrow">{t("Cash on delivery")}</p>
        <h1 className="mt-2 font-serif text-3xl md:text-4xl">{t("Track Your Order")}</h1>
        <p className="mt-3 text-sm text-stone-600">
          {t("Enter the tracking ID from your order confirmation and the phone number or email you ordered with.")}
        </p>
      </div>
      <Form
        method="get"
        action={t.path("/track")}
        className="mx-auto mt-8 max-w-xl bg-white p-5 ring-1 ring-stone-200 md:p-6"
        aria-label={t("Track your order")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="track-id" className="mb-1 block text-sm font-medium">
              {t("Tracking ID")}
            </label>
            <input
              id="track-id"
              name="tracking_id"
              defaultValue={query.trackingId}
              required
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t("e.g. K7MX4-QR9TZ")}
              dir={t.locale === "en" ? undefined : "ltr"}
              className="field font-mono uppercase placeholder:font-sans placeholder:normal-case"
            />
          </div>
          <div>
            <label htmlFor="track-contact" className="mb-1 block text-sm font-medium">
              {t("Phone or email")}
            </label>
            <input
              ref={contactRef}
              id="track-contact"
              name="contact"
              defaultValue={query.contact}
              required
              maxLength={254}
              autoComplete="tel"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="0300-1234567"
              dir={t.locale === "en" ? undefined : "ltr"}
              className="field"
            />
          </div>
        </div>
        <button type="submit" disabled={searching} className="btn-primary mt-5 w-full">
          {searching ? t("Looking up…") : t("Track Order")}
        </button>
        {(error || missing) && (
          <div role="alert" className="mt-4 bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
            <p className="font-medium">{shopperMessage(t, error ?? missing ?? "")}</p>
            {notFound && (
              <p className="mt-1 text-red-900/80">
                {t("Check the tracking ID, and use the phone number or email you gave at checkout.")}
              </p>
            )}
          </div>
        )}
      </Form>
      {order && <Result order={order} />}
      {!order && whatsapp && (
        <p className="mt-8 text-center text-sm text-stone-600">
          {t("Lost your tracking ID?")}{" "}
          <a
            href={`https://wa.me/${whatsapp}`}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-4 hover:text-ink"
          >
            {t("Message us on WhatsApp")}
          </a>{" "}
          {t("with your name and phone number.")}
        </p>
      )}
    </main>
  );
}
