// The two stores the rate limiter can count in, for tests that must hold on both: the test
// database (PGlite, or PostgreSQL with DATABASE_URL) and Redis (skipped, or required in CI, as
// redisAvailable says). Windows are ended by moving their reset time, never by waiting for it.
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { createDatabaseRateLimiter, createRedisRateLimiter, type RateLimiter } from "../../core/shared/rate-limit";
import { queryRows, type Db } from "../../db/client";
import { redisAvailable, redisUrl, testKeyPrefix } from "./redis";

export interface LimiterStore {
  name: string;
  available: boolean;
  open(): Promise<RateLimiter>;
  /** Ends the key's window as if its time had passed. */
  endWindow(key: string): Promise<void>;
  isStored(key: string): Promise<boolean>;
  /** Deletes what the tests stored (Redis) and closes the store's own connection. */
  close(): Promise<void>;
}

/** Both stores; `db` is read when used, so it may be opened in a beforeAll. */
export async function limiterStores(testName: string, db: () => Db): Promise<LimiterStore[]> {
  const hasRedis = await redisAvailable();
  const prefix = testKeyPrefix(testName);
  let client: Redis | undefined;
  const redis = () => (client ??= new Redis(redisUrl));
  return [
    {
      name: "the database",
      available: true,
      open: async () => createDatabaseRateLimiter(db()),
      endWindow: async (key) => {
        await db().execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${key}`);
      },
      isStored: async (key) => (await queryRows(db(), sql`select 1 from rate_limits where key = ${key}`)).length === 1,
      close: async () => {},
    },
    {
      name: "Redis",
      available: hasRedis,
      open: () => createRedisRateLimiter(redisUrl, { prefix }),
      endWindow: async (key) => {
        await redis().pexpire(prefix + key, 1);
        // Redis drops the key a millisecond later; wait for that, not for a fixed time
        while ((await redis().exists(prefix + key)) === 1) await new Promise((resolve) => setImmediate(resolve));
      },
      isStored: async (key) => (await redis().exists(prefix + key)) === 1,
      close: async () => {
        if (!client) return;
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
        await client.quit();
      },
    },
  ];
}
