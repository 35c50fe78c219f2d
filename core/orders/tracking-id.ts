// Tracking IDs (decision 0010): 10 symbols from an alphabet without the look-alikes 0/O and 1/I,
// drawn with a cryptographically secure source (50 bits), shown as XXXXX-XXXXX.
import crypto from "node:crypto";

export const TRACKING_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const TRACKING_LENGTH = 10;

/** A new tracking ID in its stored and shown form, e.g. K7MX4-QR9TZ. */
export function newTrackingId(): string {
  let symbols = "";
  for (let i = 0; i < TRACKING_LENGTH; i++) symbols += TRACKING_ALPHABET[crypto.randomInt(TRACKING_ALPHABET.length)];
  return formatTrackingId(symbols);
}

function formatTrackingId(symbols: string): string {
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/**
 * What a shopper typed or read out, in the stored form: any case, spaces and dashes ignored.
 * Null when it cannot be a tracking ID.
 */
export function parseTrackingId(input: string): string | null {
  const symbols = input.toUpperCase().replace(/[\s-]/g, "");
  if (symbols.length !== TRACKING_LENGTH) return null;
  for (const symbol of symbols) if (!TRACKING_ALPHABET.includes(symbol)) return null;
  return formatTrackingId(symbols);
}
