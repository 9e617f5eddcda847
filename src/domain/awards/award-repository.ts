import type { Queryable } from '../../db/client.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary } from '../listings/listing-summary.js';

export interface Award { week: string; rank: number; title: string; votes: number; listing: ListingSummary }

export const awardTitle = (rank: number) => `Launch of the Week #${rank}`;

/** Awards newest week first (rank 1 before 2 before 3), optionally of one listing; null when that listing is unknown. */
export async function listAwards(db: Queryable, siteId: number, listingSlug: string | undefined, limit: number, offset: number): Promise<{ items: Award[]; total: number } | null> {
  const params: unknown[] = [siteId, limit, offset];
  let filter = '';
  if (listingSlug) {
    const found = await db.query('SELECT 1 FROM listings WHERE site_id = $1 AND slug = $2', [siteId, listingSlug]);
    if (found.length === 0) return null;
    params.push(listingSlug);
    filter = 'AND l.slug = $4';
  }
  const rows = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, a.week_start, a.rank, a.votes AS award_votes, count(*) OVER () AS total_count
       FROM awards a JOIN ${SUMMARY_FROM} ON l.id = a.listing_id
      WHERE a.site_id = $1 ${filter}
      ORDER BY a.week_start DESC, a.rank LIMIT $2 OFFSET $3`, params);
  return {
    items: rows.map((r) => ({ week: r.week_start, rank: r.rank, title: awardTitle(r.rank), votes: r.award_votes, listing: toSummary(r) })),
    total: rows[0]?.total_count ?? 0,
  };
}

/**
 * Awards a finished week: its three live launches with the most community votes cast during the
 * week win #1–#3. Idempotent: re-running a week replaces nothing already awarded.
 */
export async function awardWeek(db: Queryable, siteId: number, monday: string, sundayEnd: string): Promise<number> {
  const rows = await db.query(
    `INSERT INTO awards (site_id, week_start, rank, listing_id, votes)
     SELECT $1, $2::date, row_number() OVER (ORDER BY w.n DESC, l.votes_count DESC, l.id), l.id, w.n
       FROM listings l
       JOIN (SELECT listing_id, count(*)::int AS n FROM votes WHERE counted AND created_at >= $2::date AND created_at < $3::date GROUP BY listing_id) w ON w.listing_id = l.id
      WHERE l.site_id = $1 AND l.launch_week = $2::date AND l.status = 'live'
      ORDER BY w.n DESC, l.votes_count DESC, l.id LIMIT 3
     ON CONFLICT (site_id, week_start, rank) DO NOTHING RETURNING id`, [siteId, monday, sundayEnd]);
  return rows.length;
}
