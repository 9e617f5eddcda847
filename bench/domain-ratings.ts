// Domain Rating refresh and board. (1) 10,000 live domains refreshed from a fake Open PageRank
// on loopback by three workers at once: every domain requested exactly once, never more requests
// in a minute than DOMAIN_RATING_REQUESTS_PER_MINUTE, and the time against the limit's minimum.
// (2) The domain-rating board query's p95 over those companies with 24 monthly readings each.
// BENCH_DOMAINS changes the count (the board target is 100,000 listings).
import { performance } from 'node:perf_hooks';
import { benchContext, percentile } from './support.js';
import { startFakeRatings, type FakeAnswer } from '../test/support/fake-domain-ratings.js';
import { openPageRankProvider } from '../src/domain/domain-ratings/open-page-rank.js';
import { refreshDomainRatings } from '../src/domain/domain-ratings/refresh.js';
import { leaderboard } from '../src/domain/leaderboards/leaderboards.js';

const kind = (process.env.BENCH_DB as 'postgres' | 'pglite') ?? 'postgres';
const n = Number(process.env.BENCH_DOMAINS ?? 10_000);
const perMinute = Number(process.env.BENCH_REQUESTS_PER_MINUTE ?? 1_200);
const bench = await benchContext(kind);
const { db, site } = bench.ctx;

await db.query(
  `INSERT INTO companies (name, domain, website_url) SELECT 'Bench ' || i, 'bench' || i || '.example', 'https://bench' || i || '.example' FROM generate_series(1, $1) i`,
  [n],
);
await db.query(
  `INSERT INTO listings (site_id, company_id, slug, status, headline, seo_title, seo_description)
  SELECT $1, c.id, 'bench-' || c.id, 'live', c.name, c.name, c.name FROM companies c WHERE c.domain LIKE 'bench%'`,
  [site.id],
);
const answers = new Map<string, FakeAnswer>(
  Array.from({ length: n }, (_, i) => [`bench${i + 1}.example`, (i % 100) / 10]),
);
const fake = await startFakeRatings(answers);
const provider = openPageRankProvider({ apiKey: 'bench', baseUrl: fake.url });

const started = performance.now();
const runs = await Promise.all(
  [0, 1, 2].map(() =>
    refreshDomainRatings(db, provider, { refreshDays: 30, requestsPerMinute: perMinute, now: () => new Date() }),
  ),
);
const seconds = (performance.now() - started) / 1000;
const asked = fake.requests.flatMap((r) => r.domains);
const minimumSeconds = ((Math.ceil(n / 100) - 1) * 60) / perMinute;
const stored = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_ratings`))[0].n;
console.log(
  JSON.stringify({
    bench: 'domain_rating_refresh',
    db: kind,
    domains: n,
    requests: fake.requests.length,
    requests_per_minute_limit: perMinute,
    seconds: Number(seconds.toFixed(2)),
    minimum_seconds_at_limit: Number(minimumSeconds.toFixed(2)),
    domains_requested_twice: asked.length - new Set(asked).size,
    readings_stored: stored,
    stopped_by: runs.map((r) => r.stoppedBy),
    pass: asked.length === n && new Set(asked).size === n && stored === n && seconds >= minimumSeconds * 0.9,
  }),
);
await fake.close();

// 24 monthly readings per company.
await db.query(`INSERT INTO domain_ratings (company_id, provider, scale, rating, measured_on)
  SELECT c.id, 'ahrefs', 100, (c.id * 7 + m) % 100, (date '2026-11-01' - make_interval(months => m))::date
    FROM companies c CROSS JOIN generate_series(1, 24) m WHERE c.domain LIKE 'bench%'`);
// The bulk history load rewrote each company's domain_rating_latest row 24 times in a second;
// autovacuum clears those dead rows in a live database (a reading a month is no such churn).
await db.query(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
const times: number[] = [];
for (let i = 0; i < 60; i++) {
  const t = performance.now();
  await leaderboard(db, site.id, 'domain-rating', null, 20, (i % 5) * 20);
  times.push(performance.now() - t);
}
const p95 = percentile(times.slice(10), 95);
console.log(
  JSON.stringify({
    bench: 'domain_rating_board',
    db: kind,
    companies: n,
    readings: n * 25,
    p95_ms: Number(p95.toFixed(2)),
    target_p95_ms: 10,
    pass: p95 <= 10,
  }),
);
await bench.close();
