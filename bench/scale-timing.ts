// How the scale section times the store (scale.ts): autocannon runs where every request has its
// own query string and every response time is kept (percentiles to 0.1 ms, p95 included), and a
// sitemap answer read to its end while the store's resident memory is sampled.
import autocannon from "autocannon";
import { residentMb } from "./lib/resident";

export interface Timed {
  name: string;
  path: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bytesPerAnswer: number;
  non2xx: number;
  errors: number;
  /** ms, and which database it is for */
  target?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

let requestNumber = 0;

/** autocannon for `seconds`, each request with its own query string, every response time kept. */
function timedRun(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<{ times: number[]; bytes: number; non2xx: number; errors: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let bytes = 0;
    let non2xx = 0;
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        timeout: 30,
        requests: [
          {
            setupRequest: <T extends { path?: string }>(request: T): T => {
              const p = request.path ?? "/";
              return { ...request, path: `${p}${p.includes("?") ? "&" : "?"}bench=${++requestNumber}` };
            },
          },
        ],
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ times, bytes, non2xx, errors: result.errors, seconds: options.seconds });
      },
    );
    instance.on("response", (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
      times.push(responseTime);
      bytes += resBytes;
      if (statusCode < 200 || statusCode >= 300) non2xx++;
    });
  });
}

export async function timed(
  baseUrl: string,
  name: string,
  path: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; target?: number },
): Promise<Timed> {
  await timedRun(`${baseUrl}${path}`, { ...options, seconds: 1 });
  const run = await timedRun(`${baseUrl}${path}`, options);
  const sorted = [...run.times].sort((a, b) => a - b);
  return {
    name,
    path,
    requests: sorted.length,
    requestsPerSecond: sorted.length / run.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    bytesPerAnswer: sorted.length ? run.bytes / sorted.length : NaN,
    non2xx: run.non2xx,
    errors: run.errors,
    target: options.target,
  };
}

export interface SitemapFigures {
  name: string;
  path: string;
  status: number;
  ms: number;
  firstByteMs: number;
  bytes: number;
  urls: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

/** One sitemap answer read to its end, the store's resident memory sampled every 20 ms. */
export async function sitemapGet(baseUrl: string, name: string, path: string, pid: number): Promise<SitemapFigures> {
  const rssBeforeMb = residentMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    const rss = residentMb(pid);
    if (rss > rssPeakMb) rssPeakMb = rss;
  }, 20);
  try {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: { "accept-encoding": "identity" } });
    let firstByteMs = NaN;
    let bytes = 0;
    let urls = 0;
    const decoder = new TextDecoder();
    let carry = "";
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      const text = carry + decoder.decode(chunk, { stream: true });
      urls += text.split("<loc>").length - 1;
      carry = text.slice(-5);
      if (carry.includes("<loc>")) urls--;
    }
    const ms = performance.now() - started;
    const end = residentMb(pid);
    if (end > rssPeakMb) rssPeakMb = end;
    return {
      name,
      path,
      status: response.status,
      ms,
      firstByteMs,
      bytes,
      urls,
      rssBeforeMb,
      rssPeakMb,
      rssAfterMb: end,
    };
  } finally {
    clearInterval(sampler);
  }
}
