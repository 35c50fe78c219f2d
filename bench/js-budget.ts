// Section "js-budget": every script a page loads (modulepreload links and the inline module
// scripts' imports), asked for with Accept-Encoding: br like a browser: the compressed bytes on
// the wire. Budget: at most 110 KB on the product page (decision 0083).
import http from "node:http";
import zlib from "node:zlib";
import { getRaw } from "./lib/http";
import { table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import {
  brokenFailures,
  checkPages,
  discoverPages,
  withUrdu,
  JS_BUDGET_KB,
  KB,
  kb,
  mark,
  skippedNotes,
  type Page,
} from "./pages";

interface Fetched {
  status: number;
  encoding: string;
  /** bytes on the wire (the compressed body) */
  wire: number;
  /** decoded size */
  raw: number;
  /** what brotli at its best quality (11) would make of it: what precompressed files give */
  brotli11: number;
}

/** GET as a browser asks (Accept-Encoding: br, gzip), counting the body bytes on the wire. */
function fetchAsBrowser(url: string, timeoutMs = 15_000): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { timeout: timeoutMs, headers: { "accept-encoding": "br, gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        try {
          const body = Buffer.concat(chunks);
          const encoding = String(response.headers["content-encoding"] ?? "identity");
          const decoded =
            encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;
          resolve({
            status: response.statusCode ?? 0,
            encoding,
            wire: body.length,
            raw: decoded.length,
            brotli11: zlib.brotliCompressSync(decoded, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: decoded.length,
              },
            }).length,
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url}: no answer in ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** The scripts and style sheets a page's HTML makes the browser load before it is interactive. */
export function pageAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, "i").exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) scripts.add(href);
    if (rel.includes("stylesheet")) styles.add(href);
  }
  for (const [whole, attrs = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(`<script ${attrs}>`, "src");
    if (src) scripts.add(src);
    if (/type\s*=\s*"module"/i.test(whole)) {
      // import * as route0 from "/assets/root-….js"; import("/assets/entry.client-….js")
      for (const m of body.matchAll(/\bimport\s*(?:\(\s*|[^"'();]*?\bfrom\s*|)["']([^"']+\.m?js)["']/g))
        scripts.add(m[1]!);
    }
  }
  return { scripts: [...scripts], styles: [...styles] };
}

interface AssetResult extends Fetched {
  url: string;
}

interface PageWeight {
  page: string;
  path: string;
  html: { wire: number; raw: number };
  scripts: AssetResult[];
  styles: AssetResult[];
  totals: {
    scriptsWire: number;
    scriptsRaw: number;
    scriptsBrotli11: number;
    stylesWire: number;
  };
  budget?: { targetKb: number; valueKb: number; pass: boolean };
  /** scripts or styles not served br/gzip */
  uncompressed: string[];
}

async function weighPage(baseUrl: string, page: Page): Promise<PageWeight> {
  const html = await getRaw(`${baseUrl}${page.path}`);
  const htmlWire = await fetchAsBrowser(`${baseUrl}${page.path}`);
  const { scripts, styles } = pageAssets(html.body.toString("utf8"));
  const fetchAll = async (urls: string[]) => {
    const list: AssetResult[] = [];
    for (const url of urls) {
      const absolute = new URL(url, baseUrl).href;
      const fetched = await fetchAsBrowser(absolute);
      if (fetched.status !== 200) throw new Error(`GET ${url} (loaded by ${page.path}) answered ${fetched.status}`);
      list.push({ url, ...fetched });
    }
    return list;
  };
  const scriptResults = await fetchAll(scripts);
  const styleResults = await fetchAll(styles);
  const sum = (list: AssetResult[], key: "wire" | "raw" | "brotli11") => list.reduce((s, a) => s + a[key], 0);
  const scriptsWire = sum(scriptResults, "wire");
  return {
    page: page.name,
    path: page.path,
    html: { wire: htmlWire.wire, raw: htmlWire.raw },
    scripts: scriptResults.sort((a, b) => b.wire - a.wire),
    styles: styleResults,
    totals: {
      scriptsWire,
      scriptsRaw: sum(scriptResults, "raw"),
      scriptsBrotli11: sum(scriptResults, "brotli11"),
      stylesWire: sum(styleResults, "wire"),
    },
    budget: page.budget
      ? { targetKb: JS_BUDGET_KB, valueKb: scriptsWire / KB, pass: scriptsWire <= JS_BUDGET_KB * KB }
      : undefined,
    uncompressed: [...scriptResults, ...styleResults]
      .filter((a) => a.encoding !== "br" && a.encoding !== "gzip")
      .map((a) => `${a.url} (${a.encoding})`),
  };
}

async function measureJs(context: SectionContext): Promise<SectionOutcome> {
  const pages = withUrdu(await discoverPages(context.baseUrl, context.log));
  const { ok, skipped, broken } = await checkPages(context.baseUrl, pages);
  const weights: PageWeight[] = [];
  for (const page of ok) weights.push(await weighPage(context.baseUrl, page));

  const lines = [
    `JavaScript per page (${context.database}): every script the HTML loads (modulepreload + module imports), ` +
      "asked for with Accept-Encoding: br, gzip; KB = 1024 bytes",
    "",
    table(
      ["page", "scripts", "JS KB on wire", "JS KB br-11", "JS KB raw", "CSS KB on wire", "HTML KB on wire"],
      weights.map((w) => [
        w.page,
        String(w.scripts.length),
        kb(w.totals.scriptsWire) + mark(w.budget?.pass),
        kb(w.totals.scriptsBrotli11),
        kb(w.totals.scriptsRaw),
        kb(w.totals.stylesWire),
        kb(w.html.wire),
      ]),
    ),
    "",
    `Target: JavaScript at most ${JS_BUDGET_KB} KB compressed on the product page ("on wire": what the server sends; ` +
      `"br-11": the same files at brotli's best quality).`,
  ];
  const budgeted = weights.find((w) => w.budget);
  if (budgeted) {
    lines.push(
      "",
      `Scripts of the ${budgeted.page} page (GET ${budgeted.path}):`,
      table(
        ["script", "encoding", "KB on wire", "KB br-11", "KB raw"],
        budgeted.scripts.map((s) => [s.url, s.encoding, kb(s.wire, 2), kb(s.brotli11, 2), kb(s.raw, 2)]),
      ),
    );
  }
  const uncompressed = weights.flatMap((w) => w.uncompressed.map((u) => `${w.page}: ${u}`));
  if (uncompressed.length)
    lines.push("", "Not compressed (should be br or gzip):", ...uncompressed.map((u) => `  ${u}`));
  lines.push(...skippedNotes(skipped));
  return {
    report: lines.join("\n"),
    data: { pages: weights, skipped: skipped.map((s) => ({ page: s.page.name, path: s.page.path, status: s.status })) },
    failures: brokenFailures("js-budget", broken),
  };
}

export const jsBudgetSection: Section = {
  name: "js-budget",
  description: "Compressed JavaScript each page loads (budget: product page at most 100 KB)",
  everyDatabase: false,
  run: measureJs,
};
