// Per-client limits of the public calls that take orders or check codes, counted by the shared
// limiter (database or Redis), so every process of the store counts together. The API and the
// pages (tracking, the confirm page) count against the same limits.

export interface RateLimit {
  limit: number;
  windowSeconds: number;
  message: string;
}

// A family ordering together from one phone stays far below these; a script does not.
// Mutable on purpose: a test can lower or raise a limit for the app it builds.
export const RATE_LIMITS = {
  orders: {
    limit: 20,
    windowSeconds: 600,
    message: "Too many orders from your connection. Please wait a few minutes and try again.",
  },
  vouchers: {
    limit: 30,
    windowSeconds: 600,
    message: "Too many voucher checks. Please wait a few minutes and try again.",
  },
  tracking: {
    limit: 30,
    windowSeconds: 600,
    message: "Too many tracking requests. Please wait a few minutes and try again.",
  },
  // the shopper's confirm page (decision 0071): one order needs one answer, a second at most
  confirmLinks: {
    limit: 20,
    windowSeconds: 600,
    message: "Too many answers from your connection. Please wait a few minutes and try again.",
  },
} satisfies Record<string, RateLimit>;
