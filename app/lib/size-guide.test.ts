import { describe, expect, it } from "vitest";
import { sizeGuideFor, sizeGuideForChoice } from "./size-guide";

describe("sizeGuideFor", () => {
  it("gives band and cup sizes a bra guide with underbust and bust, one row per size of the product", () => {
    const guide = sizeGuideFor(["32B", "34B", "34C", "36C", "36D", "38D"]);
    expect(guide?.kind).toBe("bra");
    expect(guide?.columns).toEqual(["Size", "Underbust", "Bust"]);
    expect(guide?.rows.map((r) => r[0])).toEqual(["32B", "34B", "34C", "36C", "36D", "38D"]);
    // band 34 fits an underbust of 32 to 34 in; a C cup is 3 in more at the bust
    expect(guide?.rows[2]).toEqual(["34C", "32–34", "37"]);
  });

  it("gives XS-XL the apparel table with chest, waist and length", () => {
    const guide = sizeGuideFor(["XS", "S", "M", "L", "XL"]);
    expect(guide?.kind).toBe("apparel");
    expect(guide?.columns).toEqual(["Size", "Chest", "Waist", "Length"]);
    expect(guide?.rows.map((r) => r[0])).toEqual(["XS", "S", "M", "L", "XL"]);
    expect(sizeGuideFor(["M", "L"])?.rows.map((r) => r[0])).toEqual(["M", "L"]);
  });

  it("gives free size, no sizes and sizes it has no measurements for no guide", () => {
    expect(sizeGuideFor([])).toBeNull();
    expect(sizeGuideFor(["Free Size"])).toBeNull();
    expect(sizeGuideFor(["S", "32B"])).toBeNull();
    expect(sizeGuideFor(["6-12 months"])).toBeNull();
  });

  it("honours the product's size_guide choice: none, a forced table, or auto", () => {
    expect(sizeGuideForChoice("none", ["S", "M"])).toBeNull();
    expect(sizeGuideForChoice("auto", ["S", "M"])?.kind).toBe("apparel");
    expect(sizeGuideForChoice("apparel", ["Free Size"])?.rows.map((r) => r[0])).toEqual(["XS", "S", "M", "L", "XL"]);
    expect(sizeGuideForChoice("apparel", ["M", "Free Size"])?.rows.map((r) => r[0])).toEqual(["M"]);
    expect(sizeGuideForChoice("bra", ["34B"])?.rows.map((r) => r[0])).toEqual(["34B"]);
    expect(sizeGuideForChoice("bra", [])?.kind).toBe("bra");
  });
});
