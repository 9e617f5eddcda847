import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { founder } from '../../support/draft-client.js';
import { ownedListing } from '../../support/orders.js';
import { admin, createApiKey, createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { FormClient } from '../../support/form-client.js';
import { callTool, toolProblem } from '../../support/mcp-rpc.js';
import { castVote, voidVotes } from '../../../src/domain/votes/votes.js';
import { follow } from '../../../src/domain/my-listings/followers.js';
import { reviewedListing, writeReview } from '../../../src/domain/reviews/reviews.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const LAUNCH = '2026-11-16'; // the Monday of the test clock's week
const SLUG = 'counted-product';

const userId = async (env: TestEnv, email: string) =>
  (await env.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;

/** A visit of the listing page from a browser at `ip`, with any other headers. */
const view = (env: TestEnv, ip: string, headers: Record<string, string> = {}, slug = SLUG) =>
  env.app.inject({
    method: 'GET',
    url: `/p/${slug}`,
    remoteAddress: ip,
    headers: { 'user-agent': BROWSER, ...headers },
  });
const click = (env: TestEnv, ip: string, headers: Record<string, string> = {}, slug = SLUG) =>
  env.app.inject({
    method: 'GET',
    url: `/go/${slug}`,
    remoteAddress: ip,
    headers: { 'user-agent': BROWSER, ...headers },
  });

const at = (env: TestEnv, iso: string) => {
  env.clock.now = new Date(iso);
};

describeEachDatabase('listing analytics', (env) => {
  let owner: Awaited<ReturnType<typeof founder>>;
  let listingId: number;
  let voteToVoid: number;

  before(async () => {
    owner = await founder(env(), 'analytics-owner');
    listingId = await ownedListing(env(), owner.email, SLUG, {
      status: 'live',
      plan: 'free',
      launchWeek: LAUNCH,
    });
    const { ctx } = env();
    const voter = async (label: string) => ({ userId: await userId(env(), await createUser(env(), label)) });

    // Monday: three browsers (one sent by another site, one moving between our pages), a reload, a
    // bot, a HEAD; one click; two counted votes, one held, the owner's own; a follow and a review.
    at(env(), `${LAUNCH}T10:00:00Z`);
    assert.equal((await view(env(), '203.0.113.1', { referer: 'https://news.example.com/item?id=1' })).statusCode, 200);
    assert.equal((await view(env(), '203.0.113.2', { referer: 'http://launchdeck.test/launches' })).statusCode, 200);
    await view(env(), '2001:db8:1:2::5');
    await view(env(), '203.0.113.1'); // a reload: not again
    await view(env(), '2001:db8:1:2::99'); // the same /64: not again
    await view(env(), '203.0.113.9', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await env().app.inject({
      method: 'HEAD',
      url: `/p/${SLUG}`,
      remoteAddress: '203.0.113.8',
      headers: { 'user-agent': BROWSER },
    });
    assert.equal((await click(env(), '203.0.113.1')).statusCode, 302);
    await click(env(), '203.0.113.1'); // a double click
    await click(env(), '203.0.113.7', { 'user-agent': 'curl/8.5.0' });
    const now = () => ctx.now();
    const first = await voter('first-voter');
    assert.equal((await castVote(ctx.db, ctx.site.id, SLUG, first, { now: now(), ip: null })).counted, true);
    await castVote(ctx.db, ctx.site.id, SLUG, await voter('second-voter'), { now: now(), ip: null });
    const held = await castVote(ctx.db, ctx.site.id, SLUG, await voter('young-voter'), {
      now: now(),
      ip: null,
      holdHours: 200_000,
    });
    assert.ok(held.held_until, 'the young account is held');
    await castVote(ctx.db, ctx.site.id, SLUG, { userId: await userId(env(), owner.email) }, { now: now(), ip: null });
    voteToVoid = (await ctx.db.query<{ id: number }>('SELECT id FROM votes WHERE user_id = $1', [first.userId]))[0].id;
    await follow(ctx.db, listingId, (await voter('follower')).userId, now());
    const reviewer = await voter('reviewer');
    const reviewed = await reviewedListing(ctx.db, ctx.site.id, SLUG);
    assert.equal((await writeReview(ctx.db, reviewed!, reviewer.userId, { rating: 5, body: 'Good.' }, now())).ok, true);

    // Half an hour later the first browser counts again.
    at(env(), `${LAUNCH}T10:31:00Z`);
    await view(env(), '203.0.113.1');

    // Tuesday: a view from www.news.example.com (the same host), two clicks; Monday's first vote is voided.
    at(env(), '2026-11-17T09:00:00Z');
    await view(env(), '198.51.100.4', { referer: 'https://www.news.example.com/' });
    await click(env(), '198.51.100.4');
    await click(env(), '198.51.100.5');
    await voidVotes(ctx.db, ctx.site.id, [voteToVoid], 'test', ctx.now());
    // A prefetch is not a visit.
    await view(env(), '198.51.100.6', { 'sec-purpose': 'prefetch' });

    at(env(), '2026-11-18T12:00:00Z');
    await ctx.analytics.flush();
  });

  test('the series of a launch week equal the events recorded that week, by the day they happened', async () => {
    const res = await owner.call('GET', `/listings/${SLUG}/analytics?launch=${LAUNCH}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const r = res.body;
    assert.equal(r.from, LAUNCH);
    assert.equal(r.to, '2026-11-22');
    assert.deepEqual(r.launches, [LAUNCH]);
    assert.deepEqual(r.days, [
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    const week = (...firstDays: number[]) => [...firstDays, ...Array(7 - firstDays.length).fill(0)];
    assert.deepEqual(r.series, {
      views: week(4, 1),
      clicks: week(1, 2),
      // By the day each vote was cast: the voided one was cast on Monday; the owner's is in none.
      votes_counted: week(1),
      votes_held: week(1),
      votes_voided: week(1),
      followers: week(1),
      reviews: week(1),
    });
    assert.deepEqual(r.totals, {
      views: 5,
      clicks: 3,
      votes_counted: 1,
      votes_held: 1,
      votes_voided: 1,
      followers: 1,
      reviews: 1,
    });
    assert.deepEqual(r.referrers, [{ host: 'news.example.com', count: 2 }]);
  });

  test('a range ends today and counts as many days as it says', async () => {
    const r = (await owner.call('GET', `/listings/${SLUG}/analytics?range=7d`)).body;
    assert.equal(r.days.length, 7);
    assert.equal(r.to, '2026-11-18');
    assert.equal(r.from, '2026-11-12');
    assert.equal(r.totals.views, 5);
    assert.equal((await owner.call('GET', `/listings/${SLUG}/analytics`)).body.days.length, 30);
    assert.equal((await owner.call('GET', `/listings/${SLUG}/analytics?range=90d`)).body.days.length, 90);
  });

  test('a week that is not one of its launches is a 400 naming launch', async () => {
    const res = await owner.call('GET', `/listings/${SLUG}/analytics?launch=2026-11-09`);
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].path, 'launch');
    assert.equal((await owner.call('GET', `/listings/${SLUG}/analytics?range=1y`)).status, 400);
  });

  test('counts flushed twice add up (the daily row grows, it is not replaced)', async () => {
    const { ctx } = env();
    // A later week, away from the launch week the other tests read.
    at(env(), '2026-11-25T13:00:00Z');
    await view(env(), '192.0.2.10');
    await ctx.analytics.flush();
    await view(env(), '192.0.2.11');
    await ctx.analytics.flush();
    const r = (await owner.call('GET', `/listings/${SLUG}/analytics?range=7d`)).body;
    assert.equal(r.series.views.at(-1), 2);
    at(env(), '2026-11-18T12:00:00Z');
  });

  test("a signed-out visitor's copy from the memo, and a 304 for one already in the browser, are views too", async () => {
    const { ctx } = env();
    at(env(), '2026-11-26T08:00:00Z');
    const first = await view(env(), '192.0.2.20');
    const etag = first.headers.etag as string;
    assert.ok(etag, 'the memoised page has an ETag');
    assert.equal((await view(env(), '192.0.2.21')).statusCode, 200);
    assert.equal((await view(env(), '192.0.2.22', { 'if-none-match': etag })).statusCode, 304);
    await ctx.analytics.flush();
    const r = (await owner.call('GET', `/listings/${SLUG}/analytics?range=7d`)).body;
    assert.equal(r.series.views.at(-1), 3);
    at(env(), '2026-11-18T12:00:00Z');
  });

  test('only its owners and administrators see the analytics; others get the 404 of a missing listing', async () => {
    const stranger = await founder(env(), 'analytics-stranger');
    const refused = await stranger.call('GET', `/listings/${SLUG}/analytics`);
    assert.equal(refused.status, 404);
    assert.equal((await stranger.call('GET', '/listings/no-such-listing/analytics')).status, 404);
    assert.doesNotMatch(JSON.stringify(refused.body), /news\.example/);
    const tool = await callTool(
      env(),
      'get_listing_analytics',
      { slug: SLUG },
      { authorization: `Bearer ${stranger.key}` },
    );
    assert.equal(toolProblem(tool.body.result).status, 404);
    const mine = await callTool(
      env(),
      'get_listing_analytics',
      { slug: SLUG, range: '7d' },
      { authorization: `Bearer ${owner.key}` },
    );
    assert.equal(mine.body.result.structuredContent.totals.clicks, 3);
    assert.equal(
      (await env().app.inject({ method: 'GET', url: `/api/v1/listings/${SLUG}/analytics` })).statusCode,
      401,
    );
    const adminEmail = `analytics-admin-${Date.now()}@example.com`;
    await admin(env(), ['create-user', '--email', adminEmail, '--password', TEST_PASSWORD, '--admin']);
    const adminKey = await createApiKey(env(), adminEmail, ['account:read']);
    const seen = await env().app.inject({
      method: 'GET',
      url: `/api/v1/listings/${SLUG}/analytics`,
      headers: { authorization: `Bearer ${adminKey}` },
    });
    assert.equal(seen.statusCode, 200);
  });

  test('the public website links go through /go, which redirects to the website without caching', async () => {
    const page = cheerio.load((await view(env(), '192.0.2.50')).body);
    const link = page('a.button').filter((_, a) => page(a).text().startsWith('Visit website'));
    assert.equal(link.attr('href'), `/go/${SLUG}`);
    assert.equal(link.attr('rel'), 'nofollow noopener');
    const res = await click(env(), '192.0.2.50');
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, `https://${SLUG}.example`);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal((await click(env(), '192.0.2.50', {}, 'no-such-listing')).statusCode, 404);
    await ownedListing(env(), owner.email, 'other-product', { status: 'live', plan: 'free' });
    const compare = cheerio.load((await env().get(`/compare?a=${SLUG}&b=other-product`)).body);
    assert.equal(compare(`a[href="/go/${SLUG}"]`).attr('rel'), 'nofollow noopener');
    assert.equal(compare('a[href="/go/other-product"]').length, 1);
  });

  test("the owner's page shows every series as an SVG chart with a title, a description and a data table", async () => {
    const b = new FormClient(env().app);
    assert.equal(
      (await b.submit('/signin', '/signin', { email: owner.email, password: TEST_PASSWORD })).statusCode,
      303,
    );
    const res = await b.get(`/my/listings/${listingId}/analytics?launch=${LAUNCH}`);
    assert.equal(res.statusCode, 200);
    const $ = cheerio.load(res.body);
    const charts = $('figure.chart');
    assert.equal(charts.length, 7);
    charts.each((_, f) => {
      const svg = $(f).find('svg[role="img"]');
      assert.ok(svg.find('title').first().text(), 'a title');
      assert.ok(svg.find('desc').text(), 'a description');
      assert.equal($(f).find('details table tbody tr').length, 7);
    });
    assert.equal($('#chart-views desc').text(), `5 views from ${LAUNCH} to 2026-11-22; the most on ${LAUNCH} (4).`);
    assert.equal($('nav[aria-label="Days shown"] a[aria-current="page"]').text(), `Launch week of ${LAUNCH}`);
    assert.deepEqual(
      $('nav[aria-label="Days shown"] a')
        .map((_, a) => $(a).attr('href'))
        .get(),
      ['7d', '30d', '90d']
        .map((r) => `/my/listings/${listingId}/analytics?range=${r}`)
        .concat(`/my/listings/${listingId}/analytics?launch=${LAUNCH}`),
    );
    assert.match($('#referrers + .table-wrap').text(), /news\.example\.com\s*2/);
    assert.equal($(`a[href="/my/listings/${listingId}/analytics.csv?launch=${LAUNCH}"]`).length, 1);
    // Linked from the listing's own page and from My listings.
    assert.match(
      (await b.get(`/my/listings/${listingId}`)).body,
      new RegExp(`href="/my/listings/${listingId}/analytics"`),
    );
    assert.match((await b.get('/my/listings')).body, new RegExp(`href="/my/listings/${listingId}/analytics"`));
  });

  test('the CSV export has a header row and one row per day, as a named text/csv download', async () => {
    const b = new FormClient(env().app);
    await b.submit('/signin', '/signin', { email: owner.email, password: TEST_PASSWORD });
    const res = await b.get(`/my/listings/${listingId}/analytics.csv?launch=${LAUNCH}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="${SLUG}-analytics-${LAUNCH}-to-2026-11-22.csv"`,
    );
    assert.deepEqual(res.body.trimEnd().split('\r\n'), [
      'day,views,clicks,votes_counted,votes_held,votes_voided,followers,reviews',
      '2026-11-16,4,1,1,1,1,1,1',
      '2026-11-17,1,2,0,0,0,0,0',
      '2026-11-18,0,0,0,0,0,0,0',
      '2026-11-19,0,0,0,0,0,0,0',
      '2026-11-20,0,0,0,0,0,0,0',
      '2026-11-21,0,0,0,0,0,0,0',
      '2026-11-22,0,0,0,0,0,0,0',
    ]);
    const range = await b.get(`/my/listings/${listingId}/analytics.csv?range=7d`);
    assert.equal(range.body.trimEnd().split('\r\n').length, 8);
  });

  test("another member's session gets the not-your-listing page, not the figures", async () => {
    const email = await createUser(env(), 'nosy');
    const b = new FormClient(env().app);
    await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
    for (const path of [`/my/listings/${listingId}/analytics`, `/my/listings/${listingId}/analytics.csv`]) {
      const res = await b.get(path);
      assert.equal(res.statusCode, 403, path);
      assert.doesNotMatch(res.body, /news\.example/);
    }
  });
});

describeEachDatabase(
  'listing analytics switched off (ANALYTICS=off)',
  (env) => {
    test('nothing is counted, and /go still takes visitors to the website', async () => {
      const o = await founder(env(), 'off-owner');
      await ownedListing(env(), o.email, 'uncounted', { status: 'live', plan: 'free', launchWeek: LAUNCH });
      assert.equal((await view(env(), '203.0.113.1', {}, 'uncounted')).statusCode, 200);
      assert.equal((await click(env(), '203.0.113.1', {}, 'uncounted')).statusCode, 302);
      await env().ctx.analytics.flush();
      const r = (await o.call('GET', '/listings/uncounted/analytics?range=7d')).body;
      assert.equal(r.totals.views, 0);
      assert.equal(r.totals.clicks, 0);
    });
  },
  { env: { ANALYTICS: 'off' }, kinds: ['pglite'] },
);
