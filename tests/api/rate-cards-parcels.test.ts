// Rate cards and withheld-tax rates held against real parcels (decision 0109): a parcel booked with
// the fake PostEx, delivered, followed by the tracking pass and paid through recordPaymentInTx;
// a card saved afterwards refreshes what the parcel was expected to cost and flags it "charged
// more than the rate card"; a parcel is held to the card in force on the day it was delivered;
// a tax rate added or removed moves every expectation; a card removed takes its flag away.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adoptFinishedParcels } from "../../core/remittances/expectations";
import { recordPaymentInTx } from "../../core/remittances/payments";
import { fake, owner, startParcelDesk, staffCall, t } from "../helpers/parcel-desk";
import { addTaxRate, cardBody, removeCard, saveCard } from "../helpers/rate-card-desk";
import { rows } from "../helpers/shop";
import { bookedOrder, pass } from "../helpers/tracking-desk";

startParcelDesk({ members: ["manager", "fulfilment", "catalogue"] });

/** A parcel of Rs. 3,000 and 500 g, delivered to Lahore (the pickup's city) on the day given, in Pakistan. */
async function deliveredOn(day: string): Promise<number> {
  const booked = await bookedOrder();
  fake.advance(booked.cn, "picked up");
  fake.advance(booked.cn, "delivered");
  await pass([booked.parcelId]);
  const at = `${day} 12:00:00+05`;
  await t.database.db.execute(
    sql`update parcels set status_at = ${at}::timestamptz, cod_paisa = 300000, weight_grams = 500 where id = ${booked.parcelId}`,
  );
  // the payment pass may have adopted it already: its row follows the parcel
  await t.database.db.execute(
    sql`update parcel_money set owed_since = ${at}::timestamptz, due_paisa = 300000 where parcel_id = ${booked.parcelId}`,
  );
  await t.database.db.transaction((tx) => adoptFinishedParcels(tx, [booked.parcelId]));
  return booked.parcelId;
}

/** PostEx pays Rs. 3,000 less a fee of Rs. 400 and its tax Rs. 64: Rs. 2,536. */
async function paid(parcelId: number) {
  const recorded = await t.database.db.transaction((tx) =>
    recordPaymentInTx(tx, {
      parcelId,
      reference: `CPR-${parcelId}`,
      paidOn: "2025-08-20",
      source: "api",
      reported: {
        collectedPaisa: 300_000,
        paidPaisa: 253_600,
        charges: [
          { kind: "transactionFee", paisa: 40_000 },
          { kind: "transactionTax", paisa: 6400 },
        ],
      },
    }),
  );
  expect(recorded?.outcome).toBe("recorded");
}

async function moneyOf(parcelId: number) {
  const [row] = await rows<{
    expected_deductions_paisa: string | number | null;
    expected_detail: Record<string, number> | null;
    difference_kind: string | null;
    difference_paisa: string | number | null;
    dispute_state: string | null;
    tolerance_paisa: number;
  }>(
    t,
    sql`select expected_deductions_paisa, expected_detail, difference_kind, difference_paisa, dispute_state, tolerance_paisa
        from parcel_money where parcel_id = ${parcelId}`,
  );
  return {
    expected: row!.expected_deductions_paisa === null ? null : Number(row!.expected_deductions_paisa),
    detail: row!.expected_detail,
    kind: row!.difference_kind,
    short: row!.difference_paisa === null ? null : Number(row!.difference_paisa),
    dispute: row!.dispute_state,
    tolerance: row!.tolerance_paisa,
  };
}

// Rs. 150 within the city up to 1 kg, cash handling 2%, GST 16%
const august = cardBody([[1000, 150, 200, 250]], { tolerance: 5 });
// from September: Rs. 400 within the city
const september = cardBody([[1000, 400, 450, 500]], { tolerance: 10 });

describe("a card saved after the courier paid", () => {
  it("refreshes the parcel's expectation and flags it charged more than the rate card; removing the card takes the flag away", async () => {
    const parcel = await deliveredOn("2025-08-10");
    await paid(parcel);
    // no card yet: the courier collected what was due, so nothing is flagged
    expect(await moneyOf(parcel)).toMatchObject({ expected: null, kind: null, dispute: null, tolerance: 500 });

    const saved = await saveCard(owner, "postex", "2025-07-01", august);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().parcels_refreshed).toBeGreaterThanOrEqual(1);
    // delivery Rs. 150, cash handling 2% of Rs. 3,000 = Rs. 60, GST 16% of Rs. 210 = Rs. 33.60: Rs. 243.60;
    // expected net Rs. 2,756.40 against Rs. 2,536 paid: Rs. 220.40 more than the card
    expect(await moneyOf(parcel)).toEqual({
      expected: 24_360,
      detail: { delivery: 15_000, cash_handling: 6000, gst: 3360 },
      kind: "charged more than the rate card",
      short: 22_040,
      dispute: "open",
      tolerance: 500,
    });

    // a withheld-tax rate in force on the day: 2% of Rs. 3,000 more expected, Rs. 60 less short
    const tax = await addTaxRate(owner, {
      effective_from: "2025-07-01",
      rate_percent: "2",
      note: "Finance Act 2025, section 6A",
    });
    expect(tax.statusCode, tax.body).toBe(201);
    expect(tax.json().parcels_refreshed).toBeGreaterThanOrEqual(1);
    expect(await moneyOf(parcel)).toMatchObject({
      expected: 30_360,
      short: 16_040,
      kind: "charged more than the rate card",
    });
    const gone = await staffCall(owner, "DELETE", `/api/admin/money/withheld-tax-rates/${tax.json().id}`);
    expect(gone.statusCode).toBe(200);
    expect(await moneyOf(parcel)).toMatchObject({ expected: 24_360, short: 22_040 });

    // a tax rate from a day after the delivery does not touch it
    const later = await addTaxRate(owner, { effective_from: "2025-08-11", rate_percent: 2 });
    expect(later.statusCode).toBe(201);
    expect(await moneyOf(parcel)).toMatchObject({ expected: 24_360 });
    await staffCall(owner, "DELETE", `/api/admin/money/withheld-tax-rates/${later.json().id}`);

    const removed = await removeCard(owner, "postex", "2025-07-01");
    expect(removed.statusCode).toBe(200);
    expect(removed.json().parcels_refreshed).toBeGreaterThanOrEqual(1);
    // no card: nothing to hold the charges to, and a dispute nobody took up goes with its difference
    expect(await moneyOf(parcel)).toMatchObject({ expected: null, kind: null, short: null, dispute: null });
  });
});

describe("effective dates", () => {
  it("holds each parcel to the card in force on the day it was delivered, before and after a later card is saved", async () => {
    expect((await saveCard(owner, "postex", "2025-07-01", august)).statusCode).toBe(201);
    const inAugust = await deliveredOn("2025-08-10");
    const onTheDay = await deliveredOn("2025-09-01");
    // before September's card, both are held to July's
    expect((await moneyOf(inAugust)).expected).toBe(24_360);
    expect((await moneyOf(onTheDay)).expected).toBe(24_360);

    expect((await saveCard(owner, "postex", "2025-09-01", september)).statusCode).toBe(201);
    // August keeps July's card; the parcel delivered on 1 September (Pakistan) takes September's:
    // Rs. 400 + Rs. 60 cash handling + 16% GST of Rs. 460 (Rs. 73.60) = Rs. 533.60, tolerance Rs. 10
    expect(await moneyOf(inAugust)).toMatchObject({ expected: 24_360, tolerance: 500 });
    expect(await moneyOf(onTheDay)).toMatchObject({ expected: 53_360, tolerance: 1000 });

    // a parcel delivered at 23:30 on 31 August in Pakistan is still August's, though it is 18:30 UTC
    const lateNight = await deliveredOn("2025-08-31");
    await t.database.db.execute(
      sql`update parcel_money set owed_since = '2025-08-31 23:30:00+05'::timestamptz where parcel_id = ${lateNight}`,
    );
    expect((await saveCard(owner, "postex", "2025-09-01", september)).json().replaced).toBe(true);
    expect((await moneyOf(lateNight)).expected).toBe(24_360);

    // another courier's card touches none of PostEx's parcels
    const trax = await saveCard(owner, "trax", "2025-01-01", cardBody([[1000, 1, 1, 1]]));
    expect(trax.json().parcels_refreshed).toBe(0);
    expect((await moneyOf(inAugust)).expected).toBe(24_360);

    for (const day of ["2025-07-01", "2025-09-01"])
      expect((await removeCard(owner, "postex", day)).statusCode).toBe(200);
  });
});
