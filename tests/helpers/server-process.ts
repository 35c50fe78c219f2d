// Starts the built store (build/node/main.js) as a real process on a free port, the way
// `npm start` runs it, for tests that need the whole request path and real signals.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { projectRoot } from "../../db/paths";

export interface StoreProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the store with env on top of this process's environment, except DATABASE_URL and
 * REDIS_URL: a store runs on PostgreSQL or keeps its counters in Redis only when env says so. The test run's DATABASE_URL is the
 * developer's own database, from which the run makes its copies; a store started on it would
 * seed it.
 */
export async function startStore(env: Record<string, string>, timeoutMs = 120_000): Promise<StoreProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(projectRoot, "build/node/main.js")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`store exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`store did not start within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => log,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
