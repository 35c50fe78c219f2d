// Section "api": catalogue read calls of the store against a bare node:http server answering
// the same bytes. Targets (the owner's): GET /api/products/{id} at 50 connections reaches at
// least 50% of the bare server's requests/s, with p99 under 20 ms.
import os from "node:os";
import { startBareServer } from "./lib/bare";
import { getJson, getRaw } from "./lib/http";
import { type LoadSummary, measure, problems } from "./lib/load";
import { fixed, loud, percent, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";

export const TARGET_RATIO = 0.5;
export const TARGET_P99_MS = 20;

interface Call {
  name: string;
  path: string;
  /** the calls the targets apply to */
  targeted: boolean;
}

interface CallResult {
  call: string;
  path: string;
  answer: { status: number; contentType: string; bytes: number };
  store: LoadSummary;
  bare: LoadSummary;
  /** store requests/s ÷ bare requests/s */
  ratio: number;
  targets?: {
    ratio: { target: number; value: number; pass: boolean };
    p99: { targetMs: number; valueMs: number; pass: boolean };
  };
  problems: { store: string[]; bare: string[] };
  /** the store's answer after the load differs from the one recorded before it */
  answerChanged: boolean;
  /** 1-minute load average after each run: well above the CPU count means other work competed */
  loadAverage: { afterStore: number; afterBare: number };
}

interface CollectionJson {
  id: number;
  name: string;
  product_count?: number;
}
interface ProductJson {
  id: number;
  name: string;
}

/** A product id, a collection id and a search word, asked of the running store itself. */
async function discover(baseUrl: string, log: (m: string) => void): Promise<Call[]> {
  const products = await getJson<ProductJson[]>(`${baseUrl}/api/products?limit=1`);
  const product = products[0];
  if (!product) throw new Error("GET /api/products?limit=1 returned no product: is the demo store seeded?");

  const collections = await getJson<CollectionJson[]>(`${baseUrl}/api/collections`);
  if (collections.length === 0) throw new Error("GET /api/collections returned no collection");
  // the collection with the most products (a typical listing page), counted by the listing's
  // X-Total-Count rather than trusting the collection's product_count
  let collection: CollectionJson | undefined;
  let collectionTotal = -1;
  for (const c of collections) {
    const listing = await getRaw(`${baseUrl}/api/products?collection_id=${c.id}&limit=1`);
    const total = Number(listing.headers["x-total-count"] ?? NaN);
    if (listing.status === 200 && total > collectionTotal) {
      collection = c;
      collectionTotal = total;
    }
  }
  if (!collection || collectionTotal <= 0) throw new Error("no collection lists any product");
  if (collection.product_count !== undefined && collection.product_count !== collectionTotal) {
    log(
      `api: note: collection ${collection.id} says product_count ${collection.product_count} but its listing has X-Total-Count ${collectionTotal}`,
    );
  }

  // a word from a product name that the search finds: longest words first (more selective
  // words than "the"/"and"), from the first products of the catalogue
  const some = await getJson<ProductJson[]>(`${baseUrl}/api/products?limit=20`);
  const words = [
    ...new Set(
      some.flatMap((p) =>
        p.name
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .filter((w) => w.length >= 4),
      ),
    ),
  ].sort((a, b) => b.length - a.length || a.localeCompare(b));
  let word: string | undefined;
  for (const candidate of words.slice(0, 10)) {
    const found = await getJson<ProductJson[]>(`${baseUrl}/api/products?search=${encodeURIComponent(candidate)}`);
    if (found.length > 0) {
      word = candidate;
      break;
    }
  }
  if (!word)
    throw new Error(`no word from the product names is found by the search (tried: ${words.slice(0, 10).join(", ")})`);

  log(
    `api: product ${product.id} (${product.name}), collection ${collection.id} (${collection.name}, ${collectionTotal} products), search "${word}"`,
  );
  return [
    { name: "product", path: `/api/products/${product.id}`, targeted: true },
    { name: "collection", path: `/api/products?collection_id=${collection.id}`, targeted: false },
    { name: "search", path: `/api/products?search=${encodeURIComponent(word)}`, targeted: false },
  ];
}

async function benchCall(context: SectionContext, call: Call): Promise<CallResult> {
  const url = `${context.baseUrl}${call.path}`;
  const answer = await getRaw(url);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`GET ${call.path} answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 300)}`);
  }
  const bare = await startBareServer({ status: answer.status, contentType: answer.contentType, body: answer.body });
  try {
    const { connections, durationSeconds, warmupSeconds } = context.load;
    context.log(`api: ${call.name}: store ${warmupSeconds}s warm-up + ${durationSeconds}s, ${connections} connections`);
    const store = await measure(url, context.load);
    const loadAfterStore = os.loadavg()[0]!;
    const after = await getRaw(url);
    context.log(`api: ${call.name}: bare node:http, same`);
    const bareSummary = await measure(`${bare.url}${call.path}`, context.load);
    const loadAfterBare = os.loadavg()[0]!;
    const ratio = bareSummary.requestsPerSecond > 0 ? store.requestsPerSecond / bareSummary.requestsPerSecond : NaN;
    return {
      call: call.name,
      path: call.path,
      answer: { status: answer.status, contentType: answer.contentType, bytes: answer.body.length },
      store,
      bare: bareSummary,
      ratio,
      targets: call.targeted
        ? {
            ratio: { target: TARGET_RATIO, value: ratio, pass: ratio >= TARGET_RATIO },
            p99: { targetMs: TARGET_P99_MS, valueMs: store.latencyMs.p99, pass: store.latencyMs.p99 < TARGET_P99_MS },
          }
        : undefined,
      problems: { store: problems(store), bare: problems(bareSummary) },
      answerChanged: after.status !== answer.status || !after.body.equals(answer.body),
      loadAverage: { afterStore: loadAfterStore, afterBare: loadAfterBare },
    };
  } finally {
    await bare.stop();
  }
}

function render(context: SectionContext, results: CallResult[]): string {
  const mark = (pass: boolean | undefined) => (pass === undefined ? "" : pass ? " PASS" : " MISS");
  const rows = results.map((r) => [
    r.call,
    fixed(r.answer.bytes),
    fixed(r.store.requestsPerSecond),
    fixed(r.store.latencyMs.p50),
    fixed(r.store.latencyMs.p99) + mark(r.targets?.p99.pass),
    fixed(r.bare.requestsPerSecond),
    fixed(r.bare.latencyMs.p50),
    fixed(r.bare.latencyMs.p99),
    percent(r.ratio) + mark(r.targets?.ratio.pass),
    `${r.store.non2xx}/${r.store.errors}`,
    `${r.bare.non2xx}/${r.bare.errors}`,
  ]);
  const { connections, durationSeconds, warmupSeconds } = context.load;
  const lines = [
    `API (${context.database}), ${connections} connections, ${durationSeconds} s per run after a ${warmupSeconds} s warm-up`,
    "",
    table(
      [
        "call",
        "bytes",
        "store req/s",
        "p50 ms",
        "p99 ms",
        "bare req/s",
        "p50 ms",
        "p99 ms",
        "store/bare",
        "store non2xx/err",
        "bare non2xx/err",
      ],
      rows,
    ),
    "",
    ...results.map((r) => `  ${r.call.padEnd(10)} GET ${r.path}`),
    "",
    `Targets for "product": store/bare >= ${percent(TARGET_RATIO)} and p99 < ${TARGET_P99_MS} ms (PASS/MISS above; informative).`,
  ];
  const busiest = Math.max(...results.flatMap((r) => [r.loadAverage.afterStore, r.loadAverage.afterBare]));
  if (busiest > os.cpus().length + 1) {
    lines.push(
      `Note: the machine was busy (1-minute load average up to ${busiest.toFixed(1)} on ${os.cpus().length} CPUs): ` +
        "other processes competed with both servers, so these figures are noisy.",
    );
  }
  const changed = results.filter((r) => r.answerChanged).map((r) => r.call);
  if (changed.length)
    lines.push(
      `Note: the store's answer changed during the run for: ${changed.join(", ")} (someone wrote to the catalogue?).`,
    );
  const bad = results.flatMap((r) => [
    ...r.problems.store.map((p) => `store, ${r.call}: ${p}`),
    ...r.problems.bare.map((p) => `bare, ${r.call}: ${p}`),
  ]);
  if (bad.length) lines.push("", loud(["THE BENCH SAW ERRORS: these figures are not valid", ...bad]));
  return lines.join("\n");
}

export const apiSection: Section = {
  name: "api",
  description: "Catalogue API calls against a bare node:http server answering the same bytes",
  async run(context): Promise<SectionOutcome> {
    const calls = await discover(context.baseUrl, context.log);
    const results: CallResult[] = [];
    for (const call of calls) results.push(await benchCall(context, call));
    const failures = results.flatMap((r) => [
      ...r.problems.store.map((p) => `api ${r.call} (store): ${p}`),
      ...r.problems.bare.map((p) => `api ${r.call} (bare): ${p}`),
    ]);
    return { report: render(context, results), data: { calls: results }, failures };
  },
};
