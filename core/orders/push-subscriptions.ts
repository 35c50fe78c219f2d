// A browser's push subscription as a staff member's device sends it (decision 0094): its shape,
// the push services the store will post to, and the name that tells a member's devices apart.
// order-alerts.ts stores what passes here.
import { z } from "zod";
import { invalid } from "../shared/errors";

/** "Chrome on Android": enough for a member to tell their devices apart. */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? "").slice(0, 500);
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /OPR\//.test(ua)
        ? "Opera"
        : /Firefox\//.test(ua)
          ? "Firefox"
          : /Chrome\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iPhone or iPad"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "Mac"
          : /CrOS/.test(ua)
            ? "Chromebook"
            : /Linux/.test(ua)
              ? "Linux"
              : "";
  return system ? `${browser} on ${system}` : browser;
}

const base64url = (min: number, max: number, name: string) =>
  z
    .string()
    .min(min, `${name} is too short`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`);

/** A browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionInput = z.object({
  endpoint: z
    .string()
    .max(1000, "endpoint is too long")
    .refine((value) => /^https?:\/\/[^\s/?#]+\/\S*$/.test(value), "endpoint must be the push service's address"),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // an uncompressed P-256 point: 65 bytes, 87 characters; the auth secret 16 bytes, 22 characters
    p256dh: base64url(80, 100, "keys.p256dh"),
    auth: base64url(16, 30, "keys.auth"),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export function parseSubscription(raw: unknown): PushSubscriptionInput {
  const parsed = pushSubscriptionInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(`${issue.path.join(".") || "subscription"}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * The push services browsers use (Chrome and those built on it, Firefox, Safari, Edge): a
 * subscription elsewhere is refused, so no one can make the store post to an address of their
 * choosing. A store with its own push service (or a test's fake) names it in PUSH_SERVICE_ORIGINS.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]{1,63}\.notify\.windows\.com$/,
];
export const UNKNOWN_PUSH_SERVICE = "endpoint: This browser's push service is not one the store sends to.";

export function isPushService(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === "https:" && url.port === "" && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}
