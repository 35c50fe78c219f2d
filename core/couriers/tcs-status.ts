// TCS's words for where a parcel is, in ours, and its dates. TCS's tracking (the OCI "API User
// Guide" v1.0, GetDynamicTrackDetail) gives free text, not a fixed list: its guide shows
// "Arrived at TCS Facility", "Out For Delivery", "Shipment Delivered", "Awaiting Receiver
// Collection" (code SC) and "Delivered" (code OK); its delivery status list adds the delay reasons
// (DBC, DFC, DAE, DFM); shops' integrations show "Shipment Picked Up", "Departed From TCS
// Facility", "Departed From Origin", "Return In Process", "Return To Origin" (RO), "Receiver Not
// Available", "Undelivered Due To Incorrect Address". So the words are read by what they say, in
// an order that keeps "undelivered" from reading as "delivered"; a text that says none of it keeps
// the parcel where it was.
import type { ParcelStatus } from "./courier";

/** Longest status text read: cut before any pattern looks at it. */
const WORD_MAX = 200;

const RULES: ReadonlyArray<[RegExp, ParcelStatus]> = [
  // only a return that has reached the shop is "returned": that puts stock back
  [/\breturned to (shipper|sender|origin|consignor)|\bdelivered to (shipper|sender|consignor)|\breturn delivered|\bshipment returned\b/, "returned"],
  [/\breturn|\brto\b/, "returning"],
  [/\bout for delivery|\bscheduled for delivery|\bon route for delivery|\bwith courier for delivery/, "out for delivery"],
  [
    /\bundeliver|\bnot delivered|\battempt|\bnot available|\bnot home|\brefus|\baddress (closed|incomplete|not found|information)|\b(incorrect|wrong|incomplete) address|\bawaiting (receiver|consignee)|\bself collect|\bconsignee (moved|shifted)|\bon hold/,
    "delivery attempted",
  ],
  [/\bdelivered\b/, "delivered"],
  [/\bpicked ?up\b|\bpick ?up done|\breceived from (shipper|customer)|\bcollected from shipper/, "picked up"],
  [/\bbooked\b|\bbooking\b|\bawaiting pick ?up|\bpick ?up (request|scheduled)|\b(shipment|cn|consignment) cancel/, "booked"],
  [/\barrived|\bdeparted|\btransit|\bin[- ]process|\bforwarded|\bdispatched|\bconnect|\bdelay|\bfacility|\bhub\b|\breached|\bmisrout/, "in transit"],
];

/** Our status for a TCS text; null when it says nothing the store can place. */
export function mapTcsStatus(text: string): ParcelStatus | null {
  const words = text.slice(0, WORD_MAX).toLowerCase().replace(/\s+/g, " ");
  for (const [pattern, status] of RULES) if (pattern.test(words)) return status;
  return null;
}

/** TCS's delivery codes that say how it ended, where the code is plainer than the words. */
export function mapTcsDeliveryCode(code: string): ParcelStatus | null {
  switch (code.trim().toUpperCase()) {
    case "OK":
      return "delivered";
    // "Return To Origin": the payment and invoice calls report it as a parcel's final outcome
    case "RO":
      return "returned";
    default:
      return null;
  }
}

/** Words TCS has been seen to write, each with what the store reads (the fake and the tests use them). */
export const TCS_STATUS_WORDS: ReadonlyArray<[string, ParcelStatus]> = [
  ["Shipment Booked", "booked"],
  ["Shipment Picked Up", "picked up"],
  ["Arrived at TCS Facility", "in transit"],
  ["Departed From TCS Facility", "in transit"],
  ["Departed From Origin", "in transit"],
  ["In Transit", "in transit"],
  ["Delay Beyond Our Control", "in transit"],
  ["Delay due to Flight Cancelled", "in transit"],
  ["Out For Delivery", "out for delivery"],
  ["Courier out for delivery", "out for delivery"],
  ["Scheduled for delivery", "out for delivery"],
  ["Receiver Not Available", "delivery attempted"],
  ["Delivery Attempted", "delivery attempted"],
  ["Undelivered Due To Incorrect Address", "delivery attempted"],
  ["Address Closed", "delivery attempted"],
  ["Refused To Accept", "delivery attempted"],
  ["Awaiting Receiver Collection", "delivery attempted"],
  ["Shipment Delivered", "delivered"],
  ["Delivered", "delivered"],
  ["Return In Process", "returning"],
  ["Return To Origin", "returning"],
  ["Returned to Shipper", "returned"],
];

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const KARACHI_OFFSET_MS = 5 * 3_600_000;

function karachi(y: number, mo: number, d: number, h: number, mi: number, s = 0): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - KARACHI_OFFSET_MS);
  return new Date(at.getTime() + KARACHI_OFFSET_MS).getUTCDate() === d ? at : null;
}

/**
 * A TCS date in Pakistan time (it sends no zone): "Thursday Oct 17, 2024 12:58" (tracking),
 * "Oct 14, 2024" (booking date), "09/09/2024" (payments, day first) or "2024-08-07T00:00:00".
 */
export function parseTcsDate(text: string): Date | null {
  const value = text.slice(0, 60).trim().replace(/\s+/g, " ");
  let m = /^(?:[a-z]+,? )?([a-z]{3})[a-z]* (\d{1,2}),? (\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/i.exec(value);
  if (m) {
    const month = MONTHS.indexOf((m[1] as string).toLowerCase()) + 1;
    if (month === 0) return null;
    return karachi(Number(m[3]), month, Number(m[2]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2}))?$/.exec(value);
  if (m) return karachi(Number(m[3]), Number(m[2]), Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/.exec(value);
  if (m) return karachi(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return null;
}
