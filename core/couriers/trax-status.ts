// Trax's words for where a parcel is, in ours, and its Pakistan-time dates. The guide ("API
// Documentation SONIC v2") shows only a few words in its examples; the full list below is the one
// Trax's portal and public integrations show (48 shipment, return and replacement statuses). A word
// that is not in it still reads: "Return - …" as returning, anything else as the status before it,
// so a new word never moves an order or puts stock back on its own.
import type { ParcelStatus } from "./courier";

/** Longest status text read; a longer one is cut before any pattern looks at it. */
const WORD_MAX = 200;

const WORDS: Readonly<Record<string, ParcelStatus>> = {
  "shipment - booked": "booked",
  "shipment - rider assigned to pick": "booked",
  // a cancelled booking never left the shop: its parcel stays where it was, the booking says cancelled
  "shipment - cancelled": "booked",
  "shipment - rider picked": "picked up",
  "shipment - received from shipper": "picked up",
  // the guide's own example goes Booked → Arrival Service Center → Arrived at Origin: the first
  // scan in Trax's hands when no rider picked it up (the shop dropped it off)
  "shipment - arrival service center": "picked up",
  "shipment - arrived at origin": "in transit",
  "shipment - in transit": "in transit",
  "shipment - arrived at destination": "in transit",
  "shipment - dispatched from warehouse": "in transit",
  "shipment - waiting for consolidation": "in transit",
  "shipment - consolidated": "in transit",
  "shipment - multiple pieces hold": "in transit",
  "shipment - misrouted": "in transit",
  "shipment - misroute forwarded": "in transit",
  "shipment - recalled": "in transit",
  "shipment - re-booked": "in transit",
  "shipment - without manifest": "in transit",
  // the rider did not try (no time, route closed): nothing for the shop to do
  "shipment - not attempted": "in transit",
  "shipment - rider exchange": "in transit",
  // after the shop's "retry": moving again, off the list of parcels that need a person
  "shipment - re-attempt requested": "in transit",
  "shipment - re-attempt": "in transit",
  "intercept requested": "in transit",
  "intercept approved": "in transit",
  // no word of ours for these; a lost parcel stops moving and the attention list's stall rule shows it
  "shipment - lost": "in transit",
  "shipment - case closed": "in transit",
  "shipment - out for delivery": "out for delivery",
  "shipment - delivery unsuccessful": "delivery attempted",
  "shipment - on hold": "delivery attempted",
  "shipment - on hold for self collection": "delivery attempted",
  "shipment - non-service area": "delivery attempted",
  "shipment - shipper advise requested": "delivery attempted",
  "shipment - reason validation required": "delivery attempted",
  "shipment - re-attempt call requested": "delivery attempted",
  // Trax waits for the shop's "return" or "retry" (the rcp request answers it)
  "shipment - return confirmation pending": "delivery attempted",
  "return - confirmation pending": "delivery attempted",
  "shipment - delivered": "delivered",
  "return - confirm": "returning",
  "return - in transit": "returning",
  "return - arrived at origin": "returning",
  "return - dispatched": "returning",
  "return - delivery unsuccessful": "returning",
  "return - rider exchange": "returning",
  "return - not attempted": "returning",
  "return - on hold": "returning",
  "return note shifted": "returning",
  "return unsuccessful for cx and sales": "returning",
  "return - delivered to shipper": "returned",
  // the store books Regular shipments only; these belong to Trax's Replacement service, mapped so
  // an account that also uses it reads sensibly (the exchanged item coming back is no return of ours)
  "replacement - in transit": "in transit",
  "replacement - arrived at origin": "in transit",
  "replacement - rider exchange": "in transit",
  "replacement - dispatched": "out for delivery",
  "replacement - delivery unsuccessful": "delivery attempted",
  "replacement - not collected": "delivery attempted",
  "replacement - collected": "delivered",
  "replacement - exchanged": "delivered",
  "replacement - delivered to shipper": "delivered",
};

/** Every status word above, as Trax writes it: the fake and the tests use this list. */
export const TRAX_STATUS_WORDS: readonly string[] = Object.keys(WORDS).map((key) =>
  key.replace(/(^|[\s-])([a-z])/g, (_all, before: string, letter: string) => before + letter.toUpperCase()),
);

/** "Shipment-Arrived at origin", "Replacement-Not Collected": one spacing and case to look up. */
export function traxWordKey(word: string): string {
  return word
    .slice(0, WORD_MAX)
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(shipment|return|replacement) ?- ?/, "$1 - ");
}

/** Our status for one of Trax's words; null for a word not in the list. */
export function mapTraxStatus(word: string): ParcelStatus | null {
  const key = traxWordKey(word);
  const known = WORDS[key];
  if (known) return known;
  if (key.startsWith("return")) return "returning";
  return null;
}

/** Payment, weight and charge notices share Trax's shipper history but are not parcel movements. */
export function isTraxMoneyWord(word: string): boolean {
  return /^(payment|weight|charges?)\b/.test(traxWordKey(word));
}

const KARACHI_OFFSET_HOURS = 5;

function karachiDate(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const at = new Date(Date.UTC(y, mo - 1, d, h - KARACHI_OFFSET_HOURS, mi, s));
  // 31/02 rolls into March: refuse it rather than guess
  return new Date(at.getTime() + KARACHI_OFFSET_HOURS * 3_600_000).getUTCDate() === d ? at : null;
}

/**
 * A Trax date in Pakistan time (it sends no zone): "05/04/2022 12:44 PM" (day first, as the
 * tracking history writes it), "2022-04-14 11:10:47" (payments, webhooks) or "2022-04-14".
 */
export function parseTraxDate(text: string): Date | null {
  const value = text
    .slice(0, 40)
    .trim()
    .replace(/\s+/g, " ")
    .replace(/\s*-\s*/g, "-");
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]M)$/i.exec(value);
  if (m) {
    const hour12 = Number(m[4]);
    if (hour12 < 1 || hour12 > 12) return null;
    const hour = (hour12 % 12) + ((m[7] as string).toUpperCase() === "PM" ? 12 : 0);
    return karachiDate(Number(m[3]), Number(m[2]), Number(m[1]), hour, Number(m[5]), Number(m[6] ?? 0));
  }
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (m) {
    return karachiDate(
      Number(m[1]),
      Number(m[2]),
      Number(m[3]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
    );
  }
  return null;
}

/** An event's moment: Trax's Unix `timestamp` where it is a plausible one, else its `date_time`. */
export function traxEventTime(timestamp: unknown, dateTime: unknown): Date | null {
  const seconds = typeof timestamp === "string" && /^\d{9,11}$/.test(timestamp) ? Number(timestamp) : timestamp;
  if (typeof seconds === "number" && Number.isInteger(seconds) && seconds > 946_684_800 && seconds < 4_102_444_800) {
    return new Date(seconds * 1000);
  }
  return typeof dateTime === "string" ? parseTraxDate(dateTime) : null;
}
