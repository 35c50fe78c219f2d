// Starts the built store (through scripts/start.sh, as `npm start` does) as a child process on a
// free port and waits until GET /api/health answers {"status":"ok"}.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { type Child, startChild } from "./children";
import { projectRoot } from "./paths";

export const HOST = "127.0.0.1";

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(host = HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("could not get a free port"))));
    });
  });
}

export interface StoreOptions {
  /** embedded PGlite database folder + media, relative to the project root or absolute */
  dataDir: string;
  /** PostgreSQL instead of PGlite */
  databaseUrl?: string;
  /** extra environment for the store */
  env?: Record<string, string>;
  /** how long the first start (seeding, images) may take */
  startTimeoutMs?: number;
}

export interface RunningStore {
  baseUrl: string;
  port: number;
  database: "pglite" | "postgres";
  /** milliseconds from spawn to a healthy answer */
  startMs: number;
  child: Child;
  stop(): Promise<void>;
}

export class StoreStartError extends Error {}

export async function startStore(options: StoreOptions): Promise<RunningStore> {
  const main = path.join(projectRoot, "build", "node", "main.js");
  if (!fs.existsSync(main)) {
    throw new StoreStartError(`No server build at ${main}: run "npm run build" first (npm run bench does).`);
  }
  const dataDir = path.resolve(projectRoot, options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || "production",
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_STORE_LOG_LEVEL || "warn",
    SEED_DEMO: "1",
    // scripts/start.sh runs this node, as `npm start` runs the one on the PATH
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
    ...options.env,
  };
  // never pick up a DATABASE_URL from the caller's shell by accident: the round decides
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const database = options.databaseUrl ? "postgres" : "pglite";

  const started = performance.now();
  // started as `npm start` starts it: its allocator and memory settings (docs/operations.md#memory);
  // the script ends in `exec node`, so the child's pid is the store's
  const child = startChild("/bin/sh", [path.join(projectRoot, "scripts", "start.sh")], {
    cwd: projectRoot,
    env,
    label: "[store]",
  });
  const baseUrl = `http://${HOST}:${port}`;
  const store: RunningStore = {
    baseUrl,
    port,
    database,
    startMs: 0,
    child,
    stop: () => child.stop(),
  };

  const timeoutMs = options.startTimeoutMs ?? 600_000;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | string | undefined;
  void child.exited.then((code) => (exitCode = code));
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new StoreStartError(
        `The store exited (${exitCode}) before answering /api/health.\n--- its last output ---\n${child.recentOutput() || "(none)"}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      const text = await response.text();
      if (response.ok && (JSON.parse(text) as { status?: unknown }).status === "ok") {
        store.startMs = Math.round(performance.now() - started);
        return store;
      }
      lastProblem = `HTTP ${response.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await child.stop();
  throw new StoreStartError(
    `The store did not answer /api/health within ${Math.round(timeoutMs / 1000)} s (last: ${lastProblem}).\n--- its last output ---\n${child.recentOutput() || "(none)"}`,
  );
}
