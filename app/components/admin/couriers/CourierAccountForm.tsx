// The form of one courier account on Settings → Couriers (decision 0102): its label and mode,
// the courier's own credential fields (built from the list the courier's adapter gives), another
// address for its API, the default weight, whether it takes bookings, and its pickup addresses.
// A plain form post: it works before the page's script loads. A saved secret is never put back
// in the page: its field stays empty, says what is stored (its last four characters), and an
// empty field keeps it.
import { useId } from "react";
import { ConsoleForm, describedBy, FieldError, FormNotice, TextField, useFieldError } from "../Fields";
import { PickupAddressRows, type PickupRow } from "./PickupAddressRows";

export interface CredentialFieldView {
  name: string;
  label: string;
  secret: boolean;
  maxLength: number;
  /** what is stored, as staff may see it; null for a new account */
  stored: string | null;
}

export interface CourierFormValues {
  label: string;
  mode: "live" | "test";
  base_url: string;
  default_weight_grams: string;
  active: boolean;
  /** the credentials that are not secret, shown whole; a secret is never put back */
  credentials: Record<string, string>;
  pickups: PickupRow[];
}

export interface CourierFormView {
  courier: string;
  courierName: string;
  /** whether the account exists: then an empty credential keeps its stored value */
  saved: boolean;
  /** the stored credentials cannot be read with this key: every one must be given again */
  mustReenter: boolean;
  /** the form came back refused: a secret typed into it was not kept */
  retype?: boolean;
  fields: CredentialFieldView[];
  hosts: { live: string; test: string };
  cities: { id: number; name: string }[];
  values: CourierFormValues;
}

function CredentialInput({
  field,
  saved,
  mustReenter,
  retype,
  value,
}: {
  field: CredentialFieldView;
  saved: boolean;
  mustReenter: boolean;
  retype: boolean;
  /** a credential that is not secret, as stored or typed; a secret never has one */
  value: string;
}) {
  const id = useId();
  const name = `credentials.${field.name}`;
  const { message, errorId } = useFieldError(name, id);
  const keeps = saved && !mustReenter;
  const kept =
    !saved || !field.secret
      ? null
      : mustReenter
        ? "Enter it again: the saved one cannot be read."
        : field.stored
          ? `Saved: ${field.stored}. Leave empty to keep it.`
          : "Leave empty to keep it.";
  // a secret is never sent back into the page, not even the one just typed
  const again = retype && field.secret ? (saved ? "If you typed a new one, type it again." : "Type it again.") : null;
  const hint = [again, kept].filter(Boolean).join(" ") || null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {field.label}
      </label>
      <input
        id={id}
        name={name}
        // a secret is typed unseen and never offered by the browser's password manager
        type={field.secret ? "password" : "text"}
        autoComplete={field.secret ? "new-password" : "off"}
        autoCapitalize="off"
        spellCheck={false}
        defaultValue={field.secret ? undefined : value}
        maxLength={field.maxLength}
        required={!keeps}
        aria-invalid={!!message || undefined}
        aria-describedby={describedBy(message && errorId, hint && `${id}-hint`)}
        className="field mt-1 font-mono aria-invalid:border-red-700"
      />
      <FieldError id={errorId} message={message} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Live or test: two radio buttons with the address each one calls. */
function ModeChoice({ value, hosts }: { value: "live" | "test"; hosts: CourierFormView["hosts"] }) {
  const id = useId();
  const { message, errorId } = useFieldError("mode", id);
  const options = [
    { mode: "live", label: "Live", host: hosts.live },
    { mode: "test", label: "Test (the courier's staging system)", host: hosts.test },
  ] as const;
  return (
    <fieldset aria-describedby={message ? errorId : undefined}>
      <legend className="text-sm font-semibold">Mode</legend>
      <div className="mt-1 space-y-2">
        {options.map((o) => (
          <label key={o.mode} className="flex min-h-11 items-start gap-3 text-sm">
            <input
              type="radio"
              name="mode"
              value={o.mode}
              defaultChecked={value === o.mode}
              aria-invalid={!!message || undefined}
              className="mt-0.5 h-5 w-5 shrink-0"
            />
            <span>
              <span className="block">{o.label}</span>
              {o.host && <span className="block text-xs break-all text-stone-600">{o.host}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={message} />
    </fieldset>
  );
}

export function CourierAccountForm({
  view,
  answer,
  busy,
  submitLabel,
}: {
  view: CourierFormView;
  answer: unknown;
  busy: boolean;
  submitLabel: string;
}) {
  const { values } = view;
  return (
    <ConsoleForm
      method="post"
      answer={answer}
      noValidate
      className="space-y-6"
      aria-label={`${view.courierName} account`}
      autoComplete="off"
    >
      <input type="hidden" name="intent" value="save" />
      {!view.saved && <input type="hidden" name="courier" value={view.courier} />}
      <TextField
        name="label"
        label="Label"
        defaultValue={values.label}
        maxLength={80}
        required
        autoComplete="off"
        hint={`Your name for this account, e.g. “${view.courierName} Lahore”. Staff see it when booking.`}
      />
      <fieldset className="space-y-4">
        <legend className="mb-1 text-sm font-semibold tracking-wide text-stone-700 uppercase">
          {view.courierName} credentials
        </legend>
        <p className="text-xs text-stone-600">
          From {view.courierName}&apos;s merchant portal. They are kept encrypted and never shown again whole.
        </p>
        {view.fields.map((field) => (
          <CredentialInput
            key={field.name}
            field={field}
            saved={view.saved}
            mustReenter={view.mustReenter}
            retype={!!view.retype}
            value={values.credentials[field.name] ?? ""}
          />
        ))}
      </fieldset>
      <ModeChoice value={values.mode} hosts={view.hosts} />
      <TextField
        name="base_url"
        label="Base URL (optional)"
        type="url"
        defaultValue={values.base_url}
        maxLength={300}
        autoComplete="off"
        autoCapitalize="off"
        hint="Another address for the courier's API than the one above, only if the courier gave you one. Must start with https://."
      />
      <TextField
        name="default_weight_grams"
        label="Default parcel weight (grams)"
        defaultValue={values.default_weight_grams}
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        hint="Booking starts with this weight; staff can change it per parcel."
      />
      <PickupAddressRows rows={values.pickups} cities={view.cities} />
      {view.saved && (
        <label className="flex min-h-11 items-start gap-3 text-sm">
          <input type="checkbox" name="active" defaultChecked={values.active} className="mt-0.5 h-5 w-5 shrink-0" />
          <span>
            <span className="block font-semibold">Takes new bookings</span>
            <span className="text-stone-700">
              Untick to stop booking with it. Parcels already booked are still followed.
            </span>
          </span>
        </label>
      )}
      <FormNotice />
      <button type="submit" disabled={busy} className="btn-primary">
        {submitLabel}
      </button>
    </ConsoleForm>
  );
}
