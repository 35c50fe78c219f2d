// Random ids made in the browser (the cart's session id, an order's Idempotency-Key).

/**
 * `bytes` random bytes from the browser's cryptographic generator, as lowercase hex:
 * crypto.randomUUID needs a secure context, getRandomValues works on plain http too.
 */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
