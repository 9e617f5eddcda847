// Public pages with N synthetic listings on top of the demo data (BENCH_LISTINGS, default 100,000;
// BENCH_DB=pglite for the embedded database): server-side p95 of home, search, listing, category,
// launch week, leaderboard, sign-in and sign-up pages (sequential requests; target ≤ 25 ms each;
// also reported with the list-answer cache off, i.e. every request reading the database), and the
// throughput of the home, week, category and listing pages as signed-out visitors get them,
// without Accept-Encoding and as a browser asks (Accept-Encoding: gzip, deflate, br: the kept
// Brotli bytes), each against a bare Fastify route returning a constant object measured right
// before it, the load generator in its own process (BENCH_CONNECTIONS connections, default 32;
// target ≥ 0.30 each). autocannon appends every body to a string (`req.body += data`), which for
// compressed bytes costs the load generator more than the smaller body saves: the compressed
// figures understate the server.
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

const round1 = (v: number) => Number(v.toFixed(1));

const measurePages = async () => ({
  home: await p95(['/', '/launches?section=trending', '/launches?section=today']),
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
  // Every method on one page, as a signed-out voter reaches it (a new CSRF secret each time: no cookie).
  signin: await p95(['/signin', `/signin?next=${encodeURIComponent(`/p/${slugs[0]}`)}`]),
  signup: await p95(['/signup', `/signup?next=${encodeURIComponent(`/p/${slugs[0]}`)}`]),
});
// Every request reads the database (READ_CACHE_SECONDS=0), then as deployed (list answers reused for 5 s).
const config = bench.ctx.config;
bench.ctx.config = { ...config, readCacheSeconds: 0 };
const uncached = await measurePages();
bench.ctx.config = config;
const pages = await measurePages();

// As a browser asks (the kept copies' Brotli bytes) and without Accept-Encoding.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const loads = {
  home: ['/'],
  week: ['/launches/weeks/this'],
  category: cats.map((c) => `/categories/${c}`),
  listing: slugs.map((s) => `/p/${s}`),
};
await cannon(`${addr(bare)}/constant`, { duration: 2, connections });
const throughput: Record<string, object> = {};
for (const [name, paths] of Object.entries(loads)) {
  for (const [variant, headers] of [
    ['browser', BROWSER],
    ['identity', {}],
  ] as const) {
    const requests = paths.map((path) => ({ path }));
    // Steady state, as under continuous traffic: every address once (caches idle since the last
    // phase reload before answering), then the load generator for a moment.
    for (const path of paths) await (await fetch(`${addr(app)}${path}`, { headers })).arrayBuffer();
    await cannon(addr(app), { duration: 2, connections, requests, headers });
    // The bare route right before each: the machine is shared, so only neighbouring runs compare.
    const baseline = await cannon(`${addr(bare)}/constant`, { duration, connections });
    const r = await cannon(addr(app), { duration, connections, requests, headers });
    const ratio = Number((r.rps / baseline.rps).toFixed(3));
    throughput[`${name}_${variant}`] = {
      baseline_rps: Math.round(baseline.rps),
      rps: Math.round(r.rps),
      errors: r.errors + r.non2xx,
      ratio,
      pass: ratio >= 0.3,
      // The server's own CPU per request (this process, while the load generator runs in its own): what
      // the page costs, whatever the load generator's share of the machine.
      server_cpu_us_per_request: {
        baseline: round1(baseline.serverCpuUsPerRequest),
        page: round1(r.serverCpuUsPerRequest),
      },
      server_cost_ratio: Number((baseline.serverCpuUsPerRequest / r.serverCpuUsPerRequest).toFixed(3)),
    };
  }
}
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
    throughput,
    target_ratio: 0.3,
  }),
);
await app.close();
await bare.close();
await bench.close();
process.exit(0);
