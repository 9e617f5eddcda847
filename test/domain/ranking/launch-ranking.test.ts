import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { addListing } from '../../support/fixtures.js';
import { castVote, voidVotes } from '../../../src/domain/votes/votes.js';
import { launchRankingOf, rankingsOf, type LaunchRanking } from '../../../src/domain/ranking/launch-ranking.js';
import { launchWeek } from '../../../src/domain/launches/launch-repository.js';
import { leaderboard } from '../../../src/domain/leaderboards/leaderboards.js';
import type { AppContext } from '../../../src/app-context.js';

const MONDAY = '2026-11-02';
const NOW = new Date('2026-11-09T12:00:00Z'); // the week after: the launch week is over
const at = (iso: string) => new Date(`${iso}Z`);
let seq = 0;

/** A confirmed account created at `createdAt` (a month before the week unless said). */
const voter = async (ctx: AppContext, createdAt = '2026-10-01T00:00:00') =>
  (
    await ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, email_verified_at, created_at) VALUES ($1, $2, $2) RETURNING id`,
      [`ranked-voter-${++seq}-${Math.random().toString(36).slice(2)}@test.invalid`, at(createdAt).toISOString()],
    )
  )[0].id;

const vote = async (ctx: AppContext, slug: string, when: string, o: { userId?: number; holdHours?: number } = {}) =>
  castVote(
    ctx.db,
    ctx.site.id,
    slug,
    { userId: o.userId ?? (await voter(ctx)) },
    { now: at(when), ip: '198.51.100.7', holdHours: o.holdHours ?? 0 },
  );

/** Each launch's ranking read on its own, as get_listing reads it. */
async function weekRankings(ctx: AppContext, ids: number[]): Promise<Record<number, LaunchRanking>> {
  const out: Record<number, LaunchRanking> = {};
  for (const id of ids) out[id] = (await launchRankingOf(ctx.db, ctx.site.id, { id, launch_week: MONDAY }))!;
  return out;
}

describeEachDatabase('how a launch rank is made', (env) => {
  let a: number;
  let b: number;
  let c: number;

  // A: 4 counted in the week (+1 counted the week after), 2 held, 1 owner's, 2 voided (one of them had been held).
  // B: 4 counted in the week, none after: equal in the week, fewer of all time, so below A. C: 1 counted.
  test('setting up a week of launches with counted, held, owner and voided votes', async () => {
    const { ctx } = env();
    a = (await addListing(ctx.db, ctx.site.id, { slug: 'rank-a', name: 'Rank A', launchWeek: MONDAY })).listingId;
    b = (await addListing(ctx.db, ctx.site.id, { slug: 'rank-b', name: 'Rank B', launchWeek: MONDAY })).listingId;
    c = (await addListing(ctx.db, ctx.site.id, { slug: 'rank-c', name: 'Rank C', launchWeek: MONDAY })).listingId;
    for (const when of ['2026-11-02T10:05:00', '2026-11-02T10:40:00', '2026-11-02T13:00:00', '2026-11-04T08:59:59'])
      assert.equal((await vote(ctx, 'rank-a', when)).counted, true);
    await vote(ctx, 'rank-a', '2026-11-09T08:00:00');
    const young = async () => voter(ctx, '2026-11-03T00:00:00');
    for (let i = 0; i < 3; i++)
      assert.ok(
        (await vote(ctx, 'rank-a', '2026-11-03T06:00:00', { userId: await young(), holdHours: 72 })).held_until,
      );
    const owner = await voter(ctx);
    await ctx.db.query(`INSERT INTO listing_owners (listing_id, user_id, role) VALUES ($1, $2, 'owner')`, [a, owner]);
    assert.equal((await vote(ctx, 'rank-a', '2026-11-02T11:00:00', { userId: owner })).counted, false);
    await vote(ctx, 'rank-a', '2026-11-05T20:00:00');
    const idOf = async (where: string) =>
      (
        await ctx.db.query<{ id: number }>(
          `SELECT id FROM votes WHERE listing_id = $1 AND ${where} ORDER BY id LIMIT 1`,
          [a],
        )
      )[0].id;
    const toVoid = [await idOf(`created_at = '2026-11-05T20:00:00Z'`), await idOf('held_until IS NOT NULL')];
    assert.equal((await voidVotes(ctx.db, ctx.site.id, toVoid, 'A burst from one address', NOW)).voided, 2);
    for (const when of ['2026-11-02T08:30:00', '2026-11-06T23:10:00', '2026-11-06T23:20:00', '2026-11-08T23:59:00'])
      await vote(ctx, 'rank-b', when);
    await vote(ctx, 'rank-c', '2026-11-07T12:00:00');
  });

  test('each launch is ranked by its counted votes of the week, ties by counted votes of all time', async () => {
    const { ctx } = env();
    const r = await weekRankings(ctx, [a, b, c]);
    assert.deepEqual(
      [a, b, c].map((id) => [r[id].rank, r[id].of, r[id].votes_counted]),
      [
        [1, 3, 4],
        [2, 3, 4],
        [3, 3, 1],
      ],
    );
    assert.equal(r[a].rule, 'launch-week-votes');
    assert.equal(r[a].week, MONDAY);
  });

  test("the rank and counted votes are the launch week's and the weekly board's", async () => {
    const { ctx } = env();
    const r = await weekRankings(ctx, [a, b, c]);
    const week = await launchWeek(ctx.db, ctx.site.id, MONDAY, NOW, 100, 0);
    assert.deepEqual(
      week.items.map((i) => [i.id, i.rank, i.week_votes]),
      week.items.map((i) => [i.id, r[i.id].rank, r[i.id].votes_counted]),
    );
    const board = await leaderboard(ctx.db, ctx.site.id, 'community-weekly', MONDAY, 100, 0);
    assert.deepEqual(
      board.items.map((i) => [i.listing.id, i.rank, i.metric.value]),
      board.items.map((i) => [i.listing.id, r[i.listing.id].rank, r[i.listing.id].votes_counted]),
    );
    assert.equal(board.items.length, 3);
  });

  test('the votes that do not count are told apart by reason', async () => {
    const { ctx } = env();
    const r = (await weekRankings(ctx, [a, b, c]))[a];
    assert.deepEqual(r.not_counted, { new_account_hold: 2, owner_vote: 1, moderator_voided: 2 });
    assert.deepEqual([r.votes_held, r.votes_voided], [2, 2]);
  });

  test('the counted votes per hour start at the launch hour and add up to the counted votes', async () => {
    const { ctx } = env();
    const r = await weekRankings(ctx, [a, b, c]);
    const h = r[a].votes_per_hour;
    assert.equal(h.start, '2026-11-02T09:00:00.000Z');
    assert.deepEqual(h.counts.slice(0, 5), [0, 2, 0, 0, 1]);
    assert.equal(h.counts.length, 48, 'Monday 09:00 to the last counted vote, Wednesday 08:59:59');
    for (const id of [a, b, c]) {
      const sum = r[id].votes_per_hour.counts.reduce((x, y) => x + y, 0);
      assert.equal(sum, r[id].votes_counted);
    }
    // B had a vote half an hour before its launch hour: the series starts earlier rather than lose it.
    assert.equal(r[b].votes_per_hour.start, '2026-11-02T08:00:00.000Z');
  });

  test('launches without a counted vote that week come last, ordered by counted votes of all time', async () => {
    const { ctx } = env();
    const d = (await addListing(ctx.db, ctx.site.id, { slug: 'rank-d', name: 'Rank D', launchWeek: MONDAY })).listingId;
    const e = (await addListing(ctx.db, ctx.site.id, { slug: 'rank-e', name: 'Rank E', launchWeek: MONDAY })).listingId;
    await vote(ctx, 'rank-e', '2026-11-09T09:00:00'); // after the week: counts of all time only
    const r = await weekRankings(ctx, [a, b, c, d, e]);
    assert.deepEqual(
      [e, d].map((id) => [r[id].rank, r[id].of, r[id].votes_counted, r[id].votes_per_hour.counts]),
      [
        [4, 5, 0, []],
        [5, 5, 0, []],
      ],
    );
    const week = await launchWeek(ctx.db, ctx.site.id, MONDAY, NOW, 100, 0);
    assert.deepEqual(
      week.items.map((i) => i.id),
      [a, b, c, e, d],
    );
    await ctx.db.query(`UPDATE listings SET status = 'draft' WHERE id = ANY($1::int[])`, [[d, e]]);
  });

  test("a page of the week gets each launch's own figures", async () => {
    const { ctx } = env();
    const week = await launchWeek(ctx.db, ctx.site.id, MONDAY, NOW, 100, 0);
    const page = await rankingsOf(
      ctx.db,
      MONDAY,
      week.items.map((i) => ({ id: i.id, rank: i.rank, of: week.total, launched_at: i.launched_at })),
    );
    const own = await weekRankings(ctx, [a, b, c]);
    for (const id of [a, b, c]) assert.deepEqual(page.get(id), own[id]);
  });
});
