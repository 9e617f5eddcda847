// Orders speed on PostgreSQL.
// 1. quote_order with 20 items: p95 of 400 sequential calls (target ≤ 10 ms), and its throughput
//    against get_listing's in the same run, same autocannon settings (target ratio ≥ 30 %).
// 2. create_checkout → paid → fulfilled with the test provider and a separate worker process (as
//    deployed): one order (target ≤ 2 s), then 50 orders at once (target: all fulfilled ≤ 20 s).
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { runAdmin } from '../src/admin/cli.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { findOrder } from '../src/domain/orders/order-repository.js';
import { payWithTestProvider, setBilling } from '../src/domain/orders/payment.js';
import { benchContext, percentile } from './support.js';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const bench = await benchContext('postgres', { SEED_DEMO: '0' });
const ctx = bench.ctx;
await seedDemo(ctx);
const out: string[] = [];
await runAdmin(ctx, ['create-user', '--email', 'buyer@example.com', '--password', 'a long passphrase'], (l) =>
  out.push(l),
);
await runAdmin(ctx, ['create-api-key', '--email', 'buyer@example.com', '--scopes', 'account:read,orders:write'], (l) =>
  out.push(l),
);
const key = out.at(-1)!;
await runAdmin(ctx, ['set-setting', '--key', 'paid_week_capacity', '--value', '1000'], () => {});
const [{ id: userId }] = await ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'buyer@example.com'`);
// 70 unpublished listings of the buyer: 20 for the quote, 50 for the concurrent orders.
const drafts = await ctx.db.query<{ id: number }>(
  `UPDATE listings SET status = 'draft', plan = NULL, launch_week = NULL, launched_at = NULL
    WHERE id IN (SELECT id FROM listings ORDER BY id DESC LIMIT 71) RETURNING id`,
);
for (const d of drafts)
  await ctx.db.query(`INSERT INTO listing_owners (listing_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    d.id,
    userId,
  ]);
const ids = drafts.map((d) => d.id);
// Planner statistics, as autovacuum keeps them on a running server.
await ctx.db.query('ANALYZE');
const slugs = (await ctx.db.query<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY id`)).map(
  (r) => r.slug,
);

const app = await buildApp(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const weeks = ((await (await fetch(`${base}/api/v1/products`)).json()) as { weeks: { week: string }[] }).weeks;
const PRODUCTS = ['launch', 'featured', 'ai_review', 'done_for_you'];
const quoteBody = JSON.stringify({
  items: ids.slice(0, 20).map((id, i) => ({
    product: PRODUCTS[i % 4],
    listing_id: id,
    ...(i % 4 === 0 ? { week: weeks[i % weeks.length].week } : {}),
  })),
  billing_country: 'DE',
});

// 1. quote_order latency and throughput
const quote = async () => {
  const res = await fetch(`${base}/api/v1/orders/quote`, { method: 'POST', headers, body: quoteBody });
  if (res.status !== 200) throw new Error(`quote ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
};
for (let i = 0; i < 50; i++) await quote();
const times: number[] = [];
for (let i = 0; i < 400; i++) {
  const t = performance.now();
  await quote();
  times.push(performance.now() - t);
}
const p95 = percentile(times, 95);

const run = (opts: autocannon.Options) => autocannon({ duration, connections: 10, pipelining: 1, ...opts });
await run({ url: base, duration: 2, requests: slugs.map((s) => ({ path: `/api/v1/listings/${s}` })) });
const listing = await run({ url: base, requests: slugs.map((s) => ({ path: `/api/v1/listings/${s}` })) });
const quoted = await run({ url: `${base}/api/v1/orders/quote`, method: 'POST', headers, body: quoteBody });
const ratio = quoted.requests.average / listing.requests.average;

// 2. checkout → paid → fulfilled with a separate worker
const worker = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'worker'], {
  env: {
    ...process.env,
    DATABASE_URL: bench.server!.url,
    PUBLIC_URL: 'http://127.0.0.1:0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) =>
  worker.stdout!.on('data', (d: Buffer) => {
    if (String(d).includes('worker running')) resolve();
  }),
);

async function buyAndWait(listingId: number): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/orders/checkout`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      items: [
        { product: 'launch', listing_id: listingId },
        { product: 'featured', listing_id: listingId },
      ],
    }),
  });
  const { number } = (await res.json()) as { number: string };
  // What the checkout page does when the buyer saves billing details and presses Pay.
  await setBilling(ctx, (await findOrder(ctx.db, ctx.site.id, number))!, {
    name: 'Bench Buyer',
    address: '1 Main St',
    country: 'US',
    vat_number: null,
  });
  await payWithTestProvider(ctx, (await findOrder(ctx.db, ctx.site.id, number))!);
  for (;;) {
    const o = (await (await fetch(`${base}/api/v1/orders/${number}`, { headers })).json()) as { status: string };
    if (o.status === 'fulfilled') return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const single = await buyAndWait(ids[20]);
const t0 = performance.now();
await Promise.all(ids.slice(21, 71).map((id) => buyAndWait(id)));
const allMs = performance.now() - t0;

console.log(
  JSON.stringify({
    bench: 'orders',
    db: 'postgres',
    quote_20_items: {
      p50_ms: Number(percentile(times, 50).toFixed(2)),
      p95_ms: Number(p95.toFixed(2)),
      target_p95_ms: 10,
      pass: p95 <= 10,
    },
    throughput: {
      get_listing_rps: Math.round(listing.requests.average),
      quote_order_rps: Math.round(quoted.requests.average),
      errors: quoted.errors + quoted.non2xx,
      ratio: Number(ratio.toFixed(3)),
      target: 0.3,
      pass: ratio >= 0.3,
    },
    checkout_to_fulfilled: {
      single_ms: Math.round(single),
      target_ms: 2000,
      pass: single <= 2000,
      concurrent_orders: 50,
      all_fulfilled_ms: Math.round(allMs),
      target_all_ms: 20000,
      pass_all: allMs <= 20000,
    },
  }),
);
worker.kill('SIGTERM');
await app.close();
await bench.close();
process.exit(0);
