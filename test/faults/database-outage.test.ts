import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { createAppContext } from '../../src/context.js';
import { buildApp } from '../../src/app.js';
import { openPostgres, type Db } from '../../src/db/client.js';
import type { AppContext } from '../../src/app-context.js';
import { createDatabase, startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { addListing } from '../support/fixtures.js';
import { createApiKey, createUser } from '../support/credentials.js';
import type { TestEnv } from '../support/app.js';

/**
 * Issue 16, faults: PostgreSQL stopped and started again under read and write load. While it is
 * down the service answers 503 problem documents with Retry-After, never a 500; it recovers by
 * itself; and every write it acknowledged is still there afterwards.
 */

let server: PostgresServer;
let db: Db;
let ctx: AppContext;
let app: FastifyInstance;
let key: string;
let listingId: number;

before(async () => {
  server = await startPostgres();
  const created = await createDatabase(server.url);
  db = await openPostgres(created.url, 5);
  ctx = await createAppContext(
    loadConfig({
      PUBLIC_URL: 'http://launchdeck.test',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'silent',
      READ_CACHE_SECONDS: '0',
    }),
    { db },
  );
  app = await buildApp(ctx);
  await app.ready();
  const env = { ctx, app } as unknown as TestEnv;
  const email = await createUser(env, 'owner');
  key = await createApiKey(env, email, ['account:read', 'listings:write']);
  ({ listingId } = await addListing(db, ctx.site.id, { slug: 'steady', name: 'Steady', status: 'live', plan: 'paid' }));
  await db.query(
    `INSERT INTO listing_owners (listing_id, user_id, role) SELECT $1, id, 'owner' FROM users WHERE email = $2`,
    [listingId, email],
  );
});

after(async () => {
  await app?.close();
  await db?.close().catch(() => {});
  await server?.stop();
});

interface Answer {
  at: number;
  status: number;
  contentType: string;
  retryAfter: string | undefined;
  title?: string;
}

test('while PostgreSQL restarts the service answers 503 with Retry-After, recovers by itself and loses no acknowledged write', async (t) => {
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  const started = Date.now();
  let running = true;
  let n = 0;

  const reader = async () => {
    while (running) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/listings?per_page=5' });
      answers.push({
        at: Date.now() - started,
        status: res.statusCode,
        contentType: String(res.headers['content-type']),
        retryAfter: res.headers['retry-after'] as string | undefined,
      });
      await sleep(20);
    }
  };
  const writer = async () => {
    while (running) {
      const title = `Update ${++n}`;
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/me/listings/${listingId}/updates`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ title, body: 'Still here.' }),
      });
      answers.push({
        at: Date.now() - started,
        status: res.statusCode,
        contentType: String(res.headers['content-type']),
        retryAfter: res.headers['retry-after'] as string | undefined,
        title,
      });
      if (res.statusCode === 201) acknowledged.push(title);
      await sleep(30);
    }
  };

  const load = Promise.all([reader(), reader(), writer(), writer()]);
  await sleep(1_000);
  const haltedAt = Date.now() - started;
  await server.halt();
  await sleep(1_500);
  const resumedAt = Date.now() - started;
  await server.resume();
  // Recovery by itself: keep the load running until answers are good again (bounded).
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    await sleep(250);
    const recent = answers.filter((a) => a.at > Date.now() - started - 500);
    if (recent.length > 4 && recent.every((a) => a.status < 300)) break;
  }
  running = false;
  await load;

  const failures = answers.filter((a) => a.status >= 500 && a.status !== 503);
  assert.deepEqual(failures, [], 'no answer other than 503 in the 5xx range');
  const outage = answers.filter((a) => a.status === 503);
  assert.ok(outage.length > 0, `some requests met the outage (halted at ${haltedAt} ms, resumed at ${resumedAt} ms)`);
  for (const a of outage) {
    assert.match(a.contentType, /application\/problem\+json/);
    assert.ok(Number(a.retryAfter) > 0, '503 carries Retry-After');
  }
  const last = answers.slice(-6);
  assert.ok(
    last.every((a) => a.status < 300),
    `recovered: the last answers are ${last.map((a) => a.status).join(', ')}`,
  );

  const stored = await db.query<{ title: string }>('SELECT title FROM listing_updates WHERE listing_id = $1', [
    listingId,
  ]);
  const titles = new Set(stored.map((r) => r.title));
  assert.deepEqual(
    acknowledged.filter((t) => !titles.has(t)),
    [],
    'every acknowledged write is stored',
  );
  assert.ok(acknowledged.length > 5);
  t.diagnostic(
    `${answers.length} answers: ${outage.length} × 503 during the outage (${haltedAt}–${resumedAt} ms and the reconnect), ${acknowledged.length} writes acknowledged and all stored`,
  );
});
