import type { Queryable } from '../../db/client.js';
import {
  SUMMARY_COLUMNS,
  SUMMARY_FROM,
  toSummary,
  type ListingSummary,
  type SummaryRow,
} from '../listings/listing-summary.js';
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
  /** Revenue and Domain Rating boards: where the figure comes from (`stripe`, `self-reported`; the rating's
   *  provider). */
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
  'community-weekly': {
    title: 'Community — this week',
    description: 'Live launches ranked by community votes cast during the week.',
    metric: 'votes',
    unit: 'votes',
  },
  'community-all-time': {
    title: 'Community — all time',
    description: 'Live listings ranked by all community votes ever received.',
    metric: 'votes',
    unit: 'votes',
  },
  billboard: {
    title: 'Billboard (paid)',
    description:
      'Paid placement: listings ranked by the money their makers contributed. This is advertising, not a ' +
      'community ranking.',
    metric: 'contributed',
    unit: 'USD cents',
  },
  'domain-rating': {
    title: 'Domain Rating',
    description:
      "Live listings ranked by their website's latest third-party rating, each shown with its provider, scale " +
      'and date. Providers rate on different scales (Ahrefs 0–100, Open PageRank 0–10), so the order ' +
      'compares each rating as a share of its own scale.',
    metric: 'domain_rating',
    unit: 'points',
  },
  revenue: {
    title: 'Revenue',
    description:
      'Live listings ranked by their latest monthly recurring revenue verified through a read-only ' +
      'payment-provider connection.',
    metric: 'mrr',
    unit: 'USD cents',
  },
};

/** A board's name as people read it. */
export const boardTitle = (board: Board) => META[board].title;

/**
 * The boards ranked by a company figure: each listing carries its company's ranking value (kept by
 * triggers, migration 021) and a partial index per board holds exactly the board's rows in its
 * order, so the page's ids are an index-only read whatever the page's depth; the total is kept apart.
 */
const FIGURE_BOARDS = {
  'domain-rating': { key: 'dr_share', filter: '', total: 'domain_rating' },
  revenue: { key: 'mrr_verified_cents', filter: 'AND NOT revenue_hidden', total: 'revenue' },
  'revenue+self-reported': { key: 'mrr_latest_cents', filter: 'AND NOT revenue_hidden', total: 'revenue_any' },
} as const;

export async function leaderboard(
  db: Queryable,
  siteId: number,
  board: Board,
  week: string | null,
  limit: number,
  offset: number,
): Promise<BoardPage> {
  if (board === 'domain-rating' || board === 'revenue') return figureBoard(db, siteId, board, limit, offset);
  let metricSql: string;
  let join: string;
  const params: unknown[] = [siteId, limit, offset];
  switch (board) {
    case 'community-weekly':
      params.push(week, addDays(week!, 7));
      join = `JOIN (SELECT listing_id, count(*) AS m FROM votes WHERE counted AND created_at >= $4::date
               AND created_at < $5::date GROUP BY listing_id) x ON x.listing_id = l.id`;
      metricSql = 'x.m';
      break;
    case 'community-all-time':
      join = '';
      metricSql = 'l.votes_count';
      break;
    case 'billboard':
      join = `JOIN (SELECT listing_id, sum(amount_cents) AS m FROM billboard_entries WHERE site_id = $1
               GROUP BY listing_id) x ON x.listing_id = l.id`;
      metricSql = 'x.m';
      break;
  }
  const allTime = board === 'community-all-time';
  // The weekly board and the billboard rank a small joined set; the all-time board ranks every voted
  // listing, so it reads them in index order and counts them apart (index-only) instead of with a window.
  const rows = await db.query<SummaryRow & { metric: number; total_count?: number }>(
    `SELECT ${SUMMARY_COLUMNS}, (${metricSql})::float8 AS metric${allTime ? '' : ', count(*) OVER () AS total_count'}
       FROM ${SUMMARY_FROM} ${join}
      WHERE l.site_id = $1 AND l.status = 'live' ${allTime ? 'AND l.votes_count > 0' : ''}
      ORDER BY ${metricSql} DESC, ${allTime ? '' : 'l.votes_count DESC, '}l.id LIMIT $2 OFFSET $3`,
    params,
  );
  const total = allTime
    ? (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM listings WHERE site_id = $1 AND status = 'live' AND votes_count > 0`,
          [siteId],
        )
      )[0].n
    : Number(rows[0]?.total_count ?? 0);
  return boardPage(
    board,
    week,
    offset,
    total,
    rows.map((r) => ({ listing: toSummary(r), value: r.metric })),
  );
}

/** A figure board's row: the summary and the figure; only the board's own columns are there (revenue: verified and
 *  source; Domain Rating: provider and scale). */
interface FigureRow extends SummaryRow {
  value: number;
  as_of: string;
  verified: boolean;
  source: string;
  provider: string;
  scale: number;
}

async function figureBoard(
  db: Queryable,
  siteId: number,
  board: 'domain-rating' | 'revenue',
  limit: number,
  offset: number,
): Promise<BoardPage> {
  // Verified revenue only, unless the administrator lets stated figures onto the board too; each
  // company's latest such figure. Revenue an owner hid is never shown.
  const selfReported =
    board === 'revenue' && (await getSetting<unknown>(db, siteId, 'revenue_board_self_reported', false)) === true;
  const { key, filter, total } = FIGURE_BOARDS[selfReported ? 'revenue+self-reported' : board];
  const where = `site_id = $1 AND status = 'live' AND ${key} IS NOT NULL ${filter}`;
  const order = `${key} DESC, votes_count DESC, id`;
  // The page's ids first, in index order, so only its 20-odd rows are joined, however deep the page.
  // Domain Rating: the latest reading of the company (domain_rating_latest, migration 019), ranked by
  // `share` = rating / scale, as providers rate on different scales (an Ahrefs 60 ties with an Open
  // PageRank 6); each item still shows its raw value and source. Revenue: the figure the key was copied from.
  const figure =
    board === 'domain-rating'
      ? `JOIN domain_rating_latest x ON x.company_id = l.company_id`
      : `JOIN LATERAL (SELECT f.mrr_cents, f.verified, f.source, f.month FROM revenue_figures f
                      WHERE f.company_id = l.company_id ${selfReported ? '' : 'AND f.verified'} ORDER BY f.month DESC
                      LIMIT 1) x ON true`;
  const columns =
    board === 'domain-rating'
      ? 'x.rating::float8 AS value, x.provider, x.scale, x.measured_on::text AS as_of'
      : 'x.mrr_cents::float8 AS value, x.verified, x.source, x.month::text AS as_of';
  const [rows, count] = await Promise.all([
    db.query<FigureRow>(
      `SELECT ${SUMMARY_COLUMNS}, ${columns}
         FROM (SELECT id FROM listings WHERE ${where} ORDER BY ${order} LIMIT $2 OFFSET $3) page
         JOIN ${SUMMARY_FROM} ON l.id = page.id ${figure}
        ORDER BY l.${key} DESC, l.votes_count DESC, l.id`,
      [siteId, limit, offset],
    ),
    // Kept by a trigger at each listing's entry and exit (migration 021): counting costs more than the page.
    db.query<{ n: number }>(`SELECT ${total} AS n FROM board_totals WHERE site_id = $1`, [siteId]),
  ]);
  return boardPage(
    board,
    null,
    offset,
    count[0]?.n ?? 0,
    rows.map((r) => {
      const as_of = String(r.as_of).slice(0, 10);
      if (board === 'revenue')
        return { listing: toSummary(r), value: r.value, verified: r.verified, source: r.source, as_of };
      // The same two facts every sourced board gives, plus the provider's scale and label.
      return {
        listing: toSummary(r),
        value: r.value,
        source: r.provider,
        as_of,
        domain_rating: { provider: r.provider, provider_label: providerLabel(r.provider), scale: r.scale, as_of },
      };
    }),
  );
}

type Ranked = Omit<BoardItem, 'rank' | 'metric'> & { value: number };

function boardPage(board: Board, week: string | null, offset: number, total: number, ranked: Ranked[]): BoardPage {
  const meta = META[board];
  return {
    board,
    title: meta.title,
    description: meta.description,
    paid: board === 'billboard',
    week: board === 'community-weekly' ? week : null,
    items: ranked.map(({ value, ...rest }, i) => ({
      rank: offset + i + 1,
      ...rest,
      metric: { name: meta.metric, value, unit: meta.unit },
    })),
    total,
  };
}
