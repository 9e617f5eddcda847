import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW } from '../support/app.js';
import { addListing } from '../support/fixtures.js';
import { launchVoting, VOTER_IP } from '../support/launch-votes.js';
import { mondayOf } from '../../src/domain/weeks/weeks.js';

const MONDAY = mondayOf(FIXED_NOW); // the current week: its ranking still moves

const RANKING_KEYS = [
  'not_counted',
  'of',
  'rank',
  'rule',
  'votes_counted',
  'votes_held',
  'votes_per_hour',
  'votes_voided',
  'week',
];

describeEachDatabase(
  'the ranking in get_listing and get_launch_week',
  (env) => {
    let voting: ReturnType<typeof launchVoting>;
    const vote: ReturnType<typeof launchVoting>['vote'] = (...a) => voting.vote(...a);

    test('setting up this week: two launches with counted, held and voided votes', async () => {
      const { ctx } = env();
      voting = launchVoting(ctx, MONDAY);
      for (const slug of ['ranked-one', 'ranked-two'])
        await addListing(ctx.db, ctx.site.id, { slug, name: slug, launchWeek: MONDAY });
      await addListing(ctx.db, ctx.site.id, { slug: 'never-launched', name: 'Never launched' });
      for (const hour of ['09:10', '09:50', '11:00']) await vote('ranked-one', hour);
      await vote('ranked-one', '12:00', { young: true });
      await vote('ranked-two', '10:00');
      await vote('ranked-two', '10:30');
      await voting.voidLatest('ranked-two', 'Same address, same minute', FIXED_NOW);
    });

    test("get_listing's ranking is the launch week's rank and counted votes", async () => {
      const one = (await env().json('/api/v1/listings/ranked-one')).body.ranking;
      const week = (await env().json(`/api/v1/launches/weeks/${MONDAY}`)).body;
      const item = week.items.find((i: { slug: string }) => i.slug === 'ranked-one');
      assert.deepEqual([one.rank, one.votes_counted], [item.rank, item.week_votes]);
      assert.deepEqual(one, item.ranking, 'get_launch_week carries the same figures');
      assert.deepEqual([one.rank, one.of, one.votes_counted, one.votes_held, one.votes_voided], [1, 2, 3, 1, 0]);
      const two = (await env().json('/api/v1/listings/ranked-two')).body.ranking;
      assert.deepEqual([two.rank, two.votes_counted, two.not_counted.moderator_voided], [2, 1, 1]);
    });

    test('the counted votes per hour add up to the counted votes', async () => {
      const r = (await env().json('/api/v1/listings/ranked-one')).body.ranking;
      assert.equal(r.votes_per_hour.start, `${MONDAY}T09:00:00.000Z`);
      assert.deepEqual(r.votes_per_hour.counts, [2, 0, 1]);
      assert.equal(
        r.votes_per_hour.counts.reduce((a: number, b: number) => a + b, 0),
        r.votes_counted,
      );
    });

    test('the answers hold counts only: no voter, address or reason text', async () => {
      for (const url of [
        '/api/v1/listings/ranked-one',
        '/api/v1/listings/ranked-two',
        `/api/v1/launches/weeks/${MONDAY}`,
      ]) {
        const res = await env().get(url);
        for (const e of voting.emails) assert.ok(!res.body.includes(e), `${url} shows no voter's address`);
        assert.ok(!res.body.includes(VOTER_IP), `${url} shows no IP address`);
        assert.ok(!res.body.includes('Vera Voter') && !res.body.includes('Same address'), url);
      }
      const r = (await env().json('/api/v1/listings/ranked-one')).body.ranking;
      assert.deepEqual(Object.keys(r).sort(), RANKING_KEYS);
      assert.deepEqual(Object.keys(r.not_counted).sort(), ['moderator_voided', 'new_account_hold', 'owner_vote']);
    });

    test('a listing that is not a launch has no ranking', async () => {
      const { body } = await env().json('/api/v1/listings/never-launched');
      assert.equal(body.ranking, null);
    });

    test("a vote for one launch moves the other's rank at once, though answers are cached", async () => {
      assert.equal((await env().json('/api/v1/listings/ranked-one')).body.ranking.rank, 1);
      for (const hour of ['13:00', '13:05', '13:10']) await vote('ranked-two', hour);
      const one = (await env().json('/api/v1/listings/ranked-one')).body.ranking;
      const two = (await env().json('/api/v1/listings/ranked-two')).body.ranking;
      assert.deepEqual([one.rank, two.rank, two.votes_counted], [2, 1, 4]);
      const week = (await env().json(`/api/v1/launches/weeks/${MONDAY}`)).body;
      assert.deepEqual(
        week.items.map((i: { slug: string; rank: number; ranking: { rank: number } }) => [
          i.slug,
          i.rank,
          i.ranking.rank,
        ]),
        [
          ['ranked-two', 1, 1],
          ['ranked-one', 2, 2],
        ],
      );
    });
  },
  // Cached as in production: the test shows a vote reaches every cached copy.
  { env: { READ_CACHE_SECONDS: '60' } },
);
