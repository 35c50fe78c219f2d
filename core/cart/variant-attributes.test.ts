import { describe, expect, it } from "vitest";
import { matchesCombination, parseVariantAttributes, VariantAttributesError, variantKey } from "./variant-attributes";

describe("parseVariantAttributes", () => {
  it("takes an object or its JSON text", () => {
    expect(parseVariantAttributes({ size: "M", color: "Black" })).toEqual({ size: "M", color: "Black" });
    expect(parseVariantAttributes('{"size":"M"}')).toEqual({ size: "M" });
  });

  it("answers null for nothing", () => {
    for (const value of [null, undefined, "", "null", "{}", { size: "" }, { size: null }]) {
      expect(parseVariantAttributes(value)).toBeNull();
    }
  });

  it("refuses bad JSON, lists and nested objects", () => {
    for (const value of ["{size", "[1]", [1], { size: { a: 1 } }, 5]) {
      expect(() => parseVariantAttributes(value)).toThrow(VariantAttributesError);
    }
  });
});

describe("variantKey", () => {
  it("is the same whatever the order of keys", () => {
    expect(variantKey({ size: "M", color: "Black" })).toBe(variantKey({ color: "Black", size: "M" }));
    expect(variantKey({ size: "M", color: "Black" })).toBe('{"color":"Black","size":"M"}');
    expect(variantKey(null)).toBe("");
  });
});

describe("matchesCombination", () => {
  it("matches every attribute of the combination, in any case", () => {
    expect(matchesCombination({ size: "m", Color: "black" }, { size: "M", color: "Black" })).toBe(true);
    expect(matchesCombination({ size: "M" }, { size: "M", color: "Black" })).toBe(false);
    expect(matchesCombination({ size: "L", color: "Black" }, { size: "M", color: "Black" })).toBe(false);
  });
});
