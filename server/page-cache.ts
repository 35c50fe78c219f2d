// A short-lived, in-process cache of rendered public pages (decisions 0032 and 0074).
//
// A product page is ~70 KB of HTML that React renders afresh for every visitor, although it is
// the same for all of them: pages carry nothing personal (accounts, cart and wishlist fill in in
// the browser) and already say so with `Cache-Control: public` for a CDN. Rendering caps the
// store at a few hundred pages a second per core; a cached page is a map lookup.
//
// Such a page carries no nonce: its inline scripts are named in its policy by their hashes
// (page-hashes.ts), so its bytes and its policy are the same for every visitor, and it is
// compressed once, with Brotli and gzip, when its second visitor comes. A visitor is sent the copy
// their browser accepts as it is; compressing a 130 KB page again for every visitor had cost more
// than answering it from the cache.
//
// It lives exactly as long as the catalogue reads it is made from (CATALOG_CACHE_SECONDS) and is
// dropped whenever they are (every write in this process), so it adds no staleness of its own
// beyond the read it was rendered from: in another process a change shows within two TTLs.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { CACHE_TAGS_HEADER, ReadCache, UNCACHED_PAGE_HEADER } from "../core/shared/cache";
import { hashInlineScripts } from "./page-hashes";
import { sharedPagePolicy } from "./plugins/security-headers";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PageEncoding = "br" | "gzip";

/** A rendered page every visitor may be given, ready to send again. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** UTF-8: off the JavaScript heap, and half the size of a page text with a non-Latin-1 character */
  body: Buffer;
  /** its Content-Security-Policy: its inline scripts by their hashes */
  policy: string;
  /** the body compressed, made once; absent for a page too small to be worth it */
  encoded: Partial<Record<PageEncoding, Buffer>>;
  /** true when another visitor's render answered this one */
  hit: boolean;
}

/** What a cached page can be, at most: bigger pages are rendered every time. */
const MAX_PAGE_BYTES = 1024 * 1024;
/** below this, compression saves less than it costs (as @fastify/compress's threshold) */
const COMPRESS_FROM_BYTES = 1024;
// Made once per page per cache period: Brotli 9 is within a few per cent of 11 on these pages at
// a fraction of its time
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } };
const GZIP_OPTIONS = { level: 9 };

/** Only answers any visitor could be given: a plain 200 that says it is public and sets nothing. */
export function isShareable(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    /(^|,)\s*public\s*(,|$)/i.test(cacheControl) &&
    !/no-store|private/i.test(cacheControl) &&
    response.headers.getSetCookie().length === 0 &&
    !response.headers.has("vary")
  );
}

// A render's bytes, when the renderer had them whole (app/entry.server.tsx does): the page cache
// takes them as they are instead of reading them back out of the Response's stream, a copy and
// a web stream's work per render. Weak: gone with the Response.
const wholeBodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

/** Records that response's body is exactly html, for the page cache to take as it is. */
export function renderedWhole(response: Response, html: Buffer<ArrayBuffer>): void {
  wholeBodies.set(response, html);
}

interface Entry {
  page: CachedPage;
  /** what the page was made from (CACHE_TAGS_HEADER), e.g. "product:80" */
  tags: string[];
  /**
   * Its compressed copies being made: started by the page's second visitor, not its first, so a
   * page asked for once (a crawler walking every product) costs no compression beyond the usual
   */
  compressing?: Promise<void>;
}

/** The page's tags, taken out of its headers: they are for this cache, not for the visitor. */
export function takeCacheTags(headers: Headers): string[] {
  const tags = (headers.get(CACHE_TAGS_HEADER) ?? "").split(" ").filter(Boolean);
  headers.delete(CACHE_TAGS_HEADER);
  return tags;
}

/**
 * The encoding to send of those a cached page has: Brotli when the browser accepts it, else
 * gzip, else none. Reads at most the header's first 512 characters (browsers send ~20).
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): PageEncoding | null {
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? ""))
    .slice(0, 512)
    .toLowerCase();
  const accepted = new Map<string, boolean>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";").map((p) => p.trim());
    if (!name) continue;
    const q = parameters.find((p) => p.startsWith("q="));
    accepted.set(name, !(q && Number(q.slice(2)) === 0));
  }
  const takes = (name: string) => (accepted.has(name) ? accepted.get(name) : accepted.get("*"));
  if (takes("br")) return "br";
  if (takes("gzip") || accepted.get("x-gzip")) return "gzip";
  return null;
}

/** Makes a page to share out of a render: the nonce out, the policy by hashes. Null when the nonce cannot be taken out. */
function sharedPage(html: Buffer, response: Response, nonce: string): CachedPage | null {
  const hashed = hashInlineScripts(html, nonce);
  if (!hashed) return null;
  return {
    status: response.status,
    headers: [...response.headers],
    body: hashed.body,
    policy: sharedPagePolicy(hashed.hashes),
    encoded: {},
    hit: false,
  };
}

/** Fills in the page's compressed copies (in the thread pool: the event loop goes on serving). */
async function compress(page: CachedPage): Promise<void> {
  if (page.body.length < COMPRESS_FROM_BYTES) return;
  const [br, gz] = await Promise.all([brotli(page.body, BROTLI_OPTIONS), gzip(page.body, GZIP_OPTIONS)]);
  page.encoded = { br, gzip: gz };
}

export class PageCache {
  // the same short-lived store as the catalogue reads: one render per page per TTL, visitors
  // asking at the same moment share it, a failed render is not remembered, the oldest page goes
  private readonly pages: ReadCache;
  private generation: number;

  constructor(
    private readonly reads: ReadCache,
    maxEntries = 500,
    // ~200 product pages with their compressed copies: more than a TTL's worth of distinct pages
    // any real crowd asks for, and a crawler's one-off pages cannot hold more
    maxBytes = 32 * 1024 * 1024,
  ) {
    this.pages = new ReadCache(reads.ttl, maxEntries, maxBytes);
    this.generation = reads.generation;
    // a write that changed one thing (a review of one product) drops only the pages made from it
    reads.onInvalidateTag((tag) => this.pages.invalidateTag(tag));
  }

  /**
   * The page for key: a shared copy, or render(nonce) made into one and kept. Returns the
   * render's own Response, with its nonce, when it is not for sharing (the caller sends it as it
   * is, under the nonce's policy).
   */
  async get(key: string, nonce: string, render: (nonce: string) => Promise<Response>): Promise<CachedPage | Response> {
    if (this.reads.generation !== this.generation) {
      this.pages.clear();
      this.generation = this.reads.generation;
    }
    // set when this visitor's own render answers (cached or not), so it is never rendered twice
    let own: CachedPage | Response | undefined;
    const entry = await this.pages.getOrLoad(
      key,
      async (): Promise<Entry | null> => {
        const response = await render(nonce);
        const tags = takeCacheTags(response.headers);
        const streamed = response.headers.has(UNCACHED_PAGE_HEADER);
        response.headers.delete(UNCACHED_PAGE_HEADER);
        if (streamed || !isShareable(response)) {
          own = response;
          return null;
        }
        const bytes = wholeBodies.get(response) ?? Buffer.from(await response.arrayBuffer());
        const page = sharedPage(bytes, response, nonce);
        if (!page) {
          own = new Response(bytes, response);
          return null;
        }
        own = page;
        return page.body.length > MAX_PAGE_BYTES ? null : { page, tags };
      },
      (loaded) => loaded?.tags ?? [],
      // its text, and the Brotli and gzip copies made later (together about a fifth of it)
      (loaded) => (loaded ? Math.round(loaded.page.body.length * 1.2) : 0),
    );
    if (own) return own;
    // another visitor's render was not for sharing: this one renders its own
    if (!entry) {
      const response = await render(nonce);
      takeCacheTags(response.headers);
      response.headers.delete(UNCACHED_PAGE_HEADER);
      return response;
    }
    // the visitors asking while it is made wait for it (a few milliseconds), then all share it
    entry.compressing ??= compress(entry.page).catch(() => undefined);
    await entry.compressing;
    return { ...entry.page, hit: true };
  }
}
