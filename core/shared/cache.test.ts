import { describe, expect, it, vi } from "vitest";
import { productTag, ReadCache } from "./cache";

describe("ReadCache tags", () => {
  it("drops only the entries made from an invalidated thing, and tells its listeners", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = (value: string) => async () => {
      loads++;
      return value;
    };
    await cache.getOrLoad("a", load("A"), () => [productTag(1)]);
    await cache.getOrLoad("b", load("B"), () => [productTag(2)]);
    await cache.getOrLoad("list", load("L"));
    const heard: string[] = [];
    cache.onInvalidateTag((tag) => heard.push(tag));

    cache.invalidateTag(productTag(1));
    expect(heard).toEqual(["product:1"]);
    await cache.getOrLoad("a", load("A2"), () => [productTag(1)]);
    await cache.getOrLoad("b", load("B2"));
    await cache.getOrLoad("list", load("L2"));
    expect(loads).toBe(4);
    expect(await cache.getOrLoad("a", load("x"))).toBe("A2");
    expect(await cache.getOrLoad("b", load("x"))).toBe("B");
  });

  it("drops an entry that was still loading when its thing changed", async () => {
    const cache = new ReadCache(60_000);
    let release!: (v: string) => void;
    const pending = cache.getOrLoad(
      "slow",
      () => new Promise<string>((r) => (release = r)),
      () => [productTag(3)],
    );
    cache.invalidateTag(productTag(9));
    release("old");
    expect(await pending).toBe("old");
    expect(await cache.getOrLoad("slow", async () => "new")).toBe("new");
  });

  it("tags values by what they turned out to be", async () => {
    const cache = new ReadCache(60_000);
    await cache.getOrLoad(
      "by-url:lawn",
      async () => ({ id: 7 }),
      (p) => [productTag(p.id)],
    );
    cache.invalidateTag(productTag(7));
    expect(await cache.getOrLoad("by-url:lawn", async () => ({ id: 8 }))).toEqual({ id: 8 });
  });
});

describe("ReadCache bounds (decision 0078)", () => {
  it("drops keys asked once when they expire, even when nobody asks again", async () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache(5_000);
      for (let n = 0; n < 100; n++) await cache.getOrLoad(`search:${n}`, async () => "x".repeat(1000));
      expect(cache.size.entries).toBe(100);
      await vi.advanceTimersByTimeAsync(5_100);
      expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops expired keys before a new one is kept", async () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache(1_000);
      await cache.getOrLoad("old", async () => 1);
      vi.setSystemTime(Date.now() + 2_000);
      await cache.getOrLoad("new", async () => 2);
      expect(cache.size.entries).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps heavy answers within its byte budget, the oldest going first", async () => {
    const cache = new ReadCache(60_000, 5000, 1_000);
    const weigh = (value: string) => value.length;
    for (const key of ["a", "b", "c"]) await cache.getOrLoad(key, async () => key.repeat(400), undefined, weigh);
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });
    let loads = 0;
    await cache.getOrLoad("a", async () => (loads++, "a"));
    expect(loads).toBe(1);
    expect(await cache.getOrLoad("c", async () => "again")).toBe("c".repeat(400));
  });

  it("counts bytes back when entries are invalidated or cleared", async () => {
    const cache = new ReadCache(60_000);
    await cache.getOrLoad(
      "p",
      async () => "x".repeat(10),
      () => [productTag(1)],
      (v) => v.length,
    );
    await cache.getOrLoad(
      "q",
      async () => "y".repeat(20),
      () => [productTag(2)],
      (v) => v.length,
    );
    cache.invalidateTag(productTag(1));
    expect(cache.size).toEqual({ entries: 1, bytes: 20 });
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});
