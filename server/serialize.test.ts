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
  it("leaves anyone's text as written, even with the private-use character the old mark was", () => {
    // each of these broke the answer (an escaped quote taken for the amount's) or turned a name
    // into a number while the mark was one fixed character
    for (const name of ['a"\uE0001.00', "\uE0001.00", '\uE000-5.00"', "\\\uE0001.00", "~1.00~", "x".repeat(10_000)]) {
      const text = serialize({ name, price: money(249900), list: [{ name, total: money(-5) }] });
      expect(JSON.parse(text), JSON.stringify(name)).toEqual({ name, price: 2499, list: [{ name, total: -0.05 }] });
      expect(text).toContain('"price":2499.00');
    }
  });
  it("never lets its mark out: an amount that is not whole paisa is null", () => {
    const text = serialize({ a: money(Number.NaN), b: money(1.5), c: money(Number.MAX_SAFE_INTEGER) });
    expect(text).toBe('{"a":null,"b":null,"c":90071992547409.91}');
  });
  it("unquotes every amount of a large answer in one pass", () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => ({ id: i, price: money(i * 101), text: `"${i}.00"` }));
    const parsed = JSON.parse(serialize(rows)) as { price: number; text: string }[];
    expect(parsed[1_999]).toEqual({ id: 1_999, price: 2018.99, text: '"1999.00"' });
  });
});
