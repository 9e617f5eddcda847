// GET /api/v1/listings/{slug} on PostgreSQL (BENCH_DB=pglite for the embedded database) against a
// bare Fastify route returning a constant object in the same run, same settings, the load generator
// in its own process (BENCH_CONNECTIONS connections, default 32). Target: ratio ≥ 0.50.
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { benchContext, cannon, visitEach } from './support.js';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const kind = (process.env.BENCH_DB as 'postgres' | 'pglite') ?? 'postgres';
const bench = await benchContext(kind);
await seedDemo(bench.ctx);
const slugs = (
  await bench.ctx.db.query<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY id`)
).map((r) => r.slug);

const bare = Fastify();
bare.get('/constant', async () => ({
  id: 1,
  slug: 'constant',
  name: 'Constant',
  tagline: 'A constant JSON object',
  votes: 42,
}));
await bare.listen({ port: 0, host: '127.0.0.1' });
const app = await buildApp(bench.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = (a: typeof app) => {
  const x = a.server.address();
  return typeof x === 'object' && x ? `http://127.0.0.1:${x.port}` : '';
};

// Warm both (JIT, the listing cache) before measuring: every listing once, then under load.
for (const s of slugs) await (await fetch(`${addr(app)}/api/v1/listings/${s}`)).arrayBuffer();
const requests = slugs.map((s) => ({ path: `/api/v1/listings/${s}` }));
await cannon(`${addr(bare)}/constant`, { duration: 2, connections });
await visitEach(
  addr(app),
  requests.map((r) => r.path),
);
await cannon(addr(app), { duration: 2, connections, requests });

// Without Accept-Encoding (the target), then as fetch asks (the cached answer's gzip, made once;
// autocannon decodes every body as text, which costs it more for gzip than the fewer bytes save);
// the bare route right before each, since the machine is shared and only neighbouring runs compare.
const measure = async (headers: Record<string, string>) => {
  const baseline = await cannon(`${addr(bare)}/constant`, { duration, connections });
  const r = await cannon(addr(app), { duration, connections, requests, headers });
  const ratio = Number((r.rps / baseline.rps).toFixed(3));
  return {
    baseline_rps: Math.round(baseline.rps),
    get_listing_rps: Math.round(r.rps),
    get_listing_p99_ms: r.p99,
    errors: r.errors + r.non2xx,
    ratio,
    pass: ratio >= 0.5,
    // The server's own CPU per request while the load generator (its own process) runs.
    server_cpu_us_per_request: {
      baseline: Number(baseline.serverCpuUsPerRequest.toFixed(1)),
      get_listing: Number(r.serverCpuUsPerRequest.toFixed(1)),
    },
    server_cost_ratio: Number((baseline.serverCpuUsPerRequest / r.serverCpuUsPerRequest).toFixed(3)),
  };
};
const identity = await measure({});
const gzip = await measure({ 'accept-encoding': 'gzip, deflate' });
console.log(
  JSON.stringify({
    bench: 'get_listing',
    db: kind,
    listings: slugs.length,
    connections,
    ...identity,
    gzip,
    target: 0.5,
  }),
);
await app.close();
await bare.close();
await bench.close();
