// What couriers paid for finished parcels (decision 0106), asked by the payment pass against a
// local fake PostEx: a paid parcel is written with its batch and figures (net to the paisa), the
// same payment asked twice changes nothing, a short collection is "paid short", PostEx's two
// tranches give two references, a return's charges make a net below zero, and a parcel not yet
// paid is asked again in 12 hours. Passes run in the test (runPaymentPollOnce).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordApiPayment } from "../../core/remittances/payment-poll";
import { recordPaymentInTx } from "../../core/remittances/payments";
import type { FakePostex } from "../helpers/fake-couriers/postex";
import { rows } from "../helpers/shop";
import { secondsAhead } from "../helpers/tracking-desk";
import {
  courierSays,
  deductionsOf,
  dueForPayment,
  finishedParcel,
  moneyOf,
  paymentPass,
  startPaymentDesk,
  t,
} from "../helpers/payment-desk";

startPaymentDesk();

const postex = (parcel: { fake: unknown }) => parcel.fake as FakePostex;

describe("a delivered parcel the courier paid for", () => {
  it("is written with its batch, the day paid in Pakistan and the figures, net to the paisa", async () => {
    const parcel = await finishedParcel();
    postex(parcel).pay(parcel.cn, { reference: "CPR-5501", at: new Date("2026-11-24T20:30:00Z") });
    const run = await paymentPass([parcel.parcelId]);
    expect(run).toMatchObject({ claimed: 1, asked: 1, paid: 1, failed: 0 });
    const row = await moneyOf(parcel.parcelId);
    expect(row).toMatchObject({
      outcome: "delivered",
      due_paisa: parcel.codPaisa,
      collected_paisa: parcel.codPaisa,
      delivery_paisa: 18_000,
      gst_paisa: 2_880,
      reference: "CPR-5501",
      second_reference: "CPR-5501-2",
      // 01:30 on the 25th in Pakistan
      paid_on: "2026-11-25",
      source: "api",
      difference_kind: null,
      next_poll_at: null,
    });
    expect(row.net_paisa).toBe(parcel.codPaisa - 20_880);
    expect(row.net_paisa).toBe(row.collected_paisa! - deductionsOf(row));
  });

  it("changes nothing when the same payment is asked for again", async () => {
    const parcel = await finishedParcel();
    postex(parcel).pay(parcel.cn);
    await paymentPass([parcel.parcelId]);
    const first = await moneyOf(parcel.parcelId);
    // a paid row is never claimed again
    const again = await paymentPass([parcel.parcelId]);
    expect(again.claimed).toBe(0);
    // and the one writer, given the same payment, keeps the row as it was
    const recorded = await recordApiPayment(t.core.db, parcel.parcelId, await courierSays(parcel));
    expect(recorded?.outcome).toBe("unchanged");
    // only when it was last asked moves
    expect({ ...(await moneyOf(parcel.parcelId)), last_polled_at: null }).toEqual({ ...first, last_polled_at: null });
  });

  it("is paid short when the courier collected less than the COD, by the amount", async () => {
    const parcel = await finishedParcel();
    postex(parcel).pay(parcel.cn, { collectedPaisa: parcel.codPaisa - 50_000 });
    await paymentPass([parcel.parcelId]);
    const row = await moneyOf(parcel.parcelId);
    expect(row).toMatchObject({ difference_kind: "paid short", difference_paisa: 50_000 });
    expect(row.net_paisa).toBe(parcel.codPaisa - 50_000 - 20_880);
  });

  it("keeps both of PostEx's tranches: the upfront CPR as the batch, the reserve's as the second reference", async () => {
    const parcel = await finishedParcel();
    const fake = postex(parcel);
    fake.pay(parcel.cn, { reference: "CPR-8801", secondReference: null });
    // only the upfront tranche is in: PostEx does not call it settled, so it is asked again later
    const early = await paymentPass([parcel.parcelId]);
    expect(early).toMatchObject({ asked: 1, paid: 0, unpaid: 1 });
    const waiting = await moneyOf(parcel.parcelId);
    expect(waiting.reference).toBeNull();
    expect(secondsAhead(waiting.next_poll_at)! / 3600).toBeGreaterThan(10);
    fake.pay(parcel.cn, { reference: "CPR-8801", secondReference: "CPR-9902" });
    await paymentPass([parcel.parcelId]);
    const row = await moneyOf(parcel.parcelId);
    expect(row).toMatchObject({ reference: "CPR-8801", second_reference: "CPR-9902" });
    expect(row.net_paisa).toBe(parcel.codPaisa - 20_880);
  });

  it("puts two parcels paid in one batch on the same payout", async () => {
    const one = await finishedParcel();
    const two = await finishedParcel();
    postex(one).pay(one.cn, { reference: "CPR-7000" });
    postex(two).pay(two.cn, { reference: "CPR-7000" });
    await paymentPass([one.parcelId, two.parcelId]);
    const [payouts] = await rows<{ n: number }>(
      t,
      sql`select count(distinct payout_id)::int as n from parcel_money where parcel_id in (${one.parcelId}, ${two.parcelId})`,
    );
    expect(payouts!.n).toBe(1);
  });
});

describe("a returned parcel", () => {
  it("is charged: collected nothing, the return's charges deducted, net below zero", async () => {
    const parcel = await finishedParcel({ outcome: "returned" });
    postex(parcel).pay(parcel.cn, { reference: "CPR-RET-1" });
    await paymentPass([parcel.parcelId]);
    const row = await moneyOf(parcel.parcelId);
    expect(row).toMatchObject({
      outcome: "returned",
      due_paisa: 0,
      collected_paisa: 0,
      return_charge_paisa: 23_700,
      gst_paisa: 3_792,
    });
    expect(row.net_paisa).toBe(-(23_700 + 3_792));
  });
});

describe("a parcel not yet paid", () => {
  it("is asked again in about 12 hours while under two weeks owed, then daily", async () => {
    const fresh = await finishedParcel();
    const old = await finishedParcel();
    await dueForPayment();
    await t.core.db.execute(
      sql`update parcel_money set owed_since = now() - interval '20 days' where parcel_id = ${old.parcelId}`,
    );
    const run = await paymentPass([fresh.parcelId, old.parcelId]);
    expect(run).toMatchObject({ claimed: 2, asked: 2, paid: 0, unpaid: 2 });
    const hoursFresh = secondsAhead((await moneyOf(fresh.parcelId)).next_poll_at)! / 3600;
    const hoursOld = secondsAhead((await moneyOf(old.parcelId)).next_poll_at)! / 3600;
    expect(hoursFresh).toBeGreaterThan(10);
    expect(hoursFresh).toBeLessThan(14);
    expect(hoursOld).toBeGreaterThan(21);
    expect(hoursOld).toBeLessThan(27);
  });
});

describe("a payment a report already settled", () => {
  it("is not overwritten by what the API says", async () => {
    const parcel = await finishedParcel();
    await t.core.db.transaction((tx) =>
      recordPaymentInTx(tx, {
        parcelId: parcel.parcelId,
        reference: "INV-REPORT-1",
        paidOn: "2026-11-20",
        reported: {
          collectedPaisa: parcel.codPaisa,
          paidPaisa: parcel.codPaisa - 30_000,
          charges: [{ kind: "transactionFee", paisa: 30_000 }],
        },
        source: "report",
      }),
    );
    const before = await moneyOf(parcel.parcelId);
    postex(parcel).pay(parcel.cn, { reference: "CPR-API-1" });
    // a report-settled row is paid: the pass does not ask for it, and the one writer keeps the report's figures
    await t.core.db.execute(sql`update parcel_money set next_poll_at = now() where parcel_id = ${parcel.parcelId}`);
    const run = await paymentPass([parcel.parcelId]);
    expect(run.claimed).toBe(0);
    expect((await recordApiPayment(t.core.db, parcel.parcelId, await courierSays(parcel)))?.outcome).toBe("kept");
    const after = await moneyOf(parcel.parcelId);
    expect(after).toMatchObject({
      reference: "INV-REPORT-1",
      source: "report",
      delivery_paisa: 30_000,
      version: before.version,
    });
  });
});
