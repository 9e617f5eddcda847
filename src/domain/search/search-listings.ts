import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../api/errors.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary } from '../listings/listing-summary.js';
import { correctWords, queryWords, tsQueryText } from './query-terms.js';
import { categoryAndDescendantIds } from '../categories/category-repository.js';

export const LISTING_SORTS = ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export interface SearchParams {
  siteId: number;
  q?: string;
  category?: string;
  stage?: string;
  country?: string;
  pricing_model?: string;
  domain?: string;
  status?: 'live' | 'upcoming';
  sort?: ListingSort;
  limit: number;
  offset: number;
  now: Date;
}

/** Trending = votes decayed with a two-day half-life over the last 30 days. */
/** Trending score per listing: its votes of the last 30 days, each halving in weight every two days (in float8: numeric powers cost 15 µs a vote). */
export const TRENDING_SCORES = (nowParam: string) => `SELECT v.listing_id, sum(power(0.5::float8, extract(epoch FROM (${nowParam}::timestamptz - v.created_at))::float8 / 172800.0)) AS score
      FROM votes v WHERE v.created_at > ${nowParam}::timestamptz - interval '30 days' AND v.created_at <= ${nowParam}::timestamptz
     GROUP BY v.listing_id`;
export const TRENDING_JOIN = (nowParam: string) => `LEFT JOIN (${TRENDING_SCORES(nowParam)}) tr ON tr.listing_id = l.id`;

export const ORDER_BY: Record<Exclude<ListingSort, 'relevance'>, string> = {
  newest: 'l.launched_at DESC NULLS LAST, l.created_at DESC, l.id DESC',
  votes: 'l.votes_count DESC, l.id',
  trending: 'coalesce(tr.score, 0) DESC, l.votes_count DESC, l.id',
  most_viewed: 'l.views_count DESC, l.id',
  most_followed: 'l.followers_count DESC, l.id',
};

/** Strips scheme, credentials, port, path and `www.` so "https://www.Foo.com/x" filters as "foo.com". */
export function normaliseDomain(input: string): string {
  let d = input.trim().toLowerCase().replace(/^[a-z]+:\/\//, '');
  d = d.replace(/^[^@/]*@/, '').split(/[/?#]/)[0].replace(/:\d+$/, '').replace(/\.$/, '');
  return d.replace(/^www\./, '');
}

export async function searchListings(db: Queryable, p: SearchParams): Promise<{ items: ListingSummary[]; total: number; corrected?: Record<string, string[]> }> {
  const params: unknown[] = [p.siteId];
  const add = (v: unknown) => { params.push(v); return `$${params.length}`; };
  const where: string[] = ['l.site_id = $1'];
  where.push(p.status === 'upcoming' ? `l.status = 'scheduled'` : `l.status = 'live'`);
  if (p.category) {
    const ids = await categoryAndDescendantIds(db, p.siteId, p.category);
    if (!ids) throw badRequest(`category: there is no category "${p.category}"; list_categories shows them all.`, [{ path: 'category', message: `unknown category "${p.category}"` }]);
    const ref = add(ids);
    where.push(`(l.primary_category_id = ANY(${ref}::int[]) OR EXISTS (SELECT 1 FROM listing_extra_categories e WHERE e.listing_id = l.id AND e.category_id = ANY(${ref}::int[])))`);
  }
  if (p.stage) where.push(`c.stage = ${add(p.stage)}`);
  if (p.country) where.push(`c.country = ${add(p.country.toUpperCase())}`);
  if (p.pricing_model) where.push(`lower(c.pricing_model) = ${add(p.pricing_model.toLowerCase())}`);
  if (p.domain) {
    const d = normaliseDomain(p.domain);
    const ref = add(d);
    where.push(`(c.domain = ${ref} OR c.domain LIKE '%.' || ${ref})`);
  }

  const words = p.q ? queryWords(p.q) : [];
  const sort: ListingSort = p.sort ?? (words.length ? 'relevance' : 'votes');
  const filterParamCount = params.length;
  const needsTrending = sort === 'trending';
  const nowRef = needsTrending ? add(p.now.toISOString()) : '';

  const run = async (tsq: string | null, nameProbe = '') => {
    const local = [...params];
    const w = [...where];
    let rankExpr = '0';
    if (tsq) {
      local.push(tsq);
      const qref = `$${local.length}`;
      local.push(nameProbe);
      const rawRef = `$${local.length}`;
      w.push(`l.search_vector @@ to_tsquery('english', ${qref})`);
      // Full-text rank plus a bonus when the name itself is what was typed (or nearly).
      rankExpr = `ts_rank(l.search_vector, to_tsquery('english', ${qref}), 1) + 2 * similarity(lower(unaccent(c.name)), ${rawRef})`;
    }
    local.push(p.limit, p.offset);
    const orderBy = sort === 'relevance' ? (tsq ? 'rank DESC, l.votes_count DESC, l.id' : ORDER_BY.votes) : ORDER_BY[sort];
    const sql = `SELECT ${SUMMARY_COLUMNS}, ${rankExpr} AS rank, count(*) OVER () AS total_count
      FROM ${SUMMARY_FROM} ${needsTrending ? TRENDING_JOIN(nowRef) : ''}
      WHERE ${w.join(' AND ')}
      ORDER BY ${orderBy}
      LIMIT $${local.length - 1} OFFSET $${local.length}`;
    return db.query(sql, local);
  };

  if (words.length === 0) {
    const rows = await run(null);
    return { items: rows.map(toSummary), total: rows[0]?.total_count ?? (p.offset > 0 ? await countOnly(db, where, params.slice(0, filterParamCount)) : 0) };
  }
  const corrections = await correctWords(db, words);
  const nameProbe = words.map((w) => corrections.get(w)?.[0] ?? w).join(' ');
  let rows = await run(tsQueryText(corrections, '&'), nameProbe);
  // Nothing has every word: fall back to any word, ranked, rather than an empty page.
  if (rows.length === 0 && words.length > 1 && p.offset === 0) rows = await run(tsQueryText(corrections, '|'), nameProbe);
  const corrected = Object.fromEntries([...corrections].filter(([, alts]) => alts.length > 0));
  return { items: rows.map(toSummary), total: rows[0]?.total_count ?? 0, ...(Object.keys(corrected).length ? { corrected } : {}) };
}

async function countOnly(db: Queryable, where: string[], params: unknown[]): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${SUMMARY_FROM} WHERE ${where.join(' AND ')}`, params);
  return rows[0].n;
}
