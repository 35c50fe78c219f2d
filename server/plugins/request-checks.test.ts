import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkTarget,
  findUnsafeText,
  hasUnsafeText,
  isValidHost,
  MAX_URL_LENGTH,
  unsafeTextDetail,
} from "./request-checks";

describe("hasUnsafeText", () => {
  it("finds NUL bytes and lone surrogates, and nothing in well-formed text", () => {
    for (const bad of ["a\u0000", "\ud800", "x\udc00y", "\ud83d", "\ude00😀"])
      expect(hasUnsafeText(bad), bad).toBe(true);
    for (const good of ["", "plain", "بہت اچھا", "😀 emoji pair", "\u0001\u001f tabs\tand\nnewlines"]) {
      expect(hasUnsafeText(good), good).toBe(false);
    }
  });

  it("agrees with TextEncoder's round trip on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const wellFormed = new TextDecoder().decode(new TextEncoder().encode(text)) === text;
        expect(hasUnsafeText(text)).toBe(!wellFormed || text.includes("\u0000"));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("checkTarget", () => {
  it("passes ordinary addresses", () => {
    for (const url of [
      "/",
      "/product/7",
      "/api/products?search=lawn%20suit&size=M",
      `/blog/${encodeURIComponent("کپڑا 😀")}`,
      "//double/slash",
    ]) {
      expect(checkTarget(url), url).toBeNull();
    }
  });

  it("refuses bad encodings, NUL, lone surrogates, absolute targets and huge addresses", () => {
    for (const url of ["/a%00", "/a?b=%00", "/%ED%A0%80", "/?q=%ED%B0%80", "/%E0%A4%A", "/%C0%80", "/%", "/%zz"]) {
      expect(checkTarget(url)?.status, url).toBe(400);
    }
    expect(checkTarget("http://evil.example/")?.status).toBe(400);
    expect(checkTarget("*")?.status).toBe(400);
    expect(checkTarget(`/${"a".repeat(MAX_URL_LENGTH)}`)?.status).toBe(414);
  });
});

describe("isValidHost", () => {
  it("takes names, addresses and ports, and refuses anything that could change a path", () => {
    for (const host of [
      "localhost",
      "shop.example.pk",
      "shop.example.pk:8443",
      "127.0.0.1:3000",
      "[::1]",
      "[2001:db8::1]:443",
      "app_1",
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
    for (const host of [
      "localhost/amp",
      "a?b",
      "a#b",
      "a b",
      "user@host",
      "a\\b",
      "a%2fb",
      "a,b",
      "",
      `${"a".repeat(400)}`,
      "[::1",
      "a:b:c",
    ]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });

  it("answers in linear time for long hostile input", () => {
    expect(isValidHost(`${"a.".repeat(100_000)}/`)).toBe(false);
    expect(isValidHost(`[${":".repeat(100_000)}`)).toBe(false);
  });
});

describe("findUnsafeText", () => {
  it("names where the first bad string is, keys included, and null when there is none", () => {
    expect(findUnsafeText({ a: "ok", b: ["x", { c: "\u0000" }] })).toBe("b.1.c");
    expect(findUnsafeText(["\ud800"])).toBe("0");
    expect(findUnsafeText("\u0000")).toBe("");
    expect(findUnsafeText({ "k\u0000": 1 })).toBe("k\u0000");
    expect(findUnsafeText({ a: 1, b: null, c: [true, "fine 😀"] })).toBeNull();
  });

  it("walks very deep bodies without running out of stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^(0\.)+0$/);
  });

  it("is named in the answer without its bad characters", () => {
    expect(unsafeTextDetail("k\u0000ey\ud800")).toBe("key must not contain NUL bytes or lone surrogates.");
    expect(unsafeTextDetail("")).toMatch(/^The request body /);
  });
});
