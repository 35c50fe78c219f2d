import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceOrder, shipsFree, voucherDiscountPaisa, type PricingVoucher, type ShippingRule } from "./pricing";

const seeded = { shippingFeePaisa: 50_000, freeShippingThresholdPaisa: 500_000 };
const rule: ShippingRule = { feePaisa: seeded.shippingFeePaisa, freeThresholdPaisa: seeded.freeShippingThresholdPaisa };
const welcome10: PricingVoucher = { discountType: "percentage", discountValue: 10, maxDiscountPaisa: 100_000 };
const flat500: PricingVoucher = { discountType: "flat", discountValue: 50_000, maxDiscountPaisa: null };
const freeShip: PricingVoucher = { discountType: "shipping", discountValue: 0, maxDiscountPaisa: null };

describe("priceOrder", () => {
  it("adds line totals, charges Rs. 500 shipping below the threshold", () => {
    const figures = priceOrder({
      lines: [
        { unitPricePaisa: 249_900, quantity: 1 },
        { unitPricePaisa: 99_950, quantity: 2 },
      ],
      shipping: rule,
    });
    expect(figures).toEqual({
      lineTotalsPaisa: [249_900, 199_900],
      subtotalPaisa: 449_800,
      shippingFeePaisa: 50_000,
      shippingPaisa: 50_000,
      discountPaisa: 0,
      totalPaisa: 499_800,
    });
  });

  it("ships free exactly at the threshold and charges one paisa below it", () => {
    const at = priceOrder({ lines: [{ unitPricePaisa: 500_000, quantity: 1 }], shipping: rule });
    const below = priceOrder({ lines: [{ unitPricePaisa: 499_999, quantity: 1 }], shipping: rule });
    expect(at.shippingPaisa).toBe(0);
    expect(at.totalPaisa).toBe(500_000);
    expect(below.shippingPaisa).toBe(50_000);
    expect(below.totalPaisa).toBe(549_999);
  });

  it("never ships free by amount when no threshold is set", () => {
    const figures = priceOrder({
      lines: [{ unitPricePaisa: 10_000_000, quantity: 3 }],
      shipping: { feePaisa: 50_000, freeThresholdPaisa: null },
    });
    expect(figures.shippingPaisa).toBe(50_000);
  });

  it("takes 10% off, capped at Rs. 1,000 (WELCOME10)", () => {
    expect(
      priceOrder({ lines: [{ unitPricePaisa: 300_000, quantity: 1 }], shipping: rule, voucher: welcome10 }),
    ).toMatchObject({
      discountPaisa: 30_000,
      totalPaisa: 300_000 - 30_000 + 50_000,
    });
    expect(
      priceOrder({ lines: [{ unitPricePaisa: 2_000_000, quantity: 1 }], shipping: rule, voucher: welcome10 }),
    ).toMatchObject({
      discountPaisa: 100_000,
      shippingPaisa: 0,
      totalPaisa: 1_900_000,
    });
  });

  it("rounds a percentage half up to the paisa", () => {
    // 10% of Rs. 12.35 is 123.5 paisa
    expect(voucherDiscountPaisa({ discountType: "percentage", discountValue: 10, maxDiscountPaisa: null }, 1235)).toBe(
      124,
    );
    expect(voucherDiscountPaisa({ discountType: "percentage", discountValue: 10, maxDiscountPaisa: null }, 1234)).toBe(
      123,
    );
  });

  it("never discounts more than the goods", () => {
    expect(
      priceOrder({ lines: [{ unitPricePaisa: 30_000, quantity: 1 }], shipping: rule, voucher: flat500 }),
    ).toMatchObject({
      discountPaisa: 30_000,
      totalPaisa: 50_000,
    });
  });

  it("makes shipping free with a shipping voucher, without a discount on the goods", () => {
    expect(
      priceOrder({ lines: [{ unitPricePaisa: 100_000, quantity: 1 }], shipping: rule, voucher: freeShip }),
    ).toMatchObject({
      shippingFeePaisa: 50_000,
      shippingPaisa: 0,
      discountPaisa: 0,
      totalPaisa: 100_000,
    });
  });

  it("refuses amounts that are not whole paisa", () => {
    expect(() => priceOrder({ lines: [{ unitPricePaisa: 10.5, quantity: 1 }], shipping: rule })).toThrow(RangeError);
  });
});

// Any cart the API accepts: up to 100 lines of 1..99 units at up to the largest price column value.
const line = fc.record({
  unitPricePaisa: fc.integer({ min: 0, max: 2_147_483_647 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});
const lines = fc.array(line, { minLength: 1, maxLength: 100 });
const voucher: fc.Arbitrary<PricingVoucher | null> = fc.option(
  fc.oneof(
    fc.record({
      discountType: fc.constant("percentage" as const),
      discountValue: fc.integer({ min: 0, max: 100 }),
      maxDiscountPaisa: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
    }),
    fc.record({
      discountType: fc.constant("flat" as const),
      discountValue: fc.integer({ min: 0, max: 10_000_000 }),
      maxDiscountPaisa: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
    }),
    fc.record({
      discountType: fc.constant("shipping" as const),
      discountValue: fc.integer({ min: 0, max: 100 }),
      maxDiscountPaisa: fc.constant(null),
    }),
  ),
  { nil: null },
);
const shipping: fc.Arbitrary<ShippingRule> = fc.record({
  feePaisa: fc.integer({ min: 1, max: 10_000_000 }),
  freeThresholdPaisa: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
});

describe("priceOrder properties", () => {
  it("is exact in paisa for any cart, voucher and settings", () => {
    fc.assert(
      fc.property(lines, shipping, voucher, (cart, rule, v) => {
        const f = priceOrder({ lines: cart, shipping: rule, voucher: v });
        const all = [f.subtotalPaisa, f.shippingPaisa, f.discountPaisa, f.totalPaisa, ...f.lineTotalsPaisa];
        expect(all.every(Number.isSafeInteger)).toBe(true);
        // line totals are exact products; the subtotal their exact sum (checked with BigInt)
        cart.forEach((l, i) =>
          expect(BigInt(f.lineTotalsPaisa[i]!)).toBe(BigInt(l.unitPricePaisa) * BigInt(l.quantity)),
        );
        expect(BigInt(f.subtotalPaisa)).toBe(
          cart.reduce((s, l) => s + BigInt(l.unitPricePaisa) * BigInt(l.quantity), 0n),
        );
        expect(f.totalPaisa).toBe(f.subtotalPaisa - f.discountPaisa + f.shippingPaisa);
        expect(f.discountPaisa).toBeGreaterThanOrEqual(0);
        expect(f.discountPaisa).toBeLessThanOrEqual(f.subtotalPaisa);
        expect(f.totalPaisa).toBeGreaterThanOrEqual(0);
        if (v?.maxDiscountPaisa != null) expect(f.discountPaisa).toBeLessThanOrEqual(v.maxDiscountPaisa);
        if (!v || v.discountType === "shipping") expect(f.discountPaisa).toBe(0);
        if (v?.discountType === "percentage") {
          const exact = (BigInt(f.subtotalPaisa) * BigInt(v.discountValue) + 50n) / 100n;
          const capped =
            v.maxDiscountPaisa === null
              ? exact
              : exact < BigInt(v.maxDiscountPaisa)
                ? exact
                : BigInt(v.maxDiscountPaisa);
          expect(BigInt(f.discountPaisa)).toBe(capped);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("charges shipping exactly when the subtotal is below the threshold and no shipping voucher is used", () => {
    fc.assert(
      fc.property(lines, shipping, voucher, (cart, rule, v) => {
        const f = priceOrder({ lines: cart, shipping: rule, voucher: v });
        const free = rule.freeThresholdPaisa !== null && f.subtotalPaisa >= rule.freeThresholdPaisa;
        expect(f.shippingFeePaisa).toBe(free ? 0 : rule.feePaisa);
        expect(f.shippingPaisa).toBe(free || v?.discountType === "shipping" ? 0 : rule.feePaisa);
      }),
      { numRuns: 2000 },
    );
  });

  it("ships free at the threshold and not one paisa below it, whatever the threshold", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (threshold, fee) => {
          const rule = { feePaisa: fee, freeThresholdPaisa: threshold };
          expect(shipsFree(threshold, rule)).toBe(true);
          expect(shipsFree(threshold - 1, rule)).toBe(false);
          const at = priceOrder({ lines: [{ unitPricePaisa: threshold, quantity: 1 }], shipping: rule });
          const below = priceOrder({ lines: [{ unitPricePaisa: threshold - 1, quantity: 1 }], shipping: rule });
          expect(at.totalPaisa).toBe(threshold);
          expect(below.totalPaisa).toBe(threshold - 1 + fee);
        },
      ),
    );
  });

  it("gives the same figures for the same cart in any line order", () => {
    fc.assert(
      fc.property(lines, shipping, voucher, fc.nat(), (cart, rule, v, seed) => {
        const shuffled = [...cart].sort(
          (a, b) =>
            ((a.unitPricePaisa * 31 + a.quantity + seed) % 97) - ((b.unitPricePaisa * 31 + b.quantity + seed) % 97),
        );
        const a = priceOrder({ lines: cart, shipping: rule, voucher: v });
        const b = priceOrder({ lines: shuffled, shipping: rule, voucher: v });
        expect([b.subtotalPaisa, b.shippingPaisa, b.discountPaisa, b.totalPaisa]).toEqual([
          a.subtotalPaisa,
          a.shippingPaisa,
          a.discountPaisa,
          a.totalPaisa,
        ]);
      }),
    );
  });
});
