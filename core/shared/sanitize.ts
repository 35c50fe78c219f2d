// Stored HTML (blog bodies, html product descriptions) is cleaned on the server before it is
// stored and again before it is shown (design.md, decision 0012): no scripts, no event
// handlers, no javascript: links, whatever an editor pastes in.
import sanitizeHtml from "sanitize-html";

/** The one allow-list: tags, and the attributes each may carry. */
export const ALLOWED_HTML = {
  tags: (
    "h2 h3 h4 p br hr blockquote ul ol li strong b em i u s a img figure figcaption " +
    "table thead tbody tr th td span code pre"
  ).split(" "),
  attributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["scope"],
    td: ["colspan", "rowspan"],
  } as Record<string, string[]>,
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_HTML.tags,
  allowedAttributes: ALLOWED_HTML.attributes,
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "http"] },
  allowProtocolRelative: false,
  // elements whose content is not text to keep when the element goes: scripts and styles, and
  // the raw-text and foreign-content elements behind the known mutation-XSS tricks
  nonTextTags: [
    ..."script style textarea option noscript title template xmp noembed noframes plaintext".split(" "),
    ..."iframe object embed svg math select".split(" "),
  ],
  transformTags: {
    // links leaving the store open safely and pass no referrer
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    img: sanitizeHtml.simpleTransform("img", { loading: "lazy" }),
  },
};

function clean(html: string): string {
  // mis-nested input can come out mis-nested (a table inside a p), which the parser reads
  // differently the next time; once more settles it, so HTML cleaned on write is shown unchanged
  let cleaned = sanitizeHtml(html, OPTIONS);
  for (let pass = 0; pass < 3; pass++) {
    const again = sanitizeHtml(cleaned, OPTIONS);
    if (again === cleaned) break;
    cleaned = again;
  }
  return cleaned;
}

// Reads clean every description they show (~0.7 ms for a typical one, a list shows up to 100),
// and stored texts rarely change, so recent results are kept: up to ~8 MB of text, oldest first out
const remembered = new Map<string, string>();
let rememberedChars = 0;
const REMEMBER_CHARS = 4_000_000;
const REMEMBER_MAX_INPUT = 100_000;

/** Stored HTML reduced to the allow-list: what every writer stores and every reader shows. */
export function cleanHtml(html: string): string {
  const known = remembered.get(html);
  if (known !== undefined) return known;
  const cleaned = clean(html);
  if (html.length <= REMEMBER_MAX_INPUT) {
    remembered.set(html, cleaned);
    rememberedChars += html.length + cleaned.length;
    for (const [input, output] of remembered) {
      if (rememberedChars <= REMEMBER_CHARS) break;
      remembered.delete(input);
      rememberedChars -= input.length + output.length;
    }
  }
  return cleaned;
}
