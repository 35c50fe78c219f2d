// The words of a demo product: its description in one of the three formats, its FAQs, and the
// review texts that fit it (a panty's review never mentions a bra's band). Used by product-plan.ts.
import { cleanHtml } from "../shared/sanitize";
import type { CollectionKey, ProductDef } from "./catalog-data";
import { CARE, FAQS, HIGHLIGHTS, REVIEW_TEXTS, type Group } from "./content-data";
import type { Rng } from "./random";

/** Which family of care notes, FAQs and review texts a collection's products take. */
export function groupOf(collection: CollectionKey): Group {
  switch (collection) {
    case "lawn":
    case "kurtis":
    case "formal":
      return "clothing";
    case "nightwear":
      return "nightwear";
    case "bras":
      return "bra";
    case "panties":
      return "panty";
    case "sets":
      return "set";
    case "accessories":
      return "accessory";
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function sizeSentence(def: ProductDef): string {
  const parts: string[] = [];
  if (def.sizes === "clothing") parts.push("Available in sizes XS to XL.");
  if (def.sizes === "bra") parts.push("Available in sizes 32B to 38D.");
  if (def.colors.length > 1) parts.push(`Choose from ${listText(def.colors)}.`);
  else if (def.colors.length === 1) parts.push(`Available in ${def.colors[0]}.`);
  return parts.join(" ");
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A product's description, drawn as plain text, HTML or bullet points (the store shows all three). */
export function describeProduct(
  rng: Rng,
  def: ProductDef,
  group: Group,
): {
  format: "plain" | "html" | "structured";
  description: string;
  structured: { bullet_points: string[]; highlights: string[] } | null;
} {
  const format = rng.weighted([
    ["plain", 35],
    ["html", 30],
    ["structured", 35],
  ] as const);
  const care = CARE[group];
  const sizes = sizeSentence(def);
  const fieldLines = Object.entries(def.fields).map(([k, v]) => `${k}: ${v}`);
  if (format === "plain") {
    return {
      format,
      description: `${def.blurb} ${sizes}\n\nCare: ${care}`.replace(/ {2,}/g, " "),
      structured: null,
    };
  }
  if (format === "html") {
    const items = fieldLines.map((line) => `<li>${escapeHtml(line)}</li>`).join("");
    const html =
      `<p>${escapeHtml(def.blurb)}</p>` +
      `<h3>Details</h3><ul>${items}</ul>` +
      (sizes ? `<p>${escapeHtml(sizes)}</p>` : "") +
      `<p><strong>Care:</strong> ${escapeHtml(care)}</p>`;
    return { format, description: cleanHtml(html), structured: null };
  }
  const bullets = [...fieldLines];
  if (sizes) bullets.push(sizes);
  bullets.push(`Care: ${care}`);
  const highlights = [...HIGHLIGHTS[group]];
  if (def.fields.Work) highlights.unshift(`${def.fields.Work} detailing`);
  return { format, description: def.blurb, structured: { bullet_points: bullets, highlights } };
}

export function faqsFor(rng: Rng, def: ProductDef, group: Group): { question: string; answer: string }[] {
  const pool = [...FAQS[group]];
  const picked = rng.sample(pool, rng.int(2, 3));
  if (def.fields.Stitching === "Unstitched") {
    picked.unshift({
      question: "Is this suit stitched?",
      answer:
        "No, this is unstitched fabric for your own tailor. The shirt, dupatta and trouser pieces are cut to standard lengths listed in the specifications.",
    });
    return picked.slice(0, 3);
  }
  if (group === "clothing" && def.fields.Dupatta) {
    picked.push({
      question: "Is the dupatta included?",
      answer: `Yes, a ${def.fields.Dupatta.toLowerCase()} dupatta is included with the suit.`,
    });
    return picked.slice(-3);
  }
  return picked;
}

export function reviewPool(def: ProductDef, group: Group, rating: number): string[] {
  const family =
    group === "clothing"
      ? "clothing"
      : group === "nightwear"
        ? "nightwear"
        : group === "accessory"
          ? "accessory"
          : "lingerie";
  const band = (rating >= 5 ? 5 : rating <= 2 ? 2 : rating) as 5 | 4 | 3 | 2;
  const all = REVIEW_TEXTS[family][band];
  const work = def.fields.Work ?? "";
  const filtered = all.filter((text) => {
    if (group === "panty" && /\bbra\b|band|34C|strap|padding/i.test(text)) return false;
    if (group === "bra" && /cannot be exchanged/i.test(text)) return false;
    if (group === "clothing") {
      if (!def.fields.Dupatta && /dupatta/i.test(text)) return false;
      if (!def.fields.Trouser && /trouser/i.test(text)) return false;
      if (!/embroider|zari|dabka|zardozi|chikankari|schiffli/i.test(work) && /embroider/i.test(text)) return false;
      if (def.sizes === "none" && /fit|size|sleeve/i.test(text)) return false;
    }
    if (def.art === "small" && /wore|formal suit/i.test(text)) return false;
    return true;
  });
  return filtered.length > 0 ? filtered : all;
}
