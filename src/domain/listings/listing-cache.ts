/**
 * Rendered public listing profiles, kept briefly in memory: get_listing is the hottest read and a
 * profile takes ten queries to build. Writes on this instance invalidate at once; the short TTL
 * bounds staleness from writes on other instances.
 */
export class ListingCache {
  private entries = new Map<string, { value: unknown; json: string; expires: number }>();
  constructor(private readonly ttlMs = 10_000, private readonly maxEntries = 5_000, private readonly clock: () => number = Date.now) {}

  get(key: string): { value: unknown; json: string } | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.clock()) { this.entries.delete(key); return undefined; }
    return e;
  }

  set(key: string, value: unknown): { value: unknown; json: string } {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest tenth rather than one at a time.
      let n = Math.ceil(this.maxEntries / 10);
      for (const k of this.entries.keys()) { this.entries.delete(k); if (--n === 0) break; }
    }
    const entry = { value, json: JSON.stringify(value), expires: this.clock() + this.ttlMs };
    this.entries.set(key, entry);
    return entry;
  }

  invalidate(key: string) { this.entries.delete(key); }
  clear() { this.entries.clear(); }
  get size() { return this.entries.size; }
}
