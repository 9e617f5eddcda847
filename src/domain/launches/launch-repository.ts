import type { Queryable } from '../../db/client.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary } from '../listings/listing-summary.js';
import { ORDER_BY, TRENDING_JOIN } from '../search/search-listings.js';
import { addDays, mondayOf } from '../weeks/weeks.js';

export interface WeekLaunch extends ListingSummary { rank: number; week_votes: number }

/**
 * The launches of one week. A past or current week lists its live launches ranked by the votes
 * they received during that week (total votes break ties); a future week lists what is scheduled.
 */
export async function launchWeek(db: Queryable, siteId: number, monday: string, now: Date, limit: number, offset: number): Promise<{ items: WeekLaunch[]; total: number; state: 'past' | 'current' | 'upcoming' }> {
  const current = mondayOf(now);
  const state = monday > current ? 'upcoming' : monday === current ? 'current' : 'past';
  const statuses = state === 'upcoming' ? ['scheduled', 'live'] : ['live'];
  const rows = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, coalesce(wv.n, 0)::int AS week_votes, count(*) OVER () AS total_count
       FROM ${SUMMARY_FROM}
       LEFT JOIN (SELECT v.listing_id, count(*) AS n FROM votes v
                   WHERE v.created_at >= $3::date AND v.created_at < $4::date GROUP BY v.listing_id) wv ON wv.listing_id = l.id
      WHERE l.site_id = $1 AND l.launch_week = $2::date AND l.status = ANY($5::text[])
      ORDER BY coalesce(wv.n, 0) DESC, l.votes_count DESC, l.id
      LIMIT $6 OFFSET $7`,
    [siteId, monday, monday, addDays(monday, 7), statuses, limit, offset]);
  return {
    items: rows.map((r, i) => ({ ...toSummary(r), rank: offset + i + 1, week_votes: r.week_votes })),
    total: rows[0]?.total_count ?? 0,
    state,
  };
}

export const LAUNCH_SECTIONS = ['today', 'this-week', 'trending', 'most-voted', 'recent', 'most-viewed', 'most-followed', 'upcoming'] as const;
export type LaunchSection = (typeof LAUNCH_SECTIONS)[number];

/** The eight sections of the launches page; each is a differently filtered and ordered list. */
export async function launchSection(db: Queryable, siteId: number, section: LaunchSection, now: Date, limit: number, offset: number): Promise<{ items: ListingSummary[]; total: number }> {
  const params: unknown[] = [siteId];
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  let where = `l.site_id = $1 AND l.status = 'live'`;
  let orderBy = ORDER_BY.votes;
  let join = '';
  const today = now.toISOString().slice(0, 10);
  switch (section) {
    case 'today':
      where += ` AND l.launched_at >= ${add(today)}::date AND l.launched_at < ${add(addDays(today, 1))}::date`;
      break;
    case 'this-week':
      where += ` AND l.launch_week = ${add(mondayOf(now))}::date`;
      break;
    case 'trending':
      join = TRENDING_JOIN(add(now.toISOString()));
      orderBy = ORDER_BY.trending;
      break;
    case 'most-voted':
      break;
    case 'recent':
      where += ` AND l.launched_at <= ${add(now.toISOString())}::timestamptz`;
      orderBy = ORDER_BY.newest;
      break;
    case 'most-viewed':
      orderBy = ORDER_BY.most_viewed;
      break;
    case 'most-followed':
      orderBy = ORDER_BY.most_followed;
      break;
    case 'upcoming':
      where = `l.site_id = $1 AND l.status = 'scheduled' AND l.launch_week >= ${add(mondayOf(now))}::date`;
      orderBy = 'l.launch_week, l.votes_count DESC, l.id';
      break;
  }
  const rows = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, count(*) OVER () AS total_count FROM ${SUMMARY_FROM} ${join}
      WHERE ${where} ORDER BY ${orderBy} LIMIT ${add(limit)} OFFSET ${add(offset)}`, params);
  return { items: rows.map(toSummary), total: rows[0]?.total_count ?? 0 };
}


/**
 * The latest week before `monday` with a live launch, or null: "previous week" links skip empty
 * past weeks, which have no calendar page.
 */
export async function launchWeekBefore(db: Queryable, siteId: number, monday: string): Promise<string | null> {
  const rows = await db.query<{ week: string | null }>(
    `SELECT to_char(max(launch_week), 'YYYY-MM-DD') AS week FROM listings WHERE site_id = $1 AND status = 'live' AND launch_week < $2::date`, [siteId, monday]);
  return rows[0]?.week ?? null;
}
