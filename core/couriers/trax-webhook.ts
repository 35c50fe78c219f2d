// What Trax pushes when a parcel moves, when it pays, and when it sets a parcel's charges (guide
// §24-27): one flat object per call, `{ tracking_number, status, date_time }` (a payment adds
// `payment_id`; the charges webhooks carry the amounts instead of a status). Trax tries 5 times,
// 3 s each, then blocks the subscription, so the endpoint stores the body and answers at once;
// this module only reads a body, and refuses (as a value, never a throw) one that is not Trax's.
//
// Trax signs nothing and sends no secret header: the guide's only setting is the URL. The
// endpoint therefore carries a secret in its path, compared with `traxWebhookSecretMatches`.
import { timingSafeEqual, createHash } from "node:crypto";
import type { TrackingEvent } from "./courier";
import { mapTraxStatus, traxEventTime } from "./trax-status";
import { traxPaisa } from "./trax-answer";

/** A parcel's new status, in our words and Trax's. */
export interface TraxStatusNotice {
  kind: "status";
  cn: string;
  /** one event; empty when the word is not one the store knows (the next poll reads it with its history) */
  events: TrackingEvent[];
  /** Trax's word when it is not in the store's list, else null */
  unmapped: string | null;
}

/** Trax paid the shop for a parcel (or says where its payment stands). */
export interface TraxPaymentNotice {
  kind: "payment";
  cn: string;
  paid: boolean;
  /** Trax's payment id: the batch the money came in */
  reference: string | null;
  at: Date;
  courierStatus: string;
}

/** Trax's charges for a parcel: the first estimate at booking and the final one after weighing. */
export interface TraxChargesNotice {
  kind: "charges";
  cn: string;
  codPaisa: number | null;
  /** each charge by Trax's own word, in paisa */
  deductions: { kind: string; paisa: number }[];
  netPayablePaisa: number | null;
}

export type TraxNotice = TraxStatusNotice | TraxPaymentNotice | TraxChargesNotice;

export type TraxWebhookResult = { ok: true; notice: TraxNotice } | { ok: false; reason: string };

/** A body bigger than this is no Trax notice (the largest, the final charges, is under 1 KB). */
export const TRAX_WEBHOOK_MAX_BYTES = 16 * 1024;
const MAX_FIELDS = 40;
const FIELD_MAX = 200;
// eslint-disable-next-line no-control-regex -- refusing control characters (NUL first) is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const CHARGE_FIELDS = [
  "weight_charges",
  "cash_handling_charges",
  "insurance_charges",
  "fuel_surcharges",
  "packaging_charges",
  "return_charges",
  "replacement_charges",
  "try_buy_charges",
  "intercept_charges",
  "nsa_charges",
  "gst",
] as const;

const refuse = (reason: string): TraxWebhookResult => ({ ok: false, reason });

/** The body as an object of short texts: JSON (an object or its text) or a form-encoded text. */
function fields(body: unknown): Map<string, string> | string {
  let value = body;
  if (value instanceof Uint8Array) {
    if (value.byteLength > TRAX_WEBHOOK_MAX_BYTES) return "the body is too large";
    value = Buffer.from(value).toString("utf8");
  }
  if (typeof value === "string") {
    if (value.length > TRAX_WEBHOOK_MAX_BYTES) return "the body is too large";
    const text = value.trim();
    if (text.startsWith("{")) {
      try {
        value = JSON.parse(text);
      } catch {
        return "the body is not JSON";
      }
    } else {
      // Trax's guide writes its bodies as PHP arrays: a form-encoded post is read too
      value = Object.fromEntries(new URLSearchParams(text));
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "the body is not an object";
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_FIELDS) return "the body has too many fields";
  const map = new Map<string, string>();
  for (const [key, raw] of entries) {
    if (key.length > 60) return "a field's name is too long";
    if (raw === null || raw === undefined) continue;
    if (typeof raw !== "string" && typeof raw !== "number") return `${key.slice(0, 60)} is not text`;
    const text = String(raw);
    if (text.length > FIELD_MAX) return `${key.slice(0, 60)} is too long`;
    if (CONTROL.test(text)) return `${key.slice(0, 60)} holds control characters`;
    map.set(key, text.trim());
  }
  return map;
}

function chargesNotice(cn: string, map: Map<string, string>): TraxWebhookResult {
  const deductions: TraxChargesNotice["deductions"] = [];
  for (const kind of CHARGE_FIELDS) {
    if (!map.has(kind)) continue;
    const paisa = traxPaisa(map.get(kind));
    if (paisa === null) return refuse(`${kind} is not an amount`);
    if (paisa !== 0) deductions.push({ kind, paisa });
  }
  const amount = (name: string) => (map.has(name) ? traxPaisa(map.get(name)) : null);
  return {
    ok: true,
    notice: { kind: "charges", cn, codPaisa: amount("cod_amount"), deductions, netPayablePaisa: amount("net_payable") },
  };
}

/** Reads one body Trax posted: its CN and what it says, or why it is not Trax's. */
export function parseTraxWebhook(body: unknown): TraxWebhookResult {
  const map = fields(body);
  if (typeof map === "string") return refuse(map);
  const cn = map.get("tracking_number") ?? "";
  if (cn.length < 6 || cn.length > 20 || !/^\d+$/.test(cn))
    return refuse("tracking_number is not a Trax tracking number");
  const word = map.get("status") ?? "";
  if (word === "") {
    if (CHARGE_FIELDS.some((kind) => map.has(kind)) || map.has("net_payable")) return chargesNotice(cn, map);
    return refuse("status is missing");
  }
  // the guide writes the moment as a Pakistan date and time ("2021-06-11 17:29:36"), with no zone
  const at = traxEventTime(map.get("timestamp"), map.get("date_time") ?? "");
  if (!at) return refuse("date_time is missing or not a date");
  const paymentId = map.get("payment_id") ?? "";
  if (paymentId !== "" || /^payment\b/i.test(word)) {
    if (paymentId !== "" && !/^\d{1,20}$/.test(paymentId)) return refuse("payment_id is not a number");
    return {
      ok: true,
      notice: {
        kind: "payment",
        cn,
        paid: /processed|paid/i.test(word),
        reference: paymentId || null,
        at,
        courierStatus: word,
      },
    };
  }
  const status = mapTraxStatus(word);
  const reason = map.get("status_reason") || map.get("reason") || null;
  return {
    ok: true,
    notice: {
      kind: "status",
      cn,
      events: status ? [{ at, status, courierStatus: word, reason, location: null }] : [],
      unmapped: status ? null : word,
    },
  };
}

/** Whether the secret in the webhook's URL is the account's, compared in constant time. */
export function traxWebhookSecretMatches(expected: string, supplied: unknown): boolean {
  if (typeof supplied !== "string" || supplied.length > 200 || expected.length === 0) return false;
  // hashing both gives equal lengths, so the comparison's time says nothing about the secret
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(expected), digest(supplied));
}
