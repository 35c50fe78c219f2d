// Each Urdu page downloads only part of the Urdu catalogue (decision 0110): the Urdu layout brings
// the words every page may show, the buying and account layouts their pages' own. A word a page's
// browser code asks for that none of its layouts brings would show in English after hydration, so
// this test follows, for every Urdu route, the imports of its module (and the root's) that run in
// the browser, and checks each t("…") it finds against the parts its layouts import. Read from the
// route config and the source, so a page moved to another layout or a new import is checked too.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { messagesIn } from "../../tests/helpers/source-messages";

const APP = path.resolve(import.meta.dirname, "..");

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

/** The app's modules a file imports (not types), resolved. */
function importsOf(file: string): string[] {
  const found: string[] = [];
  parse(file).forEachChild((node) => {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node))) return;
    if (!node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) return;
    if (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly) return;
    const spec = node.moduleSpecifier.text;
    if (!spec.startsWith(".")) return;
    const base = path.resolve(path.dirname(file), spec);
    const resolved = [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    if (resolved) found.push(resolved);
  });
  return found;
}

/** A module of the Urdu catalogue (its parts and the modules that add them). */
const inCatalogue = (file: string) => file.includes(`${path.sep}i18n${path.sep}ur${path.sep}`);

/** Every module a browser loads with these (server-only modules and the catalogue left out). */
function browserGraph(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || /\.server\.tsx?$/.test(file) || inCatalogue(file)) return;
    seen.add(file);
    importsOf(file).forEach(visit);
  };
  entries.forEach(visit);
  return [...seen];
}

/**
 * The catalogue's modules a layout brings: those it imports and, through them, theirs (the modules
 * that add parts import the parts; wordsOf reads the words of those with a default export).
 */
function partsBroughtBy(layoutFile: string): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    importsOf(file).filter(inCatalogue).forEach(visit);
  };
  importsOf(layoutFile).filter(inCatalogue).forEach(visit);
  return [...found];
}

async function wordsOf(partFiles: string[]): Promise<Set<string>> {
  const words = new Set<string>();
  for (const file of partFiles) {
    const part = (await import(file)) as { default?: Record<string, string> };
    Object.keys(part.default ?? {}).forEach((key) => words.add(key));
  }
  return words;
}

/** Each Urdu page route with the layout files above it. */
function urduPages(
  entries: RouteConfigEntry[],
  layouts: string[] = [],
): { id: string; file: string; layouts: string[] }[] {
  return entries.flatMap((entry) => {
    const here = entry.children ? [...layouts, entry.file] : layouts;
    const inUrdu = here.some((f) => /routes\/urdu\.tsx$/.test(f));
    const own = !entry.children && inUrdu ? [{ id: entry.id ?? entry.file, file: entry.file, layouts: here }] : [];
    return [...own, ...urduPages(entry.children ?? [], here)];
  });
}

describe("the Urdu words each page downloads", () => {
  const pages = urduPages(routes);

  it("are read from the route config: every Urdu page, with its layouts", () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.find((p) => p.id === "ur:routes/checkout")?.layouts).toEqual([
      "routes/urdu.tsx",
      "routes/urdu-buying.tsx",
    ]);
  });

  it("hold every word the page's browser code asks for", async () => {
    const missing: string[] = [];
    for (const page of pages) {
      const words = await wordsOf(page.layouts.flatMap((layout) => partsBroughtBy(path.join(APP, layout))));
      const graph = browserGraph([path.join(APP, "root.tsx"), path.join(APP, page.file)]);
      for (const file of graph) {
        for (const { text, at } of messagesIn(file)) {
          if (!words.has(text)) missing.push(`${page.id}: ${at}: ${JSON.stringify(text)}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("leave the buying and account words out of the other pages", async () => {
    const product = pages.find((p) => p.id === "ur:product")!;
    const words = await wordsOf(product.layouts.flatMap((layout) => partsBroughtBy(path.join(APP, layout))));
    expect(words.has("Place Order")).toBe(false);
    expect(words.has("Creating Account…")).toBe(false);
    expect(words.has("Add to Cart")).toBe(true);
  });
});
