// The Leopards adapter against the local fake of its eCom Merchant APIs (tests/helpers/fake-couriers/leopards.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLeopards, type FakeLeopards } from "../../tests/helpers/fake-couriers/leopards";
import { unpaidPayment, type BookingRequest, type CourierConnection, type ParcelStatus } from "./courier";
import { leopardsAdapter, leopardsRupees } from "./leopards";
import { LEOPARDS_CODES, LEOPARDS_WORDS, leopardsStatus, leopardsTime, leopardsTracking } from "./leopards-status";
import { courierFailure } from "../../tests/helpers/fake-couriers/courier-failure";

let fake: FakeLeopards;
let connection: CourierConnection;

beforeAll(async () => {
  fake = await startFakeLeopards();
  connection = { baseUrl: fake.baseUrl, credentials: fake.credentials, timeoutMs: 5_000 };
});
afterAll(() => fake.close());

let references = 0;
const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  reference: `ZB-${Date.now().toString(36)}-${++references}`,
  consignee: {
    name: "Bilal Ahmed",
    phone: "0321-7654321",
    email: "bilal@example.pk",
    address: "Flat 3, Block B, Satellite Town",
    courierCityId: "44",
    courierCityName: "RAWALPINDI",
  },
  pickup: { code: "456", name: "Zaiba", phone: "042-35761234", address: "Gulberg III", courierCityId: "789", courierCityName: "LAHORE" },
  codPaisa: 459_925,
  weightGrams: 750,
  pieces: 3,
  description: "Garments",
  instructions: "Call before delivery",
  discreet: true,
  ...overrides,
});


const answering = (body: string, type = "application/json"): CourierConnection => ({
  ...connection,
  fetch: async () => new Response(body, { status: 200, headers: { "content-type": type } }),
});

describe("Leopards booking", () => {
  it("books with our reference as the order id, grams, whole rupees rounded up, city ids and the discreet contents", async () => {
    const req = request();
    const booking = await leopardsAdapter.book(connection, req);
    const parcel = fake.parcels().find((p) => p.cn === booking.cn)!;
    expect(parcel.reference).toBe(req.reference);
    expect(parcel.bookingBody).toEqual({
      api_key: fake.credentials.api_key,
      api_password: fake.credentials.api_password,
      booked_packet_weight: 750,
      booked_packet_no_piece: 3,
      booked_packet_collect_amount: 4600,
      booked_packet_order_id: req.reference,
      origin_city: "789",
      destination_city: "44",
      shipment_id: "456",
      shipment_name_eng: "Zaiba",
      shipment_email: "self",
      shipment_phone: "042-35761234",
      shipment_address: "Gulberg III",
      consignment_name_eng: "Bilal Ahmed",
      consignment_email: "bilal@example.pk",
      consignment_phone: "03217654321",
      consignment_address: "Flat 3, Block B, Satellite Town",
      special_instructions: "Garments - Call before delivery",
      shipment_type: "overnight",
    });
    expect(booking.labelUrl).toBe(`http://127.0.0.1/slip/${booking.cn}`);
    expect(leopardsRupees(459_901)).toBe(4600);
    expect(leopardsRupees(0)).toBe(0);
  });

  it("passes on Leopards' refusal in its words, sentences by field included", async () => {
    const city = await courierFailure(leopardsAdapter.book(connection, request({ consignee: { ...request().consignee, courierCityId: "99999" } })));
    expect(city.kind).toBe("refused");
    expect(city.message).toBe("Leopards refused: Invalid Destination City");
    const noName = await courierFailure(leopardsAdapter.book(connection, request({ consignee: { ...request().consignee, name: "" } })));
    expect(noName.message).toContain("consignment_name_eng: Consignee Name is required");
  });

  it("finds a booking whose answer was lost by our reference, once, and none for another", async () => {
    const req = request();
    fake.failNext("lose-answer", { path: "bookPacket" });
    await courierFailure(leopardsAdapter.book(connection, req));
    const made = fake.parcels().filter((p) => p.reference === req.reference);
    expect(made).toHaveLength(1);
    expect(await leopardsAdapter.findByReference!(connection, req.reference)).toEqual({ cn: made[0]!.cn, labelUrl: null });
    expect(await leopardsAdapter.findByReference!(connection, "ZB-NEVER-BOOKED")).toBeNull();
  });

  it("cancels before pickup, finds the cancelled booking no more, and refuses after pickup in Leopards' words", async () => {
    const req = request();
    const { cn } = await leopardsAdapter.book(connection, req);
    await leopardsAdapter.cancel(connection, cn);
    expect(fake.parcels().find((p) => p.cn === cn)!.cancelled).toBe(true);
    expect(await leopardsAdapter.findByReference!(connection, req.reference)).toBeNull();
    const picked = await leopardsAdapter.book(connection, request());
    fake.advance(picked.cn, "picked up");
    const error = await courierFailure(leopardsAdapter.cancel(connection, picked.cn));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain(`${picked.cn}: Packet can not be cancelled after pickup`);
  });
});

describe("Leopards documents and cities", () => {
  it("prints no airway bill of its own (the slip is a link), so the store prints its label", async () => {
    const { cn } = await leopardsAdapter.book(connection, request());
    expect(await leopardsAdapter.airwayBills(connection, [cn])).toBeNull();
  });

  it("makes a load sheet and downloads it as a PDF", async () => {
    const a = await leopardsAdapter.book(connection, request());
    const b = await leopardsAdapter.book(connection, request());
    const sheet = await leopardsAdapter.loadSheet(connection, [a.cn, b.cn]);
    const pdf = Buffer.from(sheet!.pdf).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toContain(`CN: ${b.cn}`);
    expect(fake.parcels().find((p) => p.cn === a.cn)!.loadSheetId).not.toBeNull();
    const error = await courierFailure(leopardsAdapter.loadSheet(connection, ["LE0000000000"]));
    expect(error.message).toContain("LE0000000000: CN not found");
  });

  it("reads the city list with Leopards' numeric ids as keys", async () => {
    const list = await leopardsAdapter.cities(connection);
    expect(list).toHaveLength(11);
    expect(list).toContainEqual({ courierCityId: "592", name: "KARACHI", delivers: true, picksUp: true });
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(["PESHAWAR", "HYDERABAD", "SIALKOT", "MULTAN"]));
  });
});

describe("Leopards tracking", () => {
  it("maps a delivered packet's every step to our words, oldest first, in Pakistan time", async () => {
    const { cn } = await leopardsAdapter.book(connection, request());
    const start = Math.ceil(Date.now() / 1000) * 1000;
    const hour = (h: number) => new Date(start + h * 3_600_000);
    fake.advance(cn, "picked up", { at: hour(2) });
    fake.advance(cn, "in transit", { at: hour(5) });
    fake.advance(cn, "in transit", { at: hour(9) });
    fake.advance(cn, "out for delivery", { at: hour(20) });
    fake.advance(cn, "delivery attempted", { at: hour(23), reason: "CONSIGNEE NOT AVAILABLE" });
    fake.advance(cn, "out for delivery", { at: hour(44) });
    fake.advance(cn, "delivered", { at: hour(46) });
    const [parcel] = await leopardsAdapter.track(connection, [cn, "LE0000000001"]);
    const statuses: ParcelStatus[] = [
      "booked",
      "picked up",
      "in transit",
      "in transit",
      "out for delivery",
      "delivery attempted",
      "out for delivery",
      "delivered",
    ];
    expect(parcel!.events.map((e) => e.status)).toEqual(statuses);
    expect(parcel!.events[3]).toMatchObject({ courierStatus: "Arrived at Station in RAWALPINDI", location: "RAWALPINDI" });
    expect(parcel!.events[5]).toMatchObject({ courierStatus: "Pending", reason: "CONSIGNEE NOT AVAILABLE" });
    expect(parcel!.events[5]!.at.toISOString()).toBe(hour(23).toISOString());
  });

  it("maps the way back: pending, being return, returned to shipper", async () => {
    const { cn } = await leopardsAdapter.book(connection, request());
    fake.advance(cn, "picked up");
    fake.advance(cn, "delivery attempted", { reason: "REFUSED BY CONSIGNEE" });
    fake.advance(cn, "returning", { reason: "REFUSED BY CONSIGNEE" });
    fake.advance(cn, "returned");
    const [parcel] = await leopardsAdapter.track(connection, [cn]);
    expect(parcel!.events.map((e) => e.status)).toEqual(["booked", "picked up", "delivery attempted", "returning", "returned"]);
    expect(parcel!.events[2]!.reason).toBe("REFUSED BY CONSIGNEE");
  });

  it("answers nothing, not a failure, when Leopards knows none of the CNs", async () => {
    expect(leopardsAdapter.trackBatch).toBe(50);
    expect(await leopardsAdapter.track(connection, ["LE0000000002", "LE0000000003"])).toEqual([]);
  });

  it("knows every documented word and code, and keeps a word it does not know without moving the parcel", () => {
    for (const [prefix, status] of LEOPARDS_WORDS) expect(leopardsStatus(prefix)).toBe(status);
    for (const [code, status] of Object.entries(LEOPARDS_CODES)) expect(leopardsStatus(code)).toBe(status);
    expect(leopardsStatus("RETURNED TO SHIPPER")).toBe("returned");
    expect(leopardsStatus("Delivered to Vendor")).toBe("returned");
    expect(leopardsStatus("Something New")).toBeNull();
    const parcel = leopardsTracking({
      track_number: "LE1",
      booking_date: "19/09/2026",
      booked_packet_status: "Under Inspection",
      "Tracking Detail": [
        { Status: "Dispatched to GUJRANWALA", Activity_datetime: "2026-09-20 01:26:19" },
        { Status: "Held at Hub", Activity_Date: "2026-09-20", Activity_Time: "09:00:00" },
        { Staus: "In Transit", "Activity Date": "2026-09-21" },
      ],
    })!;
    expect(parcel.events.map((e) => [e.status, e.courierStatus])).toEqual([
      ["in transit", "Dispatched to GUJRANWALA"],
      ["in transit", "Held at Hub"],
      ["in transit", "In Transit"],
    ]);
  });

  it("reads Leopards' dates, day first or year first, as Pakistan time", () => {
    expect(leopardsTime("2026-09-20 01:26:19")!.toISOString()).toBe("2026-09-19T20:26:19.000Z");
    expect(leopardsTime("2026-09-20", "1:26 PM")!.toISOString()).toBe("2026-09-20T08:26:00.000Z");
    expect(leopardsTime("19/09/2026")!.toISOString()).toBe("2026-09-18T19:00:00.000Z");
    expect(leopardsTime("2026/09/19")!.toISOString()).toBe("2026-09-18T19:00:00.000Z");
    expect(leopardsTime("31/02/2026")).toBeNull();
    expect(leopardsTime("yesterday")).toBeNull();
  });
});

describe("Leopards shipper advice and payments", () => {
  it("answers a pending parcel's advice record with RA to retry and RT to return", async () => {
    const { cn } = await leopardsAdapter.book(connection, request());
    const early = await courierFailure(leopardsAdapter.shipperAdvice!(connection, cn, "retry", ""));
    expect(early.message).toContain("no shipper advice is pending");
    fake.advance(cn, "delivery attempted", { reason: "ADDRESS INCOMPLETE" });
    const parcel = fake.parcels().find((p) => p.cn === cn)!;
    await leopardsAdapter.shipperAdvice!(connection, cn, "retry", "Nearest landmark: Jamia Masjid");
    expect((fake.calls.at(-1)!.body as { data: unknown[] }).data).toEqual([
      { id: parcel.adviceId, cn_number: cn, shipper_advice_status: "RA", shipper_remarks: "Nearest landmark: Jamia Masjid" },
    ]);
    await leopardsAdapter.shipperAdvice!(connection, cn, "return", "");
    expect(parcel.advice).toEqual(["retry", "return"]);
  });

  it("reads the cheque, its date, what was collected and each charge in paisa", async () => {
    const delivered = await leopardsAdapter.book(connection, request({ codPaisa: 300_000 }));
    const returned = await leopardsAdapter.book(connection, request());
    const waiting = await leopardsAdapter.book(connection, request());
    fake.advance(delivered.cn, "delivered");
    fake.pay(delivered.cn, { reference: "CHQ-777", at: new Date("2026-11-25T07:00:00Z") });
    fake.advance(returned.cn, "returned");
    const list = await leopardsAdapter.payments(connection, [delivered.cn, returned.cn, waiting.cn]);
    expect(list[0]).toEqual({
      cn: delivered.cn,
      paid: true,
      reference: "CHQ-777",
      secondReference: null,
      paidOn: new Date("2026-11-24T19:00:00Z"),
      collectedPaisa: 300_000,
      paidPaisa: null,
      deductions: [
        { kind: "shipment_charges", paisa: 25_000 },
        { kind: "cash_handling_charges", paisa: 3_000 },
        { kind: "fuel_surcharge_amount", paisa: 1_400 },
        { kind: "gst_amount", paisa: 4_410 },
      ],
    });
    expect(list[1]).toMatchObject({ cn: returned.cn, paid: false, collectedPaisa: 0 });
    expect(list[1]!.deductions).toContainEqual({ kind: "return_charges", paisa: 15_000 });
    expect(list[2]).toEqual(unpaidPayment(waiting.cn));
    const query = new URLSearchParams(fake.calls.at(-1)!.path.split("?")[1]);
    expect(query.get("cn_numbers")).toBe([delivered.cn, returned.cn, waiting.cn].join(","));
  });
});

describe("Leopards failures", () => {
  it("gives up on a slow answer at the time limit", async () => {
    fake.failNext("slow", { path: "getAllCities" });
    const error = await courierFailure(leopardsAdapter.cities({ ...connection, timeoutMs: 200 }));
    expect(error.kind).toBe("timeout");
  });

  it("reports a 5xx as an answer it could not read", async () => {
    fake.failNext("error");
    const error = await courierFailure(leopardsAdapter.cities(connection));
    expect(error.kind).toBe("unexpected");
    expect(error.httpStatus).toBe(500);
  });

  it("reports a dropped connection as unreachable", async () => {
    fake.failNext("down");
    expect((await courierFailure(leopardsAdapter.cities(connection))).kind).toBe("unreachable");
  });

  it("reports an answer that is not JSON, and JSON of the wrong shape, as unexpected", async () => {
    expect((await courierFailure(leopardsAdapter.cities(answering("<html>Service Unavailable</html>", "text/html")))).kind).toBe(
      "unexpected",
    );
    expect((await courierFailure(leopardsAdapter.cities(answering(JSON.stringify([1, 2]))))).kind).toBe("unexpected");
    expect((await courierFailure(leopardsAdapter.cities(answering(JSON.stringify({ status: 1, city_list: "none" }))))).kind).toBe(
      "unexpected",
    );
    const noCn = answering(JSON.stringify({ status: 1, error: 0, slip_link: "x" }));
    expect((await courierFailure(leopardsAdapter.book(noCn, request()))).kind).toBe("unexpected");
    const noList = answering(JSON.stringify({ status: 1, error: 0, packet_list: {} }));
    expect((await courierFailure(leopardsAdapter.track(noList, ["LE1"]))).kind).toBe("unexpected");
  });

  it("reports an expired key or password as a credentials problem", async () => {
    const expired = { ...connection, credentials: { ...fake.credentials, api_password: "old-password" } };
    expect((await courierFailure(leopardsAdapter.cities(expired))).kind).toBe("credentials");
    expect((await courierFailure(leopardsAdapter.track(expired, ["LE1"]))).kind).toBe("credentials");
    expect((await courierFailure(leopardsAdapter.cities({ ...connection, credentials: { api_key: "x" } }))).kind).toBe("credentials");
  });

  it("passes on a refusal in Leopards' shape with its words", async () => {
    fake.failNext("refuse", { message: "Shipper account is blocked" });
    const error = await courierFailure(leopardsAdapter.book(connection, request()));
    expect(error.kind).toBe("refused");
    expect(error.message).toBe("Leopards refused: Shipper account is blocked");
  });
});
