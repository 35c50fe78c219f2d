// TCS through its current OCI ("Envio") API, per its "API User Guide" v1.0: two tokens
// (tcs-auth.ts), JSON bodies, "SUCCESS" for done and `error: [...]` or `status: false` for a
// refusal. The guide has no call to find a booking by our reference, no load sheet and no shipper
// advice, so this adapter has no findByReference or shipperAdvice and prints no load sheet.
// Where a field below is not in the guide it says so: live gateways drift from their guides.
import type {
  Booking,
  BookingRequest,
  CourierAdapter,
  CourierCity,
  CourierConnection,
  CourierDocument,
  CourierPayment,
  ParcelStatus,
  ParcelTracking,
  TrackingEvent,
} from "./courier";
import { unpaidPayment } from "./courier";
import { callCourier } from "./courier-http";
import { normalizePakistaniMobile } from "../shared/phone";
import { asRecord, asText, tcsCall, tcsNeeds, unexpected, type Json, type TcsAnswer } from "./tcs-auth";
import { mapTcsDeliveryCode, mapTcsStatus, parseTcsDate } from "./tcs-status";
import { CourierError, courierErrorMessage } from "./courier-errors";

const CN = /^\d{8,20}$/;
/** The guide's limit on `codamount`, in rupees. */
const COD_MAX_RUPEES = 250_000;
/** "O" (overnight): the one service code the guide shows; an account manager may give others. */
const SERVICE_CODE = "O";

function cnOf(cn: string): string {
  if (!CN.test(cn)) throw tcsNeeds(`"${cn.slice(0, 30)}" is not a TCS consignment number.`);
  return cn;
}

function errorWords(errors: unknown): string {
  if (!Array.isArray(errors)) return typeof errors === "string" ? errors : "";
  return errors
    .slice(0, 5)
    .map((row) => {
      const record = asRecord(row);
      if (!record) return asText(row) ?? "";
      // the guide's shape is `{ "<field>": "<what is wrong>" }`
      return Object.entries(record)
        .map(([key, value]) => `${key}: ${asText(value, 200) ?? ""}`)
        .join(", ");
    })
    .filter(Boolean)
    .join("; ");
}

function refused(words: string, httpStatus: number): CourierError {
  return new CourierError("tcs", "refused", courierErrorMessage("tcs", "refused", words), httpStatus);
}

/** The answer's body when TCS did what was asked; its refusal, in its words, otherwise. */
export function readTcs(answer: TcsAnswer): Json {
  const body = answer.json;
  if (!body) throw unexpected(answer.bytes ? "a document where an answer was expected" : "not a JSON object");
  const message = asText(body.message, 300) ?? asText(body.MESSAGE, 300) ?? "";
  const errors = errorWords(body.error ?? body.errorList);
  if (errors) throw refused([message, errors].filter(Boolean).join(" — "), answer.status);
  if (body.status === false || body.status === "false" || /^(fail|err)/i.test(message)) {
    throw refused(message || "no reason given", answer.status);
  }
  if (answer.status >= 400) throw message ? refused(message, answer.status) : unexpected(`HTTP ${answer.status}`);
  return body;
}

const phone = (value: string, whose: string): string => {
  const normalized = normalizePakistaniMobile(value.slice(0, 30));
  if (!normalized) throw tcsNeeds(`TCS needs ${whose} mobile number as 03XXXXXXXXX.`);
  return `0${normalized.slice(2)}`;
};

/** A text TCS takes at 3 to `max` characters: cut to fit, and a shorter one padded with dots. */
const fit = (value: string, max: number) => value.trim().replace(/\s+/g, " ").slice(0, max).padEnd(3, ".");

/** An address in TCS's three lines of 120 characters. */
function addressLines(address: string): Json {
  const text = address.trim().replace(/\s+/g, " ");
  const lines: Json = { address1: fit(text, 120) };
  if (text.length > 120 && text.length - 120 >= 3) lines.address2 = text.slice(120, 240);
  if (text.length > 240 && text.length - 240 >= 3) lines.address3 = text.slice(240, 360);
  return lines;
}

/** The booking's body as the guide's "Booking – Create" table asks for it (the access token is added per call). */
export function tcsBookingBody(request: BookingRequest, credentials: Readonly<Record<string, string>>): Json {
  const { consignee, pickup } = request;
  const account = (credentials.accountno ?? "").trim();
  if (account.length < 3 || account.length > 12) throw tcsNeeds("TCS needs the account number (Settings → Couriers) to book.");
  const costCenter = (pickup.code ?? credentials.costcentercode ?? "").trim();
  if (costCenter.length < 2 || costCenter.length > 20) throw tcsNeeds("TCS needs a cost center code for the pickup address to book.");
  if (!/^[A-Za-z]{3,5}$/.test(consignee.courierCityId)) {
    throw tcsNeeds(`TCS has no city code for ${consignee.courierCityName.slice(0, 50) || "this city"}.`);
  }
  const pickupCity = (pickup.courierCityName ?? "").trim();
  if (pickupCity.length < 3) throw tcsNeeds("TCS needs the pickup address's city.");
  if (!Number.isSafeInteger(request.codPaisa) || request.codPaisa < 0) {
    throw tcsNeeds("The amount to collect must be a whole number of paisa, 0 or more.");
  }
  // whole rupees, rounded up so the rider never collects less than owed
  const codamount = Math.ceil(request.codPaisa / 100);
  if (codamount > COD_MAX_RUPEES) throw tcsNeeds("TCS collects at most Rs. 250,000 on one parcel.");
  if (!Number.isSafeInteger(request.weightGrams) || request.weightGrams <= 0) throw tcsNeeds("The parcel's weight must be more than 0 grams.");
  if (!Number.isSafeInteger(request.pieces) || request.pieces < 1) throw tcsNeeds("The parcel needs at least one piece.");
  // the guide asks for a first and a middle name (both 3 characters or more); a one-word name is sent in both
  const [first = "", ...rest] = consignee.name.trim().split(/\s+/);
  const consigneeinfo: Json = {
    firstname: fit(first, 50),
    middlename: fit(rest.join(" ") || first, 50),
    ...addressLines(consignee.address),
    countrycode: "PK",
    countryname: "Pakistan",
    citycode: consignee.courierCityId.toUpperCase(),
    cityname: fit(consignee.courierCityName, 50),
    mobile: phone(consignee.phone, "the shopper's"),
  };
  const email = consignee.email.trim();
  if (email.length >= 3 && email.length <= 50) consigneeinfo.email = email;
  const shipmentinfo: Json = {
    costcentercode: costCenter,
    referenceno: fit(request.reference, 50),
    contentdesc: fit(request.description, 999),
    servicecode: SERVICE_CODE,
    currency: "PKR",
    codamount,
    // assumption: the guide's "Minimum weight is 0." is cut off; shops' integrations send at least 0.5 kg
    weightinkg: Math.max(0.5, Math.round(request.weightGrams / 10) / 100),
    pieces: request.pieces,
    fragile: false,
  };
  const remarks = request.instructions.trim();
  if (remarks.length >= 3) shipmentinfo.remarks = remarks.slice(0, 500);
  return {
    consignmentno: "",
    shipperinfo: {
      tcsaccount: account,
      shippername: fit(pickup.name, 50),
      ...addressLines(pickup.address),
      countrycode: "PK",
      countryname: "Pakistan",
      ...(pickup.courierCityId && /^[A-Za-z]{3,5}$/.test(pickup.courierCityId) ? { citycode: pickup.courierCityId.toUpperCase() } : {}),
      cityname: fit(pickupCity, 50),
      mobile: phone(pickup.phone, "the pickup address's"),
    },
    consigneeinfo,
    shipmentinfo,
  };
}

async function book(connection: CourierConnection, request: BookingRequest): Promise<Booking> {
  const json = tcsBookingBody(request, connection.credentials);
  const body = readTcs(await tcsCall(connection, { method: "POST", path: "/ecom/api/booking/create", json }, "body"));
  const cn = asText(body.consignmentNo, 30) ?? asText(body.consignmentno, 30);
  if (!cn || !CN.test(cn)) throw unexpected("no consignment number in the booking's answer");
  return { cn, labelUrl: null };
}

async function cancel(connection: CourierConnection, cn: string): Promise<void> {
  const json = { consignmentNumber: cnOf(cn) };
  readTcs(await tcsCall(connection, { method: "POST", path: "/ecom/api/booking/cancel", json }, "body"));
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";

/**
 * TCS's "CN Print" takes one CN, and the store cannot join PDFs: for several CNs the store prints
 * its own labels (null). `shipperdetail` is false: the interface does not say whether the parcel
 * goes discreetly, and printing a discreet shop's name on its parcel is the worse mistake.
 */
async function airwayBills(
  connection: CourierConnection,
  cns: readonly string[],
  options?: { discreet: boolean },
): Promise<CourierDocument | null> {
  if (cns.length !== 1) return null;
  // the shipper's details show only when the store is not packing discreetly, and never when not told
  const shipperdetail = options?.discreet === false ? "true" : "false";
  const query = { consignmentno: cnOf(cns[0] as string), shipperdetail };
  const answer = await tcsCall(connection, { method: "GET", path: "/ecom/api/print/label", query, expect: "pdf" }, "query");
  if (answer.bytes) {
    if (!isPdf(answer.bytes)) throw unexpected("a label that is not a PDF");
    return { pdf: answer.bytes };
  }
  const body = readTcs(answer);
  // some answers give a link to the PDF instead; it is fetched only from TCS's own host
  const link = asText(body.url, 2000);
  if (link) {
    let url: URL | null = null;
    try {
      url = new URL(link);
    } catch {
      url = null;
    }
    if (url && url.origin === new URL(connection.baseUrl).origin) {
      const file = await callCourier("tcs", { ...connection, baseUrl: url.origin }, { method: "GET", path: url.pathname + url.search, expect: "pdf" });
      if (file.bytes && isPdf(file.bytes)) return { pdf: file.bytes };
    }
  }
  throw refused(asText(body.message) ?? "no label for this CN", answer.status);
}

/** One tracking answer in our words, oldest first (TCS lists the newest first). */
export function tcsEvents(checkpoints: unknown, deliveryinfo: unknown): TrackingEvent[] {
  const read: { at: Date; word: string; mapped: ParcelStatus | null; reason: string | null; location: string | null; order: number }[] = [];
  const list = (value: unknown) => (Array.isArray(value) ? value.slice(0, 300) : []);
  list(checkpoints).forEach((row, index) => {
    const record = asRecord(row);
    const word = asText(record?.status);
    const at = typeof record?.datetime === "string" ? parseTcsDate(record.datetime) : null;
    if (!word || !at) return;
    // `recievedby` is the station on a facility scan, and the signer's name on a delivery: only the first is a place
    const place = /facility|arrived|departed/i.test(word) ? asText(record?.recievedby, 100) : null;
    read.push({ at, word, mapped: mapTcsStatus(word), reason: null, location: place, order: -index });
  });
  list(deliveryinfo).forEach((row, index) => {
    const record = asRecord(row);
    const word = asText(record?.status);
    const at = typeof record?.datetime === "string" ? parseTcsDate(record.datetime) : null;
    if (!word || !at) return;
    // each delivery record is how a delivery run ended: a code the store knows, else its words; an
    // outcome that reads as nothing else is an attempt, and its words are the reason
    const mapped = mapTcsDeliveryCode(asText(record?.code, 10) ?? "") ?? mapTcsStatus(word) ?? "delivery attempted";
    if (read.some((e) => e.at.getTime() === at.getTime() && e.mapped === mapped)) return;
    const reason = mapped === "delivery attempted" ? word : null;
    read.push({ at, word, mapped, reason, location: asText(record?.station, 100), order: -index - 1000 });
  });
  read.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  let previous: ParcelStatus = "booked";
  return read.map(({ at, word, mapped, reason, location }) => {
    // a text the store cannot place keeps the parcel where it was, its words kept
    const status = mapped ?? previous;
    previous = status;
    return { at, status, courierStatus: word, reason, location };
  });
}

/** The guide's tracking takes one CN a call. */
async function track(connection: CourierConnection, cns: readonly string[]): Promise<ParcelTracking[]> {
  const found: ParcelTracking[] = [];
  for (const cn of cns) {
    const query = { consignee: cnOf(cn) };
    const answer = await tcsCall(connection, { method: "GET", path: "/tracking/api/Tracking/GetDynamicTrackDetail", query }, "none");
    const body = answer.json;
    // "FAIL" with "No Data Found/Invalid CN": a CN TCS does not know is left out
    if (body && /^fail/i.test(asText(body.message) ?? "")) continue;
    readTcs(answer);
    if (!body || (body.checkpoints != null && !Array.isArray(body.checkpoints))) throw unexpected("checkpoints is not a list");
    found.push({ cn, events: tcsEvents(body.checkpoints, body.deliveryinfo) });
  }
  return found;
}

/** "TANDO JAM" as "Tando Jam". */
const titleCase = (name: string) => name.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_all, before: string, letter: string) => before + letter.toUpperCase());

async function cities(connection: CourierConnection): Promise<CourierCity[]> {
  const query = { countrycode: "PK" };
  const body = readTcs(await tcsCall(connection, { method: "GET", path: "/ecom/api/setup/citylistbycountry", query }, "query"));
  if (!Array.isArray(body.data)) throw unexpected("data is not a list");
  const list: CourierCity[] = [];
  for (const row of body.data) {
    const record = asRecord(row);
    const code = asText(record?.citycode, 10);
    const name = asText(record?.cityname, 100);
    if (!code || !/^[A-Za-z]{3,5}$/.test(code) || !name) continue;
    // the guide's list names no pickup or delivery flags: every city it lists is taken as both
    list.push({ courierCityId: code.toUpperCase(), name: titleCase(name), delivers: true, picksUp: true });
  }
  return list;
}

/** Rupees as TCS writes them (116, 18.56) in paisa. */
export function tcsPaisa(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > 1e10) return null;
  return Math.round(value * 100);
}

/** Each charge the row names ("delivery charges" in the guide; any other "… charges" too), by TCS's words. */
function chargesOf(row: Record<string, unknown>): CourierPayment["deductions"] {
  const list: CourierPayment["deductions"] = [];
  for (const [word, value] of Object.entries(row)) {
    if (word.length > 40 || !/charges?$/i.test(word)) continue;
    const amount = tcsPaisa(value);
    if (amount) list.push({ kind: word, paisa: amount });
  }
  return list;
}

/** "Payment – Status", one CN a call: whether TCS has paid the shop, when, and its delivery charge. */
async function payments(connection: CourierConnection, cns: readonly string[]): Promise<CourierPayment[]> {
  const customerno = (connection.credentials.accountno ?? "").trim();
  if (!customerno) throw tcsNeeds("TCS needs the account number (Settings → Couriers) to read payments.");
  const answer: CourierPayment[] = [];
  for (const cn of cns) {
    const query = { customerno, consignmentno: cnOf(cn) };
    const reply = await tcsCall(connection, { method: "GET", path: "/ecom/api/Payment/status", query }, "query");
    const row = Array.isArray(reply.json?.detail) ? asRecord(reply.json.detail[0]) : null;
    if (!row) {
      // `detail: null` with "Invalid CN": nothing paid for a CN TCS does not know yet
      if (reply.json && reply.json.detail === null) {
        answer.push(unpaidPayment(cn));
        continue;
      }
      readTcs(reply);
      throw unexpected("no payment detail in the answer");
    }
    const paid = /^(y|yes|paid)$/i.test(asText(row["payment status"], 10) ?? "");
    answer.push({
      cn,
      paid,
      // the guide's payment status names no batch; TCS's invoice number comes only with its invoice call
      reference: null,
      secondReference: null,
      paidOn: typeof row["payment date"] === "string" ? parseTcsDate(row["payment date"]) : null,
      collectedPaisa: null,
      paidPaisa: paid ? tcsPaisa(row["amount paid"]) : null,
      deductions: chargesOf(row),
    });
  }
  return answer;
}

export const tcsAdapter: CourierAdapter = {
  code: "tcs",
  credentialFields: [
    { name: "clientid", label: "Client ID (from TCS)", secret: false, maxLength: 50 },
    { name: "clientsecret", label: "Client secret (from TCS)", secret: true, maxLength: 200 },
    { name: "username", label: "Envio user name", secret: false, maxLength: 100 },
    { name: "password", label: "Envio password", secret: true, maxLength: 200 },
    { name: "accountno", label: "TCS account number", secret: false, maxLength: 12 },
    { name: "costcentercode", label: "Cost center code (pickup)", secret: false, maxLength: 20 },
  ],
  hosts: { live: "https://ociconnect.tcscourier.com", test: "https://devconnect.tcscourier.com" },
  trackBatch: 1,
  airwayBillsPerFile: 1,
  book,
  cancel,
  airwayBills,
  // the guide has no load sheet: the store prints its own for the rider
  loadSheet: async () => null,
  track,
  cities,
  payments,
};
