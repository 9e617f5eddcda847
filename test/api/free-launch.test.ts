import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW, type TestEnv } from '../support/app.js';
import { founder, runJobs } from '../support/draft-client.js';
import { startFixtureSite, type FixtureRoutes } from '../support/fixture-site.js';
import {
  alreadyMoved,
  draftListing,
  emptyFreeQueue,
  fillWeek,
  homepageWithBadge,
  homepageWithoutBadge,
} from '../support/free-launch.js';
import { launchScheduledListings, moveMissedLaunchWeeks } from '../../src/domain/free-queue/launch-scheduler.js';
import { loadFreeLaunch } from '../../src/domain/free-queue/free-queue-repository.js';
import { setSetting } from '../../src/domain/site/site-repository.js';
import { callTool } from '../support/mcp-rpc.js';

const routes: FixtureRoutes = {};
let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite(routes);
});
after(async () => {
  await site.close();
});

const DAY = 86_400_000;
const slugsOf = (items: { slug: string }[]) => items.map((i) => i.slug);

describeEachDatabase(
  'choose_free_listing and the free launch queue',
  (env) => {
    let owner: Awaited<ReturnType<typeof founder>>;
    before(async () => {
      owner = await founder(env());
    });
    beforeEach(async () => {
      env().clock.now = new Date(FIXED_NOW);
      await emptyFreeQueue(env());
    });

    /** A draft listing of the owner whose homepage (on the fixture site) does or does not show our badge. */
    async function draft(e: TestEnv, slug: string, withBadge: boolean): Promise<number> {
      routes[`/${slug}`] = { body: withBadge ? homepageWithBadge(slug) : homepageWithoutBadge };
      return draftListing(e, owner.email, slug, `${site.origin}/${slug}`);
    }
    const choose = (id: number) => owner.call('POST', `/me/listings/${id}/free`);

    test('a draft joins the queue awaiting its badge, in a week 6 to 8 weeks out', async () => {
      const id = await draft(env(), 'queued-one', false);
      const res = await choose(id);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.status, 'awaiting_badge');
      assert.equal(res.body.plan, 'free');
      assert.equal(res.body.launch_week, '2027-01-04');
      const days = (Date.parse(`${res.body.launch_week}T00:00:00Z`) - Date.parse('2026-11-18T00:00:00Z')) / DAY;
      assert.ok(days >= 42 && days <= 56, `${days} days out`);
    });

    test('the answer carries the exact embed code linking to the listing page, and what is missing', async () => {
      const id = await draft(env(), 'embed-me', false);
      const { body } = await choose(id);
      assert.match(
        body.badge_embed_html,
        /^<a href="http:\/\/launchdeck\.test\/p\/embed-me" target="_blank" rel="noopener"><img src="http:\/\/launchdeck\.test\/badges\/embed-me\/listed\.svg\?[^"]*" alt="[^"]*" width="\d+" height="\d+" \/><\/a>$/,
      );
      assert.equal(body.badge_link_url, 'http://launchdeck.test/p/embed-me');
      assert.equal(body.missing.length, 1);
      assert.match(body.missing[0], new RegExp(`^our badge on ${site.origin}/embed-me \\(not checked yet`));
    });

    test('a listing awaiting its badge is not public', async () => {
      const id = await draft(env(), 'not-public-yet', true);
      await choose(id);
      assert.equal((await env().get('/api/v1/listings/not-public-yet')).statusCode, 404);
      const week = await env().json('/api/v1/launches/weeks/2027-01-04');
      assert.ok(!slugsOf(week.body.items).includes('not-public-yet'));
    });

    test('the full path: badge found, scheduled, then live in its week', async () => {
      const id = await draft(env(), 'full-path', true);
      assert.equal((await choose(id)).body.status, 'awaiting_badge');
      await runJobs(env());
      const scheduled = await choose(id);
      assert.equal(scheduled.status, 200);
      assert.equal(scheduled.body.status, 'scheduled');
      assert.deepEqual(scheduled.body.missing, []);
      assert.equal(scheduled.body.last_badge_check.found, true);
      assert.equal((await env().get('/api/v1/listings/full-path')).statusCode, 200, 'a scheduled listing is public');
      assert.ok(slugsOf((await env().json('/api/v1/launches/weeks/2027-01-04')).body.items).includes('full-path'));

      env().clock.now = new Date('2027-01-03T23:00:00Z');
      assert.deepEqual(await launchScheduledListings(env().ctx), [], 'not before its Monday');
      env().clock.now = new Date('2027-01-04T00:30:00Z');
      assert.deepEqual(await launchScheduledListings(env().ctx), ['full-path']);
      const live = await env().json('/api/v1/listings/full-path');
      assert.equal(live.status, 200);
      const week = await env().json('/api/v1/launches/weeks/this');
      assert.ok(slugsOf(week.body.items).includes('full-path'));
      const rows = await env().ctx.db.query<{ status: string; launched_at: string }>(
        'SELECT status, launched_at FROM listings WHERE id = $1',
        [id],
      );
      assert.deepEqual(rows[0], { status: 'live', launched_at: '2027-01-04T00:30:00.000Z' });
    });

    test('without the badge the listing stays awaiting it, and says what is missing', async () => {
      const id = await draft(env(), 'no-badge', false);
      await choose(id);
      await runJobs(env());
      const { body } = await choose(id);
      assert.equal(body.status, 'awaiting_badge');
      assert.equal(body.last_badge_check.found, false);
      assert.equal(body.last_badge_check.outcome, 'not_found');
      assert.match(
        body.missing[0],
        new RegExp(`^our badge on ${site.origin}/no-badge \\(last checked 2026-11-18 12:00 UTC: not found`),
      );
    });

    test('asking again while queued answers the current state without queueing twice', async () => {
      const id = await draft(env(), 'twice', false);
      const first = await choose(id);
      const second = await choose(id);
      assert.equal(second.status, 200);
      assert.deepEqual(second.body, first.body);
      const jobs = await env().ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE payload->>'listingId' = $1`,
        [String(id)],
      );
      assert.equal(jobs[0].n, 1);
    });

    test('a live listing cannot join the free queue', async () => {
      const id = await draft(env(), 'already-live', false);
      await env().ctx.db.query(
        `UPDATE listings SET status = 'live', launch_week = '2026-11-16', launched_at = now() WHERE id = $1`,
        [id],
      );
      const res = await choose(id);
      assert.equal(res.status, 409);
      assert.match(res.body.detail, /already live/);
    });

    test("another user's listing is forbidden and an unknown one is not found", async () => {
      const id = await draft(env(), 'owned-by-one', false);
      const stranger = await founder(env(), 'stranger');
      assert.equal((await stranger.call('POST', `/me/listings/${id}/free`)).status, 403);
      assert.equal((await owner.call('POST', '/me/listings/999999/free')).status, 404);
      const rows = await env().ctx.db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [id]);
      assert.equal(rows[0].status, 'draft');
    });

    test('a full week sends the listing to the next week with room', async () => {
      await setSetting(env().ctx.db, env().ctx.site.id, 'free_queue_week_capacity', 2);
      await fillWeek(env(), '2027-01-04', 2);
      const id = await draft(env(), 'next-week', false);
      assert.equal((await choose(id)).body.launch_week, '2027-01-11');
    });

    test('when every week of the window is full the queue answers 409', async () => {
      await setSetting(env().ctx.db, env().ctx.site.id, 'free_queue_week_capacity', 1);
      await fillWeek(env(), '2027-01-04', 1);
      await fillWeek(env(), '2027-01-11', 1);
      const id = await draft(env(), 'queue-full', false);
      const res = await choose(id);
      assert.equal(res.status, 409);
      assert.match(res.body.detail, /free queue is full for the next weeks; try later or launch with an order/);
      const rows = await env().ctx.db.query<{ status: string; plan: string | null }>(
        'SELECT status, plan FROM listings WHERE id = $1',
        [id],
      );
      assert.deepEqual(rows[0], { status: 'draft', plan: null });
    });

    test('site settings change the window', async () => {
      await setSetting(env().ctx.db, env().ctx.site.id, 'free_queue_min_weeks', 2);
      await setSetting(env().ctx.db, env().ctx.site.id, 'free_queue_max_weeks', 3);
      const id = await draft(env(), 'short-window', false);
      assert.equal((await choose(id)).body.launch_week, '2026-12-07');
    });

    test('the same tool answers over MCP', async () => {
      const id = await draft(env(), 'over-mcp', false);
      const res = await callTool(
        env(),
        'choose_free_listing',
        { listing_id: id },
        { authorization: `Bearer ${owner.key}` },
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.result.isError ?? false, false, JSON.stringify(res.body));
      assert.equal(res.body.result.structuredContent.status, 'awaiting_badge');
      assert.equal(res.body.result.structuredContent.launch_week, '2027-01-04');
    });

    test('an account with three listings waiting for the badge cannot queue a fourth', async () => {
      for (const slug of ['waiting-1', 'waiting-2', 'waiting-3'])
        assert.equal((await choose(await draft(env(), slug, false))).status, 200);
      const id = await draft(env(), 'waiting-4', false);
      const res = await choose(id);
      assert.equal(res.status, 409);
      assert.match(
        res.body.detail,
        /^You already have 3 listings in the free queue waiting for our badge, the most one account may have on this site\. Put the badge on their homepages/,
      );
      const rows = await env().ctx.db.query<{ status: string; plan: string | null }>(
        'SELECT status, plan FROM listings WHERE id = $1',
        [id],
      );
      assert.deepEqual(rows[0], { status: 'draft', plan: null });
    });

    test("a listing whose badge was found no longer counts against the account's limit", async () => {
      await setSetting(env().ctx.db, env().ctx.site.id, 'free_queue_max_waiting_per_user', 1);
      await choose(await draft(env(), 'found-first', true));
      const second = await draft(env(), 'then-second', false);
      assert.equal((await choose(second)).status, 409, 'one waiting is the most');
      await runJobs(env());
      assert.equal((await choose(second)).status, 200);
    });

    test('a listing taken out of the queue can choose the free plan again and starts afresh', async () => {
      const id = await draft(env(), 'second-chance', false);
      await choose(id);
      await env().ctx.db.query(`UPDATE listings SET launch_week = '2026-11-16' WHERE id = $1`, [id]);
      await alreadyMoved(env(), id, 2);
      await moveMissedLaunchWeeks(env().ctx);
      const stored = await loadFreeLaunch(env().ctx.db, env().ctx.site.id, id);
      assert.equal(stored?.status, 'draft');
      assert.match(stored!.free_queue_exit!.reason, /moved 2 times/);
      const mine = (await owner.call('GET', `/me/listings/${id}`)).body;
      assert.match(mine.next_step, /moved 2 times.*Publish again/, 'the owner is told why it is a draft again');
      const again = await choose(id);
      assert.equal(again.status, 200);
      assert.equal(again.body.status, 'awaiting_badge');
      assert.equal(again.body.launch_week, '2027-01-04');
      assert.deepEqual(again.body.launch_week_moves, []);
      assert.equal((await loadFreeLaunch(env().ctx.db, env().ctx.site.id, id))?.free_queue_exit, null);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
