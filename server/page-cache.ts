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
import type { ReadCache } from "../core/shared/cache";

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
}

export class PageCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<Entry | null> }>();
  private generation: number;

  constructor(
    private readonly reads: ReadCache,
    private readonly maxEntries = 500,
  ) {
    this.generation = reads.generation;
  }

  /**
   * The page for key with this visitor's nonce: a cached copy, or render(nonce), kept when it is
   * shareable. Visitors asking for the same page at the same moment share one render. Returns a
   * Response when the render was not shareable (it is the caller's own, to send as it is).
   */
  async get(key: string, nonce: string, render: (nonce: string) => Promise<Response>): Promise<CachedPage | Response> {
    const ttlMs = this.reads.ttl;
    if (ttlMs <= 0) return render(nonce);
    if (this.reads.generation !== this.generation) {
      this.entries.clear();
      this.generation = this.reads.generation;
    }
    const now = Date.now();
    let hit = this.entries.get(key);
    let own: Response | undefined;
    if (!hit || hit.expires <= now) {
      const value = render(nonce).then(async (response): Promise<Entry | null> => {
        if (!isShareable(response)) {
          own = response;
          return null;
        }
        const body = await response.text();
        const page: CachedPage = { status: response.status, headers: [...response.headers], body, hit: false };
        return body.length > MAX_PAGE_CHARS ? null : { page, nonce };
      });
      hit = { expires: now + ttlMs, value };
      this.remember(key, hit);
    }
    let entry: Entry | null;
    try {
      entry = await hit.value;
    } catch (error) {
      // a failed render is not remembered
      if (this.entries.get(key) === hit) this.entries.delete(key);
      throw error;
    }
    if (own) return own;
    if (!entry) return render(nonce);
    if (entry.nonce === nonce) return entry.page;
    return { ...entry.page, body: entry.page.body.replaceAll(entry.nonce, nonce), hit: true };
  }

  private remember(key: string, hit: { expires: number; value: Promise<Entry | null> }): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest entry
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, hit);
  }
}
