import type { CachedValue } from '../domain/listings/listing-cache.js';
import type { LaunchRanking } from '../domain/ranking/launch-ranking.js';

interface Combined<T> extends CachedValue<T & { ranking: LaunchRanking | null }> {
  ranking: LaunchRanking | null;
  rankingJson: string;
}

const combined = new WeakMap<object, Combined<object>>();

/**
 * A cached profile with its launch's ranking, which is cached apart (it moves with other listings'
 * votes): the pair is made once per change of either, not per request, and keeps its identity so
 * the answer's encoded bytes and the memoised page are reused (pre-serialized.ts, listing-page-memo.ts).
 */
export function withRanking<T extends object>(
  profile: CachedValue<T>,
  ranking: LaunchRanking | null,
): CachedValue<T & { ranking: LaunchRanking | null }> {
  const kept = combined.get(profile.value) as Combined<T> | undefined;
  if (kept && kept.ranking === ranking) return kept;
  const rankingJson = JSON.stringify(ranking);
  if (kept && kept.rankingJson === rankingJson) {
    kept.ranking = ranking;
    return kept;
  }
  const made: Combined<T> = {
    ranking,
    rankingJson,
    value: { ...profile.value, ranking },
    // The profile's JSON is one object: the ranking goes in before its closing brace, last, as in `value`.
    json: `${profile.json.slice(0, -1)},"ranking":${rankingJson}}`,
  };
  combined.set(profile.value, made);
  return made;
}
