import type { AppContext } from '../app-context.js';
import type { CachedValue } from '../domain/listings/listing-cache.js';
import type { ListingProfile } from '../domain/listings/listing-profile.js';
import type { LaunchRanking } from '../domain/ranking/launch-ranking.js';
import { launchRanking } from '../domain/ranking/ranking-reads.js';

type Ranked = ListingProfile & { ranking: LaunchRanking | null };

interface Combined extends CachedValue<Ranked> {
  rankingJson: string;
  /** The read cache's epoch when the ranking was last read, and when (Date.now()). */
  epoch: number;
  checked: number;
}

/**
 * How long a ranking is trusted while no listing was written anywhere (every write, here or told
 * through NOTIFY, empties the read cache and so moves its epoch): what nobody announces shows
 * within it. Re-reading each viewed launch's ranking every READ_CACHE_SECONDS kept the database
 * busy with two week-wide reads per listing every few seconds under load, for the same answer.
 */
const RECHECK_MS = 60_000;

const combined = new WeakMap<object, Combined>();
/** The pair being made for a profile: callers that come meanwhile share it (one object, one encoding). */
const making = new WeakMap<object, Promise<Combined>>();

/**
 * A cached profile with its launch's ranking, which is cached apart (it moves with other listings'
 * votes). The pair is made once per change of either, not per request, and keeps its identity so the
 * answer's encoded bytes and the memoised page are reused (pre-serialized.ts, listing-page-memo.ts).
 * The ranking is not even looked up again while no listing was written (every write empties the read
 * cache, here and on every instance) and RECHECK_MS have not passed (READ_CACHE_SECONDS=0: every time):
 * get_listing is the hot path.
 */
export function withLaunchRanking(
  ctx: AppContext,
  profile: CachedValue<ListingProfile>,
): CachedValue<Ranked> | Promise<CachedValue<Ranked>> {
  const kept = combined.get(profile.value);
  // Read before the ranking: an emptying while it loads leaves this pair out of date.
  const epoch = ctx.readCache.epoch;
  const now = Date.now();
  // The usual case answers at once, without a promise: this runs on every get_listing.
  const recheckMs = ctx.config.readCacheSeconds === 0 ? 0 : RECHECK_MS;
  if (kept && kept.epoch === epoch && now - kept.checked < recheckMs) return kept;
  return rankedAfresh(ctx, profile, kept, epoch, now);
}

async function rankedAfresh(
  ctx: AppContext,
  profile: CachedValue<ListingProfile>,
  kept: Combined | undefined,
  epoch: number,
  now: number,
): Promise<CachedValue<Ranked>> {
  // Requests that arrive while the ranking loads (a burst at start-up: every launch's ranking at once) wait for
  // the same pair instead of each making its own copy, whose answer would be encoded and compressed again.
  const pending = making.get(profile.value);
  if (pending) return pending;
  const made = remake(ctx, profile, kept, epoch, now);
  making.set(profile.value, made);
  try {
    return await made;
  } finally {
    making.delete(profile.value);
  }
}

async function remake(
  ctx: AppContext,
  profile: CachedValue<ListingProfile>,
  kept: Combined | undefined,
  epoch: number,
  now: number,
): Promise<Combined> {
  const ranking = await launchRanking(ctx.readCache, ctx.db, ctx.site.id, profile.value, ctx.now());
  const rankingJson = JSON.stringify(ranking);
  if (kept && kept.rankingJson === rankingJson) {
    kept.epoch = epoch;
    kept.checked = now;
    return kept;
  }
  const made: Combined = {
    value: { ...profile.value, ranking },
    // The profile's JSON is one object: the ranking goes in before its closing brace, last, as in `value`.
    json: `${profile.json.slice(0, -1)},"ranking":${rankingJson}}`,
    rankingJson,
    epoch,
    checked: now,
  };
  combined.set(profile.value, made);
  return made;
}
