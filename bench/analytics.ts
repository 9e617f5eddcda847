// The cost of counting analytics on the hot path: the signed-out listing page (/p/{slug}) and
// get_listing (GET /api/v1/listings/{slug}) with analytics on and off (ANALYTICS=off) in the same
// run, the load generator in its own process (BENCH_CONNECTIONS connections, default 32). Each
// request comes from another visitor (X-Forwarded-For, TRUST_PROXY=1) with a browser's User-Agent
// and another site's Referer, so every view is counted, none filtered as a repeat; the counts are
// flushed every 5 s instead of every minute, so flushes fall inside each measurement. Phases
// alternate off, on, off, on… (BENCH_ROUNDS, default 2) since the machine is shared and drifts.
// Target: on within 10 % of off (ratio ≥ 0.90); cpu_ratio is off's server CPU per request over on's. BENCH_LISTINGS synthetic listings on top of the demo
// data (default 0); BENCH_DB=pglite for the embedded database.
import { buildApp } from '../src/app.js';
import { ListingAnalytics } from '../src/domain/analytics/analytics-counter.js';
import { siteHost } from '../src/domain/analytics/referrer-host.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { seedSynthetic } from '../src/seed/synthetic-seed.js';
import { benchContext, cannon } from './support.js';

const count = Number(process.env.BENCH_LISTINGS ?? 0);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const kind = (process.env.BENCH_DB as 'postgres' | 'pglite') ?? 'postgres';
const bench = await benchContext(kind, { TRUST_PROXY: '1' });
const { ctx } = bench;
await seedDemo(ctx);
if (count > 0) await seedSynthetic(ctx, count, (m) => console.error(m));
await ctx.db.query('ANALYZE');
const slugs = (
  await ctx.db.query<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY md5(slug) LIMIT 500`)
).map((r) => r.slug);

// The same counter as ANALYTICS=on/off builds (context.ts), swapped between phases: the routes read ctx.analytics per request.
const counter = (enabled: boolean) =>
  new ListingAnalytics(ctx.db, {
    enabled,
    ownHost: () => siteHost(ctx.config.publicUrl),
    now: ctx.now,
    intervalMs: 5_000,
  });
const on = counter(true);
const off = counter(false);
on.start();

const app = await buildApp(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
// Every connection walks the same list from its start, so a visitor per entry would repeat at once:
// each request gets a new visitor instead (a UUID where the address goes, which the counter keys on
// like any address), the worst case for the counter (every request counted, the repeat window
// growing by one entry a request).
const surfaces = {
  listing_page: slugs.map((s) => ({ path: `/p/${s}` })),
  get_listing: slugs.map((s) => ({ path: `/api/v1/listings/${s}` })),
};
const headers = { 'user-agent': BROWSER_UA, 'x-forwarded-for': '[<id>]', referer: 'https://news.example.com/' };

// Warm: every address once, then a moment under load, for each surface.
for (const requests of Object.values(surfaces)) {
  for (const { path } of requests) await (await fetch(`${base}${path}`)).arrayBuffer();
  await cannon(base, { duration: 2, connections, requests, headers, idReplacement: true });
}

const results: Record<string, object> = {};
const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
let listingPageOnRps: number[] = [];
for (const [name, requests] of Object.entries(surfaces)) {
  const r = {
    off_rps: [] as number[],
    on_rps: [] as number[],
    off_cpu_us: [] as number[],
    on_cpu_us: [] as number[],
    errors: 0,
  };
  for (let round = 0; round < rounds; round++) {
    for (const [phase, analytics] of [
      ['off', off],
      ['on', on],
    ] as const) {
      ctx.analytics = analytics;
      const x = await cannon(base, { duration, connections, requests, headers, idReplacement: true });
      (phase === 'off' ? r.off_rps : r.on_rps).push(Math.round(x.rps));
      // The server's CPU per request (this process, while the load runs): steadier than rps on a shared machine.
      (phase === 'off' ? r.off_cpu_us : r.on_cpu_us).push(Math.round(x.serverCpuUsPerRequest));
      r.errors += x.errors + x.non2xx;
    }
  }
  const ratio = Number((sum(r.on_rps) / sum(r.off_rps)).toFixed(3));
  const cpuRatio = Number((sum(r.off_cpu_us) / sum(r.on_cpu_us)).toFixed(3));
  if (name === 'listing_page') listingPageOnRps = r.on_rps;
  results[name] = { ...r, ratio, cpu_ratio: cpuRatio, pass: ratio >= 0.9 };
}
await on.stop();
const [counted] = await ctx.db.query<{ views: number; clicks: number }>(
  'SELECT coalesce(sum(views), 0)::int AS views, coalesce(sum(clicks), 0)::int AS clicks FROM listing_daily_stats',
);
console.log(
  JSON.stringify({
    bench: 'analytics',
    db: kind,
    listings: slugs.length,
    connections,
    seconds_per_phase: duration,
    rounds,
    ...results,
    // Every listing-page request of the "on" phases should be here (none is a repeat or a bot).
    views_counted: counted.views,
    listing_page_requests_on: sum(listingPageOnRps) * duration,
    target_ratio: 0.9,
  }),
);
await app.close();
await bench.close();
process.exit(0);
