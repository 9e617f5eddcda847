import type { Queryable } from '../../db/client.js';
import {
  SUMMARY_COLUMNS,
  SUMMARY_FROM,
  toSummary,
  type ListingSummary,
  type SummaryRow,
} from '../listings/listing-summary.js';

export interface Award {
  id: number;
  week: string;
  rank: number;
  title: string;
  votes: number;
  listing: ListingSummary;
}

export const awardTitle = (rank: number) => `Launch of the Week #${rank}`;

/**
 * Awards are shown only while their listing has a public page (live or relaunching): a listing a
 * moderator hid, or its owners unpublished, leaves the award lists and its verification page.
 */
export const AWARD_LISTING_IS_PUBLIC = `l.status IN ('live', 'scheduled')`;

/** A row as AWARD_COLUMNS reads it. */
export interface AwardRow extends SummaryRow {
  award_id: number;
  week_start: string;
  rank: number;
  award_votes: number;
}

export const toAward = (r: AwardRow): Award => ({
  id: r.award_id,
  week: r.week_start,
  rank: r.rank,
  title: awardTitle(r.rank),
  votes: r.award_votes,
  listing: toSummary(r),
});

export const AWARD_COLUMNS = `a.id AS award_id, a.week_start, a.rank, a.votes AS award_votes, ${SUMMARY_COLUMNS}`;

/** Awards newest week first (rank 1 before 2 before 3), optionally of one listing; null when that listing is
 *  unknown. */
export async function listAwards(
  db: Queryable,
  siteId: number,
  listingSlug: string | undefined,
  limit: number,
  offset: number,
): Promise<{ items: Award[]; total: number } | null> {
  const params: unknown[] = [siteId, limit, offset];
  let filter = '';
  if (listingSlug) {
    const found = await db.query<{ one: number }>('SELECT 1 AS one FROM listings WHERE site_id = $1 AND slug = $2', [
      siteId,
      listingSlug,
    ]);
    if (found.length === 0) return null;
    params.push(listingSlug);
    filter = 'AND l.slug = $4';
  }
  const rows = await db.query<AwardRow & { total_count: number }>(
    `SELECT ${AWARD_COLUMNS}, count(*) OVER () AS total_count
       FROM awards a JOIN ${SUMMARY_FROM} ON l.id = a.listing_id
      WHERE a.site_id = $1 AND ${AWARD_LISTING_IS_PUBLIC} ${filter}
      ORDER BY a.week_start DESC, a.rank LIMIT $2 OFFSET $3`,
    params,
  );
  return { items: rows.map(toAward), total: rows[0]?.total_count ?? 0 };
}

/** One award, for its public verification page: null when there is none (or its listing is not public). */
export async function findAward(
  db: Queryable,
  siteId: number,
  awardId: number,
): Promise<(Award & { awarded_at: string }) | null> {
  const rows = await db.query<AwardRow & { awarded_at: string }>(
    `SELECT ${AWARD_COLUMNS}, a.created_at AS awarded_at
       FROM awards a JOIN ${SUMMARY_FROM} ON l.id = a.listing_id
      WHERE a.site_id = $1 AND a.id = $2 AND ${AWARD_LISTING_IS_PUBLIC}`,
    [siteId, awardId],
  );
  return rows[0] ? { ...toAward(rows[0]), awarded_at: rows[0].awarded_at } : null;
}

/** The awards of one week, #1 first: empty until the week has ended and been awarded. */
export async function weekAwards(db: Queryable, siteId: number, monday: string): Promise<Award[]> {
  const rows = await db.query<AwardRow>(
    `SELECT ${AWARD_COLUMNS}
       FROM awards a JOIN ${SUMMARY_FROM} ON l.id = a.listing_id
      WHERE a.site_id = $1 AND a.week_start = $2::date AND ${AWARD_LISTING_IS_PUBLIC}
      ORDER BY a.rank`,
    [siteId, monday],
  );
  return rows.map(toAward);
}
