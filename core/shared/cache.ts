// A short-lived, in-process cache of catalogue reads. Every write in this process clears it;
// other processes see a change after at most the TTL (docs/decisions/0016).
export class ReadCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  private clears = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  /** The cached value for key, or load() once even when many requests ask at the same moment. */
  getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
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
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // a failed load is not remembered
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.clears++;
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
