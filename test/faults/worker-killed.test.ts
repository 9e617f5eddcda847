import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { createAppContext } from '../../src/context.js';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/app-context.js';
import { DRAFT_JOB } from '../../src/domain/drafts/process-draft.js';
import { fulfilJobKind } from '../../src/domain/orders/fulfil-order.js';
import { loadOrderSettings } from '../../src/domain/orders/order-settings.js';
import { openTestDatabase } from '../support/databases.js';
import type { TestEnv } from '../support/app.js';
import { founder } from '../support/draft-client.js';
import { ownedListing } from '../support/orders.js';
import { FormClient } from '../support/form-client.js';
import { TEST_PASSWORD } from '../support/credentials.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { checkoutEvent, signedStripeEvent, startFakeStripe } from '../support/fake-stripe.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

/**
 * Issue 16, faults: a worker process killed with SIGKILL in the middle of a job. Workers run as
 * production runs them (`src/main.ts worker`, own processes) on one PostgreSQL; the site, API and
 * webhook run in this process. PostgreSQL only: the embedded database belongs to one process.
 * A short lease (JOB_LEASE_SECONDS) lets the dead worker's jobs be taken over within seconds.
 */

const LEASE_SECONDS = 3;
/** Each page of the slow websites is held this long, so a crawl (≈ 3 rounds) outlasts the lease. */
const PAGE_DELAY_MS = 2_000;
const SITES = 3;
const STRIPE_SECRET = 'whsec_test_worker_killed';

const slowSite = (name: string) => {
  const page = (title: string, body: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
  return {
    '/': (o: string) => ({
      delayMs: PAGE_DELAY_MS,
      body: page(
        `${name} — Slow pages, steady answers`,
        `<h1>${name}</h1><p>${name} answers every request, slowly.</p><a href="${o}/pricing">Pricing</a> <a href="${o}/about">About</a>`,
      ),
    }),
    '/pricing': { delayMs: PAGE_DELAY_MS, body: page('Pricing', '<h1>Pricing</h1><p>Starter: $9/month</p>') },
    '/about': {
      delayMs: PAGE_DELAY_MS,
      body: page('About', `<h1>About ${name}</h1><p>Founded in 2020 in Porto, Portugal.</p>`),
    },
  };
};

async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  explain: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${explain()}`);
    await sleep(100);
  }
}

describe('a worker killed with SIGKILL mid-job: another worker finishes every job exactly once', {
  timeout: 90_000,
}, () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let ctx: AppContext;
  let app: FastifyInstance;
  let env: TestEnv;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  const sites: Awaited<ReturnType<typeof startFixtureSite>>[] = [];
  const workers: ServiceProcess[] = [];
  let workerEnv: Record<string, string>;
  const idOf = (w: ServiceProcess) => `${os.hostname()}:${w.pid}`;
  const outputs = () => workers.map((w) => `--- ${w.name}:\n${w.output()}`).join('\n');

  async function startWorker(name: string): Promise<ServiceProcess> {
    const w = startService(name, ['worker'], workerEnv);
    workers.push(w);
    await w.waitForOutput('worker running', 60_000);
    return w;
  }

  before(async () => {
    opened = await openTestDatabase('postgres');
    stripe = await startFakeStripe();
    const common = {
      PUBLIC_URL: 'http://launchdeck.test',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      CRAWL_ALLOW_HOSTS: '127.0.0.1',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_worker_killed',
      STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
      STRIPE_API_BASE: stripe.url,
    };
    // This process migrates first; the workers then find the schema up to date.
    ctx = await createAppContext(loadConfig({ ...common, RATE_LIMIT_MAX: '100000', READ_CACHE_SECONDS: '0' }), {
      db: opened.db,
    });
    app = await buildApp(ctx);
    await app.ready();
    env = { ctx, app } as unknown as TestEnv;
    workerEnv = {
      ...common,
      DATABASE_URL: opened.url!,
      WORKER_CONCURRENCY: '2',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    for (let i = 0; i < SITES; i++) sites.push(await startFixtureSite(slowSite(`Slowpoke ${i + 1}`)));
  });

  after(async () => {
    await Promise.all(workers.map((w) => w.stop(3_000)));
    await app?.close();
    await ctx?.views.stop().catch(() => {});
    await opened?.close();
    await stripe?.close();
    await Promise.all(sites.map((s) => s.close()));
  });

  test('killed mid-crawl: every draft becomes ready, each crawl job completes once, nothing stays claimed by the dead worker', async (t) => {
    const started = Date.now();
    const workerA = await startWorker('worker A');
    const booted = Date.now() - started;
    const me = await founder(env, 'killed-crawl');
    const draftIds: string[] = [];
    for (const site of sites) {
      const res = await me.call('POST', '/drafts', { url: `${site.origin}/` });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      draftIds.push(res.body.id);
    }

    // Worker A (two lanes) is crawling two of the sites: its claims are in the jobs table and the
    // sites have been asked for their homepage, which they are still holding.
    const running = await waitFor(
      'worker A crawling two sites',
      async () => {
        const rows = await ctx.db.query<{ id: number; draft_id: string }>(
          `SELECT id, payload->>'draftId' AS draft_id FROM jobs WHERE kind = $1 AND locked_by = $2 AND locked_at IS NOT NULL AND done_at IS NULL`,
          [DRAFT_JOB, idOf(workerA)],
        );
        const crawling = sites.filter((s) => s.requests.some((r) => r.path === '/')).length;
        return rows.length === 2 && crawling >= 2 ? rows : null;
      },
      20_000,
      outputs,
    );
    const [{ ready }] = await ctx.db.query<{ ready: number }>(
      `SELECT count(*)::int AS ready FROM drafts WHERE status = 'ready'`,
    );
    assert.equal(ready, 0, 'no draft finished before the kill');
    const killedAt = Date.now();
    await workerA.kill();
    const killedDrafts = new Set(running.map((r) => r.draft_id));

    const workerB = await startWorker('worker B');
    // A job's completion is recorded just after the transaction that makes its draft ready: wait for both.
    await waitFor(
      'every draft ready and its job done',
      async () => {
        const [{ n, open }] = await ctx.db.query<{ n: number; open: number }>(
          `SELECT (SELECT count(*)::int FROM drafts WHERE id = ANY($1::uuid[]) AND status = 'ready') AS n,
                (SELECT count(*)::int FROM jobs WHERE kind = $2 AND done_at IS NULL) AS open`,
          [draftIds, DRAFT_JOB],
        );
        return n === SITES && open === 0;
      },
      45_000,
      outputs,
    );
    const recovered = Date.now() - killedAt;

    // Each draft was read in full: its name from the homepage, each page stored once.
    for (const id of draftIds) {
      const draft = await me.call('GET', `/drafts/${id}`);
      assert.equal(draft.status, 200);
      assert.equal(draft.body.status, 'ready');
      assert.match(String(draft.body.fields.name.value), /Slowpoke \d/, JSON.stringify(draft.body).slice(0, 600));
      const pages = await ctx.db.query<{ url: string; n: number }>(
        'SELECT url, count(*)::int AS n FROM draft_pages WHERE draft_id = $1 GROUP BY url',
        [id],
      );
      assert.ok(pages.length >= 3, `draft ${id} has its pages (${pages.map((p) => p.url).join(', ')})`);
      assert.deepEqual(
        pages.filter((p) => p.n > 1),
        [],
        'no page stored twice',
      );
    }
    const [{ drafts }] = await ctx.db.query<{ drafts: number }>(
      'SELECT count(*)::int AS drafts FROM drafts WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [me.email],
    );
    assert.equal(drafts, SITES, 'no duplicate draft');

    // One job per draft, each completed once: the two the kill interrupted on their second
    // attempt (A's, then B's), the third on its first; none left to, or done by, the dead worker.
    const jobs = await ctx.db.query<{ draft_id: string; attempts: number; done: boolean; locked_by: string }>(
      `SELECT payload->>'draftId' AS draft_id, attempts, done_at IS NOT NULL AS done, locked_by FROM jobs WHERE kind = $1`,
      [DRAFT_JOB],
    );
    assert.equal(jobs.length, SITES);
    for (const j of jobs) {
      assert.ok(j.done, `job of draft ${j.draft_id} done`);
      assert.equal(j.locked_by, idOf(workerB), 'finished by worker B');
      assert.equal(j.attempts, killedDrafts.has(j.draft_id) ? 2 : 1, `attempts of draft ${j.draft_id}`);
    }
    const [{ claimed }] = await ctx.db.query<{ claimed: number }>(
      'SELECT count(*)::int AS claimed FROM jobs WHERE locked_by = $1 AND done_at IS NULL',
      [idOf(workerA)],
    );
    assert.equal(claimed, 0, 'nothing is left claimed by the dead worker');

    // B's own crawls outlast the lease, yet its heartbeat kept them: the site only B read was read once.
    const untouched = sites[draftIds.findIndex((id) => !killedDrafts.has(id))];
    for (const path of ['/', '/pricing', '/about'])
      assert.equal(
        untouched.requests.filter((r) => r.path === path).length,
        1,
        `${path} of the site only B crawled was fetched once`,
      );
    t.diagnostic(
      `worker start ${booted} ms; killed mid-crawl holding ${killedDrafts.size} jobs; all ${SITES} drafts ready ${recovered} ms after the kill (lease ${LEASE_SECONDS} s, pages held ${PAGE_DELAY_MS} ms)`,
    );
  });

  test('killed mid-fulfilment: after the restart the order is fulfilled exactly once', async (t) => {
    const workerB = workers.at(-1)!;
    assert.ok(!workerB.hasExited(), 'worker B still runs');
    const buyer = await founder(env, 'killed-fulfil');
    const featured = await ownedListing(env, buyer.email, 'killed-featured', {
      status: 'live',
      plan: 'free',
      launchWeek: '2026-11-09',
    });
    const launched = await ownedListing(env, buyer.email, 'killed-launch');
    const made = await buyer.call('POST', '/orders/checkout', {
      items: [
        { product: 'featured', listing_id: featured },
        { product: 'launch', listing_id: launched },
      ],
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const number = made.body.number as string;
    const browser = new FormClient(app);
    await browser.submit('/signin', '/signin', { email: buyer.email, password: TEST_PASSWORD });
    assert.equal(
      (
        await browser.submit(`/checkout/${number}`, `/checkout/${number}/billing`, {
          name: 'Ada Buyer',
          address: '1 Main St',
          country: 'US',
        })
      ).statusCode,
      303,
    );
    const pay = await browser.submit(`/checkout/${number}`, `/checkout/${number}/pay`, {});
    assert.equal(pay.statusCode, 303);
    assert.ok(String(pay.headers.location).startsWith(stripe.url), 'sent to Stripe Checkout');
    const [order] = await ctx.db.query<{ id: number; total_cents: number }>(
      'SELECT id, total_cents FROM orders WHERE number = $1',
      [number],
    );

    // The second line's listing is held by another transaction, so the worker stops inside that
    // line's fulfilment transaction, after the first line is committed.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const locked = new Promise<void>((resolveLocked, rejectLocked) => {
      ctx.db
        .transaction(async (tx) => {
          await tx.query('SELECT id FROM listings WHERE id = $1 FOR UPDATE', [launched]);
          resolveLocked();
          await held;
        })
        .catch(rejectLocked);
    });
    await locked;

    const event = checkoutEvent('checkout.session.completed', {
      id: 'cs_test_killed',
      metadata: { order_number: number },
      amount_total: order.total_cents,
      payment_status: 'paid',
    });
    const { body, signature } = signedStripeEvent(STRIPE_SECRET, event);
    const hook = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    assert.equal(hook.statusCode, 200, hook.body);
    assert.equal(hook.json().result, 'handled');

    const kind = fulfilJobKind(ctx.site.key);
    await waitFor(
      'worker B inside the second line',
      async () => {
        const [s] = await ctx.db.query<{ mine: boolean; first: boolean; waiting: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM jobs WHERE kind = $1 AND (payload->>'orderId')::int = $2 AND locked_by = $3 AND done_at IS NULL) AS mine,
                EXISTS (SELECT 1 FROM order_lines WHERE order_id = $2 AND listing_id = $4 AND fulfilled_at IS NOT NULL) AS first,
                EXISTS (SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE OF l%') AS waiting`,
          [kind, order.id, idOf(workerB), featured],
        );
        return s.mine && s.first && s.waiting;
      },
      20_000,
      outputs,
    );
    const [before] = await ctx.db.query<{ fulfilled_at: string; featured_until: string }>(
      `SELECT ol.fulfilled_at::text, l.featured_until::text FROM order_lines ol JOIN listings l ON l.id = ol.listing_id WHERE ol.order_id = $1 AND ol.listing_id = $2`,
      [order.id, featured],
    );
    const killedAt = Date.now();
    await workerB.kill();
    release();

    const workerC = await startWorker('worker C');
    // The job's own completion is recorded just after the transaction that fulfils the order: wait for both.
    await waitFor(
      'the order fulfilled and its job done',
      async () => {
        const [o] = await ctx.db.query<{ status: string; done: boolean }>(
          `SELECT o.status, NOT EXISTS (SELECT 1 FROM jobs WHERE kind = $2 AND (payload->>'orderId')::int = o.id AND done_at IS NULL) AS done
           FROM orders o WHERE o.id = $1`,
          [order.id, kind],
        );
        return o.status === 'fulfilled' && o.done;
      },
      30_000,
      outputs,
    );
    const recovered = Date.now() - killedAt;

    // One job, finished by C on its second attempt; nothing left claimed by B.
    const jobs = await ctx.db.query<{ attempts: number; done: boolean; locked_by: string }>(
      `SELECT attempts, done_at IS NOT NULL AS done, locked_by FROM jobs WHERE kind = $1 AND (payload->>'orderId')::int = $2`,
      [kind, order.id],
    );
    assert.deepEqual(jobs, [{ attempts: 2, done: true, locked_by: idOf(workerC) }]);
    const [{ claimed }] = await ctx.db.query<{ claimed: number }>(
      'SELECT count(*)::int AS claimed FROM jobs WHERE locked_by = $1 AND done_at IS NULL',
      [idOf(workerB)],
    );
    assert.equal(claimed, 0, 'nothing is left claimed by the dead worker');

    // The first line was not done again: same fulfilment time, featured for one period only.
    const [afterwards] = await ctx.db.query<{ fulfilled_at: string; featured_until: string; one_period: boolean }>(
      `SELECT ol.fulfilled_at::text, l.featured_until::text, l.featured_until = ol.fulfilled_at + make_interval(days => $3) AS one_period
         FROM order_lines ol JOIN listings l ON l.id = ol.listing_id WHERE ol.order_id = $1 AND ol.listing_id = $2`,
      [order.id, featured, (await loadOrderSettings(ctx.db, ctx.site.id, ctx.site.name)).featuredDays],
    );
    assert.equal(afterwards.fulfilled_at, before.fulfilled_at);
    assert.equal(afterwards.featured_until, before.featured_until);
    assert.ok(
      afterwards.one_period,
      `featured for one period from its fulfilment (${afterwards.fulfilled_at} → ${afterwards.featured_until})`,
    );
    // The second line: the launch booked once.
    const [launch] = await ctx.db.query<{ status: string; plan: string }>(
      'SELECT status, plan FROM listings WHERE id = $1',
      [launched],
    );
    assert.deepEqual(launch, { status: 'live', plan: 'paid' });
    const lines = await ctx.db.query<{ fulfilled: boolean }>(
      'SELECT fulfilled_at IS NOT NULL AS fulfilled FROM order_lines WHERE order_id = $1',
      [order.id],
    );
    assert.ok(lines.length >= 2 && lines.every((l) => l.fulfilled));
    // One payment event, one receipt.
    const [{ events }] = await ctx.db.query<{ events: number }>(
      'SELECT count(*)::int AS events FROM payment_events WHERE order_id = $1',
      [order.id],
    );
    assert.equal(events, 1);
    const [{ receipts }] = await ctx.db.query<{ receipts: number }>(
      'SELECT count(*)::int AS receipts FROM mail_outbox WHERE subject LIKE $1',
      [`Receipt for order ${number}%`],
    );
    assert.equal(receipts, 1);
    t.diagnostic(`order fulfilled ${recovered} ms after the kill (worker C start included; lease ${LEASE_SECONDS} s)`);
  });
});
