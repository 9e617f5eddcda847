/**
 * Rendered public listing profiles, kept briefly in memory: get_listing is the hottest read and a
 * profile takes ten queries to build.
 * - Concurrent misses for one key share a single load (no thundering herd on a cold or expired key).
 * - After `ttlMs` an entry is stale: it is still served for up to `staleMs` while one background
 *   load refreshes it, so readers never wait on an expiry.
 * - Writes on this instance invalidate at once (db.changed, see context.ts), writes elsewhere
 *   through NOTIFY; the TTL bounds staleness from changes nobody announces.
 */
export interface CachedValue<T> {
  value: T;
  json: string;
}

interface Entry {
  value: unknown;
  json: string;
  freshUntil: number;
  staleUntil: number;
}

export class ListingCache {
  private entries = new Map<string, Entry>();
  private loading = new Map<string, Promise<CachedValue<unknown> | null>>();
  private generations = new Map<string, number>();
  private clears = 0;

  constructor(
    private readonly ttlMs = 10_000,
    private readonly staleMs = 60_000,
    private readonly maxEntries = 5_000,
    private readonly clock: () => number = Date.now,
    /**
     * Each entry's freshness is this share of `ttlMs` longer or shorter, at random: entries loaded
     * together (a warm-up, a cleared cache) then do not all reload in the same second.
     */
    private readonly spread = 0,
  ) {}

  /** The cached value, or the loader's (null = nothing to cache, e.g. not found). */
  async getOrLoad<T>(key: string, load: () => Promise<T | null>): Promise<CachedValue<T> | null> {
    const now = this.clock();
    const e = this.entries.get(key);
    if (e && e.freshUntil > now) return e as CachedValue<T>;
    if (e && e.staleUntil > now) {
      if (!this.loading.has(key)) void this.load(key, load).catch(() => {});
      return e as CachedValue<T>;
    }
    return (await (this.loading.get(key) ?? this.load(key, load))) as CachedValue<T> | null;
  }

  private load<T>(key: string, load: () => Promise<T | null>): Promise<CachedValue<T> | null> {
    const generation = this.generations.get(key) ?? 0;
    const p = (async () => {
      try {
        const value = await load();
        if (value === null) {
          this.entries.delete(key);
          return null;
        }
        const ttl = this.ttlMs * (1 + this.spread * (2 * Math.random() - 1));
        const entry: Entry = {
          value,
          json: JSON.stringify(value),
          freshUntil: this.clock() + ttl,
          staleUntil: this.clock() + ttl + this.staleMs,
        };
        // An invalidation while loading means the loaded value may predate the write: don't keep it.
        if ((this.generations.get(key) ?? 0) === generation) this.put(key, entry);
        return entry as CachedValue<T>;
      } finally {
        this.loading.delete(key);
      }
    })();
    this.loading.set(key, p);
    return p;
  }

  private put(key: string, entry: Entry) {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest tenth rather than one at a time.
      let n = Math.ceil(this.maxEntries / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--n === 0) break;
      }
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /** How many times this key was invalidated: a copy of anything built from it before is out of date. */
  generationOf(key: string): number {
    return this.generations.get(key) ?? 0;
  }

  invalidate(key: string) {
    this.entries.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  clear() {
    this.clears++;
    for (const key of this.entries.keys()) this.invalidate(key);
    for (const key of this.loading.keys()) this.invalidate(key);
  }

  /** How many times the cache was emptied: anything built from its answers before the last time is out of date. */
  get epoch() {
    return this.clears;
  }

  get size() {
    return this.entries.size;
  }
}

/** Channel on which an instance tells the others that a listing's cached profile is out of date. */
export const LISTINGS_CHANNEL = 'launchdeck_listings';

/** The key get_listing caches a profile under: a slug is only unique within its site. */
export const profileCacheKey = (siteId: number, slug: string) => `${siteId}:${slug}`;
