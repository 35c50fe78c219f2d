// What the WhatsApp Cloud API says became of the messages the store sent: its webhook's
// value.statuses[] ("sent", "delivered", "read", "failed"), each naming a message by the id the
// Cloud API gave it when the outbox sent it. The message log keeps when each was delivered and
// read, and a message the Cloud API could not deliver after taking it is marked failed.
//
// This is what lets the confirmation scheduler cancel an unanswered order only when its question
// really reached the shopper's phone (decision 0089): a message the store could not send (no
// WhatsApp account), or sent but never delivered (a phone off for days, a number without
// WhatsApp), leaves the order on the call list instead.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";

export const DELIVERY_STATES = ["sent", "delivered", "read", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One entry of value.statuses[], as read from the webhook. */
export interface DeliveryStatus {
  /** wamid.… of a message the store sent */
  providerMessageId: string;
  state: DeliveryState;
  /** when the Cloud API says it happened; null when the event gave no usable time */
  at: Date | null;
  /** the Cloud API's reason, for "failed" */
  error: string | null;
}

const ID_MAX = 256;
const ERROR_MAX = 500;
/** a webhook call carries a handful; more than this in one call is not the Cloud API */
export const STATUSES_PER_EVENT = 500;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// no NUL (PostgreSQL refuses it in text) and no lone surrogate (it cannot be stored as UTF-8;
// with the u flag a pair is one code point, so \p{Cs} matches only the lone halves)
const LONE_SURROGATES = /\p{Cs}/gu;
const storable = (text: string, max: number) => text.slice(0, max).replaceAll("\0", "").replace(LONE_SURROGATES, "");

/** Unix seconds as the Cloud API gives them, within 2000-2100, or null. */
function readTime(value: unknown): Date | null {
  if (typeof value !== "string" || value.length > 11 || !/^\d+$/.test(value)) return null;
  const seconds = Number(value);
  return seconds > 946_684_800 && seconds < 4_102_444_800 ? new Date(seconds * 1000) : null;
}

/** One raw entry of value.statuses[], or null when it is not in the Cloud API's shape. */
export function readDeliveryStatus(raw: unknown): DeliveryStatus | null {
  if (!isObject(raw)) return null;
  const { id, status } = raw;
  if (typeof id !== "string" || id.length === 0 || id.length > ID_MAX) return null;
  if (typeof status !== "string" || !(DELIVERY_STATES as readonly string[]).includes(status)) return null;
  const providerMessageId = storable(id, ID_MAX);
  if (providerMessageId === "") return null;
  let error: string | null = null;
  if (status === "failed") {
    // errors: [{ code, title, message, error_data: { details } }]
    const first = Array.isArray(raw.errors) && isObject(raw.errors[0]) ? raw.errors[0] : null;
    const parts = [first?.code, first?.title, isObject(first?.error_data) ? first.error_data.details : first?.message]
      .filter((part) => typeof part === "string" || typeof part === "number")
      .map((part) => storable(String(part), ERROR_MAX));
    error = parts.length > 0 ? storable(`WhatsApp could not deliver it: ${parts.join(" - ")}`, ERROR_MAX) : null;
  }
  return { providerMessageId, state: status as DeliveryState, at: readTime(raw.timestamp), error };
}

/**
 * Writes what the statuses say onto the messages they name; answers how many messages changed.
 * Events come late, twice and out of order (a "read" before its "delivered"), so each write only
 * fills what is still empty: the first time wins, and a repeat changes nothing. A "read" means
 * delivered too. A "failed" counts only for a message not known to be delivered: WhatsApp does
 * not take a delivery back.
 */
export async function recordDeliveryStatuses(db: Db, statuses: DeliveryStatus[]): Promise<number> {
  let changed = 0;
  for (const status of statuses) {
    // an ISO string, cast by the database: both drivers take it the same way
    const at = sql`${(status.at ?? new Date()).toISOString()}::timestamptz`;
    const id = status.providerMessageId;
    let query;
    if (status.state === "delivered" || status.state === "read") {
      const read = status.state === "read" ? sql`coalesce(read_at, ${at})` : sql`read_at`;
      query = sql`
        update whatsapp_messages
        set delivered_at = coalesce(delivered_at, ${at}), read_at = ${read}, updated_at = now()
        where provider_message_id = ${id} and status = 'sent'
          and (delivered_at is null ${status.state === "read" ? sql`or read_at is null` : sql``})
        returning id`;
    } else if (status.state === "failed") {
      query = sql`
        update whatsapp_messages
        set status = 'failed', last_error = ${status.error ?? "WhatsApp could not deliver it."}, updated_at = now()
        where provider_message_id = ${id} and status = 'sent' and delivered_at is null and read_at is null
        returning id`;
    } else {
      // "sent": the outbox already marked it when the Cloud API took it
      continue;
    }
    changed += (await queryRows<{ id: number }>(db, query)).length;
  }
  return changed;
}
