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
  /** trust X-Forwarded-For / -Proto from a load balancer; off, so clients cannot fake their address */
  trustProxy: boolean;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return !["0", "false", "no", "off"].includes(value.toLowerCase());
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
    trustProxy: flag(env.TRUST_PROXY, false),
  };
}
