// Section "memory": the store process's resident memory, idle, under a crowd
// and after it, on a store and a database of its own (so the figures are a fresh process's, not
// what the sections before left behind): the PGlite folder data/bench-memory, or the database
// bench_memory on BENCH_DATABASE_URL's server, seeded with the demo store (rows only, no images:
// the pages name the same picture addresses either way).
//
// Idle is read after a few pages have been served once (a live store has loaded its code and
// filled its caches), then the product page is asked for by 50 connections (BENCH_CONNECTIONS):
// BENCH_MEMORY_SECONDS (20) as browsers ask (br, gzip: the page cache answers) and as many with a
// new query string on each request (React renders each one), with the resident size (VmRSS from
// /proc) sampled every 100 ms; then it is read every 5 s for a minute after the load stops.
// Targets: idle at most 150 MiB on PostgreSQL; under load at most 300 MiB on PostgreSQL and
// 450 MiB on PGlite; within a minute after, back within 30 MiB of idle.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { measure, problems, type LoadSummary } from "./lib/load";
import { projectRoot } from "./lib/paths";
import { residentMb } from "./lib/resident";
import { fixed, loud, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import { startStore } from "./lib/server";
import { discoverPages } from "./pages";

const PGLITE_DIR = "data/bench-memory";
const POSTGRES_DATABASE = "bench_memory";
export const MEMORY_TARGETS_MIB = {
  idle: { postgres: 150, pglite: Infinity },
  load: { postgres: 300, pglite: 450 },
  /** how far above idle "back near idle" may be, a minute after the load */
  settledAboveIdle: 30,
};

/** The peak resident size while `work` runs, sampled every 100 ms. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMib: number }> {
  let peakMib = residentMb(pid);
  const sampler = setInterval(() => {
    const now = residentMb(pid);
    if (now > peakMib) peakMib = now;
  }, 100);
  try {
    const result = await work();
    return { result, peakMib: Math.max(peakMib, residentMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

async function memoryDatabase(context: SectionContext): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = path.resolve(projectRoot, context.database === "pglite" ? PGLITE_DIR : `${PGLITE_DIR}-postgres`);
  fs.mkdirSync(dataDir, { recursive: true });
  if (context.database === "pglite") return { dataDir };
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error("BENCH_DATABASE_URL is not set");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [POSTGRES_DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${POSTGRES_DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${POSTGRES_DATABASE}`;
  return { dataDir, databaseUrl: url.toString() };
}

interface Phase {
  name: string;
  load: LoadSummary;
  peakMib: number;
}

async function measureMemory(context: SectionContext): Promise<SectionOutcome> {
  const seconds = Number(process.env.BENCH_MEMORY_SECONDS || 20);
  const database = await memoryDatabase(context);
  const storeOptions = {
    ...database,
    env: { SEED_DEMO: "1", SEED_IMAGES: "0", LOG_LEVEL: "warn" },
    startTimeoutMs: 600_000,
  };
  // a first start on an empty database seeds the demo store in the store's own process, and its
  // resident size kept what seeding took (722 MiB idle on PGlite, not ~280): a store that seeded
  // is stopped, and the one measured is a restart, as a live shop's process is
  const seeding = await startStore(storeOptions);
  await seeding.stop();
  context.log(`memory: starting a store of its own (${database.databaseUrl ?? database.dataDir})`);
  const store = await startStore(storeOptions);
  const pid = store.child.process.pid!;
  const phases: Phase[] = [];
  const after: { seconds: number; mib: number }[] = [];
  let idleMib = NaN;
  try {
    const pages = await discoverPages(store.baseUrl, context.log);
    for (const page of pages) await fetch(`${store.baseUrl}${page.path}`).then((r) => r.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    idleMib = residentMb(pid);
    const product = `${store.baseUrl}${pages.find((p) => p.name === "product")!.path}`;
    const load = { ...context.load, durationSeconds: seconds, warmupSeconds: 0 };
    for (const [name, options] of [
      ["product page as browsers ask (br, gzip)", { headers: { "accept-encoding": "br, gzip" } }],
      ["product page rendered each time", { uniqueQuery: true }],
    ] as const) {
      context.log(`memory: ${name}, ${load.connections} connections, ${seconds} s`);
      const { result, peakMib } = await peakDuring(pid, () => measure(product, { ...load, ...options }));
      phases.push({ name, load: result, peakMib });
    }
    for (let waited = 5; waited <= 60; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      after.push({ seconds: waited, mib: residentMb(pid) });
    }
  } finally {
    await store.stop();
  }

  const db = context.database;
  const idleTarget = MEMORY_TARGETS_MIB.idle[db];
  const loadTarget = MEMORY_TARGETS_MIB.load[db];
  const settled = after[after.length - 1]?.mib ?? NaN;
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  const lines = [
    `Resident memory of one store process (${db}), a fresh store on its own database; ${context.load.connections} connections`,
    "",
    table(
      ["moment", "req/s", "RSS MiB", "target"],
      [
        [
          "idle (after serving each page once)",
          "",
          fixed(idleMib, 1),
          Number.isFinite(idleTarget) ? `<= ${idleTarget} MiB: ${verdict(idleMib <= idleTarget)}` : "-",
        ],
        ...phases.map((p) => [
          `peak: ${p.name}`,
          fixed(p.load.requestsPerSecond),
          fixed(p.peakMib, 1),
          `<= ${loadTarget} MiB: ${verdict(p.peakMib <= loadTarget)}`,
        ]),
        ...after
          .filter((a) => a.seconds % 15 === 0)
          .map((a) => [
            `${a.seconds} s after the load`,
            "",
            fixed(a.mib, 1),
            a.seconds === 60
              ? `<= idle + ${MEMORY_TARGETS_MIB.settledAboveIdle} MiB: ${verdict(settled <= idleMib + MEMORY_TARGETS_MIB.settledAboveIdle)}`
              : "",
          ]),
      ],
    ),
  ];
  const bad = phases.flatMap((p) => problems(p.load).map((problem) => `${p.name}: ${problem}`));
  if (bad.length) lines.push("", loud(["THE BENCH SAW ERRORS: these figures are not valid", ...bad]));
  return {
    report: lines.join("\n"),
    data: { idleMib, phases, after, targets: MEMORY_TARGETS_MIB },
    failures: bad.map((p) => `memory ${p}`),
  };
}

export const memorySection: Section = {
  name: "memory",
  description: "Resident memory of a fresh store: idle, under 50 connections, and a minute after",
  run: measureMemory,
};
