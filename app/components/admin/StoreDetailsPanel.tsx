// The settings page's "Store details" panel (decision 0068): name, contact,
// shipping, delivery promise and social links. The form posts with intent=store and the version
// it was made from; it is keyed by that version, so after a save (or someone else's) it shows
// the stored values again.
import { useNavigation } from "react-router";
import {
  DEFAULT_DELIVERY_PROMISE,
  SOCIAL_FIELDS,
  SOCIAL_HOSTS,
  STORE_DETAILS_LIMITS,
} from "../../../core/settings/store-details-rules";
import { messageUnderField } from "../../../core/shared/field-errors";
import { ConsoleForm, FormNotice, Panel, TextField } from "./Fields";
import { Notice } from "./Notice";

export interface StoreDetailsView {
  store_name: string | null;
  default_store_name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  business_hours: string | null;
  whatsapp_number: string | null;
  /** rupees as the form shows them ("500", "499.50"), "" when not set */
  shipping_fee: string;
  free_shipping_threshold: string;
  default_shipping_fee: string;
  delivery_promise: string | null;
  tagline: string | null;
  meta_description: string | null;
  facebook_url: string | null;
  instagram_url: string | null;
  twitter_url: string | null;
  tiktok_url: string | null;
  youtube_url: string | null;
  updated_at: string;
}

export interface StoreDetailsAnswer {
  error?: string;
  done?: string;
  /** the field a refusal names */
  field?: string;
  /** what was sent, kept in the form after a refusal (the page reloaded without JavaScript) */
  values?: Record<string, string>;
}

type InputKind = "text" | "email" | "tel" | "url" | "money";

/** A store detail: money is typed as text with the decimal keyboard; nothing is autofilled. */
function Field({
  kind = "text",
  value,
  ...props
}: {
  name: string;
  label: string;
  kind?: InputKind;
  value: string;
  maxLength: number;
  hint?: string;
}) {
  return (
    <TextField
      {...props}
      type={kind === "money" ? "text" : kind}
      inputMode={kind === "money" ? "decimal" : undefined}
      defaultValue={value}
      autoComplete="off"
    />
  );
}

export function StoreDetailsPanel({ details, answer }: { details: StoreDetailsView; answer?: StoreDetailsAnswer }) {
  const busy = useNavigation().state === "submitting";
  const kept = answer?.error ? answer.values : undefined;
  const shown = (field: keyof StoreDetailsView) => kept?.[field] ?? String(details[field] ?? "");
  // the refusal's field shows its message under itself (decision 0096); one naming none, by the button
  const refusal = answer?.error
    ? {
        error: answer.error,
        fields: answer.field ? { [answer.field]: messageUnderField(answer.field, answer.error) } : {},
      }
    : undefined;
  return (
    <Panel title="Store details">
      <ConsoleForm
        answer={refusal}
        key={details.updated_at}
        method="post"
        preventScrollReset
        className="space-y-5"
        aria-label="Store details"
        noValidate
      >
        <input type="hidden" name="intent" value="store" />
        <input type="hidden" name="updated_at" value={details.updated_at} />
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase">The store</legend>
          <Field
            name="store_name"
            label="Store name"
            value={shown("store_name")}
            maxLength={STORE_DETAILS_LIMITS.store_name}
            hint={`In the header, footer and page titles. Empty: “${details.default_store_name}”.`}
          />
          <Field
            name="phone"
            label="Contact phone"
            kind="tel"
            value={shown("phone")}
            maxLength={STORE_DETAILS_LIMITS.phone}
            hint="A Pakistani number, e.g. 042-35761234 or 0300-1234567."
          />
          <Field
            name="whatsapp_number"
            label="WhatsApp number"
            kind="tel"
            value={shown("whatsapp_number")}
            maxLength={STORE_DETAILS_LIMITS.whatsapp_number}
            hint="The chat button on every page opens a WhatsApp chat with it. A Pakistani mobile, e.g. 0300-1234567."
          />
          <Field
            name="email"
            label="Contact email"
            kind="email"
            value={shown("email")}
            maxLength={STORE_DETAILS_LIMITS.email}
          />
          <Field name="address" label="Address" value={shown("address")} maxLength={STORE_DETAILS_LIMITS.address} />
          <Field
            name="business_hours"
            label="Business hours"
            value={shown("business_hours")}
            maxLength={STORE_DETAILS_LIMITS.business_hours}
            hint="e.g. Mon-Sat 10am-8pm"
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase">Delivery</legend>
          <Field
            name="shipping_fee"
            label="Shipping fee (Rs.)"
            kind="money"
            value={shown("shipping_fee")}
            maxLength={20}
            hint={`Charged below the free-shipping amount. Empty or 0: Rs. ${details.default_shipping_fee}.`}
          />
          <Field
            name="free_shipping_threshold"
            label="Free shipping from (Rs.)"
            kind="money"
            value={shown("free_shipping_threshold")}
            maxLength={20}
            hint="Orders of this much or more ship free. Empty: never free by amount. 0: every order ships free."
          />
          <Field
            name="delivery_promise"
            label="Delivery promise"
            value={shown("delivery_promise")}
            maxLength={STORE_DETAILS_LIMITS.delivery_promise}
            hint={`One short sentence on product pages and at checkout. Empty: “${DEFAULT_DELIVERY_PROMISE}”.`}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase">
            How the store describes itself
          </legend>
          <p className="text-xs text-stone-600">
            Write {"{free_delivery}"} where the delivery promise belongs (“Free delivery over Rs. 5,000”, or what the
            delivery settings say) and {"{delivery_fee}"} for the fee: they follow the settings above. The same works in
            announcements and in products’ highlights and answers.
          </p>
          <Field
            name="tagline"
            label="Tagline"
            value={shown("tagline")}
            maxLength={STORE_DETAILS_LIMITS.tagline}
            hint="Under the store’s name in the footer and on the home page. Empty: the meta description."
          />
          <Field
            name="meta_description"
            label="Meta description"
            value={shown("meta_description")}
            maxLength={STORE_DETAILS_LIMITS.meta_description}
            hint="What search engines show under the store’s pages, about 155 characters. Empty: the built-in one."
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase">Social links</legend>
          <p className="text-xs text-stone-600">Shown in the footer when set. https links to the network’s own site.</p>
          {SOCIAL_FIELDS.map((field) => (
            <Field
              key={field}
              name={field}
              label={SOCIAL_HOSTS[field].label}
              kind="url"
              value={shown(field)}
              maxLength={STORE_DETAILS_LIMITS.url}
              hint={`e.g. https://${SOCIAL_HOSTS[field].hosts[0]}/yourshop`}
            />
          ))}
        </fieldset>
        {/* beside the button just pressed: the form is long, and its top is far out of sight on a phone */}
        <FormNotice />
        {answer?.done && <Notice kind="success">{answer.done}</Notice>}
        <button type="submit" disabled={busy} className="btn-primary">
          Save store details
        </button>
      </ConsoleForm>
    </Panel>
  );
}
