// The arithmetic of a parcel's cash held to the paisa (decision 0106): whatever a courier reports
// (its own words and others, negative adjustments, amounts up to Rs. 200,000,000, figures printed
// with 0 to 4 decimals and read by the adapters' own converters), net is collected less every
// deduction, the deductions are the charges plus what they leave unexplained, and every figure is
// a whole number. Then what is flagged, and invoices worked by hand.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEDUCTION_KINDS, COURIER_CODES, type CourierCode } from "../../db/schema";
import { leopardsPaisa } from "../couriers/leopards";
import { postexPaisa } from "../couriers/postex";
import { tcsPaisa } from "../couriers/tcs";
import { traxPaisa } from "../couriers/trax-answer";
import { deductionKindOf, differenceOf, makeWhole, percentOf, totalOf, type ReportedMoney } from "./money-rules";

// Rs. 200,000,000 in paisa
const HUGE = 20_000_000_000;

// the couriers' documented words, the headings their reports use, words nobody planned for, and
// words every JavaScript object already answers to
const KNOWN_WORDS = [
  "transactionFee",
  "transactionTax",
  "reversalFee",
  "reversalTax",
  "shipment_charges",
  "cash_handling_charges",
  "return_charges",
  "insurance_charges",
  "fuel_surcharge_amount",
  "gst_amount",
  "weight_charges",
  "fuel_surcharge",
  "replacement_charges",
  "adjustment_charges",
  "gst",
  "delivery charges",
];
const REPORT_WORDS = ["Withholding Tax 6A", "GST on return", "Sales Tax", "COD fee", "RTO charges", "Freight", "Misc"];
const OBJECT_WORDS = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "prototype"];

const word = fc.oneof(fc.constantFrom(...KNOWN_WORDS, ...REPORT_WORDS, ...OBJECT_WORDS), fc.string({ maxLength: 300 }));
const amount = fc.integer({ min: -HUGE, max: HUGE });
const courier = fc.constantFrom(...COURIER_CODES);
const charges = fc.array(fc.record({ kind: word, paisa: amount }), { maxLength: 20 });
const context = fc.record({
  duePaisa: fc.integer({ min: 0, max: HUGE }),
  expectedWithheldPaisa: fc.option(fc.integer({ min: 0, max: HUGE / 50 })),
  tolerancePaisa: fc.integer({ min: 0, max: 100_000 }),
});
const reported = fc.record({
  collectedPaisa: fc.option(amount),
  paidPaisa: fc.option(amount),
  charges,
});

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The identity every made-whole payment keeps, whatever the courier said. */
type Context = Parameters<typeof makeWhole>[2];

function expectWhole(courierCode: CourierCode, money: ReportedMoney, ctx: Context) {
  const whole = makeWhole(courierCode, money, ctx);
  const deductions = DEDUCTION_KINDS.map((kind) => whole.deductions[kind]);
  for (const figure of [whole.collectedPaisa, whole.netPaisa, ...deductions])
    expect(Number.isSafeInteger(figure)).toBe(true);
  expect(Object.keys(whole.deductions).sort()).toEqual([...DEDUCTION_KINDS].sort());
  expect(whole.netPaisa).toBe(whole.collectedPaisa - totalOf(whole.deductions));
  const charged = sum(money.charges.map((c) => c.paisa));
  const unexplained = money.paidPaisa === null ? 0 : whole.collectedPaisa - charged - money.paidPaisa;
  expect(totalOf(whole.deductions)).toBe(charged + unexplained);
  return whole;
}

describe("makeWhole, for anything a courier reports", () => {
  it("net is collected less every deduction, the deductions are the charges and the unexplained rest, all whole paisa", () => {
    fc.assert(
      fc.property(courier, reported, context, (code, money, ctx) => {
        const whole = expectWhole(code, money, ctx);
        if (money.paidPaisa !== null) expect(whole.netPaisa).toBe(money.paidPaisa);
        if (money.collectedPaisa !== null) expect(whole.collectedPaisa).toBe(money.collectedPaisa);
        else if (money.paidPaisa !== null)
          expect(whole.collectedPaisa).toBe(money.paidPaisa + sum(money.charges.map((c) => c.paisa)));
        else expect(whole.collectedPaisa).toBe(ctx.duePaisa);
        expect(whole.collectedAssumed).toBe(money.collectedPaisa === null && money.paidPaisa === null);
      }),
      { numRuns: 2000 },
    );
  });

  it("sorts every word into one of the seven kinds, words objects answer to included", () => {
    fc.assert(
      fc.property(courier, word, (code, w) => {
        expect(DEDUCTION_KINDS).toContain(deductionKindOf(code, w));
      }),
      { numRuns: 2000 },
    );
    for (const w of OBJECT_WORDS) for (const code of COURIER_CODES) expect(deductionKindOf(code, w)).toBe("other");
  });

  it("keeps the identity for figures printed with 0 to 4 decimals, read by each courier's own converter", () => {
    // a rupee figure as couriers print it: 18.555, 28.8, 1,250, 200000000.0001
    const printed = fc
      .record({ units: fc.integer({ min: -HUGE * 100, max: HUGE * 100 }), decimals: fc.integer({ min: 0, max: 4 }) })
      .map(({ units, decimals }) => {
        const scale = 10 ** decimals;
        const scaled = Math.trunc(units / 10 ** (4 - decimals));
        const sign = scaled < 0 ? "-" : "";
        const abs = Math.abs(scaled);
        const text = decimals
          ? `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(decimals, "0")}`
          : `${sign}${abs}`;
        return { text, scaled, scale };
      });
    const converters: [string, (value: unknown) => number | null, boolean][] = [
      ["postex", postexPaisa, true],
      ["leopards", leopardsPaisa, true],
      ["trax", traxPaisa, true],
      ["tcs", tcsPaisa, false],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...converters),
        fc.array(fc.record({ kind: word, figure: printed, asText: fc.boolean() }), { maxLength: 12 }),
        fc.option(printed),
        fc.option(printed),
        context,
        ([code, toPaisa, readsText], rows, collected, paid, ctx) => {
          const read = (figure: { text: string; scaled: number; scale: number }, asText: boolean) => {
            const paisa = toPaisa(asText && readsText ? figure.text : Number(figure.text));
            if (paisa === null) return null;
            expect(Number.isSafeInteger(paisa)).toBe(true);
            // within half a paisa of the printed figure: paisa × scale against rupees × 100 × scale
            expect(Math.abs(paisa * figure.scale - figure.scaled * 100)).toBeLessThanOrEqual(figure.scale / 2);
            return paisa;
          };
          const money: ReportedMoney = {
            collectedPaisa: collected && read(collected, true),
            paidPaisa: paid && read(paid, true),
            charges: rows.flatMap((row) => {
              const paisa = read(row.figure, row.asText);
              return paisa === null ? [] : [{ kind: row.kind, paisa }];
            }),
          };
          expectWhole(code as CourierCode, money, ctx);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe("differenceOf", () => {
  const figures = fc.record({
    duePaisa: fc.integer({ min: 0, max: HUGE }),
    collectedPaisa: fc.integer({ min: -HUGE, max: HUGE }),
    netPaisa: fc.integer({ min: -HUGE, max: HUGE }),
    expectedDeductionsPaisa: fc.option(fc.integer({ min: 0, max: HUGE })),
    tolerancePaisa: fc.integer({ min: 0, max: 100_000 }),
  });

  it("flags exactly what falls short of the expected net beyond the tolerance, and says why", () => {
    fc.assert(
      fc.property(figures, (input) => {
        const found = differenceOf(input);
        const collectedShort = input.duePaisa - input.collectedPaisa;
        if (input.expectedDeductionsPaisa === null) {
          expect(found !== null).toBe(collectedShort > input.tolerancePaisa);
          if (found) expect(found).toEqual({ kind: "paid short", paisa: collectedShort });
          return;
        }
        const expectedNet = input.duePaisa - input.expectedDeductionsPaisa;
        if (input.netPaisa >= expectedNet - input.tolerancePaisa) expect(found).toBeNull();
        else {
          expect(found).not.toBeNull();
          expect(found!.paisa).toBe(expectedNet - input.netPaisa);
          expect(found!.paisa).toBeGreaterThan(input.tolerancePaisa);
          expect(found!.kind).toBe(
            collectedShort > input.tolerancePaisa ? "paid short" : "charged more than the rate card",
          );
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("is exact at the edge of the tolerance", () => {
    const at = { duePaisa: 300_000, collectedPaisa: 300_000, expectedDeductionsPaisa: 26_880, tolerancePaisa: 500 };
    expect(differenceOf({ ...at, netPaisa: 273_120 - 500 })).toBeNull();
    expect(differenceOf({ ...at, netPaisa: 273_120 - 501 })).toEqual({
      kind: "charged more than the rate card",
      paisa: 501,
    });
    // paid more than expected is no dispute
    expect(differenceOf({ ...at, netPaisa: 290_000 })).toBeNull();
  });
});

describe("percentOf", () => {
  it("is x × rate / 10,000 rounded half up, in whole paisa", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: HUGE }), fc.integer({ min: 0, max: 10_000 }), (paisa, rate) => {
        const got = percentOf(paisa, rate);
        expect(Number.isSafeInteger(got)).toBe(true);
        // exact: 2 × 10,000 × got lies within 10,000 of 2 × paisa × rate, rounding half up
        const twice = 2n * BigInt(paisa) * BigInt(rate);
        expect(20_000n * BigInt(got) - twice).toBeLessThanOrEqual(10_000n);
        expect(twice - 20_000n * BigInt(got)).toBeLessThan(10_000n);
      }),
      { numRuns: 3000 },
    );
    expect(percentOf(18_000, 1600)).toBe(2880);
    expect(percentOf(15, 5000)).toBe(8);
  });
});

describe("invoices worked by hand", () => {
  it("a PostEx-like payment: Rs. 3,000 collected, fee Rs. 180, its tax Rs. 28.80, 2% withheld on the cash", () => {
    const whole = makeWhole(
      "postex",
      {
        collectedPaisa: postexPaisa("3,000.00"),
        paidPaisa: postexPaisa(2731.2),
        charges: [
          { kind: "transactionFee", paisa: postexPaisa(180)! },
          { kind: "transactionTax", paisa: postexPaisa("28.8")! },
        ],
      },
      { duePaisa: 300_000, expectedWithheldPaisa: 6000, tolerancePaisa: 500 },
    );
    // 3,000 − 180 − 28.80 − 2,731.20 = 60.00 unexplained: the 2% withheld on Rs. 3,000
    expect(whole.deductions).toEqual({
      delivery: 18_000,
      cash_handling: 0,
      fuel: 0,
      gst: 2880,
      return_charge: 0,
      withheld_tax: 6000,
      other: 0,
    });
    expect(whole.netPaisa).toBe(273_120);
  });

  it("a Leopards-like payment: shipment Rs. 250, cash handling Rs. 75, fuel Rs. 25, GST Rs. 56; a gap that is no tax is other", () => {
    const charges = [
      { kind: "shipment_charges", paisa: leopardsPaisa("250.00")! },
      { kind: "cash_handling_charges", paisa: leopardsPaisa("75")! },
      { kind: "fuel_surcharge_amount", paisa: leopardsPaisa("25.00")! },
      { kind: "gst_amount", paisa: leopardsPaisa("56.00")! },
    ];
    const context = { duePaisa: 300_000, expectedWithheldPaisa: 6000, tolerancePaisa: 500 };
    const paid = makeWhole("leopards", { collectedPaisa: 300_000, paidPaisa: 253_400, charges }, context);
    expect(paid.deductions).toMatchObject({
      delivery: 25_000,
      cash_handling: 7500,
      fuel: 2500,
      gst: 5600,
      withheld_tax: 6000,
      other: 0,
    });
    expect(paid.netPaisa).toBe(253_400);
    // Rs. 150 short of what the charges and the tax explain: not the tax, so other
    const short = makeWhole("leopards", { collectedPaisa: 300_000, paidPaisa: 244_400, charges }, context);
    expect(short.deductions).toMatchObject({ withheld_tax: 0, other: 15_000 });
    expect(short.netPaisa).toBe(244_400);
    // only what it paid named: collected is paid plus its charges
    const paidOnly = makeWhole("leopards", { collectedPaisa: null, paidPaisa: 259_400, charges }, context);
    expect(paidOnly.collectedPaisa).toBe(300_000);
    expect(paidOnly.collectedAssumed).toBe(false);
  });

  it("a TCS-like status that names neither: the due amount is taken as collected", () => {
    const whole = makeWhole(
      "tcs",
      { collectedPaisa: null, paidPaisa: null, charges: [{ kind: "delivery charges", paisa: tcsPaisa(116)! }] },
      { duePaisa: 249_900, expectedWithheldPaisa: null, tolerancePaisa: 500 },
    );
    expect(whole).toMatchObject({ collectedPaisa: 249_900, netPaisa: 238_300, collectedAssumed: true });
  });
});
