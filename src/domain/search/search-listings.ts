import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../errors/app-error.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary } from '../listings/listing-summary.js';
import { readWords, queryWords, tsQueryText } from './query-terms.js';
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
export const TRENDING_SCORES = (
  nowParam: string,
) => `SELECT v.listing_id, sum(power(0.5::float8, extract(epoch FROM (${nowParam}::timestamptz - v.created_at))::float8 / 172800.0)) AS score
      FROM votes v WHERE v.counted AND v.created_at > ${nowParam}::timestamptz - interval '30 days' AND v.created_at <= ${nowParam}::timestamptz
     GROUP BY v.listing_id`;
export const TRENDING_JOIN = (nowParam: string) =>
  `LEFT JOIN (${TRENDING_SCORES(nowParam)}) tr ON tr.listing_id = l.id`;

export const ORDER_BY: Record<Exclude<ListingSort, 'relevance'>, string> = {
  newest: 'l.launched_at DESC NULLS LAST, l.created_at DESC, l.id DESC',
  votes: 'l.votes_count DESC, l.id',
  trending: 'coalesce(tr.score, 0) DESC, l.votes_count DESC, l.id',
  most_viewed: 'l.views_count DESC, l.id',
  most_followed: 'l.followers_count DESC, l.id',
};

/** Strips scheme, credentials, port, path and `www.` so "https://www.Foo.com/x" filters as "foo.com". */
export function normaliseDomain(input: string): string {
  let d = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '');
  d = d
    .replace(/^[^@/]*@/, '')
    .split(/[/?#]/)[0]
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  return d.replace(/^www\./, '');
}

export async function searchListings(
  db: Queryable,
  p: SearchParams,
): Promise<{ items: ListingSummary[]; total: number; corrected?: Record<string, string[]> }> {
  const params: unknown[] = [p.siteId];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = ['l.site_id = $1'];
  where.push(p.status === 'upcoming' ? `l.status = 'scheduled'` : `l.status = 'live'`);
  if (p.category) {
    const ids = await categoryAndDescendantIds(db, p.siteId, p.category);
    if (!ids)
      throw badRequest(`category: there is no category "${p.category}"; list_categories shows them all.`, [
        { path: 'category', message: `unknown category "${p.category}"` },
      ]);
    const ref = add(ids);
    where.push(
      `(l.primary_category_id = ANY(${ref}::int[]) OR EXISTS (SELECT 1 FROM listing_extra_categories e WHERE e.listing_id = l.id AND e.category_id = ANY(${ref}::int[])))`,
    );
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
  const needsTrending = sort === 'trending';

  // Filters on the company need its row for every candidate; the others read listings alone.
  const companyFiltered = where.some((w) => /\bc\./.test(w));
  const run = async (tsq: string | null, nameProbe = ''): Promise<{ rows: Record<string, any>[]; total: number }> => {
    const local = [...params];
    const w = [...where];
    let rankExpr = '0';
    const push = (v: unknown) => {
      local.push(v);
      return `$${local.length}`;
    };
    const qref = tsq ? push(tsq) : '';
    if (qref) w.push(`l.search_vector @@ to_tsquery('english', ${qref})`);
    // Parameters after these serve the ranking only; the count takes just these.
    const filterCount = local.length;
    const nowRef = needsTrending ? push(p.now.toISOString()) : '';
    if (tsq && sort === 'relevance') {
      const rawRef = push(nameProbe);
      // Full-text rank plus a bonus when the name itself is what was typed (or nearly). The name
      // is read by id for each match: thousands of probes cost less than scanning every company.
      rankExpr = `ts_rank(l.search_vector, to_tsquery('english', ${qref}), 1) + 2 * (SELECT similarity(lower(unaccent(cn.name)), ${rawRef}) FROM companies cn WHERE cn.id = l.company_id)`;
    }
    local.push(p.limit, p.offset);
    const orderBy =
      sort === 'relevance' ? (tsq ? 'rank DESC, l.votes_count DESC, l.id' : ORDER_BY.votes) : ORDER_BY[sort];
    const from = `listings l ${companyFiltered ? 'JOIN companies c ON c.id = l.company_id' : ''}`;
    // The page's ids are ranked over listings alone; only those few are joined for their summary.
    const rows = db.query(
      `SELECT ${SUMMARY_COLUMNS} FROM unnest(ARRAY(
           SELECT l.id FROM ${from} ${needsTrending ? TRENDING_JOIN(nowRef) : ''} WHERE ${w.join(' AND ')}
            ORDER BY ${orderBy.replace(/\brank\b/g, rankExpr)} LIMIT $${local.length - 1} OFFSET $${local.length})) WITH ORDINALITY AS page(id, n)
         JOIN ${SUMMARY_FROM} ON l.id = page.id ORDER BY page.n`,
      local,
    );
    const total = db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${from} WHERE ${w.join(' AND ')}`,
      local.slice(0, filterCount),
    );
    const [r, t] = await Promise.all([rows, total]);
    return { rows: r, total: t[0].n };
  };

  if (words.length === 0) {
    const { rows, total } = await run(null);
    return { items: rows.map(toSummary), total };
  }
  const readings = await readWords(db, words);
  const nameProbe = words.map((w) => readings.get(w)?.corrections[0] ?? w).join(' ');
  let result = await run(tsQueryText(readings, '&'), nameProbe);
  // Nothing has every word: fall back to any word, ranked, rather than an empty page.
  if (result.total === 0 && words.length > 1 && p.offset === 0)
    result = await run(tsQueryText(readings, '|'), nameProbe);
  const rows = result.rows;
  const corrected = Object.fromEntries(
    [...readings].filter(([, r]) => r.corrections.length > 0).map(([w, r]) => [w, r.corrections]),
  );
  return { items: rows.map(toSummary), total: result.total, ...(Object.keys(corrected).length ? { corrected } : {}) };
}
