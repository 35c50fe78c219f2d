// A local TCS (its OCI "Envio" API) that answers in the shapes of its "API User Guide" v1.0: a
// bearer token from the client id and secret, an access token from the Envio user name and
// password, each with an expiry it keeps; "SUCCESS" for done, `error: [...]` (HTTP 400) for a
// refused booking, the guide's "unauthorised" bodies on HTTP 401 (and on 200 from its login); tracking newest first with
// TCS's dates ("Thursday Oct 17, 2024 12:58", Pakistan time). Parcels live in memory.
import { randomBytes } from "node:crypto";
import type { ParcelStatus } from "../../../db/schema";
import { fakePayment, type FakeCourier, type FakeParcel, type FakePayment } from "./control";
import { minimalPdf, startFakeHttp, type FakeHttpAnswer } from "./fake-http";

export const TCS_CITIES: ReadonlyArray<[string, string]> = [
  ["KHI", "KARACHI"],
  ["LHE", "LAHORE"],
  ["ISB", "ISLAMABAD"],
  ["RWP", "RAWALPINDI"],
  ["FSD", "FAISALABAD"],
  ["MUX", "MULTAN"],
  ["PEW", "PESHAWAR"],
  ["UET", "QUETTA"],
  ["HYD", "HYDERABAD"],
  ["SKT", "SIALKOT"],
  ["GUJ", "GUJRANWALA"],
];
const COST_CENTERS = ["001 - KHI", "002 - LHE"];

/** How each of our statuses shows in TCS's tracking: a checkpoint, a delivery record, or both. */
const SHOWN: Readonly<Record<ParcelStatus, { checkpoint?: string; delivery?: [string, string] }>> = {
  booked: { checkpoint: "Shipment Booked" },
  "picked up": { checkpoint: "Shipment Picked Up" },
  "in transit": { checkpoint: "Arrived at TCS Facility" },
  "out for delivery": { checkpoint: "Out For Delivery" },
  "delivery attempted": { delivery: ["Receiver Not Available", "NA"] },
  delivered: { checkpoint: "Shipment Delivered", delivery: ["Delivered", "OK"] },
  returning: { checkpoint: "Return In Process" },
  returned: { checkpoint: "Returned to Shipper", delivery: ["Return To Origin", "RO"] },
};

/** TCS's usual charge on a parcel, in its payment status's words (paisa); it names the delivery charge only. */
const TCS_CHARGES = (): Record<string, number> => ({ "delivery charges": 11_600 });

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Thursday Oct 17, 2024 12:58" in Pakistan time. */
export function tcsDate(at: Date): string {
  const k = new Date(at.getTime() + 5 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${DAYS[k.getUTCDay()]} ${MONTHS[k.getUTCMonth()]} ${k.getUTCDate()}, ${k.getUTCFullYear()} ${two(k.getUTCHours())}:${two(k.getUTCMinutes())}`;
}

interface Scan {
  kind: "checkpoint" | "delivery";
  word: string;
  code: string | null;
  at: Date;
}

export interface FakeTcs extends FakeCourier {
  /** adds a checkpoint in TCS's own words (or, with a code, a delivery record) */
  advanceWord(cn: string, word: string, options?: { at?: Date; code?: string }): void;
  /** ends every token issued so far, as TCS does when they expire */
  expireTokens(): void;
  /** how long new tokens last (default an hour) */
  tokenLifetimeMs: number;
  /** how many bearer and access tokens have been issued */
  issued(): { bearer: number; access: number };
}

export async function startFakeTcs(): Promise<FakeTcs> {
  const parcels: FakeParcel[] = [];
  const scans = new Map<string, Scan[]>();
  const paid = new Map<string, FakePayment>();
  const bearers = new Map<string, number>();
  const accessTokens = new Map<string, number>();
  const cities = new Map<string, string>(TCS_CITIES);
  const credentials = {
    clientid: "215628692",
    clientsecret: "YWxuYXNlZWJkYWlyeWZvb2RAdGNzYm9va",
    username: "zaiba.envio",
    password: "envio-pass-1",
    accountno: "04011K1",
    costcentercode: "001 - KHI",
  };
  let nextCn = 779_412_326_900;
  const counts = { bearer: 0, access: 0 };
  const fake = { tokenLifetimeMs: 3_600_000 };

  const parcel = (cn: unknown) => parcels.find((p) => p.cn === String(cn ?? ""));
  const scan = (cn: string, entry: Scan) => scans.set(cn, [...(scans.get(cn) ?? []), entry]);
  const live = (tokens: Map<string, number>, token: string | null | undefined) => (tokens.get(token ?? "") ?? 0) > Date.now();
  const issue = (tokens: Map<string, number>) => {
    const token = randomBytes(24).toString("base64");
    const until = Date.now() + fake.tokenLifetimeMs;
    tokens.set(token, until);
    return { token, expiry: new Date(until).toISOString() };
  };

  function book(body: Record<string, unknown>): [number, unknown] {
    const shipper = (body.shipperinfo ?? {}) as Record<string, unknown>;
    const consignee = (body.consigneeinfo ?? {}) as Record<string, unknown>;
    const shipment = (body.shipmentinfo ?? {}) as Record<string, unknown>;
    const errors: Record<string, string>[] = [];
    const text = (group: Record<string, unknown>, name: string, field: string, min: number, max: number) => {
      const v = group[field];
      if (typeof v !== "string" || v.length < min || v.length > max) errors.push({ [`${name}.${field}`]: `${field} length must be between ${min} and ${max}` });
    };
    if (shipper.tcsaccount !== credentials.accountno) errors.push({ "shipperinfo.tcsaccount": "Invalid TCS account" });
    text(shipper, "shipperinfo", "shippername", 3, 50);
    text(shipper, "shipperinfo", "address1", 3, 120);
    text(shipper, "shipperinfo", "cityname", 3, 50);
    for (const [name, group] of [["shipperinfo", shipper], ["consigneeinfo", consignee]] as const) {
      if (!/^03\d{9}$/.test(String(group.mobile))) errors.push({ [`${name}.mobile`]: "mobile must be like 0300xxxxxxx" });
      if (group.countrycode !== "PK") errors.push({ [`${name}.countrycode`]: "countrycode is required" });
    }
    text(consignee, "consigneeinfo", "firstname", 3, 50);
    text(consignee, "consigneeinfo", "middlename", 3, 50);
    text(consignee, "consigneeinfo", "address1", 3, 120);
    if (!cities.has(String(consignee.citycode))) errors.push({ "consigneeinfo.citycode": "Invalid destination city" });
    if (!COST_CENTERS.includes(String(shipment.costcentercode))) errors.push({ "shipmentinfo.costcentercode": "Cost center not found" });
    text(shipment, "shipmentinfo", "referenceno", 3, 50);
    text(shipment, "shipmentinfo", "servicecode", 1, 6);
    const cod = shipment.codamount;
    if (!Number.isInteger(cod) || (cod as number) < 0 || (cod as number) > 250_000) errors.push({ "shipmentinfo.codamount": "codamount must be between 0 and 250000" });
    if (typeof shipment.weightinkg !== "number" || shipment.weightinkg <= 0) errors.push({ "shipmentinfo.weightinkg": "Minimum weight is 0.5" });
    if (!Number.isInteger(shipment.pieces) || (shipment.pieces as number) < 1) errors.push({ "shipmentinfo.pieces": "pieces must be 1 or more" });
    if (typeof shipment.fragile !== "boolean") errors.push({ "shipmentinfo.fragile": "Value should be true or false" });
    if (errors.length > 0) return [400, { error: errors, message: "Validation failed", traceid: "00-fake-trace-00" }];
    const cn = String(nextCn++);
    parcels.push({
      cn,
      reference: String(shipment.referenceno),
      codPaisa: (cod as number) * 100,
      cityKey: String(consignee.citycode),
      consigneeName: `${consignee.firstname} ${consignee.middlename}`,
      consigneePhone: String(consignee.mobile),
      weightGrams: Math.round((shipment.weightinkg as number) * 1000),
      pieces: shipment.pieces as number,
      description: String(shipment.contentdesc ?? ""),
      shipperHidden: false,
      cancelled: false,
      history: [{ status: "booked", reason: null, at: new Date() }],
      advice: [],
      bookingBody: body,
    });
    scan(cn, { kind: "checkpoint", word: "Shipment Booked", code: null, at: new Date() });
    return [200, { response: "SUCCESS", consignmentNo: cn, code: "200", status: true, message: "success", requestTime: "07:27:43", responseTime: "07:27:44" }];
  }

  function tracking(cn: string | null): [number, unknown] {
    const p = parcel(cn);
    if (!p) return [200, { shipmentinfo: null, deliveryinfo: null, checkpoints: null, shipmentsummary: "No Data Found/Invalid CN", message: "FAIL", traceid: "8aded596" }];
    const list = [...(scans.get(p.cn) ?? [])].reverse();
    const checkpoints = list.filter((s) => s.kind === "checkpoint").map((s) => ({ consignmentno: p.cn, datetime: tcsDate(s.at), recievedby: /facility/i.test(s.word) ? "KARACHI" : null, status: s.word }));
    const deliveryinfo = list.filter((s) => s.kind === "delivery").map((s) => ({ consignmentno: p.cn, station: cities.get(p.cityKey), datetime: tcsDate(s.at), recievedby: null, status: s.word, code: s.code, allowshow: "Y" }));
    const shipmentinfo = [{ consignmentno: p.cn, bookingdate: "Oct 14, 2024", shipper: "Zaiba", consignee: p.consigneeName, origin: "KARACHI", origincountry: "PAK", destination: cities.get(p.cityKey), destinationcountry: "PAK", referenceno: p.reference }];
    return [200, { shipmentinfo, deliveryinfo, checkpoints, shipmentsummary: `Current Status: ${list[0]?.word.toUpperCase()}`, message: "SUCCESS", traceid: "111c95db" }];
  }

  type Route = (query: URLSearchParams, body: Record<string, unknown>) => [number, unknown] | "pdf";
  const routes: Record<string, Route> = {
    "POST /ecom/api/booking/create": (_query, body) => book(body),
    "POST /ecom/api/booking/cancel": (_query, body) => {
      const p = parcel(body.consignmentNumber);
      if (!p || p.cancelled) return [200, { message: "Failure: No Record Founds", traceid: "e291bead" }];
      if (p.history.length > 1) return [200, { message: "Failure: CN cannot be cancelled after pickup", traceid: "e291beae" }];
      p.cancelled = true;
      return [200, { message: "SUCCESS", traceid: "294d5e4f" }];
    },
    "GET /ecom/api/print/label": (query) => (parcel(query.get("consignmentno")) ? "pdf" : [200, { message: "CN not found", url: "", traceid: "6e621297" }]),
    "GET /tracking/api/Tracking/GetDynamicTrackDetail": (query) => tracking(query.get("consignee")),
    "GET /ecom/api/setup/citylistbycountry": (query) =>
      query.get("countrycode") === "PK" ? [200, { message: "SUCCESS", data: [...cities].map(([citycode, cityname]) => ({ citycode, cityname })), traceid: "e52914aa" }] : [200, { message: "SUCCESS", data: [] }],
    "GET /ecom/api/Payment/status": (query) => {
      const p = parcel(query.get("consignmentno"));
      if (!p || query.get("customerno") !== credentials.accountno) return [200, { detail: null, message: "Invalid CN", status: "true", traceid: "3a52a19c" }];
      const on = paid.get(p.cn);
      const two = (n: number) => String(n).padStart(2, "0");
      const day = (d: Date) => `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
      // each charge under its own words ("delivery charges", and any other a test names), in rupees
      const charges = Object.fromEntries(Object.entries(on?.charges ?? TCS_CHARGES()).map(([word, paisa]) => [word, paisa / 100]));
      const status = on ? (on.outcome === "delivered" ? "OK" : "RO") : "";
      const row = { "booking date": "09/09/2024", "cn by courier": p.cn, "cn status": status, "order no": p.reference, "payment status": on ? "Y" : "N", "amount paid": on ? on.paidPaisa / 100 : 0, "parcel weight": p.weightGrams / 1000, city: p.cityKey, ...charges, "delivery date": "10/09/2024", "payment date": on ? day(new Date(on.at.getTime() + 5 * 3_600_000)) : null };
      return [200, { detail: [row], message: "SUCCESS", status: "true", traceid: "7cc65dfc" }];
    },
  };

  const json = (status: number, body: unknown): FakeHttpAnswer => ({ status, json: body });

  const http = await startFakeHttp({
    prefix: "/",
    refusal: (message) => json(400, { error: [{ request: message || "Request refused" }], message: message || "Request refused", traceid: "00-refused-00" }),
    handle({ method, route, query, body: parsed, headers }): FakeHttpAnswer {
      const body = (parsed ?? {}) as Record<string, unknown>;
      const key = `${method} /${route}`;
      if (key === "POST /auth/api/auth") {
        if (body.clientid !== credentials.clientid || body.clientsecret !== credentials.clientsecret) return json(200, { result: null, status: false, code: "401" });
        counts.bearer += 1;
        const { token, expiry } = issue(bearers);
        return json(200, { result: { accessToken: token, expiry, userInformation: null }, status: true, code: "0200" });
      }
      const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
      if (!live(bearers, bearer)) return json(401, { code: 401, message: "Invalid Bearer token. Mismatch configuration.", status: "UnAuthorized" });
      if (key === "GET /ecom/api/authentication/token") {
        if (query.get("username") !== credentials.username || query.get("password") !== credentials.password) return json(401, { result: null, status: false, code: "401" });
        counts.access += 1;
        const { token, expiry } = issue(accessTokens);
        return json(200, { accesstoken: token, expiry, message: "success", traceid: "f6a5843c" });
      }
      // the e-com calls carry the access token too: in the query of a GET, in the body of a POST
      const access = method === "POST" ? String(body.accesstoken ?? "") : query.get("accesstoken");
      if (route.startsWith("ecom/") && !live(accessTokens, access)) return json(401, { code: "UnAuthorized", message: "Invalid access token", status: 401 });
      const handler = routes[key];
      const answer = handler ? handler(query, body) : ([404, { message: "Resource not found" }] as [number, unknown]);
      if (answer === "pdf") return { status: 200, pdf: minimalPdf([`TCS label ${query.get("consignmentno")}`]) };
      return json(answer[0], answer[1]);
    },
  });

  const mustFind = (cn: string) => {
    const p = parcel(cn);
    if (!p) throw new Error(`The fake TCS has no parcel ${cn}`);
    return p;
  };

  return {
    code: "tcs",
    baseUrl: http.baseUrl,
    credentials,
    calls: http.calls,
    cities,
    parcels: () => parcels,
    get tokenLifetimeMs() {
      return fake.tokenLifetimeMs;
    },
    set tokenLifetimeMs(ms: number) {
      fake.tokenLifetimeMs = ms;
    },
    issued: () => ({ ...counts }),
    expireTokens() {
      bearers.clear();
      accessTokens.clear();
    },
    advance(cn, status, options = {}) {
      const p = mustFind(cn);
      const at = options.at ?? new Date();
      p.history.push({ status, reason: options.reason ?? null, at });
      const shown = SHOWN[status];
      if (shown.checkpoint) scan(cn, { kind: "checkpoint", word: shown.checkpoint, code: null, at });
      if (shown.delivery) {
        const word = status === "delivery attempted" ? (options.reason ?? shown.delivery[0]) : shown.delivery[0];
        scan(cn, { kind: "delivery", word, code: shown.delivery[1], at });
      }
    },
    advanceWord(cn, word, options = {}) {
      mustFind(cn);
      scan(cn, { kind: options.code ? "delivery" : "checkpoint", word, code: options.code ?? null, at: options.at ?? new Date() });
    },
    pay(cn, options = {}) {
      const p = mustFind(cn);
      // TCS's payment status names no batch: the reference is kept but never shown
      paid.set(p.cn, fakePayment(p, options, { reference: `TCS-${cn.slice(-5)}`, charges: TCS_CHARGES }));
    },
    failNext: http.failNext,
    close: http.close,
  };
}
