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
    ]) {
      expect(safeRedirect(value), String(value)).toBe("/account");
    }
  });

  it("builds the sign-in link that returns to a page", () => {
    expect(loginHref("/product/7")).toBe("/login?redirectTo=%2Fproduct%2F7");
    expect(loginHref("//evil.example")).toBe("/login");
  });
});
