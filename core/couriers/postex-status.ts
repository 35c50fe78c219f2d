// PostEx's status words and history codes in the store's parcel words (decision 0101). PostEx
// reports a parcel twice over: a current `transactionStatus` word ("Picked By PostEx", "Out For
// Return") and a `transactionStatusHistory` of coded steps (0001-0013, 0013 "Attempt Made:
// <reason>"). The history is the timeline; the current word is added at its end where it says
// more than the last step (PostEx documents no history code for pickup, out for delivery or the
// way back). A word or code not listed here never moves the parcel: its event keeps PostEx's words
// and the status the step before it had, "booked" when it is the first.
import type { ParcelStatus, ParcelTracking, TrackingEvent } from "./courier";

const normal = (text: string): string => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Every word of PostEx's order-status list (v1/get-order-status), the words its history steps
 * carry, and those public integrations saw the live gateway answer ("Cancelled", "Return", "Under
 * Verification"). Unbooked: created, no load sheet yet; Booked: on a load sheet, awaiting the rider.
 * Expired, Un-Assigned By Me and Cancelled end a booking that never left the shop: the nearest
 * status of ours is "booked", with PostEx's word kept for staff.
 */
export const POSTEX_WORDS: Readonly<Record<string, ParcelStatus>> = {
  unbooked: "booked",
  "un-booked": "booked",
  booked: "booked",
  "at merchant's warehouse": "booked",
  "at merchant warehouse": "booked",
  "un-assigned by me": "booked",
  expired: "booked",
  cancelled: "booked",
  "picked by postex": "picked up",
  "en-route to postex warehouse": "in transit",
  "postex warehouse": "in transit",
  "at postex warehouse": "in transit",
  "package on route": "in transit",
  "package on root": "in transit",
  "out for delivery": "out for delivery",
  attempted: "delivery attempted",
  "delivery under review": "delivery attempted",
  "under verification": "delivery attempted",
  delivered: "delivered",
  "out for return": "returning",
  "return initiated": "returning",
  "return in transit": "returning",
  returned: "returned",
  return: "returned",
  "returned to merchant warehouse": "returned",
};

/** The history codes the merchant guide (v4.1.9) names; 0009-0012 are not described in it. */
export const POSTEX_CODES: Readonly<Record<string, ParcelStatus>> = {
  "0001": "booked", // At Merchant's Warehouse
  "0002": "returned",
  "0003": "in transit", // At PostEx Warehouse
  "0004": "in transit", // Package on Route
  "0005": "delivered",
  "0006": "returned",
  "0007": "returned",
  "0008": "delivery attempted", // Delivery Under Review: parked for the shipper's advice
  "0013": "delivery attempted", // Attempt Made: <reason>
};

/** How far along a parcel each status is, so an older current word never rewinds the timeline. */
const PROGRESS: Readonly<Record<ParcelStatus, number>> = {
  booked: 0,
  "picked up": 1,
  "in transit": 2,
  "out for delivery": 3,
  "delivery attempted": 3,
  returning: 4,
  delivered: 5,
  returned: 6,
};

const ATTEMPT = /^attempt(?:ed)?(?: made)?\s*[:\-–]?\s*(.*)$/i;

/** Our status for a PostEx word or step, with the reason an attempt gives; null: not one we know. */
export function postexStatus(words: string, code = ""): { status: ParcelStatus; reason: string | null } | null {
  const attempt = ATTEMPT.exec(words.trim());
  if (attempt || code === "0013") {
    const reason = attempt?.[1]?.trim() || null;
    return { status: "delivery attempted", reason };
  }
  const byWords = POSTEX_WORDS[normal(words)];
  if (byWords) return { status: byWords, reason: null };
  const byCode = POSTEX_CODES[code.trim()];
  if (byCode) return { status: byCode, reason: null };
  // longer wordings of the same steps ("Returned to Shipper Karachi", "Delivered to Ali")
  const text = normal(words);
  if (text.startsWith("out for return") || text.startsWith("return in")) return { status: "returning", reason: null };
  if (text.startsWith("returned")) return { status: "returned", reason: null };
  if (text.startsWith("out for delivery")) return { status: "out for delivery", reason: null };
  if (text.startsWith("delivered")) return { status: "delivered", reason: null };
  return null;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A PostEx date: "2026-06-27 16:00:00", "2026-06-27T16:00:00.123" or "2026-06-27", Pakistan time
 * (UTC+5 all year) unless it names its own zone; null when it is none of those.
 */
export function postexTime(value: unknown): Date | null {
  if (typeof value !== "string" || value.length > 40) return null;
  const match = LOCAL_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", zone] = match;
  const offset = zone ? (zone === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`) : "+05:00";
  const iso = `${y}-${mo}-${d}T${h.padStart(2, "0")}:${mi.padStart(2, "0")}:${s.padStart(2, "0")}${offset}`;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  // 2026-02-31 rolls into March in Date: that is no date PostEx meant
  const wall = new Date(at.getTime() + 5 * 3600_000);
  if (!zone && (wall.getUTCMonth() + 1 !== Number(mo) || wall.getUTCDate() !== Number(d))) return null;
  return at;
}

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

interface Step {
  at: Date | null;
  words: string;
  code: string;
  location: string | null;
}

function readStep(entry: unknown): Step | null {
  if (!entry || typeof entry !== "object") return null;
  const row = entry as Record<string, unknown>;
  const words = text(row.transactionStatusMessage ?? row.message);
  const code = text(row.transactionStatusMessageCode ?? row.code);
  if (!words && !code) return null;
  // the guide shows no time on a step; the live gateway sends updatedAt (some rows modifiedDatetime)
  const at = postexTime(row.updatedAt) ?? postexTime(row.modifiedDatetime) ?? postexTime(row.transactionDateTime);
  const location = text(row.cityName ?? row.location) || null;
  return { at, words: words || code, code, location };
}

/**
 * One parcel of a PostEx tracking answer (the `trackingResponse` of a bulk row, or a single
 * track-order's `dist`) as our tracking: its steps oldest first, each in our words and PostEx's.
 * Null when the row names no tracking number.
 */
export function postexTracking(order: Record<string, unknown>): ParcelTracking | null {
  const cn = text(order.trackingNumber);
  if (!cn) return null;
  const booked =
    postexTime(order.transactionDate) ?? postexTime(order.orderDate) ?? postexTime(order.orderPickupDate) ?? null;
  const history = Array.isArray(order.transactionStatusHistory) ? order.transactionStatusHistory : [];
  const steps = history.map(readStep).filter((step): step is Step => step !== null);
  // PostEx has sent history newest first: such a list is turned round before the (stable) sort by
  // time, so steps of one second keep PostEx's order; undated steps follow the dated ones
  const dated = steps.filter((step) => step.at);
  if (dated.length > 1 && dated[0]!.at! > dated.at(-1)!.at!) dated.reverse();
  dated.sort((a, b) => a.at!.getTime() - b.at!.getTime());
  const ordered = [...dated, ...steps.filter((step) => !step.at)];

  const events: TrackingEvent[] = [];
  let lastAt = booked;
  for (const step of ordered) {
    const at = step.at ?? lastAt;
    if (!at) continue;
    const known = postexStatus(step.words, step.code);
    const previous = events.at(-1)?.status ?? "booked";
    events.push({
      at,
      status: known?.status ?? previous,
      courierStatus: step.code && step.code !== step.words ? `${step.code} ${step.words}` : step.words,
      reason: known?.reason ?? null,
      location: step.location,
    });
    lastAt = at;
  }

  const current = text(order.transactionStatus);
  const now = current ? postexStatus(current) : null;
  const last = events.at(-1);
  if (now && (!last || (now.status !== last.status && PROGRESS[now.status] >= PROGRESS[last.status]))) {
    const at = postexTime(order.statusUpdatedAt) ?? last?.at ?? booked;
    if (at) {
      // "Attempted" carries no reason of its own: the last attempt step's words give it
      const reason =
        now.reason ?? (now.status === "delivery attempted" ? (events.findLast((e) => e.reason)?.reason ?? null) : null);
      events.push({ at, status: now.status, courierStatus: current, reason, location: null });
    }
  } else if (!now && current && events.length === 0 && booked) {
    events.push({ at: booked, status: "booked", courierStatus: current, reason: null, location: null });
  }
  return { cn, events };
}
