// Section "ssr": the product page's HTML from the store against a bare node:http server
// answering the same bytes (like "api" does for the API): requests/s, p50, p99, ratio. Budgets
// (decision 0083): rendered each time >= 8% of bare answering the page uncompressed; as browsers
// ask (compressed, page cache) >= 80% of bare answering the same compressed bytes.
import os from "node:os";
import { startBareServer } from "./lib/bare";
import { getRaw } from "./lib/http";
import { type LoadSummary, measure, problems } from "./lib/load";
import { fixed, loud, percent, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import { discoverPages, loadNote } from "./pages";

interface SsrData {
  path: string;
  answer: { status: number; contentType: string; bytes: number };
  /** the same URL every time: after the first, answered from the page cache (decision 0032) */
  store: LoadSummary;
  /** a new query string each time (?bench=<n>): every request rendered by React */
  rendered: LoadSummary;
  /** the same URL with Accept-Encoding: br, gzip, as browsers ask: cached, compressed once (decision 0074) */
  compressed: LoadSummary;
  bare: LoadSummary;
  /** the bare server answering the page's Brotli bytes: what p99 the machine allows at that size */
  bareCompressed: LoadSummary;
  compressedBytes: number;
  ratio: number;
  renderedRatio: number;
  problems: { store: string[]; rendered: string[]; compressed: string[]; bare: string[]; bareCompressed: string[] };
  loadAverage: {
    afterStore: number;
    afterRendered: number;
    afterCompressed: number;
    afterBare: number;
    afterBareCompressed: number;
  };
}

/**
 * The product page's budgets (decision 0083), as shares of a bare node:http server answering the
 * same bytes on the same machine, so they hold on any machine: what was measured on a quiet 2-core
 * machine here, rounded down.
 */
export const SSR_TARGETS = {
  /** asked as browsers ask, the page cache answering: against bare answering the compressed bytes */
  browser: { shareOfBare: 0.8 },
  /** a page the cache has not seen, React rendering it: against bare answering the uncompressed page */
  rendered: { shareOfBare: 0.08 },
};

function targetNote(run: LoadSummary, bare: LoadSummary, target: { shareOfBare: number }): string {
  const share = bare.requestsPerSecond > 0 ? run.requestsPerSecond / bare.requestsPerSecond : NaN;
  return `${percent(share)} of bare, >= ${percent(target.shareOfBare)}: ${share >= target.shareOfBare ? "met" : "MISSED"}`;
}

async function measureSsr(context: SectionContext): Promise<SectionOutcome> {
  const pages = await discoverPages(context.baseUrl, context.log);
  const product = pages.find((p) => p.name === "product")!;
  const url = `${context.baseUrl}${product.path}`;
  // recorded once, without Accept-Encoding (as autocannon asks), so both answer the same bytes
  const answer = await getRaw(url);
  if (answer.status !== 200) {
    throw new Error(`GET ${product.path} answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 300)}`);
  }
  // the page as browsers get it (its second visitor is given the Brotli copy the cache makes):
  // a bare server answering those bytes is the floor for the "as browsers ask" row's p99
  const compressedAnswer = await getRaw(url, 15_000, { "accept-encoding": "br, gzip" });
  if (compressedAnswer.status !== 200 || !compressedAnswer.headers["content-encoding"]) {
    throw new Error(`GET ${product.path} as browsers ask was not answered compressed (${compressedAnswer.status})`);
  }
  const bare = await startBareServer({ status: answer.status, contentType: answer.contentType, body: answer.body });
  const bareCompressedServer = await startBareServer({
    status: compressedAnswer.status,
    contentType: compressedAnswer.contentType,
    body: compressedAnswer.body,
  });
  let data: SsrData;
  try {
    const { connections, durationSeconds, warmupSeconds } = context.load;
    context.log(
      `ssr: GET ${product.path}: store ${warmupSeconds}s warm-up + ${durationSeconds}s, ${connections} connections`,
    );
    const store = await measure(url, context.load);
    const afterStore = os.loadavg()[0]!;
    context.log("ssr: store, a new query string per request (every page rendered)");
    const rendered = await measure(url, { ...context.load, uniqueQuery: true });
    const afterRendered = os.loadavg()[0]!;
    context.log("ssr: store, Accept-Encoding: br, gzip");
    const compressed = await measure(url, { ...context.load, headers: { "accept-encoding": "br, gzip" } });
    const afterCompressed = os.loadavg()[0]!;
    context.log("ssr: bare node:http, same bytes");
    const bareSummary = await measure(`${bare.url}${product.path}`, context.load);
    const afterBare = os.loadavg()[0]!;
    context.log(`ssr: bare node:http, the page's ${compressedAnswer.headers["content-encoding"]} bytes`);
    const bareCompressed = await measure(`${bareCompressedServer.url}${product.path}`, context.load);
    const afterBareCompressed = os.loadavg()[0]!;
    data = {
      path: product.path,
      answer: { status: answer.status, contentType: answer.contentType, bytes: answer.body.length },
      store,
      rendered,
      compressed,
      bare: bareSummary,
      bareCompressed,
      compressedBytes: compressedAnswer.body.length,
      ratio: bareSummary.requestsPerSecond > 0 ? store.requestsPerSecond / bareSummary.requestsPerSecond : NaN,
      renderedRatio:
        bareSummary.requestsPerSecond > 0 ? rendered.requestsPerSecond / bareSummary.requestsPerSecond : NaN,
      problems: {
        store: problems(store),
        rendered: problems(rendered),
        compressed: problems(compressed),
        bare: problems(bareSummary),
        bareCompressed: problems(bareCompressed),
      },
      loadAverage: { afterStore, afterRendered, afterCompressed, afterBare, afterBareCompressed },
    };
  } finally {
    await bare.stop();
    await bareCompressedServer.stop();
  }

  const { connections, durationSeconds, warmupSeconds } = context.load;
  const lines = [
    `SSR product page (${context.database}), ${connections} connections, ${durationSeconds} s per run after a ${warmupSeconds} s warm-up`,
    "",
    table(
      ["server", "bytes", "req/s", "p50 ms", "p99 ms", "non2xx/err", "budget (decision 0083)"],
      (
        [
          ["store (page cache)", data.store, null, data.answer.bytes],
          ["store, rendered each time", data.rendered, [data.bare, SSR_TARGETS.rendered], data.answer.bytes],
          [
            "store, br/gzip as browsers",
            data.compressed,
            [data.bareCompressed, SSR_TARGETS.browser],
            data.compressedBytes,
          ],
          ["bare node:http", data.bare, null, data.answer.bytes],
          ["bare node:http, br bytes", data.bareCompressed, null, data.compressedBytes],
        ] as const
      ).map(([name, run, target, bytes]) => [
        name,
        fixed(bytes),
        fixed(run.requestsPerSecond),
        fixed(run.latencyMs.p50),
        fixed(run.latencyMs.p99),
        `${run.non2xx}/${run.errors}`,
        target ? targetNote(run, target[0], target[1]) : "",
      ]),
    ),
    "",
    `  GET ${data.path} (uncompressed, as autocannon asks): store/bare = ${percent(data.ratio)}; ` +
      `rendered each time (?bench=<n>, past the page cache) / bare = ${percent(data.renderedRatio)}`,
    `  as browsers ask: the bare server answering the same compressed bytes (the floor on this machine, ` +
      `autocannon sharing its cores) did p99 ${fixed(data.bareCompressed.latencyMs.p99)} ms`,
    ...loadNote(Object.values(data.loadAverage)),
  ];
  const bad = Object.entries(data.problems).flatMap(([run, list]) => list.map((p) => `${run}: ${p}`));
  if (bad.length) lines.push("", loud(["THE BENCH SAW ERRORS: these figures are not valid", ...bad]));
  return { report: lines.join("\n"), data, failures: bad.map((p) => `ssr ${p}`) };
}

export const ssrSection: Section = {
  name: "ssr",
  description: "Product page HTML from the store against a bare node:http server answering the same bytes",
  run: measureSsr,
};
