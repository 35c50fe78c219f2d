// Section "orders": POST /api/orders, orders per second and latency, every request a distinct
// cash-on-delivery order of two lines from ten items with plenty of stock.
//
// It starts its own store rather than using the round's: the run needs items whose stock will
// not run out (set in the database before the store starts) and one client address per order
// (X-Forwarded-For with TRUST_PROXY=1), or the per-client order limit (20 per 10 minutes) would
// answer 429 after the first twenty. PGlite: a fresh folder with the demo store. PostgreSQL: a
// scratch database created on BENCH_DATABASE_URL's server and dropped afterwards.
// After the load it checks in the database that stock + units ordered = starting stock.
//
// Connections: BENCH_ORDER_CONNECTIONS, default 10 (checkouts are rarer than page views). At 50,
// PGlite answers most orders in a few hundred ms but leaves a few connections waiting for
// seconds (timeouts): its queries run on the event loop, and the same happens to uncached
// catalogue reads; PostgreSQL has no such tail.
import autocannon, { type Result } from "autocannon";
import { startStore } from "./lib/server";
import { type LoadOptions, type LoadSummary, problems, summarise } from "./lib/load";
import { fixed, loud, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import {
  clientAddress,
  freshDatabase,
  orderBody,
  pickTargets,
  setStock,
  shippingRule,
  stockOf,
  unitsSold,
  type Target,
} from "../scripts/lib/shop-fixtures";

// autocannon 9 builds each request with setupRequest (bench/types/autocannon.d.ts lists only
// what the other sections use)
declare module "autocannon" {
  interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestSpec) => RequestSpec;
  }
  interface Options {
    requests?: RequestSpec[];
  }
}

const START_STOCK = 10_000_000;

interface OrdersData {
  database: string;
  summary: LoadSummary;
  ordersPlaced: number;
  stock: { item: string; start: number; now: number; sold: number }[];
}

function run(
  url: string,
  options: LoadOptions,
  seconds: number,
  nextBody: () => { body: string; address: string },
): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: options.connections,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: "POST",
            path: "/api/orders",
            setupRequest: (request) => {
              const { body, address } = nextBody();
              return {
                ...request,
                method: "POST",
                path: "/api/orders",
                headers: { "content-type": "application/json", "x-forwarded-for": address },
                body,
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function orderLoad(load: LoadOptions): LoadOptions {
  const raw = process.env.BENCH_ORDER_CONNECTIONS;
  const connections = raw === undefined || raw === "" ? 10 : Number(raw);
  if (!Number.isInteger(connections) || connections < 1) {
    throw new Error(`BENCH_ORDER_CONNECTIONS must be a positive whole number, got "${raw}"`);
  }
  return { ...load, connections };
}

async function measureOrders(context: SectionContext): Promise<SectionOutcome> {
  const load = orderLoad(context.load);
  const serverUrl = context.database === "postgres" ? process.env.BENCH_DATABASE_URL : undefined;
  if (context.database === "postgres" && !serverUrl) throw new Error("BENCH_DATABASE_URL is not set");
  context.log("orders: preparing a fresh demo database");
  const database = await freshDatabase("store-bench-orders", serverUrl);
  try {
    let handle = await database.open();
    const targets = await pickTargets(handle.db, 8, 2);
    for (const target of targets) await setStock(handle.db, target, START_STOCK);
    const rule = await shippingRule(handle.db);
    await handle.close();

    let n = 0;
    const nextBody = () => {
      n += 1;
      const a = targets[n % targets.length] as Target;
      const b = targets[(n * 7 + 3) % targets.length] as Target;
      const lines =
        a === b
          ? [{ target: a, quantity: 2 }]
          : [
              { target: a, quantity: 1 },
              { target: b, quantity: 1 },
            ];
      const body = orderBody(lines, rule, {
        firstName: "Bench",
        lastName: `Order-${n}`,
        email: `bench${n}@example.pk`,
        phone: `0300-${String(1_000_000 + (n % 9_000_000)).slice(-7)}`,
      });
      return { body: JSON.stringify(body), address: clientAddress(n) };
    };

    context.log("orders: starting a store with TRUST_PROXY=1 on it");
    const store = await startStore({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { TRUST_PROXY: "1", SEED_DEMO: "0", LOG_LEVEL: "error" },
    });
    let summary: LoadSummary;
    let placed = 0;
    try {
      const url = `${store.baseUrl}/api/orders`;
      if (load.warmupSeconds > 0) {
        const warm = await run(url, load, load.warmupSeconds, nextBody);
        placed += warm.statusCodeStats["201"]?.count ?? 0;
      }
      const result = await run(url, load, load.durationSeconds, nextBody);
      placed += result.statusCodeStats["201"]?.count ?? 0;
      summary = summarise(result, load);
    } finally {
      await store.stop();
    }

    handle = await database.open();
    const stock = [];
    for (const target of targets) {
      const now = await stockOf(handle.db, target);
      stock.push({
        item: `${target.name}${target.combinationId ? ` #${target.combinationId}` : ""}`,
        start: START_STOCK,
        now,
        sold: await unitsSold(handle.db, target),
      });
    }
    await handle.close();

    const failures = problems(summary).map((p) => `POST /api/orders: ${p}`);
    for (const s of stock) {
      if (s.now + s.sold !== s.start) failures.push(`${s.item}: stock ${s.now} + ordered ${s.sold} != ${s.start}`);
    }
    const data: OrdersData = { database: context.database, summary, ordersPlaced: placed, stock };
    const report = [
      `Orders (${context.database}): POST /api/orders, a distinct 1-2 line order per request, ${summary.connections} connections, ${summary.durationSeconds} s`,
      table(
        ["database", "orders/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "orders", "non-2xx", "errors"],
        [
          [
            context.database,
            fixed(summary.requestsPerSecond, 1),
            fixed(summary.latencyMs.p50),
            fixed(summary.latencyMs.p90),
            fixed(summary.latencyMs.p99),
            fixed(summary.latencyMs.max),
            fixed(summary.totalRequests),
            fixed(summary.non2xx),
            fixed(summary.errors),
          ],
        ],
      ),
      `stock check after ${placed} orders (warm-up included): ${failures.some((f) => f.includes("!=")) ? "VIOLATED" : "stock + units ordered = starting stock for all 10 items"}`,
      ...(failures.length ? [loud(failures)] : []),
    ].join("\n");
    return { report, data, failures };
  } finally {
    await database.dispose();
  }
}

export const ordersSection: Section = {
  name: "orders",
  description: "POST /api/orders: orders per second and p99, on a store of its own (TRUST_PROXY, ample stock)",
  run: measureOrders,
};
