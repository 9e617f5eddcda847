import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW, type TestEnv } from '../../support/app.js';
import { createUser } from '../../support/credentials.js';
import { runJobs } from '../../support/draft-client.js';
import { startFixtureSite, type FixtureResponse, type FixtureRoutes } from '../../support/fixture-site.js';
import {
  draftListing,
  emptyFreeQueue,
  homepageWithBadge,
  homepageWithoutBadge,
  otherSiteListing,
} from '../../support/free-launch.js';
import { chooseFreeListing } from '../../../src/domain/free-queue/choose-free-listing.js';
import {
  badgeCheckJobKind,
  enqueueBadgeCheck,
  enqueueDueBadgeChecks,
  runBadgeCheck,
} from '../../../src/domain/free-queue/badge-check.js';
import { loadFreeLaunch } from '../../../src/domain/free-queue/free-queue-repository.js';

const routes: FixtureRoutes = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: LaunchdeckBot\nDisallow: /hidden\n' },
  '/leaks': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
  '/hidden': { body: homepageWithBadge('robots-says-no') },
};
let site: Awaited<ReturnType<typeof startFixtureSite>>;
/** A second website (another origin) that pages of `site` redirect to; its robots.txt keeps LaunchdeckBot out of /private. */
const otherRoutes: FixtureRoutes = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: LaunchdeckBot\nDisallow: /private\n' },
  '/private': { body: homepageWithBadge('cross-origin-no') },
  '/hidden': { body: homepageWithBadge('cross-origin-yes') },
};
let other: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite(routes);
  other = await startFixtureSite(otherRoutes);
  routes['/to-other-private'] = (): FixtureResponse => ({
    status: 302,
    headers: { location: `${other.origin}/private` },
  });
  routes['/to-other-hidden'] = (): FixtureResponse => ({
    status: 302,
    headers: { location: `${other.origin}/hidden` },
  });
});
after(async () => {
  await site.close();
  await other.close();
});

const HOUR = 3_600_000;

describeEachDatabase(
  'badge checks of the free queue',
  (env) => {
    let email: string;
    let userId: number;
    before(async () => {
      email = await createUser(env(), 'badge-owner');
      userId = (await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
    });
    beforeEach(async () => {
      env().clock.now = new Date(FIXED_NOW);
      await emptyFreeQueue(env());
    });

    /** A listing queued for free whose homepage is `path` on the fixture site. */
    async function queued(e: TestEnv, slug: string, path: string): Promise<number> {
      const id = await draftListing(e, email, slug, `${site.origin}${path}`);
      await chooseFreeListing(e.ctx, id, userId);
      return id;
    }

    test('a found badge schedules the listing and records when and what was seen', async () => {
      routes['/with-badge'] = { body: homepageWithBadge('seen-badge') };
      const id = await queued(env(), 'seen-badge', '/with-badge');
      const after = await runBadgeCheck(env().ctx, id);
      assert.equal(after?.status, 'scheduled');
      assert.equal(after?.badge_found_at, FIXED_NOW.toISOString());
      assert.equal(after?.badge_check_result?.outcome, 'found');
      assert.match(after!.badge_check_result!.evidence!, /<img src="http:\/\/launchdeck\.test\/badges\/seen-badge\//);
    });

    test('a plain text link to the listing page is enough', async () => {
      routes['/text-link'] = {
        body: '<html><body><p>As seen on <a href="https://www.launchdeck.test/p/text-link/">Launchdeck</a></p></body></html>',
      };
      const id = await queued(env(), 'text-link', '/text-link');
      assert.equal((await runBadgeCheck(env().ctx, id))?.status, 'scheduled');
    });

    test('without the badge the listing keeps waiting, with the check recorded', async () => {
      routes['/plain'] = { body: homepageWithoutBadge };
      const id = await queued(env(), 'still-waiting', '/plain');
      const after = await runBadgeCheck(env().ctx, id);
      assert.equal(after?.status, 'awaiting_badge');
      assert.equal(after?.badge_checked_at, FIXED_NOW.toISOString());
      assert.equal(after?.badge_check_result?.found, false);
      assert.match(after!.badge_check_result!.detail, /^not found/);
    });

    test('a homepage robots.txt disallows is never fetched, and the check says so', async () => {
      const id = await queued(env(), 'robots-says-no', '/hidden');
      const before = site.requests.length;
      const after = await runBadgeCheck(env().ctx, id);
      assert.equal(after?.status, 'awaiting_badge');
      assert.equal(after?.badge_check_result?.outcome, 'disallowed');
      assert.match(after!.badge_check_result!.detail, /robots\.txt does not allow LaunchdeckBot to read \/hidden/);
      assert.deepEqual(
        site.requests.slice(before).map((r) => r.path),
        ['/robots.txt'],
      );
      assert.match(site.requests[before].userAgent, /^LaunchdeckBot\/1\.0/);
    });

    test('a homepage redirecting to another origin whose robots.txt disallows us is not counted, and the check says so', async () => {
      const id = await queued(env(), 'cross-origin-no', '/to-other-private');
      const before = other.requests.length;
      const after = await runBadgeCheck(env().ctx, id);
      assert.equal(after?.status, 'awaiting_badge');
      assert.equal(after?.badge_check_result?.found, false);
      assert.equal(after?.badge_check_result?.outcome, 'disallowed');
      assert.equal(
        after?.badge_check_result?.detail,
        `not read: the homepage redirects to ${other.origin}/private, which ${other.origin}'s robots.txt does not allow LaunchdeckBot to read`,
      );
      assert.ok(
        other.requests.slice(before).some((r) => r.path === '/robots.txt'),
        "the target origin's robots.txt was read",
      );
      assert.ok(
        !other.requests.slice(before).some((r) => r.path === '/private'),
        'the disallowed target was never fetched',
      );
    });

    test("a redirect target is judged by its own origin's robots.txt, not the starting site's", async () => {
      // The starting site disallows /hidden; the other origin allows it.
      const id = await queued(env(), 'cross-origin-yes', '/to-other-hidden');
      const after = await runBadgeCheck(env().ctx, id);
      assert.equal(after?.status, 'scheduled');
      assert.equal(after?.badge_check_result?.final_url, `${other.origin}/hidden`);
    });

    test('a redirect to a private address is refused, and the check says so', async () => {
      const id = await queued(env(), 'leaky', '/leaks');
      const after = await runBadgeCheck(env().ctx, id);
      assert.equal(after?.status, 'awaiting_badge');
      assert.equal(after?.badge_check_result?.outcome, 'refused');
      assert.match(after!.badge_check_result!.detail, /^refused: 169\.254\.169\.254 is a private or reserved address/);
    });

    test('a homepage that cannot be reached is reported, not thrown', async () => {
      const id = await queued(env(), 'gone-away', '/does-not-exist');
      const after = await runBadgeCheck(env().ctx, id);
      assert.equal(after?.badge_check_result?.outcome, 'unreadable');
      assert.match(after!.badge_check_result!.detail, /HTTP 404/);
    });

    test('choosing the free plan queues the first check at once', async () => {
      routes['/soon'] = { body: homepageWithBadge('checked-at-once') };
      const id = await queued(env(), 'checked-at-once', '/soon');
      const jobs = await env().ctx.db.query<{ kind: string }>(
        `SELECT kind FROM jobs WHERE payload->>'listingId' = $1 AND done_at IS NULL`,
        [String(id)],
      );
      assert.deepEqual(
        jobs.map((j) => j.kind),
        [badgeCheckJobKind(env().ctx.site.key)],
      );
      await runJobs(env());
      assert.equal((await loadFreeLaunch(env().ctx.db, env().ctx.site.id, id))?.status, 'scheduled');
    });

    test('a listing is checked again once its last check is 6 hours old, once however often it is asked', async () => {
      routes['/later'] = { body: homepageWithoutBadge };
      const id = await queued(env(), 'check-again', '/later');
      await runJobs(env());
      env().clock.now = new Date(FIXED_NOW.getTime() + 5 * HOUR);
      assert.equal(await enqueueDueBadgeChecks(env().ctx), 0, 'checked 5 hours ago');
      env().clock.now = new Date(FIXED_NOW.getTime() + 6 * HOUR);
      assert.equal(await enqueueDueBadgeChecks(env().ctx), 1);
      assert.equal(await enqueueDueBadgeChecks(env().ctx), 0, 'a second scheduler in the same slot adds nothing');
      routes['/later'] = { body: homepageWithBadge('check-again') };
      await runJobs(env());
      assert.equal((await loadFreeLaunch(env().ctx.db, env().ctx.site.id, id))?.status, 'scheduled');
    });

    test('a listing no longer awaiting its badge is left as it is', async () => {
      const id = await draftListing(env(), email, 'just-a-draft', `${site.origin}/plain`);
      const before = site.requests.length;
      assert.equal((await runBadgeCheck(env().ctx, id))?.status, 'draft');
      assert.equal(site.requests.length, before);
    });

    test("a badge check of another site's listing is not claimed by this site's worker", async () => {
      const elsewhere = await otherSiteListing(env(), 'other-site-listing');
      const jobId = await enqueueBadgeCheck(env().ctx.db, elsewhere.siteKey, elsewhere.listingId, env().ctx.now());
      assert.equal(await runJobs(env()), 0);
      const rows = await env().ctx.db.query<{ attempts: number; done_at: string | null }>(
        'SELECT attempts, done_at FROM jobs WHERE id = $1',
        [jobId],
      );
      assert.deepEqual(rows[0], { attempts: 0, done_at: null });
    });

    test('a badge check whose listing is not on this site fails visibly instead of being done', async () => {
      const elsewhere = await otherSiteListing(env(), 'misfiled-listing');
      const jobId = await enqueueBadgeCheck(env().ctx.db, env().ctx.site.key, elsewhere.listingId, env().ctx.now());
      assert.equal(await runJobs(env()), 1);
      const rows = await env().ctx.db.query<{ done_at: string | null; last_error: string | null }>(
        'SELECT done_at, last_error FROM jobs WHERE id = $1',
        [jobId],
      );
      assert.equal(rows[0].done_at, null);
      assert.match(
        rows[0].last_error ?? '',
        new RegExp(`listing ${elsewhere.listingId} is not on site "${env().ctx.site.key}"`),
      );
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
