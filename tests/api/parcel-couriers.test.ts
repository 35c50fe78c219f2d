// Booking with each of the four couriers (decision 0103), against its local fake: booked with its
// CN, the airway bill (the courier's PDF where it makes one, else the store's own label) and the
// load sheet (the courier's, else the store's) each holding the CN, cancel before pickup, and an
// answer lost on the way: found by the order's reference and booked once where the courier can be
// asked (PostEx, Leopards, Trax), left unknown for staff where it cannot (TCS).
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourierCode } from "../../core/couriers/courier";
import { startFakeCourier, type FakeCourier } from "../helpers/fake-couriers";
import {
  addAccount,
  book,
  courierCitiesOf,
  packer,
  parcelsOf,
  pdfText,
  readyOrder,
  staffCall,
  startParcelDesk,
} from "../helpers/parcel-desk";

startParcelDesk();

/** What each courier's account needs besides its credentials, and the path its booking call takes. */
const COURIERS: Record<CourierCode, { pickupCode: string | null; bookingPath: string; asks: boolean }> = {
  postex: { pickupCode: "PX-LHR-1", bookingPath: "create-order", asks: true },
  leopards: { pickupCode: null, bookingPath: "bookPacket", asks: true },
  trax: { pickupCode: "1", bookingPath: "shipment/book", asks: true },
  tcs: { pickupCode: "002 - LHE", bookingPath: "booking/create", asks: false },
};

const fakes = new Map<CourierCode, { fake: FakeCourier; accountId: number }>();

beforeAll(async () => {
  for (const code of Object.keys(COURIERS) as CourierCode[]) {
    const fake = await startFakeCourier(code);
    await courierCitiesOf(code, fake.cities);
    const accountId = await addAccount({
      courier: code,
      label: `${code} test`,
      baseUrl: fake.baseUrl,
      credentials: fake.credentials,
      pickupCode: COURIERS[code].pickupCode,
    });
    fakes.set(code, { fake, accountId });
  }
}, 60_000);
afterAll(async () => {
  for (const { fake } of fakes.values()) await fake.close();
});

describe.each(Object.keys(COURIERS) as CourierCode[])("%s", (code) => {
  it("books, prints the airway bill and load sheet holding the CN, and cancels before pickup", async () => {
    const { fake, accountId } = fakes.get(code)!;
    const order = await readyOrder("packed");
    const res = await book(order.id, { account_id: accountId, instructions: "Call first" });
    expect(res.statusCode, res.body).toBe(201);
    const held = fake.parcels().find((p) => p.reference === order.trackingId)!;
    expect(res.json().parcel).toMatchObject({ courier: code, booking_state: "booked", cn: held.cn });
    expect(held.codPaisa).toBe(Math.round(order.totalAmount * 100));
    // discreet packaging: the contents say Garments (Leopards keeps the instructions beside them)
    expect(held.description).toMatch(/^Garments/);
    if (code === "trax") expect(held.shipperHidden).toBe(true);

    const bills = await staffCall(packer, "GET", `/api/admin/parcels/airway-bills?order_ids=${order.id}`);
    expect(bills.statusCode, bills.body.slice(0, 200)).toBe(200);
    expect(bills.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfText(bills.rawPayload)).toContain(held.cn);
    // Leopards makes no airway bill: the store's own 4×6-inch label is printed
    if (code === "leopards") {
      expect((await PDFDocument.load(bills.rawPayload)).getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    }
    const sheet = await staffCall(packer, "GET", `/api/admin/parcels/load-sheet?order_ids=${order.id}`);
    expect(sheet.statusCode, sheet.body.slice(0, 200)).toBe(200);
    // Trax's receiving sheet is made for the CNs sent and printed by its own id
    if (code === "trax") {
      const made = fake.calls.find((c) => c.path.includes("receiving_sheet/create"));
      expect(JSON.stringify(made?.body)).toContain(held.cn);
    } else expect(pdfText(sheet.rawPayload)).toContain(held.cn);

    const cancelled = await staffCall(packer, "POST", `/api/admin/parcels/${res.json().parcel.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(fake.parcels().find((p) => p.cn === held.cn)!.cancelled).toBe(true);
  });

  it("a lost answer is booked once where the courier can be asked, and left for staff where it cannot", async () => {
    const { fake, accountId } = fakes.get(code)!;
    const order = await readyOrder();
    fake.failNext("lose-answer", { path: COURIERS[code].bookingPath });
    const res = await book(order.id, { account_id: accountId });
    const held = fake.parcels().filter((p) => p.reference === order.trackingId);
    expect(held).toHaveLength(1);
    if (COURIERS[code].asks) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().parcel.cn).toBe(held[0]!.cn);
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ outcome: "unknown", parcel: { booking_state: "unknown" } });
      expect(res.json().detail).toContain(`reference ${order.trackingId}`);
    }
    expect((await book(order.id, { account_id: accountId })).statusCode).toBe(409);
    expect(fake.parcels().filter((p) => p.reference.startsWith(order.trackingId))).toHaveLength(1);
    expect((await parcelsOf(order.id)).map((p) => p.booking_state)).toEqual([
      COURIERS[code].asks ? "booked" : "unknown",
    ]);
  });
});
