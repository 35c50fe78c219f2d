// The Urdu catalogue is complete (decision 0110): every message the storefront's code asks for
// with a written-out English text — t("…"), t.count(n, "…", "…"), translate(locale, "…") — has
// an Urdu text, with the same {placeholders}. Read from the source with TypeScript's own parser,
// as Lingui's extractor does, so a message cannot hide from it in a ternary or a template.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messagesOf } from "./messages";
import "./ur";
import { messagesIn } from "../../tests/helpers/source-messages";

const APP = path.resolve(import.meta.dirname, "..");
// the console stays English (its own words are not the shopper's)
const ENGLISH_ONLY = [/^routes\/admin\//, /^components\/admin\//, /\.test\.tsx?$/, /^i18n\/ur\//];

function storefrontFiles(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return storefrontFiles(full);
    const relative = path.relative(APP, full).split(path.sep).join("/");
    if (!/\.tsx?$/.test(entry.name) || ENGLISH_ONLY.some((pattern) => pattern.test(relative))) return [];
    return [full];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

describe("the Urdu catalogue", () => {
  const urdu = messagesOf("ur");
  const asked = storefrontFiles().flatMap(messagesIn);

  it("is asked for by the storefront's code (the extractor finds the messages)", () => {
    expect(asked.length).toBeGreaterThan(100);
  });

  it("has an Urdu text for every message the storefront asks for", () => {
    const missing = asked.filter((m) => !(m.text in urdu)).map((m) => `${m.at}: ${JSON.stringify(m.text)}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("keeps each message's {placeholders}, and every text is written in Urdu", () => {
    const wrong = Object.entries(urdu).flatMap(([english, text]) => {
      const problems: string[] = [];
      if (placeholders(english).join() !== placeholders(text).join()) problems.push(`placeholders differ: ${english}`);
      if (!ARABIC_SCRIPT.test(text)) problems.push(`not Urdu: ${english} → ${text}`);
      if (ARABIC_SCRIPT.test(english)) problems.push(`an Urdu id: ${english}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});
