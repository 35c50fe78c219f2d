// The voucher form of the console: the same field names as the staff API, so
// one schema reads both (core/vouchers/voucher-rules.ts). Uncontrolled fields that post without
// JavaScript; with it, the fields that do not apply to the chosen kind are hidden.
import { useId, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { ConsoleForm, describedBy, FormNotice, GroupError, TextArea, TextField, useFieldError } from "./Fields";
import {
  CODE_MAX,
  DESCRIPTION_MAX,
  DISCOUNT_TYPE_LABELS,
  DISCOUNT_TYPES,
  MESSAGE_MAX,
  VOUCHER_STATE_LABELS,
  type VoucherDiscountType,
  type VoucherState,
} from "../../../core/vouchers/voucher-rules";

const STATE_STYLES: Record<VoucherState, string> = {
  active: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  scheduled: "bg-sky-50 text-sky-900 ring-sky-200",
  expired: "bg-stone-100 text-stone-700 ring-stone-200",
  used_up: "bg-amber-50 text-amber-900 ring-amber-200",
  inactive: "bg-stone-100 text-stone-700 ring-stone-200",
};

export function StateBadge({ state }: { state: VoucherState }) {
  return (
    <span className={`inline-block px-2 py-0.5 text-xs font-semibold ring-1 ${STATE_STYLES[state]}`}>
      {VOUCHER_STATE_LABELS[state]}
    </span>
  );
}

/** The form's values as text, the way the fields hold them. */
export interface VoucherFormValues {
  code: string;
  description: string;
  message: string;
  discount_type: string;
  discount_value: string;
  max_discount: string;
  min_order_amount: string;
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  per_customer_limit: string;
  is_active: boolean;
}

export const EMPTY_VOUCHER: VoucherFormValues = {
  code: "",
  description: "",
  message: "",
  discount_type: "percentage",
  discount_value: "",
  max_discount: "",
  min_order_amount: "",
  starts_at: "",
  ends_at: "",
  usage_limit: "",
  per_customer_limit: "",
  is_active: true,
};

/** A voucher field: typed to the form's own names, drawn by the console's TextField. */
function Field({
  value,
  maxLength,
  ...props
}: Omit<Parameters<typeof TextField>[0], "name" | "defaultValue"> & {
  name: keyof VoucherFormValues;
  value: string;
}) {
  return <TextField {...props} defaultValue={value} maxLength={maxLength ?? 40} />;
}

/** The voucher's fields as the form names them: core's refusals name the same (voucher-rules.ts). */
export const VOUCHER_FIELDS = Object.keys(EMPTY_VOUCHER) as (keyof VoucherFormValues)[];

export function VoucherForm({
  values,
  submitLabel,
  busy,
  answer,
}: {
  values: VoucherFormValues;
  submitLabel: string;
  busy: boolean;
  /** the action's answer: each refusal shows under its field, one naming none beside the button */
  answer: unknown;
}) {
  const [type, setType] = useState<VoucherDiscountType>(
    (DISCOUNT_TYPES as readonly string[]).includes(values.discount_type)
      ? (values.discount_type as VoucherDiscountType)
      : "percentage",
  );
  // before the script runs every field shows: the kind can change without it
  const hydrated = useHydrated();
  const kindId = useId();
  const kindError = useFieldError("discount_type", kindId);
  return (
    <ConsoleForm method="post" className="space-y-5" aria-label="Voucher" answer={answer}>
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label="Code"
          name="code"
          value={values.code}
          maxLength={CODE_MAX}
          required
          autoCapitalize="characters"
          hint={`What shoppers type. ${CODE_MAX} characters at most: letters, digits, - and _. Saved in capitals.`}
        />
        <fieldset aria-describedby={describedBy(kindError.message && kindError.errorId)}>
          <legend className="text-sm font-semibold">Kind</legend>
          <GroupError name="discount_type" id={kindId} />
          <div className="mt-1 grid gap-1">
            {DISCOUNT_TYPES.map((t) => (
              <label key={t} className="flex min-h-11 items-center gap-2 bg-white px-3 text-sm ring-1 ring-stone-200">
                <input
                  type="radio"
                  name="discount_type"
                  value={t}
                  defaultChecked={type === t}
                  onChange={() => setType(t)}
                  aria-invalid={!!kindError.message || undefined}
                  className="h-5 w-5"
                />
                {DISCOUNT_TYPE_LABELS[t]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {(!hydrated || type !== "shipping") && (
          <Field
            label={
              !hydrated
                ? "Percent off, or amount off (Rs.)"
                : type === "percentage"
                  ? "Percent off"
                  : "Amount off (Rs.)"
            }
            name="discount_value"
            value={values.discount_value}
            inputMode={type === "percentage" ? "numeric" : "decimal"}
            hint={
              !hydrated
                ? "Percentage: a whole number from 1 to 100. Flat: rupees. Free shipping: leave empty."
                : type === "percentage"
                  ? "A whole number from 1 to 100."
                  : "In rupees, such as 500."
            }
          />
        )}
        {(!hydrated || type === "percentage") && (
          <Field
            label="Maximum discount (Rs.)"
            name="max_discount"
            value={values.max_discount}
            inputMode="decimal"
            hint={hydrated ? "Empty: no maximum." : "Percentage vouchers only. Empty: no maximum."}
          />
        )}
        <Field
          label="Minimum order (Rs.)"
          name="min_order_amount"
          value={values.min_order_amount}
          inputMode="decimal"
          hint="Goods before shipping. Empty: any order."
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label="Starts (Pakistan time)"
          name="starts_at"
          type="datetime-local"
          value={values.starts_at}
          hint="Empty: at once."
        />
        <Field
          label="Ends (Pakistan time)"
          name="ends_at"
          type="datetime-local"
          value={values.ends_at}
          hint="Empty: never."
        />
        <Field
          label="Uses in total"
          name="usage_limit"
          value={values.usage_limit}
          inputMode="numeric"
          maxLength={12}
          hint="Empty: no limit."
        />
        <Field
          label="Uses per customer"
          name="per_customer_limit"
          value={values.per_customer_limit}
          inputMode="numeric"
          maxLength={6}
          hint="Matched by email and phone. Empty: no limit."
        />
      </div>
      <TextField label="Description" name="description" defaultValue={values.description} maxLength={DESCRIPTION_MAX} />
      <TextArea
        label="Message shown when applied"
        name="message"
        defaultValue={values.message}
        maxLength={MESSAGE_MAX}
        rows={2}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="is_active" defaultChecked={values.is_active} className="h-5 w-5" />
        Active (switch off to stop it at once)
      </label>
      <FormNotice />
      <button type="submit" disabled={busy} className="btn-primary">
        {submitLabel}
      </button>
    </ConsoleForm>
  );
}
