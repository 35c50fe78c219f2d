// The city matcher on the base list, without a database: the spellings shoppers type, typing
// mistakes, what must match nothing, hostile text, and the list itself (no spelling two cities share).
import { describe, expect, it } from "vitest";
import { buildCityIndex, cityKeys, editDistance, matchCity, suggestCities, CITY_TEXT_MAX } from "./city-match";
import { PAKISTAN_CITIES, PROVINCES } from "./pakistan-cities";

const index = buildCityIndex(PAKISTAN_CITIES);
const match = (text: string) => matchCity(index, text)?.city.name ?? null;

describe("the base list", () => {
  it("holds every province's cities, largest first, with no spelling two cities share", () => {
    expect(PAKISTAN_CITIES.length).toBeGreaterThanOrEqual(150);
    expect(index.clashes).toEqual([]);
    expect(new Set(PAKISTAN_CITIES.map((c) => c.name.toLowerCase())).size).toBe(PAKISTAN_CITIES.length);
    expect(PAKISTAN_CITIES.slice(0, 4).map((c) => c.name)).toEqual(["Karachi", "Lahore", "Faisalabad", "Rawalpindi"]);
    expect(PAKISTAN_CITIES.map((c) => c.rank)).toEqual(PAKISTAN_CITIES.map((_, n) => n + 1));
    for (const province of Object.values(PROVINCES)) {
      expect(PAKISTAN_CITIES.some((c) => c.province === province), province).toBe(true);
    }
    // each city is found by its own name
    for (const city of PAKISTAN_CITIES) expect(match(city.name), city.name).toBe(city.name);
  });

  it("names the district headquarters a courier list is checked against", () => {
    const names = new Set(PAKISTAN_CITIES.map((c) => c.name));
    for (const hq of [
      "Muzaffarabad",
      "Mirpur",
      "Kotli",
      "Gilgit",
      "Skardu",
      "Gwadar",
      "Turbat",
      "Mithi",
      "Jauharabad",
      "Talagang",
      "Taunsa",
      "Murree",
    ]) {
      expect(names.has(hq), hq).toBe(true);
    }
    expect(match("Saidu Sharif")).toBe("Mingora");
  });
});

describe("matching what a shopper typed", () => {
  it.each([
    ["Pindi", "Rawalpindi"],
    ["Rwp", "Rawalpindi"],
    ["rawalpindi cantt", "Rawalpindi"],
    ["Isb", "Islamabad"],
    ["Islamabad Capital", "Islamabad"],
    ["islamabad capital territory", "Islamabad"],
    ["Khi", "Karachi"],
    ["Karachi City", "Karachi"],
    ["Lhr", "Lahore"],
    ["Lahore Cantt", "Lahore"],
    ["Fsd", "Faisalabad"],
    ["Lyallpur", "Faisalabad"],
    ["Mux", "Multan"],
    ["Pesh", "Peshawar"],
    ["Psh", "Peshawar"],
    ["Hyd", "Hyderabad"],
    ["Skt", "Sialkot"],
    ["Grw", "Gujranwala"],
    ["D.G. Khan", "Dera Ghazi Khan"],
    ["DG Khan", "Dera Ghazi Khan"],
    ["dera ghazi khan", "Dera Ghazi Khan"],
    ["D.I. Khan", "Dera Ismail Khan"],
    ["D I Khan", "Dera Ismail Khan"],
    ["RYK", "Rahim Yar Khan"],
    ["Rahim-Yar-Khan", "Rahim Yar Khan"],
    ["Rahimyar Khan", "Rahim Yar Khan"],
    ["Bwp", "Bahawalpur"],
    ["M.B. Din", "Mandi Bahauddin"],
    ["T.T. Singh", "Toba Tek Singh"],
    ["Muzaffarabad AJK", "Muzaffarabad"],
    ["Mirpur", "Mirpur"],
    ["Mirpur Azad Kashmir", "Mirpur"],
    ["Mirpur Khas", "Mirpur Khas"],
    ["Mirpurkhas", "Mirpur Khas"],
    ["Wah", "Wah Cantt"],
    ["Shaheed Benazirabad", "Nawabshah"],
    ["  LAHORE  ", "Lahore"],
    ["lahore.", "Lahore"],
    ["Lahore, Pakistan", "Lahore"],
    ["Lahore 54000", "Lahore"],
    ["Quetta, Balochistan", "Quetta"],
    ["District Swat", "Mingora"],
    ["لاہور", "Lahore"],
    ["لاهور", "Lahore"],
    ["کراچی", "Karachi"],
    ["اسلام آباد", "Islamabad"],
    ["Ｌａｈｏｒｅ", "Lahore"],
    ["Pesháwar", "Peshawar"],
    ["Lahore\u200b", "Lahore"],
    ["\u202bLahore\u202c", "Lahore"],
  ])("%s → %s", (typed, city) => {
    expect(match(typed)).toBe(city);
  });

  it.each([
    ["Rawalpndi", "Rawalpindi"],
    ["Faislabad", "Faisalabad"],
    ["Fasialabad", "Faisalabad"],
    ["Gujranwla", "Gujranwala"],
    ["Peshwar", "Peshawar"],
    ["Islambad", "Islamabad"],
    ["Karchi", "Karachi"],
    ["Hyderbad", "Hyderabad"],
    ["Bahawalpor", "Bahawalpur"],
    ["Dera Ismial Khan", "Dera Ismail Khan"],
    ["Sialkt", "Sialkot"],
  ])("a typing mistake in a longer name: %s → %s", (typed, city) => {
    expect(matchCity(index, typed)).toMatchObject({ city: { name: city }, how: "typo" });
  });

  it("tells near names apart, and guesses nothing when two cities are as near", () => {
    expect(match("Kharian")).toBe("Kharian");
    expect(match("Kharan")).toBe("Kharan");
    expect(match("Kotli")).toBe("Kotli");
    expect(match("Kotri")).toBe("Kotri");
    // one letter from both Dera Ghazi Khan (dg) and Dera Ismail Khan (di)
    expect(match("DK Khan")).toBeNull();
    expect(match("Kotl")).toBeNull();
  });

  it.each([
    ["London"],
    ["Lah"],
    ["x"],
    [""],
    ["   "],
    ["..."],
    ["54000"],
    ["<script>alert(1)</script>"],
    ["Lahore Karachi"],
    ["🏙️"],
    ["\u202eerohaL"],
  ])("%j is no city", (typed) => {
    expect(match(typed)).toBeNull();
  });

  it("refuses hostile text before reading it: 1 MB, NUL bytes, too long", () => {
    const huge = "Lahore ".repeat(150_000);
    expect(matchCity(index, huge)).toBeNull();
    expect(suggestCities(index, huge)).toEqual([]);
    expect(cityKeys(huge)).toEqual([]);
    expect(match("x".repeat(CITY_TEXT_MAX + 1))).toBeNull();
    expect(match(`Lahore${" ".repeat(CITY_TEXT_MAX)}`)).toBeNull();
    expect(match("\0\0\0")).toBeNull();
    expect(match("\0Lahore")).toBe("Lahore");
    expect(match("a".repeat(CITY_TEXT_MAX))).toBeNull();
    expect(matchCity(index, 42 as unknown as string)).toBeNull();
  });

  it("matches courier lists without guessing at typing mistakes when asked", () => {
    expect(matchCity(index, "LAHORE", { typos: false })?.city.name).toBe("Lahore");
    expect(matchCity(index, "D.G.KHAN", { typos: false })?.city.name).toBe("Dera Ghazi Khan");
    expect(matchCity(index, "Rawalpndi", { typos: false })).toBeNull();
  });
});

describe("the type-ahead", () => {
  const suggest = (text: string) => suggestCities(index, text).map((c) => c.name);

  it("finds the short forms and puts the named city first", () => {
    expect(suggest("Pindi")[0]).toBe("Rawalpindi");
    expect(suggest("Pindi")).toEqual(expect.arrayContaining(["Pindi Bhattian", "Pindi Gheb"]));
    expect(suggest("Isb")[0]).toBe("Islamabad");
    expect(suggest("Khi")[0]).toBe("Karachi");
    expect(suggest("Lhr")[0]).toBe("Lahore");
    expect(suggest("lah")[0]).toBe("Lahore");
  });

  it("offers larger cities first, by any word of their names, at most six", () => {
    expect(suggest("Ra").slice(0, 2)).toEqual(["Rawalpindi", "Rahim Yar Khan"]);
    expect(suggest("ghazi")).toEqual(["Dera Ghazi Khan"]);
    expect(suggest("khan")).toEqual(expect.arrayContaining(["Rahim Yar Khan", "Dera Ghazi Khan"]));
    expect(suggest("a").length).toBe(6);
    expect(suggest("Faislabad")).toEqual(["Faisalabad"]);
    expect(suggest("")).toEqual([]);
    expect(suggest("zzzz")).toEqual([]);
  });
});

describe("the edit distance", () => {
  it.each([
    ["lahore", "lahore", 0],
    ["lahore", "lahre", 1],
    ["faisalabad", "fasialabad", 1],
    ["karachi", "krachi", 1],
    ["abc", "xyz", 3],
    ["kotli", "kotri", 1],
  ])("%s ↔ %s is %i", (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
  });

  it("gives up beyond the bound without reading further", () => {
    expect(editDistance("a".repeat(80), "b".repeat(80), 2)).toBe(3);
    expect(editDistance("lahore", "lahorecantonment", 2)).toBe(3);
  });
});
