// Leopards' status words in the store's parcel words (decision 0101). A tracked packet carries a
// current `booked_packet_status` and a "Tracking Detail" list of steps whose words often end in a
// place ("Arrived at Station in GUJRANWALA", "Dispatched to KARACHI"); an attempt is "Pending" with
// its reason beside it. The words come from the merchant guide (v2), from its status codes (RC, SP,
// AR, DP, AC, DV, PN1/PN2, NR, RO, RN1/RN2, RW, DW, RS, DR) and from what public integrations saw
// the live API answer. A word not known here never moves the parcel: its event keeps Leopards'
// words and the status of the step before it, "booked" when it is the first.
import type { ParcelStatus, ParcelTracking, TrackingEvent } from "./courier";

const normal = (text: string): string => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Leopards' words by how they begin, first match wins. "Warehouse" and "vendor" in Leopards' return
 * words are the shipper's own: the parcel is back with the shop. A cancelled booking never left the
 * shop, so its nearest status of ours is "booked", with Leopards' word kept for staff.
 */
export const LEOPARDS_WORDS: readonly (readonly [prefix: string, status: ParcelStatus])[] = [
  ["pickup request not send", "booked"],
  ["pickup request not sent", "booked"],
  ["pickup request sent", "booked"],
  ["consignment booked", "booked"],
  ["booked", "booked"],
  ["cancelled", "booked"],
  ["shipment picked", "picked up"],
  ["picked", "picked up"],
  ["arrived at station", "in transit"],
  ["arrived at", "in transit"],
  ["dispatched", "in transit"],
  ["in transit", "in transit"],
  ["missroute", "in transit"],
  ["assigned to courier", "out for delivery"],
  ["out for delivery", "out for delivery"],
  ["first attempt failed", "delivery attempted"],
  ["second attempt failed", "delivery attempted"],
  ["attempt failed", "delivery attempted"],
  ["pending", "delivery attempted"],
  ["refused by consignee", "delivery attempted"],
  ["delivered to warehouse", "returned"],
  ["delivered to vendor", "returned"],
  ["delivered", "delivered"],
  ["ready for return", "returning"],
  ["being return", "returning"],
  ["first return attempt", "returning"],
  ["second return attempt", "returning"],
  ["return attempt", "returning"],
  ["returned to warehouse", "returned"],
  ["returned to shipper", "returned"],
  ["returned", "returned"],
];

/** Leopards' two-letter status codes (its pushed updates and activity log) in our words. */
export const LEOPARDS_CODES: Readonly<Record<string, ParcelStatus>> = {
  RC: "booked",
  SP: "picked up",
  AR: "in transit",
  DP: "in transit",
  AC: "out for delivery",
  DV: "delivered",
  PN1: "delivery attempted",
  PN2: "delivery attempted",
  NR: "returning",
  RO: "returning",
  RN1: "returning",
  RN2: "returning",
  RW: "returned",
  DW: "returned",
  RS: "returned",
  DR: "returned",
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

/** Our status for a Leopards word or code; null: not one we know. */
export function leopardsStatus(words: string): ParcelStatus | null {
  const code = LEOPARDS_CODES[words.trim().toUpperCase()];
  if (code) return code;
  const text = normal(words);
  if (!text) return null;
  return LEOPARDS_WORDS.find(([prefix]) => text.startsWith(prefix))?.[1] ?? null;
}

const DATE = /^(?:(\d{4})[-/](\d{1,2})[-/](\d{1,2})|(\d{1,2})[-/](\d{1,2})[-/](\d{4}))(?:[T ]+(.*))?$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]m)?$/i;

/**
 * A Leopards date, Pakistan time (UTC+5 all year): "2026-09-20 01:26:19", "2026/09/20",
 * "19/09/2026" (day first), with the time beside it or in `time` ("01:26:19", "1:26 PM"). Null when
 * it is none of those or no real day.
 */
export function leopardsTime(value: unknown, time?: unknown): Date | null {
  if (typeof value !== "string" || value.length > 40) return null;
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match[1]
    ? [Number(match[1]), Number(match[2]), Number(match[3])]
    : [Number(match[6]), Number(match[5]), Number(match[4])];
  const clockText = (match[7] ?? (typeof time === "string" ? time : "")).trim();
  const clock = clockText ? CLOCK.exec(clockText) : null;
  if (clockText && !clock) return null;
  let hours = clock ? Number(clock[1]) : 0;
  const meridiem = clock?.[4]?.toLowerCase();
  if (meridiem === "pm" && hours < 12) hours += 12;
  if (meridiem === "am" && hours === 12) hours = 0;
  const wall = Date.UTC(year, month - 1, day, hours, clock ? Number(clock[2]) : 0, clock?.[3] ? Number(clock[3]) : 0);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hours > 23) return null;
  return new Date(wall - 5 * 3600_000);
}

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** The place at the end of Leopards' words ("... in GUJRANWALA", "Dispatched to KARACHI"). */
function placeIn(words: string): string | null {
  const match = /\b(?:in|to|at)\s+([A-Z][A-Z .'-]{1,40})$/.exec(words.trim());
  return match ? match[1]!.trim() : null;
}

interface Step {
  at: Date | null;
  words: string;
  reason: string | null;
  location: string | null;
}

function readStep(entry: unknown): Step | null {
  if (!entry || typeof entry !== "object") return null;
  const row = entry as Record<string, unknown>;
  // the guide spells the key "Staus" in one place; the live API sends Status and Status_With_City
  const words = text(row.Status ?? row.Staus ?? row.status);
  if (!words) return null;
  const withCity = text(row.Status_With_City);
  const at =
    leopardsTime(row.Activity_datetime) ??
    leopardsTime(row.Activity_Date ?? row["Activity Date"], row.Activity_Time ?? row["Activity Time"]);
  const reason = text(row.Reason) || null;
  return { at, words, reason: reason && !/^(n\/a|null|-)$/i.test(reason) ? reason : null, location: placeIn(withCity || words) };
}

/**
 * One packet of a trackBookedPacket answer as our tracking: its steps oldest first, in our words
 * and Leopards'. Null when the packet names no track number.
 */
export function leopardsTracking(packet: Record<string, unknown>): ParcelTracking | null {
  const cn = text(packet.track_number);
  if (!cn) return null;
  const booked = leopardsTime(packet.booking_date);
  const detail = packet["Tracking Detail"] ?? packet.TrackingDetail ?? packet.tracking_detail;
  const steps = (Array.isArray(detail) ? detail : []).map(readStep).filter((s): s is Step => s !== null);
  // Leopards sends the steps oldest first; a (stable) sort by time keeps steps of one second in its order
  const dated = steps.filter((s) => s.at).sort((a, b) => a.at!.getTime() - b.at!.getTime());
  const ordered = [...dated, ...steps.filter((s) => !s.at)];

  const events: TrackingEvent[] = [];
  let lastAt = booked;
  for (const step of ordered) {
    const at = step.at ?? lastAt;
    if (!at) continue;
    const status = leopardsStatus(step.words) ?? events.at(-1)?.status ?? "booked";
    events.push({
      at,
      status,
      courierStatus: step.words,
      reason: status === "delivery attempted" || status === "returning" ? step.reason : null,
      location: step.location,
    });
    lastAt = at;
  }

  const current = text(packet.booked_packet_status);
  const now = current ? leopardsStatus(current) : null;
  const last = events.at(-1);
  if (now && (!last || (now !== last.status && PROGRESS[now] >= PROGRESS[last.status]))) {
    const at = leopardsTime(packet.activity_date) ?? last?.at ?? booked;
    // status_remarks: the receiver's name on a delivery, the reason on a pending or returning packet
    const remarks = Array.isArray(packet.status_remarks)
      ? packet.status_remarks.map(text).filter(Boolean).join("; ")
      : text(packet.status_remarks ?? packet.status_reamrks);
    const reason = now === "delivery attempted" || now === "returning" ? remarks || null : null;
    if (at) events.push({ at: at < (last?.at ?? at) ? last!.at : at, status: now, courierStatus: current, reason, location: null });
  } else if (!now && current && events.length === 0 && booked) {
    events.push({ at: booked, status: "booked", courierStatus: current, reason: null, location: null });
  }
  return { cn, events };
}
