// Section "import-turns" (decision 0088): what shoppers wait while staff import products. On a
// store of its own (a fresh demo database), a few shoppers ask, one request after another with a
// short pause, for product pages (rendered each time: a new query string) and GET
// /api/products/{id}, cycling through the catalogue. First for BENCH_DURATION seconds alone (the
// baseline), then while a 5,000-row file is sent as POST /api/admin/products/imports (the
// preview) and applied with POST /api/admin/products/imports/{id}/apply. The figures are the
// shoppers' requests that STARTED while the preview or the apply was running: their p50, p99 and
// max, beside the baseline's. Latency is timed by the bench from the request to the answer's last
// byte, one request at a time per shopper, so a request the store holds up shows its whole wait.
//
// BENCH_IMPORT_TURNS_ROWS (5000): rows in the file (new products of four sizes each).
// BENCH_IMPORT_TURNS_SHOPPERS (4): shoppers, half on the API, half on the product page.
// BENCH_IMPORT_TURNS_PAUSE_MS (50): each shopper's pause between two requests.
import { getJson, getRaw } from "./lib/http";
import { fixed, loud, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import { importBenchStore, newProductsFile } from "./import";

/** "about its normal time": a request during the apply may take this much longer at p99 */
const TARGET_EXTRA_P99_MS = 100;

function wholeNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

type Kind = "api" | "page";
const LABEL: Record<Kind, string> = { api: "GET /api/products/{id}", page: "GET /product/{id}?bench=n" };

interface Sample {
  kind: Kind;
  /** ms since the section's clock started */
  start: number;
  ms: number;
  status: number;
}

interface Window {
  name: string;
  from: number;
  to: number;
}

interface Figures {
  window: string;
  kind: Kind;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function figuresOf(samples: Sample[], window: Window, kind: Kind): Figures {
  const inside = samples.filter((s) => s.kind === kind && s.start >= window.from && s.start < window.to);
  const ms = inside.map((s) => s.ms).sort((a, b) => a - b);
  return {
    window: window.name,
    kind,
    requests: inside.length,
    p50: percentile(ms, 0.5),
    p99: percentile(ms, 0.99),
    max: ms[ms.length - 1] ?? NaN,
    failed: inside.filter((s) => s.status < 200 || s.status >= 300).length,
  };
}

/** Shoppers asking one request after another until told to stop; every answer is a sample. */
function shoppers(
  baseUrl: string,
  ids: number[],
  count: number,
  pauseMs: number,
  clock: () => number,
): { samples: Sample[]; stop(): Promise<void> } {
  const samples: Sample[] = [];
  let stopping = false;
  let query = 0;
  const one = async (index: number) => {
    const kind: Kind = index % 2 === 0 ? "api" : "page";
    for (let n = index; !stopping; n += count) {
      const id = ids[n % ids.length]!;
      const path = kind === "api" ? `/api/products/${id}` : `/product/${id}?bench=${++query}`;
      const start = clock();
      let status = 0;
      try {
        status = (await getRaw(`${baseUrl}${path}`, 60_000)).status;
      } catch {
        status = 0;
      }
      samples.push({ kind, start, ms: clock() - start, status });
      await sleep(pauseMs);
    }
  };
  const running = Array.from({ length: count }, (_, i) => one(i));
  return {
    samples,
    stop: async () => {
      stopping = true;
      await Promise.all(running);
    },
  };
}

async function measureImportTurns(context: SectionContext): Promise<SectionOutcome> {
  const rows = wholeNumber("BENCH_IMPORT_TURNS_ROWS", 5_000, 4);
  const count = wholeNumber("BENCH_IMPORT_TURNS_SHOPPERS", 4, 2);
  const pauseMs = wholeNumber("BENCH_IMPORT_TURNS_PAUSE_MS", 50, 0);
  const { database, store, token } = await importBenchStore(context, "import-turns");
  try {
    const epoch = performance.now();
    const clock = () => performance.now() - epoch;
    const windows: Window[] = [];
    let samples: Sample[] = [];
    let previewMs = 0;
    let applyMs = 0;
    let applied: { counts: Record<string, number> } | undefined;
    try {
      const products = await getJson<{ id: number }[]>(`${store.baseUrl}/api/products?limit=100`);
      const ids = products.map((p) => p.id);
      if (ids.length === 0) throw new Error("the fresh store lists no product");
      const file = newProductsFile(rows);
      const auth = { authorization: `Bearer ${token}` };

      // every page rendered once and every read made once, as a shop that has been open a while
      const warm = shoppers(store.baseUrl, ids, count, pauseMs, clock);
      await sleep(Math.max(2, context.load.warmupSeconds) * 1000);
      await warm.stop();

      const load = shoppers(store.baseUrl, ids, count, pauseMs, clock);
      const baselineFrom = clock();
      context.log(`import-turns: ${count} shoppers alone for ${context.load.durationSeconds} s`);
      await sleep(context.load.durationSeconds * 1000);
      windows.push({ name: "baseline", from: baselineFrom, to: clock() });

      context.log(`import-turns: the same shoppers while ${rows.toLocaleString("en-US")} rows are previewed`);
      const previewFrom = clock();
      const preview = await fetch(`${store.baseUrl}/api/admin/products/imports?file_name=turns.csv`, {
        method: "POST",
        headers: { ...auth, "content-type": "text/csv" },
        body: file,
      });
      const previewBody = await preview.text();
      windows.push({ name: "during preview", from: previewFrom, to: clock() });
      previewMs = clock() - previewFrom;
      if (preview.status !== 201)
        throw new Error(`the preview answered ${preview.status}: ${previewBody.slice(0, 300)}`);
      const { id, error_count: errorCount } = JSON.parse(previewBody) as { id: number; error_count: number };
      if (errorCount > 0) throw new Error(`the preview found ${errorCount} errors`);
      await sleep(1000);

      context.log("import-turns: ... and while it is applied");
      const applyFrom = clock();
      const apply = await fetch(`${store.baseUrl}/api/admin/products/imports/${id}/apply`, {
        method: "POST",
        headers: auth,
      });
      const applyBody = await apply.text();
      windows.push({ name: "during apply", from: applyFrom, to: clock() });
      applyMs = clock() - applyFrom;
      if (apply.status !== 200) throw new Error(`the apply answered ${apply.status}: ${applyBody.slice(0, 300)}`);
      applied = JSON.parse(applyBody) as { counts: Record<string, number> };
      await sleep(1000);
      await load.stop();
      samples = load.samples;
    } finally {
      await store.stop();
    }

    const figures = windows.flatMap((w) => (["api", "page"] as const).map((kind) => figuresOf(samples, w, kind)));
    const failures: string[] = [];
    for (const f of figures)
      if (f.failed > 0)
        failures.push(`${context.database}: ${f.failed} of ${f.requests} ${LABEL[f.kind]} failed ${f.window}`);
    const baseline = (kind: Kind) => figures.find((f) => f.window === "baseline" && f.kind === kind)!;
    const verdict = (f: Figures) => {
      if (f.window === "baseline") return "";
      if (f.requests === 0) return "none started";
      return f.p99 <= baseline(f.kind).p99 + TARGET_EXTRA_P99_MS ? "met" : "MISSED";
    };
    const report = [
      `Shoppers while a ${rows.toLocaleString("en-US")}-row product import is previewed and applied, on ${context.database}: ${count} shoppers (half API, half product page), ${pauseMs} ms between requests; requests that started in each window`,
      table(
        [
          "window",
          "call",
          "requests",
          "p50 ms",
          "p99 ms",
          "max ms",
          `p99 within ${TARGET_EXTRA_P99_MS} ms of baseline`,
        ],
        figures.map((f) => [
          f.window,
          LABEL[f.kind],
          fixed(f.requests),
          fixed(f.p50),
          fixed(f.p99),
          fixed(f.max),
          verdict(f),
        ]),
      ),
      `preview ${(previewMs / 1000).toFixed(2)} s, apply ${(applyMs / 1000).toFixed(2)} s (${applied?.counts.products_to_create ?? 0} products and ${applied?.counts.combinations_to_create ?? 0} combinations created)`,
      ...(failures.length ? [loud(failures)] : []),
    ].join("\n");
    return { report, data: { rows, shoppers: count, pauseMs, previewMs, applyMs, figures }, failures };
  } finally {
    await database.dispose();
  }
}

export const importTurnsSection: Section = {
  name: "import-turns",
  description:
    "shoppers' product pages and API calls while a 5,000-row product import is previewed and applied (p99 against their baseline), on a store of its own",
  run: measureImportTurns,
};
