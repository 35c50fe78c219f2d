// What a console action's answer says is wrong (browser-safe; decision 0096): a message per field,
// keyed by the input's name, and a message for the form as a whole when a refusal names no field.
// Actions answer with formErrorsFor() (form-errors.server.ts) or formResult() (staff.server.ts).

export interface FormErrors {
  /** input name → the message shown under it */
  fields: Record<string, string>;
  /** a refusal that names no field: shown beside the form's button */
  form: string | null;
}

const NONE: FormErrors = { fields: {}, form: null };

/** The errors in an action's answer; an answer without any (a success, nothing yet) has none. */
export function formErrorsOf(answer: unknown): FormErrors {
  if (!answer || typeof answer !== "object") return NONE;
  const { error, fields } = answer as { error?: unknown; fields?: unknown };
  const byField: Record<string, string> = {};
  if (fields && typeof fields === "object" && !Array.isArray(fields)) {
    for (const [name, message] of Object.entries(fields)) if (typeof message === "string") byField[name] = message;
  }
  const named = Object.keys(byField).length > 0;
  return { fields: byField, form: !named && typeof error === "string" && error ? error : null };
}
