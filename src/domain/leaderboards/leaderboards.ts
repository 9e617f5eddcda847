import type { Queryable } from '../../db/client.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary } from '../listings/listing-summary.js';
import { addDays } from '../weeks/weeks.js';
import { getSetting } from '../site/site-repository.js';
import { providerLabel } from '../domain-ratings/provider-labels.js';

export const BOARDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'] as const;
export type Board = (typeof BOARDS)[number];

export interface BoardItem {
  rank: number;
  listing: ListingSummary;
  metric: { name: string; value: number; unit: string };
  /** Revenue board: whether a provider verified the figure. */
  verified?: boolean;
  /** Revenue and Domain Rating boards: where the figure comes from (`stripe`, `self-reported`; the rating's provider). */
  source?: string;
  /** The date of the figure (for revenue, the first day of its month). */
  as_of?: string;
  /** Domain Rating board: whose figure it is, on what scale, and the day it was read. */
  domain_rating?: { provider: string; provider_label: string; scale: number; as_of: string };
}
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
  'domain-rating': { title: 'Domain Rating', description: "Live listings ranked by their website's latest third-party rating, each shown with its provider, scale and date. Providers rate on different scales (Ahrefs 0–100, Open PageRank 0–10), so the order compares each rating as a share of its own scale.", metric: 'domain_rating', unit: 'points' },
  revenue: { title: 'Revenue', description: 'Live listings ranked by their latest monthly recurring revenue verified through a read-only payment-provider connection.', metric: 'mrr', unit: 'USD cents' },
};

export async function leaderboard(db: Queryable, siteId: number, board: Board, week: string | null, limit: number, offset: number): Promise<BoardPage> {
  let metricSql: string;
  let join: string;
  let extra = '';
  let filter = '';
  const params: unknown[] = [siteId, limit, offset];
  switch (board) {
    case 'community-weekly':
      params.push(week, addDays(week!, 7));
      join = `JOIN (SELECT listing_id, count(*) AS m FROM votes WHERE counted AND created_at >= $4::date AND created_at < $5::date GROUP BY listing_id) x ON x.listing_id = l.id`;
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
      // The latest reading of each rated company, kept in domain_rating_latest by a trigger
      // (migration 019). Providers rate on different scales, so the order is `share` = rating /
      // scale (an Ahrefs 60 ties with an Open PageRank 6); each item still shows its raw value and source.
      join = 'JOIN domain_rating_latest x ON x.company_id = l.company_id';
      metricSql = 'x.share';
      extra = ', x.rating AS dr_value, x.provider AS dr_provider, x.scale AS dr_scale, x.measured_on::text AS dr_as_of';
      break;
    case 'revenue': {
      // Verified figures only, unless the administrator lets stated ones onto the board too; each
      // company's latest such figure. Revenue an owner hid is never shown.
      const selfReported = (await getSetting<unknown>(db, siteId, 'revenue_board_self_reported', false)) === true;
      join = `JOIN (SELECT DISTINCT ON (company_id) company_id, mrr_cents AS m, verified, source, month::text AS as_of
                      FROM revenue_figures ${selfReported ? '' : 'WHERE verified'} ORDER BY company_id, month DESC) x ON x.company_id = l.company_id`;
      metricSql = 'x.m';
      extra = ', x.verified AS rev_verified, x.source AS rev_source, x.as_of AS rev_as_of';
      filter = 'AND NOT l.revenue_hidden';
      break;
    }
  }
  const allTime = board === 'community-all-time';
  // Every other board ranks a small joined set; the all-time board ranks every voted listing, so it
  // reads them in index order and counts them apart (index-only) instead of with a window.
  const rows = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, (${metricSql})::float8 AS metric${extra}${allTime ? '' : ', count(*) OVER () AS total_count'}
       FROM ${SUMMARY_FROM} ${join}
      WHERE l.site_id = $1 AND l.status = 'live' ${allTime ? 'AND l.votes_count > 0' : ''} ${filter}
      ORDER BY ${metricSql} DESC, ${allTime ? '' : 'l.votes_count DESC, '}l.id LIMIT $2 OFFSET $3`, params);
  const total = allTime
    ? (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings WHERE site_id = $1 AND status = 'live' AND votes_count > 0`, [siteId]))[0].n
    : Number(rows[0]?.total_count ?? 0);
  const meta = META[board];
  return {
    board,
    title: meta.title,
    description: meta.description,
    paid: board === 'billboard',
    week: board === 'community-weekly' ? week : null,
    items: rows.map((r, i) => ({
      rank: offset + i + 1, listing: toSummary(r), metric: { name: meta.metric, value: r.metric, unit: meta.unit },
      ...(board === 'revenue' ? { verified: r.rev_verified, source: r.rev_source, as_of: String(r.rev_as_of).slice(0, 10) } : {}),
      ...(board === 'domain-rating' ? {
        metric: { name: meta.metric, value: Number(r.dr_value), unit: meta.unit },
        // The same two facts every sourced board gives, plus the provider's scale and label.
        source: r.dr_provider, as_of: String(r.dr_as_of).slice(0, 10),
        domain_rating: { provider: r.dr_provider, provider_label: providerLabel(r.dr_provider), scale: r.dr_scale, as_of: String(r.dr_as_of).slice(0, 10) },
      } : {}),
    })),
    total,
  };
}
