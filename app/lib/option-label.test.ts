// An option type's name on each language's page: the common types in Urdu from the catalogue
// (so English pages carry none of their Urdu), an owner's own type as written and marked.
import { describe, expect, it } from "vitest";
import "../i18n/ur";
import { translatorIn } from "../i18n/t";
import { optionLabel } from "./variants";

// the types shops in this trade use, as they are stored
const COMMON_TYPES = [
  "size",
  "color",
  "colour",
  "material",
  "fabric",
  "style",
  "length",
  "pieces",
  "piece",
  "cup",
  "band",
  "fit",
  "sleeve",
  "sleeves",
  "design",
  "print",
  "pattern",
  "pack",
  "neck",
  "waist",
];
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

describe("an option type's name", () => {
  const en = translatorIn("en");
  const ur = translatorIn("ur");

  it("is English as it always was on English pages, however the owner cased it", () => {
    expect(optionLabel("color", en)).toEqual({ text: "Colour" });
    expect(optionLabel("size", en)).toEqual({ text: "Size" });
    expect(optionLabel("SIZE", en)).toEqual({ text: "SIZE" });
    expect(optionLabel("fabric weight", en)).toEqual({ text: "Fabric weight" });
  });

  it("is Urdu for every common type on Urdu pages, in any case or spacing", () => {
    for (const type of COMMON_TYPES) {
      const name = optionLabel(type, ur);
      expect(name.text, type).toMatch(ARABIC_SCRIPT);
      expect(name.lang, type).toBeUndefined();
    }
    expect(optionLabel(" Size ", ur).text).toBe(optionLabel("size", ur).text);
  });

  it("stays as the owner wrote it on Urdu pages when it is her own, marked when English", () => {
    expect(optionLabel("fabric weight", ur)).toEqual({ text: "Fabric weight", lang: "en" });
    expect(optionLabel("کڑھائی", ur)).toEqual({ text: "کڑھائی", lang: undefined });
  });
});
