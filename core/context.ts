import type { Db } from "../db/client";
import type { ReadCache } from "./shared/cache";
import type { RateLimiter } from "./shared/rate-limit";
import type { SecretsKey } from "./shared/secrets";

/** What every core use-case needs: the process's one database handle, read cache and counters. */
export interface CoreContext {
  db: Db;
  cache: ReadCache;
  limiter: RateLimiter;
  /** the store's public address (PUBLIC_URL), for links in messages; empty or absent: relative links */
  publicUrl?: string;
  /** the key that seals stored credentials (core/shared/secrets.ts); null or absent: none can be saved or read */
  secrets?: SecretsKey | null;
}
