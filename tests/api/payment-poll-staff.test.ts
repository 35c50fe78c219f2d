// One parcel's money through the staff API (decision 0106): GET /api/admin/parcels/{id}/money and
// "Check payment now" (POST …/payment-check) against the fake PostEx: what the courier said, the
// figures written, the same payment checked twice changing nothing, the courier's trouble as a 409
// naming it, the money permission (fulfilment is refused), and ids that are no finished parcel.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FakePostex } from "../helpers/fake-couriers/postex";
import { bookedOrder } from "../helpers/tracking-desk";
import { rows } from "../helpers/shop";
import { finishedParcel, moneyOf, owner, packer, staffCall, startPaymentDesk, t } from "../helpers/payment-desk";

startPaymentDesk();

const moneyUrl = (id: number | string) => `/api/admin/parcels/${id}/money`;
const checkUrl = (id: number | string) => `/api/admin/parcels/${id}/payment-check`;

describe("a parcel's money", () => {
  it("shows a delivered parcel as owed until the courier pays, then its figures", async () => {
    const parcel = await finishedParcel();
    const owed = await staffCall(owner, "GET", moneyUrl(parcel.parcelId));
    expect(owed.statusCode, owed.body).toBe(200);
    expect(owed.json()).toMatchObject({
      parcel_id: parcel.parcelId,
      order_id: parcel.orderId,
      courier: "postex",
      courier_name: "PostEx",
      cn: parcel.cn,
      outcome: "delivered",
      due: parcel.codPaisa / 100,
      collected: null,
      net: null,
      reference: null,
      paid_on: null,
      source: null,
      difference: null,
    });

    const unpaid = await staffCall(owner, "POST", checkUrl(parcel.parcelId));
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(unpaid.json()).toMatchObject({ paid: false, outcome: null });

    (parcel.fake as FakePostex).pay(parcel.cn, {
      reference: "CPR-3131",
      collectedPaisa: parcel.codPaisa - 20_000,
      at: new Date("2026-11-26T06:00:00Z"),
    });
    const checked = await staffCall(owner, "POST", checkUrl(parcel.parcelId));
    expect(checked.statusCode, checked.body).toBe(200);
    const net = (parcel.codPaisa - 20_000 - 20_880) / 100;
    expect(checked.json()).toMatchObject({
      paid: true,
      outcome: "recorded",
      money: {
        collected: (parcel.codPaisa - 20_000) / 100,
        deductions: [
          { kind: "delivery", amount: 180 },
          { kind: "gst", amount: 28.8 },
        ],
        net,
        reference: "CPR-3131",
        second_reference: "CPR-3131-2",
        paid_on: "2026-11-26",
        source: "api",
        difference: { kind: "paid short", amount: 200 },
        dispute: { state: "open", note: "" },
        next_poll_at: null,
      },
    });
    const version = (await moneyOf(parcel.parcelId)).version;

    // the same payment checked again: nothing changes
    const again = await staffCall(owner, "POST", checkUrl(parcel.parcelId));
    expect(again.json()).toMatchObject({ paid: true, outcome: "unchanged", money: { net, version } });
    const read = await staffCall(owner, "GET", moneyUrl(parcel.parcelId));
    expect(read.json()).toMatchObject({ net, reference: "CPR-3131", version });

    const audit = await rows<{ action: string }>(
      t,
      sql`select action from audit_log where action = 'parcel.payment_check' and entity_id = ${String(parcel.orderId)}`,
    );
    expect(audit).toHaveLength(2);
  });

  it("answers the courier's trouble as a 409 naming it, and changes nothing", async () => {
    const parcel = await finishedParcel();
    (parcel.fake as FakePostex).pay(parcel.cn);
    parcel.fake.failNext("down");
    const res = await staffCall(owner, "POST", checkUrl(parcel.parcelId));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ courier_error: "unreachable" });
    expect(res.json().detail).toContain("PostEx");
    expect((await moneyOf(parcel.parcelId)).net_paisa).toBeNull();
  });
});

describe("who may see it, and which parcels", () => {
  it("refuses a fulfilment member both calls", async () => {
    const parcel = await finishedParcel();
    expect((await staffCall(packer, "GET", moneyUrl(parcel.parcelId))).statusCode).toBe(403);
    expect((await staffCall(packer, "POST", checkUrl(parcel.parcelId))).statusCode).toBe(403);
    expect((await staffCall(packer, "GET", moneyUrl(999_999))).statusCode).toBe(403);
  });

  it("answers 404 for a parcel still on its way and for one that does not exist", async () => {
    const onTheWay = await bookedOrder();
    for (const id of [onTheWay.parcelId, 999_999]) {
      const read = await staffCall(owner, "GET", moneyUrl(id));
      expect(read.statusCode, read.body).toBe(404);
      expect(read.json().detail).toBeTruthy();
      expect((await staffCall(owner, "POST", checkUrl(id))).statusCode).toBe(404);
    }
  });

  it("refuses ids that are no ids with a 4xx and a message, never a 500", async () => {
    for (const id of ["abc", "-1", "1e3", "99999999999999999999", "%00", "x".repeat(5000)]) {
      for (const url of [moneyUrl(id), checkUrl(id)]) {
        const res = await staffCall(owner, url.endsWith("money") ? "GET" : "POST", url);
        expect(res.statusCode, `${url.slice(0, 60)} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().detail).toBeTruthy();
      }
    }
  });
});
