// Reads a built style sheet once, for entry.server to inline into every page (decision 0033).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const texts = new Map<string, string | null>();

/**
 * The text of the built file at href (e.g. /assets/app-XXXX.css), read from build/client beside
 * this server bundle; null when it cannot be read, and the page links the file as usual.
 */
export function builtStylesheetText(href: string): string | null {
  let text = texts.get(href);
  if (text === undefined) {
    // build/server/index.js → build/client/assets/…
    const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
    const file = path.join(clientDir, path.normalize(href));
    try {
      text = file.startsWith(clientDir + path.sep) ? fs.readFileSync(file, "utf8") : null;
    } catch {
      text = null;
    }
    texts.set(href, text);
  }
  return text;
}
