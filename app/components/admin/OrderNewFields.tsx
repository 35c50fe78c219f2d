// The new order form's fields (decision 0096): each with its label, "(optional)" when it may stay
// empty, its hint, and the refusal under it; the value typed comes back after a refusal, since a
// page answered without its script is drawn again from the answer.
import { describedBy, FieldError, GroupError, useFieldError } from "./Fields";
import type { FieldName } from "../../lib/manual-order-form";

export function OrderNewField({
  name,
  label,
  values,
  hint,
  required,
  maxLength,
  type = "text",
  inputMode,
  autoComplete,
  multiline,
}: {
  name: FieldName;
  label: string;
  values?: Record<string, string>;
  hint?: string;
  required?: boolean;
  maxLength: number;
  type?: "text" | "tel" | "email";
  inputMode?: "numeric" | "decimal" | "tel" | "email";
  autoComplete?: string;
  multiline?: boolean;
}) {
  const id = `new-order-${name}`;
  const { message: error, errorId } = useFieldError(name, id);
  const described = describedBy(error && errorId, hint && `${id}-hint`);
  const shared = {
    id,
    name,
    defaultValue: values?.[name] ?? "",
    maxLength,
    required,
    autoComplete,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {!required && <span className="font-normal text-stone-600"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea {...shared} rows={2} className="field mt-1 h-auto py-2" />
      ) : (
        <input {...shared} type={type} inputMode={inputMode} className="field mt-1" />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A choice among a few (the country, how the customer ordered): its options are the children. */
export function OrderNewSelect({
  name,
  label,
  defaultValue,
  children,
}: {
  name: FieldName;
  label: string;
  defaultValue: string;
  children: React.ReactNode;
}) {
  const id = `new-order-${name}`;
  const { message: error, errorId } = useFieldError(name, id);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={!!error || undefined}
        aria-describedby={describedBy(error && errorId)}
        className="field mt-1"
      >
        {children}
      </select>
      <GroupError name={name} id={id} />
    </div>
  );
}
