import { describe, expect, it } from "vitest";
import { formatRupees } from "./money";
import { parseRupees } from "./money-input";

describe("parseRupees", () => {
  it("takes an amount as people type it, each form alike", () => {
    for (const typed of [
      "3490",
      "3490.00",
      "3,490",
      "Rs. 3,490",
      "Rs 3490",
      "rs.3,490.00",
      "PKR 3,490",
      " 3,490 ",
      3490,
    ]) {
      expect(parseRupees(typed), String(typed)).toBe(349_000);
    }
    expect(parseRupees("1,250,000")).toBe(125_000_000);
    expect(parseRupees("1,25,000")).toBe(12_500_000);
    expect(parseRupees("Rs. 2,499.5")).toBe(249_950);
    expect(parseRupees("0.01")).toBe(1);
    expect(parseRupees("-500")).toBe(-50_000);
    expect(parseRupees("-Rs. 1,000")).toBe(-100_000);
  });

  it("reads back what the shop's own pages show", () => {
    for (const paisa of [0, 1, 99, 100, 349_000, 12_500_050, 99_999_999_999]) {
      expect(parseRupees(formatRupees(paisa, { decimals: true }))).toBe(paisa);
      expect(parseRupees(formatRupees(paisa))).toBe(paisa);
    }
  });

  it("refuses what is not one amount", () => {
    for (const bad of [
      "",
      "Rs.",
      "3,49", // a decimal comma, or a typo: not guessed
      "34,90",
      ",490",
      "3,490,",
      "3,,490",
      "3490,00",
      "3.499",
      "1e5",
      "three",
      "Rs. 3,490 only",
      "$3490",
      "3490\u0000",
      "1".repeat(13),
      "9".repeat(41),
      "1,".repeat(500_000) + "000",
      null,
      undefined,
      {},
      ["3490"],
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(parseRupees(bad), JSON.stringify(bad)?.slice(0, 40)).toBeNull();
    }
  });
});
