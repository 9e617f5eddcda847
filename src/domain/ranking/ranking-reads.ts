import type { Queryable } from '../../db/client.js';
import type { ListingCache } from '../listings/listing-cache.js';
import { mondayOf } from '../weeks/weeks.js';
import { weekRankings, type LaunchRanking } from './launch-ranking.js';

/**
 * A week's rankings are kept in the read cache: a vote on any launch of the week moves the others'
 * ranks, and every listing write (a vote, a release of held votes, a voiding) empties that cache on
 * every instance at once (context.ts), so no listing's copy outlives a vote the way a per-listing
 * entry would. One read serves the week's page and each of its listings' answers.
 */
export async function cachedWeekRankings(
  readCache: ListingCache,
  db: Queryable,
  siteId: number,
  monday: string,
): Promise<Record<string, LaunchRanking>> {
  const hit = await readCache.getOrLoad(`${siteId}|ranking|${monday}`, () => weekRankings(db, siteId, monday));
  return hit?.value ?? {};
}

/** The ranking of a live listing whose launch week has begun; null for anything else (not a launch, not yet on). */
export async function launchRanking(
  readCache: ListingCache,
  db: Queryable,
  siteId: number,
  listing: { id: number; status: string; launch_week: string | null },
  now: Date,
): Promise<LaunchRanking | null> {
  if (listing.status !== 'live' || !listing.launch_week || listing.launch_week > mondayOf(now)) return null;
  return (await cachedWeekRankings(readCache, db, siteId, listing.launch_week))[String(listing.id)] ?? null;
}
