import { DEFAULT_DELIVERY_PROMISE } from "../../core/settings/store-details-rules";
import { useState } from "react";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import { CartLoading } from "../components/CartStates";
import type { ChatButtonHandle } from "../components/ChatButton";
import { LeftToRight, money, SummaryLines } from "../components/OrderSummary";
import { MessageWith } from "../components/Sentence";
import { Picture } from "../components/Picture";
import { toPaisa } from "../lib/cart-store";
import { keptConfirmLink, lineId, loadLastOrder, type LastOrder } from "../lib/checkout-storage";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import { toast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/checkout-confirmation";
import { OutlineIcon } from "../components/OutlineIcon";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT, type Translator } from "../i18n/t";
import { promiseSentence } from "../lib/shopper-messages";

// the order itself comes from this tab's sessionStorage, so the HTML is the same for everyone
export const headers = publicPageHeaders;

// the page's own "Confirm on WhatsApp" button is the chat: the floating one would only cover it
export const handle: ChatButtonHandle = { chatButton: false };

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${t("Order Confirmed")} | ${shell?.siteName ?? ""}`,
    path: "/checkout/confirmation",
    noindex: true,
    locale: t.locale,
  });
}

/** wa.me takes the number in international form, digits only */
function whatsappLink(number: string | null | undefined, text: string): string | null {
  const digits = (number ?? "").replace(/\D/g, "");
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}

function CopyButton({ text }: { text: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success("Tracking ID copied");
      setTimeout(() => setCopied(false), 2000);
    } catch {
      window.prompt(t("Copy your tracking ID:"), text);
    }
  }
  return (
    <button type="button" onClick={copy} className="btn-secondary min-h-10 px-4">
      <OutlineIcon size={16} strokeWidth="1.8">
        <rect x="8" y="8" width="12" height="12" rx="1.5" />
        <path d="M16 8V5.5A1.5 1.5 0 0 0 14.5 4h-9A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8" />
      </OutlineIcon>
      {copied ? t("Copied!") : t("Copy")}
      <span className="sr-only">{` ${t("tracking ID")}`}</span>
    </button>
  );
}

const NEXT_STEPS = [
  "Confirm your order on WhatsApp, or wait for our call to confirm it.",
  "We pack your order and hand it to the courier.",
  // after the delivery promise from the settings (decision 0068)
  "Pay the courier in cash when it arrives.",
  "Follow it any time with your tracking ID and phone number.",
];

const HELD_FIRST_STEP = "We call you to confirm your order.";

/** The steps after the order, the delivery promise before the third (decision 0068). */
function nextSteps(t: Translator, byCall: boolean, deliveryPromise: string): string[] {
  return (byCall ? [HELD_FIRST_STEP, ...NEXT_STEPS.slice(1)] : NEXT_STEPS).map((step, i) =>
    i === 2 ? `${promiseSentence(t, deliveryPromise)} ${t(step)}` : t(step),
  );
}

function Confirmation({ order, shell }: { order: LastOrder; shell: ShellData | undefined }) {
  const t = useT();
  const totalPaisa = toPaisa(order.total);
  const trackHref = t.path(`/track?tracking_id=${encodeURIComponent(order.tracking_id)}`);
  // an order stored before confirmation_by existed keeps what the page said then
  const byCall = order.held_for_call || order.confirmation_by === "call";
  // the message the shopper sends the shop, in the language she ordered in
  const whatsapp = whatsappLink(
    shell?.whatsappNumber,
    t.locale === "en"
      ? `Hello ${shell?.siteName ?? ""}! I have placed order ${order.tracking_id} (total ${money(totalPaisa)}, Cash on Delivery). Please confirm my order.`
      : t(
          "Hello {shop}! I have placed order {trackingId} (total {total}, Cash on Delivery). Please confirm my order.",
          { shop: shell?.siteName ?? "", trackingId: order.tracking_id, total: money(totalPaisa) },
        ),
  );
  return (
    <div className="mx-auto max-w-2xl">
      <div className="text-center">
        <span
          className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-emerald-700 text-white"
          aria-hidden="true"
        >
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h1 className="mt-4 font-serif text-3xl md:text-4xl">
          {order.first_name ? t("Thank you, {name}!", { name: order.first_name }) : t("Thank you!")}
        </h1>
        <p className="mt-2 text-stone-600">{t("Your order has been placed.")}</p>
      </div>

      <section aria-labelledby="tracking-title" className="mt-8 bg-white p-6 text-center ring-1 ring-stone-200">
        <h2 id="tracking-title" className="eyebrow">
          {t("Your tracking ID")}
        </h2>
        <p
          className="mt-3 font-mono text-3xl font-semibold tracking-[0.12em] md:text-4xl"
          data-testid="tracking-id"
          dir="ltr"
        >
          {order.tracking_id}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <CopyButton text={order.tracking_id} />
          <Link to={trackHref} className="btn-secondary min-h-10 px-4">
            {t("Track your order")}
          </Link>
        </div>
        {byCall ? (
          // the shop calls: the order is held (the shopper is told that kindly, and nothing
          // about why), or no WhatsApp question can reach her (no WhatsApp account, or
          // confirmations off), so no message is promised that nobody sends
          <div className="mt-6 border-t border-stone-200 pt-6" data-testid="call-to-confirm">
            <p className="text-sm text-stone-700">
              {order.phone ? (
                <MessageWith
                  message={t(
                    "We will call you on {phone} to confirm your order before we send it. Please keep your phone nearby.",
                  )}
                  name="phone"
                >
                  <strong className="whitespace-nowrap" dir="ltr">
                    {order.phone}
                  </strong>
                </MessageWith>
              ) : (
                t("We will call you to confirm your order before we send it. Please keep your phone nearby.")
              )}
            </p>
            {order.confirm_url && !order.held_for_call && (
              <Link
                to={t.path(order.confirm_url)}
                className="mt-2 inline-block text-sm font-semibold underline underline-offset-4"
              >
                {t("Confirm or cancel your order on this page")}
              </Link>
            )}
          </div>
        ) : (
          order.confirm_url && (
            <div className="mt-6 border-t border-stone-200 pt-6">
              <p className="text-sm text-stone-700">
                {t("We have sent you a WhatsApp message to confirm your order. No WhatsApp?")}
              </p>
              <Link
                to={t.path(order.confirm_url)}
                className="mt-2 inline-block text-sm font-semibold underline underline-offset-4"
              >
                {t("Confirm or cancel your order on this page")}
              </Link>
            </div>
          )
        )}
        {whatsapp && !order.held_for_call && (
          <div className="mt-6 border-t border-stone-200 pt-6">
            <p className="text-sm text-stone-700">{t("Confirm your order on WhatsApp so we can send it sooner.")}</p>
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-primary mt-3 w-full bg-[#1f7a4d] hover:bg-[#17603c] sm:w-auto"
            >
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
                <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
              </svg>
              {t("Confirm on WhatsApp")}
            </a>
          </div>
        )}
      </section>

      <section
        aria-labelledby="payment-title"
        className="mt-6 grid gap-4 bg-white p-6 ring-1 ring-stone-200 sm:grid-cols-2"
      >
        <div>
          <h2 id="payment-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
            {t("Payment method")}
          </h2>
          <p className="mt-2 text-sm">{t("Cash on Delivery")}</p>
        </div>
        <div>
          <h3 className="text-xs font-semibold tracking-[0.18em] uppercase">{t("Amount to pay on delivery")}</h3>
          <p className="mt-2 text-sm font-semibold">{money(totalPaisa)}</p>
        </div>
      </section>

      <section aria-labelledby="items-title" className="mt-6 bg-white p-6 ring-1 ring-stone-200">
        <h2 id="items-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
          {t("Your order")}
        </h2>
        <ul className="mt-2 divide-y divide-stone-100" aria-label={t("Ordered items")}>
          {order.items.map((item) => (
            <li key={lineId(item.product_id, item.combination_id)} className="flex gap-3 py-3 text-sm">
              <div className="w-14 shrink-0">
                <Picture
                  url={order.images[lineId(item.product_id, item.combination_id)]}
                  alt=""
                  sizes="56px"
                  width={400}
                />
              </div>
              <div className="min-w-0 flex-1">
                <p>{item.name}</p>
                {item.variant && <p className="text-xs text-stone-600">{item.variant}</p>}
                <p className="text-xs text-stone-600">
                  <LeftToRight>
                    {item.quantity} × {money(toPaisa(item.price))}
                  </LeftToRight>
                </p>
              </div>
              <p className="font-medium">{money(toPaisa(item.line_total))}</p>
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-stone-200 pt-4">
          <SummaryLines
            subtotalPaisa={toPaisa(order.subtotal)}
            shippingPaisa={toPaisa(order.shipping)}
            discountPaisa={toPaisa(order.discount)}
            totalPaisa={totalPaisa}
            voucherCode={order.voucher_code}
            shippingVoucher={order.free_shipping_by_voucher}
          />
        </div>
      </section>

      <section aria-labelledby="next-title" className="mt-6 bg-white p-6 ring-1 ring-stone-200">
        <h2 id="next-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
          {t("What happens next")}
        </h2>
        <ol className="mt-3 space-y-3 text-sm">
          {nextSteps(t, byCall, shell?.deliveryPromise ?? DEFAULT_DELIVERY_PROMISE).map((step, i) => (
            <li key={step} className="flex gap-3">
              <span className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-stone-100 text-xs font-semibold">
                {i + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-8 text-center">
        <Link to={t.path("/collection/all")} className="btn-secondary">
          {t("Continue Shopping")}
        </Link>
      </div>
    </div>
  );
}

export default function ConfirmationPage() {
  const t = useT();
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const wanted = params.get("tracking_id");
  const order = hydrated ? loadLastOrder() : null;
  const confirmUrl = hydrated && wanted ? keptConfirmLink(wanted) : null;

  return (
    <main className="px-4 pt-8 md:px-8 md:pt-12">
      {!hydrated ? (
        <CartLoading text="Loading your order…" />
      ) : order && (!wanted || order.tracking_id === wanted) ? (
        <Confirmation order={order} shell={shell} />
      ) : (
        // another tab or device: this tab holds no order, but the tracking ID still leads to it
        <div className="mx-auto max-w-md py-12 text-center">
          <h1 className="font-serif text-3xl">{t("Order confirmation")}</h1>
          {wanted ? (
            <>
              <p className="mt-4 text-stone-700">
                <MessageWith message={t("Your tracking ID is {trackingId}.")} name="trackingId">
                  <strong className="font-mono tracking-wider" dir="ltr">
                    {wanted}
                  </strong>
                </MessageWith>
              </p>
              {/* this browser placed it: its confirm/cancel link is still here */}
              {confirmUrl && (
                <Link
                  to={t.path(confirmUrl)}
                  className="mt-4 inline-block text-sm font-semibold underline underline-offset-4"
                >
                  {t("Confirm or cancel your order on this page")}
                </Link>
              )}
            </>
          ) : (
            <p className="mt-4 text-stone-700">{t("There is no recent order in this browser tab.")}</p>
          )}
          <Link
            to={t.path(wanted ? `/track?tracking_id=${encodeURIComponent(wanted)}` : "/track")}
            className="btn-primary mt-8"
          >
            {t("Track your order")}
          </Link>
        </div>
      )}
    </main>
  );
}
