// A local Trax ("Sonic") that answers in the shapes of its "API Documentation SONIC v2": the API
// key in the Authorization header, `status: 0` for done and `status: 1` with a message (and a
// booking's `errors` per field) for a refusal, tracking histories newest first with Pakistan-time
// dates, PDFs for airway bills and receiving sheets. Parcels live in memory.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ParcelStatus } from "../../../db/schema";
import type { FailMode, FakeCourier, FakeParcel } from "./control";

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

/** A one-page PDF that readers open: its cross-reference offsets are counted, not guessed. */
export function tinyPdf(line: string): Uint8Array {
  const text = line.replace(/[()\\]/g, "").slice(0, 80);
  const content = `BT /F1 18 Tf 20 250 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** "05/04/2022 12:44 PM" in Pakistan time, as Trax's tracking history writes it. */
function historyDate(at: Date): string {
  const k = new Date(at.getTime() + 5 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const hours = k.getUTCHours();
  return `${two(k.getUTCDate())}/${two(k.getUTCMonth() + 1)}/${k.getUTCFullYear()} ${two(hours % 12 || 12)}:${two(k.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

/** "2021-06-11 17:29:36" in Pakistan time, as the webhooks and payments write it. */
export function traxPlainDate(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

interface TraxEntry {
  word: string;
  reason: string | null;
  at: Date;
}

interface Payment {
  paymentId: number;
  at: Date;
  charges: Record<string, string>;
}

export interface FakeTrax extends FakeCourier {
  /** sets a status by Trax's own word (one not in the fake's list of ours too) */
  advanceWord(cn: string, word: string, options?: { reason?: string; at?: Date }): void;
  /** Trax pays the shop for these parcels in one payment (its id returned) */
  pay(cns: string[], options?: { charges?: Record<string, string>; at?: Date }): number;
  /** POSTs Trax's shipment status webhook for the parcel's latest status to `url`; the answer's HTTP status */
  pushStatus(url: string, cn: string): Promise<number>;
  /** the Trax words each parcel has been through, newest last */
  entries(cn: string): TraxEntry[];
}

type Handler = (req: IncomingMessage, url: URL, body: Record<string, unknown>) => [number, unknown] | "pdf";

export async function startFakeTrax(): Promise<FakeTrax> {
  const parcels: FakeParcel[] = [];
  const entries = new Map<string, TraxEntry[]>();
  const payments = new Map<string, Payment>();
  const sheets = new Map<number, string[]>();
  const failures: { mode: FailMode; path: string; times: number; message?: string }[] = [];
  const calls: FakeCourier["calls"] = [];
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
    "POST /api/shipment/book": (_req, _url, body) => book(body),
    "GET /api/shipment/track": (_req, url) => {
      const p = parcel(url.searchParams.get("tracking_number"));
      if (!p) return notFound;
      const order_information = { items: [{ order_id: p.reference, product_type: "Apparel", description: p.description, quantity: p.pieces }] };
      return [200, { status: 0, message: `Tracking of Shipment #${p.cn}`, details: { tracking_number: p.cn, order_id: p.reference, consignee: { name: p.consigneeName }, order_information, tracking_history: history(p.cn, url.searchParams.get("type") ?? "0") } }];
    },
    "GET /api/shipment/status/order_id": (_req, url) => {
      const found = parcels.filter((p) => p.reference === url.searchParams.get("order_id"));
      if (found.length === 0) return [200, { status: 1, message: "No shipment found against this Order ID" }];
      const details = found.map((p) => {
        const last = (entries.get(p.cn) ?? []).at(-1) as TraxEntry;
        return { origin: "Karachi", destination: cities.get(p.cityKey), tracking_number: Number(p.cn), status: last.word, reason: last.reason, current_status_datetime: historyDate(last.at) };
      });
      return [200, { status: 0, message: "Status of Shipment(s)", details }];
    },
    "POST /api/shipment/cancel": (_req, _url, body) => {
      const p = parcel(String(body.tracking_number));
      if (!p) return notFound;
      if (p.cancelled || p.history.length > 1) return [200, { status: 1, message: `Shipment #${p.cn} cannot be cancelled at this stage` }];
      p.cancelled = true;
      record(p.cn, "Shipment - Cancelled", null, new Date());
      return [200, { status: 0, message: `Shipment #${p.cn} is Cancelled` }];
    },
    "GET /api/shipment/air_waybill": (_req, url) => (parcel(url.searchParams.get("tracking_number")) ? "pdf" : notFound),
    "POST /api/receiving_sheet/create": (_req, _url, body) => {
      const cns = Array.isArray(body.tracking_numbers) ? body.tracking_numbers.map(String) : [];
      if (cns.length === 0 || cns.some((cn) => !parcel(cn))) return [200, { status: 1, message: "Invalid tracking numbers" }];
      const id = nextSheet++;
      sheets.set(id, cns);
      return [200, { status: 0, message: "Receiving Sheet has been Created", receiving_sheet_id: id }];
    },
    "GET /api/receiving_sheet/view": (_req, url) =>
      sheets.has(Number(url.searchParams.get("receiving_sheet_id"))) ? "pdf" : [200, { status: 1, message: "Receiving sheet not found" }],
    "GET /api/cities": () => {
      const list = [...cities].map(([id, name]) => ({ id: Number(id), name, hub: { id: Number(id), name }, zone: { id: 1, name: "South" }, pickup: true, delivery: { Regular: ["Rush", "Saver Plus"], Replacement: ["Rush"] } }));
      return [200, { status: 0, message: "Pickup and Delivery Information of Cities", cities: list }];
    },
    "GET /api/payments": (_req, url) => {
      const out: Record<string, unknown[]> = {};
      for (const cn of url.searchParams.getAll("tracking_number[]")) {
        const paid = payments.get(cn);
        if (paid) out[cn] = [{ payment_status: "Processed", billing_method: "Reimbursement Account", payment_date: traxPlainDate(paid.at), payment_method: "IBFT", payment_type: "Delivered", payment_id: paid.paymentId }];
      }
      return [200, { status: 0, payments: out }];
    },
    "GET /api/invoice": (_req, url) => {
      const id = Number(url.searchParams.get("id"));
      const paid = [...payments].filter(([, p]) => p.paymentId === id);
      if (paid.length === 0 || url.searchParams.get("type") !== "2") return [200, { status: 1, message: "Invoice not found" }];
      const shipments = paid.map(([cn, p]) => ({ [cn]: { payment_type: "Delivered", ...p.charges } }));
      return [200, { status: 0, payments: { billing_method: "Reimbursement Account", invoice_date: traxPlainDate(paid[0]![1].at), shipments } }];
    },
    "GET /api/shipment/payments": (_req, url) => {
      const p = parcel(url.searchParams.get("tracking_number"));
      const paid = p && payments.get(p.cn);
      if (!p || !paid) return notFound;
      const rupees = p.codPaisa / 100;
      return [200, { status: 0, message: `Payment(s) of Shipment #${p.cn}`, current_payment_status: "Payment - Processed", payments: [{ id: paid.paymentId, datetime: traxPlainDate(paid.at), type: 0, amount: rupees, charges: "0.00", gst: "0.00", payable: `${rupees}.00` }] }];
    },
    "POST /api/request/rcp": (_req, _url, body) => {
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

  const send = (res: ServerResponse, status: number, json: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const url = new URL(req.url ?? "/", "http://fake.trax");
    calls.push({ method: req.method ?? "GET", path: url.pathname + url.search, body: raw ? body : null });
    const failure = failures.find((f) => url.pathname.includes(f.path));
    if (failure && --failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
    if (failure?.mode === "down") return void req.socket.destroy();
    if (failure?.mode === "slow") return void setTimeout(() => res.destroyed || send(res, 200, { status: 0 }), 60_000).unref();
    if (failure?.mode === "error") return void res.writeHead(500, { "content-type": "text/html" }).end("<h1>Server Error</h1>");
    if (failure?.mode === "refuse") return send(res, 200, { status: 1, message: failure.message ?? "Request refused" });
    if (req.headers.authorization !== credentials.api_key) return send(res, 401, { status: 1, message: "Unauthenticated." });
    const handler = routes[`${req.method} ${url.pathname}`];
    const answer = handler ? handler(req, url, body) : ([404, { status: 1, message: "Not Found" }] as [number, unknown]);
    if (failure?.mode === "lose-answer") return void req.socket.destroy();
    if (answer === "pdf") return void res.writeHead(200, { "content-type": "application/pdf" }).end(tinyPdf(`Trax ${url.search}`));
    send(res, answer[0], answer[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const mustFind = (cn: string) => {
    const p = parcel(cn);
    if (!p) throw new Error(`The fake Trax has no parcel ${cn}`);
    return p;
  };

  return {
    code: "trax",
    baseUrl: `http://127.0.0.1:${port}`,
    credentials,
    calls,
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
    failNext(mode, options = {}) {
      failures.push({ mode, path: options.path ?? "/", times: options.times ?? 1, message: options.message });
    },
    pay(cns, options = {}) {
      const paymentId = nextPayment++;
      const charges = options.charges ?? { weight_charges: "250.00", cash_handling_charges: "0.00", fuel_surcharge: "32.50", gst: "36.73", total_charges: "282.50", invoice_amount: "319.23" };
      for (const cn of cns) payments.set(mustFind(cn).cn, { paymentId, at: options.at ?? new Date(), charges });
      return paymentId;
    },
    async pushStatus(url, cn) {
      const last = (entries.get(mustFind(cn).cn) ?? []).at(-1) as TraxEntry;
      // the guide's three fields; the reason of an attempt comes with the next poll
      const body = { tracking_number: cn, status: last.word, date_time: traxPlainDate(last.at) };
      const answer = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(3_000) });
      await answer.arrayBuffer();
      return answer.status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
