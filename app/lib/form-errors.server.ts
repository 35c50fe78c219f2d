// A console action's refusal as its form shows it (decision 0096): each message keyed by the name
// of the input it belongs under, the message that names no field kept for the form as a whole.
import type { z } from "zod";
import type { AppError } from "../../core/shared/errors";
import { fieldErrorsOf, issuesAsFieldErrors, messageUnderField, type FieldError } from "../../core/shared/field-errors";

export interface FormRefusal {
  /** the whole message, as before fields had their own (older pages show it in one box) */
  error: string;
  /** input name → message */
  fields: Record<string, string>;
}

export interface FieldNames {
  /** the field paths the body uses (the form's names when they are the same) */
  known?: readonly string[];
  /**
   * The input a body path belongs to ("combinations.2.price" → "c_2_price"); null: none of the
   * form's, the message is the form's. Without it the path is the input's name.
   */
  inputOf?: (path: string) => string | null;
}

function refusal(detail: string, found: readonly FieldError[], names: FieldNames): FormRefusal {
  const fields: Record<string, string> = {};
  for (const { field, message } of found) {
    const input = names.inputOf ? names.inputOf(field) : field;
    if (input && !(input in fields)) fields[input] = messageUnderField(field, message);
  }
  return { error: detail, fields };
}

/** A refusal from core (AppError) for the form. */
export function formErrorsFor(error: AppError, names: FieldNames = {}): FormRefusal {
  return refusal(error.message, fieldErrorsOf(error, names.known), names);
}

/** A failed parse in the action itself, every field's first message. */
export function formIssues(error: z.ZodError, names: FieldNames = {}): FormRefusal {
  const found = issuesAsFieldErrors(error);
  return refusal(found[0]?.message ?? "Check the fields.", found, names);
}
