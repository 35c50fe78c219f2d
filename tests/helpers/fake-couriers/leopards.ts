// A local fake of Leopards' eCom Merchant APIs (guide v2, with the tracking steps in the form the
// live API was seen to send): api_key and api_password in the body or query of every call, HTTP 200
// with {status: 1, ...} or {status: 0, error} where error is a sentence or sentences by CN, numeric
// city ids, a load sheet made by id then downloaded as a PDF, and shipper advice by advice record.
// Parcels live in memory.
import type { ParcelStatus } from "../../../db/schema";
import { fakePayment, rupeesOf, type FakeCourier, type FakeParcel, type FakePayment } from "./control";
import { karachiWallClock, minimalPdf, startFakeHttp, type FakeHttpAnswer, type FakeHttpRequest } from "./fake-http";

export interface FakeLeopardsParcel extends FakeParcel {
  /** the load sheet it was put on, if any */
  loadSheetId: number | null;
  /** the advice record the shipper advice list shows while the parcel is pending */
  adviceId: number;
  /** Leopards' payment, once the test says it paid: `reference` is its cheque or invoice number */
  payment: FakePayment | null;
}

export interface FakeLeopards extends FakeCourier {
  parcels(): FakeLeopardsParcel[];
}

/** Leopards' usual charges, in getShippingCharges' words (paisa). */
const LEOPARDS_CHARGES = (outcome: "delivered" | "returned"): Record<string, number> =>
  outcome === "delivered"
    ? { shipment_charges: 25_000, cash_handling_charges: 3_000, fuel_surcharge_amount: 1_400, gst_amount: 4_410 }
    : { shipment_charges: 25_000, return_charges: 15_000, fuel_surcharge_amount: 1_400, gst_amount: 4_410 };

const CHARGE_WORDS = ["shipment_charges", "cash_handling_charges", "return_charges", "insurance_charges", "fuel_surcharge_amount", "gst_amount"];

/** Leopards' numeric ids for the eleven cities (Karachi 592 and Lahore 789 as in the guide's samples). */
const CITY_IDS: readonly [string, string][] = [
  ["592", "KARACHI"],
  ["789", "LAHORE"],
  ["43", "ISLAMABAD"],
  ["44", "RAWALPINDI"],
  ["218", "FAISALABAD"],
  ["406", "MULTAN"],
  ["470", "PESHAWAR"],
  ["510", "QUETTA"],
  ["250", "HYDERABAD"],
  ["553", "SIALKOT"],
  ["232", "GUJRANWALA"],
];

/** The packet's current word for each of our statuses. */
const CURRENT_WORD: Record<ParcelStatus, string> = {
  booked: "Pickup Request not Send",
  "picked up": "Shipment Picked",
  "in transit": "In Transit",
  "out for delivery": "Assigned to Courier",
  "delivery attempted": "Pending",
  delivered: "Delivered",
  returning: "Being Return",
  returned: "Returned to Shipper",
};

const ok = (fields: Record<string, unknown>): FakeHttpAnswer => ({ status: 200, json: { status: 1, error: 0, ...fields } });
const refuse = (error: unknown, fields: Record<string, unknown> = {}): FakeHttpAnswer => ({
  status: 200,
  json: { status: 0, error, ...fields },
});

const REQUIRED: Record<string, string> = {
  booked_packet_weight: "Packet Weight is required",
  booked_packet_no_piece: "No. of Pieces is required",
  booked_packet_collect_amount: "COD Amount is required",
  origin_city: "Origin City is required",
  destination_city: "Destination City is required",
  shipment_name_eng: "Shipper Name is required",
  shipment_phone: "Shipper Phone is required",
  shipment_address: "Shipper Address is required",
  consignment_name_eng: "Consignee Name is required",
  consignment_phone: "Consignee Phone is required",
  consignment_address: "Consignee Address is required",
  special_instructions: "Special Instructions are required",
};

let nextCn = 7_544_278_000;
let nextId = 9_800;

export async function startFakeLeopards(): Promise<FakeLeopards> {
  const suffix = Math.random().toString(36).slice(2, 10);
  const credentials = { api_key: `FAKEKEY${suffix.toUpperCase()}`, api_password: `pass-${suffix}` };
  const parcels: FakeLeopardsParcel[] = [];
  const loadSheets = new Map<number, string[]>();
  const cities = new Map<string, string>(CITY_IDS);
  const byCn = (cn: string) => parcels.find((p) => p.cn === cn);
  const status = (p: FakeLeopardsParcel): ParcelStatus => p.history.at(-1)!.status;
  const cityName = (id: string) => cities.get(id) ?? "LAHORE";

  /** The words of one step, as the "Tracking Detail" list shows them. */
  const stepWords = (p: FakeLeopardsParcel, s: ParcelStatus, index: number): string => {
    const destination = cityName(p.cityKey);
    switch (s) {
      case "booked":
        return "Consignment Booked";
      case "picked up":
        return "Shipment Picked";
      case "in transit":
        return index % 2 ? `Arrived at Station in ${destination}` : `Dispatched to ${destination}`;
      case "out for delivery":
        return "Assigned to Courier";
      case "delivery attempted":
        return "Pending";
      case "delivered":
        return "Delivered";
      case "returning":
        return "Being Return";
      case "returned":
        return "Returned to Shipper";
    }
  };

  const packet = (p: FakeLeopardsParcel) => {
    const body = p.bookingBody as Record<string, unknown>;
    const now = status(p);
    const last = p.history.at(-1)!;
    return {
      booking_date: karachiWallClock(p.history[0]!.at).slice(0, 10).split("-").reverse().join("/"),
      track_number: p.cn,
      track_number_short: Number(p.cn.slice(2)),
      booked_packet_weight: p.weightGrams,
      booked_packet_no_piece: p.pieces,
      booked_packet_collect_amount: p.codPaisa / 100,
      booked_packet_order_id: p.reference,
      origin_city_name: body.origin_city === "self" ? "LAHORE" : cityName(String(body.origin_city)),
      destination_city_name: cityName(p.cityKey),
      shipment_name_eng: body.shipment_name_eng,
      consignment_name_eng: p.consigneeName,
      consignment_phone: p.consigneePhone,
      consignment_address: body.consignment_address,
      special_instructions: p.description,
      booked_packet_status: p.cancelled
        ? "Cancelled"
        : now === "booked" && p.loadSheetId
          ? "Pickup Request Sent"
          : CURRENT_WORD[now],
      activity_date: karachiWallClock(last.at).slice(0, 10),
      status_remarks: now === "delivery attempted" || now === "returning" ? (last.reason ?? "") : "",
      "Tracking Detail": p.history.map(({ status: s, reason, at }, index) => {
        const words = stepWords(p, s, index);
        const clock = karachiWallClock(at);
        return {
          Status: words,
          Status_With_City: words,
          Reciever_Name: s === "delivered" ? p.consigneeName : null,
          Reason: s === "delivery attempted" || s === "returning" ? (reason ?? "CONSIGNEE NOT AVAILABLE") : null,
          Activity_Date: clock.slice(0, 10),
          Activity_Time: clock.slice(11),
          Activity_datetime: clock,
        };
      }),
    };
  };

  const bookPacket = (input: Record<string, unknown>): FakeHttpAnswer => {
    const missing = Object.entries(REQUIRED).filter(([name]) => input[name] === undefined || input[name] === "");
    if (missing.length) return refuse(Object.fromEntries(missing), { track_number: null, slip_link: null });
    const destination = String(input.destination_city);
    if (!cities.has(destination)) return refuse("Invalid Destination City", { track_number: null, slip_link: null });
    if (!Number.isInteger(input.booked_packet_collect_amount) || Number(input.booked_packet_collect_amount) < 0) {
      return refuse("COD Amount must be an integer", { track_number: null, slip_link: null });
    }
    if (!/^0\d{10}$/.test(String(input.consignment_phone))) {
      return refuse("Invalid Consignee Phone", { track_number: null, slip_link: null });
    }
    const cn = `LE${nextCn++}`;
    parcels.push({
      cn,
      reference: String(input.booked_packet_order_id ?? ""),
      codPaisa: Number(input.booked_packet_collect_amount) * 100,
      cityKey: destination,
      consigneeName: String(input.consignment_name_eng),
      consigneePhone: String(input.consignment_phone),
      weightGrams: Number(input.booked_packet_weight),
      pieces: Number(input.booked_packet_no_piece),
      description: String(input.special_instructions),
      shipperHidden: false,
      cancelled: false,
      history: [{ status: "booked", reason: null, at: new Date() }],
      advice: [],
      bookingBody: input,
      loadSheetId: null,
      adviceId: nextId++,
      payment: null,
    });
    return ok({ track_number: cn, slip_link: `http://127.0.0.1/slip/${cn}` });
  };

  const cnList = (value: unknown): string[] =>
    (Array.isArray(value) ? value.map(String) : String(value ?? "").split(","))
      .map((cn) => cn.trim())
      .filter(Boolean);

  const handle = (req: FakeHttpRequest): FakeHttpAnswer => {
    const input: Record<string, unknown> =
      req.method === "GET" ? Object.fromEntries(req.query) : ((req.body ?? {}) as Record<string, unknown>);
    if (input.api_key !== credentials.api_key || input.api_password !== credentials.api_password) {
      return refuse("Invalid API credentials");
    }
    const route = `${req.method} ${req.route.replace(/\/+$/, "")}`;
    switch (route) {
      case "POST getAllCities/format/json":
        return ok({
          city_list: [...cities.entries()].map(([id, name]) => ({
            id: Number(id),
            name,
            shipment_type: ["overnight", "detain"],
            allow_as_origin: true,
            allow_as_destination: true,
          })),
        });
      case "POST bookPacket/format/json":
        return bookPacket(input);
      case "POST trackBookedPacket/format/json": {
        const found = cnList(input.track_numbers).map(byCn).filter((p) => p !== undefined);
        return found.length ? ok({ packet_list: found.map(packet) }) : refuse("No Packet Found", { packet_list: null });
      }
      case "POST getShipmentDetailsByOrderID/format/json": {
        const wanted = cnList(input.shipment_order_id);
        const found = parcels.filter((p) => wanted.includes(p.reference));
        if (!found.length) return refuse("Order ID not found");
        return ok({
          data: found.map((p) => ({
            booking_date: karachiWallClock(p.history[0]!.at).slice(0, 10).replace(/-/g, "/"),
            track_number: p.cn,
            booked_packet_order_id: p.reference,
            booked_packet_collect_amount: String(p.codPaisa / 100),
            booked_packet_status: packet(p).booked_packet_status,
          })),
        });
      }
      case "POST cancelBookedPackets/format/json": {
        const errors: Record<string, string> = {};
        const wanted = cnList(input.cn_numbers);
        for (const cn of wanted) {
          const p = byCn(cn);
          if (!p || p.cancelled) errors[cn] = "CN already cancelled or not found";
          else if (status(p) !== "booked") errors[cn] = "Packet can not be cancelled after pickup";
        }
        if (wanted.length === 0 || Object.keys(errors).length) return refuse(wanted.length ? errors : "CN Numbers are required");
        for (const cn of wanted) byCn(cn)!.cancelled = true;
        return { status: 200, json: { status: "1", error: "null" } };
      }
      case "POST generateLoadSheet/format/json": {
        const wanted = cnList(input.cn_numbers);
        if (!input.courier_name || !input.courier_code) return refuse("Courier Name and Courier Code are required");
        const errors = Object.fromEntries(
          wanted.filter((cn) => !byCn(cn) || byCn(cn)!.cancelled).map((cn) => [cn, "CN not found or already on a load sheet"]),
        );
        if (wanted.length === 0 || Object.keys(errors).length) return refuse(wanted.length ? errors : "CN Numbers are required");
        const id = nextId++;
        loadSheets.set(id, wanted);
        for (const cn of wanted) byCn(cn)!.loadSheetId = id;
        return { status: 200, json: { status: "1", error: "null", load_sheet_id: String(id) } };
      }
      case "POST downloadLoadSheet": {
        const cns = loadSheets.get(Number(input.load_sheet_id));
        if (!cns) return refuse("Invalid load sheet ID");
        if (input.response_type !== "PDF") return ok({ data: cns.map((cn) => ({ track_number: cn })) });
        return { status: 200, pdf: minimalPdf([`Leopards load sheet ${input.load_sheet_id}`, ...cns.map((cn) => `CN: ${cn}`)]) };
      }
      case "GET getPaymentDetails/format/json": {
        const found = cnList(input.cn_numbers).map(byCn).filter((p) => p !== undefined);
        if (!found.length) return refuse("CN number not found", { payment_list: null });
        return ok({
          payment_list: found.map((p) => ({
            booked_packet_cn: p.cn,
            billing_method: "COD",
            status: p.payment ? "Paid" : "Unpaid",
            invoice_cheque_no: p.payment?.reference ?? null,
            invoice_cheque_date: p.payment ? karachiWallClock(p.payment.at).slice(0, 10) : null,
            payment_method: p.payment ? "IBFT" : null,
            message: p.payment ? "Payment processed" : "Payment not yet processed",
            slip_link: p.payment ? `http://127.0.0.1/payment_slip/${p.cn}` : null,
          })),
        });
      }
      case "GET getShippingCharges/format/json": {
        const found = cnList(input.cn_numbers).map(byCn).filter((p) => p !== undefined);
        if (!found.length) return refuse("CN number not found");
        return ok({
          data: found.map((p) => {
            const now = status(p);
            const charges = p.payment?.charges ?? (now === "delivered" || now === "returned" ? LEOPARDS_CHARGES(now) : {});
            return {
              cn_number: p.cn,
              billing_method: "COD",
              invoice_cheque_no: p.payment?.reference ?? "",
              weight_charged: p.weightGrams,
              ...Object.fromEntries(CHARGE_WORDS.map((word) => [word, rupeesOf(charges[word] ?? 0)])),
              fuel_surcharge_percentage: 5,
              gst: 15,
              // cash collected short at the door shows as the packet's amount (an assumption: the guide names no other figure)
              booked_packet_collect_amount: rupeesOf(p.payment?.outcome === "delivered" ? p.payment.collectedPaisa : p.codPaisa),
            };
          }),
        });
      }
      case "POST shipperAdviceList/format/json": {
        const cn = String(input.Cn_number ?? "");
        const pending = parcels.filter((p) => status(p) === "delivery attempted" && (!cn || p.cn === cn));
        return {
          status: 200,
          json: {
            status: "1",
            error: "0",
            totalrecords: pending.length,
            data: pending.map((p) => ({
              id: p.adviceId,
              cn_number: p.cn,
              consignee_name: p.consigneeName,
              consignee_mobile: p.consigneePhone,
              status: "Pending",
              reason: p.history.at(-1)!.reason ?? "CONSIGNEE NOT AVAILABLE",
              shipper_advice_status: "Pending",
              shipper_remarks: "",
              created_date: karachiWallClock(p.history.at(-1)!.at).slice(0, 10),
            })),
          },
        };
      }
      case "POST updateShipperAdvice/format/json": {
        const rows = Array.isArray(input.data) ? (input.data as Record<string, unknown>[]) : [];
        if (!rows.length) return refuse("Data is required");
        for (const row of rows) {
          const p = byCn(String(row.cn_number ?? ""));
          if (!p || p.adviceId !== Number(row.id)) return refuse("Invalid advice id or CN number");
          if (row.shipper_advice_status !== "RA" && row.shipper_advice_status !== "RT") {
            return refuse("Invalid advice status. Allowed values: RA, RT");
          }
          if (!String(row.shipper_remarks ?? "").trim()) return refuse("Shipper remarks are required");
        }
        for (const row of rows) byCn(String(row.cn_number))!.advice.push(row.shipper_advice_status === "RT" ? "return" : "retry");
        return { status: 200, json: { status: "1", error: "0", data: "Shipper Advice Updated successfully" } };
      }
      default:
        return { status: 404, text: "<html><body><h1>404 Page Not Found</h1></body></html>", type: "text/html" };
    }
  };

  const http = await startFakeHttp({ prefix: "/api/", handle, refusal: (message) => refuse(message || "Request failed") });

  return {
    code: "leopards",
    baseUrl: http.baseUrl,
    credentials,
    calls: http.calls,
    cities,
    parcels: () => parcels,
    advance(cn, next, options = {}) {
      const p = byCn(cn);
      if (!p) throw new Error(`fake Leopards has no parcel ${cn}`);
      // Leopards writes whole seconds: steps made in one go get a second each, so their order stays readable
      const after = p.history.at(-1)!.at.getTime() + 1000;
      p.history.push({ status: next, reason: options.reason ?? null, at: options.at ?? new Date(Math.max(Date.now(), after)) });
    },
    pay(cn, options = {}) {
      const p = byCn(cn);
      if (!p) throw new Error(`fake Leopards has no parcel ${cn}`);
      // Leopards' payment calls name no amount paid per packet: paidPaisa is not shown
      p.payment = fakePayment(p, options, { reference: `CHQ-${cn.slice(-5)}`, charges: LEOPARDS_CHARGES });
    },
    failNext: http.failNext,
    close: http.close,
  };
}
