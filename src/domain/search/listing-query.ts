import { SUMMARY_COLUMNS, SUMMARY_FROM } from '../listings/listing-summary.js';

/** Tables a filter may read besides listings l, each joined only when some filter needs it. */
const JOINS = { company: 'JOIN companies c ON c.id = l.company_id' } as const;
export type ListingJoin = keyof typeof JOINS;

/**
 * One WHERE condition on listings l. `where` receives the placeholders of `params` ($n, numbered
 * by the query that uses it), in order; `needs` names the tables it reads besides l.
 */
export interface Condition {
  params: unknown[];
  where: (refs: string[]) => string;
  needs?: ListingJoin[];
}

/**
 * How a page is ordered. `orderBy` receives the placeholders of `params` and the text query's
 * tsquery expression, if any (relevance ranks by it); `join` adds what the ordering reads (trending
 * scores). Neither reaches the count, which needs only the conditions.
 */
export interface Ordering {
  params: unknown[];
  orderBy: (refs: string[], tsquery: string | null) => string;
  join?: (refs: string[]) => string;
}

/** What the listings' text must match: words (stemmed by the english configuration) and bigrams (search-text.ts). */
export interface TextQuery {
  /** A to_tsquery('english') expression, or null. */
  words: string | null;
  /** A tsquery of the index's own lexemes, or null. */
  grams: string | null;
  /** How the two combine: & when every word must match, | when any may. */
  joiner: '&' | '|';
}

export interface ListingQuery {
  conditions: Condition[];
  /** The text the listings must match, or null to browse. */
  text: TextQuery | null;
  ordering: Ordering;
  limit: number;
  offset: number;
}

export interface Sql {
  text: string;
  params: unknown[];
}

/**
 * The page and count statements of a listing query. Parameters are numbered in one pass: the
 * conditions', then the text query's, then the ordering's, then limit and offset — so the count
 * takes a prefix of the page's parameters and both number the conditions alike.
 */
export function listingQueries(q: ListingQuery): { page: Sql; count: Sql } {
  const params: unknown[] = [];
  const bind = (values: unknown[]) =>
    values.map((v) => {
      params.push(v);
      return `$${params.length}`;
    });
  const where = q.conditions.map((c) => c.where(bind(c.params)));
  const tsquery = q.text && tsqueryOf(q.text, bind);
  if (tsquery) where.push(`l.search_vector @@ ${tsquery}`);
  const count: Sql = { text: '', params: [...params] };

  // Filters on the company need its row for every candidate; the others read listings alone.
  const needs = new Set(q.conditions.flatMap((c) => c.needs ?? []));
  const joins = (Object.keys(JOINS) as ListingJoin[]).filter((j) => needs.has(j)).map((j) => JOINS[j]);
  const from = `listings l ${joins.join(' ')}`;
  count.text = `SELECT count(*)::int AS n FROM ${from} WHERE ${where.join(' AND ')}`;

  const orderRefs = bind(q.ordering.params);
  const orderJoin = q.ordering.join?.(orderRefs) ?? '';
  const orderBy = q.ordering.orderBy(orderRefs, tsquery);
  const [limitRef, offsetRef] = bind([q.limit, q.offset]);
  // The page's ids are ranked over listings alone; only those few are joined for their summary.
  const page: Sql = {
    text: `SELECT ${SUMMARY_COLUMNS} FROM unnest(ARRAY(
           SELECT l.id FROM ${from} ${orderJoin} WHERE ${where.join(' AND ')}
            ORDER BY ${orderBy} LIMIT ${limitRef} OFFSET ${offsetRef})) WITH ORDINALITY AS page(id, n)
         JOIN ${SUMMARY_FROM} ON l.id = page.id ORDER BY page.n`,
    params,
  };
  return { page, count };
}

/** The tsquery expression of a text query, its values bound as parameters; null when it has neither part. */
function tsqueryOf(t: TextQuery, bind: (values: unknown[]) => string[]): string | null {
  const parts = [
    ...(t.words ? [`to_tsquery('english', ${bind([t.words])[0]})`] : []),
    ...(t.grams ? [`${bind([t.grams])[0]}::tsquery`] : []),
  ];
  if (parts.length < 2) return parts[0] ?? null;
  return `(${parts.join(t.joiner === '&' ? ' && ' : ' || ')})`;
}
