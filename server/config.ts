// Configuration from the environment (design.md, "Configuration"). Read once at start.
import path from "node:path";

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  publicUrl: string;
  redisUrl: string | undefined;
  logLevel: string;
  /** origins allowed to call /api from a browser; empty = CORS closed */
  corsOrigins: string[];
  /** seconds a catalogue read may be served from this process's cache */
  catalogCacheSeconds: number;
  /**
   * How many proxies stand in front of the store (decision 0041). The client's address is the one
   * the outermost of them saw; X-Forwarded-For entries before it are the client's own words.
   * 0: the header is ignored, so clients cannot fake their address.
   */
  trustProxyHops: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "no", "off"].includes(value.toLowerCase());
}

function proxyHops(value: string | undefined): number {
  const text = (value ?? "").trim();
  if (text === "" || ["off", "false", "no"].includes(text.toLowerCase())) return 0;
  // "true" used to mean "trust every hop", which let a client choose its own address
  if (!/^\d{1,2}$/.test(text)) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the store (0 for none, 1 for one load balancer), not "${value}"`,
    );
  }
  return Number(text);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const host = env.HOST || "0.0.0.0";
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    seedDemo: flag(env.SEED_DEMO, true),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || "info",
    corsOrigins: (env.CORS_ORIGINS || "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    catalogCacheSeconds: Number(env.CATALOG_CACHE_SECONDS ?? 5),
    trustProxyHops: proxyHops(env.TRUST_PROXY),
  };
}
