import { describe, expect, it } from "vitest";
import type { Product } from "../../core/catalog/products";
import { ampRuleErrors } from "../../tests/helpers/amp-rules";
import { isAmpDocument } from "../../server/plugins/security-headers";
import { ampDocumentPath } from "./amp";
import { cartActionUrl, renderAmpProduct } from "./amp.server";

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 42,
    name: 'Embroidered Lawn Suit "Noor" <3-piece>',
    description: "<p>Soft lawn with <strong>chikankari</strong> work.</p><p>Machine wash cold.</p>",
    nameUr: null,
    descriptionUr: null,
    descriptionFormat: "html",
    structuredDescription: null,
    customUrl: "noor-lawn-suit",
    pricePaisa: 499_900,
    basePricePaisa: null,
    comparePricePaisa: null,
    minPricePaisa: 499_900,
    maxPricePaisa: 549_900,
    materialType: "Lawn",
    customFields: {},
    faqs: [],
    darazLink: null,
    sizeGuide: "auto",
    averageRating: 4.5,
    reviewCount: 2,
    stock: 7,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-02-01T00:00:00Z"),
    images: [
      {
        id: 1,
        imageUrl: "/media/products/noor-800.webp",
        widths: [400, 800, 1200],
        altText: "Noor suit",
        isPrimary: true,
      },
    ],
    variants: [
      { id: 1, variantType: "size", variantValue: "S", colorHex: null },
      { id: 2, variantType: "size", variantValue: "M", colorHex: null },
    ],
    combinations: [
      {
        id: 11,
        combinationName: "S",
        variantAttributes: { size: "S" },
        pricePaisa: 499_900,
        stock: 3,
        isAvailable: true,
      },
      {
        id: 12,
        combinationName: "M",
        variantAttributes: { size: "M" },
        pricePaisa: 549_900,
        stock: 0,
        isAvailable: true,
      },
    ],
    ...overrides,
  };
}

const site = { siteName: "Zaiba", publicUrl: "https://zaiba.pk" };

describe("the AMP product document", () => {
  it("strikes through the compare-at price only when it is above the price (decision 0035)", () => {
    const onSale = renderAmpProduct(product({ comparePricePaisa: 599_000 }), site);
    expect(onSale).toContain('<p class="price">Rs. 4,999<s>Rs. 5,990</s></p>');
    for (const compare of [null, 499_900, 450_000]) {
      const html = renderAmpProduct(product({ comparePricePaisa: compare }), site);
      expect(html, String(compare)).toContain('<p class="price">Rs. 4,999</p>');
      expect(html, String(compare)).not.toContain("<s>");
    }
  });

  it("passes the AMP rules, with an add-to-cart form posting product_id, quantity and price", () => {
    const html = renderAmpProduct(product(), site);
    expect(ampRuleErrors(html)).toEqual([]);
    expect(html).toContain('<link rel="canonical" href="https://zaiba.pk/p/noor-lawn-suit">');
    expect(html).toContain('action-xhr="https://zaiba.pk/api/cart/flexible"');
    expect(html).toMatch(/name="product_id" value="42"/);
    expect(html).toMatch(/name="quantity"/);
    expect(html).toMatch(/name="price" value="4999.00"/);
    // only the in-stock option is offered
    expect(html).toContain('<option value="11">');
    expect(html).not.toContain('<option value="12">');
    expect(html).toContain('srcset="https://zaiba.pk/media/products/noor-400.webp 400w');
    // text is escaped, never markup
    expect(html).toContain("Embroidered Lawn Suit &quot;Noor&quot; &lt;3-piece&gt;");
    expect(html).not.toContain("<strong>");
  });

  it("passes without images, options or stock, and on a plain-http development address", () => {
    const html = renderAmpProduct(product({ images: [], combinations: [], variants: [], stock: 0 }), {
      siteName: "Zaiba",
      publicUrl: "http://localhost:3000",
    });
    expect(ampRuleErrors(html)).toEqual([]);
    expect(html).toContain("Out of stock");
    expect(html).not.toContain("<form");
    expect(cartActionUrl("http://localhost:3000")).toBe("/api/cart/flexible");
  });

  it("has one address per product that the security headers recognise", () => {
    expect(ampDocumentPath(42)).toBe("/amp/product/42/amp.html");
    expect(isAmpDocument(ampDocumentPath(42))).toBe(true);
    expect(isAmpDocument(`${ampDocumentPath(42)}?__amp_source_origin=x`)).toBe(true);
    expect(isAmpDocument("/amp/product/42")).toBe(false);
    expect(isAmpDocument("/amp/product/42/amp.html/../../account")).toBe(false);
  });
});

describe("the AMP rules check", () => {
  const good = renderAmpProduct(product(), site);
  it.each([
    ["an inline script", good.replace("</body>", "<script>alert(1)</script></body>"), /inline scripts/],
    [
      "a script from elsewhere",
      good.replace("</head>", '<script async src="https://evil.example/x.js"></script></head>'),
      /not the AMP runtime/,
    ],
    ["a plain img", good.replace("<main>", '<main><img src="/x.webp" alt="">'), /<img> is not allowed/],
    ["a changed boilerplate", good.replace("-amp-start 8s", "-amp-start 9s"), /amp-boilerplate/],
    ["an event handler", good.replace("<main>", '<main onclick="x()">'), /event handler/],
    ["an amp-img without sizes", good.replace(' width="3" height="4"', ""), /width and a height/],
    [
      "CSS over the limit",
      good.replace("<style amp-custom>", `<style amp-custom>${"a{b:c}".repeat(13_000)}`),
      /over 75000 bytes/,
    ],
    ["!important", good.replace("<style amp-custom>", "<style amp-custom>a{color:red!important}"), /!important/],
    ["no canonical link", good.replace(/<link rel="canonical"[^>]*>/, ""), /canonical/],
    ["no runtime", good.replace('<script async src="https://cdn.ampproject.org/v0.js"></script>', ""), /runtime/],
    [
      "a non-https form address",
      good.replace('action-xhr="https://zaiba.pk', 'action-xhr="http://zaiba.pk'),
      /action-xhr/,
    ],
    ["no ⚡", good.replace("<html ⚡", "<html"), /⚡/],
  ])("catches %s", (_name, html, message) => {
    expect(ampRuleErrors(html).join("\n")).toMatch(message);
  });
});
