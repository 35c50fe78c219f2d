import { useState } from "react";
import { useT } from "../i18n/t";

/** A password input with the show/hide toggle of spec §2 (Login, Register). */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  error,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  error?: string | null;
  describedBy?: string;
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          name={id}
          type={shown ? "text" : "password"}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          maxLength={128}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : "", describedBy ?? ""].filter(Boolean).join(" ") || undefined}
          className="field pe-20"
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={
            t.locale === "en"
              ? `${shown ? "Hide" : "Show"} ${label.toLowerCase()}`
              : t(shown ? "Hide {field}" : "Show {field}", { field: label })
          }
          aria-pressed={shown}
          className="absolute inset-y-0 end-0 px-3 text-xs font-semibold tracking-widest text-stone-600 uppercase hover:text-ink"
        >
          {shown ? t("Hide") : t("Show")}
        </button>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
