// A local fake of PostEx's Merchant API (guide v4.1.9, in the live gateway's forms where public
// integrations found them to differ): `token` header, {statusCode: "200", statusMessage, dist}
// answers, 401 "TOKEN IS INVALID", refusals as HTTP 400 with PostEx's statusMessage, Spring's own
// 400 for a missing query parameter, PDFs for airway bills and load sheets. Parcels live in memory.
import type { ParcelStatus } from "../../../db/schema";
import { fakePayment, rupeesOf, type FakeCourier, type FakePayOptions, type FakeParcel, type FakePayment } from "./control";
import {
  FAKE_CITY_NAMES,
  karachiWallClock,
  minimalPdf,
  startFakeHttp,
  type FakeHttpAnswer,
  type FakeHttpRequest,
} from "./fake-http";

export interface FakePostexParcel extends FakeParcel {
  /** a load sheet was made: PostEx's Unbooked becomes Booked */
  onLoadSheet: boolean;
  /** PostEx's payment, once the test says it paid: the upfront tranche's CPR is `reference` */
  payment: (FakePayment & { secondReference: string | null }) | null;
}

export interface FakePostex extends FakeCourier {
  parcels(): FakePostexParcel[];
  /**
   * PostEx pays for a parcel in two tranches: the upfront one under `reference` (CPR 1) and the
   * reserve under `secondReference` (CPR 2, by default the reference with "-2"); null: the reserve
   * is not paid yet, so PostEx does not call the parcel settled.
   */
  pay(cn: string, options?: FakePayOptions & { secondReference?: string | null }): void;
}

/** PostEx's usual charges, in its order rows' words (paisa). */
const POSTEX_CHARGES = (outcome: "delivered" | "returned"): Record<string, number> =>
  outcome === "delivered" ? { transactionFee: 18_000, transactionTax: 2_880 } : { reversalFee: 23_700, reversalTax: 3_792 };

/** The share of a payment PostEx holds back until the reserve tranche (an assumption: the guide names no figure). */
const RESERVE_SHARE = 0.2;

/** PostEx's current-status word for each of our statuses. */
const CURRENT_WORD: Record<ParcelStatus, string> = {
  booked: "Booked",
  "picked up": "Picked By PostEx",
  "in transit": "PostEx WareHouse",
  "out for delivery": "Out For Delivery",
  "delivery attempted": "Attempted",
  delivered: "Delivered",
  returning: "Out For Return",
  returned: "Returned",
};

/**
 * The history step PostEx records for each of our statuses: the guide's code where it names one.
 * It names none for pickup, out for delivery and the way back; the fake gives those steps PostEx's
 * status word and no code (an assumption: the live codes 0009-0012 are undocumented).
 */
const HISTORY_STEP: Record<ParcelStatus, [code: string, words: string]> = {
  booked: ["0001", "At Merchant's Warehouse"],
  "picked up": ["", "Picked By PostEx"],
  "in transit": ["0003", "At PostEx Warehouse"],
  "out for delivery": ["", "Out For Delivery"],
  "delivery attempted": ["0013", "Attempt Made"],
  delivered: ["0005", "Delivered"],
  returning: ["", "Out For Return"],
  returned: ["0002", "Returned"],
};

const ok = (dist: unknown, statusMessage = "SUCCESSFULLY OPERATED"): FakeHttpAnswer => ({
  status: 200,
  json: { statusCode: "200", statusMessage, dist },
});
const refuse = (statusMessage: string, status = 400): FakeHttpAnswer => ({
  status,
  json: { statusCode: String(status), statusMessage },
});
const springMissing = (name: string): FakeHttpAnswer => ({
  status: 400,
  json: {
    timestamp: new Date().toISOString(),
    status: 400,
    error: "Bad Request",
    trace: `org.springframework.web.bind.MissingServletRequestParameterException: Required String parameter '${name}' is not present\n\tat org.springframework...`,
    path: "/services/integration/api/order",
  },
});

const REQUIRED = [
  "orderRefNumber",
  "invoicePayment",
  "customerName",
  "customerPhone",
  "deliveryAddress",
  "cityName",
  "invoiceDivision",
  "items",
  "orderType",
] as const;

let nextCn = 26_704_560_000_000;

export async function startFakePostex(): Promise<FakePostex> {
  const credentials = { token: `fake-postex-${Math.random().toString(36).slice(2, 10)}` };
  const parcels: FakePostexParcel[] = [];
  const cities = new Map<string, string>(FAKE_CITY_NAMES.map((name) => [name.toUpperCase(), name]));
  const byCn = (cn: string) => parcels.find((p) => p.cn === cn);
  const status = (p: FakePostexParcel): ParcelStatus => p.history.at(-1)!.status;

  const currentWord = (p: FakePostexParcel): string => {
    if (p.cancelled) return "Cancelled";
    const now = status(p);
    if (now === "booked") return p.onLoadSheet ? "Booked" : "Unbooked";
    return CURRENT_WORD[now];
  };

  /** the fees its order row shows: the payment's, or the usual ones once the parcel is done */
  const fees = (p: FakePostexParcel): Record<string, number> => {
    const state = status(p);
    const charges = p.payment?.charges ?? (state === "delivered" || state === "returned" ? POSTEX_CHARGES(state) : {});
    return Object.fromEntries(
      ["transactionFee", "transactionTax", "reversalFee", "reversalTax"].map((word) => [word, rupeesOf(charges[word] ?? 0)]),
    );
  };

  /** the two tranches in paisa (the reserve still held is the balance), none held back from a charge */
  const tranches = (payment: FakePostexParcel["payment"]) => {
    if (!payment) return { upfront: 0, reserve: 0, balance: 0 };
    const held = payment.paidPaisa > 0 ? Math.round(payment.paidPaisa * RESERVE_SHARE) : 0;
    const settled = payment.secondReference !== null;
    return { upfront: payment.paidPaisa - held, reserve: settled ? held : 0, balance: settled ? 0 : held };
  };

  const order = (p: FakePostexParcel) => {
    const body = p.bookingBody as Record<string, unknown>;
    const { upfront, reserve, balance } = tranches(p.payment);
    return {
      orderRefNumber: p.reference,
      trackingNumber: p.cn,
      customerName: p.consigneeName,
      customerPhone: p.consigneePhone,
      deliveryAddress: body.deliveryAddress,
      cityName: p.cityKey,
      // an amount collected at the door other than the COD shows as the order's invoice amount
      // (an assumption: the guide names no separate collected figure)
      invoicePayment: rupeesOf(p.payment?.outcome === "delivered" ? p.payment.collectedPaisa : p.codPaisa),
      orderDetail: p.description,
      transactionNotes: body.transactionNotes ?? "",
      items: p.pieces,
      invoiceDivision: 1,
      transactionDate: karachiWallClock(p.history[0]!.at),
      transactionStatus: currentWord(p),
      ...fees(p),
      upfrontPayment: rupeesOf(upfront),
      reservePayment: rupeesOf(reserve),
      balancePayment: rupeesOf(balance),
      // PostEx has sent the history newest first; the adapter must not rely on the order
      transactionStatusHistory: p.history
        .map(({ status: s, reason, at }) => {
          const [code, words] = HISTORY_STEP[s];
          return {
            transactionStatusMessage: s === "delivery attempted" ? `${words}: ${reason ?? "CNA(CUSTOMER NOT AVAILABLE)"}` : words,
            transactionStatusMessageCode: code,
            updatedAt: karachiWallClock(at),
          };
        })
        .reverse(),
    };
  };

  const createOrder = (body: unknown): FakeHttpAnswer => {
    const input = (body ?? {}) as Record<string, unknown>;
    const missing = REQUIRED.filter((name) => input[name] === undefined || input[name] === null || input[name] === "");
    if (missing.length) {
      const fields = missing.map(
        (name) => `[Field error in object 'orderDto' on field '${name}': rejected value [null]; default message [must not be null]]`,
      );
      return refuse(`Validation failed for argument [1] in public ... with ${missing.length} errors: ${fields.join(" ")}`);
    }
    if (!/^03\d{9}$/.test(String(input.customerPhone))) return refuse("INVALID CUSTOMER PHONE NUMBER");
    const city = String(input.cityName).toUpperCase();
    if (![...cities.keys()].some((key) => key.toUpperCase() === city)) return refuse("INVALID CITY NAME");
    if (typeof input.invoicePayment !== "number" || input.invoicePayment < 0) return refuse("INVALID INVOICE PAYMENT");
    if (!["Normal", "Reversed", "Replacement"].includes(String(input.orderType))) return refuse("INVALID ORDER TYPE");
    if (!input.pickupAddressCode) {
      return refuse("BOTH PICKUP ADDRESS CODE AND STORE ADDRESS CODE MUST NOT BE NULL AT THE SAME TIME");
    }
    const at = new Date();
    const parcel: FakePostexParcel = {
      cn: String(nextCn++),
      reference: String(input.orderRefNumber),
      codPaisa: Math.round(Number(input.invoicePayment) * 100),
      cityKey: String(input.cityName),
      consigneeName: String(input.customerName),
      consigneePhone: String(input.customerPhone),
      weightGrams: 0,
      pieces: Number(input.items),
      description: String(input.orderDetail ?? ""),
      shipperHidden: false,
      cancelled: false,
      history: [{ status: "booked", reason: null, at }],
      advice: [],
      bookingBody: body,
      onLoadSheet: false,
      payment: null,
    };
    parcels.push(parcel);
    return ok({ trackingNumber: parcel.cn, orderStatus: "UnBooked", orderDate: karachiWallClock(at) }, "ORDER HAS BEEN CREATED");
  };

  const cnList = (value: string | null): string[] =>
    (value ?? "")
      .split(",")
      .map((cn) => cn.trim())
      .filter(Boolean);

  const handle = (req: FakeHttpRequest): FakeHttpAnswer => {
    if (req.headers.token !== credentials.token) return refuse("TOKEN IS INVALID", 401);
    const route = `${req.method} ${req.route}`;
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (route === "GET v2/get-operational-city") {
      return ok(
        // the live list spells names in capitals ("KARACHI"), which is the key the fake keeps
        [...cities.keys()].map((key) => ({
          operationalCityName: key,
          countryName: "Pakistan",
          isPickupCity: true,
          isDeliveryCity: true,
        })),
      );
    }
    if (route === "POST v3/create-order") return createOrder(req.body);
    if (route === "GET v1/track-bulk-order") {
      const wanted = cnList(req.query.get("TrackingNumbers"));
      if (wanted.length === 0) return springMissing("TrackingNumbers");
      return ok(
        wanted.map((cn) => {
          const p = byCn(cn);
          return p
            ? { trackingNumber: cn, message: "SUCCESSFULLY OPERATED", trackingResponse: order(p) }
            : { trackingNumber: cn, message: "ORDER NOT FOUND" };
        }),
      );
    }
    if (req.method === "GET" && req.route.startsWith("v1/track-order/")) {
      const p = byCn(decodeURIComponent(req.route.slice("v1/track-order/".length)));
      return p ? ok(order(p)) : { status: 200, json: { statusCode: "404", statusMessage: "RECORD NOT FOUND" } };
    }
    if (route === "GET v1/get-all-order") {
      for (const name of ["orderStatusId", "startDate", "endDate"]) if (!req.query.get(name)) return springMissing(name);
      const from = req.query.get("startDate")!;
      const to = req.query.get("endDate")!;
      return ok(
        parcels
          .filter((p) => {
            const day = karachiWallClock(p.history[0]!.at).slice(0, 10);
            return day >= from && day <= to;
          })
          .map(order),
      );
    }
    if (route === "PUT v1/cancel-order") {
      const p = byCn(String(body.trackingNumber ?? ""));
      if (!p) return refuse("ORDER NOT FOUND");
      if (p.cancelled) return refuse("ORDER IS ALREADY CANCELLED");
      if (status(p) !== "booked") return refuse("ORDER CAN NOT BE CANCELLED AFTER PICKUP");
      p.cancelled = true;
      return ok(null, "ORDER HAS BEEN CANCELLED");
    }
    if (route === "GET v1/get-invoice") {
      const wanted = cnList(req.query.get("trackingNumbers"));
      if (wanted.length === 0) return springMissing("trackingNumbers");
      if (wanted.length > 10) return refuse("MAXIMUM 10 TRACKING NUMBERS ALLOWED");
      const unknown = wanted.find((cn) => !byCn(cn));
      if (unknown) return refuse(`Order not found with tracking Number : ${unknown}`, 404);
      return { status: 200, pdf: minimalPdf(wanted.map((cn) => `PostEx airway bill - Tracking No: ${cn}`)) };
    }
    if (route === "POST v2/generate-load-sheet") {
      const wanted = Array.isArray(body.trackingNumbers) ? body.trackingNumbers.map(String) : [];
      if (wanted.length === 0) return refuse("TRACKING NUMBERS ARE REQUIRED");
      const unknown = wanted.find((cn) => !byCn(cn) || byCn(cn)!.cancelled);
      if (unknown) return refuse(`INVALID TRACKING NUMBER ${unknown}`);
      for (const cn of wanted) byCn(cn)!.onLoadSheet = true;
      return { status: 200, pdf: minimalPdf(["PostEx load sheet", ...wanted.map((cn) => `Tracking No: ${cn}`)]) };
    }
    if (req.method === "GET" && req.route.startsWith("v1/payment-status/")) {
      const p = byCn(decodeURIComponent(req.route.slice("v1/payment-status/".length)));
      if (!p) return { status: 200, json: { statusCode: "404", statusMessage: "RECORD NOT FOUND" } };
      if (!p.payment) return ok({ orderRefNumber: p.reference, trackingNumber: p.cn, settle: false });
      const paidOn = karachiWallClock(p.payment.at);
      const settled = p.payment.secondReference !== null;
      return ok({
        orderRefNumber: p.reference,
        trackingNumber: p.cn,
        settle: settled,
        ...(settled ? { settlementDate: paidOn } : {}),
        upfrontPaymentDate: paidOn,
        cprNumber_1: p.payment.reference,
        ...(settled ? { reservePaymentDate: paidOn, cprNumber_2: p.payment.secondReference } : {}),
      });
    }
    if (route === "PUT v2/save-shipper-advice") {
      const p = byCn(String(body.trackingNumber ?? ""));
      if (!p) return refuse("ORDER NOT FOUND");
      if (status(p) !== "delivery attempted") return refuse("SHIPPER ADVICE IS NOT ALLOWED ON THIS ORDER");
      if (body.statusId !== 1 && body.statusId !== 2) return refuse("INVALID STATUS ID");
      if (typeof body.remarks !== "string" || body.remarks.trim() === "") return refuse("REMARKS ARE REQUIRED");
      p.advice.push(body.statusId === 1 ? "return" : "retry");
      return ok(null, "SHIPPER ADVICE HAS BEEN SAVED");
    }
    return { status: 404, json: { timestamp: new Date().toISOString(), status: 404, error: "Not Found", path: req.route } };
  };

  const http = await startFakeHttp({
    prefix: "/services/integration/api/order/",
    handle,
    refusal: (message) => refuse(message || "REQUEST COULD NOT BE PROCESSED"),
  });

  return {
    code: "postex",
    baseUrl: http.baseUrl,
    credentials,
    calls: http.calls,
    cities,
    parcels: () => parcels,
    advance(cn, next, options = {}) {
      const p = byCn(cn);
      if (!p) throw new Error(`fake PostEx has no parcel ${cn}`);
      // PostEx writes whole seconds: steps made in one go get a second each, so their order stays readable
      const after = p.history.at(-1)!.at.getTime() + 1000;
      const at = options.at ?? new Date(Math.max(Date.now(), after));
      p.history.push({ status: next, reason: options.reason ?? null, at });
    },
    pay(cn, options = {}) {
      const p = byCn(cn);
      if (!p) throw new Error(`fake PostEx has no parcel ${cn}`);
      const payment = fakePayment(p, options, { reference: `CPR-${cn.slice(-6)}-1`, charges: POSTEX_CHARGES });
      const secondReference =
        options.secondReference === undefined ? payment.reference.replace(/(-1)?$/, "-2") : options.secondReference;
      p.payment = { ...payment, secondReference };
    },
    failNext: http.failNext,
    close: http.close,
  };
}
