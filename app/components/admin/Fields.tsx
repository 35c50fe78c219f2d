// The console's form fields. They are uncontrolled (the browser keeps what was typed): a console
// form posts before its script loads, and nothing typed is ever reset by hydration.
//
// The one form pattern of the console (decision 0096): a form is a ConsoleForm given the action's
// answer; each field finds its own message in it by name, shows it under itself, and carries
// aria-invalid and aria-describedby pointing at it; the first invalid field takes the focus (and
// so comes into sight) when the answer arrives; a refusal that names no field shows in a
// FormNotice beside the button. The action answers with formErrorsFor() (lib/form-errors.server).
import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { formErrorsOf, type FormErrors } from "../../lib/form-errors";
import { useHydrated } from "../../lib/use-hydrated";
import { Notice } from "./Notice";

const FormErrorsContext = createContext<FormErrors>({ fields: {}, form: null });

/**
 * A console form: React Router's Form, with the action's answer given to its fields. `answer` is
 * what useActionData() gave (anything without errors shows none).
 */
export function ConsoleForm({ answer, children, ...props }: React.ComponentProps<typeof Form> & { answer: unknown }) {
  const errors = formErrorsOf(answer);
  const ref = useRef<HTMLFormElement>(null);
  const first = Object.keys(errors.fields)[0];
  // each answer is a new object: the focus moves once per answer, never while a member types
  useEffect(() => {
    if (!first) return;
    const field = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    // the middle of the screen: clear of the console's sticky header and the phone's save bar
    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  }, [answer, first]);
  // a page answered without its script (the form posted before it loaded) cannot move the focus:
  // the top of the form says that fields below were refused
  const hydrated = useHydrated();
  return (
    <FormErrorsContext.Provider value={errors}>
      <Form ref={ref} {...props}>
        {first && !hydrated && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            {Object.keys(errors.fields).length === 1
              ? "A field below needs a change: the message under it says why."
              : `${Object.keys(errors.fields).length} fields below need a change: the message under each says why.`}
          </p>
        )}
        {children}
      </Form>
    </FormErrorsContext.Provider>
  );
}

/** The message for a field of the surrounding ConsoleForm, and the id its element carries. */
export function useFieldError(name: string | undefined, id: string): { message: string | null; errorId: string } {
  const { fields } = useContext(FormErrorsContext);
  return { message: name ? (fields[name] ?? null) : null, errorId: `${id}-error` };
}

/** aria-describedby for a field: its message first (read out first), then its hint. */
export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(" ") || undefined;

/** A field's message, under it. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

/** The refusal that names no field (a sale moved the stock, someone saved first), beside the button. */
export function FormNotice({ className }: { className?: string }) {
  const { form } = useContext(FormErrorsContext);
  return form ? (
    <Notice kind="error" className={className}>
      {form}
    </Notice>
  ) : null;
}

/**
 * A message for a group of fields that is not one input (radio buttons, a grid row): shown where
 * it is put, with the id the group's inputs point at.
 */
export function GroupError({ name, id }: { name: string; id: string }) {
  const { message } = useFieldError(name, id);
  return <FieldError id={`${id}-error`} message={message} />;
}

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
  /** the field a refusal named (a ConsoleForm's answer marks its fields by itself) */
  invalid?: boolean;
  /** the name the answer knows the field by, when it is not the input's own */
  errorName?: string;
  /** of the wrapper: where the field sits in its form's grid */
  className?: string;
  /** "ur": an Urdu text (decision 0111), typed right to left with Urdu's punctuation and line breaking */
  lang?: "ur";
}

/** What an Urdu input carries: the console stays English, the Urdu field alone runs right to left. */
export const urduInput = (lang: "ur" | undefined) => (lang === "ur" ? ({ lang: "ur", dir: "rtl" } as const) : {});

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
  errorName,
  className,
  lang,
}: FieldProps) {
  const id = useId();
  const { message, errorId } = useFieldError(errorName ?? name, id);
  return (
    <FieldFrame id={id} label={label} hint={hint} message={message} className={className}>
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
        aria-invalid={invalid || !!message || undefined}
        aria-describedby={describedBy(message && errorId, hint && `${id}-hint`)}
        className="field mt-1 aria-invalid:border-red-700"
        {...urduInput(lang)}
      />
    </FieldFrame>
  );
}

/** A field's label above it, and its message and hint under it. */
function FieldFrame({
  id,
  label,
  hint,
  message,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  message: string | null;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={message} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A text area of the console, with its message as TextField has. */
export function TextArea({
  name,
  label,
  defaultValue,
  hint,
  rows = 4,
  maxLength = 20_000,
  className,
  lang,
}: {
  name: string;
  label: string;
  defaultValue: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
  className?: string;
  /** "ur": typed right to left as Urdu (decision 0111) */
  lang?: "ur";
}) {
  const id = useId();
  const { message, errorId } = useFieldError(name, id);
  return (
    <FieldFrame id={id} label={label} hint={hint} message={message} className={className}>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={!!message || undefined}
        aria-describedby={describedBy(message && errorId, hint && `${id}-hint`)}
        // .field is one line high: a textarea takes the height of its rows
        className="field mt-1 h-auto py-2 aria-invalid:border-red-700"
        {...urduInput(lang)}
      />
    </FieldFrame>
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
  const { message, errorId } = useFieldError(name, id);
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
          aria-invalid={!!message || undefined}
          aria-describedby={describedBy(message && errorId, hint && `${id}-hint`)}
          className="field pe-20 aria-invalid:border-red-700"
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={shown}
          className="absolute inset-y-0 end-0 px-3 text-xs font-semibold tracking-widest text-stone-600 uppercase hover:text-ink"
        >
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      <FieldError id={errorId} message={message} />
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

/**
 * An input without its own label (a grid cell, a repeated row: the label is aria-label or around
 * it), with its message under it as TextField has. `errorName` is the name the answer knows it
 * by when the input's own name repeats ("cf_key.2" for the third custom field's name).
 */
export function FieldInput({
  errorName,
  className = "field",
  "aria-describedby": hintId,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { name: string; errorName?: string }) {
  const id = useId();
  const { message, errorId } = useFieldError(errorName ?? props.name, props.id ?? id);
  return (
    <>
      <input
        id={id}
        {...props}
        aria-invalid={!!message || undefined}
        aria-describedby={describedBy(message && errorId, hintId)}
        className={`${className} aria-invalid:border-red-700`}
      />
      <FieldError id={errorId} message={message} />
    </>
  );
}
