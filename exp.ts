import { seedSynthetic } from './src/seed/synthetic-seed.js';
import { seedDemo } from './src/seed/demo-seed.js';
import { benchContext } from './bench/support.js';
import { searchListings } from './src/domain/search/search-listings.js';
import { correctWords, queryWords, tsQueryText } from './src/domain/search/query-terms.js';
const bench = await benchContext((process.argv[2] ?? 'postgres') as any);
await seedDemo(bench.ctx);
await seedSynthetic(bench.ctx, Number(process.env.N ?? 100000));
const db = bench.ctx.db;
if (db.kind === 'postgres') await db.query('ANALYZE');
const sample = await db.query<{ name: string }>(`SELECT c.name FROM listings l JOIN companies c ON c.id = l.company_id ORDER BY md5(l.slug) LIMIT 8`);
console.log((await db.query(`select count(*) from search_words`))[0]);
for (const { name } of sample) {
  const q = name.slice(0, 2) + name[3] + name[2] + name.slice(4);
  const words = queryWords(q);
  let t = performance.now();
  const corr = await correctWords(db, words);
  const tc = performance.now() - t;
  t = performance.now();
  const r = await searchListings(db, { siteId: bench.ctx.site.id, q, limit: 20, offset: 0, now: new Date() });
  const ts = performance.now() - t;
  console.log(q, JSON.stringify([...corr]), 'correct', tc.toFixed(1), 'search', ts.toFixed(1), 'total', r.total, r.items[0]?.name);
  if (process.env.EXPLAIN) {
    const tsq = tsQueryText(corr, '&');
    const plan = await db.query(`EXPLAIN ANALYZE SELECT l.id, count(*) OVER () FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.site_id = 1 AND l.status = 'live' AND l.search_vector @@ to_tsquery('english', $1) ORDER BY ts_rank(l.search_vector, to_tsquery('english', $1), 1) DESC LIMIT 20`, [tsq]);
    console.log(plan.map((p: any) => p['QUERY PLAN']).join('\n'));
  }
}
await bench.close();
