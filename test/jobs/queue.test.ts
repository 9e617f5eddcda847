import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { claimNext, completeJob, enqueue, failJob, LOCK_TIMEOUT_MS, renewLease, Worker } from '../../src/jobs/queue.js';

describeEachDatabase('job queue', (env) => {
  const db = () => env().ctx.db;
  // Jobs enqueued without runAt are due from the real clock's now; each test reads the clock afresh.
  let now = new Date();
  beforeEach(() => {
    now = new Date(Date.now() + 1_000);
  });

  test('a unique key queues a job only once', async () => {
    assert.ok(await enqueue(db(), 'unique', { a: 1 }, { uniqueKey: 'once' }));
    assert.equal(await enqueue(db(), 'unique', { a: 2 }, { uniqueKey: 'once' }), null);
  });

  test('a job is not claimed before its time', async () => {
    await enqueue(db(), 'later', {}, { runAt: new Date(now.getTime() + 60_000) });
    assert.equal(await claimNext(db(), 'w1', ['later'], now), null);
    assert.ok(await claimNext(db(), 'w1', ['later'], new Date(now.getTime() + 61_000)));
  });

  test('concurrent workers never claim the same job', async () => {
    for (let i = 0; i < 20; i++) await enqueue(db(), 'race', { i });
    const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => claimNext(db(), `w${i}`, ['race'], now)));
    const ids = claims.filter((c) => c !== null).map((c) => c!.id);
    assert.equal(ids.length, 20);
    assert.equal(new Set(ids).size, 20);
  });

  test('a job locked by a crashed worker is claimed again after the lock timeout', async () => {
    await enqueue(db(), 'crash', {});
    const first = await claimNext(db(), 'dies', ['crash'], now);
    assert.ok(first);
    assert.equal(await claimNext(db(), 'other', ['crash'], new Date(now.getTime() + 1000)), null);
    const again = await claimNext(db(), 'other', ['crash'], new Date(now.getTime() + LOCK_TIMEOUT_MS + 1000));
    assert.equal(again?.id, first.id);
    assert.equal(again?.attempts, 2);
  });

  test('a renewed lease keeps other workers off a job; once it lapses another takes it and the first holder has lost it', async () => {
    await enqueue(db(), 'leased', {});
    const at = (ms: number) => new Date(now.getTime() + ms);
    const job = (await claimNext(db(), 'holder', ['leased'], now, 2_000))!;
    assert.ok(await renewLease(db(), job.id, 'holder', at(1_500)));
    assert.equal(
      await claimNext(db(), 'other', ['leased'], at(3_000), 2_000),
      null,
      'renewed at 1.5 s, so still held at 3 s',
    );
    const taken = await claimNext(db(), 'other', ['leased'], at(4_000), 2_000);
    assert.equal(taken?.id, job.id);
    assert.equal(await renewLease(db(), job.id, 'holder', at(4_100)), false);
  });

  test('a worker keeps renewing the lease of a job that outlasts it, so it runs once', async () => {
    const id = (await enqueue(db(), 'long', {}))!;
    let runs = 0;
    const worker = new Worker(
      db(),
      {
        long: async () => {
          runs++;
          await sleep(2_500);
        },
      },
      { id: 'long-runner', leaseMs: 1_000, pollMs: 50, concurrency: 1 },
    );
    worker.start();
    await sleep(1_800);
    assert.equal(
      await claimNext(db(), 'thief', ['long'], new Date(), 1_000),
      null,
      'still leased after almost two leases',
    );
    await worker.stop();
    const [job] = await db().query<{ attempts: number; done: boolean }>(
      'SELECT attempts, done_at IS NOT NULL AS done FROM jobs WHERE id = $1',
      [id],
    );
    assert.deepEqual({ runs, ...job }, { runs: 1, attempts: 1, done: true });
  });

  test('a failed job waits with backoff and stops after its last attempt', async () => {
    await enqueue(db(), 'flaky', {}, { maxAttempts: 2 });
    const j1 = (await claimNext(db(), 'w', ['flaky'], now))!;
    await failJob(db(), j1, 'boom', now);
    assert.equal(await claimNext(db(), 'w', ['flaky'], new Date(now.getTime() + 5_000)), null, 'backoff');
    const j2 = (await claimNext(db(), 'w', ['flaky'], new Date(now.getTime() + 11_000)))!;
    assert.equal(j2.attempts, 2);
    await failJob(db(), j2, 'boom again', now);
    assert.equal(await claimNext(db(), 'w', ['flaky'], new Date(now.getTime() + 3_600_000)), null, 'no attempts left');
    const rows = await db().query<{ last_error: string }>('SELECT last_error FROM jobs WHERE id = $1', [j2.id]);
    assert.equal(rows[0].last_error, 'boom again');
  });

  test('a worker runs each due job with its handler and marks it done', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) await enqueue(db(), 'work', { i });
    const worker = new Worker(
      db(),
      {
        work: async (job) => {
          seen.push((job.payload as { i: number }).i);
        },
      },
      { id: 'drain' },
    );
    assert.equal(await worker.drain(), 3);
    assert.deepEqual(seen.sort(), [0, 1, 2]);
    const left = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'work' AND done_at IS NULL`,
    );
    assert.equal(left[0].n, 0);
  });

  test('a completed job is never run again', async () => {
    const id = (await enqueue(db(), 'single', {}))!;
    const job = (await claimNext(db(), 'w', ['single'], now))!;
    await completeJob(db(), id, now);
    assert.equal(job.id, id);
    assert.equal(await claimNext(db(), 'w', ['single'], new Date(now.getTime() + LOCK_TIMEOUT_MS * 2)), null);
  });
});
