// search_listings over N synthetic listings (default 100,000): 200 queries, each a listing's name
// with a one-character typo, through the real HTTP API. Targets: p95 ≤ 25 ms on PostgreSQL,
// ≤ 100 ms on PGlite; the intended listing in the top 3 for ≥ 95 % of queries.
import { buildApp } from '../src/app.js';
import { seedSynthetic } from '../src/seed/synthetic-seed.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { benchContext, percentile, typo } from './support.js';

const kind = (process.argv[2] ?? process.env.BENCH_DB ?? 'postgres') as 'postgres' | 'pglite';
const count = Number(process.env.BENCH_LISTINGS ?? 100_000);
const queries = Number(process.env.BENCH_QUERIES ?? 200);
const target = kind === 'postgres' ? 25 : 100;

const bench = await benchContext(kind);
const t0 = Date.now();
await seedDemo(bench.ctx); // a real category tree for the synthetic listings to sit in
await seedSynthetic(bench.ctx, count, (m) => console.error(m));
console.error(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
if (bench.ctx.db.kind === 'postgres') await bench.ctx.db.query('ANALYZE');

// Deterministic sample of listings, each searched with a one-character typo.
const sample = await bench.ctx.db.query<{ slug: string; name: string }>(
  `SELECT l.slug, c.name FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.status = 'live' ORDER BY md5(l.slug) LIMIT $1`,
  [queries],
);
const app = await buildApp(bench.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const base = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';

const run = async (q: string) => {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/listings?q=${encodeURIComponent(q)}&per_page=3`);
  const body = (await res.json()) as { items: { slug: string }[] };
  return { ms: performance.now() - started, slugs: body.items.map((i) => i.slug), status: res.status };
};
for (const s of sample.slice(0, 20)) await run(s.name); // warm-up
const times: number[] = [];
let top3 = 0;
for (const [i, s] of sample.entries()) {
  const [first, ...rest] = s.name.split(' ');
  const q = [typo(first, i), ...rest].join(' ');
  const r = await run(q);
  times.push(r.ms);
  if (r.slugs.includes(s.slug)) top3++;
}
const p95 = percentile(times, 95);
console.log(
  JSON.stringify({
    bench: 'search_typo',
    db: kind,
    listings: count,
    queries: sample.length,
    p50_ms: Number(percentile(times, 50).toFixed(1)),
    p95_ms: Number(p95.toFixed(1)),
    target_p95_ms: target,
    top3_ratio: Number((top3 / sample.length).toFixed(3)),
    pass: p95 <= target && top3 / sample.length >= 0.95,
    rss_mb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
await app.close();
await bench.close();
