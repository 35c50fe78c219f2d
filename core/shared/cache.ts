// A short-lived, in-process cache of catalogue reads. Every write in this process clears it, or
// (for a write that changes one thing) only the entries tagged with that thing; other processes
// see a change after at most the TTL (docs/decisions/0016, 0052).

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** what the value was made from, e.g. "product:80"; undefined while it is still loading */
  tags?: ReadonlySet<string>;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tagListeners = new Set<(tag: string) => void>();
  private clears = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  /**
   * The cached value for key, or load() once even when many requests ask at the same moment.
   * tagsOf names what the loaded value was made from, so that invalidateTag can drop it alone.
   */
  getOrLoad<T>(key: string, load: () => Promise<T>, tagsOf?: (value: T) => Iterable<string>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    // an expired entry makes room for its own reload, which goes to the back as the newest
    if (hit) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest entry
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const value = load();
    const entry: Entry = { expires: now + this.ttlMs, value };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        entry.tags = new Set(tagsOf ? tagsOf(loaded) : []);
      },
      // a failed load is not remembered
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.clears++;
  }

  /**
   * Drops the entries made from this thing, and entries still loading (they may have read it
   * before it changed); every other entry stays. Caches built on these reads hear of it through
   * onInvalidateTag.
   */
  invalidateTag(tag: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.tags === undefined || entry.tags.has(tag)) this.entries.delete(key);
    }
    for (const listener of this.tagListeners) listener(tag);
  }

  /** Calls listener with every tag invalidated from now on (the page cache drops its pages). */
  onInvalidateTag(listener: (tag: string) => void): void {
    this.tagListeners.add(listener);
  }

  /** Changes on every clear(): a cache of things made from these reads (pages) drops its own then. */
  get generation(): number {
    return this.clears;
  }

  /** How long an entry lives, in milliseconds (0: nothing is cached). */
  get ttl(): number {
    return this.ttlMs;
  }
}

/**
 * A rendered page names what it was made from in this response header (space-separated tags),
 * as a CDN's Surrogate-Key or Cache-Tag does; the page cache reads it and never sends it on.
 */
export const CACHE_TAGS_HEADER = "x-cache-tags";

/**
 * A public answer written as a stream that the page cache must pass on as it comes rather than
 * read whole to keep (a sitemap part of 50,000 addresses); it is never sent on either.
 */
export const UNCACHED_PAGE_HEADER = "x-page-uncached";

/** The tag of everything made from one product: its answers, its page data, its pages. */
export const productTag = (productId: number) => `product:${productId}`;
