import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Queryable } from '../../../src/db/client.js';
import { LISTING_SORTS, searchListings, type SearchParams } from '../../../src/domain/search/search-listings.js';

// The statements search sends, recorded without a database: the shapes the million-listing
// indexes rely on are pinned here, and parameter numbering is checked for every combination.
const FILTERS = { category: 'dev-tools', stage: 'seed', country: 'de', pricing_model: 'Freemium', domain: 'foo.com' };
type Filter = keyof typeof FILTERS;
const COMPANY_FILTERS: Filter[] = ['stage', 'country', 'pricing_model', 'domain'];

interface Sent {
  sql: string;
  params: unknown[];
}

async function sent(p: Partial<SearchParams>): Promise<{ page: Sent[]; count: Sent[] }> {
  const log: Sent[] = [];
  const db: Queryable = {
    changed() {},
    async query<T>(sql: string, params: unknown[] = []) {
      log.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
      if (sql.includes('WITH RECURSIVE tree')) return [{ id: 4 }, { id: 9 }] as T[];
      // No match for every word, so a two-word query also sends its any-word fallback.
      if (sql.includes('count(*)')) return [{ n: 0 }] as T[];
      return [];
    },
  };
  await searchListings(db, { siteId: 1, limit: 20, offset: 0, now: new Date('2026-01-05T00:00:00Z'), ...p });
  return {
    page: log.filter((s) => s.sql.includes('WITH ORDINALITY')),
    count: log.filter((s) => s.sql.startsWith('SELECT count(*)')),
  };
}

/** The ranked inner select of a page statement: the part the indexes serve. */
const inner = (page: string) => page.match(/unnest\(ARRAY\( (.*)\)\) WITH ORDINALITY/)![1];
const placeholders = (sql: string) => new Set([...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));

test('browsing by votes ranks live listings of the site alone, by their votes', async () => {
  const { page, count } = await sent({});
  assert.equal(
    inner(page[0].sql),
    `SELECT l.id FROM listings l WHERE l.site_id = $1 AND l.status = 'live' ORDER BY l.votes_count DESC, l.id LIMIT $2 OFFSET $3`,
  );
  assert.deepEqual(page[0].params, [1, 20, 0]);
  assert.equal(count[0].sql, `SELECT count(*)::int AS n FROM listings l WHERE l.site_id = $1 AND l.status = 'live'`);
  assert.deepEqual(count[0].params, [1]);
});

test('a text search ranks matches by full-text rank and a name probe, after the filters', async () => {
  const { page, count } = await sent({ q: 'ledger', stage: 'seed' });
  assert.equal(
    inner(page[0].sql),
    `SELECT l.id FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.site_id = $1 AND l.status = 'live' AND lower(c.stage) = $2 AND l.search_vector @@ to_tsquery('english', $3) ORDER BY ts_rank(l.search_vector, to_tsquery('english', $3), 1) + 2 * (SELECT similarity(lower(unaccent(cn.name)), $4) FROM companies cn WHERE cn.id = l.company_id) DESC, l.votes_count DESC, l.id LIMIT $5 OFFSET $6`,
  );
  assert.deepEqual(page[0].params, [1, 'seed', '(ledger)', 'ledger', 20, 0]);
  assert.deepEqual(count[0].params, [1, 'seed', '(ledger)']);
});

test('words of unspaced scripts are matched as a tsquery of the index’s own lexemes, beside the english words', async () => {
  const { page, count } = await sent({ q: 'notes 笔记' });
  assert.match(
    inner(page[0].sql),
    /AND l\.search_vector @@ \(to_tsquery\('english', \$2\) && \$3::tsquery\) ORDER BY ts_rank\(l\.search_vector, \(to_tsquery\('english', \$2\) && \$3::tsquery\), 1\)/,
  );
  assert.deepEqual(page[0].params.slice(0, 3), [1, '(notes)', "('笔记')"]);
  // No listing has both: the fallback takes either.
  assert.match(inner(page[1].sql), /@@ \(to_tsquery\('english', \$2\) \|\| \$3::tsquery\)/);
  assert.match(count[0].sql, /@@ \(to_tsquery\('english', \$2\) && \$3::tsquery\)$/);
});

test('a query in an unspaced script alone needs no english tsquery', async () => {
  const { page } = await sent({ q: '画面共有' });
  assert.match(
    inner(page[0].sql),
    /AND l\.search_vector @@ \$2::tsquery ORDER BY ts_rank\(l\.search_vector, \$2::tsquery, 1\)/,
  );
  assert.deepEqual(page[0].params.slice(0, 2), [1, "('画面') & ('共有')"]);
});

test('trending joins the scores for the page only, never for the count', async () => {
  const { page, count } = await sent({ sort: 'trending', category: 'dev-tools' });
  assert.match(
    inner(page[0].sql),
    /^SELECT l\.id FROM listings l LEFT JOIN \(SELECT v\.listing_id, .*\$3::timestamptz.*\) tr ON tr\.listing_id = l\.id WHERE l\.site_id = \$1 AND l\.status = 'live' AND \(l\.primary_category_id = ANY\(\$2::int\[\]\) OR EXISTS .*\) ORDER BY coalesce\(tr\.score, 0\) DESC, l\.votes_count DESC, l\.id LIMIT \$4 OFFSET \$5$/,
  );
  assert.deepEqual(page[0].params, [1, [4, 9], '2026-01-05T00:00:00.000Z', 20, 0]);
  assert.doesNotMatch(count[0].sql, /tr\.|votes v/);
});

test('every sort, query and filter combination numbers its parameters right and joins companies only when filtered on them', async () => {
  const names = Object.keys(FILTERS) as Filter[];
  for (const sort of [undefined, ...LISTING_SORTS])
    for (const q of [undefined, 'ledger', 'cafe notebooks', 'cafe 笔记'])
      for (let mask = 0; mask < 1 << names.length; mask++) {
        const chosen = names.filter((_, i) => mask & (1 << i));
        const label = `sort=${sort} q=${q} filters=${chosen.join(',')}`;
        const { page, count } = await sent({ sort, q, ...Object.fromEntries(chosen.map((f) => [f, FILTERS[f]])) });
        assert.equal(page.length, q?.includes(' ') ? 2 : 1, label);
        const joinsCompanies = chosen.some((f) => COMPANY_FILTERS.includes(f));
        for (const [i, s] of page.entries()) {
          const used = placeholders(s.sql);
          assert.deepEqual(
            [...used].sort((a, b) => a - b),
            s.params.map((_, j) => j + 1),
            label,
          );
          assert.equal(s.params.at(-2), 20, label);
          assert.equal(s.params.at(-1), 0, label);
          assert.equal(inner(s.sql).includes('JOIN companies c ON'), joinsCompanies, label);
          assert.equal(inner(s.sql).includes(') tr ON'), (sort ?? (q ? 'relevance' : 'votes')) === 'trending', label);
          // The count is the page's filters alone: a prefix of its parameters, numbered alike.
          const c = count[i];
          assert.deepEqual(c.params, s.params.slice(0, c.params.length), label);
          assert.deepEqual(
            [...placeholders(c.sql)].sort((a, b) => a - b),
            c.params.map((_, j) => j + 1),
            label,
          );
          assert.ok(inner(s.sql).includes(c.sql.slice(c.sql.indexOf(' WHERE '))), label);
          assert.equal(c.sql.includes('JOIN companies c ON'), joinsCompanies, label);
        }
      }
});
