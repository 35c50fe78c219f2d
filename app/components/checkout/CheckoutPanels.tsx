// The checkout form's three panels (spec §2 Checkout): contact, delivery address with the store's
// delivery promise, and the payment method (cash on delivery only, spec §9).
import type { ReactNode } from "react";
import { COUNTRIES } from "../../../core/orders/checkout-form";
import type { CheckoutCity } from "../../../core/couriers/city-match";
import { CityField } from "./CityField";
import { Field, type FieldState } from "./Field";
import { OutlineIcon } from "../OutlineIcon";
import { useT } from "../../i18n/t";
import { shopperMessage } from "../../lib/shopper-messages";

// postal codes are digits in these countries; Canada and the UK mix letters in
const NUMERIC_POSTAL = new Set(["Pakistan", "United States", "Australia"]);

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby={id} className="bg-white p-5 ring-1 ring-stone-200 md:p-6">
      <h2 id={id} className="mb-4 text-xs font-semibold tracking-[0.18em] uppercase">
        {t(title)}
      </h2>
      {children}
    </section>
  );
}

export function ContactPanel({ fields }: { fields: FieldState }) {
  const phoneHint =
    fields.form.country === "Pakistan"
      ? "Pakistani mobile number, e.g. 0300-1234567"
      : "With the country code, e.g. +1 555 123 4567";
  return (
    <Panel id="contact-title" title="Contact">
      <div className="grid grid-cols-2 gap-x-3 gap-y-4">
        <Field
          name="firstName"
          label="First name"
          autoComplete="given-name"
          autoCapitalize="words"
          enterKeyHint="next"
          {...fields}
        />
        <Field
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          autoCapitalize="words"
          enterKeyHint="next"
          {...fields}
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
          {...fields}
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
          {...fields}
        />
      </div>
    </Panel>
  );
}

export function DeliveryPanel({
  fields,
  deliveryPromise,
  cities,
}: {
  fields: FieldState;
  deliveryPromise: string;
  cities: CheckoutCity[];
}) {
  const { form, errors, onChange } = fields;
  const t = useT();
  return (
    <Panel id="delivery-title" title="Delivery address">
      <div className="grid grid-cols-2 gap-x-3 gap-y-4">
        <Field
          name="address"
          label="Address"
          autoComplete="street-address"
          multiline
          className="col-span-2"
          {...fields}
        />
        <CityField cities={cities} {...fields} />
        <Field
          name="postalCode"
          label="Postal code"
          autoComplete="postal-code"
          inputMode={NUMERIC_POSTAL.has(form.country) ? "numeric" : "text"}
          autoCapitalize="characters"
          enterKeyHint="next"
          {...fields}
        />
        <div className="col-span-2">
          <label htmlFor="checkout-country" className="mb-1 block text-sm font-medium">
            {t("Country")}
          </label>
          <select
            id="checkout-country"
            name="country"
            autoComplete="country-name"
            value={form.country}
            onChange={(e) => onChange("country", e.target.value)}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? "checkout-country-error" : undefined}
            className="field"
          >
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(c)}
              </option>
            ))}
          </select>
          {errors.country && (
            <p id="checkout-country-error" className="mt-1 text-xs font-medium text-red-800">
              {shopperMessage(t, errors.country)}
            </p>
          )}
        </div>
      </div>
      <p className="mt-4 flex items-center gap-2 text-sm text-stone-700">
        <OutlineIcon size={18} strokeWidth="1.6">
          <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7z" />
          <circle cx="7" cy="17.5" r="1.5" />
          <circle cx="17" cy="17.5" r="1.5" />
        </OutlineIcon>
        {/* the owner's own words stay as written; spec §9's default is translated */}
        <span data-testid="delivery-promise">{t(deliveryPromise)}</span>
      </p>
    </Panel>
  );
}

export function PaymentPanel() {
  const t = useT();
  return (
    <Panel id="payment-title" title="Payment method">
      <label className="flex cursor-pointer items-start gap-3 border border-ink p-4">
        <input type="radio" name="paymentMethod" value="cod" checked readOnly className="mt-1 accent-ink" />
        <span>
          <span className="block text-sm font-semibold">{t("Cash on Delivery")}</span>
          <span className="block text-xs text-stone-600">{t("Pay in cash when your order arrives.")}</span>
        </span>
      </label>
    </Panel>
  );
}
