import type { Queryable } from '../../db/client.js';
import { addDays } from '../weeks/weeks.js';

/**
 * The figures behind a launch's rank, so anyone can check it: the rank among the live launches of
 * its week and the votes that made it (counted per hour, never who cast them), with the votes that
 * did not count, by why. The rank is the launch week's own (launch-repository.ts `launchWeek`, the
 * get_launch_week answer): counted votes cast during the week (Monday to Sunday, UTC), most first;
 * on equal counts the listing with more counted votes of all time, then the lower listing id.
 * Nothing paid (featuring, a paid launch, the billboard) enters it. Each launch is read on its own
 * (a week may hold thousands), so the cost is its own votes', not its week's.
 */
export const RANKING_RULE = 'launch-week-votes';

/** Why a vote cast during the launch week does not count; each vote has at most one of these. */
export interface NotCounted {
  /** Cast by an account younger than the site's hold (`vote_hold_hours`): it counts once the account is old enough. */
  new_account_hold: number;
  /** Cast by one of the listing's owners: kept, never counted. */
  owner_vote: number;
  /** Voided by a moderator (with a recorded reason), e.g. a cluster of votes from one address. */
  moderator_voided: number;
}

export interface LaunchRanking {
  rule: typeof RANKING_RULE;
  /** The launch week (its Monday). */
  week: string;
  rank: number;
  /** How many live launches that week is ranked among. */
  of: number;
  votes_counted: number;
  votes_held: number;
  votes_voided: number;
  not_counted: NotCounted;
  /** Counted votes in each hour from `start` (an hour, UTC): counts[i] is the hour starting i hours later; it ends
   *  at the last hour with one, and the counts add up to votes_counted. */
  votes_per_hour: { start: string; counts: number[] };
}

const HOUR = 3_600_000;
type VoteState = 'counted' | 'held' | 'owner' | 'voided';

/** Where a launch stands in its week (its rank among how many), and when it went live. */
export interface RankPlace {
  id: number;
  rank: number;
  of: number;
  launched_at: string | null;
}

/**
 * The figures of these launches of the week of `monday`, their places given (a page of
 * get_launch_week has them): one read of their own votes of the week, by hour and state.
 */
export async function rankingsOf(
  db: Queryable,
  monday: string,
  places: RankPlace[],
): Promise<Map<number, LaunchRanking>> {
  if (places.length === 0) return new Map();
  // The week's bounds as launchWeek writes them, so the counts are the very ones it ranks by.
  const rows = await db.query<{ listing_id: number; hour: number; state: VoteState; n: number }>(
    `SELECT listing_id, floor(extract(epoch FROM created_at) / 3600)::int AS hour,
            CASE WHEN voided_at IS NOT NULL THEN 'voided' WHEN held_until IS NOT NULL THEN 'held'
                 WHEN counted THEN 'counted' ELSE 'owner' END AS state, count(*)::int AS n
       FROM votes WHERE listing_id = ANY($1::int[]) AND created_at >= $2::date AND created_at < $3::date
      GROUP BY 1, 2, 3`,
    [places.map((p) => p.id), monday, addDays(monday, 7)],
  );
  const weekStart = Date.parse(`${monday}T00:00:00Z`);
  const out = new Map<number, LaunchRanking>();
  for (const p of places) {
    const by: Record<VoteState, number> = { counted: 0, held: 0, owner: 0, voided: 0 };
    const hours = new Map<number, number>();
    for (const r of rows) {
      if (r.listing_id !== p.id) continue;
      by[r.state] += r.n;
      if (r.state === 'counted') hours.set(r.hour, (hours.get(r.hour) ?? 0) + r.n);
    }
    out.set(p.id, {
      rule: RANKING_RULE,
      week: monday,
      rank: p.rank,
      of: p.of,
      votes_counted: by.counted,
      votes_held: by.held,
      votes_voided: by.voided,
      not_counted: { new_account_hold: by.held, owner_vote: by.owner, moderator_voided: by.voided },
      votes_per_hour: perHour(hours, seriesStart(p.launched_at, weekStart)),
    });
  }
  return out;
}

/**
 * One live launch's ranking in its week, or null when it is not one. Its place is counted, not
 * read off the whole week's order: the launches above it are those with more counted votes that
 * week, or as many and more of all time, or as many of both and a lower id (launchWeek's order);
 * only a launch without a vote that week needs the unvoted ones counted (in index order).
 */
export async function launchRankingOf(
  db: Queryable,
  siteId: number,
  listing: { id: number; launch_week: string },
): Promise<LaunchRanking | null> {
  const monday = listing.launch_week;
  const rows = await db.query<{ rank: number; of: number; launched_at: string | null }>(
    `WITH sc AS (
       SELECT v.listing_id, count(*)::int AS n FROM votes v JOIN listings l ON l.id = v.listing_id
        WHERE l.site_id = $1 AND l.launch_week = $2::date AND l.status = 'live' AND v.counted
          AND v.created_at >= $2::date AND v.created_at < $3::date
        GROUP BY v.listing_id),
     me AS (
       SELECT l.id, l.votes_count AS vc, l.launched_at, coalesce((SELECT n FROM sc WHERE sc.listing_id = l.id), 0) AS n
         FROM listings l WHERE l.id = $4 AND l.site_id = $1 AND l.launch_week = $2::date AND l.status = 'live')
     SELECT me.launched_at,
            1 + (SELECT count(*) FROM sc JOIN listings l ON l.id = sc.listing_id
                  WHERE sc.n > me.n OR (sc.n = me.n AND (l.votes_count > me.vc OR (l.votes_count = me.vc AND l.id < me.id))))::int
              + CASE WHEN me.n = 0 THEN (
                  SELECT count(*) FROM listings l WHERE l.site_id = $1 AND l.launch_week = $2::date AND l.status = 'live'
                     AND (l.votes_count > me.vc OR (l.votes_count = me.vc AND l.id < me.id))
                     AND NOT EXISTS (SELECT 1 FROM sc WHERE sc.listing_id = l.id))::int ELSE 0 END AS rank,
            (SELECT count(*) FROM listings l WHERE l.site_id = $1 AND l.launch_week = $2::date AND l.status = 'live')::int AS of
       FROM me`,
    [siteId, monday, addDays(monday, 7), listing.id],
  );
  const r = rows[0];
  if (!r) return null;
  const launchedAt = r.launched_at === null ? null : new Date(r.launched_at).toISOString();
  const place = { id: listing.id, rank: Number(r.rank), of: Number(r.of), launched_at: launchedAt };
  return (await rankingsOf(db, monday, [place])).get(listing.id) ?? null;
}

/** The launch's first hour when it went live during its week, else the week's first hour. */
function seriesStart(launchedAt: string | null, weekStart: number): number {
  const t = launchedAt === null ? Number.NaN : Date.parse(launchedAt);
  return t >= weekStart && t < weekStart + 7 * 24 * HOUR ? Math.floor(t / HOUR) * HOUR : weekStart;
}

/** Counts per hour from the start (moved back to the first vote's hour should one be earlier, so none is lost). */
function perHour(hours: Map<number, number>, start: number): { start: string; counts: number[] } {
  const keys = [...hours.keys()];
  const first = Math.min(start / HOUR, ...keys);
  const last = keys.length ? Math.max(...keys) : first - 1;
  const counts: number[] = [];
  for (let h = first; h <= last; h++) counts.push(hours.get(h) ?? 0);
  return { start: new Date(first * HOUR).toISOString(), counts };
}
