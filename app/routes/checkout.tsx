import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  checkField,
  checkForm,
  COUNTRIES,
  EMPTY_CHECKOUT_FORM,
  FIELD_MAX,
  type CheckoutField,
  type CheckoutForm,
} from "../../core/orders/checkout-form";
import { getSiteSettings } from "../../core/settings/site-settings";
import { attributesText, CartLoading, EmptyCart } from "../components/CartStates";
import { money, SummaryLines, WeAccept } from "../components/OrderSummary";
import { Picture } from "../components/Picture";
import { cartFigures, lineKey, reloadCart, toPaisa, useCart, type CartItem } from "../lib/cart";
import {
  checkVoucher,
  hasPendingAttempt,
  loadDraft,
  loadVoucherCode,
  orderPayload,
  resumeAttempt,
  saveDraft,
  saveVoucherCode,
  storedUser,
  submitOrder,
  type AppliedVoucher,
  type PlaceResult,
} from "../lib/checkout";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import { deliveryPromiseText } from "../lib/store-promises";
import type { ShellData } from "../lib/shell.server";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/checkout";

// the same page for everyone: the cart and the form live in the browser (design.md)
export const headers = publicPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSiteSettings(context.core);
  return {
    shipping: { feePaisa: settings.effectiveShippingFeePaisa, freeThresholdPaisa: settings.freeShippingThresholdPaisa },
    deliveryPromise: deliveryPromiseText(settings.deliveryPromise),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  return pageMeta(shell?.seo, { title: `Checkout | ${shell?.siteName ?? ""}`, path: "/checkout", noindex: true });
}

type Errors = Partial<Record<CheckoutField, string>>;

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
// postal codes are digits in these countries; Canada and the UK mix letters in
const NUMERIC_POSTAL = new Set(["Pakistan", "United States", "Australia"]);

function Field({
  name,
  label,
  form,
  errors,
  onChange,
  onBlur,
  hint,
  className = "",
  multiline = false,
  ...input
}: {
  name: CheckoutField;
  label: string;
  form: CheckoutForm;
  errors: Errors;
  onChange: (name: CheckoutField, value: string) => void;
  onBlur: (name: CheckoutField) => void;
  hint?: string;
  className?: string;
  multiline?: boolean;
} & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "type" | "autoComplete" | "inputMode" | "autoCapitalize" | "spellCheck" | "enterKeyHint"
>) {
  const id = `checkout-${name}`;
  const error = errors[name];
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const common = {
    id,
    name,
    value: form[name],
    maxLength: FIELD_MAX[name],
    required: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    onBlur: () => onBlur(name),
    className: `field ${error ? "border-red-700" : ""}`,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={2}
          autoComplete={input.autoComplete}
          onChange={(e) => onChange(name, e.target.value)}
          className={`${common.className} h-auto py-2.5`}
        />
      ) : (
        <input {...common} {...input} onChange={(e) => onChange(name, e.target.value)} />
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function VoucherBox({
  initialCode,
  applied,
  onApply,
  onRemove,
  error,
  checking,
}: {
  initialCode: string;
  applied: AppliedVoucher | null;
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
  error: string | null;
  checking: boolean;
}) {
  const [code, setCode] = useState(initialCode);
  const [required, setRequired] = useState(false);

  async function apply() {
    // spec §5: a code is required
    if (!code.trim()) {
      setRequired(true);
      return;
    }
    if (await onApply(code.trim())) setCode("");
  }

  if (applied) {
    return (
      <div
        className="flex items-start justify-between gap-3 border border-emerald-700/40 bg-emerald-50 p-3 text-sm"
        data-testid="voucher-applied"
      >
        <div>
          <p className="font-semibold tracking-wider">{applied.code} applied</p>
          <p className="mt-0.5 text-xs text-emerald-900">{applied.message}</p>
        </div>
        <button
          type="button"
          onClick={onRemove}
          className="text-xs font-semibold tracking-[0.15em] uppercase underline underline-offset-4"
        >
          Remove
        </button>
      </div>
    );
  }
  const message = required && !code.trim() ? "Please enter a voucher code" : error;
  return (
    <div>
      <label htmlFor="voucher-code" className="mb-1 block text-sm font-medium">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id="voucher-code"
          value={code}
          // spec §5: forced to uppercase
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setRequired(false);
          }}
          onKeyDown={(e) => {
            // Enter applies the code; it must not place the order
            if (e.key === "Enter") {
              e.preventDefault();
              if (!checking) void apply();
            }
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "voucher-message" : undefined}
          className="field min-w-0 flex-1 uppercase placeholder:normal-case"
          placeholder="Enter code"
        />
        <button
          type="button"
          onClick={apply}
          disabled={!code.trim() || checking}
          className="btn-secondary shrink-0 px-4"
        >
          {checking ? "Checking…" : "Apply"}
        </button>
      </div>
      {message && (
        <p id="voucher-message" role="alert" className="mt-1 text-xs font-medium text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}

function SummaryItem({ item }: { item: CartItem }) {
  const attributes = attributesText(item.variants);
  return (
    <li className="flex gap-3 py-3">
      <div className="relative w-14 shrink-0">
        <Picture url={item.image} alt="" sizes="56px" width={400} />
        <span className="absolute -top-2 -right-2 grid h-5 min-w-5 place-items-center rounded-full bg-stone-700 px-1 text-[11px] font-semibold text-white">
          <span className="sr-only">Quantity </span>
          {item.quantity}
        </span>
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p className="leading-snug">{item.name}</p>
        {attributes && <p className="text-xs text-stone-600">{attributes}</p>}
        <p className="text-xs text-stone-600">
          {item.quantity} × {money(toPaisa(item.price))}
        </p>
      </div>
      <p className="text-sm font-medium">{money(toPaisa(item.price) * item.quantity)}</p>
    </li>
  );
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { shipping, deliveryPromise } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const cart = useCart();
  // what the shopper typed before a reload (or their account's details) is the form's first
  // state, read while the page first renders: loading it later would replace what they have
  // typed since (issue 11). The form is only shown once hydrated, so the server's empty form
  // never meets it.
  const [form, setForm] = useState<CheckoutForm>(() => ({ ...EMPTY_CHECKOUT_FORM, ...(loadDraft() ?? storedUser()) }));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [applied, setApplied] = useState<AppliedVoucher | null>(null);
  const [voucherError, setVoucherError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [storedCode, setStoredCode] = useState<string | null>(loadVoucherCode);
  // a kept voucher whose check got no answer: still kept, shown in the box for Apply
  const [uncheckedCode, setUncheckedCode] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ message: string; tone: "error" | "warning" } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // while an order is on its way the page keeps showing what was ordered, even once the cart is cleared
  const [frozen, setFrozen] = useState<CartItem[] | null>(null);
  // an earlier attempt's answer never arrived and the cart has since gone (the order cleared it)
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const items = frozen ?? cart;
  const figures = cartFigures(items, shipping, applied?.pricing ?? null);

  useEffect(() => {
    void reloadCart().then(() => setPending(hasPendingAttempt()));
  }, []);

  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  // a voucher kept from before a reload is checked again once the cart is known. Only the store's
  // answer that it cannot be used takes it away: a check cut off by another reload, or lost on a
  // patchy connection, keeps it (in storage and in the box, ready for Apply) and tries again when
  // the phone is back online.
  useEffect(() => {
    if (!storedCode || cart.length === 0) return;
    let live = true;
    void checkVoucher(storedCode, figures.subtotalPaisa).then((check) => {
      if (!live) return;
      setStoredCode(null);
      if (check.ok) {
        setUncheckedCode(null);
        setApplied(check.voucher);
      } else if (check.invalid) {
        setUncheckedCode(null);
        saveVoucherCode(null);
      } else {
        setUncheckedCode(storedCode);
        setVoucherError(check.message);
      }
    });
    return () => {
      live = false;
    };
  }, [storedCode, cart.length, figures.subtotalPaisa]);

  useEffect(() => {
    if (!uncheckedCode) return;
    const retry = () => setStoredCode(uncheckedCode);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [uncheckedCode]);

  // the cart changed under an applied voucher: its minimum and discount are checked again, for
  // this shopper's contact details (the per-customer limit)
  const { email, phone, country } = form;
  useEffect(() => {
    if (!applied || frozen || applied.checkedAtPaisa === figures.subtotalPaisa || figures.subtotalPaisa === 0) return;
    let live = true;
    void checkVoucher(applied.code, figures.subtotalPaisa, { email, phone, country }).then((check) => {
      if (!live) return;
      if (check.ok) setApplied(check.voucher);
      // no verdict (a lost connection): the voucher stays; the order is priced by the server anyway
      else if (check.invalid) {
        setApplied(null);
        saveVoucherCode(null);
        setVoucherError(check.message);
      }
    });
    return () => {
      live = false;
    };
  }, [figures.subtotalPaisa, applied, frozen, email, phone, country]);

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

  async function applyVoucher(code: string): Promise<boolean> {
    setChecking(true);
    setVoucherError(null);
    const check = await checkVoucher(code, figures.subtotalPaisa, form);
    setChecking(false);
    if (!check.ok) {
      setVoucherError(check.message);
      return false;
    }
    setApplied(check.voucher);
    setUncheckedCode(null);
    saveVoucherCode(check.voucher.code);
    return true;
  }

  function removeVoucher() {
    setApplied(null);
    setUncheckedCode(null);
    setVoucherError(null);
    saveVoucherCode(null);
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
    await settle(await submitOrder(orderPayload(form, cart, figures, applied)));
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
      navigate(`/checkout/confirmation?tracking_id=${encodeURIComponent(result.order.tracking_id)}`, { replace: true });
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
      setApplied(null);
      saveVoucherCode(null);
      setVoucherError(result.message);
      setAlert({ message: `Order creation failed: ${result.message}`, tone: "error" });
    } else {
      setErrors((e) => ({ ...e, ...result.fields }));
      setAlert({ message: result.message, tone: "error" });
      // stock may have changed: the cart shows what is left
      void reloadCart();
    }
  }

  const phoneHint =
    form.country === "Pakistan"
      ? "Pakistani mobile number, e.g. 0300-1234567"
      : "With the country code, e.g. +1 555 123 4567";
  const fieldProps = { form, errors, onChange: change, onBlur: blur };

  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 md:px-8 md:pt-10">
      <Link
        to="/cart"
        className="text-xs font-semibold tracking-[0.15em] text-stone-600 uppercase hover:text-ink hover:underline"
      >
        ← Back to cart
      </Link>
      <h1 className="mt-3 font-serif text-3xl md:text-4xl">Checkout</h1>
      {!hydrated ? (
        <CartLoading />
      ) : items.length === 0 && pending ? (
        <section className="mx-auto max-w-md py-12 text-center" aria-labelledby="pending-title">
          <h2 id="pending-title" className="font-serif text-2xl">
            Your order may already be placed
          </h2>
          <p className="mt-3 text-sm text-stone-700">
            The connection dropped while your order was being sent. Tap below to get its confirmation: it will not be
            placed twice.
          </p>
          {alert && (
            <div
              ref={alertRef}
              tabIndex={-1}
              role="alert"
              className="mt-4 bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200"
            >
              {alert.message}
            </div>
          )}
          <button type="button" onClick={resume} disabled={submitting} className="btn-primary mt-6 w-full">
            {submitting ? "Placing Order..." : "Get my order confirmation"}
          </button>
          <Link to="/collection/all" className="btn-secondary mt-2 w-full">
            Continue Shopping
          </Link>
        </section>
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <form
          noValidate
          onSubmit={submit}
          aria-label="Checkout"
          className="mt-6 grid gap-8 md:grid-cols-[minmax(0,1fr)_24rem] md:gap-12"
        >
          <div className="space-y-8">
            <section aria-labelledby="contact-title" className="bg-white p-5 ring-1 ring-stone-200 md:p-6">
              <h2 id="contact-title" className="mb-4 text-xs font-semibold tracking-[0.18em] uppercase">
                Contact
              </h2>
              <div className="grid grid-cols-2 gap-x-3 gap-y-4">
                <Field
                  name="firstName"
                  label="First name"
                  autoComplete="given-name"
                  autoCapitalize="words"
                  enterKeyHint="next"
                  {...fieldProps}
                />
                <Field
                  name="lastName"
                  label="Last name"
                  autoComplete="family-name"
                  autoCapitalize="words"
                  enterKeyHint="next"
                  {...fieldProps}
                />
                <Field
                  name="email"
                  label="Email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  enterKeyHint="next"
                  className="col-span-2"
                  {...fieldProps}
                />
                <Field
                  name="phone"
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  enterKeyHint="next"
                  hint={phoneHint}
                  className="col-span-2"
                  {...fieldProps}
                />
              </div>
            </section>

            <section aria-labelledby="delivery-title" className="bg-white p-5 ring-1 ring-stone-200 md:p-6">
              <h2 id="delivery-title" className="mb-4 text-xs font-semibold tracking-[0.18em] uppercase">
                Delivery address
              </h2>
              <div className="grid grid-cols-2 gap-x-3 gap-y-4">
                <Field
                  name="address"
                  label="Address"
                  autoComplete="street-address"
                  multiline
                  className="col-span-2"
                  {...fieldProps}
                />
                <Field
                  name="city"
                  label="City"
                  autoComplete="address-level2"
                  autoCapitalize="words"
                  enterKeyHint="next"
                  {...fieldProps}
                />
                <Field
                  name="postalCode"
                  label="Postal code"
                  autoComplete="postal-code"
                  inputMode={NUMERIC_POSTAL.has(form.country) ? "numeric" : "text"}
                  autoCapitalize="characters"
                  enterKeyHint="next"
                  {...fieldProps}
                />
                <div className="col-span-2">
                  <label htmlFor="checkout-country" className="mb-1 block text-sm font-medium">
                    Country
                  </label>
                  <select
                    id="checkout-country"
                    name="country"
                    autoComplete="country-name"
                    value={form.country}
                    onChange={(e) => change("country", e.target.value)}
                    aria-invalid={errors.country ? true : undefined}
                    aria-describedby={errors.country ? "checkout-country-error" : undefined}
                    className="field"
                  >
                    {COUNTRIES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                  {errors.country && (
                    <p id="checkout-country-error" className="mt-1 text-xs font-medium text-red-800">
                      {errors.country}
                    </p>
                  )}
                </div>
              </div>
              <p className="mt-4 flex items-center gap-2 text-sm text-stone-700">
                <svg
                  aria-hidden="true"
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                >
                  <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7z" />
                  <circle cx="7" cy="17.5" r="1.5" />
                  <circle cx="17" cy="17.5" r="1.5" />
                </svg>
                <span data-testid="delivery-promise">{deliveryPromise}</span>
              </p>
            </section>

            <section aria-labelledby="payment-title" className="bg-white p-5 ring-1 ring-stone-200 md:p-6">
              <h2 id="payment-title" className="mb-4 text-xs font-semibold tracking-[0.18em] uppercase">
                Payment method
              </h2>
              <label className="flex cursor-pointer items-start gap-3 border border-ink p-4">
                <input type="radio" name="paymentMethod" value="cod" checked readOnly className="mt-1 accent-ink" />
                <span>
                  <span className="block text-sm font-semibold">Cash on Delivery</span>
                  <span className="block text-xs text-stone-600">Pay in cash when your order arrives.</span>
                </span>
              </label>
            </section>
          </div>

          <aside aria-labelledby="checkout-summary-title" className="md:sticky md:top-28 md:self-start">
            <section className="space-y-5 bg-white p-5 ring-1 ring-stone-200">
              <h2 id="checkout-summary-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
                Order Summary
              </h2>
              <ul
                className="-mt-3 divide-y divide-stone-100 border-b border-stone-200"
                aria-label="Items in your order"
              >
                {items.map((item) => (
                  <SummaryItem key={lineKey(item)} item={item} />
                ))}
              </ul>
              <VoucherBox
                key={uncheckedCode ?? ""}
                initialCode={uncheckedCode ?? ""}
                applied={applied}
                onApply={applyVoucher}
                onRemove={removeVoucher}
                error={voucherError}
                checking={checking}
              />
              <SummaryLines {...figures} voucherCode={applied?.code} shippingVoucher={applied?.freeShipping ?? false} />
              {alert && (
                <div
                  ref={alertRef}
                  tabIndex={-1}
                  role="alert"
                  className={`p-3 text-sm ${alert.tone === "error" ? "bg-red-50 text-red-900 ring-1 ring-red-200" : "bg-amber-50 text-amber-950 ring-1 ring-amber-300"}`}
                >
                  {alert.message}
                </div>
              )}
              <button type="submit" disabled={submitting} className="btn-primary w-full">
                {submitting ? "Placing Order..." : "Place Order"}
              </button>
              <WeAccept />
            </section>
          </aside>
        </form>
      )}
    </main>
  );
}
