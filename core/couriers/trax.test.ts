// The Trax adapter against the local fake Trax: every call in the guide's shapes, each status word
// in our vocabulary, and each way Trax can fail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeTrax, type FakeTrax } from "../../tests/helpers/fake-couriers/trax";
import { traxAdapter, traxHistory } from "./trax";
import { mapTraxStatus, parseTraxDate, TRAX_STATUS_WORDS } from "./trax-status";
import { CourierError } from "./courier-errors";
import type { BookingRequest, CourierConnection, ParcelStatus } from "./courier";

let fake: FakeTrax;
let connection: CourierConnection;
let serial = 0;

beforeAll(async () => {
  fake = await startFakeTrax();
  connection = { baseUrl: fake.baseUrl, credentials: fake.credentials, timeoutMs: 5_000 };
});
afterAll(() => fake.close());

function request(overrides: Partial<BookingRequest> = {}): BookingRequest {
  serial += 1;
  return {
    reference: `ZB-${1000 + serial}`,
    consignee: {
      name: "Ayesha Khan",
      phone: "+92 300 1234567",
      email: "ayesha@example.pk",
      address: "House 12, Street 4, Gulshan-e-Iqbal",
      courierCityId: "202",
      courierCityName: "Karachi",
    },
    pickup: { code: "3015", name: "Zaiba", phone: "03001112222", address: "Shahra-e-Faisal", courierCityId: "202", courierCityName: "Karachi" },
    codPaisa: 349_950,
    weightGrams: 600,
    pieces: 2,
    description: "Garments",
    instructions: "Call before delivery",
    discreet: true,
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}

describe("booking", () => {
  it("sends the guide's fields, our reference as order_id, and hides the shipper when discreet", async () => {
    const booked = await traxAdapter.book(connection, request());
    expect(booked.cn).toMatch(/^\d{12}$/);
    const parcel = fake.parcels().find((p) => p.cn === booked.cn)!;
    expect(parcel.shipperHidden).toBe(true);
    expect(parcel.bookingBody).toMatchObject({
      service_type_id: 1,
      pickup_address_id: 3015,
      information_display: 0,
      consignee_city_id: 202,
      consignee_phone_number_1: "03001234567",
      consignee_email_address: "ayesha@example.pk",
      order_id: `ZB-${1000 + serial}`,
      item_product_type_id: 1,
      item_description: "Garments",
      item_quantity: 2,
      estimated_weight: 0.6,
      // Rs. 3,499.50 owed: Trax takes whole rupees, rounded up
      amount: 3500,
      payment_mode_id: 1,
      charges_mode_id: 4,
      special_instructions: "Call before delivery",
    });
    expect((parcel.bookingBody as { pickup_date: string }).pickup_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const call = fake.calls.findLast((c) => c.path === "/api/shipment/book");
    expect(call?.method).toBe("POST");
  });

  it("shows the shipper when not discreet, and books a parcel with nothing to collect as prepaid", async () => {
    const booked = await traxAdapter.book(connection, request({ discreet: false, codPaisa: 0 }));
    const parcel = fake.parcels().find((p) => p.cn === booked.cn)!;
    expect(parcel.bookingBody).toMatchObject({ information_display: 1, amount: 0, payment_mode_id: 4 });
  });

  it("turns Trax's refusal into its own words", async () => {
    const first = request();
    await traxAdapter.book(connection, first);
    const error = await refusal(traxAdapter.book(connection, { ...first }));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("order_id: The order id has already been taken.");
  });

  it("refuses before calling Trax when the pickup address id or the phone cannot be sent", async () => {
    const before = fake.calls.length;
    const noPickup = await refusal(traxAdapter.book(connection, request({ pickup: { ...request().pickup, code: null } })));
    expect(noPickup.message).toMatch(/pickup address id/);
    const badPhone = await refusal(
      traxAdapter.book(connection, request({ consignee: { ...request().consignee, phone: "021 1234567" } })),
    );
    expect(badPhone.message).toMatch(/03XXXXXXXXX/);
    expect(fake.calls.length).toBe(before);
  });

  it("finds a booking whose answer was lost by our reference, and nothing for an unknown one", async () => {
    const lost = request();
    fake.failNext("lose-answer", { path: "/api/shipment/book" });
    const error = await refusal(traxAdapter.book(connection, lost));
    expect(["unreachable", "timeout", "unexpected"]).toContain(error.kind);
    const found = await traxAdapter.findByReference!(connection, lost.reference);
    expect(found?.cn).toBe(fake.parcels().find((p) => p.reference === lost.reference)?.cn);
    expect(await traxAdapter.findByReference!(connection, "ZB-NEVER")).toBeNull();
  });
});

describe("printing", () => {
  it("prints Trax's airway bill for one CN, and leaves several to the store's own labels", async () => {
    const { cn } = await traxAdapter.book(connection, request());
    const bill = await traxAdapter.airwayBills(connection, [cn]);
    expect(Buffer.from(bill!.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(fake.calls.at(-1)?.path).toBe(`/api/shipment/air_waybill?tracking_number=${cn}&type=1`);
    expect(await traxAdapter.airwayBills(connection, [cn, cn])).toBeNull();
    const unknown = await refusal(traxAdapter.airwayBills(connection, ["999999999999"]));
    expect(unknown.message).toContain("Shipment not found");
  });

  it("makes a receiving sheet and prints it", async () => {
    const a = await traxAdapter.book(connection, request());
    const b = await traxAdapter.book(connection, request());
    const sheet = await traxAdapter.loadSheet(connection, [a.cn, b.cn]);
    expect(Buffer.from(sheet!.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const made = fake.calls.findLast((c) => c.path === "/api/receiving_sheet/create");
    expect(made?.body).toEqual({ tracking_numbers: [a.cn, b.cn] });
    expect(fake.calls.at(-1)?.path).toMatch(/^\/api\/receiving_sheet\/view\?receiving_sheet_id=\d+&type=1$/);
  });
});

describe("cancelling", () => {
  it("cancels before pickup, and passes on Trax's refusal after it", async () => {
    const { cn } = await traxAdapter.book(connection, request());
    await traxAdapter.cancel(connection, cn);
    expect(fake.parcels().find((p) => p.cn === cn)?.cancelled).toBe(true);
    const later = await traxAdapter.book(connection, request());
    fake.advance(later.cn, "picked up");
    const error = await refusal(traxAdapter.cancel(connection, later.cn));
    expect(error.message).toContain("cannot be cancelled at this stage");
  });
});

describe("tracking", () => {
  it("maps each status of a parcel's life, oldest first, with the attempt's reason and Pakistan times", async () => {
    const { cn } = await traxAdapter.book(connection, request());
    const life: ParcelStatus[] = ["picked up", "in transit", "out for delivery", "delivery attempted", "out for delivery", "delivered"];
    const start = Math.floor(Date.now() / 1000) * 1000 + 60_000;
    life.forEach((status, i) => fake.advance(cn, status, { at: new Date(start + i * 3_600_000), reason: "Address Incomplete" }));
    const [parcel] = await traxAdapter.track(connection, [cn]);
    expect(parcel?.cn).toBe(cn);
    const events = parcel!.events.slice(1);
    expect(events.map((e) => e.status)).toEqual(life);
    expect(events[3]).toMatchObject({ courierStatus: "Shipment - Delivery Unsuccessful", reason: "Address Incomplete" });
    expect(events[0]!.at.toISOString()).toBe(new Date(start).toISOString());
    expect(fake.calls.at(-1)?.path).toBe(`/api/shipment/track?tracking_number=${cn}&type=1`);
  });

  it("maps returning and returned", async () => {
    const { cn } = await traxAdapter.book(connection, request());
    fake.advance(cn, "returning");
    fake.advance(cn, "returned");
    const [parcel] = await traxAdapter.track(connection, [cn]);
    expect(parcel!.events.map((e) => e.status).slice(-2)).toEqual(["returning", "returned"]);
  });

  it("maps every word of Trax's list, and keeps a parcel where it was on a word it does not know", async () => {
    for (const word of TRAX_STATUS_WORDS) expect(mapTraxStatus(word), word).not.toBeNull();
    expect(mapTraxStatus("Shipment-Arrived at origin")).toBe("in transit");
    expect(mapTraxStatus("Return - Something New")).toBe("returning");
    expect(mapTraxStatus("Shipment - Teleported")).toBeNull();
    const { cn } = await traxAdapter.book(connection, request());
    fake.advance(cn, "out for delivery");
    fake.advanceWord(cn, "Shipment - Teleported");
    const [parcel] = await traxAdapter.track(connection, [cn]);
    expect(parcel!.events.at(-1)).toMatchObject({ status: "out for delivery", courierStatus: "Shipment - Teleported" });
  });

  it("reads the guide's example: day-first dates in Pakistan time, payment entries left out", () => {
    expect(parseTraxDate("05/04/2022 12:44 PM")?.toISOString()).toBe("2022-04-05T07:44:00.000Z");
    expect(parseTraxDate("2021- 06 - 11 17:29:36")?.toISOString()).toBe("2021-06-11T12:29:36.000Z");
    expect(parseTraxDate("31/02/2022 10:00 AM")).toBeNull();
    const events = traxHistory([
      { date_time: "05/04/2022 12:44 PM", timestamp: 1649144698, status: "Shipment - Out for Delivery", status_reason: null },
      { date_time: "05/04/2022 12:44 PM", timestamp: 1649144698, status: "Shipment - Delivery Unsuccessful", status_reason: "Address Incomplete" },
      { date_time: "31/03/2022 10:56 AM", status: "Payment - Processed" },
      { date_time: "31/03/2022 10:56 AM", status: "Shipment - Booked", status_reason: null },
    ]);
    expect(events.map((e) => e.status)).toEqual(["booked", "out for delivery", "delivery attempted"]);
    expect(events[0]!.at.toISOString()).toBe("2022-03-31T05:56:00.000Z");
  });

  it("leaves out a CN Trax does not know", async () => {
    expect(await traxAdapter.track(connection, ["999999999998"])).toEqual([]);
  });
});

describe("shipper advice, payments and cities", () => {
  it("sends retry and return on an attempted parcel through the rcp request", async () => {
    const { cn } = await traxAdapter.book(connection, request());
    const early = await refusal(traxAdapter.shipperAdvice!(connection, cn, "retry", "call first"));
    expect(early.message).toContain("not pending for shipper advice");
    fake.advance(cn, "delivery attempted", { reason: "Consignee not available" });
    await traxAdapter.shipperAdvice!(connection, cn, "retry", "Shopper will be home after 5 pm");
    expect(fake.calls.at(-1)?.body).toEqual({ tracking_number: cn, type: 2, remarks: "Shopper will be home after 5 pm" });
    expect(fake.parcels().find((p) => p.cn === cn)?.advice).toEqual(["retry"]);
    const [parcel] = await traxAdapter.track(connection, [cn]);
    expect(parcel!.events.at(-1)).toMatchObject({ status: "in transit", courierStatus: "Shipment - Re-Attempt Requested" });
  });

  it("reads who was paid, the payment id, the cash collected and each charge in paisa", async () => {
    const paid = await traxAdapter.book(connection, request({ codPaisa: 250_000 }));
    const unpaid = await traxAdapter.book(connection, request());
    fake.advance(paid.cn, "delivered");
    fake.pay(paid.cn, { reference: "5400123", at: new Date("2026-11-20T06:10:47Z"), collectedPaisa: 240_000 });
    const [one, two] = await traxAdapter.payments(connection, [paid.cn, unpaid.cn]);
    expect(one).toEqual({
      cn: paid.cn,
      paid: true,
      reference: "5400123",
      secondReference: null,
      paidOn: new Date("2026-11-20T06:10:47Z"),
      collectedPaisa: 240_000,
      paidPaisa: 240_000 - 25_000 - 3_250 - 3_673,
      deductions: [
        { kind: "weight_charges", paisa: 25_000 },
        { kind: "fuel_surcharge", paisa: 3_250 },
        { kind: "gst", paisa: 3_673 },
      ],
    });
    expect(two).toMatchObject({ cn: unpaid.cn, paid: false, reference: null });
    expect(fake.calls.find((c) => c.path.startsWith("/api/payments?"))?.path).toContain("tracking_number%5B%5D=");
  });

  it("lists the cities with Trax's numeric ids", async () => {
    const list = await traxAdapter.cities(connection);
    expect(list).toHaveLength(11);
    expect(list.find((c) => c.name === "Karachi")).toEqual({ courierCityId: "202", name: "Karachi", delivers: true, picksUp: true });
  });
});

describe("failures", () => {
  it("gives up after the time limit", async () => {
    fake.failNext("slow", { path: "/api/cities" });
    const error = await refusal(traxAdapter.cities({ ...connection, timeoutMs: 150 }));
    expect(error.kind).toBe("timeout");
  });

  it("reads a 5xx as an answer it cannot trust, and a dropped connection as unreachable", async () => {
    fake.failNext("error", { path: "/api/cities" });
    const error = await refusal(traxAdapter.cities(connection));
    expect(error).toMatchObject({ kind: "unexpected", httpStatus: 500 });
    fake.failNext("down", { path: "/api/cities" });
    expect((await refusal(traxAdapter.cities(connection))).kind).toBe("unreachable");
  });

  it("says the credentials are wrong when Trax does not know the key", async () => {
    const error = await refusal(traxAdapter.cities({ ...connection, credentials: { api_key: "an-old-key" } }));
    expect(error.kind).toBe("credentials");
    expect((await refusal(traxAdapter.cities({ ...connection, credentials: {} }))).kind).toBe("credentials");
  });

  it("passes on a refusal's words, and refuses answers it cannot read", async () => {
    fake.failNext("refuse", { path: "/api/cities", message: "Your account is suspended" });
    expect((await refusal(traxAdapter.cities(connection))).message).toContain("Your account is suspended");
    const answering = (body: string, type = "application/json"): CourierConnection => ({
      ...connection,
      fetch: async () => new Response(body, { status: 200, headers: { "content-type": type } }),
    });
    expect((await refusal(traxAdapter.cities(answering("<html>maintenance</html>", "text/html")))).kind).toBe("unexpected");
    expect((await refusal(traxAdapter.cities(answering('{"status":0,"cities":"none"}')))).kind).toBe("unexpected");
    expect((await refusal(traxAdapter.book(answering('{"status":0,"message":"ok"}'), request()))).kind).toBe("unexpected");
    expect((await refusal(traxAdapter.track(answering('{"status":0,"details":{"tracking_history":7}}'), ["202202366397"]))).kind).toBe("unexpected");
    expect((await refusal(traxAdapter.airwayBills(answering("GIF89a", "application/pdf"), ["202202366397"]))).kind).toBe("unexpected");
  });
});
