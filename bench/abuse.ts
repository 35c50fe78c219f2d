// Section "abuse": what one attacker's requests cost every other shopper.
//
// 1. A hostile email: POST /api/orders whose email is "a@" + N dots + "@" (the shape that made the
//    old email pattern backtrack), with GET /api/health sent 20 ms later from another
//    connection: how long each took. Before the email pattern was rewritten the health check
//    waited 2.3 s (60,000 dots) or 36 s (250,000); it must not wait at all.
// 2. A review flood: the product page (same URL, so the page cache answers) under load alone, then
//    while a second client posts reviews as fast as it can from ever-new addresses, of other
//    products and of this one. Before decision 0052 every review cleared every cached page
//    (1,759 -> 646 pages/s at 91 reviews/s); now a review clears only its own product, and beyond
//    the review limits a flood is answered 429 and clears nothing.
//
// It starts its own store with TRUST_PROXY=1, so each review can come from an address of its own
// (X-Forwarded-For), on a fresh demo database (PGlite folder, or a scratch PostgreSQL database).
import { startStore } from "./lib/server";
import { measure, problems, type LoadSummary } from "./lib/load";
import { fixed, loud, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import { clientAddress, freshDatabase } from "../scripts/lib/shop-fixtures";

interface Timed {
  /** the answer's status, or "failed" when the connection broke (a server frozen past its own time limits drops it) */
  status: number | "failed";
  ms: number;
}

async function timed(url: string, init?: RequestInit): Promise<Timed> {
  const start = performance.now();
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - start };
  } catch {
    return { status: "failed", ms: performance.now() - start };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function hostileEmail(baseUrl: string, dots: number) {
  const body = JSON.stringify({
    first_name: "A",
    last_name: "B",
    email: `a@${".".repeat(dots)}@`,
    phone: "0300-1234567",
    shipping_address: "House 1, Lahore, 54000, Pakistan",
    city: "Lahore",
    postal_code: "54000",
    country: "Pakistan",
    total_amount: 100,
    payment_method: "cod",
    items: [{ product_id: 1, quantity: 1, price: 100 }],
  });
  const hostile = timed(`${baseUrl}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.66" },
    body,
  });
  await sleep(20);
  const other = await timed(`${baseUrl}/api/health`);
  return { dots, hostile: await hostile, other };
}

interface Flood {
  posted: number;
  accepted: number;
  refused: number;
  perSecond: number;
}

/** Posts reviews with `parallel` clients until stop() is called; each from a new address. */
function reviewFlood(baseUrl: string, productIds: () => number, parallel = 8) {
  let running = true;
  let n = 0;
  const counts = { posted: 0, accepted: 0, refused: 0 };
  const started = performance.now();
  const worker = async () => {
    while (running) {
      n += 1;
      const res = await fetch(`${baseUrl}/api/products/${productIds()}/reviews`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": clientAddress(100_000 + n) },
        body: JSON.stringify({ rating: 1, review_text: "Flood", reviewer_name: "Flood" }),
      });
      await res.arrayBuffer();
      counts.posted += 1;
      if (res.status === 201) counts.accepted += 1;
      else counts.refused += 1;
    }
  };
  const workers = Array.from({ length: parallel }, worker);
  return async (): Promise<Flood> => {
    running = false;
    await Promise.all(workers);
    return { ...counts, perSecond: counts.posted / ((performance.now() - started) / 1000) };
  };
}

async function measureAbuse(context: SectionContext): Promise<SectionOutcome> {
  const serverUrl = context.database === "postgres" ? process.env.BENCH_DATABASE_URL : undefined;
  if (context.database === "postgres" && !serverUrl) throw new Error("BENCH_DATABASE_URL is not set");
  context.log("abuse: preparing a fresh demo database");
  const database = await freshDatabase("store-bench-abuse", serverUrl);
  const failures: string[] = [];
  try {
    const store = await startStore({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { TRUST_PROXY: "1", SEED_DEMO: "0", LOG_LEVEL: "error" },
    });
    try {
      const base = store.baseUrl;
      context.log("abuse: hostile emails");
      const emails = [await hostileEmail(base, 60_000), await hostileEmail(base, 250_000)];

      const products = (await (await fetch(`${base}/api/products?limit=100&sort=name`)).json()) as { id: number }[];
      const page = products[0]!.id;
      const others = products.slice(1).map((p) => p.id);
      const pageUrl = `${base}/product/${page}`;
      const runs: { label: string; summary: LoadSummary; flood?: Flood }[] = [];

      context.log("abuse: the product page alone");
      runs.push({ label: "alone", summary: await measure(pageUrl, context.load) });

      context.log("abuse: the product page while other products are reviewed");
      let k = 0;
      let stop = reviewFlood(base, () => others[k++ % others.length]!);
      let summary = await measure(pageUrl, context.load);
      runs.push({ label: "reviews of other products", summary, flood: await stop() });

      context.log("abuse: the product page while it is flooded with reviews");
      stop = reviewFlood(base, () => page);
      summary = await measure(pageUrl, context.load);
      runs.push({ label: "reviews of this product", summary, flood: await stop() });

      for (const run of runs) failures.push(...problems(run.summary).map((p) => `${run.label}: ${p}`));
      for (const e of emails) {
        const status = e.hostile.status;
        if (status === "failed" || status < 400 || status >= 500) failures.push(`hostile email ${e.dots}: ${status}`);
        if (e.other.status !== 200) failures.push(`health beside the hostile email ${e.dots}: ${e.other.status}`);
      }

      const report = [
        `Abuse (${context.database}): a hostile email, then a review flood beside the product page`,
        table(
          ["email dots", "hostile answer", "hostile ms", "health ms (sent 20 ms later)"],
          emails.map((e) => [fixed(e.dots), String(e.hostile.status), fixed(e.hostile.ms), fixed(e.other.ms)]),
        ),
        table(
          ["product page", "pages/s", "p99 ms", "reviews posted/s", "accepted", "refused (429)"],
          runs.map((r) => [
            r.label,
            fixed(r.summary.requestsPerSecond),
            fixed(r.summary.latencyMs.p99),
            r.flood ? fixed(r.flood.perSecond) : "-",
            r.flood ? fixed(r.flood.accepted) : "-",
            r.flood ? fixed(r.flood.refused) : "-",
          ]),
        ),
        ...(failures.length ? [loud(failures)] : []),
      ].join("\n");
      return { report, data: { database: context.database, emails, runs }, failures };
    } finally {
      await store.stop();
    }
  } finally {
    await database.dispose();
  }
}

export const abuseSection: Section = {
  name: "abuse",
  description: "what an attacker costs others: a backtracking email, a review flood beside the product page",
  run: measureAbuse,
};
