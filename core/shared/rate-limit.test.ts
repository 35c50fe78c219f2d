// The shared limiter on both of its stores: the database (PGlite, or PostgreSQL with DATABASE_URL)
// and Redis. Windows are ended by moving their reset time, never by waiting for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createTestDatabase } from "../../tests/helpers/database";
import { limiterStores } from "../../tests/helpers/limiter-stores";
import type { RateLimiter } from "./rate-limit";

let database: DatabaseHandle;
const stores = await limiterStores("rate-limit", () => database.db);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await database?.close();
});

let serial = 0;
const newKey = (name: string) => `unit:${name}:${process.pid}:${++serial}`;

for (const store of stores) {
  describe.skipIf(!store.available)(`the limiter in ${store.name}`, () => {
    let limiter: RateLimiter;
    beforeAll(async () => {
      limiter = await store.open();
    });
    afterAll(async () => {
      await limiter?.close();
    });

    it("counts hits in a window, peeks without counting and resets", async () => {
      const key = newKey("hit");
      expect(await limiter.peek(key)).toEqual({ count: 0, retryAfterSeconds: 0 });
      expect((await limiter.hit(key, 60)).count).toBe(1);
      const second = await limiter.hit(key, 60);
      expect(second.count).toBe(2);
      expect(second.retryAfterSeconds).toBeGreaterThan(55);
      expect(second.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await limiter.peek(key)).count).toBe(2);
      await limiter.reset(key);
      expect((await limiter.peek(key)).count).toBe(0);
    });

    it("starts a new window of hits once the old one has ended", async () => {
      const key = newKey("hit-window");
      for (let i = 1; i <= 3; i++) expect((await limiter.hit(key, 600)).count).toBe(i);
      await store.endWindow(key);
      expect(await limiter.peek(key)).toEqual({ count: 0, retryAfterSeconds: 0 });
      const fresh = await limiter.hit(key, 600);
      expect(fresh.count).toBe(1);
      expect(fresh.retryAfterSeconds).toBeGreaterThan(590);
    });

    it("takes an attempt only while every counter is below its limit, and counts nothing when refused", async () => {
      const tight = { key: newKey("tight"), limit: 2, windowSeconds: 60 };
      const loose = { key: newKey("loose"), limit: 5, windowSeconds: 600 };
      expect(await limiter.take([tight, loose])).toEqual({ allowed: true });
      expect(await limiter.take([tight, loose])).toEqual({ allowed: true });
      const refused = await limiter.take([tight, loose]);
      expect(refused.allowed).toBe(false);
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(55);
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      // the refused attempt used up nothing of the looser counter
      expect((await limiter.peek(tight.key)).count).toBe(2);
      expect((await limiter.peek(loose.key)).count).toBe(2);
    });

    it("answers the longest wait of the full counters", async () => {
      const short = { key: newKey("short"), limit: 1, windowSeconds: 60 };
      const long = { key: newKey("long"), limit: 1, windowSeconds: 3600 };
      await limiter.take([short, long]);
      const refused = await limiter.take([short, long]);
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(3590);
    });

    it("lets exactly the limit through from 200 parallel attempts", async () => {
      const rule = { key: newKey("parallel"), limit: 7, windowSeconds: 60 };
      const other = { key: newKey("parallel-other"), limit: 1000, windowSeconds: 60 };
      const results = await Promise.all(Array.from({ length: 200 }, () => limiter.take([rule, other])));
      expect(results.filter((r) => r.allowed)).toHaveLength(7);
      expect((await limiter.peek(rule.key)).count).toBe(7);
      expect((await limiter.peek(other.key)).count).toBe(7);
    });

    it("gives back an attempt with release, never below zero", async () => {
      const rule = { key: newKey("release"), limit: 1, windowSeconds: 60 };
      await limiter.take([rule]);
      expect((await limiter.take([rule])).allowed).toBe(false);
      await limiter.release(rule.key);
      expect((await limiter.peek(rule.key)).count).toBe(0);
      await limiter.release(rule.key);
      expect((await limiter.peek(rule.key)).count).toBe(0);
      expect(await limiter.take([rule])).toEqual({ allowed: true });
    });

    it("takes again once a full counter's window has ended", async () => {
      const rule = { key: newKey("take-window"), limit: 2, windowSeconds: 900 };
      await limiter.take([rule]);
      await limiter.take([rule]);
      expect((await limiter.take([rule])).allowed).toBe(false);
      await store.endWindow(rule.key);
      expect(await limiter.take([rule])).toEqual({ allowed: true });
      const window = await limiter.peek(rule.key);
      expect(window.count).toBe(1);
      expect(window.retryAfterSeconds).toBeGreaterThan(890);
    });
  });
}
