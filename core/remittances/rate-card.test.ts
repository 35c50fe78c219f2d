// What a rate card says a parcel's deductions should be (decision 0106), held for any card whose
// charges rise with weight, as couriers' cards do: whole paisa, never less for a heavier parcel,
// nothing on the cash for a parcel that came back, GST on exactly the charges. Then cards worked
// by hand, and the card's input as the form and the API send it (decision 0109).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEDUCTION_KINDS } from "../../db/schema";
import { percentOf, totalOf } from "./money-rules";
import { deliveryCharge, expectedColumns, expectedDeductions, zoneOf, ZONES, type RateCard } from "./rate-card";
import { cardAsBody, readRateCard } from "./rate-card-input";

const HUGE = 20_000_000_000;
const basisPoints = fc.integer({ min: 0, max: 10_000 });
const charge = fc.integer({ min: 0, max: 3_000_000 });

/** A card as an owner can save one: 1 to 20 bands, heavier and no cheaper each one down. */
const card: fc.Arbitrary<RateCard> = fc
  .record({
    steps: fc.array(fc.record({ grams: fc.integer({ min: 1, max: 5000 }), rise: fc.tuple(charge, charge, charge) }), {
      minLength: 1,
      maxLength: 20,
    }),
    extra: fc.tuple(charge, charge, charge),
    cashHandlingBasisPoints: basisPoints,
    fuelBasisPoints: basisPoints,
    gstBasisPoints: basisPoints,
    returnChargePaisa: charge,
    deliveryChargedOnReturn: fc.boolean(),
    tolerancePaisa: fc.integer({ min: 0, max: 100_000 }),
  })
  .map(({ steps, extra, ...rest }) => {
    let grams = 0;
    const totals = [0, 0, 0];
    const bands = steps.map((step) => {
      grams += step.grams;
      // no charge above the most a card takes (Rs. 100,000)
      step.rise.forEach((rise, zone) => (totals[zone] = Math.min(10_000_000, totals[zone]! + rise)));
      return { upToGrams: grams, paisa: { city: totals[0]!, province: totals[1]!, country: totals[2]! } };
    });
    return { bands, extraPer500gPaisa: { city: extra[0], province: extra[1], country: extra[2] }, ...rest };
  });

const parcel = fc.record({
  outcome: fc.constantFrom("delivered" as const, "returned" as const),
  duePaisa: fc.integer({ min: 0, max: HUGE }),
  weightGrams: fc.integer({ min: 1, max: 200_000 }),
  zone: fc.constantFrom(...ZONES),
});
const withheld = fc.option(basisPoints);

describe("expectedDeductions, for any card", () => {
  it("answers whole paisa, none below zero, and its total as parcel_money keeps it", () => {
    fc.assert(
      fc.property(card, withheld, parcel, (c, tax, p) => {
        const expected = expectedDeductions(c, tax, p);
        expect(Object.keys(expected).sort()).toEqual([...DEDUCTION_KINDS].sort());
        for (const kind of DEDUCTION_KINDS) {
          expect(Number.isSafeInteger(expected[kind])).toBe(true);
          expect(expected[kind]).toBeGreaterThanOrEqual(0);
        }
        const columns = expectedColumns(expected);
        expect(columns.expectedDeductionsPaisa).toBe(totalOf(expected));
        expect(Object.values(columns.expectedDetail).every((paisa) => paisa !== 0)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("never expects less of a heavier parcel", () => {
    fc.assert(
      fc.property(card, withheld, parcel, fc.integer({ min: 0, max: 50_000 }), (c, tax, p, more) => {
        const lighter = expectedDeductions(c, tax, p);
        const heavier = expectedDeductions(c, tax, { ...p, weightGrams: p.weightGrams + more });
        expect(heavier.delivery).toBeGreaterThanOrEqual(lighter.delivery);
        expect(totalOf(heavier)).toBeGreaterThanOrEqual(totalOf(lighter));
      }),
      { numRuns: 2000 },
    );
  });

  it("takes no cash handling or withheld tax of a parcel that came back, and its delivery only where the card says", () => {
    fc.assert(
      fc.property(card, withheld, parcel, (c, tax, p) => {
        const expected = expectedDeductions(c, tax, { ...p, outcome: "returned" });
        expect(expected.cash_handling).toBe(0);
        expect(expected.withheld_tax).toBe(0);
        expect(expected.return_charge).toBe(c.returnChargePaisa);
        if (!c.deliveryChargedOnReturn) expect(expected.delivery + expected.fuel).toBe(0);
        else expect(expected.delivery).toBe(deliveryCharge(c, p.weightGrams, p.zone));
      }),
      { numRuns: 1000 },
    );
  });

  it("puts GST on exactly the charges, fuel on the delivery, the rates on the cash of a delivered parcel", () => {
    fc.assert(
      fc.property(card, withheld, parcel, (c, tax, p) => {
        const e = expectedDeductions(c, tax, p);
        expect(e.gst).toBe(percentOf(e.delivery + e.fuel + e.cash_handling + e.return_charge, c.gstBasisPoints));
        expect(e.fuel).toBe(percentOf(e.delivery, c.fuelBasisPoints));
        if (p.outcome === "delivered") {
          expect(e.cash_handling).toBe(percentOf(p.duePaisa, c.cashHandlingBasisPoints));
          expect(e.withheld_tax).toBe(tax === null ? 0 : percentOf(p.duePaisa, tax));
          expect(e.return_charge).toBe(0);
        }
        expect(e.other).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});

// a PostEx-like card: Rs. 150 / 165 / 180 up to 500 g, Rs. 200 / 220 / 250 up to 1 kg, GST 16%
const postexLike: RateCard = {
  bands: [
    { upToGrams: 500, paisa: { city: 15_000, province: 16_500, country: 18_000 } },
    { upToGrams: 1000, paisa: { city: 20_000, province: 22_000, country: 25_000 } },
  ],
  extraPer500gPaisa: { city: 5000, province: 6000, country: 7000 },
  cashHandlingBasisPoints: 0,
  fuelBasisPoints: 0,
  gstBasisPoints: 1600,
  returnChargePaisa: 0,
  deliveryChargedOnReturn: true,
  tolerancePaisa: 500,
};

// a Leopards-like card: Rs. 250 across Pakistan up to 500 g, cash handling 2.5%, fuel 10%, GST 16%, return Rs. 100
const leopardsLike: RateCard = {
  bands: [{ upToGrams: 500, paisa: { city: 12_000, province: 18_000, country: 25_000 } }],
  extraPer500gPaisa: { city: 6000, province: 8000, country: 10_000 },
  cashHandlingBasisPoints: 250,
  fuelBasisPoints: 1000,
  gstBasisPoints: 1600,
  returnChargePaisa: 10_000,
  deliveryChargedOnReturn: true,
  tolerancePaisa: 500,
};

describe("cards worked by hand", () => {
  it("PostEx-like: a 500 g parcel of Rs. 3,000 across Pakistan, 2% withheld", () => {
    const e = expectedDeductions(postexLike, 200, {
      outcome: "delivered",
      duePaisa: 300_000,
      weightGrams: 500,
      zone: "country",
    });
    // delivery 180, GST 16% of 180 = 28.80, withheld 2% of 3,000 = 60: Rs. 268.80, net Rs. 2,731.20
    expect(e).toMatchObject({ delivery: 18_000, gst: 2880, withheld_tax: 6000, cash_handling: 0, fuel: 0 });
    expect(totalOf(e)).toBe(26_880);
  });

  it("PostEx-like: each 500 g or part of it past the heaviest band adds the extra", () => {
    expect(deliveryCharge(postexLike, 1000, "city")).toBe(20_000);
    expect(deliveryCharge(postexLike, 1001, "city")).toBe(25_000);
    expect(deliveryCharge(postexLike, 1500, "city")).toBe(25_000);
    expect(deliveryCharge(postexLike, 2750, "province")).toBe(22_000 + 4 * 6000);
    expect(deliveryCharge(postexLike, 501, "country")).toBe(25_000);
  });

  it("Leopards-like: delivered and returned", () => {
    const delivered = expectedDeductions(leopardsLike, 200, {
      outcome: "delivered",
      duePaisa: 300_000,
      weightGrams: 450,
      zone: "country",
    });
    // 250 + fuel 25 + cash handling 75 + GST 16% of 350 = 56, withheld 60: Rs. 466
    expect(delivered).toEqual({
      delivery: 25_000,
      fuel: 2500,
      cash_handling: 7500,
      gst: 5600,
      return_charge: 0,
      withheld_tax: 6000,
      other: 0,
    });
    const returned = expectedDeductions(leopardsLike, 200, {
      outcome: "returned",
      duePaisa: 0,
      weightGrams: 450,
      zone: "country",
    });
    // 250 + fuel 25 + return 100 + GST 16% of 375 = 60: Rs. 435
    expect(returned).toEqual({
      delivery: 25_000,
      fuel: 2500,
      cash_handling: 0,
      gst: 6000,
      return_charge: 10_000,
      withheld_tax: 0,
      other: 0,
    });
    // each percentage rounded half up on its own line: 2.5% of Rs. 1,999.99 is Rs. 50.00 (4,999.975 paisa)
    const odd = expectedDeductions(leopardsLike, null, {
      outcome: "delivered",
      duePaisa: 199_999,
      weightGrams: 500,
      zone: "city",
    });
    expect(odd.cash_handling).toBe(5000);
  });

  it("zones: the same city, the same province, else across Pakistan", () => {
    const lahore = { id: 1, province: "Punjab" };
    expect(zoneOf(lahore, lahore)).toBe("city");
    expect(zoneOf(lahore, { id: 2, province: "Punjab" })).toBe("province");
    expect(zoneOf(lahore, { id: 3, province: "Sindh" })).toBe("country");
    expect(zoneOf(null, lahore)).toBe("country");
    expect(zoneOf({ id: 1, province: null }, { id: 2, province: null })).toBe("country");
  });
});

describe("a card's input", () => {
  it("reads back any card it wrote for the form, exactly", () => {
    fc.assert(
      fc.property(card, (c) => {
        expect(readRateCard(cardAsBody(c))).toEqual(c);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses 10,000 bands by their count before reading one", () => {
    const band = { up_to_grams: "x", city: "x", province: "x", country: "x" };
    const body = { ...cardAsBody(postexLike), bands: Array.from({ length: 10_000 }, () => band) };
    expect(() => readRateCard(body)).toThrow(
      expect.objectContaining({
        status: 422,
        extra: { errors: [{ field: "bands", message: "A rate card has from 1 to 20 weight bands" }] },
      }),
    );
  });
});
