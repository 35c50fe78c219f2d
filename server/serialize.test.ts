import { describe, expect, it } from "vitest";
import { money, serialize } from "./serialize";

describe("serialize", () => {
  it("writes rupee amounts as numbers with two decimals", () => {
    expect(serialize({ price: money(249900), fee: money(5), neg: money(-150) })).toBe(
      '{"price":2499.00,"fee":0.05,"neg":-1.50}',
    );
  });
  it("leaves ordinary strings that look like amounts alone", () => {
    expect(serialize({ text: "2499.00", n: 3 })).toBe('{"text":"2499.00","n":3}');
  });
  it("writes null for a missing amount", () => {
    expect(serialize({ compare: money(null) })).toBe('{"compare":null}');
  });
  it("produces JSON that parses back to the same value", () => {
    expect(JSON.parse(serialize([money(1), money(123456789)]))).toEqual([0.01, 1234567.89]);
  });
});
