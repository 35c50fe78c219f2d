// The TCS adapter against the local fake TCS: its two tokens kept and renewed once, every call in
// the guide's shapes, each status text in our vocabulary, and each way TCS can fail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeTcs, type FakeTcs } from "../../tests/helpers/fake-couriers/tcs";
import { tcsAdapter, tcsEvents } from "./tcs";
import { forgetTcsTokens } from "./tcs-auth";
import { mapTcsStatus, parseTcsDate, TCS_STATUS_WORDS } from "./tcs-status";
import { unpaidPayment, type BookingRequest, type CourierConnection, type ParcelStatus } from "./courier";
import { courierFailure } from "../../tests/helpers/fake-couriers/courier-failure";

let fake: FakeTcs;
let connection: CourierConnection;

beforeAll(async () => {
  fake = await startFakeTcs();
  connection = { baseUrl: fake.baseUrl, credentials: fake.credentials, timeoutMs: 5_000 };
});
beforeEach(() => {
  forgetTcsTokens();
  fake.tokenLifetimeMs = 3_600_000;
});
afterAll(() => fake.close());

let serial = 0;
function request(overrides: Partial<BookingRequest> = {}): BookingRequest {
  serial += 1;
  return {
    reference: `ZB-${2000 + serial}`,
    consignee: { name: "Ali Raza Khan", phone: "0300-1234567", email: "ali@example.pk", address: "Flat 4, Block 6, PECHS", courierCityId: "LHE", courierCityName: "Lahore" },
    pickup: { code: "002 - LHE", name: "Parcel Desk", phone: "+923451234567", address: "Main Boulevard, Gulberg", courierCityId: "LHE", courierCityName: "Lahore" },
    codPaisa: 249_901,
    weightGrams: 1_250,
    pieces: 1,
    description: "Garments",
    instructions: "Call before delivery",
    discreet: true,
    ...overrides,
  };
}


const booked = async (overrides: Partial<BookingRequest> = {}) => (await tcsAdapter.book(connection, request(overrides))).cn;

describe("booking", () => {
  it("sends the guide's three blocks with our reference, whole rupees rounded up and the access token", async () => {
    const cn = await booked();
    const body = fake.parcels().find((p) => p.cn === cn)!.bookingBody as Record<string, Record<string, unknown>>;
    expect(body.shipperinfo).toMatchObject({ tcsaccount: "04011K1", shippername: "Parcel Desk", citycode: "LHE", cityname: "Lahore", mobile: "03451234567", countrycode: "PK" });
    expect(body.consigneeinfo).toMatchObject({ firstname: "Ali", middlename: "Raza Khan", citycode: "LHE", mobile: "03001234567", email: "ali@example.pk" });
    expect(body.shipmentinfo).toEqual({
      costcentercode: "002 - LHE",
      referenceno: `ZB-${2000 + serial}`,
      contentdesc: "Garments",
      servicecode: "O",
      currency: "PKR",
      codamount: 2500,
      weightinkg: 1.25,
      pieces: 1,
      fragile: false,
      remarks: "Call before delivery",
    });
    expect(typeof body.accesstoken).toBe("string");
  });

  it("takes the account's cost center when the pickup has none, and sends a one-word name twice", async () => {
    const cn = await booked({ pickup: { ...request().pickup, code: null }, consignee: { ...request().consignee, name: "Sana" } });
    const body = fake.parcels().find((p) => p.cn === cn)!.bookingBody as Record<string, Record<string, unknown>>;
    expect(body.shipmentinfo!.costcentercode).toBe("001 - KHI");
    expect(body.consigneeinfo).toMatchObject({ firstname: "Sana", middlename: "Sana" });
  });

  it("passes on TCS's refusal field by field", async () => {
    const error = await courierFailure(tcsAdapter.book(connection, request({ pickup: { ...request().pickup, code: "999 - XYZ" } })));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("shipmentinfo.costcentercode: Cost center not found");
  });

  it("refuses before calling TCS what TCS cannot take", async () => {
    const before = fake.calls.length;
    expect((await courierFailure(tcsAdapter.book(connection, request({ codPaisa: 25_000_001 })))).message).toMatch(/Rs. 250,000/);
    const noCity = request({ consignee: { ...request().consignee, courierCityId: "" } });
    expect((await courierFailure(tcsAdapter.book(connection, noCity))).message).toMatch(/city code/);
    const badPhone = request({ consignee: { ...request().consignee, phone: "042 35761234" } });
    expect((await courierFailure(tcsAdapter.book(connection, badPhone))).message).toMatch(/03XXXXXXXXX/);
    expect(fake.calls.length).toBe(before);
  });

  it("has no call to find a booking by our reference, no shipper advice and no load sheet", async () => {
    expect(tcsAdapter.findByReference).toBeUndefined();
    expect(tcsAdapter.shipperAdvice).toBeUndefined();
    expect(await tcsAdapter.loadSheet(connection, ["779412326902"])).toBeNull();
  });
});

describe("tokens", () => {
  it("logs in once and keeps both tokens until they expire", async () => {
    const before = fake.issued();
    await tcsAdapter.cities(connection);
    await tcsAdapter.cities(connection);
    await booked();
    expect(fake.issued()).toEqual({ bearer: before.bearer + 1, access: before.access + 1 });
    const bearerCall = fake.calls.findLast((c) => c.path === "/auth/api/auth");
    expect(bearerCall).toMatchObject({ method: "POST", body: { clientid: "215628692", clientsecret: fake.credentials.clientsecret } });
  });

  it("gets new tokens once when TCS has ended them, and makes the call again", async () => {
    await tcsAdapter.cities(connection);
    const before = fake.issued();
    fake.expireTokens();
    const cn = await booked();
    expect(fake.parcels().filter((p) => p.cn === cn)).toHaveLength(1);
    expect(fake.issued()).toEqual({ bearer: before.bearer + 1, access: before.access + 1 });
  });

  it("renews a token that is about to expire before using it", async () => {
    fake.tokenLifetimeMs = 30_000;
    const before = fake.issued();
    await tcsAdapter.cities(connection);
    await tcsAdapter.cities(connection);
    expect(fake.issued().bearer).toBe(before.bearer + 2);
  });

  it("says the credentials are wrong for a wrong secret or password, without trying again and again", async () => {
    const logins = () => fake.calls.filter((c) => c.path === "/auth/api/auth").length;
    const start = logins();
    const badSecret = { ...connection, credentials: { ...fake.credentials, clientsecret: "old" } };
    expect((await courierFailure(tcsAdapter.cities(badSecret))).kind).toBe("credentials");
    expect(logins() - start).toBe(1);
    const badPassword = { ...connection, credentials: { ...fake.credentials, password: "old" } };
    expect((await courierFailure(tcsAdapter.cities(badPassword))).kind).toBe("credentials");
    expect((await courierFailure(tcsAdapter.cities({ ...connection, credentials: {} }))).kind).toBe("credentials");
  });

  it("gives up with the credentials after a second 401", async () => {
    let attempts = 0;
    const refusing: CourierConnection = {
      ...connection,
      fetch: async (input, init) => {
        if (String(input).includes("citylistbycountry")) {
          attempts += 1;
          return new Response(JSON.stringify({ code: 401, message: "Invalid Bearer token. Mismatch configuration.", status: "UnAuthorized" }), { status: 401 });
        }
        return fetch(input, init);
      },
    };
    expect((await courierFailure(tcsAdapter.cities(refusing))).kind).toBe("credentials");
    expect(attempts).toBe(2);
  });
});

describe("labels and cancelling", () => {
  it("prints TCS's label for one CN without the shipper's details, and leaves several to the store", async () => {
    const cn = await booked();
    const label = await tcsAdapter.airwayBills(connection, [cn]);
    expect(Buffer.from(label!.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const call = fake.calls.at(-1)!;
    expect(call.path).toMatch(new RegExp(`^/ecom/api/print/label\\?consignmentno=${cn}&shipperdetail=false&accesstoken=`));
    expect(await tcsAdapter.airwayBills(connection, [cn, cn])).toBeNull();
    expect((await courierFailure(tcsAdapter.airwayBills(connection, ["779400000001"]))).message).toContain("CN not found");
  });

  it("cancels before pickup and passes on TCS's words after it", async () => {
    const cn = await booked();
    await tcsAdapter.cancel(connection, cn);
    expect(fake.parcels().find((p) => p.cn === cn)?.cancelled).toBe(true);
    expect((await courierFailure(tcsAdapter.cancel(connection, cn))).message).toContain("Failure: No Record Founds");
    const later = await booked();
    fake.advance(later, "picked up");
    expect((await courierFailure(tcsAdapter.cancel(connection, later))).message).toContain("cannot be cancelled after pickup");
  });
});

describe("tracking", () => {
  const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);

  it("maps a parcel's whole life, with an attempt's reason and no delivery twice", async () => {
    const cn = await booked();
    const life: ParcelStatus[] = ["picked up", "in transit", "out for delivery", "delivery attempted", "out for delivery", "delivered"];
    const start = minute(Date.now()).getTime() + 60_000;
    life.forEach((status, i) => fake.advance(cn, status, { at: new Date(start + i * 3_600_000), reason: status === "delivery attempted" ? "Address Closed" : undefined }));
    const [parcel] = await tcsAdapter.track(connection, [cn]);
    expect(parcel!.events.map((e) => e.status)).toEqual(["booked", ...life]);
    expect(parcel!.events[4]).toMatchObject({ status: "delivery attempted", courierStatus: "Address Closed", reason: "Address Closed", location: "LAHORE" });
    expect(parcel!.events[2]).toMatchObject({ courierStatus: "Arrived at TCS Facility", location: "KARACHI" });
    expect(parcel!.events[1]!.at).toEqual(new Date(start));
    expect(fake.calls.at(-1)?.path).toBe(`/tracking/api/Tracking/GetDynamicTrackDetail?consignee=${cn}`);
  });

  it("maps returning and returned, and keeps a parcel where it was on words it cannot place", async () => {
    const cn = await booked();
    const start = minute(Date.now()).getTime() + 60_000;
    fake.advance(cn, "in transit", { at: new Date(start) });
    fake.advanceWord(cn, "Shipment Teleported", { at: new Date(start + 60_000) });
    fake.advance(cn, "returning", { at: new Date(start + 120_000) });
    fake.advance(cn, "returned", { at: new Date(start + 180_000) });
    const [parcel] = await tcsAdapter.track(connection, [cn]);
    expect(parcel!.events.slice(1).map((e) => [e.status, e.courierStatus])).toEqual([
      ["in transit", "Arrived at TCS Facility"],
      ["in transit", "Shipment Teleported"],
      ["returning", "Return In Process"],
      ["returned", "Returned to Shipper"],
    ]);
  });

  it("reads each status text TCS writes, and the guide's own example", () => {
    for (const [word, status] of TCS_STATUS_WORDS) expect(mapTcsStatus(word), word).toBe(status);
    expect(mapTcsStatus("Delay due to Flight Cancelled")).toBe("in transit");
    expect(parseTcsDate("Thursday Oct 17, 2024 12:58")?.toISOString()).toBe("2024-10-17T07:58:00.000Z");
    expect(parseTcsDate("Saturday  Oct 18, 2025 17:29")?.toISOString()).toBe("2025-10-18T12:29:00.000Z");
    expect(parseTcsDate("Friday Feb 30, 2024 10:00")).toBeNull();
    const events = tcsEvents(
      [
        { consignmentno: "779412326902", datetime: "Thursday Oct 17, 2024 12:58", recievedby: "IMROOZ", status: "Shipment Delivered" },
        { consignmentno: "779412326902", datetime: "Thursday Oct 17, 2024 09:35", recievedby: null, status: "Out For Delivery" },
        { consignmentno: "779412326902", datetime: "Wednesday Oct 16, 2024 10:52", recievedby: "BAGH", status: "Arrived at TCS Facility" },
      ],
      [
        { station: "BAGH", datetime: "Thursday Oct 17, 2024 12:58", recievedby: "IMROOZ", status: "Delivered", code: "OK" },
        { station: "BAGH", datetime: "Wednesday Oct 16, 2024 11:58", recievedby: null, status: "Awaiting Receiver Collection", code: "SC" },
      ],
    );
    expect(events.map((e) => [e.status, e.courierStatus, e.reason, e.location])).toEqual([
      ["in transit", "Arrived at TCS Facility", null, "BAGH"],
      ["delivery attempted", "Awaiting Receiver Collection", "Awaiting Receiver Collection", "BAGH"],
      ["out for delivery", "Out For Delivery", null, null],
      // the signer's name is no place, and the delivery record of the same minute is not a second event
      ["delivered", "Shipment Delivered", null, null],
    ]);
  });

  it("leaves out a CN TCS does not know", async () => {
    expect(await tcsAdapter.track(connection, ["779400000002"])).toEqual([]);
  });
});

describe("payments and cities", () => {
  it("reads whether TCS has paid, when, and its delivery charge", async () => {
    const paid = await booked();
    const unpaid = await booked();
    fake.advance(paid, "delivered");
    fake.pay(paid, { at: new Date("2026-11-20T10:00:00Z"), charges: { "delivery charges": 11_600, "return charges": 0 } });
    const list = await tcsAdapter.payments(connection, [paid, unpaid, "779400000003"]);
    const cod = fake.parcels().find((p) => p.cn === paid)!.codPaisa;
    expect(list[0]).toEqual({ cn: paid, paid: true, reference: null, secondReference: null, paidOn: new Date("2026-11-19T19:00:00Z"), collectedPaisa: null, paidPaisa: cod - 11_600, deductions: [{ kind: "delivery charges", paisa: 11_600 }] });
    expect(list[1]).toMatchObject({ cn: unpaid, paid: false, paidOn: null });
    expect(list[2]).toEqual(unpaidPayment("779400000003"));
    expect(fake.calls.at(-1)?.path).toContain("customerno=04011K1&consignmentno=779400000003");
  });

  it("lists the cities with TCS's three-letter codes", async () => {
    const list = await tcsAdapter.cities(connection);
    expect(list).toHaveLength(11);
    expect(list.find((c) => c.courierCityId === "RWP")).toEqual({ courierCityId: "RWP", name: "Rawalpindi", delivers: true, picksUp: true });
  });
});

describe("failures", () => {
  it("gives up after the time limit", async () => {
    await tcsAdapter.cities(connection);
    fake.failNext("slow", { path: "citylistbycountry" });
    expect((await courierFailure(tcsAdapter.cities({ ...connection, timeoutMs: 150 }))).kind).toBe("timeout");
  });

  it("reads a 5xx as an answer it cannot trust, and a dropped connection as unreachable", async () => {
    await tcsAdapter.cities(connection);
    fake.failNext("error", { path: "citylistbycountry" });
    expect(await courierFailure(tcsAdapter.cities(connection))).toMatchObject({ kind: "unexpected", httpStatus: 500 });
    fake.failNext("down", { path: "citylistbycountry" });
    expect((await courierFailure(tcsAdapter.cities(connection))).kind).toBe("unreachable");
  });

  it("passes on a refusal's words, and refuses answers it cannot read", async () => {
    await tcsAdapter.cities(connection);
    fake.failNext("refuse", { path: "booking/create", message: "Account blocked for booking" });
    expect((await courierFailure(tcsAdapter.book(connection, request()))).message).toContain("Account blocked for booking");
    const answering = (path: string, text: string, type = "application/json"): CourierConnection => ({
      ...connection,
      fetch: async (input, init) => (String(input).includes(path) ? new Response(text, { status: 200, headers: { "content-type": type } }) : fetch(input, init)),
    });
    expect((await courierFailure(tcsAdapter.cities(answering("citylist", "<html>gateway</html>", "text/html")))).kind).toBe("unexpected");
    expect((await courierFailure(tcsAdapter.cities(answering("citylist", '{"message":"SUCCESS","data":{}}')))).kind).toBe("unexpected");
    expect((await courierFailure(tcsAdapter.book(answering("booking/create", '{"message":"success","status":true}'), request()))).kind).toBe("unexpected");
    expect((await courierFailure(tcsAdapter.track(answering("GetDynamicTrackDetail", '{"message":"SUCCESS","checkpoints":"x"}'), ["779412326902"]))).kind).toBe("unexpected");
  });
});
