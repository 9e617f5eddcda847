import type { Queryable } from '../../db/client.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary } from '../listings/listing-summary.js';
import { addDays } from '../weeks/weeks.js';

export const BOARDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'] as const;
export type Board = (typeof BOARDS)[number];

export interface BoardItem { rank: number; listing: ListingSummary; metric: { name: string; value: number; unit: string } }
export interface BoardPage {
  board: Board;
  title: string;
  description: string;
  /** The billboard ranks by money paid and must always be presented as paid. */
  paid: boolean;
  week: string | null;
  items: BoardItem[];
  total: number;
}

const META: Record<Board, { title: string; description: string; metric: string; unit: string }> = {
  'community-weekly': { title: 'Community — this week', description: 'Live launches ranked by community votes cast during the week.', metric: 'votes', unit: 'votes' },
  'community-all-time': { title: 'Community — all time', description: 'Live listings ranked by all community votes ever received.', metric: 'votes', unit: 'votes' },
  billboard: { title: 'Billboard (paid)', description: 'Paid placement: listings ranked by the money their makers contributed. This is advertising, not a community ranking.', metric: 'contributed', unit: 'USD cents' },
  'domain-rating': { title: 'Domain Rating', description: "Live listings ranked by their website's latest third-party Domain Rating (0–100).", metric: 'domain_rating', unit: 'points' },
  revenue: { title: 'Revenue', description: 'Live listings ranked by their latest reported monthly recurring revenue.', metric: 'mrr', unit: 'USD cents' },
};

export async function leaderboard(db: Queryable, siteId: number, board: Board, week: string | null, limit: number, offset: number): Promise<BoardPage> {
  let metricSql: string;
  let join: string;
  const params: unknown[] = [siteId, limit, offset];
  switch (board) {
    case 'community-weekly':
      params.push(week, addDays(week!, 7));
      join = `JOIN (SELECT listing_id, count(*) AS m FROM votes WHERE created_at >= $4::date AND created_at < $5::date GROUP BY listing_id) x ON x.listing_id = l.id`;
      metricSql = 'x.m';
      break;
    case 'community-all-time':
      join = '';
      metricSql = 'l.votes_count';
      break;
    case 'billboard':
      join = `JOIN (SELECT listing_id, sum(amount_cents) AS m FROM billboard_entries WHERE site_id = $1 GROUP BY listing_id) x ON x.listing_id = l.id`;
      metricSql = 'x.m';
      break;
    case 'domain-rating':
      join = `JOIN LATERAL (SELECT rating AS m FROM domain_ratings d WHERE d.company_id = l.company_id ORDER BY measured_on DESC LIMIT 1) x ON true`;
      metricSql = 'x.m';
      break;
    case 'revenue':
      join = `JOIN LATERAL (SELECT mrr_cents AS m FROM revenue_figures r WHERE r.company_id = l.company_id ORDER BY month DESC LIMIT 1) x ON true`;
      metricSql = 'x.m';
      break;
  }
  const where = board === 'community-all-time' ? `AND l.votes_count > 0` : '';
  const rows = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, (${metricSql})::float8 AS metric, count(*) OVER () AS total_count
       FROM ${SUMMARY_FROM} ${join}
      WHERE l.site_id = $1 AND l.status = 'live' ${where}
      ORDER BY ${metricSql} DESC, l.votes_count DESC, l.id LIMIT $2 OFFSET $3`, params);
  const meta = META[board];
  return {
    board,
    title: meta.title,
    description: meta.description,
    paid: board === 'billboard',
    week: board === 'community-weekly' ? week : null,
    items: rows.map((r, i) => ({ rank: offset + i + 1, listing: toSummary(r), metric: { name: meta.metric, value: r.metric, unit: meta.unit } })),
    total: rows[0]?.total_count ?? 0,
  };
}
