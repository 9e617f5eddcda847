import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW } from '../../support/app.js';
import { addListing } from '../../support/fixtures.js';
import { alreadyMoved, emptyFreeQueue, fillWeek } from '../../support/free-launch.js';
import {
  launchScheduledListings,
  moveMissedLaunchWeeks,
  runFreeQueue,
} from '../../../src/domain/free-queue/launch-scheduler.js';
import { loadFreeLaunch } from '../../../src/domain/free-queue/free-queue-repository.js';
import { BADGE_CHECK_JOB, badgeCheckJobKind } from '../../../src/domain/free-queue/badge-check.js';
import { enqueue } from '../../../src/jobs/queue.js';
import { setSetting } from '../../../src/domain/site/site-repository.js';

const DAY = 86_400_000;

describeEachDatabase('the free queue scheduler', (env) => {
  beforeEach(async () => {
    env().clock.now = new Date(FIXED_NOW);
    await emptyFreeQueue(env());
  });
  const add = (slug: string, status: string, launchWeek: string) =>
    addListing(env().ctx.db, env().ctx.site.id, {
      slug,
      name: slug,
      status,
      plan: 'free',
      launchWeek,
      launchedAt: null,
    });
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
    const runs = await Promise.all([
      launchScheduledListings(env().ctx),
      launchScheduledListings(env().ctx),
      launchScheduledListings(env().ctx),
    ]);
    const launched = runs.flat().sort();
    assert.deepEqual(
      launched,
      Array.from({ length: 8 }, (_, i) => `race-${i}`),
    );
    const rows = await env().ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listings WHERE slug LIKE 'race-%' AND status = 'live'`,
    );
    assert.equal(rows[0].n, 8);
  });

  test('a listing still awaiting its badge when its week begins moves to the first week with room 6 to 8 weeks out, recorded', async () => {
    await setSetting(env().ctx.db, env().ctx.site.id, 'free_queue_week_capacity', 1);
    await fillWeek(env(), '2027-01-04', 1);
    const { listingId } = await add('missed-week', 'awaiting_badge', '2026-11-16');
    const { moved } = await moveMissedLaunchWeeks(env().ctx);
    assert.equal(moved.length, 1);
    const l = await statusOf(listingId);
    assert.equal(l.status, 'awaiting_badge');
    assert.equal(l.launch_week, '2027-01-11', 'the first week of the window is full, so the second');
    assert.equal(l.launch_week_moves.length, 1);
    assert.equal(l.launch_week_moves[0].from, '2026-11-16');
    assert.equal(l.launch_week_moves[0].to, '2027-01-11');
    assert.match(l.launch_week_moves[0].reason, /badge was not found/);
  });

  test('a missed week is not moved to next week even when next week has room', async () => {
    const { listingId } = await add('no-jumping', 'awaiting_badge', '2026-11-16');
    await moveMissedLaunchWeeks(env().ctx);
    const days =
      (Date.parse(`${(await statusOf(listingId)).launch_week}T00:00:00Z`) - Date.parse('2026-11-18T00:00:00Z')) / DAY;
    assert.ok(days >= 42 && days <= 56, `${days} days out`);
  });

  test('a listing that misses its week after two moves goes back to draft, with the reason recorded', async () => {
    const { listingId } = await add('third-miss', 'awaiting_badge', '2026-11-16');
    const earlier = await alreadyMoved(env(), listingId, 2);
    const { moved, returned } = await moveMissedLaunchWeeks(env().ctx);
    assert.deepEqual(moved, []);
    assert.deepEqual(
      returned.map((r) => r.slug),
      ['third-miss'],
    );
    const l = await statusOf(listingId);
    assert.deepEqual(
      { status: l.status, plan: l.plan, launch_week: l.launch_week },
      { status: 'draft', plan: null, launch_week: null },
    );
    assert.equal(l.free_queue_exit?.at, FIXED_NOW.toISOString());
    assert.equal(l.free_queue_exit?.launch_week, '2026-11-16');
    assert.deepEqual(l.free_queue_exit?.moves, earlier);
    assert.match(
      l.free_queue_exit!.reason,
      /^Taken out of the free queue on 2026-11-18 12:00 UTC: our badge was not found on the homepage before the week of 2026-11-16 began, and its launch had already moved 2 times \(2026-11-02 → 2026-11-09 → 2026-11-16\)\. .*choose the free plan again/,
    );
  });

  test('a missed listing goes back to draft when no week 6 to 8 weeks out has room', async () => {
    await setSetting(env().ctx.db, env().ctx.site.id, 'free_queue_week_capacity', 1);
    await fillWeek(env(), '2027-01-04', 1);
    await fillWeek(env(), '2027-01-11', 1);
    const { listingId } = await add('no-room', 'awaiting_badge', '2026-11-16');
    const { returned } = await moveMissedLaunchWeeks(env().ctx);
    assert.equal(returned.length, 1);
    const l = await statusOf(listingId);
    assert.equal(l.status, 'draft');
    assert.match(l.free_queue_exit!.reason, /no launch week 6–8 weeks out had room/);
  });

  test('an awaiting listing whose week has not begun stays where it is', async () => {
    const { listingId } = await add('not-yet', 'awaiting_badge', '2026-11-23');
    assert.deepEqual(await moveMissedLaunchWeeks(env().ctx), { moved: [], returned: [] });
    assert.equal((await statusOf(listingId)).launch_week, '2026-11-23');
  });

  test('two runs at once move a missed listing once', async () => {
    const { listingId } = await add('moved-once', 'awaiting_badge', '2026-11-16');
    const runs = await Promise.all([moveMissedLaunchWeeks(env().ctx), moveMissedLaunchWeeks(env().ctx)]);
    assert.equal(runs.flatMap((r) => r.moved).length, 1);
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

  test("a tick deletes this site's badge checks finished more than 7 days ago, and no other job", async () => {
    const db = env().ctx.db;
    const job = async (kind: string, doneDaysAgo: number | null) => {
      const id = (await enqueue(db, kind, { listingId: 1 }, { runAt: new Date(FIXED_NOW.getTime() - 10 * DAY) }))!;
      if (doneDaysAgo !== null)
        await db.query('UPDATE jobs SET done_at = $2 WHERE id = $1', [
          id,
          new Date(FIXED_NOW.getTime() - doneDaysAgo * DAY).toISOString(),
        ]);
      return id;
    };
    const ours = badgeCheckJobKind(env().ctx.site.key);
    const old = await job(ours, 8);
    const legacy = await job(BADGE_CHECK_JOB, 8);
    const recent = await job(ours, 6);
    const open = await job(ours, null);
    const otherSite = await job(badgeCheckJobKind('elsewhere'), 8);
    const otherKind = await job('draft.process', 8);
    assert.equal((await runFreeQueue(env().ctx)).checksPurged, 2);
    const left = (await db.query<{ id: number }>('SELECT id FROM jobs ORDER BY id')).map((r) => Number(r.id));
    assert.deepEqual(left, [recent, open, otherSite, otherKind].map(Number), `#${old} and #${legacy} are gone`);
  });
});
