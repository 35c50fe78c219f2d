import { describe, expect, it, vi } from "vitest";
import { CACHE_TAGS_HEADER, ReadCache } from "../core/shared/cache";
import { PageCache, isShareable, type CachedPage } from "./page-cache";

const PUBLIC = "public, max-age=0, s-maxage=60";

function page(nonce: string, init: { status?: number; cacheControl?: string; cookie?: boolean } = {}): Response {
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  if (init.cacheControl !== undefined) headers.set("cache-control", init.cacheControl);
  if (init.cookie) headers.append("set-cookie", "a=b");
  return new Response(`<script nonce="${nonce}">boot()</script><p>${nonce.length}</p>`, {
    status: init.status ?? 200,
    headers,
  });
}

/** A render function that counts its calls. */
function renderer(init: Parameters<typeof page>[1] = { cacheControl: PUBLIC }) {
  const calls: string[] = [];
  const render = async (nonce: string) => {
    calls.push(nonce);
    return page(nonce, init);
  };
  return { calls, render };
}

async function body(answer: CachedPage | Response): Promise<string> {
  return answer instanceof Response ? answer.text() : answer.body;
}

describe("the page cache", () => {
  it("renders a public page once and gives every later visitor a copy with their own nonce", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    const { calls, render } = renderer();
    const first = await cache.get("/product/1", "nonce-A", render);
    const second = await cache.get("/product/1", "nonce-B", render);
    expect(calls).toEqual(["nonce-A"]);
    expect(await body(first)).toBe('<script nonce="nonce-A">boot()</script><p>7</p>');
    expect(await body(second)).toBe('<script nonce="nonce-B">boot()</script><p>7</p>');
    expect(second).not.toBeInstanceOf(Response);
    expect((first as CachedPage).hit).toBe(false);
    expect((second as CachedPage).hit).toBe(true);
    expect((second as CachedPage).headers).toContainEqual(["cache-control", PUBLIC]);
  });

  it("shares one render between visitors asking at the same moment", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    const { calls, render } = renderer();
    const answers = await Promise.all(["n1", "n2", "n3", "n4"].map((nonce) => cache.get("/", nonce, render)));
    expect(calls).toHaveLength(1);
    expect(await Promise.all(answers.map(body))).toEqual(
      ["n1", "n2", "n3", "n4"].map((n) => `<script nonce="${n}">boot()</script><p>2</p>`),
    );
  });

  it("renders every time what is not for everyone: errors, private pages, cookies", async () => {
    const cases = [
      { status: 404, cacheControl: PUBLIC },
      { cacheControl: "private, no-store" },
      { cacheControl: "no-store" },
      { cacheControl: PUBLIC, cookie: true },
      {},
    ];
    for (const init of cases) {
      const cache = new PageCache(new ReadCache(5_000));
      const { calls, render } = renderer(init);
      const first = await cache.get("/track", "x1", render);
      const second = await cache.get("/track", "x2", render);
      expect(calls, JSON.stringify(init)).toEqual(["x1", "x2"]);
      expect(first).toBeInstanceOf(Response);
      expect(await body(second)).toContain('nonce="x2"');
    }
  });

  it("drops every page when the catalogue reads are cleared (a write in this process)", async () => {
    const reads = new ReadCache(5_000);
    const cache = new PageCache(reads);
    const { calls, render } = renderer();
    await cache.get("/product/1", "a", render);
    await cache.get("/product/1", "b", render);
    reads.clear();
    await cache.get("/product/1", "c", render);
    expect(calls).toEqual(["a", "c"]);
  });

  it("keeps a page no longer than the catalogue reads' lifetime", async () => {
    // the clock is moved, not waited for
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cache = new PageCache(new ReadCache(30_000));
      const { calls, render } = renderer();
      await cache.get("/", "a", render);
      vi.advanceTimersByTime(29_999);
      await cache.get("/", "b", render);
      vi.advanceTimersByTime(2);
      await cache.get("/", "c", render);
      expect(calls).toEqual(["a", "c"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("caches nothing when the read cache is off (CATALOG_CACHE_SECONDS=0)", async () => {
    const cache = new PageCache(new ReadCache(0));
    const { calls, render } = renderer();
    await cache.get("/", "a", render);
    await cache.get("/", "b", render);
    expect(calls).toEqual(["a", "b"]);
  });

  it("does not remember a render that failed", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    let fail = true;
    const render = async (nonce: string) => {
      if (fail) throw new Error("database down");
      return page(nonce, { cacheControl: PUBLIC });
    };
    await expect(cache.get("/", "a", render)).rejects.toThrow("database down");
    fail = false;
    expect(await body(await cache.get("/", "b", render))).toContain('nonce="b"');
  });

  it("renders a page too big to keep once for its visitor, and again for the next", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    const calls: string[] = [];
    const render = async (nonce: string) => {
      calls.push(nonce);
      return new Response(`<p nonce="${nonce}">${"x".repeat(1024 * 1024)}</p>`, {
        headers: { "cache-control": PUBLIC },
      });
    };
    expect(await body(await cache.get("/big", "a", render))).toContain('nonce="a"');
    expect(calls).toEqual(["a"]);
    expect(await body(await cache.get("/big", "b", render))).toContain('nonce="b"');
    expect(calls).toEqual(["a", "b"]);
  });

  it("holds at most its number of pages, dropping the oldest", async () => {
    const cache = new PageCache(new ReadCache(5_000), 2);
    const { calls, render } = renderer();
    for (const path of ["/1", "/2", "/3", "/1"]) await cache.get(path, path, render);
    expect(calls).toEqual(["/1", "/2", "/3", "/1"]);
  });
});

describe("isShareable", () => {
  it("accepts only a public 200 that sets no cookie and varies by nothing", () => {
    expect(isShareable(page("n", { cacheControl: PUBLIC }))).toBe(true);
    expect(isShareable(page("n", { cacheControl: "public, no-store" }))).toBe(false);
    const varies = page("n", { cacheControl: PUBLIC });
    varies.headers.set("vary", "cookie");
    expect(isShareable(varies)).toBe(false);
  });
});

describe("PageCache tags", () => {
  it("drops only the pages made from an invalidated thing, and never sends the tags on", async () => {
    const reads = new ReadCache(60_000);
    const cache = new PageCache(reads);
    let renders = 0;
    const page = (tags: string) => async (nonce: string) => {
      renders++;
      return new Response(`<p nonce="${nonce}">${tags}</p>`, {
        headers: { "cache-control": "public, s-maxage=10", [CACHE_TAGS_HEADER]: tags },
      });
    };
    const first = await cache.get("/product/1", "n1", page("product:1"));
    await cache.get("/product/2", "n2", page("product:2"));
    await cache.get("/", "n3", page(""));
    expect(renders).toBe(3);
    expect(first instanceof Response ? [] : first.headers.map(([name]) => name)).not.toContain(CACHE_TAGS_HEADER);

    reads.invalidateTag("product:1");
    await cache.get("/product/1", "n4", page("product:1"));
    await cache.get("/product/2", "n5", page("product:2"));
    await cache.get("/", "n6", page(""));
    expect(renders).toBe(4);
  });
});
