import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createAppContext } from '../../src/context.js';
import type { AppContext } from '../../src/app-context.js';
import { queueLogoFetch } from '../../src/domain/images/listing-logos.js';
import { runAdmin } from '../../src/admin/cli.js';
import { openTestDatabase } from '../support/databases.js';
import { freeLoopbackPort, type TestEnv } from '../support/app.js';
import { addCategory, addListing, finishFixtures } from '../support/fixtures.js';
import { obtainAccessToken, registerOAuthClient, TEST_PASSWORD } from '../support/credentials.js';
import { HttpBrowser, hiddenInputs } from '../support/http-browser.js';
import { pngOf, startFakeImageServer, type FakeImageServer } from '../support/fake-images.js';
import { startRedis, type RedisServer } from '../support/redis-server.js';
import { startService, waitForHttp, type ServiceProcess } from '../support/service-process.js';

// Production's shape on loopback: two web instances (`start --web-only`) and two workers
// (`worker`), real child processes of src/main.ts, on one PostgreSQL and one Redis. PostgreSQL
// only: the embedded database belongs to a single process.

const JOBS = 40;
const RATE_LIMIT_MAX = 200;
const EMAIL = 'multi-instance@example.com';

describe('several instances on one PostgreSQL and one Redis', { timeout: 120_000 }, () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let ctx: AppContext;
  let redis: RedisServer;
  let images: FakeImageServer;
  let listingId: number;
  const services: ServiceProcess[] = [];
  let webA: string;
  let webB: string;
  let workerIds: string[];

  before(async () => {
    opened = await openTestDatabase('postgres');
    redis = await startRedis();
    const files = Object.fromEntries(
      await Promise.all(
        Array.from(
          { length: JOBS },
          async (_, i) => [`/logo-${i}.png`, { type: 'image/png', body: await pngOf(32, 32) }] as const,
        ),
      ),
    );
    images = await startFakeImageServer(files);
    images.delayMs = 100; // jobs overlap, so both workers take some
    const [portA, portB] = [await freeLoopbackPort(), await freeLoopbackPort()];
    webA = `http://127.0.0.1:${portA}`;
    webB = `http://127.0.0.1:${portB}`;
    // What every instance is given, as in docker-compose.yml: one database, one Redis, the public URL
    // of the load balancer (here: A's address, so OAuth tokens name one audience for both).
    const env = {
      DATABASE_URL: opened.url!,
      REDIS_URL: redis.url,
      PUBLIC_URL: webA,
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      CRAWL_ALLOW_HOSTS: '127.0.0.1',
      WORKER_CONCURRENCY: '4',
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      RATE_LIMIT_WINDOW_SECONDS: '60',
      READ_CACHE_SECONDS: '5',
    };
    // Every instance starts at once on the empty database, as after `docker compose up`: each
    // migrates at start-up, under PostgreSQL's advisory lock.
    services.push(
      startService('web A', ['start', '--web-only'], { ...env, PORT: String(portA) }),
      startService('web B', ['start', '--web-only'], { ...env, PORT: String(portB) }),
      startService('worker 1', ['worker'], env),
      startService('worker 2', ['worker'], env),
    );
    await Promise.all([
      waitForHttp(`${webA}/readyz`, services[0], 90_000),
      waitForHttp(`${webB}/readyz`, services[1], 90_000),
      services[2].waitForOutput('worker running', 90_000),
      services[3].waitForOutput('worker running', 90_000),
    ]);
    // Then the test's own connection (the schema is up to date by now) adds an account and a listing.
    ctx = await createAppContext(loadConfig(env), { db: opened.db });
    await runAdmin(ctx, ['create-user', '--email', EMAIL, '--password', TEST_PASSWORD], () => {});
    await addCategory(ctx.db, ctx.site.id, { slug: 'tools', name: 'Tools' });
    ({ listingId } = await addListing(ctx.db, ctx.site.id, {
      slug: 'shared-state',
      name: 'Shared State',
      category: 'tools',
      launchWeek: '2026-11-09',
    }));
    await ctx.db.query(
      'INSERT INTO listing_owners (listing_id, user_id, role) SELECT $1, id, $2 FROM users WHERE email = $3',
      [listingId, 'owner', EMAIL],
    );
    await finishFixtures(ctx);
    workerIds = services.slice(2).map((s) => `${os.hostname()}:${s.pid}`);
  });

  after(async () => {
    await Promise.all(services.map((s) => s.stop(3_000)));
    await ctx?.views.stop().catch(() => {});
    await opened?.close();
    await redis?.stop();
    await images?.close();
  });

  test('instances starting together on an empty database apply each migration once', async () => {
    const files = fs.readdirSync(path.resolve('src/db/migrations')).filter((f) => f.endsWith('.sql'));
    const rows = await ctx.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
    assert.deepEqual(
      rows.map((r) => r.name),
      files.sort(),
    );
    const [{ sites }] = await ctx.db.query<{ sites: number }>('SELECT count(*)::int AS sites FROM sites');
    assert.equal(sites, 1);
  });

  test('every queued job runs exactly once, on the workers only', async () => {
    for (let i = 0; i < JOBS; i++) await queueLogoFetch(ctx.db, `${images.origin}/logo-${i}.png`, new Date());
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [{ done }] = await ctx.db.query<{ done: number }>(
        `SELECT count(*)::int AS done FROM jobs WHERE kind = 'fetch_listing_logo' AND done_at IS NOT NULL`,
      );
      if (done === JOBS) break;
      assert.ok(
        Date.now() < deadline,
        `only ${done} of ${JOBS} jobs done:\n${services[2].output()}\n${services[3].output()}`,
      );
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < JOBS; i++) assert.equal(images.hits(`/logo-${i}.png`), 1, `logo-${i} fetched once`);
    const jobs = await ctx.db.query<{ attempts: number; locked_by: string }>(
      `SELECT attempts, locked_by FROM jobs WHERE kind = 'fetch_listing_logo'`,
    );
    assert.equal(jobs.length, JOBS);
    assert.ok(
      jobs.every((j) => j.attempts === 1),
      'each job claimed once',
    );
    // Both workers took part, and no web-only instance ran a job.
    assert.deepEqual([...new Set(jobs.map((j) => j.locked_by))].sort(), [...workerIds].sort());
    const [{ images: stored }] = await ctx.db.query<{ images: number }>(
      `SELECT count(*)::int AS images FROM listing_images WHERE status = 'ok'`,
    );
    assert.equal(stored, JOBS);
  });

  test('a session cookie from signing in on A is signed in on B', async () => {
    const a = new HttpBrowser(webA);
    const form = await a.get('/signin');
    const signedIn = await a.post('/signin', [
      ...hiddenInputs(form.body, '/signin'),
      ['email', EMAIL],
      ['password', TEST_PASSWORD],
    ]);
    assert.equal(signedIn.status, 303);
    const b = new HttpBrowser(webB);
    b.cookies = new Map(a.cookies);
    const account = await b.get('/account');
    assert.equal(account.status, 200);
    assert.match(account.body, new RegExp(`Signed in as <strong>${EMAIL}</strong>`));
  });

  test('an API key created on A works on B, and revoking it on A refuses it on B at once', async () => {
    const a = new HttpBrowser(webA);
    const form = await a.get('/signin');
    await a.post('/signin', [...hiddenInputs(form.body, '/signin'), ['email', EMAIL], ['password', TEST_PASSWORD]]);
    const accountPage = await a.get('/account');
    const created = await a.post('/account/api-keys', [
      ...hiddenInputs(accountPage.body, '/account/api-keys'),
      ['name', 'multi'],
      ['scopes', 'account:read'],
    ]);
    assert.equal(created.status, 201);
    const key = /ldk_[A-Za-z0-9_-]+/.exec(created.body)?.[0];
    assert.ok(key, 'the key is shown once');
    const me = (base: string) => fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    const onB = await me(webB);
    assert.equal(onB.status, 200);
    assert.equal(((await onB.json()) as { user: { email: string } }).user.email, EMAIL);

    // B now remembers the verified key (30 s); the revocation on A reaches it through NOTIFY.
    const keyId = /action="\/account\/api-keys\/(\d+)\/revoke"/.exec(created.body)?.[1];
    assert.ok(keyId);
    const revoked = await a.post(
      `/account/api-keys/${keyId}/revoke`,
      hiddenInputs(created.body, `/account/api-keys/${keyId}/revoke`),
    );
    assert.equal(revoked.status, 303);
    const refusedWithin = await within(2_000, async () => (await me(webB)).status === 401);
    assert.ok(refusedWithin >= 0, 'B refuses the revoked key within 2 s');
  });

  test('an OAuth access token issued on A works on B', async () => {
    const onA = { baseUrl: webA } as TestEnv;
    const client = await registerOAuthClient(onA);
    const token = await obtainAccessToken(onA, client, EMAIL, { scope: 'account:read' });
    const res = await fetch(`${webB}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { user: { email: string } }).user.email, EMAIL);
  });

  test('a listing edited on A is read fresh on B: its profile and search, though B had both cached', async () => {
    const a = new HttpBrowser(webA);
    const form = await a.get('/signin');
    await a.post('/signin', [...hiddenInputs(form.body, '/signin'), ['email', EMAIL], ['password', TEST_PASSWORD]]);
    const accountPage = await a.get('/account');
    const created = await a.post('/account/api-keys', [
      ...hiddenInputs(accountPage.body, '/account/api-keys'),
      ['name', 'writer'],
      ['scopes', 'listings:write'],
    ]);
    const key = /ldk_[A-Za-z0-9_-]+/.exec(created.body)![0];

    const profileOnB = async () =>
      ((await (await fetch(`${webB}/api/v1/listings/shared-state`)).json()) as { short_description: string })
        .short_description;
    const searchOnB = async () =>
      ((await (await fetch(`${webB}/api/v1/listings?q=quasarite`)).json()) as { items: { slug: string }[] }).items.map(
        (l) => l.slug,
      );
    // Warm B's caches: the listing profile (10 s) and the search answer (READ_CACHE_SECONDS = 5 s).
    assert.notEqual(await profileOnB(), 'Edited on instance A');
    assert.deepEqual(await searchOnB(), []);

    const edit = await fetch(`${webA}/api/v1/me/listings/${listingId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { short_description: 'Edited on instance A', keywords: ['quasarite'] } }),
    });
    assert.equal(edit.status, 200, await edit.text());
    // Far sooner than either TTL: the write's NOTIFY drops B's copies.
    assert.ok(
      (await within(2_000, async () => (await profileOnB()) === 'Edited on instance A')) >= 0,
      'B shows the edited profile',
    );
    assert.ok(
      (await within(2_000, async () => (await searchOnB()).includes('shared-state'))) >= 0,
      'B finds the new keyword',
    );
  });

  test('the rate limit is counted once across A and B: requests split between them hit it at the limit', async () => {
    // A client of its own behind the (trusted) load balancer, so earlier tests' requests do not count.
    const hit = (base: string) => fetch(`${base}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.77' } });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX; i++) {
      const res = await hit(i % 2 ? webB : webA);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    assert.ok(
      statuses.every((s) => s === 200),
      `all ${RATE_LIMIT_MAX} within the quota`,
    );
    for (const base of [webA, webB]) {
      const refused = await hit(base);
      await refused.arrayBuffer();
      assert.equal(refused.status, 429, `the request after the quota is refused on ${base === webA ? 'A' : 'B'}`);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
    }
  });
});

/** Milliseconds until check() holds, or -1 if it does not within ms. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start <= ms) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 25));
  }
  return -1;
}
