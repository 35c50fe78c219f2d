import { describe, expect, it } from "vitest";
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
