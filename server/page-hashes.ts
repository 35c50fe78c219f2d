// A shared page's inline scripts, allowed by their hashes instead of a nonce (decision
// 0074).
//
// A nonce must differ for every visitor, so a page that carries one must be copied (and
// compressed again) for every visitor. A page every visitor gets alike can instead name its own
// inline scripts in its policy by their SHA-256: the bytes and the policy are then the same for
// everyone, and the compressed copies can be made once and sent as they are.
//
// Only the scripts React and React Router wrote are hashed, never one that came in with the
// page's data: the page is rendered with a nonce known only to this render, and a script is
// trusted only if its tag carries it. Text React renders is escaped, and a script smuggled into
// stored HTML (a blog post the sanitiser missed) would not know the nonce, so its hash is not in
// the policy and the browser refuses it, as it refuses it today.
import { createHash } from "node:crypto";

export interface HashedPage {
  /** the page with the render's nonce taken out (UTF-8) */
  body: Buffer;
  /** 'sha256-…' sources for the policy, in the order the scripts appear, without repeats */
  hashes: string[];
}

// the HTML tokenizer's whitespace: tab, line feed, form feed, carriage return, space
const TAG_SPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const GREATER_THAN = 0x3e;

/** Each <script …>text</script> in the page: its attributes, and where its text starts and ends. */
function* scriptElements(page: Buffer): Generator<{ attributes: string; start: number; end: number }> {
  // indexOf, not a regular expression: a page of unclosed "<script" tags would make a lazy
  // pattern rescan the rest of the page from each one (quadratic); this walks it once. React
  // writes its tags in lower case and escapes "</script" inside what it writes; a tag written
  // otherwise is not React's, so not finding it only leaves it unhashed (refused).
  let from = 0;
  for (;;) {
    const start = page.indexOf("<script", from);
    if (start < 0) return;
    const after = page[start + 7];
    if (after !== GREATER_THAN && !TAG_SPACE.has(after!)) {
      from = start + 7;
      continue;
    }
    const tagEnd = page.indexOf(GREATER_THAN, start);
    if (tagEnd < 0) return;
    const close = page.indexOf("</script", tagEnd + 1);
    if (close < 0) return;
    yield { attributes: page.toString("latin1", start + 7, tagEnd), start: tagEnd + 1, end: close };
    from = close + 8;
  }
}

const SRC = /\ssrc\s*=/i;

/**
 * Takes the render's nonce out of a page and answers the hashes of the inline scripts that
 * carried it; null when the page holds the nonce anywhere else (then it is not shared).
 *
 * It works on the page's UTF-8 bytes as they are: the tags and the (ASCII) nonce are found as
 * bytes, a script's hash is taken over its own bytes, and the page is copied once, without the
 * nonce. Reading the page as a string of ~130 KB, replacing in it and writing it back made three
 * copies of it per render and ~13% of a render's time; decoding it as UTF-8
 * before that had made a string of two bytes a character whenever it held one "★".
 */
export function hashInlineScripts(page: Buffer | string, nonce: string): HashedPage | null {
  const bytes = typeof page === "string" ? Buffer.from(page, "utf8") : page;
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const { attributes, start, end } of scriptElements(bytes)) {
    if (!attributes.includes(attribute) || SRC.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(bytes.subarray(start, end)).digest("base64")}'`);
  }
  // the page without the attribute, wherever React wrote it (scripts, module preloads)
  const kept: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(attribute); at >= 0; at = bytes.indexOf(attribute, from)) {
    kept.push(bytes.subarray(from, at));
    from = at + attribute.length;
  }
  kept.push(bytes.subarray(from));
  const body = Buffer.concat(kept);
  // the nonce anywhere else (an attribute written another way, a script's text) would be handed
  // to every visitor: such a page is not shared
  if (body.includes(nonce)) return null;
  return { body, hashes: [...hashes] };
}
