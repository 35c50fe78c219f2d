import { describe, expect, it } from "vitest";
import { loginHref, safeRedirect } from "./session";

describe("safeRedirect", () => {
  it("keeps paths on this site with their query and hash", () => {
    expect(safeRedirect("/wishlist")).toBe("/wishlist");
    expect(safeRedirect("/product/12?x=1#reviews")).toBe("/product/12?x=1#reviews");
    expect(safeRedirect("/collection/all?search=lawn%20suit")).toBe("/collection/all?search=lawn%20suit");
  });

  it("falls back to /account for anything that could leave the site or loop", () => {
    for (const value of [
      null,
      undefined,
      "",
      "account",
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "/login?redirectTo=/account",
      "/register",
      // hostile values that a URL parser or a browser can turn into another host
      "/.//evil.example",
      "/./\\evil.example",
      "/..//evil.example",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "/%5Cevil.example",
      "/%5c%5cevil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "/\n/evil.example",
      "/\r\n//evil.example",
      "\t//evil.example",
      " //evil.example",
      "/%09/evil.example",
      "/%0a/evil.example",
      "/\u0000/evil.example",
      "/\u00a0//evil.example",
      "https:evil.example",
      "//evil.example@store.invalid",
      "/%2e%2e//evil.example",
      "/ /evil.example",
    ]) {
      expect(safeRedirect(value), String(value)).toBe("/account");
    }
  });

  it("never answers a path a browser reads as another host, whatever it is given", () => {
    // every answer starts with one slash and a non-slash, and stays on this site when resolved
    for (const value of ["/.//evil.example", "/a/..//evil.example", "/%2F%2Fevil.example", "/x/%5C%5Cevil"]) {
      const target = safeRedirect(value);
      expect(target, value).toMatch(/^\/(?![/\\])/);
      expect(new URL(target, "https://store.example").host, value).toBe("store.example");
    }
  });

  it("builds the sign-in link that returns to a page", () => {
    expect(loginHref("/product/7")).toBe("/login?redirectTo=%2Fproduct%2F7");
    expect(loginHref("//evil.example")).toBe("/login");
  });
});
