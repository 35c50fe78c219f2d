// Load generation with autocannon's programmatic API: a discarded warm-up run, then the
// measured run, summarised into the figures the report prints.
import autocannon, { type Result } from "autocannon";

export interface LoadOptions {
  connections: number;
  /** seconds of the measured run */
  durationSeconds: number;
  /** seconds of the discarded warm-up run before it (0 = none) */
  warmupSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** give every request its own query string (?bench=<n>), so no cache along the way can answer it */
  uniqueQuery?: boolean;
}

export interface LoadSummary {
  url: string;
  connections: number;
  durationSeconds: number;
  /** average requests per second over the measured run */
  requestsPerSecond: number;
  totalRequests: number;
  /** milliseconds (autocannon's histogram has 1 ms resolution) */
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  resets: number;
  statusCodes: Record<string, number>;
}

/** The options every section should share (env BENCH_DURATION, BENCH_CONNECTIONS, BENCH_WARMUP). */
export function loadOptionsFromEnv(): LoadOptions {
  return {
    connections: positiveNumber("BENCH_CONNECTIONS", 50),
    durationSeconds: positiveNumber("BENCH_DURATION", 10),
    warmupSeconds: positiveNumber("BENCH_WARMUP", 2, true),
  };
}

function positiveNumber(name: string, fallback: number, zeroOk = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!zeroOk && value === 0)) {
    throw new Error(`${name} must be a ${zeroOk ? "non-negative" : "positive"} number, got "${raw}"`);
  }
  return value;
}

let current: { stop(): void } | undefined;

/** Stops a load run in progress (Ctrl-C). */
export function stopLoad(): void {
  current?.stop();
}

function fire(url: string, options: LoadOptions, durationSeconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: durationSeconds,
        method: options.method ?? "GET",
        headers: options.headers,
        body: options.body,
        timeout: 10,
        ...(options.uniqueQuery ? { requests: [{ setupRequest: withUniqueQuery }] } : {}),
      },
      (error, result) => {
        current = undefined;
        if (error) reject(error);
        else resolve(result);
      },
    );
    current = instance;
  });
}

let requestNumber = 0;
function withUniqueQuery<T extends { path?: string }>(request: T): T {
  const path = request.path ?? "/";
  return { ...request, path: `${path}${path.includes("?") ? "&" : "?"}bench=${++requestNumber}` };
}

export async function measure(url: string, options: LoadOptions): Promise<LoadSummary> {
  if (options.warmupSeconds > 0) await fire(url, options, options.warmupSeconds);
  const result = await fire(url, options, options.durationSeconds);
  return summarise(result, options);
}

export function summarise(result: Result, options: LoadOptions): LoadSummary {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    url: result.url,
    connections: result.connections,
    durationSeconds: options.durationSeconds,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    bytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    statusCodes,
  };
}

/** A run is clean when every answer was 2xx and nothing failed at the socket level. */
export function problems(summary: LoadSummary): string[] {
  const list: string[] = [];
  if (summary.totalRequests === 0) list.push("no request completed");
  if (summary.non2xx > 0) {
    const codes = Object.entries(summary.statusCodes)
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, n]) => `${n}×${code}`)
      .join(", ");
    list.push(`${summary.non2xx} non-2xx answers (${codes})`);
  }
  if (summary.errors > 0) list.push(`${summary.errors} errors (${summary.timeouts} timeouts)`);
  return list;
}
