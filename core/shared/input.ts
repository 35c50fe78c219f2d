// Reading what staff type (zod 4): free text checked for length before anything else looks at
// it, refused when it holds control characters, then trimmed; and the one way a use-case turns a
// schema's first problem into a 422. The order workflow, exchanges and manual orders use these.
import { z } from "zod";
import { invalid } from "./errors";

// PostgreSQL text cannot hold NUL, and control characters have no place in what staff type
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n\t]/;

/** Free text: the length is checked before anything else looks at it. */
export const text = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value) && (options.multiline || !LINE_BREAK.test(value)), {
      message: `${label} must not contain control characters`,
    })
    .transform((value) => value.trim());

/**
 * Text a form requires or offers: a value over the length stops there (its only problem), then
 * control characters, then it is trimmed; `required` refuses what is empty after trimming.
 */
export const typedText = (label: string, max: number, options: { required?: boolean; multiline?: boolean } = {}) => {
  const base = z
    .string({ error: options.required ? `${label} is required` : `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
    .refine((value) => !CONTROL_CHARACTERS.test(value) && (options.multiline || !LINE_BREAK.test(value)), {
      message: `${label} must not contain control characters`,
    })
    .transform((value) => value.trim());
  return options.required ? base.refine((value) => value.length > 0, { message: `${label} is required` }) : base;
};

/** The value as the schema reads it, or a 422 with the schema's first problem. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? "The request is invalid.");
  return result.data;
}
