import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../errors/app-error.js';
import { toSummary, type ListingSummary, type SummaryRow } from '../listings/listing-summary.js';
import { listingQueries, type Condition, type Ordering, type TextQuery } from './listing-query.js';
import { gramQueryText, readWords, tsQueryText } from './query-terms.js';
import { queryTerms } from './search-text.js';
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
/** Trending score per listing: its votes of the last 30 days, each halving in weight every two days (in float8: numeric
 *  powers cost 15 µs a vote). */
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

/** What an ordering may read: the clock (trending) and the typed words as a name (relevance). */
interface SortContext {
  now: Date;
  nameProbe: string;
}
const fixed = (orderBy: string) => (): Ordering => ({ params: [], orderBy: () => orderBy });

/**
 * Each sort's ordering, for a browse (no text query) and for a text search. Only relevance tells
 * them apart: it ranks text matches and falls back to votes when there is nothing to rank.
 */
const SORT_ORDERINGS: { [S in ListingSort]: Record<'browse' | 'text', (c: SortContext) => Ordering> } = {
  relevance: {
    browse: fixed(ORDER_BY.votes),
    // Full-text rank plus a bonus when the name itself is what was typed (or nearly). The name
    // is read by id for each match: thousands of probes cost less than scanning every company.
    text: ({ nameProbe }) => ({
      params: [nameProbe],
      orderBy: ([probe], tsquery) =>
        `ts_rank(l.search_vector, ${tsquery}, 1) + 2 * (SELECT similarity(lower(unaccent(cn.name)), ${probe}) FROM companies cn WHERE cn.id = l.company_id) DESC, l.votes_count DESC, l.id`,
    }),
  },
  newest: { browse: fixed(ORDER_BY.newest), text: fixed(ORDER_BY.newest) },
  votes: { browse: fixed(ORDER_BY.votes), text: fixed(ORDER_BY.votes) },
  trending: { browse: trendingOrdering, text: trendingOrdering },
  most_viewed: { browse: fixed(ORDER_BY.most_viewed), text: fixed(ORDER_BY.most_viewed) },
  most_followed: { browse: fixed(ORDER_BY.most_followed), text: fixed(ORDER_BY.most_followed) },
};

function trendingOrdering({ now }: SortContext): Ordering {
  return { params: [now.toISOString()], join: ([nowRef]) => TRENDING_JOIN(nowRef), orderBy: () => ORDER_BY.trending };
}

/** The search's filters as conditions on listings l (and, for company facts, companies c). */
async function filterConditions(db: Queryable, p: SearchParams): Promise<Condition[]> {
  const conditions: Condition[] = [
    { params: [p.siteId], where: ([site]) => `l.site_id = ${site}` },
    { params: [], where: () => (p.status === 'upcoming' ? `l.status = 'scheduled'` : `l.status = 'live'`) },
  ];
  if (p.category) {
    const ids = await categoryAndDescendantIds(db, p.siteId, p.category);
    if (!ids)
      throw badRequest(`category: there is no category "${p.category}"; list_categories shows them all.`, [
        { path: 'category', message: `unknown category "${p.category}"` },
      ]);
    conditions.push({
      params: [ids],
      where: ([ref]) =>
        `(l.primary_category_id = ANY(${ref}::int[]) OR EXISTS (SELECT 1 FROM listing_extra_categories e WHERE e.listing_id = l.id AND e.category_id = ANY(${ref}::int[])))`,
    });
  }
  // Stages are stored as the site or the founder wrote them ("Beta"); the filter is a lowercase slug.
  if (p.stage) conditions.push({ params: [p.stage], where: ([ref]) => `lower(c.stage) = ${ref}`, needs: ['company'] });
  if (p.country)
    conditions.push({ params: [p.country.toUpperCase()], where: ([ref]) => `c.country = ${ref}`, needs: ['company'] });
  if (p.pricing_model)
    conditions.push({
      params: [p.pricing_model.toLowerCase()],
      where: ([ref]) => `lower(c.pricing_model) = ${ref}`,
      needs: ['company'],
    });
  if (p.domain)
    conditions.push({
      params: [normaliseDomain(p.domain)],
      where: ([ref]) => `(c.domain = ${ref} OR c.domain LIKE '%.' || ${ref})`,
      needs: ['company'],
    });
  return conditions;
}

export async function searchListings(
  db: Queryable,
  p: SearchParams,
): Promise<{ items: ListingSummary[]; total: number; corrected?: Record<string, string[]> }> {
  const conditions = await filterConditions(db, p);
  const { words, grams } = queryTerms(p.q ?? '');
  const terms = words.length + grams.length;
  const sort: ListingSort = p.sort ?? (terms ? 'relevance' : 'votes');

  const run = async (text: TextQuery | null, nameProbe = ''): Promise<{ rows: SummaryRow[]; total: number }> => {
    const ordering = SORT_ORDERINGS[sort][text ? 'text' : 'browse']({ now: p.now, nameProbe });
    const { page, count } = listingQueries({ conditions, text, ordering, limit: p.limit, offset: p.offset });
    const [r, t] = await Promise.all([
      db.query<SummaryRow>(page.text, page.params),
      db.query<{ n: number }>(count.text, count.params),
    ]);
    return { rows: r, total: t[0].n };
  };

  if (terms === 0) {
    const { rows, total } = await run(null);
    return { items: rows.map(toSummary), total };
  }
  const readings = await readWords(db, words);
  const nameProbe = words.map((w) => readings.get(w)?.corrections[0] ?? w).join(' ');
  const text = (joiner: '&' | '|'): TextQuery => ({
    words: words.length ? tsQueryText(readings, joiner) : null,
    grams: grams.length ? gramQueryText(grams, joiner) : null,
    joiner,
  });
  let result = await run(text('&'), nameProbe);
  // Nothing has every word: fall back to any word, ranked, rather than an empty page.
  if (result.total === 0 && terms > 1 && p.offset === 0) result = await run(text('|'), nameProbe);
  const rows = result.rows;
  const corrected = Object.fromEntries(
    [...readings].filter(([, r]) => r.corrections.length > 0).map(([w, r]) => [w, r.corrections]),
  );
  return { items: rows.map(toSummary), total: result.total, ...(Object.keys(corrected).length ? { corrected } : {}) };
}
