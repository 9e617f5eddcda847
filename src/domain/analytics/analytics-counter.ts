import type { Queryable } from '../../db/client.js';
import { addDailyCounts, type DailyCounts, type ReferrerCounts } from './analytics-repository.js';
import { referrerHost } from './referrer-host.js';
import { clientPrefix, isBot, RepeatFilter } from './visitor-filter.js';

/** What a request tells about who made it (headers as sent; the address as the proxy settings give it). */
export interface Visitor {
  userAgent: string | undefined;
  ip: string;
  referer?: string;
}

/** A visitor counts once per listing and kind in this window (per instance). */
export const REPEAT_WINDOW_MS = 30 * 60_000;
/** Counts kept between flushes at most: past it, a burst is added to the database at once. */
const MAX_PENDING = 10_000;

/**
 * Page views and website clicks per listing per UTC day, with the hosts that sent the views,
 * counted in memory on the request's path (a few map operations, no write) and added to the
 * database in two batched statements every minute and on shutdown. Bots (by User-Agent) and
 * repeats from one visitor within REPEAT_WINDOW_MS are not counted; no cookie is read or set.
 */
export class ListingAnalytics {
  private days = new Map<string, DailyCounts>();
  private referrers = new Map<string, ReferrerCounts>();
  private readonly repeats = new RepeatFilter(REPEAT_WINDOW_MS);
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly o: { enabled: boolean; ownHost: () => string; now: () => Date; intervalMs?: number },
  ) {}

  get enabled(): boolean {
    return this.o.enabled;
  }

  start() {
    if (this.timer || !this.o.enabled) return;
    this.timer = setInterval(() => {
      this.flush().catch(() => {});
    }, this.o.intervalMs ?? 60_000);
    this.timer.unref();
  }

  /** A view of the listing's public page; whether it was counted. */
  view(listingId: number, v: Visitor): boolean {
    const now = this.o.now();
    if (!this.counts('v', listingId, v, now)) return false;
    this.day(listingId, now).views++;
    const host = referrerHost(v.referer, this.o.ownHost());
    if (host) {
      const day = dayOf(now);
      const key = `${listingId} ${day} ${host}`;
      const r = this.referrers.get(key);
      if (r) r.n++;
      else this.referrers.set(key, { listing_id: listingId, day, host, n: 1 });
    }
    this.flushIfFull();
    return true;
  }

  /** A click through /go/{slug} to the listing's website; whether it was counted. */
  click(listingId: number, v: Visitor): boolean {
    const now = this.o.now();
    if (!this.counts('c', listingId, v, now)) return false;
    this.day(listingId, now).clicks++;
    this.flushIfFull();
    return true;
  }

  /** Adds what was counted since the last flush to the database (one flush at a time). */
  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      if (this.days.size === 0 && this.referrers.size === 0) return;
      const days = this.days;
      const referrers = this.referrers;
      this.days = new Map();
      this.referrers = new Map();
      try {
        await addDailyCounts(this.db, [...days.values()], [...referrers.values()]);
      } catch (err) {
        // Kept for the next flush (the database may be back by then): counts are lost only on a crash.
        for (const [k, d] of days) {
          const now = this.days.get(k);
          if (now) {
            now.views += d.views;
            now.clicks += d.clicks;
          } else this.days.set(k, d);
        }
        for (const [k, r] of referrers) {
          const now = this.referrers.get(k);
          if (now) now.n += r.n;
          else this.referrers.set(k, r);
        }
        throw err;
      }
    });
    this.flushing = run.catch(() => {});
    return run;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private counts(kind: 'v' | 'c', listingId: number, v: Visitor, now: Date): boolean {
    return (
      this.o.enabled &&
      !isBot(v.userAgent) &&
      this.repeats.firstIn(`${kind}${listingId} ${clientPrefix(v.ip)}`, now.getTime())
    );
  }

  private day(listingId: number, now: Date): DailyCounts {
    const day = dayOf(now);
    const key = `${listingId} ${day}`;
    let d = this.days.get(key);
    if (!d) this.days.set(key, (d = { listing_id: listingId, day, views: 0, clicks: 0 }));
    return d;
  }

  private flushIfFull() {
    if (this.days.size + this.referrers.size >= MAX_PENDING) this.flush().catch(() => {});
  }
}

let lastDay = { n: Number.NaN, text: '' };
/** The UTC day of an instant, YYYY-MM-DD (worked out once a day: toISOString costs a microsecond a view). */
function dayOf(t: Date): string {
  const n = Math.floor(t.getTime() / 86_400_000);
  if (n !== lastDay.n) lastDay = { n, text: t.toISOString().slice(0, 10) };
  return lastDay.text;
}
