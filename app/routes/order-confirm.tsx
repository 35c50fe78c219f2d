// The shopper's confirm page (decision 0071), opened from the link in the
// WhatsApp confirmation request: the order, and Confirm or Cancel. Plain form posts, so it works
// before (or without) JavaScript on any phone. The link is the key to one order, so the page is
// never cached, never indexed, and names the shopper's city but not the shopper.
import { data, Form, Link, useNavigation } from "react-router";
import { answerConfirmLink, findOrderByConfirmToken, type ConfirmPageOrder } from "../../core/orders/confirm-page";
import { AppError } from "../../core/shared/errors";
import { enforceLimit } from "../../core/shared/rate-limit";
import { RATE_LIMITS } from "../../core/shared/client-limits";
import { ltrIn, money } from "../components/OrderSummary";
import { MessageWith } from "../components/Sentence";
import { localeOfPath, type Locale } from "../i18n/locales";
import { translatorIn, translatorOf, useT } from "../i18n/t";
import { orderTimeFormat } from "../lib/order-steps";
import { shopperMessage } from "../lib/shopper-messages";
import { actionOrLoaderHeaders, PRIVATE_HEADERS } from "../lib/private-page";
import { pageMeta } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/order-confirm";

const PRIVATE = PRIVATE_HEADERS;

/** What the page says of an order that is no longer waiting for an answer (in English: the page translates it). */
function settledText(order: ConfirmPageOrder): string {
  switch (order.status) {
    case "confirmed":
      return "This order is already confirmed.";
    case "packed":
      return "This order is already confirmed and is being packed.";
    case "shipped":
      return "This order is already confirmed and is on its way.";
    case "delivered":
      return "This order has already been delivered.";
    case "returned":
      return "This order was returned.";
    case "cancelled":
      return order.confirmationOutcome === "expired"
        ? "This order was cancelled because it was not confirmed in time."
        : "This order is already cancelled.";
    default:
      return "";
  }
}

function view(order: ConfirmPageOrder, locale: Locale) {
  return {
    trackingId: order.trackingId,
    pending: order.status === "pending confirmation",
    cancelled: order.status === "cancelled",
    settled: settledText(order),
    city: order.city,
    placed: orderTimeFormat(locale).format(order.createdAt),
    totalPaisa: order.totalPaisa,
    items: order.items.map((item, n) => ({ key: n, ...item })),
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const order = await findOrderByConfirmToken(context.core, params.token ?? "");
  if (!order) return data({ order: null }, { status: 404, headers: PRIVATE });
  return data({ order: view(order, translatorOf(request).locale) }, { headers: PRIVATE });
}

type Answer = { done: "confirmed" | "cancelled" | "unchanged" } | { error: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get("answer");
  if (choice !== "confirm" && choice !== "cancel") {
    return data<Answer>({ error: "Please tap Confirm order or Cancel order." }, { status: 422, headers: PRIVATE });
  }
  try {
    // the same kind of limit as placing an order: a script must not work through links
    const rule = RATE_LIMITS.confirmLinks;
    await enforceLimit(
      context.core.limiter,
      `confirm-link:ip:${context.clientIp}`,
      rule.limit,
      rule.windowSeconds,
      rule.message,
    );
    const result = await answerConfirmLink(
      context.core,
      params.token ?? "",
      choice === "confirm" ? "confirmed" : "cancelled",
      context.clientIp,
    );
    const done = result.changed ? (choice === "confirm" ? "confirmed" : "cancelled") : "unchanged";
    return data<Answer>({ done }, { headers: PRIVATE });
  } catch (error) {
    if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 429)) throw error;
    return data<Answer>({ error: error.message }, { status: error.status, headers: PRIVATE });
  }
}

export const headers = actionOrLoaderHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  // the path without the token: the link is a key and goes in no canonical or shared address
  return pageMeta(shell?.seo, {
    title: `${t("Confirm Your Order")} | ${shell?.siteName ?? ""}`,
    description: t("Confirm or cancel your cash-on-delivery order."),
    path: "/order/confirm",
    noindex: true,
    locale: t.locale,
  });
}

function NotFound() {
  const t = useT();
  return (
    <main className="mx-auto max-w-xl px-4 pt-12 pb-16 text-center md:pt-16">
      <p className="eyebrow">{t("Cash on delivery")}</p>
      <h1 className="mt-2 font-serif text-3xl md:text-4xl">{t("Link not found")}</h1>
      <p className="mt-4 text-sm text-stone-600">
        {t(
          "This confirmation link is not valid. It may have been copied incompletely: please open it again from the WhatsApp message we sent you.",
        )}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={t.path("/track")} className="btn-primary">
          {t("Track your order")}
        </Link>
        <Link to={t.path("/")} className="btn-secondary">
          {t("Continue shopping")}
        </Link>
      </div>
    </main>
  );
}

export default function OrderConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  const order = loaderData.order;
  if (!order) return <NotFound />;
  const answer = actionData as Answer | undefined;
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const choosing = sending ? navigation.formData?.get("answer") : null;
  const trackHref = t.path(`/track?tracking_id=${encodeURIComponent(order.trackingId)}`);
  return (
    <main className="mx-auto max-w-2xl px-4 pt-8 pb-12 md:px-8 md:pt-12">
      <div className="text-center">
        <p className="eyebrow">{t("Cash on delivery")}</p>
        <h1 className="mt-2 font-serif text-3xl md:text-4xl">
          {order.pending ? t("Confirm your order") : t("Your order")}
        </h1>
        <p className="mt-3 text-sm text-stone-600">
          {t.locale === "en" ? (
            <>
              Order <span className="font-mono font-medium text-ink">{order.trackingId}</span> · placed {order.placed}
            </>
          ) : (
            <MessageWith message={t("Order {trackingId} · placed {date}", { date: order.placed })} name="trackingId">
              <span className="font-mono font-medium text-ink" dir="ltr">
                {order.trackingId}
              </span>
            </MessageWith>
          )}
        </p>
      </div>

      {answer && "done" in answer && answer.done !== "unchanged" && (
        <div
          role="status"
          className={`mt-6 p-4 text-sm ring-1 ${answer.done === "confirmed" ? "bg-emerald-50 text-emerald-900 ring-emerald-200" : "bg-stone-100 text-stone-900 ring-stone-300"}`}
        >
          <p className="font-medium">
            {answer.done === "confirmed"
              ? t("Thank you! Your order is confirmed.")
              : t("Your order is cancelled. Nothing will be sent.")}
          </p>
          {answer.done === "confirmed" && (
            <p className="mt-1">
              {t.locale === "en" ? (
                <>We will pack it and send it to {order.city}. Please keep the cash ready for the courier.</>
              ) : (
                t("We will pack it and send it to {city}. Please keep the cash ready for the courier.", {
                  city: order.city,
                })
              )}
            </p>
          )}
        </div>
      )}
      {answer && "error" in answer && (
        <div role="alert" className="mt-6 bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
          <p className="font-medium">{shopperMessage(t, answer.error)}</p>
        </div>
      )}
      {!order.pending && !(answer && "done" in answer && answer.done !== "unchanged") && (
        <div role="status" className="mt-6 bg-white p-4 text-center text-sm ring-1 ring-stone-200">
          <p className="font-medium">{t(order.settled)}</p>
        </div>
      )}

      <section aria-labelledby="confirm-items-title" className="mt-6 bg-white p-6 ring-1 ring-stone-200">
        <h2 id="confirm-items-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
          {t("Items")}
        </h2>
        <ul className="mt-2 divide-y divide-stone-100" aria-label={t("Ordered items")}>
          {order.items.map((item) => (
            <li key={item.key} className="flex gap-3 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p>{item.name}</p>
                {item.variant && <p className="text-xs text-stone-600">{item.variant}</p>}
                <p className="text-xs text-stone-600">
                  {t.locale === "en" ? <>Quantity {item.quantity}</> : t("Quantity {count}", { count: item.quantity })}
                </p>
              </div>
              <p className="font-medium">{money(item.lineTotalPaisa)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-stone-200 pt-4 text-sm">
          <dt>{t("Total to pay on delivery")}</dt>
          <dd className="text-end font-semibold" data-testid="confirm-total" dir={ltrIn(t.locale)}>
            {money(order.totalPaisa)}
          </dd>
          <dt>{t("Delivery to")}</dt>
          <dd className="text-end">{order.city}</dd>
        </dl>
      </section>

      {order.pending && (
        <Form
          method="post"
          className="mt-6 bg-white p-6 ring-1 ring-stone-200"
          aria-label={t("Confirm or cancel your order")}
        >
          <p className="text-sm text-stone-700">
            {t(
              "Please confirm so we can send your order. If you did not place it, or have changed your mind, cancel it.",
            )}
          </p>
          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            <button type="submit" name="answer" value="confirm" disabled={sending} className="btn-primary w-full">
              {choosing === "confirm" ? t("Confirming…") : t("Confirm order")}
            </button>
            <button type="submit" name="answer" value="cancel" disabled={sending} className="btn-secondary w-full">
              {choosing === "cancel" ? t("Cancelling…") : t("Cancel order")}
            </button>
          </div>
        </Form>
      )}

      <p className="mt-8 text-center text-sm text-stone-600">
        <Link to={trackHref} className="underline underline-offset-4 hover:text-ink">
          {t("Track this order")}
        </Link>
      </p>
    </main>
  );
}
