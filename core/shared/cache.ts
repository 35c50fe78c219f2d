// A short-lived, in-process cache of catalogue reads. Every write in this process clears it, or
// (for a write that changes one thing) only the entries tagged with that thing; other processes
// see a change after at most the TTL (docs/decisions/0016, 0052).

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** what the value was made from, e.g. "product:80"; undefined while it is still loading */
  tags?: ReadonlySet<string>;
  /** what the loaded value weighs (bytes, as its loader's weigh says); 0 while loading */
  bytes: number;
}

// Why entries are dropped as they expire, not only when their key is asked again: a key asked
// once (a crawler's query string, a search nobody repeats) was kept until 5,000 newer keys had
// pushed it out, so a run of one-off searches of ~370 KB each held over a GB (decision 0078).
// Now an entry outlives its TTL by at most one sweep, and the heavy values also count against a
// byte budget, so what the cache holds is bounded by time, count and size.
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tagListeners = new Set<(tag: string) => void>();
  private clears = 0;
  private bytes = 0;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /**
   * The cached value for key, or load() once even when many requests ask at the same moment.
   * tagsOf names what the loaded value was made from, so that invalidateTag can drop it alone;
   * weigh tells how many bytes it holds (a large answer), for the cache's byte budget.
   */
  getOrLoad<T>(
    key: string,
    load: () => Promise<T>,
    tagsOf?: (value: T) => Iterable<string>,
    weigh?: (value: T) => number,
  ): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    // an expired entry makes room for its own reload, which goes to the back as the newest
    if (hit) this.remove(key, hit);
    this.dropExpired(now);
    // Map keeps insertion order, and every entry lives as long: the first is the oldest
    while (this.entries.size >= this.maxEntries) this.dropOldest();
    const value = load();
    const entry: Entry = { expires: now + this.ttlMs, value, bytes: 0 };
    this.entries.set(key, entry);
    this.sweepLater();
    value.then(
      (loaded) => {
        entry.tags = new Set(tagsOf ? tagsOf(loaded) : []);
        if (!weigh || this.entries.get(key) !== entry) return;
        entry.bytes = Math.max(0, weigh(loaded));
        this.bytes += entry.bytes;
        while (this.bytes > this.maxBytes && this.entries.size > 0) this.dropOldest();
      },
      // a failed load is not remembered
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    return value;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private dropOldest(): void {
    const first = this.entries.entries().next();
    if (!first.done) this.remove(first.value[0], first.value[1]);
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) break;
      this.remove(key, entry);
    }
  }

  /** One timer while anything is kept (unref'd: it never holds the process open). */
  private sweepLater(): void {
    if (this.sweep) return;
    this.sweep = setTimeout(() => {
      this.sweep = null;
      this.dropExpired(Date.now());
      if (this.entries.size > 0) this.sweepLater();
    }, this.ttlMs + 50);
    this.sweep.unref();
  }

  /** Entries kept now, and the bytes their loaders said they weigh (tests, the bench). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.clears++;
  }

  /**
   * Drops the entries made from this thing, and entries still loading (they may have read it
   * before it changed); every other entry stays. Caches built on these reads hear of it through
   * onInvalidateTag.
   */
  invalidateTag(tag: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.tags === undefined || entry.tags.has(tag)) this.remove(key, entry);
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
