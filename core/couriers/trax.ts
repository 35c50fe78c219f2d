// Trax (its portal and API are called "Sonic"), per its "API Documentation SONIC v2": the API key
// from the portal's profile page in an Authorization header, JSON bodies, `status: 0` for done.
// Where a field below is not in that guide it says so: the live gateway drifts from the guide.
import type {
  Booking,
  BookingRequest,
  CourierAdapter,
  CourierCity,
  CourierConnection,
  ParcelStatus,
  ParcelTracking,
  ShipperAdvice,
  TrackingEvent,
} from "./courier";
import { karachiToday } from "../shared/karachi-time";
import { normalizePakistaniMobile } from "../shared/phone";
import { asRecord, asText, isNotFound, traxCall, traxNeeds, traxPdf, unexpected, type Json } from "./trax-answer";
import { isTraxMoneyWord, mapTraxStatus, traxEventTime } from "./trax-status";
import { traxPayments } from "./trax-money";

/** Trax's codes the store books with (the guide's appendices). */
const REGULAR_SERVICE = 1;
const APPAREL = 1;
const RUSH = 1;
const COD = 1;
const PREPAID = 4;
/** Reimbursement: Trax deducts its charges from the cash it collects (the usual COD account). */
const CHARGES_FROM_COD = 4;
/** the "type" of a view: 1 is the PDF (0 a JPEG) for prints; 1 is the general tracking, without payment and weight entries */
const PDF = 1;
const GENERAL_TRACKING = 1;
/** the rcp request's types (Appendix J) */
const RCP_TYPE: Readonly<Record<ShipperAdvice, number>> = { return: 1, retry: 2 };

const TRACKING_NUMBER = /^\d{6,20}$/;
// eslint-disable-next-line no-control-regex -- staff's note goes to Trax as one clean line
const CONTROL = /[\u0000-\u001f\u007f]+/g;
const NUMERIC_ID = /^\d{1,10}$/;

function trackingNumber(cn: string): string {
  if (!TRACKING_NUMBER.test(cn)) throw traxNeeds(`"${cn.slice(0, 30)}" is not a Trax tracking number.`);
  return cn;
}

/** Our 03XXXXXXXXX, the one form the guide accepts for `consignee_phone_number_1`. */
function consigneePhone(phone: string): string {
  const normalized = normalizePakistaniMobile(phone.slice(0, 30));
  if (!normalized) throw traxNeeds("Trax needs the shopper's mobile number as 03XXXXXXXXX.");
  return `0${normalized.slice(2)}`;
}

/** The booking's body, field for field as the guide's "Book a Shipment" table asks for it. */
export function traxBookingBody(request: BookingRequest, today = karachiToday()): Json {
  const { consignee, pickup } = request;
  if (!pickup.code || !NUMERIC_ID.test(pickup.code)) {
    throw traxNeeds("Trax needs the pickup address id from its portal (Settings → Couriers) to book.");
  }
  if (!NUMERIC_ID.test(consignee.courierCityId)) {
    throw traxNeeds(`Trax has no city id for ${consignee.courierCityName.slice(0, 50) || "this city"}.`);
  }
  if (!Number.isSafeInteger(request.codPaisa) || request.codPaisa < 0) {
    throw traxNeeds("The amount to collect must be a whole number of paisa, 0 or more.");
  }
  if (!Number.isSafeInteger(request.weightGrams) || request.weightGrams <= 0) {
    throw traxNeeds("The parcel's weight must be more than 0 grams.");
  }
  if (!Number.isSafeInteger(request.pieces) || request.pieces < 1) {
    throw traxNeeds("The parcel needs at least one piece.");
  }
  // whole rupees ("do not use commas or dots"), rounded up so the rider never collects less than owed
  const amount = Math.ceil(request.codPaisa / 100);
  const body: Json = {
    service_type_id: REGULAR_SERVICE,
    pickup_address_id: Number(pickup.code),
    // 0 hides the shop's name and contact details on the airway bill (discreet packaging)
    information_display: request.discreet ? 0 : 1,
    consignee_city_id: Number(consignee.courierCityId),
    consignee_name: consignee.name.slice(0, 100),
    consignee_address: consignee.address.slice(0, 190),
    consignee_phone_number_1: consigneePhone(consignee.phone),
    // our reference: unique per shipper, so a booking whose answer was lost is found by it
    order_id: request.reference.slice(0, 100),
    item_product_type_id: APPAREL,
    item_description: request.description.slice(0, 190),
    item_quantity: request.pieces,
    item_insurance: 0,
    pickup_date: today,
    estimated_weight: Math.max(0.01, Math.round(request.weightGrams / 10) / 100),
    shipping_mode_id: RUSH,
    amount,
    // assumption: a parcel with nothing to collect goes as prepaid; the guide's COD mode is for an amount
    payment_mode_id: amount > 0 ? COD : PREPAID,
    charges_mode_id: CHARGES_FROM_COD,
    open_shipment: 0,
  };
  // the guide marks the e-mail mandatory; a shopper who gave none is booked without it and Trax decides
  const email = consignee.email.trim();
  if (email && email.length <= 100) body.consignee_email_address = email;
  const instructions = request.instructions.trim();
  if (instructions) body.special_instructions = instructions.slice(0, 190);
  return body;
}

async function book(connection: CourierConnection, request: BookingRequest): Promise<Booking> {
  const body = await traxCall(connection, {
    method: "POST",
    path: "/api/shipment/book",
    json: traxBookingBody(request),
  });
  // the guide's example prints the key as "tracking number"; the live gateway sends tracking_number
  const cn = asText(body.tracking_number) ?? asText(body["tracking number"]);
  if (!cn || !TRACKING_NUMBER.test(cn)) throw unexpected("no tracking number in the booking's answer");
  return { cn, labelUrl: null };
}

/** "Shipment Status by Order ID": the CN Trax holds under our reference, if any is still live. */
async function findByReference(connection: CourierConnection, reference: string): Promise<Booking | null> {
  let body: Json;
  try {
    body = await traxCall(connection, {
      method: "GET",
      path: "/api/shipment/status/order_id",
      query: { order_id: reference.slice(0, 100), type: 0 },
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  const details = body.details ?? [];
  if (!Array.isArray(details)) throw unexpected("details is not a list");
  for (const row of details) {
    const record = asRecord(row);
    const cn = asText(record?.tracking_number);
    const status = asText(record?.status) ?? "";
    if (cn && TRACKING_NUMBER.test(cn) && !/cancel/i.test(status)) return { cn, labelUrl: null };
  }
  return null;
}

async function cancel(connection: CourierConnection, cn: string): Promise<void> {
  await traxCall(connection, {
    method: "POST",
    path: "/api/shipment/cancel",
    json: { tracking_number: trackingNumber(cn) },
  });
}

/**
 * The guide's air waybill call takes one tracking number, and the store cannot join PDFs, so
 * Trax's own airway bill comes for one CN at a time; for several, the store prints its own labels
 * (null), which carry each CN as a barcode Trax's riders scan.
 */
async function airwayBills(connection: CourierConnection, cns: readonly string[]) {
  if (cns.length !== 1) return null;
  return traxPdf(connection, {
    method: "GET",
    path: "/api/shipment/air_waybill",
    query: { tracking_number: trackingNumber(cns[0] as string), type: PDF },
  });
}

/** The receiving sheet the rider signs at pickup: made first, then printed by its id. */
async function loadSheet(connection: CourierConnection, cns: readonly string[]) {
  if (cns.length === 0) return null;
  const made = await traxCall(connection, {
    method: "POST",
    path: "/api/receiving_sheet/create",
    json: { tracking_numbers: cns.map(trackingNumber) },
  });
  const id = asText(made.receiving_sheet_id);
  if (!id || !NUMERIC_ID.test(id)) throw unexpected("no receiving sheet id in the answer");
  return traxPdf(connection, {
    method: "GET",
    path: "/api/receiving_sheet/view",
    query: { receiving_sheet_id: id, type: PDF },
  });
}

/** One tracking history in our words, oldest first (Trax lists the newest first). */
export function traxHistory(history: unknown): TrackingEvent[] {
  if (!Array.isArray(history)) throw unexpected("tracking_history is not a list");
  const read: { at: Date; word: string; reason: string | null; index: number }[] = [];
  history.slice(0, 500).forEach((row, index) => {
    const record = asRecord(row);
    const word = asText(record?.status);
    if (!record || !word || isTraxMoneyWord(word)) return;
    const at = traxEventTime(record.timestamp, record.date_time);
    // an entry with no readable moment cannot be kept once (its time is part of its key): the next poll brings it
    if (!at) return;
    read.push({ at, word, reason: asText(record.status_reason, 300), index });
  });
  // the guide's example lists "Out for Delivery" before "Delivery Unsuccessful" at the same second:
  // entries of one moment keep Trax's order, so a rider's attempt follows his going out
  read.sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index);
  let previous: ParcelStatus = "booked";
  return read.map(({ at, word, reason }) => {
    // a word not in the list keeps the parcel where it was (never moves an order), its words kept
    const status = mapTraxStatus(word) ?? previous;
    previous = status;
    return { at, status, courierStatus: word, reason, location: null };
  });
}

/** The guide's tracking call takes one tracking number: one call per CN. */
async function track(connection: CourierConnection, cns: readonly string[]): Promise<ParcelTracking[]> {
  const found: ParcelTracking[] = [];
  for (const cn of cns) {
    let body: Json;
    try {
      body = await traxCall(connection, {
        method: "GET",
        path: "/api/shipment/track",
        query: { tracking_number: trackingNumber(cn), type: GENERAL_TRACKING },
      });
    } catch (error) {
      if (isNotFound(error)) continue;
      throw error;
    }
    const details = asRecord(body.details);
    if (!details) throw unexpected("no details in the tracking answer");
    found.push({ cn, events: traxHistory(details.tracking_history ?? []) });
  }
  return found;
}

/** Whether a city's `delivery` lists any service (`{"Regular": ["Rush", …]}`); some answers send a flag. */
function deliversTo(delivery: unknown): boolean {
  if (typeof delivery === "boolean") return delivery;
  const services = asRecord(delivery);
  return services !== null && Object.values(services).some((modes) => Array.isArray(modes) && modes.length > 0);
}

async function cities(connection: CourierConnection): Promise<CourierCity[]> {
  const body = await traxCall(connection, { method: "GET", path: "/api/cities" });
  if (!Array.isArray(body.cities)) throw unexpected("cities is not a list");
  const list: CourierCity[] = [];
  for (const row of body.cities) {
    const record = asRecord(row);
    const id = asText(record?.id, 12);
    const name = asText(record?.name, 100);
    if (!record || !id || !NUMERIC_ID.test(id) || !name) continue;
    list.push({ courierCityId: id, name, delivers: deliversTo(record.delivery), picksUp: record.pickup === true });
  }
  return list;
}

/** "Return Confirmation Pending Status" and "Re-attempted Requested Status": one call, its type the advice. */
async function shipperAdvice(connection: CourierConnection, cn: string, advice: ShipperAdvice, note: string) {
  const json: Json = { tracking_number: trackingNumber(cn), type: RCP_TYPE[advice] };
  const remarks = note.replace(CONTROL, " ").trim();
  if (remarks) json.remarks = remarks.slice(0, 190);
  await traxCall(connection, { method: "POST", path: "/api/request/rcp", json });
}

export const traxAdapter: CourierAdapter = {
  code: "trax",
  credentialFields: [{ name: "api_key", label: "API key (Sonic portal → profile)", secret: true, maxLength: 200 }],
  hosts: { live: "https://sonic.pk", test: "https://app.sonic.pk" },
  trackBatch: 1,
  airwayBillsPerFile: 1,
  book,
  findByReference,
  cancel,
  airwayBills,
  loadSheet,
  track,
  cities,
  payments: traxPayments,
  shipperAdvice,
};
