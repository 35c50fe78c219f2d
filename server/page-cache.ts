// A short-lived, in-process cache of rendered public pages (decision 0032).
//
// A product page is ~70 KB of HTML that React renders afresh for every visitor, although it is
// the same for all of them: pages carry nothing personal (accounts, cart and wishlist fill in in
// the browser) and already say so with `Cache-Control: public` for a CDN. Rendering caps the
// store at a few hundred pages a second per core; a cached page is a map lookup. Only the CSP
// nonce differs between visitors, so each cached page keeps the nonce it was rendered with and
// every visitor's copy gets a fresh one in its place (a nonce must never be shared).
//
// It lives exactly as long as the catalogue reads it is made from (CATALOG_CACHE_SECONDS) and is
// dropped whenever they are (every write in this process), so it adds no staleness of its own
// beyond the read it was rendered from: in another process a change shows within two TTLs.
import { CACHE_TAGS_HEADER, ReadCache } from "../core/shared/cache";

/** A rendered page, ready to send again. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  /** true when another visitor's render answered this one */
  hit: boolean;
}

/** What a cached page can be, at most: bigger pages are rendered every time. */
const MAX_PAGE_CHARS = 1024 * 1024;

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

interface Entry {
  page: CachedPage;
  /** the nonce the page was rendered with, replaced by each visitor's own */
  nonce: string;
  /** what the page was made from (CACHE_TAGS_HEADER), e.g. "product:80" */
  tags: string[];
}

/** The page's tags, taken out of its headers: they are for this cache, not for the visitor. */
export function takeCacheTags(headers: Headers): string[] {
  const tags = (headers.get(CACHE_TAGS_HEADER) ?? "").split(" ").filter(Boolean);
  headers.delete(CACHE_TAGS_HEADER);
  return tags;
}

export class PageCache {
  // the same short-lived store as the catalogue reads: one render per page per TTL, visitors
  // asking at the same moment share it, a failed render is not remembered, the oldest page goes
  private readonly pages: ReadCache;
  private generation: number;

  constructor(
    private readonly reads: ReadCache,
    maxEntries = 500,
  ) {
    this.pages = new ReadCache(reads.ttl, maxEntries);
    this.generation = reads.generation;
    // a write that changed one thing (a review of one product) drops only the pages made from it
    reads.onInvalidateTag((tag) => this.pages.invalidateTag(tag));
  }

  /**
   * The page for key with this visitor's nonce: a cached copy, or render(nonce), kept when it is
   * shareable. Returns a Response when the render was not shareable (the caller's own, to send
   * as it is).
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
        if (!isShareable(response)) {
          own = response;
          return null;
        }
        const body = await response.text();
        const page: CachedPage = { status: response.status, headers: [...response.headers], body, hit: false };
        own = page;
        return body.length > MAX_PAGE_CHARS ? null : { page, nonce, tags };
      },
      (loaded) => loaded?.tags ?? [],
    );
    if (own) return own;
    // another visitor's render was not for sharing: this one renders its own
    if (!entry) {
      const response = await render(nonce);
      takeCacheTags(response.headers);
      return response;
    }
    return { ...entry.page, body: entry.page.body.replaceAll(entry.nonce, nonce), hit: true };
  }
}
