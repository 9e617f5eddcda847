import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW } from '../support/app.js';
import type { AppContext } from '../../src/app-context.js';
import { Worker } from '../../src/jobs/queue.js';
import { jobHandlers } from '../../src/jobs/worker.js';
import { HOUSEKEEPING_JOB, housekeep, scheduleHousekeeping } from '../../src/jobs/housekeeping-job.js';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(FIXED_NOW.getTime() - ms).toISOString();
const TABLES = [
  'webhook_deliveries',
  'webhook_events',
  'webhook_endpoints',
  'jobs',
  'idempotency_keys',
  'sessions',
  'email_tokens',
  'oauth_artifacts',
  'draft_pages',
  'drafts',
  'domain_rating_failures',
  'sign_in_attempts',
  'email_sign_ins',
  'webauthn_challenges',
];

/** Rows just past and just within each default retention period; `old` rows of each kind are due to go. */
async function seedAgedRows(ctx: AppContext, old = 1): Promise<void> {
  const { db } = ctx;
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (email, name) VALUES ($1, 'Keeper') RETURNING id`, [
    `keeper-${Math.random()}@test.invalid`,
  ]);
  const [stale] = await db.query<{ id: string }>(
    `INSERT INTO drafts (site_id, user_id, url, domain, updated_at) VALUES ($1, $2, 'https://stale.example', 'stale.example', $3) RETURNING id`,
    [ctx.site.id, user.id, ago(31 * DAY)],
  );
  const [fresh] = await db.query<{ id: string }>(
    `INSERT INTO drafts (site_id, user_id, url, domain, updated_at) VALUES ($1, $2, 'https://fresh.example', 'fresh.example', $3) RETURNING id`,
    [ctx.site.id, user.id, ago(29 * DAY)],
  );
  for (let i = 0; i < old; i++) {
    await db.query(`INSERT INTO jobs (kind, done_at) VALUES ('old-done', $1)`, [ago(8 * DAY)]);
    await db.query(`INSERT INTO jobs (kind, attempts, max_attempts, run_at) VALUES ('old-failed', 3, 3, $1)`, [
      ago(31 * DAY),
    ]);
    await db.query(
      `INSERT INTO idempotency_keys (user_id, key, operation_id, request_hash, status_code, created_at) VALUES ($1, $2, 'op', 'h', 200, $3)`,
      [user.id, `old-${i}`, ago(25 * 3_600_000)],
    );
    await db.query(`INSERT INTO sessions (id_hash, user_id, csrf_secret, expires_at) VALUES ($1, $2, 's', $3)`, [
      `old-${i}-${user.id}`,
      user.id,
      ago(8 * DAY),
    ]);
    await db.query(
      `INSERT INTO email_tokens (token_hash, kind, user_id, email, expires_at) VALUES ($1, 'password_reset', $2, 'k@test.invalid', $3)`,
      [`old-${i}-${user.id}`, user.id, ago(8 * DAY)],
    );
    await db.query(`INSERT INTO oauth_artifacts (kind, id, payload, expires_at) VALUES ('refresh', $1, '{}', $2)`, [
      `old-${i}-${user.id}`,
      ago(8 * DAY),
    ]);
    await db.query(`INSERT INTO draft_pages (draft_id, url) VALUES ($1, 'https://stale.example/')`, [stale.id]);
    await db.query(
      `INSERT INTO domain_rating_failures (domain, provider, error, at) VALUES ('stale.example', 'ahrefs', 'x', $1)`,
      [ago(91 * DAY)],
    );
    await db.query(
      `INSERT INTO sign_in_attempts (key, failures, last_failure_at, locked_until) VALUES ($1, 7, $2, $3)`,
      [`account:old-${i}-${user.id}@test.invalid`, ago(2 * DAY), ago(2 * DAY - 900_000)],
    );
    await db.query(
      `INSERT INTO email_sign_ins (link_hash, browser_hash, code_hash, email, created_at, expires_at)
       VALUES ($1, $1, 'c', 'k@test.invalid', $2, $2)`,
      [`old-${i}-${user.id}`, ago(8 * DAY)],
    );
    await db.query(
      `INSERT INTO webauthn_challenges (challenge, browser_hash, purpose, expires_at) VALUES ($1, 'b', 'sign_in', $2)`,
      [`old-${i}-${user.id}`, ago(60_000)],
    );
  }
  // Kept: recent enough, still valid, or still running.
  await db.query(`INSERT INTO jobs (kind, done_at) VALUES ('new-done', $1)`, [ago(6 * DAY)]);
  await db.query(`INSERT INTO jobs (kind, attempts, max_attempts, run_at) VALUES ('new-failed', 3, 3, $1)`, [
    ago(29 * DAY),
  ]);
  await db.query(
    `INSERT INTO jobs (kind, attempts, max_attempts, run_at, locked_at) VALUES ('last-attempt-running', 3, 3, $1, $2)`,
    [ago(40 * DAY), ago(60_000)],
  );
  await db.query(`INSERT INTO jobs (kind, run_at) VALUES ('waiting', $1)`, [ago(40 * DAY)]);
  await db.query(
    `INSERT INTO idempotency_keys (user_id, key, operation_id, request_hash, created_at) VALUES ($1, 'new', 'op', 'h', $2)`,
    [user.id, ago(23 * 3_600_000)],
  );
  await db.query(`INSERT INTO sessions (id_hash, user_id, csrf_secret, expires_at) VALUES ($1, $2, 's', $3)`, [
    `new-${user.id}`,
    user.id,
    ago(6 * DAY),
  ]);
  await db.query(
    `INSERT INTO email_tokens (token_hash, kind, user_id, email, expires_at) VALUES ($1, 'password_reset', $2, 'k@test.invalid', $3)`,
    [`new-${user.id}`, user.id, ago(-DAY)],
  );
  await db.query(
    `INSERT INTO oauth_artifacts (kind, id, payload, expires_at, consumed_at) VALUES ('refresh', $1, '{}', $2, $3)`,
    [`new-${user.id}`, ago(-DAY), ago(DAY)],
  );
  await db.query(`INSERT INTO draft_pages (draft_id, url) VALUES ($1, 'https://fresh.example/')`, [fresh.id]);
  await db.query(
    `INSERT INTO domain_rating_failures (domain, provider, error, at) VALUES ('fresh.example', 'ahrefs', 'x', $1)`,
    [ago(89 * DAY)],
  );
  await db.query(
    `INSERT INTO email_sign_ins (link_hash, browser_hash, code_hash, email, created_at, expires_at)
     VALUES ($1, $1, 'c', 'k@test.invalid', $2, $3)`,
    [`new-${user.id}`, ago(6 * DAY), ago(6 * DAY - 900_000)],
  );
  await db.query(
    `INSERT INTO webauthn_challenges (challenge, browser_hash, purpose, expires_at) VALUES ($1, 'b', 'sign_in', $2)`,
    [`new-${user.id}`, ago(-60_000)],
  );
  // The webhook log: a finished delivery of an old event goes with its event; a pending one (still retried), a
  // recent one and an old vote milestone (sent once, ever) stay.
  const [endpoint] = await db.query<{ id: number }>(
    `INSERT INTO webhook_endpoints (user_id, url, events, secret_plain, created_at, updated_at)
     VALUES ($1, 'https://hooks.example/in', '{listing.updated}', 'whsec_x', $2, $2) RETURNING id`,
    [user.id, ago(60 * DAY)],
  );
  const event = async (id: string, age: number, onceKey: string | null = null) =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO webhook_events (message_id, type, account_ids, payload, once_key, created_at)
         VALUES ($1, 'listing.updated', $2, '{}', $3, $4) RETURNING id`,
        [`${id}-${user.id}`, [user.id], onceKey && `${onceKey}-${user.id}`, ago(age)],
      )
    )[0].id;
  const delivery = (eventId: number, status: string, age: number) =>
    db.query(`INSERT INTO webhook_deliveries (endpoint_id, event_id, status, created_at) VALUES ($1, $2, $3, $4)`, [
      endpoint.id,
      eventId,
      status,
      ago(age),
    ]);
  for (let i = 0; i < old; i++) await delivery(await event(`old-${i}`, 31 * DAY), 'delivered', 31 * DAY);
  await delivery(await event('retrying', 31 * DAY), 'pending', 31 * DAY);
  await delivery(await event('recent', 29 * DAY), 'failed', 29 * DAY);
  await event('milestone', 31 * DAY, 'milestone');
  // Failed long ago, but locked until an hour from now: still throttling.
  await db.query(`INSERT INTO sign_in_attempts (key, failures, last_failure_at, locked_until) VALUES ($1, 9, $2, $3)`, [
    `account:locked-${user.id}@test.invalid`,
    ago(2 * DAY),
    ago(-3_600_000),
  ]);
}

describeEachDatabase('housekeeping', (env) => {
  const count = async (sql: string) =>
    (await env().ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`))[0].n;
  beforeEach(async () => {
    for (const t of TABLES) await env().ctx.db.query(`DELETE FROM ${t}`);
  });

  test('rows past their retention go and the rest stay, for every kind', async () => {
    await seedAgedRows(env().ctx);
    const { purged, unfinished } = await housekeep(env().ctx);
    assert.deepEqual(purged, {
      done_jobs: 1,
      failed_jobs: 1,
      idempotency_keys: 1,
      sessions: 1,
      email_tokens: 1,
      oauth_artifacts: 1,
      draft_pages: 1,
      domain_rating_failures: 1,
      sign_in_attempts: 1,
      email_sign_ins: 1,
      webauthn_challenges: 1,
      webhook_deliveries: 1,
      webhook_events: 1,
    });
    assert.equal(unfinished, false);
    assert.deepEqual(
      (await env().ctx.db.query<{ kind: string }>('SELECT kind FROM jobs ORDER BY kind')).map((r) => r.kind),
      ['last-attempt-running', 'new-done', 'new-failed', 'waiting'],
    );
    assert.equal(await count(`idempotency_keys WHERE key = 'new'`), 1);
    assert.equal(await count(`sessions WHERE id_hash LIKE 'new-%'`), 1);
    assert.equal(await count('email_tokens'), 1);
    assert.equal(await count('oauth_artifacts'), 1);
    assert.equal(await count(`draft_pages WHERE url = 'https://fresh.example/'`), 1);
    assert.equal(await count('drafts'), 2, 'a stale draft loses its crawled pages, not itself');
    assert.equal(await count(`domain_rating_failures WHERE domain = 'fresh.example'`), 1);
    assert.equal(await count(`sign_in_attempts WHERE key LIKE 'account:locked-%'`), 1);
    assert.equal(await count(`email_sign_ins WHERE link_hash LIKE 'new-%'`), 1);
    assert.equal(await count(`webauthn_challenges WHERE challenge LIKE 'new-%'`), 1);
    assert.deepEqual(
      (
        await env().ctx.db.query<{ m: string }>(
          `SELECT split_part(message_id, '-', 1) AS m FROM webhook_events ORDER BY m`,
        )
      ).map((r) => r.m),
      ['milestone', 'recent', 'retrying'],
    );
    assert.equal(await count('webhook_deliveries'), 2, 'the retried and the recent delivery stay');
  });

  test('retention periods come from the settings', async () => {
    await seedAgedRows(env().ctx);
    const { ctx } = env();
    const config = ctx.config;
    ctx.config = { ...config, retention: { ...config.retention, doneJobsDays: 5, draftPagesDays: 365 } };
    try {
      const { purged } = await housekeep(ctx);
      assert.equal(purged.done_jobs, 2);
      assert.equal(purged.draft_pages, 0);
    } finally {
      ctx.config = config;
    }
  });

  test('a backlog larger than one batch is purged whole, batch by batch', async () => {
    await seedAgedRows(env().ctx, 7);
    const { purged, unfinished } = await housekeep(env().ctx, { batchSize: 3 });
    assert.equal(purged.done_jobs, 7);
    assert.equal(purged.sessions, 7);
    assert.equal(unfinished, false);
  });

  test('a spent time budget leaves the rest for the next run', async () => {
    await seedAgedRows(env().ctx, 7);
    const first = await housekeep(env().ctx, { batchSize: 3, budgetMs: 0 });
    assert.equal(first.unfinished, true);
    assert.equal(first.purged.done_jobs, 3);
    const second = await housekeep(env().ctx, { batchSize: 100 });
    assert.equal(second.purged.done_jobs, 4);
  });

  test('three runs at once delete every old row exactly once between them', async () => {
    await seedAgedRows(env().ctx, 5);
    const runs = await Promise.all([1, 2, 3].map(() => housekeep(env().ctx, { batchSize: 2 })));
    for (const target of Object.keys(runs[0].purged) as (keyof (typeof runs)[0]['purged'])[]) {
      assert.equal(
        runs.reduce((sum, r) => sum + r.purged[target], 0),
        5,
        target,
      );
    }
    assert.equal(await count(`jobs WHERE kind LIKE 'old-%'`), 0);
  });

  test("offered by three workers at once, the hour's housekeeping runs once", async () => {
    await seedAgedRows(env().ctx);
    const { ctx } = env();
    const offered = await Promise.all([1, 2, 3].map(() => scheduleHousekeeping(ctx)));
    assert.equal(offered.filter(Boolean).length, 1);
    const workers = [1, 2, 3].map((i) => new Worker(ctx.db, jobHandlers(ctx), { id: `housekeeper-${i}` }));
    const ran = await Promise.all(workers.map((w) => w.drain(ctx.now())));
    assert.equal(
      ran.reduce((a, b) => a + b, 0),
      1,
    );
    const [job] = await ctx.db.query<{ attempts: number; done_at: string | null }>(
      'SELECT attempts, done_at FROM jobs WHERE kind = $1',
      [HOUSEKEEPING_JOB],
    );
    assert.equal(job.attempts, 1);
    assert.ok(job.done_at);
    assert.equal(await count(`jobs WHERE kind LIKE 'old-%'`), 0);
    // Later in the same hour it is not offered again.
    assert.equal(await scheduleHousekeeping(ctx), false);
  });
});
