import { describe, expect, it } from "vitest";
import { langOf, localised, localisedAll, urduOrNull } from "./localised-text";

const product = {
  id: 7,
  name: "Lawn Suit",
  nameUr: "لان کا سوٹ",
  description: "Three-piece lawn.",
  descriptionUr: null as string | null,
  pricePaisa: 250_000,
};

describe("localised", () => {
  it("shows the Urdu where staff wrote it and the English where not, naming the English fields", () => {
    const shown = localised(product, "ur", ["name", "description"]);
    expect(shown.name).toBe("لان کا سوٹ");
    expect(shown.description).toBe("Three-piece lawn.");
    expect(shown.inEnglish).toEqual(["description"]);
    expect(langOf(shown, "description")).toBe("en");
    expect(langOf(shown, "name")).toBeUndefined();
    // everything else, and the twins themselves, stay as they were
    expect(shown.pricePaisa).toBe(250_000);
    expect(shown.nameUr).toBe("لان کا سوٹ");
  });

  it("leaves an English page's record as it is, with no field marked", () => {
    const shown = localised(product, "en", ["name", "description"]);
    expect(shown.name).toBe("Lawn Suit");
    expect(shown.description).toBe("Three-piece lawn.");
    expect(shown.inEnglish).toEqual([]);
  });

  it("takes Urdu of only whitespace as none, and does not mark an empty English text", () => {
    const shown = localised({ ...product, nameUr: "  \n", description: "" }, "ur", ["name", "description"]);
    expect(shown.name).toBe("Lawn Suit");
    expect(shown.inEnglish).toEqual(["name"]);
  });

  it("does not change the record it was given", () => {
    const copy = structuredClone(product);
    localised(product, "ur", ["name", "description"]);
    expect(product).toEqual(copy);
  });

  it("localises a list the same way", () => {
    const list = localisedAll([product, { ...product, nameUr: null }], "ur", ["name"]);
    expect(list.map((p) => p.name)).toEqual(["لان کا سوٹ", "Lawn Suit"]);
    expect(list.map((p) => p.inEnglish)).toEqual([[], ["name"]]);
  });
});

describe("urduOrNull", () => {
  it("keeps absent as absent, turns empty or whitespace into null, trims the rest", () => {
    expect(urduOrNull(undefined)).toBeUndefined();
    expect(urduOrNull(null)).toBeNull();
    expect(urduOrNull("")).toBeNull();
    expect(urduOrNull(" \t\u00a0 ")).toBeNull();
    expect(urduOrNull("  کرتی ")).toBe("کرتی");
  });
});
