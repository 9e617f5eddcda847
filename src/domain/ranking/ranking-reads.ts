import type { Queryable } from '../../db/client.js';
import type { ListingCache } from '../listings/listing-cache.js';
import { mondayOf } from '../weeks/weeks.js';
import { launchRankingOf, type LaunchRanking } from './launch-ranking.js';

/**
 * The ranking of a live listing whose launch week has begun; null for anything else (not a launch,
 * not yet on). Kept in the read cache, not with the profile: a vote on any launch of the week moves
 * the others' ranks, and every listing write (a vote, a release of held votes, a voiding) empties
 * that cache on every instance at once (context.ts), where a profile is only dropped for its own.
 */
export async function launchRanking(
  readCache: ListingCache,
  db: Queryable,
  siteId: number,
  listing: { id: number; status: string; launch_week: string | null },
  now: Date,
): Promise<LaunchRanking | null> {
  const week = listing.launch_week;
  if (listing.status !== 'live' || !week || week > mondayOf(now)) return null;
  const hit = await readCache.getOrLoad(`${siteId}|ranking|${listing.id}|${week}`, () =>
    launchRankingOf(db, siteId, { id: listing.id, launch_week: week }),
  );
  return hit?.value ?? null;
}
