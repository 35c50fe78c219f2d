// The checkout page (spec §2 Checkout, §4, §8): the form, its checks and placing the order. Its
// panels and the order summary are in app/components/checkout/, the voucher's state in
// use-checkout-voucher.ts, placing the order once in app/lib/checkout.ts.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  checkField,
  checkForm,
  EMPTY_CHECKOUT_FORM,
  type CheckoutField,
  type CheckoutForm,
} from "../../core/orders/checkout-form";
import { getSiteSettings } from "../../core/settings/site-settings";
import { checkoutCities } from "../../core/couriers/cities";
import { CartLoading, EmptyCart } from "../components/CartStates";
import { ContactPanel, DeliveryPanel, PaymentPanel } from "../components/checkout/CheckoutPanels";
import { CheckoutSummary, type CheckoutAlert } from "../components/checkout/CheckoutSummary";
import type { FieldErrors } from "../components/checkout/Field";
import { PendingOrder } from "../components/checkout/PendingOrder";
import { reloadCart } from "../lib/cart";
import { useCart, type CartItem } from "../lib/cart-store";
import { hasPendingAttempt, orderPayload, resumeAttempt, submitOrder, type PlaceResult } from "../lib/checkout";
import { loadDraft, saveDraft, storedUser } from "../lib/checkout-storage";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import { deliveryPromiseText } from "../lib/store-promises";
import type { ShellData } from "../lib/shell.server";
import { useCheckoutVoucher } from "../lib/use-checkout-voucher";
import { useHydrated } from "../lib/use-hydrated";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import type { Route } from "./+types/checkout";

// the same page for everyone: the cart and the form live in the browser (design.md)
export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, cities] = await Promise.all([getSiteSettings(context.core), checkoutCities(context.core)]);
  return {
    shipping: { feePaisa: settings.effectiveShippingFeePaisa, freeThresholdPaisa: settings.freeShippingThresholdPaisa },
    deliveryPromise: deliveryPromiseText(settings.deliveryPromise),
    // the city field's suggestions (decision 0105)
    cities,
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${t("Checkout")} | ${shell?.siteName ?? ""}`,
    path: "/checkout",
    noindex: true,
    locale: t.locale,
  });
}

const FIELD_ORDER: CheckoutField[] = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "postalCode",
  "country",
];

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { shipping, deliveryPromise, cities } = loaderData;
  const navigate = useNavigate();
  const t = useT();
  const hydrated = useHydrated();
  const cart = useCart();
  // what the shopper typed before a reload (or their account's details) is the form's first
  // state, read while the page first renders: loading it later would replace what they have
  // typed since. The form is only shown once hydrated, so the server's empty form never meets it.
  const [form, setForm] = useState<CheckoutForm>(() => ({ ...EMPTY_CHECKOUT_FORM, ...(loadDraft() ?? storedUser()) }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [alert, setAlert] = useState<CheckoutAlert | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // while an order is on its way the page keeps showing what was ordered, even once the cart is cleared
  const [frozen, setFrozen] = useState<CartItem[] | null>(null);
  // an earlier attempt's answer never arrived and the cart has since gone (the order cleared it)
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const items = frozen ?? cart;

  useEffect(() => {
    void reloadCart().then(() => setPending(hasPendingAttempt()));
  }, []);

  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  const voucher = useCheckoutVoucher({
    items,
    shipping,
    cartLines: cart.length,
    frozen,
    contact: form,
  });
  const { figures } = voucher;

  function change(name: CheckoutField, value: string) {
    const next = { ...form, [name]: value };
    setForm(next);
    saveDraft(next);
    // once the shopper has tried to submit, messages follow every keystroke; before, only on leaving a field
    if (submitted || errors[name]) setErrors((e) => ({ ...e, [name]: checkField(name, next) ?? undefined }));
    if (name === "country" && (submitted || errors.phone) && next.phone) {
      setErrors((e) => ({ ...e, phone: checkField("phone", next) ?? undefined }));
    }
  }

  function blur(name: CheckoutField) {
    if (!form[name].trim() && !submitted) return;
    setErrors((e) => ({ ...e, [name]: checkField(name, form) ?? undefined }));
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // a second tap while the first is on its way does nothing; a later retry reuses the same key
    if (busy.current) return;
    setSubmitted(true);
    const found = checkForm(form);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      setAlert(null);
      document.getElementById(`checkout-${first}`)?.focus();
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setAlert(null);
    setFrozen(cart);
    await settle(await submitOrder({ ...orderPayload(form, cart, figures, voucher.applied), locale: t.locale }));
  }

  async function resume() {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setAlert(null);
    await settle(await resumeAttempt());
  }

  async function settle(result: PlaceResult) {
    if (result.kind === "placed") {
      navigate(t.path(`/checkout/confirmation?tracking_id=${encodeURIComponent(result.order.tracking_id)}`), {
        replace: true,
      });
      return;
    }
    setFrozen(null);
    setPending(hasPendingAttempt());
    busy.current = false;
    setSubmitting(false);
    if (result.kind === "prices-changed") {
      await reloadCart();
      setAlert({ message: result.message, tone: "warning" });
    } else if (result.kind === "voucher") {
      voucher.refused(result.message);
      setAlert({ message: `Order creation failed: ${result.message}`, tone: "error" });
    } else {
      setErrors((e) => ({ ...e, ...result.fields }));
      setAlert({ message: result.message, tone: "error" });
      // stock may have changed: the cart shows what is left
      void reloadCart();
    }
  }

  const fields = { form, errors, onChange: change, onBlur: blur };

  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 md:px-8 md:pt-10">
      <Link
        to={t.path("/cart")}
        className="text-xs font-semibold tracking-[0.15em] text-stone-600 uppercase hover:text-ink hover:underline"
      >
        {/* Urdu's arrow points right: back, on a page that reads right to left */}
        {t("← Back to cart")}
      </Link>
      <h1 className="mt-3 font-serif text-3xl md:text-4xl">{t("Checkout")}</h1>
      {!hydrated ? (
        <CartLoading />
      ) : items.length === 0 && pending ? (
        <PendingOrder alert={alert} alertRef={alertRef} submitting={submitting} onResume={resume} />
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <form
          noValidate
          onSubmit={submit}
          aria-label={t("Checkout")}
          className="mt-6 grid gap-8 md:grid-cols-[minmax(0,1fr)_24rem] md:gap-12"
        >
          <div className="space-y-8">
            <ContactPanel fields={fields} />

            <DeliveryPanel fields={fields} deliveryPromise={deliveryPromise} cities={cities} />

            <PaymentPanel />
          </div>

          <CheckoutSummary
            items={items}
            figures={figures}
            voucher={voucher}
            alert={alert}
            alertRef={alertRef}
            submitting={submitting}
          />
        </form>
      )}
    </main>
  );
}
