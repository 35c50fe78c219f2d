import { EMAIL_MAX } from "../../core/accounts/form-rules";
import { useT } from "../i18n/t";

/**
 * The email input of the account forms: controlled (value and onChange) in the forms that check
 * their fields in the browser, or with a defaultValue in the plain form posts that work without
 * JavaScript.
 */
export function EmailField({
  id = "email",
  label,
  error,
  ...input
}: {
  id?: string;
  label?: string;
  error?: string | null;
  value?: string;
  onChange?: React.ChangeEventHandler<HTMLInputElement>;
  defaultValue?: string;
  required?: boolean;
}) {
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label ?? t("Email")}
      </label>
      <input
        id={id}
        name={id}
        type="email"
        autoComplete="email"
        inputMode="email"
        dir={t.locale === "ur" ? "ltr" : undefined}
        maxLength={EMAIL_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field mt-1"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
