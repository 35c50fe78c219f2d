// Crash drill: `npm run drill:crash` (after `npm run build`; it builds nothing itself).
//
// Starts the built store (build/node/main.js) on a fresh demo database, fires concurrent orders
// at a few items with known stock, kills the process with SIGKILL while orders are in flight,
// starts it again on the same data, retries the orders whose answers were lost (same
// Idempotency-Key), places the rest, stops it, and then checks the database itself:
//   - every order has all its items, and its totals add up;
//   - for every item, stock now + units in orders = starting stock;
//   - every order that was answered 201 is stored, with the tracking ID it was answered;
//   - no request made two orders (the retries replayed or placed exactly one).
// Prints the result and exits 1 on any violation.
//
// Environment:
//   DRILL_DATABASE_URL   also drill on PostgreSQL: a server URL where a scratch database may be
//                        created (it is dropped afterwards)
//   DRILL_ORDERS=600     orders to place in all
//   DRILL_CONCURRENCY=16 requests in flight at once
//   DRILL_KILL_AFTER=100 answered orders before the SIGKILL
//   DRILL_STOCK=150      starting stock of each of the 4 items
import { installCleanup, stopAllChildren } from "../bench/lib/children";
import { startStore, type RunningStore } from "../bench/lib/server";
import { sql } from "drizzle-orm";
import {
  clientAddress,
  freshDatabase,
  orderBody,
  pickTargets,
  rows,
  setStock,
  shippingRule,
  stockOf,
  targetLabel,
  unitsSold,
  type PreparedDatabase,
  type Target,
} from "./lib/shop-fixtures";

const ORDERS = positive("DRILL_ORDERS", 600);
const CONCURRENCY = positive("DRILL_CONCURRENCY", 16);
const KILL_AFTER = positive("DRILL_KILL_AFTER", 100);
const STOCK = positive("DRILL_STOCK", 150);

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

interface Planned {
  n: number;
  key: string;
  body: ReturnType<typeof orderBody>;
  lines: { target: Target; quantity: number }[];
}

type Outcome =
  | { kind: "placed"; trackingId: string; replayed: boolean }
  | { kind: "refused"; status: number; detail: string }
  | { kind: "lost"; error: string };

interface DrillResult {
  database: string;
  sent: number;
  placedBeforeKill: number;
  lostAtKill: number;
  retriedAfterRestart: { placed: number; replayed: number; refused: number };
  placed: number;
  refused: number;
  ordersInDatabase: number;
  stock: { item: string; start: number; now: number; sold: number }[];
  violations: string[];
}

const log = (message: string) => console.error(`[drill] ${message}`);

/** Orders of 1 to 3 lines (sometimes two lines of one item) with 1 or 2 units each; seeded. */
function plan(targets: Target[], rule: Awaited<ReturnType<typeof shippingRule>>, run: string): Planned[] {
  // mulberry32: the same orders on every run
  let seed = 20_261_121;
  const random = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
  return Array.from({ length: ORDERS }, (_, n) => {
    const lines = Array.from({ length: 1 + random(3) }, () => ({
      target: targets[random(targets.length)] as Target,
      quantity: 1 + random(2),
    }));
    const body = orderBody(lines, rule, {
      firstName: "Drill",
      lastName: `Order-${n}`,
      email: `drill${n}@example.pk`,
      phone: `0300-${String(1_000_000 + n).slice(-7)}`,
    });
    return { n, key: `drill-${run}-${n}`, body, lines };
  });
}

async function send(store: RunningStore, order: Planned): Promise<Outcome> {
  try {
    const response = await fetch(`${store.baseUrl}/api/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": order.key,
        "x-forwarded-for": clientAddress(order.n + 1),
      },
      body: JSON.stringify(order.body),
      signal: AbortSignal.timeout(60_000),
    });
    const answer = (await response.json()) as { tracking_id?: string; detail?: string };
    if (response.status === 201 && answer.tracking_id) {
      return {
        kind: "placed",
        trackingId: answer.tracking_id,
        replayed: response.headers.get("idempotent-replayed") === "true",
      };
    }
    return { kind: "refused", status: response.status, detail: answer.detail ?? "" };
  } catch (error) {
    return { kind: "lost", error: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends orders with CONCURRENCY workers until done, or until stop() says so. */
async function fire(
  store: RunningStore,
  queue: Planned[],
  onAnswer: (order: Planned, outcome: Outcome) => void,
  stop = () => false,
) {
  let next = 0;
  const worker = async () => {
    while (!stop() && next < queue.length) {
      const order = queue[next++] as Planned;
      onAnswer(order, await send(store, order));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return queue.slice(next);
}

async function drill(database: PreparedDatabase): Promise<DrillResult> {
  const violations: string[] = [];
  const run = Date.now().toString(36);

  // the items and their starting stock, written before the store starts
  let handle = await database.open();
  const targets = await pickTargets(handle.db, 3, 1);
  for (const target of targets) await setStock(handle.db, target, STOCK);
  const rule = await shippingRule(handle.db);
  await handle.close();
  const orders = plan(targets, rule, run);

  const storeOptions = {
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    // one client address per order (X-Forwarded-For), so the per-client order limit stays out of the way
    env: { TRUST_PROXY: "1", SEED_DEMO: "0", LOG_LEVEL: "error" },
  };

  const outcomes = new Map<number, Outcome>();
  log(`${database.kind}: starting the store`);
  let store = await startStore(storeOptions);
  let placedBeforeKill = 0;
  let killed = false;
  const rest = await fire(
    store,
    orders,
    (order, outcome) => {
      outcomes.set(order.n, outcome);
      if (outcome.kind === "placed" && !killed && ++placedBeforeKill >= KILL_AFTER) {
        killed = true;
        log(`${database.kind}: ${placedBeforeKill} orders answered; SIGKILL with requests in flight`);
        store.child.process.kill("SIGKILL");
      }
    },
    () => killed,
  );
  await store.child.exited;
  if (!killed) log(`${database.kind}: the store exited by itself; its last output:\n${store.child.recentOutput()}`);
  if (!killed)
    violations.push(`the store was never killed: only ${placedBeforeKill} orders placed (raise DRILL_ORDERS)`);
  const lost = orders.filter((o) => outcomes.get(o.n)?.kind === "lost");
  log(`${database.kind}: ${lost.length} answers lost in the kill; restarting on the same data`);

  store = await startStore(storeOptions);
  const retried = { placed: 0, replayed: 0, refused: 0 };
  // the lost ones first, with their Idempotency-Key, as a phone would retry them
  await fire(store, lost, (order, outcome) => {
    outcomes.set(order.n, outcome);
    if (outcome.kind === "placed") retried[outcome.replayed ? "replayed" : "placed"]++;
    else if (outcome.kind === "refused") retried.refused++;
  });
  await fire(store, rest, (order, outcome) => outcomes.set(order.n, outcome));
  await store.stop();

  // the database is the judge
  handle = await database.open();
  const db = handle.db;
  const stored = await rows<{
    id: number;
    last_name: string;
    tracking_id: string;
    subtotal: number;
    shipping: number;
    discount: number;
    total: number;
  }>(
    db,
    sql`select id, last_name, tracking_id, subtotal_paisa as subtotal, shipping_paisa as shipping, discount_paisa as discount,
               total_paisa as total from orders where first_name = 'Drill'`,
  );
  const items = await rows<{
    order_id: number;
    product_id: number;
    combination_id: number | null;
    quantity: number;
    line_total: number;
  }>(
    db,
    sql`select order_id, product_id, combination_id, quantity, line_total_paisa as line_total from order_items
        where order_id in (select id from orders where first_name = 'Drill')`,
  );
  const [{ n: empty } = { n: 0 }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
  );
  if (Number(empty) > 0) violations.push(`${empty} orders have no items`);

  const byRequest = new Map<string, typeof stored>();
  for (const order of stored) byRequest.set(order.last_name, [...(byRequest.get(order.last_name) ?? []), order]);
  const itemsByOrder = new Map<number, typeof items>();
  for (const item of items) itemsByOrder.set(item.order_id, [...(itemsByOrder.get(item.order_id) ?? []), item]);

  for (const order of orders) {
    const found = byRequest.get(`Order-${order.n}`) ?? [];
    const outcome = outcomes.get(order.n);
    if (found.length > 1) violations.push(`request ${order.n} made ${found.length} orders`);
    if (outcome?.kind === "placed" && found[0]?.tracking_id !== outcome.trackingId) {
      violations.push(
        `request ${order.n} was answered ${outcome.trackingId} but the database has ${found[0]?.tracking_id ?? "no order"}`,
      );
    }
    if (outcome?.kind !== "placed" && found.length > 0) {
      violations.push(`request ${order.n} has an order but its last answer was ${JSON.stringify(outcome)}`);
    }
    for (const row of found) {
      const lines = itemsByOrder.get(row.id) ?? [];
      const wanted = order.lines.map((l) => `${l.target.productId}/${l.target.combinationId}/${l.quantity}`).sort();
      const got = lines.map((l) => `${l.product_id}/${l.combination_id}/${l.quantity}`).sort();
      if (wanted.join() !== got.join())
        violations.push(`order ${row.tracking_id} has items ${got.join(" ")}, expected ${wanted.join(" ")}`);
      const sum = lines.reduce((s, l) => s + Number(l.line_total), 0);
      if (sum !== Number(row.subtotal))
        violations.push(`order ${row.tracking_id}: items add up to ${sum}, subtotal ${row.subtotal}`);
      if (Number(row.total) !== Number(row.subtotal) - Number(row.discount) + Number(row.shipping)) {
        violations.push(`order ${row.tracking_id}: total ${row.total} is not subtotal - discount + shipping`);
      }
    }
  }
  const stock = [];
  for (const target of targets) {
    const now = await stockOf(db, target);
    const sold = await unitsSold(db, target);
    stock.push({ item: `${targetLabel(target)} (${target.name})`, start: STOCK, now, sold });
    if (now + sold !== STOCK)
      violations.push(`${targetLabel(target)}: stock ${now} + sold ${sold} != starting stock ${STOCK}`);
    if (now < 0) violations.push(`${targetLabel(target)}: negative stock ${now}`);
  }
  await handle.close();

  const final = [...outcomes.values()];
  const unanswered = orders.length - final.filter((o) => o.kind !== "lost").length;
  if (unanswered > 0) violations.push(`${unanswered} requests still had no answer after the restart`);
  const unexpected = final.filter((o) => o.kind === "refused" && o.status !== 409);
  if (unexpected.length > 0)
    violations.push(`${unexpected.length} answers other than 201/409, e.g. ${JSON.stringify(unexpected[0])}`);
  return {
    database: database.kind,
    sent: orders.length,
    placedBeforeKill,
    lostAtKill: lost.length,
    retriedAfterRestart: retried,
    placed: final.filter((o) => o.kind === "placed").length,
    refused: final.filter((o) => o.kind === "refused").length,
    ordersInDatabase: stored.length,
    stock,
    violations,
  };
}

function report(result: DrillResult): string {
  const lines = [
    `Crash drill on ${result.database}: ${result.sent} orders, ${CONCURRENCY} at a time, SIGKILL after ${result.placedBeforeKill} answered`,
    `  answers lost in the kill: ${result.lostAtKill}; retried with their Idempotency-Key after restart: ` +
      `${result.retriedAfterRestart.replayed} had been placed before the kill (replayed), ${result.retriedAfterRestart.placed} placed now, ` +
      `${result.retriedAfterRestart.refused} refused`,
    `  placed ${result.placed}, refused (409, out of stock) ${result.refused}, orders in the database ${result.ordersInDatabase}`,
    ...result.stock.map(
      (s) =>
        `  ${s.item}: start ${s.start} = now ${s.now} + sold ${s.sold}${s.now + s.sold === s.start ? "" : "  <-- VIOLATION"}`,
    ),
    result.violations.length === 0
      ? "  OK: no violations"
      : `  ${result.violations.length} VIOLATIONS:\n    ${result.violations.slice(0, 20).join("\n    ")}`,
  ];
  return lines.join("\n");
}

installCleanup();
const results: DrillResult[] = [];
const targets: (string | undefined)[] = [undefined];
if (process.env.DRILL_DATABASE_URL) targets.push(process.env.DRILL_DATABASE_URL);
let failed = false;
for (const serverUrl of targets) {
  const database = await freshDatabase("store-drill", serverUrl);
  try {
    const result = await drill(database);
    results.push(result);
    console.log(`\n${report(result)}\n`);
    if (result.violations.length > 0) failed = true;
  } catch (error) {
    failed = true;
    console.error(
      `[drill] ${database.kind}: the drill could not run: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
  } finally {
    await stopAllChildren();
    await database.dispose();
  }
}
process.exit(failed ? 1 : 0);
