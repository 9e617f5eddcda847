import type { Queryable } from '../../db/client.js';
import { addDays } from '../weeks/weeks.js';

/**
 * The figures behind a launch's rank, so anyone can check it: the rank among the live launches of
 * its week and the votes that made it (counted per hour, never who cast them), with the votes that
 * did not count, by why. The rank is the launch week's own (launch-repository.ts `launchWeek`, the
 * get_launch_week answer): counted votes cast during the week (Monday to Sunday, UTC), most first;
 * on equal counts the listing with more counted votes of all time, then the lower listing id.
 * Nothing paid (featuring, a paid launch, the billboard) enters it.
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

/**
 * Every live launch of the week of `monday`, by listing id: one read of the week's votes, grouped
 * by launch, hour and state, so a launch week's page and each of its listings share it.
 */
export async function weekRankings(
  db: Queryable,
  siteId: number,
  monday: string,
): Promise<Record<string, LaunchRanking>> {
  // The week's bounds as launchWeek writes them, so the counts are the very ones it ranks by.
  const rows = await db.query<{
    id: number;
    votes_count: number;
    launched_at: string | null;
    hour: number | null;
    state: VoteState | null;
    n: number | null;
  }>(
    `WITH launches AS (
       SELECT id, votes_count, launched_at FROM listings WHERE site_id = $1 AND launch_week = $2::date AND status = 'live'),
     week AS (
       SELECT v.listing_id, floor(extract(epoch FROM v.created_at) / 3600)::int AS hour,
              CASE WHEN v.voided_at IS NOT NULL THEN 'voided' WHEN v.held_until IS NOT NULL THEN 'held'
                   WHEN v.counted THEN 'counted' ELSE 'owner' END AS state, count(*)::int AS n
         FROM votes v JOIN launches la ON la.id = v.listing_id
        WHERE v.created_at >= $2::date AND v.created_at < $3::date
        GROUP BY 1, 2, 3)
     SELECT la.id, la.votes_count, la.launched_at, w.hour, w.state, w.n
       FROM launches la LEFT JOIN week w ON w.listing_id = la.id`,
    [siteId, monday, addDays(monday, 7)],
  );
  const launches = new Map<
    number,
    { id: number; total: number; launchedAt: string | null; hours: Map<number, number>; by: Record<VoteState, number> }
  >();
  for (const r of rows) {
    let l = launches.get(r.id);
    if (!l) {
      l = {
        id: r.id,
        total: Number(r.votes_count),
        launchedAt: r.launched_at === null ? null : new Date(r.launched_at).toISOString(),
        hours: new Map(),
        by: { counted: 0, held: 0, owner: 0, voided: 0 },
      };
      launches.set(r.id, l);
    }
    if (r.state === null || r.hour === null || r.n === null) continue;
    l.by[r.state] += r.n;
    if (r.state === 'counted') l.hours.set(r.hour, (l.hours.get(r.hour) ?? 0) + r.n);
  }
  const ranked = [...launches.values()].sort((a, b) => b.by.counted - a.by.counted || b.total - a.total || a.id - b.id);
  const weekStart = Date.parse(`${monday}T00:00:00Z`);
  return Object.fromEntries(
    ranked.map((l, i) => [
      String(l.id),
      {
        rule: RANKING_RULE,
        week: monday,
        rank: i + 1,
        of: ranked.length,
        votes_counted: l.by.counted,
        votes_held: l.by.held,
        votes_voided: l.by.voided,
        not_counted: { new_account_hold: l.by.held, owner_vote: l.by.owner, moderator_voided: l.by.voided },
        votes_per_hour: perHour(l.hours, seriesStart(l.launchedAt, weekStart)),
      } satisfies LaunchRanking,
    ]),
  );
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
