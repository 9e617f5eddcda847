import type { Queryable } from '../../db/client.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary, type SummaryRow } from './listing-summary.js';

/** Live listings whose paid featured placement runs at `now`, the most recently bought first. */
export async function featuredListings(db: Queryable, siteId: number, now: Date, limit = 6): Promise<ListingSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
      WHERE l.site_id = $1 AND l.status = 'live' AND l.featured_until > $2
      ORDER BY l.featured_until DESC, l.id LIMIT $3`,
    [siteId, now.toISOString(), limit],
  );
  return rows.map(toSummary);
}

export const isFeatured = (l: { featured_until: string | null }, now: Date) =>
  l.featured_until !== null && Date.parse(l.featured_until) > now.getTime();
