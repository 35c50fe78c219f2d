// Stored HTML (blog bodies, html product descriptions) is cleaned on the server before it is
// stored and again before it is shown (design.md): no scripts, no event handlers, no
// javascript: links, whatever an editor pastes in.
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2", "h3", "h4", "p", "br", "hr", "blockquote", "ul", "ol", "li", "strong", "b", "em", "i",
    "u", "s", "a", "img", "figure", "figcaption", "table", "thead", "tbody", "tr", "th", "td",
    "span", "code", "pre",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "http"] },
  allowProtocolRelative: false,
  transformTags: {
    // links leaving the store open safely and pass no referrer
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    img: sanitizeHtml.simpleTransform("img", { loading: "lazy" }),
  },
};

export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
