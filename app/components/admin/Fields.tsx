// The console's form fields. They are uncontrolled (the browser keeps what was typed): a console
// form posts before its script loads, and nothing typed is ever reset by hydration.
import { useId, useState } from "react";

interface FieldProps {
  name: string;
  label: string;
  type?: "text" | "email" | "date" | "search" | "datetime-local" | "tel" | "url";
  defaultValue?: string;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "numeric" | "decimal" | "email" | "text";
  autoCapitalize?: string;
  hint?: string;
  required?: boolean;
  /** the field a refusal named */
  invalid?: boolean;
  /** of the wrapper: where the field sits in its form's grid */
  className?: string;
}

export function TextField({
  name,
  label,
  type = "text",
  defaultValue,
  autoComplete,
  maxLength,
  inputMode,
  autoCapitalize,
  hint,
  required,
  invalid,
  className,
}: FieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        maxLength={maxLength}
        inputMode={inputMode}
        autoCapitalize={autoCapitalize}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="field mt-1"
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function PasswordInput({
  name,
  label,
  autoComplete,
  hint,
  required = true,
}: {
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  required?: boolean;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          maxLength={128}
          required={required}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="field pr-20"
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 px-3 text-xs font-semibold tracking-widest text-stone-600 uppercase hover:text-ink"
        >
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A six-digit code (or a recovery code): the phone's number pad, the browser's one-time-code fill. */
export function CodeField({ name = "code", label, hint }: { name?: string; label: string; hint?: string }) {
  return (
    <TextField
      name={name}
      label={label}
      autoComplete="one-time-code"
      inputMode="text"
      maxLength={64}
      hint={hint}
      required
    />
  );
}

/** A console page's heading and what it is for. */
export function PageTitle({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="mb-6">
      <h1 className="font-serif text-2xl md:text-3xl">{title}</h1>
      {intro && <p className="mt-1 text-sm text-stone-600">{intro}</p>}
    </div>
  );
}

/** A white panel around a part of a page. */
export function Panel({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <section className="bg-white p-4 ring-1 ring-stone-200 md:p-6">
      {title && <h2 className="mb-4 text-lg font-semibold">{title}</h2>}
      {children}
    </section>
  );
}
