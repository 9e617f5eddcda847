// Public pages with N synthetic listings on top of the demo data (BENCH_LISTINGS, default 100,000;
// BENCH_DB=pglite for the embedded database): server-side p95 of home, search, listing, category,
// launch week and leaderboard pages (sequential requests; target ≤ 25 ms each; also reported with
// the list-answer cache off, i.e. every request reading the database), and the throughput of the
// home, week, category and listing pages as signed-out visitors get them, each against a bare
// Fastify route returning a constant object in the same run, the load generator in its own
// process (target ≥ 0.30 each). The bare route is measured before and after the pages; each ratio
// is to the mean of the two.
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { seedSynthetic } from '../src/seed/synthetic-seed.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { benchContext, cannon, percentile } from './support.js';

const count = Number(process.env.BENCH_LISTINGS ?? 100_000);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const kind = (process.env.BENCH_DB as 'postgres' | 'pglite') ?? 'postgres';
const bench = await benchContext(kind);
await seedDemo(bench.ctx);
if (count > 0) await seedSynthetic(bench.ctx, count, (m) => console.error(m));
await bench.ctx.db.query('ANALYZE');
const slugs = (
  await bench.ctx.db.query<{ slug: string }>(
    `SELECT slug FROM listings WHERE status = 'live' ORDER BY md5(slug) LIMIT 500`,
  )
).map((r) => r.slug);
const cats = (await bench.ctx.db.query<{ slug: string }>('SELECT slug FROM categories ORDER BY id')).map((r) => r.slug);

const app = await buildApp(bench.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify();
bare.get('/constant', async () => ({
  id: 1,
  slug: 'constant',
  name: 'Constant',
  tagline: 'A constant JSON object',
  votes: 42,
}));
await bare.listen({ port: 0, host: '127.0.0.1' });
const addr = (a: { server: { address(): unknown } }) =>
  `http://127.0.0.1:${(a.server.address() as { port: number }).port}`;

async function p95(paths: string[], n = 200): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    const t = performance.now();
    const res = await fetch(`${addr(app)}${paths[i % paths.length]}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${paths[i % paths.length]} → ${res.status}`);
    if (i >= 20) times.push(performance.now() - t);
  }
  return Number(percentile(times, 95).toFixed(1));
}

const measurePages = async () => ({
  home: await p95(['/', '/?section=trending', '/?section=today']),
  search: await p95([
    '/search?q=analytics',
    '/search?q=invoicing&sort=votes',
    '/search?category=developer-tools',
    '/search?q=notse',
  ]),
  listing: await p95(slugs.map((s) => `/p/${s}`)),
  category: await p95(cats.map((c) => `/categories/${c}`)),
  week: await p95(['/launches/weeks/this']),
  leaderboards: await p95(['/leaderboards']),
});
// Every request reads the database (READ_CACHE_SECONDS=0), then as deployed (list answers reused for 5 s).
const config = bench.ctx.config;
bench.ctx.config = { ...config, readCacheSeconds: 0 };
const uncached = await measurePages();
bench.ctx.config = config;
const pages = await measurePages();

const loads = {
  home: [{ path: '/' }],
  week: [{ path: '/launches/weeks/this' }],
  category: cats.map((c) => ({ path: `/categories/${c}` })),
  listing: slugs.map((s) => ({ path: `/p/${s}` })),
};
// Warm both (JIT, caches) before measuring.
await cannon(`${addr(bare)}/constant`, { duration: 2, connections });
for (const requests of Object.values(loads)) await cannon(addr(app), { duration: 2, connections, requests });
const before = await cannon(`${addr(bare)}/constant`, { duration, connections });
const measured: Record<string, Awaited<ReturnType<typeof cannon>>> = {};
for (const [name, requests] of Object.entries(loads))
  measured[name] = await cannon(addr(app), { duration, connections, requests });
const after = await cannon(`${addr(bare)}/constant`, { duration, connections });
const baseline = (before.rps + after.rps) / 2;
const throughput = Object.fromEntries(
  Object.entries(measured).map(([name, r]) => {
    const ratio = Number((r.rps / baseline).toFixed(3));
    return [name, { rps: Math.round(r.rps), errors: r.errors + r.non2xx, ratio, pass: ratio >= 0.3 }];
  }),
);
console.log(
  JSON.stringify({
    bench: 'pages',
    db: kind,
    listings: count,
    connections,
    p95_ms: pages,
    target_p95_ms: 25,
    p95_pass: Object.values(pages).every((v) => v <= 25),
    p95_ms_uncached: uncached,
    baseline_rps: { before: Math.round(before.rps), after: Math.round(after.rps) },
    throughput,
    target_ratio: 0.3,
  }),
);
await app.close();
await bare.close();
await bench.close();
process.exit(0);
