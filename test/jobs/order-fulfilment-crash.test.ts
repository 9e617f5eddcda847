import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config.js';
import { createAppContext } from '../../src/context.js';
import { createCheckout } from '../../src/domain/orders/checkout.js';
import { findOrder } from '../../src/domain/orders/order-repository.js';
import { payWithTestProvider, setBilling } from '../../src/domain/orders/payment.js';
import { Worker } from '../../src/jobs/queue.js';
import { jobHandlers } from '../../src/jobs/worker.js';
import { LOCK_TIMEOUT_MS } from '../../src/jobs/queue.js';
import { openTestDatabase } from '../support/databases.js';
import { addListing } from '../support/fixtures.js';

// A real worker process, killed with SIGKILL in the middle of fulfilling an order (PostgreSQL: a
// second process needs a shared database), then the job taken over by another worker.
let worker: ChildProcess | null = null;
after(() => {
  worker?.kill('SIGKILL');
});

test('a worker killed mid-fulfilment leaves every line fulfilled exactly once after another worker takes the job over', {
  timeout: 120_000,
}, async () => {
  const opened = await openTestDatabase('postgres');
  const env = { PUBLIC_URL: 'http://launchdeck.test', LOG_LEVEL: 'silent', SEED_DEMO: '0' };
  const ctx = await createAppContext(loadConfig(env), { db: opened.db });
  try {
    const db = ctx.db;
    const [{ id: userId }] = await db.query<{ id: number }>(
      `INSERT INTO users (email, email_verified_at) VALUES ('crash@example.com', now()) RETURNING id`,
    );
    const { listingId } = await addListing(db, ctx.site.id, {
      slug: 'crash-test',
      name: 'Crash Test',
      status: 'live',
      plan: 'free',
      launchWeek: '2026-11-09',
    });
    await db.query(`INSERT INTO listing_owners (listing_id, user_id) VALUES ($1, $2)`, [listingId, userId]);
    // The second billboard line's insert stalls once, long enough to kill the worker in the middle of it.
    await db.exec(`
      CREATE TABLE stall_once (done boolean NOT NULL DEFAULT false);
      INSERT INTO stall_once VALUES (false);
      CREATE FUNCTION stall_second_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.amount_cents = 4000 AND NOT (SELECT done FROM stall_once) THEN
          UPDATE stall_once SET done = true;
          PERFORM pg_sleep(3);
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER stall BEFORE INSERT ON billboard_entries FOR EACH ROW EXECUTE FUNCTION stall_second_line();`);
    const order = await createCheckout(ctx, userId, {
      items: [
        { product: 'billboard_min', listing_id: listingId, amount_cents: 1000 },
        { product: 'billboard_min', listing_id: listingId, amount_cents: 4000 },
        { product: 'featured', listing_id: listingId },
      ],
    });
    await setBilling(ctx, (await findOrder(db, ctx.site.id, order.number))!, {
      name: 'Crash',
      address: '1 Main St',
      country: 'US',
      vat_number: null,
    });
    await payWithTestProvider(ctx, (await findOrder(db, ctx.site.id, order.number))!);

    worker = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'worker'], {
      env: { ...process.env, ...env, DATABASE_URL: opened.url! },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Wait until the worker has fulfilled the first line and sits inside the second line's transaction.
    for (let i = 0; ; i++) {
      const [state] = await db.query<{ first: boolean; stalled: boolean }>(
        `SELECT (SELECT fulfilled_at IS NOT NULL FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE number = $1) AND position = 0) AS first,
                EXISTS (SELECT 1 FROM pg_stat_activity WHERE query LIKE '%billboard_entries%' AND wait_event = 'PgSleep') AS stalled`,
        [order.number],
      );
      if (state.first && state.stalled) break;
      assert.ok(i < 600, 'the worker never reached the second line');
      await sleep(50);
    }
    worker.kill('SIGKILL');
    await new Promise((r) => worker!.once('exit', r));
    worker = null;

    // The job stays locked by the dead worker until the lock times out; then another worker takes it.
    const later = new Date(Date.now() + LOCK_TIMEOUT_MS + 60_000);
    const rescuer = new Worker(db, jobHandlers({ ...ctx, now: () => later }), { id: 'rescuer', now: () => later });
    assert.ok((await rescuer.drain(later)) >= 1);

    const lines = await db.query<{ position: number; fulfilled: boolean }>(
      `SELECT position, fulfilled_at IS NOT NULL AS fulfilled FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE number = $1) ORDER BY position`,
      [order.number],
    );
    assert.deepEqual(
      lines.map((l) => l.fulfilled),
      [true, true, true],
    );
    const entries = await db.query<{ amount: number }>(
      'SELECT amount_cents AS amount FROM billboard_entries WHERE listing_id = $1 ORDER BY amount_cents',
      [listingId],
    );
    assert.deepEqual(
      entries.map((e) => e.amount),
      [1000, 4000],
      'each billboard line counted once',
    );
    const [{ status }] = await db.query<{ status: string }>('SELECT status FROM orders WHERE number = $1', [
      order.number,
    ]);
    assert.equal(status, 'fulfilled');
  } finally {
    await ctx.views.stop().catch(() => {});
    await opened.close().catch(() => {});
  }
});
