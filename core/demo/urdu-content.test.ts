import { describe, expect, it } from "vitest";
import { COLLECTIONS, PRODUCTS } from "./catalog-data";
import { ANNOUNCEMENTS } from "./content-data";
import { buildDemoPlan } from "./plan";
import { ANNOUNCEMENTS_UR, COLLECTIONS_UR, PRODUCTS_UR, urduDescriptionIn } from "./urdu-content";

// Urdu script with the spaces, digits and punctuation an Urdu sentence holds, and no Latin letter
// except a voucher code's
const URDU = /^[\u0600-\u06ff\u200c\u200d\s0-9%:;,.!?()،؛۔'"-]+$/u;
const urdu = (text: string) => URDU.test(text.replace(/EID25/g, ""));

describe("the demo store's Urdu", () => {
  it("names and describes every collection in Urdu script", () => {
    for (const c of COLLECTIONS) {
      expect(urdu(COLLECTIONS_UR[c.key].name), c.key).toBe(true);
      expect(urdu(COLLECTIONS_UR[c.key].description), c.key).toBe(true);
    }
  });

  it("gives a dozen or more of the best-known products Urdu, each a product the demo sells", () => {
    const names = new Set(PRODUCTS.map((p) => p.name));
    expect(Object.keys(PRODUCTS_UR).length).toBeGreaterThanOrEqual(12);
    for (const [english, text] of Object.entries(PRODUCTS_UR)) {
      expect(names.has(english), english).toBe(true);
      expect(urdu(text.name) && urdu(text.description), english).toBe(true);
    }
  });

  it("translates announcements the demo has", () => {
    const lines = new Set(ANNOUNCEMENTS.map((a) => a.content));
    for (const [english, text] of Object.entries(ANNOUNCEMENTS_UR)) {
      expect(lines.has(english), english).toBe(true);
      expect(urdu(text), english).toBe(true);
    }
  });

  it("puts them in the plan's rows, an HTML description's Urdu as a paragraph", () => {
    const plan = buildDemoPlan();
    expect(plan.collections.every((c) => c.row.nameUr && c.row.descriptionUr)).toBe(true);
    const withUrdu = plan.products.filter((p) => p.row.nameUr);
    expect(withUrdu.length).toBe(Object.keys(PRODUCTS_UR).length);
    for (const p of withUrdu) {
      if (p.row.descriptionFormat === "html") expect(p.row.descriptionUr).toMatch(/^<p>.+<\/p>$/);
      else expect(p.row.descriptionUr).toBe(PRODUCTS_UR[p.def.name]!.description);
    }
    expect(plan.products.filter((p) => !p.row.nameUr).every((p) => p.row.descriptionUr === null)).toBe(true);
    expect(urduDescriptionIn("html", "a < b")).toBe("<p>a &lt; b</p>");
  });
});
