import { describe, expect, it } from "vitest";
import { addMessages, translate, translateCount } from "./messages";

addMessages("ur", {
  "Only {count} left": "صرف {count} باقی",
  "{count} item": "{count} چیز",
  "{count} items": "{count} چیزیں",
});

describe("translate", () => {
  it("gives English as written, with its values as they are", () => {
    expect(translate("en", "Only {count} left", { count: 3 })).toBe("Only 3 left");
    expect(translate("en", "Only {count} left")).toBe("Only {count} left");
  });

  it("gives Urdu with each value isolated, so a number or a code reads left to right inside it", () => {
    expect(translate("ur", "Only {count} left", { count: 3 })).toBe("صرف \u20683\u2069 باقی");
  });

  it("shows English for a message the catalogue lacks, and leaves an unknown placeholder as written", () => {
    expect(translate("ur", "Not in the catalogue")).toBe("Not in the catalogue");
    expect(translate("ur", "Only {count} left", { other: 1 })).toBe("صرف {count} باقی");
  });

  it("does not treat a value as a message, and does not read the prototype as a catalogue", () => {
    expect(translate("ur", "constructor")).toBe("constructor");
    expect(translate("ur", "__proto__")).toBe("__proto__");
    expect(translate("ur", "Only {count} left", { count: "{count}" })).toBe("صرف \u2068{count}\u2069 باقی");
  });

  it("picks the form for a count in each language", () => {
    expect(translateCount("en", 1, "{count} item", "{count} items")).toBe("1 item");
    expect(translateCount("en", 2, "{count} item", "{count} items")).toBe("2 items");
    expect(translateCount("ur", 1, "{count} item", "{count} items")).toBe("\u20681\u2069 چیز");
    expect(translateCount("ur", 0, "{count} item", "{count} items")).toBe("\u20680\u2069 چیزیں");
  });
});
