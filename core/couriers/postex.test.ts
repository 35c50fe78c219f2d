// The PostEx adapter against the local fake of its Merchant API (tests/helpers/fake-couriers/postex.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePostex, type FakePostex } from "../../tests/helpers/fake-couriers/postex";
import { unpaidPayment, type BookingRequest, type CourierConnection, type ParcelStatus } from "./courier";
import { postexAdapter, postexRupees } from "./postex";
import { POSTEX_CODES, POSTEX_WORDS, postexStatus, postexTime, postexTracking } from "./postex-status";
import { courierFailure } from "../../tests/helpers/fake-couriers/courier-failure";

let fake: FakePostex;
let connection: CourierConnection;

beforeAll(async () => {
  fake = await startFakePostex();
  connection = { baseUrl: fake.baseUrl, credentials: fake.credentials, timeoutMs: 5_000 };
});
afterAll(() => fake.close());

let references = 0;
const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  reference: `ZB-${Date.now().toString(36)}-${++references}`,
  consignee: {
    name: "Ayesha Khan",
    phone: "+92 300 1234567",
    email: "ayesha@example.pk",
    address: "House 12, Street 4, F-7/2",
    courierCityId: "ISLAMABAD",
    courierCityName: "ISLAMABAD",
  },
  pickup: { code: "001", name: "Zaiba", phone: "03211234567", address: "Gulberg III", courierCityId: "LAHORE", courierCityName: "LAHORE" },
  codPaisa: 349_950,
  weightGrams: 600,
  pieces: 2,
  description: "Garments",
  instructions: "Call before delivery",
  discreet: true,
  ...overrides,
});


/** A connection whose every answer is this body, as a gateway that changed would send it. */
const answering = (body: string, type = "application/json"): CourierConnection => ({
  ...connection,
  fetch: async () => new Response(body, { status: 200, headers: { "content-type": type } }),
});

describe("PostEx booking", () => {
  it("books with our reference, the COD in whole rupees rounded up, the phone as 03XXXXXXXXX and the discreet description", async () => {
    const req = request({ codPaisa: 349_950 });
    const booking = await postexAdapter.book(connection, req);
    const parcel = fake.parcels().find((p) => p.cn === booking.cn)!;
    expect(parcel.reference).toBe(req.reference);
    expect(parcel.bookingBody).toEqual({
      orderRefNumber: req.reference,
      invoicePayment: 3500,
      orderDetail: "Garments",
      customerName: "Ayesha Khan",
      customerPhone: "03001234567",
      deliveryAddress: "House 12, Street 4, F-7/2",
      cityName: "ISLAMABAD",
      invoiceDivision: 1,
      items: 2,
      orderType: "Normal",
      transactionNotes: "Call before delivery",
      pickupAddressCode: "001",
    });
    expect(booking.labelUrl).toBeNull();
    expect(fake.calls.at(-1)!.path).toMatch(/\/v3\/create-order$/);
  });

  it("never asks the rider for less than owed: paisa round up, nothing owed books 0", () => {
    expect(postexRupees(250_000)).toBe(2500);
    expect(postexRupees(250_001)).toBe(2501);
    expect(postexRupees(0)).toBe(0);
  });

  it("asks for the pickup address code before calling PostEx, whose live gateway refuses a booking without one", async () => {
    const calls = fake.calls.length;
    const error = await courierFailure(
      postexAdapter.book(connection, request({ pickup: { ...request().pickup, code: null } })),
    );
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("pickup address code from the PostEx portal");
    expect(fake.calls.length).toBe(calls);
  });

  it("refuses a phone that is no Pakistani mobile before calling PostEx", async () => {
    const calls = fake.calls.length;
    const error = await courierFailure(
      postexAdapter.book(connection, request({ consignee: { ...request().consignee, phone: "042-1234567" } })),
    );
    expect(error.kind).toBe("refused");
    expect(fake.calls.length).toBe(calls);
  });

  it("passes on PostEx's refusal in its own words", async () => {
    const error = await courierFailure(
      postexAdapter.book(connection, request({ consignee: { ...request().consignee, courierCityId: "ATLANTIS" } })),
    );
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("INVALID CITY NAME");
    expect(error.httpStatus).toBe(400);
  });

  it("finds a booking whose answer was lost by our reference, once, and none for another reference", async () => {
    const req = request();
    fake.failNext("lose-answer", { path: "create-order" });
    const error = await courierFailure(postexAdapter.book(connection, req));
    expect(["unreachable", "timeout", "unexpected"]).toContain(error.kind);
    const made = fake.parcels().filter((p) => p.reference === req.reference);
    expect(made).toHaveLength(1);
    expect(await postexAdapter.findByReference!(connection, req.reference)).toEqual({ cn: made[0]!.cn, labelUrl: null });
    expect(await postexAdapter.findByReference!(connection, "ZB-NEVER-BOOKED")).toBeNull();
    const call = fake.calls.at(-1)!.path;
    expect(call).toMatch(/get-all-order\?orderStatusId=0&startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}$/);
  });

  it("does not find a cancelled booking, so the order can be booked again", async () => {
    const req = request();
    const { cn } = await postexAdapter.book(connection, req);
    await postexAdapter.cancel(connection, cn);
    expect(fake.parcels().find((p) => p.cn === cn)!.cancelled).toBe(true);
    expect(await postexAdapter.findByReference!(connection, req.reference)).toBeNull();
  });

  it("refuses to cancel after pickup, in PostEx's words", async () => {
    const { cn } = await postexAdapter.book(connection, request());
    fake.advance(cn, "picked up");
    const error = await courierFailure(postexAdapter.cancel(connection, cn));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("CAN NOT BE CANCELLED");
  });
});

describe("PostEx documents", () => {
  it("prints airway bills as PostEx's PDF, at most ten to a file", async () => {
    const { cn } = await postexAdapter.book(connection, request());
    const bill = await postexAdapter.airwayBills(connection, [cn]);
    expect(Buffer.from(bill!.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(Buffer.from(bill!.pdf).toString("latin1")).toContain(cn);
    const calls = fake.calls.length;
    const error = await courierFailure(postexAdapter.airwayBills(connection, Array.from({ length: 11 }, (_, i) => `${cn}${i}`)));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("at most 10");
    expect(fake.calls.length).toBe(calls);
  });

  it("passes on an airway bill PostEx will not print", async () => {
    const error = await courierFailure(postexAdapter.airwayBills(connection, ["99999999999999"]));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("Order not found with tracking Number");
  });

  it("makes the load sheet, which turns PostEx's Unbooked into Booked", async () => {
    const { cn } = await postexAdapter.book(connection, request());
    expect(fake.parcels().find((p) => p.cn === cn)!.onLoadSheet).toBe(false);
    const sheet = await postexAdapter.loadSheet(connection, [cn]);
    expect(Buffer.from(sheet!.pdf).toString("latin1")).toContain(`Tracking No: ${cn}`);
    expect(fake.calls.at(-1)!.body).toEqual({ trackingNumbers: [cn] });
    expect(fake.parcels().find((p) => p.cn === cn)!.onLoadSheet).toBe(true);
    const [after] = await postexAdapter.track(connection, [cn]);
    expect(after!.events.map((e) => e.status)).toEqual(["booked"]);
  });

  it("reads the operational cities with PostEx's names as their keys", async () => {
    const list = await postexAdapter.cities(connection);
    expect(list).toHaveLength(11);
    expect(list).toContainEqual({ courierCityId: "KARACHI", name: "KARACHI", delivers: true, picksUp: true });
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(["SIALKOT", "GUJRANWALA", "QUETTA", "RAWALPINDI"]));
  });
});

describe("PostEx tracking", () => {
  it("maps a delivered parcel's every step to our words, oldest first, in Pakistan time", async () => {
    const { cn } = await postexAdapter.book(connection, request());
    // whole seconds after the booking, as PostEx writes its times
    const start = Math.ceil(Date.now() / 1000) * 1000;
    const day = (h: number) => new Date(start + h * 3_600_000);
    fake.advance(cn, "picked up", { at: day(5) });
    fake.advance(cn, "in transit", { at: day(9) });
    fake.advance(cn, "out for delivery", { at: day(11) });
    fake.advance(cn, "delivery attempted", { at: day(12), reason: "CNA(CUSTOMER NOT AVAILABLE)" });
    fake.advance(cn, "out for delivery", { at: day(13) });
    fake.advance(cn, "delivered", { at: day(14) });
    const [parcel] = await postexAdapter.track(connection, [cn, "00000000000000"]);
    expect(parcel!.cn).toBe(cn);
    const statuses: ParcelStatus[] = [
      "booked",
      "picked up",
      "in transit",
      "out for delivery",
      "delivery attempted",
      "out for delivery",
      "delivered",
    ];
    expect(parcel!.events.map((e) => e.status)).toEqual(statuses);
    const attempt = parcel!.events[4]!;
    expect(attempt.reason).toBe("CNA(CUSTOMER NOT AVAILABLE)");
    expect(attempt.courierStatus).toBe("0013 Attempt Made: CNA(CUSTOMER NOT AVAILABLE)");
    expect(attempt.at.toISOString()).toBe(day(12).toISOString());
    expect(parcel!.events.at(-1)!.at.toISOString()).toBe(day(14).toISOString());
  });

  it("maps the way back: attempted, returning, returned", async () => {
    const { cn } = await postexAdapter.book(connection, request());
    // made in one go: the fake gives each step its own second, as PostEx's times would differ
    fake.advance(cn, "picked up");
    fake.advance(cn, "delivery attempted", { reason: "RFD(REFUSED TO RECEIVE)" });
    fake.advance(cn, "returning");
    fake.advance(cn, "returned");
    const [parcel] = await postexAdapter.track(connection, [cn]);
    expect(parcel!.events.map((e) => e.status)).toEqual(["booked", "picked up", "delivery attempted", "returning", "returned"]);
    expect(parcel!.events[2]!.reason).toBe("RFD(REFUSED TO RECEIVE)");
  });

  it("asks in batches of its size with the live gateway's TrackingNumbers parameter", async () => {
    expect(postexAdapter.trackBatch).toBe(50);
    const cns = Array.from({ length: 51 }, (_, i) => String(10_000_000_000_000 + i));
    const calls = fake.calls.length;
    expect(await postexAdapter.track(connection, cns)).toEqual([]);
    const made = fake.calls.slice(calls);
    expect(made).toHaveLength(2);
    expect(made[0]!.path).toContain("track-bulk-order?TrackingNumbers=");
  });

  it("knows every documented word and code, and keeps a word it does not know without moving the parcel", () => {
    for (const [words, status] of Object.entries(POSTEX_WORDS)) expect(postexStatus(words)?.status).toBe(status);
    for (const [code, status] of Object.entries(POSTEX_CODES)) expect(postexStatus("", code)?.status).toBe(status);
    expect(postexStatus("Attempt Made: Address Incomplete")).toEqual({ status: "delivery attempted", reason: "Address Incomplete" });
    expect(postexStatus("Something New")).toBeNull();
    const parcel = postexTracking({
      trackingNumber: "1",
      transactionStatus: "Brand New Word",
      transactionStatusHistory: [
        { transactionStatusMessageCode: "0099", transactionStatusMessage: "Sorting Hub Scan", updatedAt: "2026-06-02 10:00:00" },
        { transactionStatusMessageCode: "0003", transactionStatusMessage: "At PostEx Warehouse", updatedAt: "2026-06-01 10:00:00" },
        { transactionStatusMessage: "no time" },
      ],
    })!;
    expect(parcel.events.map((e) => [e.status, e.courierStatus])).toEqual([
      ["in transit", "0003 At PostEx Warehouse"],
      ["in transit", "0099 Sorting Hub Scan"],
      ["in transit", "no time"],
    ]);
  });

  it("reads PostEx's times as Pakistan time unless they name a zone", () => {
    expect(postexTime("2026-06-27 16:00:00")!.toISOString()).toBe("2026-06-27T11:00:00.000Z");
    expect(postexTime("2026-06-27T16:00:00.123")!.toISOString()).toBe("2026-06-27T11:00:00.000Z");
    expect(postexTime("2026-06-27")!.toISOString()).toBe("2026-06-26T19:00:00.000Z");
    expect(postexTime("2026-06-27T16:00:00Z")!.toISOString()).toBe("2026-06-27T16:00:00.000Z");
    expect(postexTime("2026-02-31 10:00:00")).toBeNull();
    expect(postexTime("27/06/2026")).toBeNull();
    expect(postexTime(12)).toBeNull();
  });
});

describe("PostEx shipper advice and payments", () => {
  it("sends retry as statusId 2 and return as 1 on an attempted parcel, and passes on a refusal", async () => {
    const { cn } = await postexAdapter.book(connection, request());
    const early = await courierFailure(postexAdapter.shipperAdvice!(connection, cn, "retry", ""));
    expect(early.message).toContain("NOT ALLOWED");
    fake.advance(cn, "delivery attempted", { reason: "Address incomplete" });
    await postexAdapter.shipperAdvice!(connection, cn, "retry", "Customer will be home after 5 pm");
    expect(fake.calls.at(-1)!.body).toEqual({ trackingNumber: cn, statusId: 2, remarks: "Customer will be home after 5 pm" });
    await postexAdapter.shipperAdvice!(connection, cn, "return", "");
    expect(fake.calls.at(-1)!.body).toMatchObject({ statusId: 1, remarks: expect.stringContaining("return") });
    expect(fake.parcels().find((p) => p.cn === cn)!.advice).toEqual(["retry", "return"]);
  });

  it("reads both CPRs, the date, what was collected and paid and each deduction in paisa", async () => {
    const paid = await postexAdapter.book(connection, request({ codPaisa: 250_000 }));
    const waiting = await postexAdapter.book(connection, request());
    fake.advance(paid.cn, "delivered");
    fake.pay(paid.cn, { reference: "CPR-101", secondReference: "CPR-202", at: new Date("2026-11-25T07:00:00Z") });
    const list = await postexAdapter.payments(connection, [paid.cn, waiting.cn, "00000000000001"]);
    expect(list).toEqual([
      {
        cn: paid.cn,
        paid: true,
        reference: "CPR-101",
        secondReference: "CPR-202",
        paidOn: new Date("2026-11-25T07:00:00Z"),
        collectedPaisa: 250_000,
        paidPaisa: 250_000 - 18_000 - 2_880,
        deductions: [
          { kind: "transactionFee", paisa: 18_000 },
          { kind: "transactionTax", paisa: 2_880 },
        ],
      },
      unpaidPayment(waiting.cn),
    ]);
  });

  it("calls a parcel paid only once the reserve tranche is in, and reads a return's charges", async () => {
    const upfront = await postexAdapter.book(connection, request({ codPaisa: 100_000 }));
    const back = await postexAdapter.book(connection, request());
    fake.advance(upfront.cn, "delivered");
    fake.advance(back.cn, "returned");
    fake.pay(upfront.cn, { reference: "CPR-7", secondReference: null });
    fake.pay(back.cn, { reference: "CPR-8" });
    const [first, returned] = await postexAdapter.payments(connection, [upfront.cn, back.cn]);
    expect(first).toMatchObject({ paid: false, reference: "CPR-7", secondReference: null, paidPaisa: null });
    expect(returned).toMatchObject({
      paid: true,
      reference: "CPR-8",
      secondReference: "CPR-8-2",
      collectedPaisa: 0,
      paidPaisa: -(23_700 + 3_792),
      deductions: [
        { kind: "reversalFee", paisa: 23_700 },
        { kind: "reversalTax", paisa: 3_792 },
      ],
    });
    fake.pay(upfront.cn, { reference: "CPR-7", secondReference: "CPR-9", collectedPaisa: 90_000 });
    const [settled] = await postexAdapter.payments(connection, [upfront.cn]);
    expect(settled).toMatchObject({ paid: true, secondReference: "CPR-9", collectedPaisa: 90_000, paidPaisa: 90_000 - 20_880 });
  });
});

describe("PostEx failures", () => {
  it("gives up on a slow answer at the time limit", async () => {
    fake.failNext("slow", { path: "get-operational-city" });
    const error = await courierFailure(postexAdapter.cities({ ...connection, timeoutMs: 200 }));
    expect(error.kind).toBe("timeout");
    expect(error.outcomeUnknown).toBe(true);
  });

  it("reports a 5xx as an answer it could not read, with the HTTP status", async () => {
    fake.failNext("error");
    const error = await courierFailure(postexAdapter.cities(connection));
    expect(error.kind).toBe("unexpected");
    expect(error.httpStatus).toBe(500);
  });

  it("reports a dropped connection as unreachable", async () => {
    fake.failNext("down");
    expect((await courierFailure(postexAdapter.cities(connection))).kind).toBe("unreachable");
  });

  it("reports an answer that is not JSON, and JSON of the wrong shape, as unexpected", async () => {
    expect((await courierFailure(postexAdapter.cities(answering("<html>maintenance</html>", "text/html")))).kind).toBe("unexpected");
    expect((await courierFailure(postexAdapter.cities(answering(JSON.stringify({ cities: [] }))))).kind).toBe("unexpected");
    const noList = answering(JSON.stringify({ statusCode: "200", statusMessage: "OK", dist: { trackingNumber: 1 } }));
    expect((await courierFailure(postexAdapter.track(noList, ["1"]))).kind).toBe("unexpected");
    const noCn = answering(JSON.stringify({ statusCode: "200", statusMessage: "OK", dist: { orderStatus: "UnBooked" } }));
    expect((await courierFailure(postexAdapter.book(noCn, request()))).kind).toBe("unexpected");
    const notPdf = answering("%PNG not a pdf", "application/pdf");
    expect((await courierFailure(postexAdapter.airwayBills(notPdf, ["1"]))).kind).toBe("unexpected");
  });

  it("reports an expired token as a credentials problem", async () => {
    const error = await courierFailure(postexAdapter.cities({ ...connection, credentials: { token: "expired-token" } }));
    expect(error.kind).toBe("credentials");
    expect((await courierFailure(postexAdapter.cities({ ...connection, credentials: {} }))).kind).toBe("credentials");
  });

  it("passes on a refusal in PostEx's shape with its words", async () => {
    fake.failNext("refuse", { message: "ORDER REF NUMBER ALREADY EXISTS" });
    const error = await courierFailure(postexAdapter.book(connection, request()));
    expect(error.kind).toBe("refused");
    expect(error.message).toBe("PostEx refused: ORDER REF NUMBER ALREADY EXISTS");
  });

  it("reads a refusal or a bad token that came with HTTP 200, as the live gateway sends some", async () => {
    const refused = answering(JSON.stringify({ statusCode: "400", statusMessage: "INVALID CITY NAME", dist: null }));
    const error = await courierFailure(postexAdapter.book(refused, request()));
    expect([error.kind, error.message]).toEqual(["refused", "PostEx refused: INVALID CITY NAME"]);
    const token = answering(JSON.stringify({ statusCode: "401", statusMessage: "TOKEN IS INVALID" }));
    expect((await courierFailure(postexAdapter.cities(token))).kind).toBe("credentials");
  });

  it("reads a missing-parameter refusal from the gateway itself", async () => {
    const spring = answering(
      JSON.stringify({ status: 400, error: "Bad Request", trace: "x.MissingServletRequestParameterException: Required String parameter 'endDate' is not present\n\tat x" }),
    );
    const error = await courierFailure(postexAdapter.findByReference!(spring, "ZB-1"));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("Required String parameter 'endDate' is not present");
  });
});
