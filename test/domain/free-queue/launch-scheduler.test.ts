import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW } from '../../support/app.js';
import { addListing } from '../../support/fixtures.js';
import { emptyFreeQueue, fillWeek } from '../../support/free-launch.js';
import { launchScheduledListings, moveMissedLaunchWeeks, runFreeQueue } from '../../../src/domain/free-queue/launch-scheduler.js';
import { loadFreeLaunch } from '../../../src/domain/free-queue/free-queue-repository.js';
import { setSetting } from '../../../src/domain/site/site-repository.js';

describeEachDatabase('the free queue scheduler', (env) => {
  beforeEach(async () => {
    env().clock.now = new Date(FIXED_NOW);
    await emptyFreeQueue(env());
  });
  const add = (slug: string, status: string, launchWeek: string) =>
    addListing(env().ctx.db, env().ctx.site.id, { slug, name: slug, status, plan: 'free', launchWeek, launchedAt: null });
  const statusOf = async (listingId: number) => (await loadFreeLaunch(env().ctx.db, env().ctx.site.id, listingId))!;

  test('a scheduled listing goes live when its week begins, not before', async () => {
    const { listingId } = await add('goes-live', 'scheduled', '2026-11-23');
    assert.deepEqual(await launchScheduledListings(env().ctx), []);
    env().clock.now = new Date('2026-11-23T00:01:00Z');
    assert.deepEqual(await launchScheduledListings(env().ctx), ['goes-live']);
    const l = await statusOf(listingId);
    assert.equal(l.status, 'live');
    assert.equal(l.launched_at, '2026-11-23T00:01:00.000Z');
  });

  test('two scheduler runs at once put each listing live exactly once', async () => {
    for (let i = 0; i < 8; i++) await add(`race-${i}`, 'scheduled', '2026-11-16');
    const runs = await Promise.all([launchScheduledListings(env().ctx), launchScheduledListings(env().ctx), launchScheduledListings(env().ctx)]);
    const launched = runs.flat().sort();
    assert.deepEqual(launched, Array.from({ length: 8 }, (_, i) => `race-${i}`));
    const rows = await env().ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings WHERE slug LIKE 'race-%' AND status = 'live'`);
    assert.equal(rows[0].n, 8);
  });

  test('a listing still awaiting its badge when its week begins moves to the next week with room, recorded', async () => {
    await setSetting(env().ctx.db, env().ctx.site.id, 'free_queue_week_capacity', 1);
    await fillWeek(env(), '2026-11-23', 1);
    const { listingId } = await add('missed-week', 'awaiting_badge', '2026-11-16');
    const moves = await moveMissedLaunchWeeks(env().ctx);
    assert.equal(moves.length, 1);
    const l = await statusOf(listingId);
    assert.equal(l.status, 'awaiting_badge');
    assert.equal(l.launch_week, '2026-11-30', 'next week is full, so the week after');
    assert.equal(l.launch_week_moves.length, 1);
    assert.equal(l.launch_week_moves[0].from, '2026-11-16');
    assert.equal(l.launch_week_moves[0].to, '2026-11-30');
    assert.match(l.launch_week_moves[0].reason, /badge was not found/);
  });

  test('an awaiting listing whose week has not begun stays where it is', async () => {
    const { listingId } = await add('not-yet', 'awaiting_badge', '2026-11-23');
    assert.deepEqual(await moveMissedLaunchWeeks(env().ctx), []);
    assert.equal((await statusOf(listingId)).launch_week, '2026-11-23');
  });

  test('two runs at once move a missed listing once', async () => {
    const { listingId } = await add('moved-once', 'awaiting_badge', '2026-11-16');
    const runs = await Promise.all([moveMissedLaunchWeeks(env().ctx), moveMissedLaunchWeeks(env().ctx)]);
    assert.equal(runs.flat().length, 1);
    assert.equal((await statusOf(listingId)).launch_week_moves.length, 1);
  });

  test('a tick launches what is due and queues the checks due', async () => {
    const live = await add('tick-live', 'scheduled', '2026-11-16');
    const waiting = await add('tick-waiting', 'awaiting_badge', '2027-01-04');
    const result = await runFreeQueue(env().ctx);
    assert.deepEqual(result.launched, ['tick-live']);
    assert.equal(result.checksQueued, 1);
    assert.equal((await statusOf(live.listingId)).status, 'live');
    assert.equal((await statusOf(waiting.listingId)).status, 'awaiting_badge');
  });
});
