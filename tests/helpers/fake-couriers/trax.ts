// A local Trax ("Sonic") that answers in the shapes of its "API Documentation SONIC v2": the API
// key in the Authorization header, `status: 0` for done and `status: 1` with a message (and a
// booking's `errors` per field) for a refusal, tracking histories newest first with Pakistan-time
// dates, PDFs for airway bills and receiving sheets. Parcels live in memory.
import type { ParcelStatus } from "../../../db/schema";
import { fakePayment, type FakeCourier, type FakeParcel, type FakePayment } from "./control";
import { karachiWallClock, minimalPdf, startFakeHttp, type FakeHttpAnswer } from "./fake-http";

const TRAX_WORD: Readonly<Record<ParcelStatus, string>> = {
  booked: "Shipment - Booked",
  "picked up": "Shipment - Rider Picked",
  "in transit": "Shipment - In Transit",
  "out for delivery": "Shipment - Out for Delivery",
  "delivery attempted": "Shipment - Delivery Unsuccessful",
  delivered: "Shipment - Delivered",
  returning: "Return - In Transit",
  returned: "Return - Delivered to Shipper",
};

export const TRAX_CITIES: ReadonlyArray<[string, string]> = [
  ["202", "Karachi"],
  ["317", "Lahore"],
  ["139", "Islamabad"],
  ["389", "Rawalpindi"],
  ["120", "Faisalabad"],
  ["251", "Multan"],
  ["371", "Peshawar"],
  ["385", "Quetta"],
  ["136", "Hyderabad"],
  ["415", "Sialkot"],
  ["128", "Gujranwala"],
];

/** "05/04/2022 12:44 PM" in Pakistan time, as Trax's tracking history writes it. */
function historyDate(at: Date): string {
  const k = new Date(at.getTime() + 5 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const hours = k.getUTCHours();
  return `${two(k.getUTCDate())}/${two(k.getUTCMonth() + 1)}/${k.getUTCFullYear()} ${two(hours % 12 || 12)}:${two(k.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

interface TraxEntry {
  word: string;
  reason: string | null;
  at: Date;
}

/** Trax's usual charges, in its invoice's words (paisa). */
const TRAX_CHARGES = (outcome: "delivered" | "returned"): Record<string, number> =>
  outcome === "delivered"
    ? { weight_charges: 25_000, fuel_surcharge: 3_250, gst: 3_673 }
    : { weight_charges: 25_000, return_charges: 12_000, fuel_surcharge: 3_250, gst: 5_594 };

/** Rupees as Trax's invoices write them: a string with two decimals. */
const traxRupees = (paisa: number): string => (paisa / 100).toFixed(2);

export interface FakeTrax extends FakeCourier {
  /** sets a status by Trax's own word (one not in the fake's list of ours too) */
  advanceWord(cn: string, word: string, options?: { reason?: string; at?: Date }): void;
  /** POSTs Trax's shipment status webhook for the parcel's latest status to `url`; the answer's HTTP status */
  pushStatus(url: string, cn: string): Promise<number>;
  /** the Trax words each parcel has been through, newest last */
  entries(cn: string): TraxEntry[];
}

type Handler = (query: URLSearchParams, body: Record<string, unknown>) => [number, unknown] | "pdf";

export async function startFakeTrax(): Promise<FakeTrax> {
  const parcels: FakeParcel[] = [];
  const entries = new Map<string, TraxEntry[]>();
  const payments = new Map<string, FakePayment>();
  const sheets = new Map<number, string[]>();
  const cities = new Map<string, string>(TRAX_CITIES);
  const credentials = { api_key: "trax-test-key-0001" };
  let nextCn = 202_202_366_000;
  let nextPayment = 5_400;
  let nextSheet = 6_100;

  const parcel = (cn: string | null | undefined) => parcels.find((p) => p.cn === String(cn ?? ""));
  const record = (cn: string, word: string, reason: string | null, at: Date) => {
    const list = entries.get(cn) ?? [];
    list.push({ word, reason, at });
    entries.set(cn, list);
  };
  const notFound: [number, unknown] = [200, { status: 1, message: "Shipment not found" }];

  function book(body: Record<string, unknown>): [number, unknown] {
    const errors: Record<string, string[]> = {};
    const need = (field: string, ok: boolean, message: string) => {
      if (!ok) errors[field] = [message];
    };
    const text = (field: string, max: number) =>
      need(field, typeof body[field] === "string" && (body[field] as string).length > 0 && (body[field] as string).length <= max, `The ${field.replaceAll("_", " ")} field is required.`);
    const int = (field: string, allowed?: number[]) =>
      need(field, Number.isInteger(body[field]) && (!allowed || allowed.includes(body[field] as number)), `The selected ${field.replaceAll("_", " ")} is invalid.`);
    int("service_type_id", [1, 2, 3]);
    int("pickup_address_id");
    int("information_display", [0, 1]);
    need("consignee_city_id", cities.has(String(body.consignee_city_id)), "The selected consignee city id is invalid.");
    text("consignee_name", 100);
    text("consignee_address", 190);
    need("consignee_phone_number_1", /^03\d{9}$/.test(String(body.consignee_phone_number_1)), "The consignee phone number 1 format is invalid.");
    int("item_product_type_id");
    text("item_description", 190);
    int("item_quantity");
    int("item_insurance", [0, 1]);
    need("pickup_date", /^\d{4}-\d{2}-\d{2}$/.test(String(body.pickup_date)), "The pickup date does not match the format Y-m-d.");
    need("estimated_weight", typeof body.estimated_weight === "number" && body.estimated_weight > 0, "The estimated weight must be a number.");
    int("shipping_mode_id", [1, 2, 3, 4]);
    int("amount");
    int("payment_mode_id", [1, 2, 4]);
    int("charges_mode_id", [2, 3, 4]);
    if (body.order_id !== undefined && parcels.some((p) => p.reference === body.order_id)) {
      errors.order_id = ["The order id has already been taken."];
    }
    if (Object.keys(errors).length > 0) return [200, { status: 1, message: "Validation Error", errors }];
    const cn = String(nextCn++);
    parcels.push({
      cn,
      reference: String(body.order_id ?? ""),
      codPaisa: (body.amount as number) * 100,
      cityKey: String(body.consignee_city_id),
      consigneeName: String(body.consignee_name),
      consigneePhone: String(body.consignee_phone_number_1),
      weightGrams: Math.round((body.estimated_weight as number) * 1000),
      pieces: body.item_quantity as number,
      description: String(body.item_description),
      shipperHidden: body.information_display === 0,
      cancelled: false,
      history: [{ status: "booked", reason: null, at: new Date() }],
      advice: [],
      bookingBody: body,
    });
    record(cn, TRAX_WORD.booked, null, new Date());
    // the booking's answer carries the number as a JSON number
    return [200, { status: 0, message: "Shipment has been Booked!", tracking_number: Number(cn) }];
  }

  function history(cn: string, type: string) {
    // the general tracking (type 1) leaves out payment and weight entries
    const list = (entries.get(cn) ?? []).filter((e) => type !== "1" || !/^(payment|weight)/i.test(e.word));
    // newest first by the second, entries of one second in the order they happened, as the guide's example lists them
    const newestFirst = [...list].sort((a, b) => Math.floor(b.at.getTime() / 1000) - Math.floor(a.at.getTime() / 1000));
    return newestFirst.map((e) => ({
      date_time: historyDate(e.at),
      timestamp: Math.floor(e.at.getTime() / 1000),
      status: e.word,
      status_reason: e.reason,
    }));
  }

  const routes: Record<string, Handler> = {
    "POST /api/shipment/book": (_query, body) => book(body),
    "GET /api/shipment/track": (query) => {
      const p = parcel(query.get("tracking_number"));
      if (!p) return notFound;
      const order_information = { items: [{ order_id: p.reference, product_type: "Apparel", description: p.description, quantity: p.pieces }] };
      return [200, { status: 0, message: `Tracking of Shipment #${p.cn}`, details: { tracking_number: p.cn, order_id: p.reference, consignee: { name: p.consigneeName }, order_information, tracking_history: history(p.cn, query.get("type") ?? "0") } }];
    },
    "GET /api/shipment/status/order_id": (query) => {
      const found = parcels.filter((p) => p.reference === query.get("order_id"));
      if (found.length === 0) return [200, { status: 1, message: "No shipment found against this Order ID" }];
      const details = found.map((p) => {
        const last = (entries.get(p.cn) ?? []).at(-1) as TraxEntry;
        return { origin: "Karachi", destination: cities.get(p.cityKey), tracking_number: Number(p.cn), status: last.word, reason: last.reason, current_status_datetime: historyDate(last.at) };
      });
      return [200, { status: 0, message: "Status of Shipment(s)", details }];
    },
    "POST /api/shipment/cancel": (_query, body) => {
      const p = parcel(String(body.tracking_number));
      if (!p) return notFound;
      if (p.cancelled || p.history.length > 1) return [200, { status: 1, message: `Shipment #${p.cn} cannot be cancelled at this stage` }];
      p.cancelled = true;
      record(p.cn, "Shipment - Cancelled", null, new Date());
      return [200, { status: 0, message: `Shipment #${p.cn} is Cancelled` }];
    },
    "GET /api/shipment/air_waybill": (query) => (parcel(query.get("tracking_number")) ? "pdf" : notFound),
    "POST /api/receiving_sheet/create": (_query, body) => {
      const cns = Array.isArray(body.tracking_numbers) ? body.tracking_numbers.map(String) : [];
      if (cns.length === 0 || cns.some((cn) => !parcel(cn))) return [200, { status: 1, message: "Invalid tracking numbers" }];
      const id = nextSheet++;
      sheets.set(id, cns);
      return [200, { status: 0, message: "Receiving Sheet has been Created", receiving_sheet_id: id }];
    },
    "GET /api/receiving_sheet/view": (query) =>
      sheets.has(Number(query.get("receiving_sheet_id"))) ? "pdf" : [200, { status: 1, message: "Receiving sheet not found" }],
    "GET /api/cities": () => {
      const list = [...cities].map(([id, name]) => ({ id: Number(id), name, hub: { id: Number(id), name }, zone: { id: 1, name: "South" }, pickup: true, delivery: { Regular: ["Rush", "Saver Plus"], Replacement: ["Rush"] } }));
      return [200, { status: 0, message: "Pickup and Delivery Information of Cities", cities: list }];
    },
    "GET /api/payments": (query) => {
      const out: Record<string, unknown[]> = {};
      for (const cn of query.getAll("tracking_number[]")) {
        const paid = payments.get(cn);
        if (paid) out[cn] = [{ payment_status: "Processed", billing_method: "Reimbursement Account", payment_date: karachiWallClock(paid.at), payment_method: "IBFT", payment_type: paid.outcome === "delivered" ? "Delivered" : "Returned", payment_id: Number(paid.reference) }];
      }
      return [200, { status: 0, payments: out }];
    },
    "GET /api/invoice": (query) => {
      const paid = [...payments].filter(([, p]) => p.reference === query.get("id"));
      if (paid.length === 0 || query.get("type") !== "2") return [200, { status: 1, message: "Invoice not found" }];
      const shipments = paid.map(([cn, p]) => {
        const charged = Object.values(p.charges).reduce((sum, paisa) => sum + paisa, 0);
        const charges = Object.fromEntries(Object.entries(p.charges).map(([word, paisa]) => [word, traxRupees(paisa)]));
        return { [cn]: { payment_type: p.outcome === "delivered" ? "Delivered" : "Returned", ...charges, total_charges: traxRupees(charged - (p.charges.gst ?? 0)), invoice_amount: traxRupees(charged) } };
      });
      return [200, { status: 0, payments: { billing_method: "Reimbursement Account", invoice_date: karachiWallClock(paid[0]![1].at), shipments } }];
    },
    "GET /api/shipment/payments": (query) => {
      const p = parcel(query.get("tracking_number"));
      const paid = p && payments.get(p.cn);
      if (!p || !paid) return notFound;
      const gst = paid.charges.gst ?? 0;
      const charged = Object.values(paid.charges).reduce((sum, paisa) => sum + paisa, 0) - gst;
      const row = { id: Number(paid.reference), datetime: karachiWallClock(paid.at), type: 0, amount: paid.collectedPaisa / 100, charges: traxRupees(charged), gst: traxRupees(gst), payable: traxRupees(paid.paidPaisa) };
      return [200, { status: 0, message: `Payment(s) of Shipment #${p.cn}`, current_payment_status: "Payment - Processed", payments: [row] }];
    },
    "POST /api/request/rcp": (_query, body) => {
      const p = parcel(String(body.tracking_number));
      if (!p) return notFound;
      if (p.history.at(-1)?.status !== "delivery attempted") return [200, { status: 1, message: "Shipment is not pending for shipper advice" }];
      if (body.type !== 1 && body.type !== 2) return [200, { status: 1, message: "The selected type is invalid." }];
      p.advice.push(body.type === 1 ? "return" : "retry");
      const word = body.type === 1 ? "Return - Confirm" : "Shipment - Re-Attempt Requested";
      record(p.cn, word, null, new Date());
      return [200, { status: 0, message: `Shipment successfully marked as ${word}` }];
    },
  };

  const http = await startFakeHttp({
    prefix: "/",
    refusal: (message) => ({ status: 200, json: { status: 1, message: message || "Request refused" } }),
    handle({ method, route, query, body, headers }): FakeHttpAnswer {
      if (headers.authorization !== credentials.api_key) return { status: 401, json: { status: 1, message: "Unauthenticated." } };
      const handler = routes[`${method} /${route}`];
      const answer = handler ? handler(query, (body ?? {}) as Record<string, unknown>) : ([404, { status: 1, message: "Not Found" }] as [number, unknown]);
      if (answer === "pdf") return { status: 200, pdf: minimalPdf([`Trax ${route}`, ...[...query].map(([k, v]) => `${k}: ${v}`)]) };
      return { status: answer[0], json: answer[1] };
    },
  });

  const mustFind = (cn: string) => {
    const p = parcel(cn);
    if (!p) throw new Error(`The fake Trax has no parcel ${cn}`);
    return p;
  };

  return {
    code: "trax",
    baseUrl: http.baseUrl,
    credentials,
    calls: http.calls,
    cities,
    parcels: () => parcels,
    entries: (cn) => entries.get(cn) ?? [],
    advance(cn, status, options = {}) {
      const p = mustFind(cn);
      const at = options.at ?? new Date();
      p.history.push({ status, reason: options.reason ?? null, at });
      record(cn, TRAX_WORD[status], status === "delivery attempted" ? (options.reason ?? "Address Incomplete") : null, at);
    },
    advanceWord(cn, word, options = {}) {
      mustFind(cn);
      record(cn, word, options.reason ?? null, options.at ?? new Date());
    },
    failNext: http.failNext,
    pay(cn, options = {}) {
      const p = mustFind(cn);
      if (options.reference !== undefined && !/^\d{1,20}$/.test(options.reference)) throw new Error("a Trax payment id is digits");
      payments.set(p.cn, fakePayment(p, options, { reference: String(nextPayment++), charges: TRAX_CHARGES }));
    },
    async pushStatus(url, cn) {
      const last = (entries.get(mustFind(cn).cn) ?? []).at(-1) as TraxEntry;
      // the guide's three fields; the reason of an attempt comes with the next poll
      const body = { tracking_number: cn, status: last.word, date_time: karachiWallClock(last.at) };
      const answer = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(3_000) });
      await answer.arrayBuffer();
      return answer.status;
    },
    close: http.close,
  };
}
