// Web Push for staff new-order alerts (decision 0094): the store's VAPID keys, and the push queue
// the outbox worker sends from (push_messages; decision 0069's lease, backoff and SKIP LOCKED).
// Encryption (aes128gcm, RFC 8291) and the VAPID signature (RFC 8292) are the web-push library's.
import type https from "node:https";
import webpush from "web-push";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { PushPayload } from "../../db/schema";
import type { OutboxQueue } from "./outbox";
import { TransportError, type SendResult } from "./transport";
import { keyFileOnce } from "../shared/key-file";

export interface VapidKeys {
  /** the uncompressed P-256 public key, base64url: the browser's applicationServerKey */
  publicKey: string;
  privateKey: string;
  /** who the push service may contact about the store's pushes: mailto: or https: */
  subject: string;
  /** where they came from, for the start-up log and the operations page */
  source: "environment" | "data folder";
}

const KEY_FILE = "vapid-keys.json";
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function checkKeys(publicKey: string, privateKey: string, where: string): void {
  // an uncompressed P-256 point is 65 bytes (87 characters), a private scalar 32 bytes (43)
  if (publicKey.length !== 87 || !BASE64URL.test(publicKey)) {
    throw new Error(`${where}: VAPID_PUBLIC_KEY must be 87 base64url characters (npx web-push generate-vapid-keys)`);
  }
  if (privateKey.length !== 43 || !BASE64URL.test(privateKey)) {
    throw new Error(`${where}: VAPID_PRIVATE_KEY must be 43 base64url characters (npx web-push generate-vapid-keys)`);
  }
}

/**
 * The store's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set; else, with the
 * embedded database, a pair made once and kept in DATA_DIR (one process per folder, so every
 * process of the store signs with the same key); else (PostgreSQL, many processes, keys not set)
 * none, and push notifications are off. A subscription is tied to the public key it was made
 * with: changing the keys ends every device's pushes until the console is opened on it again.
 */
export function loadVapidKeys(options: {
  publicKey?: string;
  privateKey?: string;
  subject?: string;
  publicUrl: string;
  dataDir: string;
  embedded: boolean;
}): VapidKeys | null {
  const publicKey = (options.publicKey ?? "").trim();
  const privateKey = (options.privateKey ?? "").trim();
  const subject = vapidSubject(options.subject, options.publicUrl);
  if (publicKey !== "" || privateKey !== "") {
    if (publicKey === "" || privateKey === "")
      throw new Error("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither");
    checkKeys(publicKey, privateKey, "environment");
    return { publicKey, privateKey, subject, source: "environment" };
  }
  if (!options.embedded) return null;
  const stored = keyFileOnce({
    dataDir: options.dataDir,
    fileName: KEY_FILE,
    what: "a VAPID key pair",
    read: (text) => {
      const pair = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof pair.publicKey !== "string" || typeof pair.privateKey !== "string") {
        throw new Error("publicKey and privateKey must be strings");
      }
      checkKeys(pair.publicKey, pair.privateKey, "the file");
      return { publicKey: pair.publicKey, privateKey: pair.privateKey };
    },
    make: () => JSON.stringify(webpush.generateVAPIDKeys()),
  });
  return { ...stored, subject, source: "data folder" };
}

/** VAPID_SUBJECT, else mailto:no-reply@ PUBLIC_URL's host (push services want a way to reach the sender). */
function vapidSubject(value: string | undefined, publicUrl: string): string {
  const text = (value ?? "").trim();
  if (text !== "") {
    if (text.length > 200 || !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(text)) {
      throw new Error(
        `VAPID_SUBJECT must be mailto:someone@example.com or an https:// address, not "${text.slice(0, 60)}"`,
      );
    }
    return text;
  }
  let host = "localhost";
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL was checked at start; localhost is only a fallback
  }
  return `mailto:no-reply@${host.replace(/^\[|\]$/g, "")}`;
}

/** One browser as the push service knows it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSender {
  readonly name: string;
  send(target: PushTarget, payload: PushPayload): Promise<SendResult>;
}

export const PUSH_NOT_SENT_NOTE = "not sent: no VAPID keys configured";

/** Without keys: nothing leaves the store; the row says why. */
export const logOnlyPushSender: PushSender = {
  name: "log only",
  send: () => Promise.resolve({ outcome: "logged", note: PUSH_NOT_SENT_NOTE }),
};

/** Raised for an answer that says the browser's subscription is gone for good (404, 410). */
export class SubscriptionGone extends TransportError {
  constructor(status: number) {
    super(`the push service answered ${status}: this device is no longer subscribed`, true);
    this.name = "SubscriptionGone";
  }
}

/** 408, 429 and 5xx are worth another try; any other refusal is about the message or the keys. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** Web Push through the web-push library: VAPID-signed, aes128gcm-encrypted, with a time limit. */
export function webPushSender(
  keys: VapidKeys,
  // agent: a test's, trusting its local push service's certificate
  options: { timeoutMs: number; ttlSeconds?: number; agent?: https.Agent },
): PushSender {
  return {
    name: "Web Push",
    async send(target, payload) {
      try {
        const answer = await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          // an alert a day old is no longer news; the order list has it
          TTL: options.ttlSeconds ?? 24 * 60 * 60,
          urgency: "high",
          // a device that was offline gets one notification per order, not one per attempt
          topic: `order-${payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(-26)}`,
          contentEncoding: "aes128gcm",
          timeout: options.timeoutMs,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        const location = answer.headers.location;
        return { outcome: "sent", providerMessageId: typeof location === "string" ? location.slice(0, 500) : null };
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          if (error.statusCode === 404 || error.statusCode === 410) throw new SubscriptionGone(error.statusCode);
          const body = String(error.body ?? "").slice(0, 200);
          throw new TransportError(
            `the push service answered ${error.statusCode}${body ? `: ${body}` : ""}`,
            !retryable(error.statusCode),
          );
        }
        // a refused connection, a reset, or the time limit: the push service may be back soon
        const why = error instanceof Error ? error.message : String(error);
        throw new TransportError(`push service unreachable: ${why}`.slice(0, 500), false);
      }
    },
  };
}

interface PushRow {
  id: number;
  attempts: number;
  subscription_id: number | null;
  payload: PushPayload | string;
}

/**
 * The push queue: push_messages through a sender. The device's address and keys are read at
 * send time, so a device removed since the alert was queued is not sent to; one the push service
 * says is gone (404, 410) is removed, with its other waiting alerts.
 */
export function pushQueue(db: Db, sender: PushSender): OutboxQueue<PushRow> {
  return {
    table: "push_messages",
    columns: ["subscription_id", "payload"],
    async send(row) {
      const [target] =
        row.subscription_id === null
          ? []
          : await queryRows<{ endpoint: string; p256dh: string; auth: string }>(
              db,
              sql`select endpoint, p256dh, auth from push_subscriptions where id = ${row.subscription_id}`,
            );
      if (!target) throw new TransportError("this device was removed before the alert was sent", true);
      const payload = typeof row.payload === "string" ? (JSON.parse(row.payload) as PushPayload) : row.payload;
      try {
        const result = await sender.send(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
        );
        if (result.outcome === "sent") {
          await db.execute(sql`update push_subscriptions set last_sent_at = now() where id = ${row.subscription_id}`);
        }
        return result;
      } catch (error) {
        if (error instanceof SubscriptionGone) {
          // the row keeps its history (subscription_id becomes null); the device is forgotten
          await db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}`);
        }
        throw error;
      }
    },
  };
}
