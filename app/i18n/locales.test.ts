import { describe, expect, it } from "vitest";
import { isLocalisedPath, localeOfPath, localePath, withoutLocale } from "./locales";

describe("a storefront address in a language", () => {
  it("puts Urdu pages behind /ur and English ones at today's addresses", () => {
    expect(localePath("/", "ur")).toBe("/ur");
    expect(localePath("/?search=lawn", "ur")).toBe("/ur?search=lawn");
    expect(localePath("/#main", "ur")).toBe("/ur#main");
    expect(localePath("/cart", "ur")).toBe("/ur/cart");
    expect(localePath("/collection/all?sort=price", "ur")).toBe("/ur/collection/all?sort=price");
    expect(localePath("/ur/cart", "ur")).toBe("/ur/cart");
    expect(localePath("/ur/cart", "en")).toBe("/cart");
    expect(localePath("/ur", "en")).toBe("/");
    expect(localePath("/ur?search=x", "en")).toBe("/?search=x");
    expect(localePath("/cart", "en")).toBe("/cart");
  });

  it("leaves alone what is not a storefront page: other sites, the API, the console, files", () => {
    for (const path of [
      "https://wa.me/923001234567",
      "//evil.example/ur",
      "mailto:a@b.pk",
      "#reviews",
      "/api/products",
      "/admin/orders",
      "/sitemap.xml",
      "/robots.txt",
      "/amp/product/1",
      "/assets/app.css",
      "/favicon.svg",
    ]) {
      expect(localePath(path, "ur")).toBe(path);
      expect(isLocalisedPath(path.startsWith("/") && !path.startsWith("//") ? path : "/")).toBe(
        !(path.startsWith("/") && !path.startsWith("//")),
      );
    }
  });

  it("reads the language from the address alone, and only from a whole first segment", () => {
    expect(localeOfPath("/ur")).toBe("ur");
    expect(localeOfPath("/ur/product/1")).toBe("ur");
    expect(localeOfPath("/urdu-suits")).toBe("en");
    expect(localeOfPath("/collection/ur")).toBe("en");
    expect(localeOfPath("/")).toBe("en");
    expect(withoutLocale("/ur/blog/eid")).toBe("/blog/eid");
    expect(withoutLocale("/urban")).toBe("/urban");
  });
});
