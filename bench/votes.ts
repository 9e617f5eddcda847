// Voting on PostgreSQL (issue 14). Two measures, same process:
// 1. Throughput of a signed-in vote (POST /p/:slug/vote then /unvote, JSON answers, CSRF token in
//    its header) against get_listing over the API, same autocannon settings. Target ≥ 0.25.
// 2. 1,000 people voting for one listing at once, each sending their vote twice: every vote
//    counted, none twice (votes_count and the votes table both grow by exactly 1,000).
import { buildApp } from '../src/app.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { createSession } from '../src/domain/accounts/sessions.js';
import { setSetting } from '../src/domain/site/site-repository.js';
import { SESSION_COOKIE } from '../src/site/session.js';
import { benchContext, cannon } from './support.js';
import autocannon from 'autocannon';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
const crowd = Number(process.env.BENCH_VOTERS ?? 1000);
const bench = await benchContext('postgres');
const { ctx } = bench;
await seedDemo(ctx);
// The limits are for people; the bench is many people on one address.
await setSetting(ctx.db, ctx.site.id, 'votes_per_minute_per_account', 10_000);
await setSetting(ctx.db, ctx.site.id, 'votes_per_minute_per_address', 100_000);
const slugs = (await ctx.db.query<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY id`)).map(
  (r) => r.slug,
);
const app = await buildApp(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** A confirmed account signed in, with the cookies and CSRF token its browser would hold. */
async function voter(i: number): Promise<Record<string, string>> {
  const [{ id }] = await ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, email_verified_at, created_at) VALUES ($1, now(), now() - interval '30 days') RETURNING id`,
    [`bench-voter-${i}-${Date.now()}@bench.invalid`],
  );
  const session = await createSession(ctx.db, id, ctx.now());
  const page = await fetch(`${base}/p/${slugs[0]}`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } });
  const html = await page.text();
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  const csrfCookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('_csrf='));
  if (!token || !csrfCookie) throw new Error('no CSRF token on the listing page');
  return {
    cookie: `${SESSION_COOKIE}=${session}; ${csrfCookie}`,
    'x-csrf-token': token,
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  };
}

// 1. Throughput.
const voters = await Promise.all(Array.from({ length: connections }, (_, i) => voter(i)));
const readPaths = slugs.map((s) => ({ path: `/api/v1/listings/${s}` }));
async function votesRun(seconds: number) {
  let next = 0;
  const r = await autocannon({
    url: base,
    duration: seconds,
    connections,
    pipelining: 1,
    // Each connection is one person voting for, then taking back, a vote on its own listing.
    setupClient: (client: { setRequests(r: object[]): void }) => {
      const i = next++ % connections;
      const headers = voters[i];
      const slug = slugs[i % slugs.length];
      client.setRequests([
        { method: 'POST', path: `/p/${slug}/vote`, headers, body: '' },
        { method: 'POST', path: `/p/${slug}/unvote`, headers, body: '' },
      ]);
    },
  } as autocannon.Options);
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}
await cannon(base, { duration: 2, requests: readPaths, connections });
await votesRun(2);
const reads = await cannon(base, { duration, requests: readPaths, connections });
const writes = await votesRun(duration);
const ratio = writes.rps / reads.rps;

// 2. A crowd voting for one listing at once, each twice.
const target = slugs[1];
const count = async () =>
  (
    await ctx.db.query<{ n: number; rows: number }>(
      `SELECT l.votes_count AS n, (SELECT count(*)::int FROM votes v WHERE v.listing_id = l.id) AS rows FROM listings l WHERE l.slug = $1`,
      [target],
    )
  )[0];
const people: Record<string, string>[] = [];
for (let i = 0; i < crowd; i += 50)
  people.push(...(await Promise.all(Array.from({ length: Math.min(50, crowd - i) }, (_, j) => voter(1000 + i + j)))));
const before = await count();
const t = performance.now();
const answers = await Promise.all(
  [...people, ...people].map((headers) =>
    fetch(`${base}/p/${target}/vote`, { method: 'POST', headers, body: '' }).then((r) => r.status),
  ),
);
const crowdMs = performance.now() - t;
const after = await count();
const failed = answers.filter((s) => s !== 200).length;

console.log(
  JSON.stringify({
    bench: 'votes',
    db: 'postgres',
    connections,
    get_listing_rps: Math.round(reads.rps),
    vote_rps: Math.round(writes.rps),
    vote_p99_ms: writes.p99,
    vote_errors: writes.errors + writes.non2xx,
    ratio: Number(ratio.toFixed(3)),
    target: 0.25,
    pass_ratio: ratio >= 0.25,
    crowd: {
      voters: crowd,
      requests: answers.length,
      non_200: failed,
      ms: Math.round(crowdMs),
      counted: after.n - before.n,
      stored: after.rows - before.rows,
      pass: after.n - before.n === crowd && after.rows - before.rows === crowd && failed === 0,
    },
  }),
);
await app.close();
await bench.close();
