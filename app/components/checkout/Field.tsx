// One field of the checkout form: its label, the input (or a two-line box for the address), the
// hint under it and, once checked, its message; the message replaces the hint.
import { FIELD_MAX, type CheckoutField, type CheckoutForm } from "../../../core/orders/checkout-form";
import { useT } from "../../i18n/t";
import { shopperMessage } from "../../lib/shopper-messages";
import { ltrIn } from "../OrderSummary";

export type FieldErrors = Partial<Record<CheckoutField, string>>;

/** What every field of the form is given: the values, the messages and the two handlers. */
export interface FieldState {
  form: CheckoutForm;
  errors: FieldErrors;
  onChange: (name: CheckoutField, value: string) => void;
  onBlur: (name: CheckoutField) => void;
}

export function Field({
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
  hint?: string;
  className?: string;
  multiline?: boolean;
} & FieldState &
  Pick<
    React.InputHTMLAttributes<HTMLInputElement>,
    "type" | "autoComplete" | "inputMode" | "autoCapitalize" | "spellCheck" | "enterKeyHint"
  >) {
  const t = useT();
  const id = `checkout-${name}`;
  // the rules' and the server's words are English: shown in the page's language
  const error = errors[name] ? shopperMessage(t, errors[name]) : undefined;
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const common = {
    id,
    name,
    value: form[name],
    maxLength: FIELD_MAX[name],
    required: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    // a phone number or an email typed on an Urdu page still runs left to right ("+92 300 …")
    dir: input.type === "tel" || input.type === "email" ? ltrIn(t.locale) : undefined,
    onBlur: () => onBlur(name),
    className: `field ${error ? "border-red-700" : ""}`,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t(label)}
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
          {t(hint)}
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
