import type { Queryable } from '../../db/client.js';
import {
  SUMMARY_COLUMNS,
  SUMMARY_FROM,
  toSummary,
  type ListingSummary,
  type SummaryRow,
} from '../listings/listing-summary.js';
import { AWARD_COLUMNS, AWARD_LISTING_IS_PUBLIC, toAward, type Award, type AwardRow } from './award-repository.js';

export interface AwardWeek {
  week: string;
  awards: Award[];
}

/** Every awarded week, newest first, `limit` weeks from `offset`, each with its #1–#3; and how many weeks there
 *  are. */
export async function winnersByWeek(
  db: Queryable,
  siteId: number,
  limit: number,
  offset: number,
): Promise<{ weeks: AwardWeek[]; total: number }> {
  const [count, rows] = await Promise.all([
    db.query<{ n: number }>(
      `SELECT count(DISTINCT a.week_start)::int AS n FROM awards a JOIN listings l ON l.id = a.listing_id
        WHERE a.site_id = $1 AND ${AWARD_LISTING_IS_PUBLIC}`,
      [siteId],
    ),
    db.query<AwardRow>(
      `WITH shown AS (
         SELECT DISTINCT a.week_start FROM awards a JOIN listings l ON l.id = a.listing_id
          WHERE a.site_id = $1 AND ${AWARD_LISTING_IS_PUBLIC}
          ORDER BY a.week_start DESC LIMIT $2 OFFSET $3)
       SELECT ${AWARD_COLUMNS}
         FROM shown w JOIN awards a ON a.site_id = $1 AND a.week_start = w.week_start
         JOIN ${SUMMARY_FROM} ON l.id = a.listing_id
        WHERE ${AWARD_LISTING_IS_PUBLIC}
        ORDER BY a.week_start DESC, a.rank`,
      [siteId, limit, offset],
    ),
  ]);
  const weeks: AwardWeek[] = [];
  for (const award of rows.map(toAward)) {
    const last = weeks[weeks.length - 1];
    if (last && last.week === award.week) last.awards.push(award);
    else weeks.push({ week: award.week, awards: [award] });
  }
  return { weeks, total: count[0].n };
}

export interface AllTimeEntry {
  listing: ListingSummary;
  firsts: number;
  seconds: number;
  thirds: number;
  awards: number;
}

/**
 * The all-time top: listings ranked like a medal table — most #1 awards first, then most #2s, then
 * most #3s — then by most all-time counted community votes, then the lower listing id.
 */
export async function allTimeTop(db: Queryable, siteId: number, limit: number): Promise<AllTimeEntry[]> {
  const rows = await db.query<SummaryRow & Omit<AllTimeEntry, 'listing'>>(
    `WITH tally AS (
       SELECT listing_id, count(*) FILTER (WHERE rank = 1)::int AS firsts,
       count(*) FILTER (WHERE rank = 2)::int AS seconds,
              count(*) FILTER (WHERE rank = 3)::int AS thirds, count(*)::int AS awards
         FROM awards WHERE site_id = $1 GROUP BY listing_id)
     SELECT ${SUMMARY_COLUMNS}, t.firsts, t.seconds, t.thirds, t.awards
       FROM tally t JOIN ${SUMMARY_FROM} ON l.id = t.listing_id
      WHERE ${AWARD_LISTING_IS_PUBLIC}
      ORDER BY t.firsts DESC, t.seconds DESC, t.thirds DESC, l.votes_count DESC, l.id LIMIT $2`,
    [siteId, limit],
  );
  return rows.map((r) => ({
    listing: toSummary(r),
    firsts: r.firsts,
    seconds: r.seconds,
    thirds: r.thirds,
    awards: r.awards,
  }));
}
