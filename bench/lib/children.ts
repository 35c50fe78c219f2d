// Child processes started by the bench (the store, the bare servers). Every one is registered
// here so that it is stopped when the bench ends: normally, on an error, or on Ctrl-C.
import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process";
import readline from "node:readline";

const running = new Set<ChildProcess>();

export interface Child {
  process: ChildProcess;
  /** last lines of output, for error messages */
  recentOutput(): string;
  /** resolves when the process has exited (code, or signal name) */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after `graceMs` */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions extends SpawnOptions {
  /** prefix for forwarded output lines; output is not forwarded when undefined */
  label?: string;
  /** called with each stdout line (after forwarding) */
  onLine?: (line: string) => void;
  /** at most this many lines are forwarded to the terminal */
  maxForwardedLines?: number;
}

export function startChild(command: string, args: string[], options: StartOptions): Child {
  const { label, onLine, maxForwardedLines = 200, ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...spawnOptions });
  running.add(child);

  const recent: string[] = [];
  let forwarded = 0;
  const take = (line: string) => {
    recent.push(line);
    if (recent.length > 40) recent.shift();
    if (label === undefined) return;
    if (forwarded < maxForwardedLines) console.error(`${label} ${line}`);
    else if (forwarded === maxForwardedLines) console.error(`${label} ... (further output not shown)`);
    forwarded++;
  };
  if (child.stdout) {
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      take(line);
      onLine?.(line);
    });
  }
  if (child.stderr) readline.createInterface({ input: child.stderr }).on("line", take);

  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? "unknown");
    });
    child.once("error", (error) => {
      running.delete(child);
      take(`failed to start: ${error.message}`);
      resolve("spawn-error");
    });
  });

  return {
    process: child,
    recentOutput: () => recent.join("\n"),
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null || !running.has(child)) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Stops every child still running (used on errors and Ctrl-C). */
export async function stopAllChildren(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}

let installed = false;

/** Ctrl-C / SIGTERM stop the children before the bench exits; a plain exit still signals them. */
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) {
      // second Ctrl-C: do not wait any longer
      for (const child of running) child.kill("SIGKILL");
      process.exit(130);
    }
    interrupted = true;
    console.error(`\n${signal}: stopping the servers started by the bench...`);
    void stopAllChildren().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  // last resort (uncaught error, process.exit elsewhere): the children get SIGTERM and shut down on their own
  process.on("exit", () => {
    for (const child of running) child.kill("SIGTERM");
  });
}
