// Fixed-window counters for sign-in attempts, order placement and voucher checks. They live in
// the database by default and in Redis when REDIS_URL is set, so every process shares them.
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { AppError } from "./errors";

export interface WindowCount {
  count: number;
  /** seconds until the window resets (at least 1) */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one event against key and answers the window's count so far. */
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The window's count without counting (0 when the window has ended). */
  peek(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createDatabaseRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      // one statement: a new or expired window starts at 1, a live one counts up
      const [row] = await queryRows<{ count: number; retry_after: number }>(
        db,
        sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
      );
      return { count: Number(row!.count), retryAfterSeconds: Math.max(1, Number(row!.retry_after)) };
    },
    async peek(key) {
      const [row] = await queryRows<{ count: number; retry_after: number }>(
        db,
        sql`select count, ceil(extract(epoch from reset_at - now()))::int as retry_after
            from rate_limits where key = ${key} and reset_at > now()`,
      );
      return row
        ? { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) }
        : { count: 0, retryAfterSeconds: 0 };
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async close() {},
  };
}

export async function createRedisRateLimiter(url: string): Promise<RateLimiter> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  const prefix = "store:rl:";
  return {
    async hit(key, windowSeconds) {
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowSeconds * 1000, "NX")
        .pttl(prefix + key)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowSeconds * 1000);
      return { count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return count === null || ttl <= 0
        ? { count: 0, retryAfterSeconds: 0 }
        : { count: Number(count), retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

/** Counts one event and throws 429 with Retry-After once more than `limit` fall in the window. */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
  message: string,
): Promise<void> {
  const { count, retryAfterSeconds } = await limiter.hit(key, windowSeconds);
  if (count > limit) throw new AppError(429, message, undefined, retryAfterSeconds);
}
