// The store's benchmark: `npm run bench` (builds first) or `npx tsx bench/run.ts` (uses the
// existing build).
//
// Starts build/node/main.js on a free port with DATA_DIR=./data/bench (PGlite, seeded with the
// demo store on the first start), runs each section against it, prints the reports and writes
// bench/results/<section>-latest.json. With BENCH_DATABASE_URL set, every section runs a second
// round against that PostgreSQL database.
//
// Environment:
//   BENCH_ONLY=api,...       run only these sections
//   BENCH_DURATION=10        seconds per measured run
//   BENCH_WARMUP=2           seconds of the discarded warm-up run before each measured run
//   BENCH_CONNECTIONS=50     concurrent connections
//   BENCH_DATABASE_URL=...   also run against PostgreSQL
//   BENCH_START_TIMEOUT=600  seconds the store may take to answer /api/health
//   BENCH_STORE_LOG_LEVEL=warn  the store's LOG_LEVEL (its output is shown prefixed [store])
//
// Exit status: 0 when everything ran cleanly (missed targets included: they are informative),
// 1 when the store failed to start, a section failed, or a load run saw errors or non-2xx answers.
import { abuseSection } from "./abuse";
import { apiSection } from "./api";
import { importSection } from "./import";
import { importTurnsSection } from "./import-turns";
import { ordersSection } from "./orders";
import { ordersAdminSection } from "./orders-admin";
import { jsBudgetSection } from "./js-budget";
import { lighthouseSection } from "./lighthouse";
import { ssrSection } from "./ssr";
import { memorySection } from "./memory";
import { photosSection } from "./photos";
import { scaleSection } from "./scale";
import { slowLinkSection } from "./slow-link";
import { installCleanup, stopAllChildren } from "./lib/children";
import { loadOptionsFromEnv, stopLoad } from "./lib/load";
import { lockDataDir } from "./lib/lock";
import { loud } from "./lib/report";
import { type SectionResultsFile, environment, writeResults } from "./lib/results";
import type { Section } from "./lib/section";
import { startStore } from "./lib/server";

/** Every section, in the order they run. Add new ones here (order placement, SSR pages, Lighthouse...). */
const sections: Section[] = [
  apiSection,
  ordersSection,
  ordersAdminSection,
  importSection,
  importTurnsSection,
  ssrSection,
  memorySection,
  jsBudgetSection,
  lighthouseSection,
  slowLinkSection,
  abuseSection,
  photosSection,
  scaleSection,
];

const log = (message: string) => console.error(`[bench] ${message}`);

installCleanup();
process.on("SIGINT", stopLoad);
process.on("SIGTERM", stopLoad);

const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only.filter((name) => !sections.some((s) => s.name === name));
if (unknown.length) {
  console.error(
    `BENCH_ONLY: unknown section(s) ${unknown.join(", ")}; known: ${sections.map((s) => s.name).join(", ")}`,
  );
  process.exit(2);
}
const selected = only.length ? sections.filter((s) => only.includes(s.name)) : sections;

const load = (() => {
  try {
    return loadOptionsFromEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
})();
const startTimeoutMs = Number(process.env.BENCH_START_TIMEOUT || 600) * 1000;
if (!(startTimeoutMs > 0)) {
  console.error(`BENCH_START_TIMEOUT must be a positive number of seconds, got "${process.env.BENCH_START_TIMEOUT}"`);
  process.exit(2);
}

const rounds: { database: "pglite" | "postgres"; databaseUrl?: string }[] = [{ database: "pglite" }];
if (process.env.BENCH_DATABASE_URL) rounds.push({ database: "postgres", databaseUrl: process.env.BENCH_DATABASE_URL });

try {
  lockDataDir("data/bench");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

const env = environment();
if (env.loadAverage[0]! > env.cpus * 0.5) {
  log(
    `note: the machine is already busy (load average ${env.loadAverage.join(", ")} on ${env.cpus} CPUs): figures will be lower`,
  );
}

const files = new Map<string, SectionResultsFile>();
const failures: string[] = [];

for (const [index, round] of rounds.entries()) {
  const todo = selected.filter((s) => index === 0 || s.everyDatabase !== false);
  if (todo.length === 0) continue;
  log(
    `starting the store (${round.database}, DATA_DIR=data/bench; the first start seeds the demo store and may take a minute)...`,
  );
  let store;
  try {
    store = await startStore({ dataDir: "data/bench", databaseUrl: round.databaseUrl, startTimeoutMs });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`store (${round.database}) did not start: ${message.split("\n")[0]}`);
    console.error(loud([`THE STORE DID NOT START (${round.database})`]));
    console.error(message);
    continue;
  }
  log(`store ready at ${store.baseUrl} in ${(store.startMs / 1000).toFixed(1)} s`);
  try {
    for (const section of todo) {
      log(`section ${section.name}: ${section.description}`);
      const file: SectionResultsFile = files.get(section.name) ?? {
        section: section.name,
        description: section.description,
        generatedAt: new Date().toISOString(),
        environment: env,
        load,
        rounds: [],
      };
      files.set(section.name, file);
      try {
        const outcome = await section.run({ baseUrl: store.baseUrl, database: store.database, load, log });
        console.log(`\n${outcome.report}\n`);
        file.rounds.push({
          database: store.database,
          storeStartMs: store.startMs,
          failures: outcome.failures,
          data: outcome.data,
        });
        failures.push(...outcome.failures.map((f) => `${store.database}: ${f}`));
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.error(loud([`SECTION ${section.name} FAILED (${store.database})`]));
        console.error(message);
        file.rounds.push({ database: store.database, storeStartMs: store.startMs, failures: [message], data: null });
        failures.push(`${store.database}: section ${section.name} failed: ${message.split("\n")[0]}`);
      }
      log(`results written to ${writeResults(file)}`);
      if (store.child.process.exitCode !== null || store.child.process.signalCode !== null) {
        const how = store.child.process.exitCode ?? store.child.process.signalCode;
        failures.push(`${store.database}: the store exited (${how}) during section ${section.name}`);
        console.error(loud([`THE STORE EXITED (${how}) DURING SECTION ${section.name}`]));
        console.error(`--- its last output ---\n${store.child.recentOutput() || "(none)"}`);
        break;
      }
    }
  } finally {
    await store.stop();
  }
}

await stopAllChildren();
if (failures.length) {
  console.error(loud(["BENCH FAILED", ...failures]));
  process.exit(1);
}
log("done");
