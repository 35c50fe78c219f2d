// Phone numbers at checkout (spec §5 asks only for "phone"; the issue asks for a plausible
// number, and a Pakistani mobile when the country is Pakistan). The normalised form is what
// per-customer voucher limits and order tracking compare.

export const PAKISTAN_PHONE_MESSAGE = "Please enter a valid Pakistani mobile number, e.g. 0300-1234567";
export const PHONE_MESSAGE = "Please enter a valid phone number, with the country code, e.g. +1 555 123 4567";

// what people type between digits: spaces, dashes, dots, brackets
const SEPARATORS = /[\s\-.()]/g;

/**
 * A Pakistani mobile number as 923XXXXXXXXX, from 03XX-XXXXXXX, +92 3XX XXXXXXX, 92 3XX…,
 * 0092 3XX… or 3XX XXXXXXX; null when it is not one.
 */
export function normalizePakistaniMobile(input: string): string | null {
  const compact = input.trim().replace(SEPARATORS, "");
  const match = /^(?:\+92|0092|92|0)?(3\d{9})$/.exec(compact);
  return match ? `92${match[1]}` : null;
}

/** Any country: 7 to 15 digits (E.164 allows 15), optional leading + or 00; digits only out. */
export function normalizeInternationalPhone(input: string): string | null {
  const compact = input.trim().replace(SEPARATORS, "");
  const match = /^(?:\+|00)?(\d{7,15})$/.exec(compact);
  return match ? (match[1] as string) : null;
}

/** The normalised phone for an order to this country, or null with the message to show. */
export function normalizePhone(input: string, country: string): string | null {
  return country === "Pakistan" ? normalizePakistaniMobile(input) : normalizeInternationalPhone(input);
}

export function phoneMessage(country: string): string {
  return country === "Pakistan" ? PAKISTAN_PHONE_MESSAGE : PHONE_MESSAGE;
}
