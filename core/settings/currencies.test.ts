import { describe, expect, it } from "vitest";
import { approximatePrice, convertPaisa, formatCents, parseRate, rateFromDb, rateShown, rateText } from "./currencies";

describe("a rate as people type it", () => {
  it("is kept exactly, in ten-thousandths of a rupee", () => {
    expect(parseRate("278.5", "USD")).toEqual({ rate: 2_785_000 });
    expect(parseRate(" 278.50 ", "USD")).toEqual({ rate: 2_785_000 });
    expect(parseRate("Rs. 301.2575", "EUR")).toEqual({ rate: 3_012_575 });
    expect(parseRate("PKR 355", "GBP")).toEqual({ rate: 3_550_000 });
    expect(parseRate("1,250.5", "GBP")).toEqual({ rate: 12_505_000 });
    expect(parseRate(278.5, "USD")).toEqual({ rate: 2_785_000 });
    expect(parseRate("0.0001", "USD")).toEqual({ rate: 1 });
    expect(parseRate("99999.9999", "USD")).toEqual({ rate: 999_999_999 });
  });

  it("refuses what is no rate, each with its reason", () => {
    const error = (value: unknown) => {
      const parsed = parseRate(value, "USD");
      return "error" in parsed ? parsed.error : null;
    };
    expect(error("0")).toMatch(/more than 0/);
    expect(error("0.0000")).toMatch(/more than 0/);
    expect(error(0)).toMatch(/more than 0/);
    expect(error("-5")).toMatch(/more than 0/);
    expect(error(-278.5)).toMatch(/more than 0/);
    expect(error("278.12345")).toMatch(/at most 4 decimal places/);
    expect(error("100000")).toMatch(/less than Rs\. 100,000 per USD/);
    expect(error(1e21)).toMatch(/rupees per USD/);
    expect(error("1e3")).toMatch(/rupees per USD/);
    expect(error(1e-7)).toMatch(/rupees per USD/);
    expect(error(Number.NaN)).toMatch(/rupees per USD/);
    expect(error(Number.POSITIVE_INFINITY)).toMatch(/rupees per USD/);
    expect(error("abc")).toMatch(/rupees per USD/);
    expect(error("278.5\u0000")).toMatch(/rupees per USD/);
    expect(error("2,78.5")).toMatch(/rupees per USD/);
    expect(error("")).toMatch(/rupees per USD/);
    expect(error("9".repeat(1_000_000))).toMatch(/rupees per USD/);
    expect(error(true)).toMatch(/rupees per USD/);
    expect(error({ rate: 1 })).toMatch(/rupees per USD/);
  });

  it("reads back as the database holds it and as people read it", () => {
    expect(rateText(2_785_000)).toBe("278.5000");
    expect(rateText(1)).toBe("0.0001");
    expect(rateFromDb("278.5000")).toBe(2_785_000);
    expect(rateFromDb("0.0001")).toBe(1);
    expect(rateFromDb(null)).toBeNull();
    expect(rateShown(2_785_000)).toBe("278.50");
    expect(rateShown(3_012_575)).toBe("301.2575");
    expect(rateShown(3_012_500)).toBe("301.25");
    expect(rateShown(3_012_510)).toBe("301.251");
    expect(rateShown(12_505_000)).toBe("1,250.50");
  });
});

describe("a price converted", () => {
  it("is paisa × 10,000 ÷ rate cents, rounded half up", () => {
    // Rs. 2,499 at Rs. 278.50 per dollar: 8.9730… dollars
    expect(convertPaisa(249_900, 2_785_000)).toBe(897);
    // exactly half a cent rounds up: Rs. 1 at Rs. 200 per unit is 0.5 cents
    expect(convertPaisa(100, 2_000_000)).toBe(1);
    expect(convertPaisa(99, 2_000_000)).toBe(0);
    expect(convertPaisa(0, 2_785_000)).toBe(0);
    expect(convertPaisa(-249_900, 2_785_000)).toBe(-897);
    // at Rs. 1 per unit a rupee is a unit
    expect(convertPaisa(12_345, 10_000)).toBe(12_345);
  });

  it("is exact where a float quotient would not be", () => {
    // 9,007,199,254,740,991 paisa × 10,000 is far past 2^53; the exact result by hand
    const paisa = Number.MAX_SAFE_INTEGER;
    const exact = (BigInt(paisa) * 10_000n * 2n + 3n) / 6n;
    expect(convertPaisa(paisa, 3)).toBe(Number(exact));
    expect(() => convertPaisa(1.5, 10_000)).toThrow(RangeError);
    expect(() => convertPaisa(100, 1.5)).toThrow(RangeError);
    expect(() => convertPaisa(100, 0)).toThrow(RangeError);
  });

  it("reads as an approximate amount with its symbol and 2 decimals", () => {
    expect(formatCents(897, "USD")).toBe("$8.97");
    expect(formatCents(123_450, "EUR")).toBe("€1,234.50");
    expect(formatCents(5, "GBP")).toBe("£0.05");
    expect(approximatePrice(249_900, { code: "USD", rate: 2_785_000 })).toBe("≈ $8.97");
  });
});
