// Reads the built style sheet for entry.server to inline into every page (decision 0033).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The text of the built file at href (e.g. /assets/app-XXXX.css), read from build/client beside
 * this server bundle; null when it cannot be read, and the page links the file as usual.
 */
export function builtStylesheetText(href: string): string | null {
  // build/server/index.js → build/client/assets/…
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
  const file = path.join(clientDir, path.normalize(href));
  if (!file.startsWith(clientDir + path.sep)) return null;
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
