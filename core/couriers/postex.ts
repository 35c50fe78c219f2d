// PostEx through its Merchant API (guide v4.1.9; decision 0101). Every call carries the account's
// token in a `token` header and answers {statusCode: "200", statusMessage, dist}: statusCode is a
// string, and a refusal can come as HTTP 400 or as HTTP 200 with another statusCode, so the body
// decides. Where the live gateway differs from the guide (public integrations checked it against
// real accounts), the gateway's form is used and the line says so.
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
import { callCourier, type CourierAnswer, type CourierRequest } from "./courier-http";
import { postexTime, postexTracking } from "./postex-status";

/** How many airway bills PostEx prints in one get-invoice file (the guide's limit). */
export const POSTEX_AIRWAY_BILLS_PER_FILE = 10;

/**
 * CNs per track-bulk-order call. The guide names no limit; the CNs travel in the query string and
 * the gateway answers 414 to very long ones, so 50 (what public integrations send) keeps well inside.
 */
export const POSTEX_TRACK_BATCH = 50;

/** Days back findByReference searches PostEx's order list: a lost answer is asked about soon after. */
const FIND_DAYS = 3;

const fail = (kind: "refused" | "unexpected" | "credentials", detail?: string, status: number | null = null) =>
  new CourierError("postex", kind, courierErrorMessage("postex", kind, detail), status);

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** A rupee amount PostEx sent (number or "1,250.50") in paisa; null when it is none. */
export function postexPaisa(value: unknown): number | null {
  const raw = typeof value === "number" ? value : Number(text(value).replace(/,/g, ""));
  return Number.isFinite(raw) && text(value) !== "" ? Math.round(raw * 100) : null;
}

/**
 * Spring's validation text ("... on field 'cityName': rejected value [null]; ... default message
 * [must not be null]]") reduced to "cityName: must not be null"; other words unchanged.
 */
function readable(message: string): string {
  if (!message.includes("Field error")) return message;
  const fields = [...message.matchAll(/on field '([^']+)'.*?default message \[([^\]]*)\]\]/gs)];
  return fields.length ? fields.map(([, field, words]) => `${field}: ${words}`).join("; ") : message;
}

/** The `dist` of a good answer; PostEx's refusal, a bad token or an unreadable answer as a CourierError. */
function readEnvelope(answer: CourierAnswer, options: { notFound?: "null" } = {}): unknown {
  const body = record(answer.json);
  if (!body)
    throw fail("unexpected", answer.json === null ? "empty answer" : "answer is not a JSON object", answer.status);
  // a request Spring itself refused (a missing or mistyped parameter) has no statusCode
  if (!("statusCode" in body) && "trace" in body) {
    const first = text(body.trace).split("\n", 1)[0] ?? "";
    throw fail(
      "refused",
      first.includes(": ") ? first.split(": ").slice(1).join(": ") : text(body.error),
      answer.status,
    );
  }
  const code = text(body.statusCode);
  const words = readable(text(body.statusMessage));
  if (code === "401") throw fail("credentials", words, answer.status);
  if (code === "200" && answer.status < 300) return body.dist;
  if (code === "404" && options.notFound === "null") return null;
  if (code === "") throw fail("unexpected", "answer has no statusCode", answer.status);
  throw fail("refused", words || `status ${code}`, answer.status);
}

async function call(connection: CourierConnection, request: CourierRequest): Promise<CourierAnswer> {
  const token = connection.credentials.token?.trim();
  if (!token) throw fail("credentials");
  return callCourier("postex", connection, { ...request, headers: { ...request.headers, token } });
}

async function postex(
  connection: CourierConnection,
  request: CourierRequest,
  options: { notFound?: "null" } = {},
): Promise<unknown> {
  return readEnvelope(await call(connection, request), options);
}

async function postexPdf(connection: CourierConnection, request: CourierRequest): Promise<CourierDocument> {
  const answer = await call(connection, { ...request, expect: "pdf" });
  if (answer.bytes) {
    if (Buffer.from(answer.bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") throw fail("unexpected", "not a PDF");
    return { pdf: answer.bytes };
  }
  readEnvelope(answer);
  throw fail("unexpected", "no PDF in the answer", answer.status);
}

/** 03XXXXXXXXX, the form create-order takes; a number that is no Pakistani mobile is refused before PostEx is called. */
function postexPhone(phone: string): string {
  const normal = normalizePakistaniMobile(phone.slice(0, 40));
  if (!normal) throw fail("refused", `the phone number ${phone.slice(0, 20)} is not a Pakistani mobile number`);
  return `0${normal.slice(2)}`;
}

/**
 * PostEx takes the amount to collect in whole rupees (public integrations send integers; a
 * fraction is rounded by the gateway). Paisa are rounded up, so the rider never collects less
 * than the order still owes.
 */
export const postexRupees = (paisa: number): number => Math.ceil(Math.max(0, paisa) / 100);

/** Today's and the days before's dates in Pakistan, "YYYY-MM-DD". */
function karachiDates(days: number, now = new Date()): { start: string; end: string } {
  const day = (back: number) => new Date(now.getTime() + 5 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);
  return { start: day(days - 1), end: day(0) };
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A bulk-track answer's parcels, by CN; a CN PostEx does not know is a row without trackingResponse. */
async function trackRows(connection: CourierConnection, cns: readonly string[]): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const batch of chunks(cns, POSTEX_TRACK_BATCH)) {
    // the live gateway takes TrackingNumbers (capital T), not the guide's trackingNumber
    const dist = await postex(connection, {
      method: "GET",
      path: "v1/track-bulk-order",
      query: { TrackingNumbers: batch.join(",") },
    });
    if (!Array.isArray(dist)) throw fail("unexpected", "tracking answer has no list of orders");
    for (const row of dist) {
      const order = record(record(row)?.trackingResponse);
      if (order && text(order.trackingNumber)) rows.push(order);
    }
  }
  return rows;
}

async function book(connection: CourierConnection, request: BookingRequest): Promise<Booking> {
  const { consignee, pickup } = request;
  const body: Record<string, unknown> = {
    orderRefNumber: request.reference,
    invoicePayment: postexRupees(request.codPaisa),
    orderDetail: request.description,
    customerName: consignee.name,
    customerPhone: postexPhone(consignee.phone),
    deliveryAddress: consignee.address,
    // PostEx knows a city by its operational-city name, which is our courier key for it
    cityName: consignee.courierCityId,
    invoiceDivision: 1,
    items: Math.max(1, Math.trunc(request.pieces)),
    orderType: "Normal",
  };
  if (request.instructions.trim()) body.transactionNotes = request.instructions;
  // the guide marks it optional, but the live gateway refuses a booking without a pickup or store
  // address code: asked for here, before the call, in words that say where to put it
  if (!pickup.code?.trim()) {
    throw fail("refused", "a pickup address code from the PostEx portal is needed: add it to the account's pickup address in Settings → Couriers");
  }
  body.pickupAddressCode = pickup.code;
  const dist = record(await postex(connection, { method: "POST", path: "v3/create-order", json: body }));
  const cn = text(dist?.trackingNumber);
  if (!cn) throw fail("unexpected", "booking answer has no trackingNumber");
  return { cn, labelUrl: null };
}

/**
 * PostEx has no call that finds an order by its reference; its order list (v1/get-all-order, all
 * statuses, by booking date) carries orderRefNumber, so the last few days' list is searched. The
 * live gateway takes orderStatusId/startDate/endDate, not the guide's orderStatusID/fromDate/toDate.
 */
async function findByReference(connection: CourierConnection, reference: string): Promise<Booking | null> {
  const { start, end } = karachiDates(FIND_DAYS);
  const dist = await postex(connection, {
    method: "GET",
    path: "v1/get-all-order",
    query: { orderStatusId: 0, startDate: start, endDate: end },
  });
  if (!Array.isArray(dist)) throw fail("unexpected", "order list is not a list");
  for (const row of dist) {
    // the guide wraps each row in trackingResponse; the live gateway sends them flat
    const order = record(record(row)?.trackingResponse) ?? record(row);
    if (!order || text(order.orderRefNumber) !== reference) continue;
    // a cancelled or expired booking is no parcel: booking again is right
    if (/^(cancelled|expired)$/i.test(text(order.transactionStatus))) continue;
    const cn = text(order.trackingNumber);
    if (cn) return { cn, labelUrl: null };
  }
  return null;
}

async function cancel(connection: CourierConnection, cn: string): Promise<void> {
  await postex(connection, { method: "PUT", path: "v1/cancel-order", json: { trackingNumber: cn } });
}

/**
 * PostEx's airway bills, at most ten in one file (its limit): a larger print asks for its CNs ten
 * at a time, and this refuses so, since the store joins no PDFs.
 */
async function airwayBills(connection: CourierConnection, cns: readonly string[]): Promise<CourierDocument | null> {
  if (cns.length === 0) throw fail("refused", "no parcels to print");
  if (cns.length > POSTEX_AIRWAY_BILLS_PER_FILE) {
    throw fail("refused", `PostEx prints at most ${POSTEX_AIRWAY_BILLS_PER_FILE} airway bills in one file`);
  }
  return postexPdf(connection, { method: "GET", path: "v1/get-invoice", query: { trackingNumbers: cns.join(",") } });
}

/** The load sheet is PostEx's hand-over: it turns the parcels from Unbooked to Booked for the rider. */
async function loadSheet(connection: CourierConnection, cns: readonly string[]): Promise<CourierDocument | null> {
  if (cns.length === 0) throw fail("refused", "no parcels for the load sheet");
  return postexPdf(connection, { method: "POST", path: "v2/generate-load-sheet", json: { trackingNumbers: cns } });
}

async function track(connection: CourierConnection, cns: readonly string[]): Promise<ParcelTracking[]> {
  if (cns.length === 0) return [];
  const wanted = new Set(cns);
  return (await trackRows(connection, cns))
    .map(postexTracking)
    .filter((parcel): parcel is ParcelTracking => parcel !== null && wanted.has(parcel.cn));
}

const flag = (value: unknown, otherwise: boolean): boolean =>
  value === undefined || value === null || value === ""
    ? otherwise
    : value === true || /^(true|1|yes)$/i.test(text(value));

async function cities(connection: CourierConnection): Promise<CourierCity[]> {
  // operationalCityType left off: the same list comes back, and the gateway refuses other spellings of it
  const dist = await postex(connection, { method: "GET", path: "v2/get-operational-city" });
  if (!Array.isArray(dist)) throw fail("unexpected", "city list is not a list");
  const seen = new Set<string>();
  const list: CourierCity[] = [];
  for (const row of dist) {
    const city = record(row);
    const name = text(city?.operationalCityName ?? city?.cityName);
    if (!city || !name || name.length > 100 || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    list.push({
      courierCityId: name,
      name,
      delivers: flag(city.isDeliveryCity, true),
      picksUp: flag(city.isPickupCity, false),
    });
  }
  return list;
}

/** The deductions a tracked order names, in PostEx's own field words. */
const DEDUCTIONS = ["transactionFee", "transactionTax", "reversalFee", "reversalTax"] as const;

/**
 * Whether PostEx has paid for each parcel (v1/payment-status, one CN a call) with the amounts its
 * tracked order carries. PostEx pays in two tranches, each with its CPR: the upfront one is the
 * payment's reference, the reserve's its second reference, and the parcel is paid once PostEx says
 * it is settled (both tranches in). What it paid is the two tranches together. The live gateway
 * names the CPRs cpr1/cpr1Date where the guide says cprNumber_1/upfrontPaymentDate, so both are read.
 */
async function payments(connection: CourierConnection, cns: readonly string[]): Promise<CourierPayment[]> {
  if (cns.length === 0) return [];
  const orders = new Map((await trackRows(connection, cns)).map((order) => [text(order.trackingNumber), order]));
  const result: CourierPayment[] = [];
  for (const cn of cns) {
    const status = record(
      await postex(
        connection,
        { method: "GET", path: `v1/payment-status/${encodeURIComponent(cn)}` },
        { notFound: "null" },
      ),
    );
    const order = orders.get(cn);
    if (!status && !order) continue;
    const settled = flag(status?.settle, false);
    const paidOn =
      postexTime(status?.settlementDate) ??
      postexTime(status?.reservePaymentDate) ??
      postexTime(status?.upfrontPaymentDate) ??
      postexTime(status?.cpr1Date);
    const state = text(order?.transactionStatus).toLowerCase();
    const collected = state === "delivered" ? postexPaisa(order?.invoicePayment) : /^return/.test(state) ? 0 : null;
    const upfront = postexPaisa(order?.upfrontPayment);
    const reserve = postexPaisa(order?.reservePayment);
    result.push({
      cn,
      paid: settled,
      reference: text(status?.cprNumber_1 ?? status?.cpr1) || null,
      secondReference: text(status?.cprNumber_2 ?? status?.cpr2) || null,
      paidOn,
      collectedPaisa: collected,
      paidPaisa: settled && (upfront !== null || reserve !== null) ? (upfront ?? 0) + (reserve ?? 0) : null,
      deductions: DEDUCTIONS.map((kind) => ({ kind, paisa: postexPaisa(order?.[kind]) ?? 0 })).filter(
        (d) => d.paisa !== 0,
      ),
    });
  }
  return result;
}

/**
 * The shipper's answer on a parcel PostEx holds after failed attempts (Delivery Under Review):
 * statusId 1 return it, 2 try again. PostEx wants remarks, so an empty note says what was asked.
 * The guide prints this path under /service/ (singular); the gateway serves it under /services/.
 */
async function shipperAdvice(connection: CourierConnection, cn: string, advice: ShipperAdvice, note: string) {
  const remarks =
    note.trim() || (advice === "return" ? "Please return the parcel to us." : "Please try delivering again.");
  await postex(connection, {
    method: "PUT",
    path: "v2/save-shipper-advice",
    json: { trackingNumber: cn, statusId: advice === "return" ? 1 : 2, remarks },
  });
}

export const postexAdapter: CourierAdapter = {
  code: "postex",
  credentialFields: [{ name: "token", label: "API token", secret: true, maxLength: 200 }],
  hosts: {
    live: "https://api.postex.pk/services/integration/api/order/",
    test: "https://stg-api.postex.pk/services/integration/api/order/",
  },
  trackBatch: POSTEX_TRACK_BATCH,
  airwayBillsPerFile: POSTEX_AIRWAY_BILLS_PER_FILE,
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
