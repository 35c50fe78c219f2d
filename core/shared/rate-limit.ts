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

/** One counter an attempt must stay within: at most `limit` attempts per window of `windowSeconds`. */
export interface LimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

export type Taken = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one event against key and answers the window's count so far. */
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /**
   * Counts one attempt against every rule, in one atomic step and only when each counter is still
   * below its limit; otherwise counts nothing and answers how long until the fullest window ends.
   * Parallel attempts therefore never get past a limit, and a refused attempt uses up no counter.
   */
  take(rules: LimitRule[]): Promise<Taken>;
  /** Gives back one counted attempt of the current window (one that turned out not to count). */
  release(key: string): Promise<void>;
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
    async take(rules) {
      // rows are locked in key order, so two attempts never wait on each other crosswise
      const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return db.transaction(async (tx) => {
        const blocked: number[] = [];
        for (const rule of sorted) {
          // the upsert locks the row until commit and starts an ended window afresh at 0
          const [row] = await queryRows<{ count: number; retry_after: number }>(
            tx,
            sql`
            insert into rate_limits (key, count, reset_at)
            values (${rule.key}, 0, now() + make_interval(secs => ${rule.windowSeconds}))
            on conflict (key) do update set
              count = case when rate_limits.reset_at <= now() then 0 else rate_limits.count end,
              reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
            returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
          );
          if (Number(row!.count) >= rule.limit) blocked.push(Math.max(1, Number(row!.retry_after)));
        }
        if (blocked.length > 0) return { allowed: false, retryAfterSeconds: Math.max(...blocked) };
        const keys = sorted.map((rule) => rule.key);
        await tx.execute(sql`update rate_limits set count = count + 1 where key in ${keys}`);
        return { allowed: true };
      });
    },
    async release(key) {
      await db.execute(
        sql`update rate_limits set count = count - 1 where key = ${key} and count > 0 and reset_at > now()`,
      );
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

// KEYS: the counters; ARGV: each counter's limit and window in milliseconds, in turn.
// Answers 0 when the attempt was counted, else the milliseconds until the fullest window ends.
const TAKE_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = tonumber(ARGV[2 * i]) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 or redis.call('PTTL', key) < 0 then
    redis.call('PEXPIRE', key, ARGV[2 * i])
  end
end
return 0`;

const RELEASE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export async function createRedisRateLimiter(
  url: string,
  { prefix = "store:rl:" }: { prefix?: string } = {},
): Promise<RateLimiter> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  // Lua runs atomically in Redis: no other command sees a half-counted attempt
  redis.defineCommand("takeLimits", { lua: TAKE_SCRIPT });
  redis.defineCommand("releaseLimit", { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  const scripts = redis as unknown as {
    takeLimits(keyCount: number, ...keysThenArgs: (string | number)[]): Promise<number>;
    releaseLimit(key: string): Promise<unknown>;
  };
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
    async take(rules) {
      const keys = rules.map((rule) => prefix + rule.key);
      const args = rules.flatMap((rule) => [rule.limit, rule.windowSeconds * 1000]);
      const waitMs = Number(await scripts.takeLimits(keys.length, ...keys, ...args));
      return waitMs > 0
        ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
        : { allowed: true };
    },
    async release(key) {
      await scripts.releaseLimit(prefix + key);
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
