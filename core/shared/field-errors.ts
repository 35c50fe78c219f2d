// Which field a refusal is about, so a form can show each message under its field (decision 0096).
// A 422 from core names its field in one of three ways, all older than this file and all kept:
// `extra.errors` (every zod issue, as the staff API's own validation answers them), `extra.field`
// (the block list), or a message that starts with the field's path ("combinations.2.price: …",
// "discount_value must be …"). This reads all three; new code throws invalidFields().
import type { z } from "zod";
import { AppError } from "./errors";

export interface FieldError {
  /** the field's path in the body, dots between parts: "price", "combinations.2.stock" */
  field: string;
  message: string;
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

/** Every issue of a zod error as a field error, the first of each field only. */
export function issuesAsFieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const found: FieldError[] = [];
  for (const issue of error.issues) {
    const field = pathOf(issue.path);
    if (seen.has(field)) continue;
    seen.add(field);
    found.push({ field, message: issue.message });
  }
  return found;
}

/** A 422 for a failed parse: detail is the first message, errors holds every field's. */
export function invalidFields(error: z.ZodError): AppError {
  const errors = issuesAsFieldErrors(error);
  const first = errors[0];
  const detail = !first ? "The request is invalid." : first.field ? `${first.field}: ${first.message}` : first.message;
  return new AppError(422, detail, { errors });
}

// "combinations.2.price: …" (the product editor's custom_url, combinations, …)
const PATH_PREFIX = /^([a-z_][a-z0-9_]{0,63}(?:\.[a-z0-9_]{1,64}){0,4}): /;

/**
 * The fields a refusal names. `known` are the form's field paths: a message that begins with one
 * of them and a space ("max_discount must be …") is that field's. What names no field comes back
 * empty: the form shows it as a whole.
 */
export function fieldErrorsOf(error: AppError, known: readonly string[] = []): FieldError[] {
  const extra = error.extra ?? {};
  if (Array.isArray(extra.errors)) {
    return (extra.errors as unknown[]).filter(
      (e): e is FieldError =>
        !!e && typeof (e as FieldError).field === "string" && typeof (e as FieldError).message === "string",
    );
  }
  if (typeof extra.field === "string") return [{ field: extra.field, message: error.message }];
  // length first: the pattern reads at most the first 400 characters
  const head = error.message.slice(0, 400);
  const prefixed = PATH_PREFIX.exec(head);
  if (prefixed) return [{ field: prefixed[1]!, message: error.message.slice(prefixed[0].length) }];
  const named = known.filter((field) => head.startsWith(`${field} `)).sort((a, b) => b.length - a.length)[0];
  return named ? [{ field: named, message: error.message }] : [];
}

/**
 * A message as it reads under its field: the field's own name at its start is dropped, since the
 * label above says which field it is ("max_discount must be an amount …" reads "Must be an amount
 * …" under "Maximum discount").
 */
export function messageUnderField(field: string, message: string): string {
  const last = field.split(".").pop() ?? field;
  for (const name of [`${field}: `, `${field} `, `${last} `]) {
    if (message.startsWith(name) && message.length > name.length) {
      const rest = message.slice(name.length);
      return rest.charAt(0).toUpperCase() + rest.slice(1);
    }
  }
  return message;
}
