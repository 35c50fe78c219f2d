import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { CACHE_TAGS_HEADER, ReadCache, UNCACHED_PAGE_HEADER } from "../core/shared/cache";
import { PageCache, isShareable, preferredEncoding, renderedWhole, type CachedPage } from "./page-cache";
import { hashInlineScripts } from "./page-hashes";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

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
  return answer instanceof Response ? answer.text() : answer.body.toString("utf8");
}

describe("the page cache", () => {
  it("renders a public page once and gives every later visitor the same copy: no nonce, its script by hash", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    const { calls, render } = renderer();
    const first = await cache.get("/product/1", "nonce-A", render);
    const second = await cache.get("/product/1", "nonce-B", render);
    expect(calls).toEqual(["nonce-A"]);
    expect(await body(first)).toBe("<script>boot()</script><p>7</p>");
    expect(await body(second)).toBe("<script>boot()</script><p>7</p>");
    expect(second).not.toBeInstanceOf(Response);
    expect((first as CachedPage).hit).toBe(false);
    expect((second as CachedPage).hit).toBe(true);
    expect((second as CachedPage).headers).toContainEqual(["cache-control", PUBLIC]);
    expect((second as CachedPage).policy).toContain(`script-src 'self' ${sha256("boot()")};`);
    expect((second as CachedPage).policy).not.toContain("nonce");
  });

  it("keeps a page rendered whole as its bytes are, without reading them back out of the Response", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    const responses: Response[] = [];
    const render = async (nonce: string) => {
      const html = Buffer.from(`<script nonce="${nonce}">boot()</script><p>Rs. 2,499 ★</p>`, "utf8");
      // its body says something else: the cache must take the recorded bytes, not read this
      const response = new Response("not the page", { headers: { "cache-control": PUBLIC } });
      renderedWhole(response, html);
      responses.push(response);
      return response;
    };
    const first = (await cache.get("/product/1", "nonce-A", render)) as CachedPage;
    const second = (await cache.get("/product/1", "nonce-B", render)) as CachedPage;
    expect(first.body.toString("utf8")).toBe("<script>boot()</script><p>Rs. 2,499 ★</p>");
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.policy).toContain(sha256("boot()"));
    expect(responses).toHaveLength(1);
    expect(responses[0]!.bodyUsed).toBe(false);
  });

  it("passes a streamed public answer on as it comes, never reading it whole to keep (a sitemap part)", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    let renders = 0;
    let pulled = 0;
    const render = async () => {
      renders++;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          if (pulled > 3) controller.close();
          else controller.enqueue(new TextEncoder().encode(`<url>${pulled}</url>`));
        },
      });
      return new Response(stream, {
        headers: { "content-type": "application/xml", "cache-control": PUBLIC, [UNCACHED_PAGE_HEADER]: "1" },
      });
    };
    const first = await cache.get("/sitemap.xml?page=1", "n1", render);
    expect(first).toBeInstanceOf(Response);
    // nothing of the body was read by the cache: the visitor's copy is the stream itself
    expect(pulled).toBeLessThanOrEqual(1);
    expect((first as Response).headers.has(UNCACHED_PAGE_HEADER)).toBe(false);
    expect(await (first as Response).text()).toBe("<url>1</url><url>2</url><url>3</url>");
    await cache.get("/sitemap.xml?page=1", "n2", render);
    expect(renders).toBe(2);
  });

  it("shares one render between visitors asking at the same moment", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    const { calls, render } = renderer();
    const answers = await Promise.all(["n1", "n2", "n3", "n4"].map((nonce) => cache.get("/", nonce, render)));
    expect(calls).toHaveLength(1);
    expect(await Promise.all(answers.map(body))).toEqual(Array(4).fill("<script>boot()</script><p>2</p>"));
  });

  it("compresses a kept page once, for its second visitor, with Brotli and gzip, to the same bytes", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    const html = `<script nonce="N1">start()</script>${"<p>Lawn suit, three piece</p>".repeat(200)}`;
    const render = async () => new Response(html, { headers: { "cache-control": PUBLIC } });
    // the first visitor's page goes out as rendered (compressed on its way, as any answer)
    const first = (await cache.get("/", "N1", render)) as CachedPage;
    expect(first.encoded).toEqual({});
    const [second, third] = (await Promise.all([cache.get("/", "N2", render), cache.get("/", "N3", render)])) as [
      CachedPage,
      CachedPage,
    ];
    expect(second.encoded.br).toBeInstanceOf(Buffer);
    expect(zlib.brotliDecompressSync(second.encoded.br!).toString()).toBe(second.body.toString());
    expect(zlib.gunzipSync(second.encoded.gzip!).toString()).toBe(second.body.toString());
    expect(second.encoded.br!.length).toBeLessThan(second.body.length / 10);
    // made once, shared
    expect(third.encoded.br).toBe(second.encoded.br);
    const fourth = (await cache.get("/", "N4", render)) as CachedPage;
    expect(fourth.encoded.gzip).toBe(second.encoded.gzip);
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
      // kept under the nonce's policy, as rendered
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
    expect(await body(await cache.get("/", "nonce-b", render))).toBe("<script>boot()</script><p>7</p>");
  });

  it("renders a page too big to keep once for its visitor, and again for the next", async () => {
    const cache = new PageCache(new ReadCache(5_000));
    const calls: string[] = [];
    const render = async (nonce: string) => {
      calls.push(nonce);
      return new Response(`<script nonce="${nonce}">go()</script><p>${"x".repeat(1024 * 1024)}</p>`, {
        headers: { "cache-control": PUBLIC },
      });
    };
    const first = (await cache.get("/big", "a", render)) as CachedPage;
    expect(first.body.toString().startsWith("<script>go()</script>")).toBe(true);
    expect(calls).toEqual(["a"]);
    await cache.get("/big", "b", render);
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

describe("hashInlineScripts", () => {
  it("hashes only the inline scripts that carry the render's nonce, and takes the nonce out", () => {
    const html =
      `<link rel="modulepreload" href="/a.js" nonce="R"/><script nonce="R">window.x=1</script>` +
      `<script nonce="R" type="module">import "/a.js"</script><script src="/b.js" nonce="R"></script>` +
      `<div><script>alert("smuggled")</script></div><script nonce="R">window.x=1</script>`;
    const hashed = hashInlineScripts(html, "R")!;
    expect(hashed.body.toString()).not.toContain("nonce");
    // the smuggled script knew no nonce: not hashed, so the browser refuses it
    expect(hashed.hashes).toEqual([sha256("window.x=1"), sha256('import "/a.js"')]);
    expect(hashed.hashes).not.toContain(sha256('alert("smuggled")'));
  });

  it("hashes a script's UTF-8 bytes and keeps every other byte of the page as it was", () => {
    const script = 'window.s="★ Ḱhaddar — «kurta» 😀"';
    const html = `<p>Rs. 2,499 · ★★★★☆ …</p><script nonce="Q9x">${script}</script><p>آپ کا آرڈر</p>`;
    const hashed = hashInlineScripts(Buffer.from(html, "utf8"), "Q9x")!;
    expect(hashed.hashes).toEqual([sha256(script)]);
    expect(hashed.body.toString("utf8")).toBe(html.replace(' nonce="Q9x"', ""));
  });

  it("refuses to share a page that holds its nonce anywhere else", () => {
    expect(hashInlineScripts(`<script nonce="R">var n="R"</script>`, "R")).toBeNull();
    expect(hashInlineScripts(`<meta content="R"><script nonce="R">a()</script>`, "R")).toBeNull();
  });

  it("runs in linear time on a hostile page (an unclosed script and a million angle brackets)", () => {
    const hostile = `<script nonce="R">${"<".repeat(1_000_000)}` + "<script ".repeat(100_000);
    const started = performance.now();
    expect(hashInlineScripts(hostile, "R")?.hashes).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("preferredEncoding", () => {
  it("reads Accept-Encoding as browsers and curl send it", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding(["gzip", "br"])).toBe("br");
    expect(preferredEncoding(`${"x,".repeat(100_000)}br`)).toBeNull();
  });
});
