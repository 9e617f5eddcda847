// An authenticated read (API key) against the same read made anonymously, same process and
// autocannon settings, on PostgreSQL. Target: the authenticated one loses ≤ 15 % throughput.
import { buildApp } from '../src/app.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { runAdmin } from '../src/admin/cli.js';
import { benchContext, cannon } from './support.js';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const kind = (process.env.BENCH_DB as 'postgres' | 'pglite') ?? 'postgres';
const bench = await benchContext(kind);
await seedDemo(bench.ctx);
await runAdmin(bench.ctx, ['create-user', '--email', 'bench@example.com', '--password', 'a long passphrase'], () => {});
let key = '';
await runAdmin(bench.ctx, ['create-api-key', '--email', 'bench@example.com', '--scopes', 'account:read'], (l) => {
  key = l;
});
const slugs = (
  await bench.ctx.db.query<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY id`)
).map((r) => r.slug);
const app = await buildApp(bench.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const a = app.server.address();
const base = typeof a === 'object' && a ? `http://127.0.0.1:${a.port}` : '';
const requests = (headers: Record<string, string>) => slugs.map((s) => ({ path: `/api/v1/listings/${s}`, headers }));

await cannon(base, { duration: 2, requests: requests({}) });
await cannon(base, { duration: 2, requests: requests({ authorization: `Bearer ${key}` }) });
// Alternate the two a few times so drift on a shared machine hits both alike.
const anon: number[] = [];
const authed: number[] = [];
for (let i = 0; i < 3; i++) {
  anon.push((await cannon(base, { duration: duration / 3, requests: requests({}) })).rps);
  authed.push(
    (await cannon(base, { duration: duration / 3, requests: requests({ authorization: `Bearer ${key}` }) })).rps,
  );
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const cost = 1 - mean(authed) / mean(anon);
console.log(
  JSON.stringify({
    bench: 'api_key_auth_cost',
    db: kind,
    anonymous_rps: Math.round(mean(anon)),
    api_key_rps: Math.round(mean(authed)),
    cost: Number(cost.toFixed(3)),
    target_max_cost: 0.15,
    pass: cost <= 0.15,
  }),
);
await app.close();
await bench.close();
