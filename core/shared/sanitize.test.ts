import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GOOD_HTML, HOSTILE_HTML } from "../../tests/helpers/hostile-html";
import { ALLOWED_HTML, cleanHtml } from "./sanitize";

// The tags and attributes in cleaned HTML as its serialisation spells them (the browser's view of
// the same output is checked in tests/api/sanitize.test.ts)
function markup(html: string) {
  const tags = [...html.matchAll(/<\/?([^\s/>]+)([^>]*)>/g)].map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: [...rest!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map(([, attribute, value]) => ({
      attribute: attribute!.toLowerCase(),
      value: value ?? "",
    })),
  }));
  return tags;
}

function expectClean(output: string, input: string) {
  for (const { name, attributes } of markup(output)) {
    expect(ALLOWED_HTML.tags, `${name} from ${input}`).toContain(name);
    for (const { attribute, value } of attributes) {
      expect(ALLOWED_HTML.attributes[name] ?? [], `${name}[${attribute}] from ${input}`).toContain(attribute);
      if (attribute === "href" || attribute === "src") {
        // absolute only over http(s), mailto or tel; otherwise a path on this site
        expect(value, input).toMatch(/^(https?:\/\/[^/]|mailto:|tel:|\/(?!\/)|[^:]*$)/i);
      }
    }
  }
  // text has < and > escaped, so every "<" left opens a real tag: none of these, and no handler
  // or script address inside any tag
  expect(output, input).not.toMatch(/<(script|style|meta|iframe|svg|math|base|link|form|object|embed)/i);
  const tags = (output.match(/<[^>]*>/g) ?? []).join(" ");
  expect(tags, input).not.toMatch(/\son[a-z]+\s*=/i);
  expect(tags, input).not.toMatch(/javascript:|vbscript:|data:/i);
}

describe("cleanHtml", () => {
  it("leaves nothing that runs, loads or redirects in hostile HTML", () => {
    for (const input of HOSTILE_HTML) expectClean(cleanHtml(input), input);
  });

  it("keeps the text around what it removes", () => {
    expect(cleanHtml('<meta http-equiv="refresh" content="0;url=https://evil.example/">Soft lawn')).toBe("Soft lawn");
    expect(cleanHtml("<p>Nice</p><script>x()</script>")).toBe("<p>Nice</p>");
    expect(cleanHtml("<h1>Title</h1>")).toBe("Title");
  });

  it("keeps the markup editors write, links made safe to follow", () => {
    for (const input of GOOD_HTML) {
      const output = cleanHtml(input);
      expectClean(output, input);
      expect(output.replace(/<[^>]*>/g, "")).toBe(input.replace(/<[^>]*>/g, ""));
      expect(markup(output).map((t) => t.name)).toEqual(markup(input).map((t) => t.name));
    }
    expect(cleanHtml('<a href="https://example.pk/" target="_blank">x</a>')).toBe(
      '<a href="https://example.pk/" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("is stable: cleaning cleaned HTML changes nothing, so cleaning on write and on show agree", () => {
    const fragment = fc.constantFrom(
      ...HOSTILE_HTML,
      ...GOOD_HTML,
      "<",
      ">",
      '"',
      "'",
      "</",
      "<!--",
      "-->",
      "&",
      "text",
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 8 }), (parts) => {
        const once = cleanHtml(parts.join(""));
        expectClean(once, parts.join(""));
        expect(cleanHtml(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("cleans the same text the same way every time, and long texts too", () => {
    const html = `<p>${"lawn ".repeat(100)}</p><script>x()</script>`;
    const first = cleanHtml(html);
    expect(first).toBe(`<p>${"lawn ".repeat(100)}</p>`);
    // the same stored text again, as a new string (a database read gives one), and once more
    expect(cleanHtml(html.slice(0))).toBe(first);
    expect(cleanHtml(first)).toBe(first);
    const huge = `<p>${"a".repeat(300_000)}</p><img src=x onerror=alert(1)>`;
    expect(cleanHtml(huge)).toBe(`<p>${"a".repeat(300_000)}</p><img src="x" loading="lazy" />`);
  });
});
