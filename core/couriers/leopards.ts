// Leopards Courier through its eCom Merchant APIs (guide v2; decision 0101). Every call carries
// api_key and api_password, in the JSON body of a POST or the query of a GET, and every answer says
// {status: 1} or {status: 0, error} with HTTP 200: the body decides. `error` is a sentence, or an
// object of sentences by CN or field. Where a field is read beyond what the guide promises, the
// line says so.
import { normalizePakistaniMobile } from "../shared/phone";
import type {
  Booking,
  BookingRequest,
  CourierAdapter,
  CourierCity,
  CourierConnection,
  CourierDocument,
  CourierPayment,
  ParcelTracking,
  ShipperAdvice,
} from "./courier";
import { CourierError, courierErrorMessage } from "./courier-errors";
import { callCourier, type CourierAnswer } from "./courier-http";
import { leopardsTime, leopardsTracking } from "./leopards-status";

/**
 * CNs per trackBookedPacket call. The guide names no limit for tracking and 50 for its payment
 * calls; Leopards fails a whole call that asks too much, and public integrations poll 50 at a time.
 */
export const LEOPARDS_TRACK_BATCH = 50;

/** CNs per getPaymentDetails / getShippingCharges call: the guide's limit. */
const PAYMENT_BATCH = 50;

/** Days back the shipper advice list is searched for a parcel's advice id. */
const ADVICE_DAYS = 30;

const fail = (kind: "refused" | "unexpected" | "credentials", detail?: string, status: number | null = null) =>
  new CourierError("leopards", kind, courierErrorMessage("leopards", kind, detail), status);

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** Leopards' `error`: a sentence, or sentences by CN or field ("LE123: CN already cancelled"). */
function errorWords(error: unknown): string {
  if (typeof error === "string" || typeof error === "number") return text(error);
  const object = record(error);
  if (!object) return "";
  return Object.entries(object)
    .map(([key, value]) => {
      const inner = errorWords(value);
      return /^\d+$/.test(key) || !inner ? inner : `${key}: ${inner}`;
    })
    .filter(Boolean)
    .join("; ");
}

/** Words Leopards answers a wrong key or password with (the guide's own and those seen live). */
const CREDENTIALS = /authenticat|credential|api[ _]?key|api[ _]?password|unauthori[sz]ed/i;
/** Words it answers "nothing found" with: an answer, not a failure, for tracking and look-ups. */
const NOTHING_FOUND = /no (packet|record|data)s? found|not found|does not exist/i;

/** A good answer's body; Leopards' refusal, bad credentials or an unreadable answer as a CourierError. */
function readAnswer(answer: CourierAnswer, options: { nothingFound?: "null" } = {}): Record<string, unknown> | null {
  const body = record(answer.json);
  if (!body) throw fail("unexpected", answer.json === null ? "empty answer" : "answer is not a JSON object", answer.status);
  if (!("status" in body)) throw fail("unexpected", "answer has no status", answer.status);
  if (Number(text(body.status)) === 1 && answer.status < 300) return body;
  const words = errorWords(body.error);
  if (CREDENTIALS.test(words)) throw fail("credentials", words, answer.status);
  if (options.nothingFound === "null" && NOTHING_FOUND.test(words)) return null;
  throw fail("refused", words || `status ${text(body.status) || "missing"}`, answer.status);
}

function keys(connection: CourierConnection): { api_key: string; api_password: string } {
  const apiKey = connection.credentials.api_key?.trim();
  const apiPassword = connection.credentials.api_password?.trim();
  if (!apiKey || !apiPassword) throw fail("credentials");
  return { api_key: apiKey, api_password: apiPassword };
}

async function post(connection: CourierConnection, path: string, json: Record<string, unknown>) {
  return callCourier("leopards", connection, { method: "POST", path, json: { ...keys(connection), ...json } });
}

async function get(connection: CourierConnection, path: string, query: Record<string, string>) {
  return callCourier("leopards", connection, { method: "GET", path, query: { ...keys(connection), ...query } });
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** 03XXXXXXXXX; a number that is no Pakistani mobile is refused before Leopards is called. */
function leopardsPhone(phone: string): string {
  const normal = normalizePakistaniMobile(phone.slice(0, 40));
  if (!normal) throw fail("refused", `the phone number ${phone.slice(0, 20)} is not a Pakistani mobile number`);
  return `0${normal.slice(2)}`;
}

/**
 * The guide types the amount to collect as an integer of rupees. Paisa are rounded up, so the
 * rider never collects less than the order still owes.
 */
export const leopardsRupees = (paisa: number): number => Math.ceil(Math.max(0, paisa) / 100);

/** A rupee amount Leopards sent (number or "1,500.00") in paisa; null when it is none. */
export function leopardsPaisa(value: unknown): number | null {
  const raw = text(value).replace(/,/g, "");
  if (raw === "") return null;
  const amount = Number(raw);
  return Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

/** A date in Pakistan, "YYYY-MM-DD", `back` days before now. */
const karachiDate = (back: number, now = new Date()): string =>
  new Date(now.getTime() + 5 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);

async function book(connection: CourierConnection, request: BookingRequest): Promise<Booking> {
  const { consignee, pickup } = request;
  const body: Record<string, unknown> = {
    booked_packet_weight: Math.max(1, Math.round(request.weightGrams)),
    booked_packet_no_piece: Math.max(1, Math.trunc(request.pieces)),
    booked_packet_collect_amount: leopardsRupees(request.codPaisa),
    // our reference: getShipmentDetailsByOrderID finds the packet by it again
    booked_packet_order_id: request.reference,
    origin_city: pickup.courierCityId ?? "self",
    destination_city: consignee.courierCityId,
    // Leopards' shipper id (a pickup place registered under the account) is our pickup code; "self"
    // fields take the account's own
    ...(pickup.code ? { shipment_id: pickup.code } : {}),
    shipment_name_eng: pickup.name.trim() || "self",
    shipment_email: "self",
    shipment_phone: pickup.phone.trim() || "self",
    shipment_address: pickup.address.trim() || "self",
    consignment_name_eng: consignee.name,
    consignment_email: consignee.email,
    consignment_phone: leopardsPhone(consignee.phone),
    consignment_address: consignee.address,
    // Leopards has no field for the contents: the label's instructions carry them ("Garments"
    // with discreet packaging), and the guide makes them required
    special_instructions: [request.description.trim(), request.instructions.trim()].filter(Boolean).join(" - ") || "-",
    shipment_type: "overnight",
  };
  const answer = readAnswer(await post(connection, "bookPacket/format/json/", body))!;
  const cn = text(answer.track_number);
  if (!cn) throw fail("unexpected", "booking answer has no track_number");
  const slip = text(answer.slip_link);
  return { cn, labelUrl: /^https?:\/\//i.test(slip) ? slip : null };
}

/** The packet Leopards holds under our reference (getShipmentDetailsByOrderID), unless cancelled. */
async function findByReference(connection: CourierConnection, reference: string): Promise<Booking | null> {
  const answer = readAnswer(
    await post(connection, "getShipmentDetailsByOrderID/format/json/", { shipment_order_id: [reference] }),
    { nothingFound: "null" },
  );
  if (!answer) return null;
  if (!Array.isArray(answer.data)) throw fail("unexpected", "shipment details are not a list");
  for (const row of answer.data) {
    const packet = record(row);
    if (!packet || text(packet.booked_packet_order_id) !== reference) continue;
    if (/^cancel/i.test(text(packet.booked_packet_status))) continue;
    const cn = text(packet.track_number);
    if (cn) return { cn, labelUrl: null };
  }
  return null;
}

async function cancel(connection: CourierConnection, cn: string): Promise<void> {
  readAnswer(await post(connection, "cancelBookedPackets/format/json/", { cn_numbers: cn }));
}

/**
 * Leopards returns no airway-bill PDF through its API: each booking's slip_link is a page to open
 * (kept as the booking's labelUrl), so the store prints its own label with the CN as a barcode.
 */
async function airwayBills(): Promise<CourierDocument | null> {
  return null;
}

/**
 * generateLoadSheet, then downloadLoadSheet as a PDF. The guide requires courier_name and
 * courier_code (the collecting rider's), which are not known when the sheet is made: the store
 * sends placeholders, an assumption the live API may refuse.
 */
async function loadSheet(connection: CourierConnection, cns: readonly string[]): Promise<CourierDocument | null> {
  if (cns.length === 0) throw fail("refused", "no parcels for the load sheet");
  const made = readAnswer(
    await post(connection, "generateLoadSheet/format/json/", {
      cn_numbers: cns,
      courier_name: "Leopards rider",
      courier_code: "0",
    }),
  )!;
  const id = text(made.load_sheet_id);
  if (!id) throw fail("unexpected", "no load_sheet_id in the answer");
  const answer = await callCourier("leopards", connection, {
    method: "POST",
    path: "downloadLoadSheet/",
    json: { ...keys(connection), load_sheet_id: Number(id) || id, response_type: "PDF" },
    expect: "pdf",
  });
  if (!answer.bytes) {
    readAnswer(answer);
    throw fail("unexpected", "no PDF in the answer", answer.status);
  }
  if (Buffer.from(answer.bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") throw fail("unexpected", "not a PDF");
  return { pdf: answer.bytes };
}

async function trackPackets(connection: CourierConnection, cns: readonly string[]): Promise<Record<string, unknown>[]> {
  const packets: Record<string, unknown>[] = [];
  for (const batch of chunks(cns, LEOPARDS_TRACK_BATCH)) {
    // "No Packet Found" when none of the CNs is known: an answer, not a failure
    const answer = readAnswer(await post(connection, "trackBookedPacket/format/json/", { track_numbers: batch.join(",") }), {
      nothingFound: "null",
    });
    if (!answer) continue;
    if (!Array.isArray(answer.packet_list)) throw fail("unexpected", "tracking answer has no packet_list");
    for (const row of answer.packet_list) {
      const packet = record(row);
      if (packet) packets.push(packet);
    }
  }
  return packets;
}

async function track(connection: CourierConnection, cns: readonly string[]): Promise<ParcelTracking[]> {
  if (cns.length === 0) return [];
  const wanted = new Set(cns);
  return (await trackPackets(connection, cns))
    .map(leopardsTracking)
    .filter((parcel): parcel is ParcelTracking => parcel !== null && wanted.has(parcel.cn));
}

const flag = (value: unknown, otherwise: boolean): boolean =>
  value === undefined || value === null || value === "" ? otherwise : value === true || /^(true|1|yes)$/i.test(text(value));

async function cities(connection: CourierConnection): Promise<CourierCity[]> {
  const answer = readAnswer(await post(connection, "getAllCities/format/json/", {}))!;
  if (!Array.isArray(answer.city_list)) throw fail("unexpected", "city_list is not a list");
  const list: CourierCity[] = [];
  const seen = new Set<string>();
  for (const row of answer.city_list) {
    const city = record(row);
    const id = text(city?.id);
    const name = text(city?.name);
    if (!city || !id || !name || name.length > 100 || seen.has(id)) continue;
    seen.add(id);
    list.push({
      courierCityId: id,
      name,
      delivers: flag(city.allow_as_destination, true),
      picksUp: flag(city.allow_as_origin, false),
    });
  }
  return list;
}

/** The charges getShippingCharges names, deducted from what the rider collected. */
const DEDUCTIONS = [
  "shipment_charges",
  "cash_handling_charges",
  "return_charges",
  "insurance_charges",
  "fuel_surcharge_amount",
  "gst_amount",
] as const;

/**
 * Whether Leopards has paid for each parcel (getPaymentDetails: status "Paid", the cheque or
 * invoice number and date) and what it charged (getShippingCharges), 50 CNs a call. What was
 * collected is the packet's COD once paid, 0 where a return was charged; the guide says no more.
 */
async function payments(connection: CourierConnection, cns: readonly string[]): Promise<CourierPayment[]> {
  const paid = new Map<string, Record<string, unknown>>();
  const charged = new Map<string, Record<string, unknown>>();
  for (const batch of chunks(cns, PAYMENT_BATCH)) {
    const query = { cn_numbers: batch.join(",") };
    const payment = readAnswer(await get(connection, "getPaymentDetails/format/json/", query), { nothingFound: "null" });
    for (const row of Array.isArray(payment?.payment_list) ? payment.payment_list : []) {
      const line = record(row);
      if (line && text(line.booked_packet_cn)) paid.set(text(line.booked_packet_cn), line);
    }
    const charges = readAnswer(await get(connection, "getShippingCharges/format/json/", query), { nothingFound: "null" });
    for (const row of Array.isArray(charges?.data) ? charges.data : []) {
      const line = record(row);
      if (line && text(line.cn_number)) charged.set(text(line.cn_number), line);
    }
  }
  const result: CourierPayment[] = [];
  for (const cn of cns) {
    const payment = paid.get(cn);
    const charge = charged.get(cn);
    if (!payment && !charge) continue;
    const isPaid = /^paid$/i.test(text(payment?.status));
    const returnCharge = leopardsPaisa(charge?.return_charges) ?? 0;
    const cod = leopardsPaisa(charge?.booked_packet_collect_amount);
    result.push({
      cn,
      paid: isPaid,
      reference: text(payment?.invoice_cheque_no ?? charge?.invoice_cheque_no) || null,
      secondReference: null,
      paidOn: isPaid ? leopardsTime(payment?.invoice_cheque_date) : null,
      collectedPaisa: returnCharge > 0 ? 0 : isPaid ? cod : null,
      // neither call names what was paid for one packet: the cash less the charges is taken
      paidPaisa: null,
      deductions: DEDUCTIONS.map((kind) => ({ kind, paisa: leopardsPaisa(charge?.[kind]) ?? 0 })).filter((d) => d.paisa !== 0),
    });
  }
  return result;
}

/**
 * Leopards takes advice on a pending parcel by its advice record: the shipper advice list (the
 * guide's second form, filtered by CN) gives the record's id, and updateShipperAdvice answers it
 * with RA (re-attempt) or RT (return). Leopards wants remarks, so an empty note says what was asked.
 */
async function shipperAdvice(connection: CourierConnection, cn: string, advice: ShipperAdvice, note: string) {
  const list = readAnswer(
    await post(connection, "shipperAdviceList/format/json/", {
      product: "",
      status: "",
      origionID: "",
      destinationID: "",
      dateFrom: karachiDate(ADVICE_DAYS),
      toDate: karachiDate(0),
      Cn_number: cn,
      start: 0,
      length: 100,
    }),
    { nothingFound: "null" },
  );
  const rows = Array.isArray(list?.data) ? list.data : [];
  const entry = rows.map(record).find((row) => row && text(row.cn_number) === cn && text(row.id));
  if (!entry) throw fail("refused", `no shipper advice is pending for ${cn}`);
  const remarks = note.trim() || (advice === "return" ? "Please return the parcel to us." : "Please try delivering again.");
  readAnswer(
    await post(connection, "updateShipperAdvice/format/json/", {
      data: [
        {
          id: Number(text(entry.id)) || text(entry.id),
          cn_number: cn,
          shipper_advice_status: advice === "return" ? "RT" : "RA",
          shipper_remarks: remarks,
        },
      ],
    }),
  );
}

export const leopardsAdapter: CourierAdapter = {
  code: "leopards",
  credentialFields: [
    { name: "api_key", label: "API key", secret: true, maxLength: 200 },
    { name: "api_password", label: "API password", secret: true, maxLength: 200 },
  ],
  hosts: {
    live: "https://merchantapi.leopardscourier.com/api/",
    test: "https://merchantapistaging.leopardscourier.com/api/",
  },
  trackBatch: LEOPARDS_TRACK_BATCH,
  airwayBillsPerFile: 0,
  book,
  findByReference,
  cancel,
  airwayBills,
  loadSheet,
  track,
  cities,
  payments,
  shipperAdvice,
};
