import type { Queryable } from '../../db/client.js';
import {
  SUMMARY_COLUMNS,
  SUMMARY_FROM,
  toSummary,
  type ListingSummary,
  type SummaryRow,
} from '../listings/listing-summary.js';
import { ORDER_BY, TRENDING_SCORES } from '../search/search-listings.js';
import { addDays, mondayOf } from '../weeks/weeks.js';

export interface WeekLaunch extends ListingSummary {
  rank: number;
  week_votes: number;
}

/**
 * Listings matching `where` (over `listings l`), those with a score first (highest first), then
 * the rest by total votes; ties by total votes, then id. Only the scored few are sorted by score:
 * the unscored rest is read in index order (site, status, votes), so the cost stays that of one
 * page however many listings match.
 */
async function scoredFirst(
  db: Queryable,
  o: {
    scores: (add: (v: unknown) => string) => string;
    where: string;
    params: unknown[];
    limit: number;
    offset: number;
    total?: Promise<number>;
  },
): Promise<{ rows: (SummaryRow & { score: number })[]; total: number }> {
  const params = [...o.params];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const scores = o.scores(add);
  const upTo = add(o.limit + o.offset);
  const rows = db.query<SummaryRow & { score: number }>(
    `WITH sc AS (${scores}),
          top AS ((SELECT l.id, sc.score, l.votes_count FROM sc JOIN listings l ON l.id = sc.listing_id WHERE ${o.where}
                   ORDER BY sc.score DESC, l.votes_count DESC, l.id LIMIT ${upTo})
                  UNION ALL
                  (SELECT l.id, 0, l.votes_count FROM listings l WHERE ${o.where} AND NOT EXISTS (SELECT 1 FROM sc
                  WHERE sc.listing_id = l.id)
                   ORDER BY l.votes_count DESC, l.id LIMIT ${upTo}))
     SELECT ${SUMMARY_COLUMNS}, top.score FROM top JOIN ${SUMMARY_FROM} ON l.id = top.id
      ORDER BY top.score DESC, top.votes_count DESC, top.id LIMIT ${add(o.limit)} OFFSET ${add(o.offset)}`,
    params,
  );
  const [r, total] = await Promise.all([rows, o.total ?? countWhere(db, o.where, o.params)]);
  return { rows: r, total };
}

/**
 * The launches of one week. A past or current week lists its live launches ranked by the votes
 * they received during that week (total votes break ties); a future week lists what is scheduled.
 */
export async function launchWeek(
  db: Queryable,
  siteId: number,
  monday: string,
  now: Date,
  limit: number,
  offset: number,
): Promise<{ items: WeekLaunch[]; total: number; state: 'past' | 'current' | 'upcoming' }> {
  const current = mondayOf(now);
  const state = monday > current ? 'upcoming' : monday === current ? 'current' : 'past';
  const statuses = state === 'upcoming' ? ['scheduled', 'live'] : ['live'];
  const { rows, total } = await scoredFirst(db, {
    scores: (add) =>
      `SELECT v.listing_id, count(*) AS score FROM votes v WHERE v.counted AND v.created_at >= ${add(monday)}::date
        AND v.created_at < ${add(addDays(monday, 7))}::date GROUP BY v.listing_id`,
    where: `l.site_id = $1 AND l.launch_week = $2::date AND l.status = ANY($3::text[])`,
    params: [siteId, monday, statuses],
    limit,
    offset,
  });
  return {
    items: rows.map((r, i) => ({ ...toSummary(r), rank: offset + i + 1, week_votes: Number(r.score) })),
    total,
    state,
  };
}

export const LAUNCH_SECTIONS = [
  'today',
  'this-week',
  'trending',
  'most-voted',
  'recent',
  'most-viewed',
  'most-followed',
  'upcoming',
] as const;
export type LaunchSection = (typeof LAUNCH_SECTIONS)[number];

/** The eight sections of the launches page; each is a differently filtered and ordered list. */
export async function launchSection(
  db: Queryable,
  siteId: number,
  section: LaunchSection,
  now: Date,
  limit: number,
  offset: number,
): Promise<{ items: ListingSummary[]; total: number }> {
  const params: unknown[] = [siteId];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let where = `l.site_id = $1 AND l.status = 'live'`;
  let orderBy = ORDER_BY.votes;
  const today = now.toISOString().slice(0, 10);
  switch (section) {
    case 'today':
      where += ` AND l.launched_at >= ${add(today)}::date AND l.launched_at < ${add(addDays(today, 1))}::date`;
      break;
    case 'this-week':
      where += ` AND l.launch_week = ${add(mondayOf(now))}::date`;
      break;
    case 'trending': {
      const { rows, total } = await scoredFirst(db, {
        scores: (add) => TRENDING_SCORES(add(now.toISOString())),
        where,
        params: [siteId],
        limit,
        offset,
        total: liveTotal(db, siteId),
      });
      return { items: rows.map(toSummary), total };
    }
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
  const filterParams = [...params];
  const rows = db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where} ORDER BY ${orderBy}
      LIMIT ${add(limit)} OFFSET ${add(offset)}`,
    params,
  );
  // The total is counted apart, from the listings table alone (an index-only count), instead of a
  // window over the joined rows: with 100,000 listings the window reads every match to count it.
  // Sections over every live listing read the kept total instead (a million rows to count otherwise).
  // 'recent' is one of them: a listing goes live at its launch moment, so every live one has launched.
  const everyLive =
    section === 'most-voted' || section === 'most-viewed' || section === 'most-followed' || section === 'recent';
  const [items, total] = await Promise.all([
    rows,
    everyLive ? liveTotal(db, siteId) : countWhere(db, where, filterParams),
  ]);
  return { items: items.map(toSummary), total };
}

/** The site's live listings, kept by a trigger (migration 024). */
async function liveTotal(db: Queryable, siteId: number): Promise<number> {
  return (await db.query<{ live: number }>('SELECT live FROM board_totals WHERE site_id = $1', [siteId]))[0]?.live ?? 0;
}

async function countWhere(db: Queryable, where: string, params: unknown[]): Promise<number> {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings l WHERE ${where}`, params))[0].n;
}

/**
 * The latest week before `monday` with a live launch, or null: "previous week" links skip empty
 * past weeks, which have no calendar page.
 */
export async function launchWeekBefore(db: Queryable, siteId: number, monday: string): Promise<string | null> {
  const rows = await db.query<{ week: string | null }>(
    `SELECT to_char(max(launch_week), 'YYYY-MM-DD') AS week FROM listings WHERE site_id = $1 AND status = 'live'
      AND launch_week < $2::date`,
    [siteId, monday],
  );
  return rows[0]?.week ?? null;
}

/** How many launches each week from `from` to `to` (Mondays) holds: live ones, and scheduled ones still to come. */
export async function launchCounts(
  db: Queryable,
  siteId: number,
  from: string,
  to: string,
): Promise<Map<string, { live: number; scheduled: number }>> {
  const rows = await db.query<{ week: string; live: number; scheduled: number }>(
    `SELECT to_char(launch_week, 'YYYY-MM-DD') AS week, count(*) FILTER (WHERE status = 'live')::int AS live,
            count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled
       FROM listings WHERE site_id = $1 AND status IN ('live', 'scheduled') AND launch_week BETWEEN $2::date AND $3::date
      GROUP BY launch_week`,
    [siteId, from, to],
  );
  return new Map(rows.map((r) => [r.week, { live: r.live, scheduled: r.scheduled }]));
}

export interface LaunchDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  launches: number;
  /** The day's most voted launches, at most three. */
  top: ListingSummary[];
}

/**
 * A week's live launches day by day (UTC): how many went live each day and the most voted of
 * them. One count over the week, then three rows per day read in index order (week, votes).
 */
export async function launchDays(db: Queryable, siteId: number, monday: string): Promise<LaunchDay[]> {
  const rows = await db.query<SummaryRow & { day: string; launches: number }>(
    `WITH days AS (
       SELECT (launched_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS launches
         FROM listings WHERE site_id = $1 AND launch_week = $2::date AND status = 'live' AND launched_at IS NOT NULL
        GROUP BY 1)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day, days.launches, top.*
       FROM days CROSS JOIN LATERAL (
         SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
          WHERE l.site_id = $1 AND l.launch_week = $2::date AND l.status = 'live'
            AND l.launched_at >= days.day::timestamp AT TIME ZONE 'UTC'
            AND l.launched_at < (days.day + 1)::timestamp AT TIME ZONE 'UTC'
          ORDER BY l.votes_count DESC, l.id LIMIT 3) top
      ORDER BY days.day, top.votes_count DESC, top.id`,
    [siteId, monday],
  );
  const days: LaunchDay[] = [];
  for (const r of rows) {
    let d = days[days.length - 1];
    if (!d || d.day !== r.day) days.push((d = { day: r.day, launches: r.launches, top: [] }));
    d.top.push(toSummary(r));
  }
  return days;
}
