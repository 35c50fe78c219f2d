import { describe, expect, it } from "vitest";
import { searchText, slugify, SLUG_PATTERN } from "./content-limits";
import { youTubeId } from "./video-url";

describe("content helpers", () => {
  it("makes slugs the pattern accepts", () => {
    expect(slugify("Lawn Care: 5 Tips!")).toBe("lawn-care-5-tips");
    expect(slugify("  Ēid — Édit  ")).toBe("eid-edit");
    expect(slugify("!!!")).toBe("");
    const long = slugify("word ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(SLUG_PATTERN.test(long)).toBe(true);
    // linear on a hostile input
    const started = Date.now();
    SLUG_PATTERN.test(`${"a-".repeat(50_000)}!`);
    expect(Date.now() - started).toBeLessThan(200);
  });

  it("reads video addresses as the storefront plays them", () => {
    expect(youTubeId("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youTubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youTubeId("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youTubeId("javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youTubeId("https://evil.example/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youTubeId(`https://youtu.be/${"a".repeat(1000)}`)).toBeNull();
  });

  it("cleans a search", () => {
    expect(searchText(" lawn\u0000 ")).toBe("lawn");
    expect(searchText("x".repeat(5000)).length).toBe(100);
    expect(searchText(null)).toBe("");
  });
});
