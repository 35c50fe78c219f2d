// The spellings search folds to one, the ones it keeps apart, and the synonym list's shape
// (decision 0108). That search_fold in SQL folds as foldSearchText does is
// tests/api/search-roman-urdu.test.ts, on the test's database.
import { describe, expect, it } from "vitest";
import { foldSearchText, foldedWords } from "./search-folding";
import { PARTICLES, SYNONYM_GROUPS } from "./search-words";

const same = (a: string, b: string) => expect(foldSearchText(a), `${a} / ${b}`).toBe(foldSearchText(b));
const apart = (a: string, b: string) => expect(foldSearchText(a), `${a} / ${b}`).not.toBe(foldSearchText(b));

describe("foldSearchText", () => {
  it.each([
    ["kurtee", "kurti"],
    ["KURTI", "kurti"],
    ["kurtti", "kurti"],
    ["qameez", "kameez"],
    ["kameez", "kamiz"],
    ["shalwaar", "shalwar"],
    ["dupatta", "duppata"],
    ["dupatta", "dupata"],
    ["doopatta", "dupatta"],
    ["khaddar", "khadar"],
    ["chiffon", "chifon"],
    ["3-piece", "3 piece"],
    ["3 Piece", "3pc"],
    ["3 pcs", "3pc"],
    ["3 - pieces", "3pc"],
    ["un-stitched", "unstitched"],
    ["Un Stitched", "unstitched"],
  ])("folds %s as %s", same);

  it.each([
    ["vest", "west"],
    ["shalwar", "salwar"],
    ["jora", "zora"],
    ["kurta", "kurti"],
    ["stitched", "unstitched"],
    ["bra", "bar"],
    ["13 piece", "3pc"],
  ])("keeps %s and %s apart", apart);

  it("leaves the words around a joined one alone", () => {
    expect(foldSearchText("Lawn 3-Piece Un-Stitched Suit")).toBe("lawn 3pc unstitched suit");
    // a word that only ends in "un" or a number inside a word is no join
    expect(foldSearchText("run stitch")).toBe("run stitch");
    expect(foldSearchText("a23 piece")).toBe("a23 piece");
    expect(foldSearchText("3 piecework")).toBe("3 piecework");
  });

  it("makes Urdu script's letter variants one and drops its diacritics", () => {
    // Arabic kaf and yeh as Urdu's; heh and do-chashmi he as gol he
    same("كرتي", "کرتی");
    same("دوپٹه", "دوپٹہ");
    same("کھدر", "کہدر");
    // tashdeed, zer, zabar, pesh
    same("دوپٹّہ", "دوپٹہ");
    same("قَمِیض", "قمیض");
    // tatweel and a zero-width non-joiner
    same("لـان", "لان");
    same("لا\u200Cن", "لان");
    // Urdu and Arabic digits
    same("۳ پیس", "3 پیس");
    same("٣", "3");
    apart("لان", "کان");
  });

  it("splits words as the search does", () => {
    expect(foldedWords("Lawn ka Suit, 3-piece!")).toEqual(["lawn", "ka", "suit", "3pc"]);
    expect(foldedWords("لان کا سوٹ")).toEqual(["لان", "کا", "سوٹ"]);
    expect(foldedWords("\u0000' or 1=1 --")).toEqual(["or", "1", "1"]);
    expect(foldedWords("!!! ??? ---")).toEqual([]);
  });

  it("reads a long hostile text", () => {
    // a pattern that backtracked on these would not finish within the test's time
    const long = "3" + " ".repeat(100_000) + "x" + "un-".repeat(50_000) + "e".repeat(100_000);
    expect(foldSearchText(long).endsWith("i")).toBe(true);
  });
});

describe("the synonym list", () => {
  it("has each word in one group only, and every entry some word", () => {
    const seen = new Map<string, number>();
    SYNONYM_GROUPS.forEach((group, g) => {
      for (const entry of group) {
        const key = foldedWords(entry).join(" ");
        expect(key, entry).not.toBe("");
        const other = seen.get(key);
        if (other !== undefined && other !== g) expect.fail(`"${entry}" is in groups ${other} and ${g}`);
        seen.set(key, g);
      }
    });
  });

  it("holds no particle, which a search drops", () => {
    const particles = new Set(PARTICLES.flatMap(foldedWords));
    for (const group of SYNONYM_GROUPS)
      for (const entry of group)
        if (foldedWords(entry).length === 1) expect(particles.has(foldedWords(entry)[0]!), entry).toBe(false);
  });
});
