// Refusals shoppers' and staff's account use-cases share: an input its schema does not read (422,
// the first problem's message), and the 429 of a limit with how long to wait.
import type { z } from "zod";
import { AppError, invalid } from "../shared/errors";

/** The input as the schema reads it, or a 422 with the first problem's message. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? "The request is invalid.");
  return result.data;
}

/** "1 minute", "5 minutes": how long to wait, rounded up. */
export function minutesText(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return n === 1 ? "1 minute" : `${n} minutes`;
}

/** A 429 with Retry-After: "{what}. Please try again in N minutes." */
export function tooMany(what: string, retryAfterSeconds: number): AppError {
  return new AppError(
    429,
    `${what}. Please try again in ${minutesText(retryAfterSeconds)}.`,
    undefined,
    retryAfterSeconds,
  );
}
