// What can go wrong when the store calls a courier, as staff read it (decision 0101). An adapter
// throws only CourierError; the booking and tracking use-cases turn each kind into what they do
// next (leave the order as it was, try the next poll, ask the courier by reference).
import { COURIER_NAMES, type CourierCode } from "./courier";

export type CourierErrorKind =
  /** no connection, DNS, reset: the courier may be down */
  | "unreachable"
  /** no answer within the time limit: the call may or may not have been done */
  | "timeout"
  /** the courier refused the credentials */
  | "credentials"
  /** the courier answered and refused what was asked (its words in the message) */
  | "refused"
  /** an answer the adapter cannot read: the courier's API may have changed */
  | "unexpected";

export class CourierError extends Error {
  constructor(
    readonly courier: CourierCode,
    readonly kind: CourierErrorKind,
    message: string,
    /** the courier's HTTP status, where it answered */
    readonly httpStatus: number | null = null,
    /** set where the kind alone does not tell: a connection dropped after the request went out */
    private readonly mayHaveBeenDone?: boolean,
  ) {
    super(message);
    this.name = "CourierError";
  }

  /**
   * Whether the courier may have done what was asked although no clear answer came: a timeout, an
   * unreadable answer, or a connection that dropped once the request was sent. A booking that ends
   * this way is looked up by its reference before it is tried again.
   */
  get outcomeUnknown(): boolean {
    return this.mayHaveBeenDone ?? (this.kind === "timeout" || this.kind === "unexpected");
  }
}

/** The staff-facing sentence for each kind; the courier's own words are added where it gave some. */
export function courierErrorMessage(courier: CourierCode, kind: CourierErrorKind, detail?: string): string {
  const name = COURIER_NAMES[courier];
  const words = detail ? cleanDetail(detail) : "";
  switch (kind) {
    case "unreachable":
      return words
        ? `${name} ${words}. Try again in a few minutes.`
        : `${name} could not be reached. Try again in a few minutes.`;
    case "timeout":
      return `${name} did not answer in time. Try again in a few minutes.`;
    case "credentials":
      return `${name} refused the account's credentials. Check them in Settings → Couriers.`;
    case "refused":
      return words ? `${name} refused: ${words}` : `${name} refused the request.`;
    case "unexpected":
      return `${name} gave an answer the store could not read${words ? ` (${words})` : ""}. Try again later; if it keeps happening, the courier may have changed its API.`;
  }
}

/** A courier's words cut to one short line with no control characters, so they are safe to show and store. */
export function cleanDetail(detail: string): string {
  const line = detail
    .slice(0, 400)
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
