// How a search becomes its terms and a tsquery, and a typo's edit distance (decision 0108).
import { describe, expect, it } from "vitest";
import { correctedTerms, editDistance, editsAllowed } from "./search-corrections";
import { searchTerms, termsTsQuery, toSearchTsQuery } from "./search-query";

const typed = (search: string) => searchTerms(search).map((t) => t.typed.join(" "));

describe("searchTerms", () => {
  it("drops Urdu's particles, unless nothing else is asked", () => {
    expect(typed("lawn ka suit")).toEqual(["lawn", "suit"]);
    expect(typed("kurti wali shalwar aur dupatta")).toEqual(["kurti", "shalwar", "dupata"]);
    expect(typed("لان کا سوٹ")).toEqual(["لان", "سوٹ"]);
    expect(typed("ka")).toEqual(["ka"]);
  });

  it("takes the longest phrase of the synonym list", () => {
    expect(typed("three piece lawn")).toEqual(["thri piece", "lawn"]);
    expect(typed("ready to wear kurti")).toEqual(["ready to wear", "kurti"]);
    expect(typed("night suit")).toEqual(["night suit"]);
    expect(typed("lawn suit")).toEqual(["lawn", "suit"]);
  });

  it("asks a term's synonyms beside it", () => {
    const [kurti] = searchTerms("kurtee");
    expect(kurti!.typed).toEqual(["kurti"]);
    expect(kurti!.alternatives).toContainEqual(["kurta"]);
    expect(kurti!.alternatives).toContainEqual(["کرتی"]);
    expect(searchTerms("gulnaz")[0]!.alternatives).toEqual([]);
  });

  it("keeps eight terms and reads only the first 200 characters", () => {
    expect(searchTerms(Array.from({ length: 500 }, (_, i) => `w${i}`).join(" "))).toHaveLength(8);
    expect(searchTerms("x".repeat(1_000_000))).toEqual([{ typed: ["x"], alternatives: [] }]);
    expect(searchTerms("\u0000\u0000")).toEqual([]);
    expect(searchTerms("'; drop table products; --").map((t) => t.typed[0])).toEqual(["drop", "table", "products"]);
  });
});

describe("termsTsQuery", () => {
  it("asks the last term as a prefix, the others whole, and synonyms whole", () => {
    expect(toSearchTsQuery("gulnaz bahar", "words")).toBe("'gulnaz' & 'bahar':*");
    expect(toSearchTsQuery("gulnaz bahar", "prefixes")).toBe("'gulnaz':* & 'bahar':*");
    const bra = toSearchTsQuery("bra", "words")!;
    expect(bra.startsWith("('bra':* | ")).toBe(true);
    expect(bra).toContain("'brasiere'");
    expect(bra).not.toContain("'brasiere':*");
    expect(toSearchTsQuery("3 piece", "words")).toContain("('thri' <-> 'piece')");
    expect(toSearchTsQuery("", "words")).toBeNull();
  });

  it("adds a typo's corrections and their synonyms, keeping the word as typed", () => {
    const terms = correctedTerms(searchTerms("lawn shalwr"), new Map([["shalwr", ["shalwar"]]]));
    const query = termsTsQuery(terms, "words")!;
    expect(query.startsWith("('lawn' | 'لان') & ('shalwr':* | 'shalwar'")).toBe(true);
    expect(query).toContain("'salwar'");
  });
});

describe("editDistance", () => {
  it.each([
    ["shalwr", "shalwar", 1],
    ["kurit", "kurti", 1],
    ["chifn", "chifon", 1],
    ["shlwr", "shalwar", 2],
    ["lawn", "lawn", 0],
    ["lawn", "silk", 4],
  ])("%s to %s is %i", (a, b, d) => expect(editDistance(a, b)).toBe(d));

  it("stops once past the most allowed", () => {
    expect(editDistance("abcdefgh", "zyxwvuts", 2)).toBe(3);
    expect(editsAllowed("lawn")).toBe(1);
    expect(editsAllowed("shalwar")).toBe(2);
  });
});
