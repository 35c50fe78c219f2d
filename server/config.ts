// Configuration from the environment (design.md, "Configuration"). Read once at start.
import path from "node:path";
import type { S3Settings } from "../core/media/storage";
import type { WhatsAppSettings } from "../core/messaging/cloud-api";
import { parseMailFrom, parseSmtpUrl, type MailFrom, type SmtpSettings } from "../core/messaging/email-transport";
import { loadVapidKeys, type VapidKeys } from "../core/messaging/web-push";
import { loadSecretsKey, type SecretsKey } from "../core/shared/secrets";

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  publicUrl: string;
  redisUrl: string | undefined;
  logLevel: string;
  /** origins allowed to call /api from a browser; empty = CORS closed */
  corsOrigins: string[];
  /** seconds a catalogue read may be served from this process's cache */
  catalogCacheSeconds: number;
  /**
   * How many proxies stand in front of the store (decision 0041). The client's address is the one
   * the outermost of them saw; X-Forwarded-For entries before it are the client's own words.
   * 0: the header is ignored, so clients cannot fake their address.
   */
  trustProxyHops: number;
  /** uploaded media in an S3-compatible bucket (S3_BUCKET set); unset = files under DATA_DIR/media */
  s3: S3Settings | undefined;
  /** the WhatsApp Cloud API (WHATSAPP_ACCESS_TOKEN set); unset = messages are only logged */
  whatsapp: WhatsAppSettings | undefined;
  /**
   * The webhook for shoppers' replies (decision 0071): WHATSAPP_APP_SECRET signs each event
   * (without it every event is refused), WHATSAPP_VERIFY_TOKEN answers Meta's verify handshake.
   * Read without WHATSAPP_ACCESS_TOKEN too: replies can come in while sending is switched off.
   */
  whatsappWebhook: { appSecret: string; verifyToken: string };
  /**
   * Email (decision 0076): the SMTP server (SMTP_URL; unset = emails are only logged) and
   * the sender (MAIL_FROM; unset = the store's name and no-reply@ PUBLIC_URL's host)
   */
  email: { smtp: SmtpSettings | undefined; from: MailFrom };
  /** the message worker (decision 0069): on unless MESSAGE_WORKER=off; how often it looks */
  messageWorker: { enabled: boolean; pollMs: number; leaseMs: number };
  /** reminders and expiry of unanswered confirmations (decision 0072): on unless CONFIRMATION_SCHEDULER=off */
  confirmationScheduler: { enabled: boolean; pollMs: number };
  /**
   * Following parcels with their couriers (decision 0104): on unless PARCEL_TRACKING=off; how often
   * each process looks for parcels due a poll (PARCEL_TRACKING_POLL_MS) and for pushed webhooks
   * to work through (PARCEL_WEBHOOK_POLL_MS)
   */
  parcelTracking: { enabled: boolean; pollMs: number; inboxMs: number };
  /**
   * Asking couriers what they paid for finished parcels (decision 0106): on with parcel tracking
   * (PARCEL_TRACKING); how often each process looks for parcels due an ask (PAYMENT_POLL_MS)
   */
  paymentPoll: { pollMs: number };
  /**
   * Trax's pushed statuses (decision 0104): TRAX_WEBHOOK_SECRET, when set, must end the webhook's
   * path (/api/webhooks/trax/<secret>, the URL registered with Trax) and its bodies are recorded as
   * events; unset, a push only brings its parcels' next poll forward
   */
  traxWebhook: { secret: string };
  /**
   * Web Push for staff new-order alerts (decision 0094): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or
   * with the embedded database a pair made once in DATA_DIR; null = push notifications are off
   */
  vapid?: VapidKeys | null;
  /** origins of push services besides the browsers' own (PUSH_SERVICE_ORIGINS): a self-hosted one, a test's fake */
  pushServiceOrigins?: string[];
  /**
   * The key that seals courier credentials (decision 0101): SECRETS_KEY, or with the embedded
   * database one made once in DATA_DIR; null = PostgreSQL without SECRETS_KEY, credentials cannot be saved
   */
  secrets?: SecretsKey | null;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "no", "off"].includes(value.toLowerCase());
}

function proxyHops(value: string | undefined): number {
  const text = (value ?? "").trim();
  if (text === "" || ["off", "false", "no"].includes(text.toLowerCase())) return 0;
  // "true" used to mean "trust every hop", which let a client choose its own address
  if (!/^\d{1,2}$/.test(text)) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the store (0 for none, 1 for one load balancer), not "${value}"`,
    );
  }
  return Number(text);
}

/** The S3_* settings when S3_BUCKET is set (decision 0063); the others are then required. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = (env.S3_BUCKET ?? "").trim();
  if (bucket === "") return undefined;
  const region = (env.S3_REGION ?? "").trim() || "us-east-1";
  const missing = ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"].filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`S3_BUCKET is set, so ${missing.join(", ")} must be set too`);
  const endpoint = (env.S3_ENDPOINT ?? "").trim() || `https://s3.${region}.amazonaws.com`;
  for (const [name, value] of [
    ["S3_ENDPOINT", endpoint],
    ["S3_PUBLIC_URL", env.S3_PUBLIC_URL!.trim()],
  ] as const) {
    if (!/^https?:\/\/[^\s]+$/.test(value)) throw new Error(`${name} must be an http(s) address, not "${value}"`);
  }
  return {
    bucket,
    region,
    endpoint: endpoint.replace(/\/+$/, ""),
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    publicUrl: env.S3_PUBLIC_URL!.trim().replace(/\/+$/, ""),
  };
}

/** The WHATSAPP_* settings when WHATSAPP_ACCESS_TOKEN is set (decision 0070). */
function whatsappSettings(env: NodeJS.ProcessEnv): WhatsAppSettings | undefined {
  const accessToken = (env.WHATSAPP_ACCESS_TOKEN ?? "").trim();
  if (accessToken === "") return undefined;
  const phoneNumberId = (env.WHATSAPP_PHONE_NUMBER_ID ?? "").trim();
  if (!/^\d{1,30}$/.test(phoneNumberId)) {
    throw new Error(
      "WHATSAPP_ACCESS_TOKEN is set, so WHATSAPP_PHONE_NUMBER_ID must be set to the number's id (digits)",
    );
  }
  const apiUrl = ((env.WHATSAPP_API_URL ?? "").trim() || "https://graph.facebook.com").replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s]+$/.test(apiUrl))
    throw new Error(`WHATSAPP_API_URL must be an http(s) address, not "${apiUrl}"`);
  const apiVersion = (env.WHATSAPP_API_VERSION ?? "").trim() || "v21.0";
  if (!/^v\d{1,3}\.\d{1,3}$/.test(apiVersion))
    throw new Error(`WHATSAPP_API_VERSION must look like v21.0, not "${apiVersion}"`);
  return {
    apiUrl,
    apiVersion,
    phoneNumberId,
    accessToken,
    appSecret: (env.WHATSAPP_APP_SECRET ?? "").trim(),
    verifyToken: (env.WHATSAPP_VERIFY_TOKEN ?? "").trim(),
    templates: {
      confirmation: (env.WHATSAPP_TEMPLATE_CONFIRMATION ?? "").trim() || "order_confirmation",
      reminder: (env.WHATSAPP_TEMPLATE_REMINDER ?? "").trim() || "order_confirmation_reminder",
      password_code: (env.WHATSAPP_TEMPLATE_PASSWORD_CODE ?? "").trim() || "password_reset_code",
      new_order_alert: (env.WHATSAPP_TEMPLATE_NEW_ORDER_ALERT ?? "").trim() || "new_order_alert",
    },
    timeoutMs: 15_000,
  };
}

function milliseconds(name: string, value: string | undefined, fallback: number, least: number): number {
  const text = (value ?? "").trim();
  if (text === "") return fallback;
  if (!/^\d{1,8}$/.test(text) || Number(text) < least) {
    throw new Error(`${name} must be a whole number of milliseconds, ${least} or more, not "${value}"`);
  }
  return Number(text);
}

/** A webhook's shared secret: empty (none), or 16 to 200 URL-safe characters. */
function webhookSecret(name: string, value: string | undefined): string {
  const text = (value ?? "").trim();
  if (text !== "" && !/^[A-Za-z0-9._~-]{16,200}$/.test(text)) {
    throw new Error(`${name} must be 16 to 200 letters, digits or . _ ~ - (openssl rand -hex 24 makes one)`);
  }
  return text;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const host = env.HOST || "0.0.0.0";
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    seedDemo: flag(env.SEED_DEMO, true),
    publicUrl,
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || "info",
    corsOrigins: (env.CORS_ORIGINS || "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    catalogCacheSeconds: Number(env.CATALOG_CACHE_SECONDS ?? 5),
    trustProxyHops: proxyHops(env.TRUST_PROXY),
    s3: s3Settings(env),
    whatsapp: whatsappSettings(env),
    whatsappWebhook: {
      appSecret: (env.WHATSAPP_APP_SECRET ?? "").trim(),
      verifyToken: (env.WHATSAPP_VERIFY_TOKEN ?? "").trim(),
    },
    email: {
      smtp: (env.SMTP_URL ?? "").trim() === "" ? undefined : parseSmtpUrl(env.SMTP_URL!.trim()),
      from: parseMailFrom(env.MAIL_FROM, publicUrl),
    },
    messageWorker: {
      enabled: flag(env.MESSAGE_WORKER, true),
      pollMs: milliseconds("MESSAGE_WORKER_POLL_MS", env.MESSAGE_WORKER_POLL_MS, 2_000, 10),
      // how long a claimed message stays one process's; a crash's messages are sent again after it
      leaseMs: milliseconds("MESSAGE_WORKER_LEASE_MS", env.MESSAGE_WORKER_LEASE_MS, 60_000, 1_000),
    },
    confirmationScheduler: {
      enabled: flag(env.CONFIRMATION_SCHEDULER, true),
      pollMs: milliseconds("CONFIRMATION_SCHEDULER_POLL_MS", env.CONFIRMATION_SCHEDULER_POLL_MS, 60_000, 10),
    },
    parcelTracking: {
      enabled: flag(env.PARCEL_TRACKING, true),
      pollMs: milliseconds("PARCEL_TRACKING_POLL_MS", env.PARCEL_TRACKING_POLL_MS, 60_000, 10),
      inboxMs: milliseconds("PARCEL_WEBHOOK_POLL_MS", env.PARCEL_WEBHOOK_POLL_MS, 5_000, 10),
    },
    paymentPoll: { pollMs: milliseconds("PAYMENT_POLL_MS", env.PAYMENT_POLL_MS, 600_000, 10) },
    traxWebhook: { secret: webhookSecret("TRAX_WEBHOOK_SECRET", env.TRAX_WEBHOOK_SECRET) },
    vapid: loadVapidKeys({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
      publicUrl,
      dataDir,
      embedded: !env.DATABASE_URL,
    }),
    secrets: loadSecretsKey({ value: env.SECRETS_KEY, dataDir, embedded: !env.DATABASE_URL }),
    pushServiceOrigins: (env.PUSH_SERVICE_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .map((origin) => {
        if (!/^https?:\/\/[^\s/]+$/.test(origin)) {
          throw new Error(`PUSH_SERVICE_ORIGINS must list origins such as https://push.example.com, not "${origin}"`);
        }
        return origin;
      }),
  };
}
