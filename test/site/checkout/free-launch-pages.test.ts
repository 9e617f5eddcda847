import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW, type TestEnv } from '../../support/app.js';
import { signedIn as signedInAs } from '../../support/signed-in.js';
import { FormClient } from '../../support/form-client.js';
import { startFixtureSite, type FixtureRoutes } from '../../support/fixture-site.js';
import {
  alreadyMoved,
  draftListing,
  emptyFreeQueue,
  homepageWithBadge,
  homepageWithoutBadge,
} from '../../support/free-launch.js';
import { moveMissedLaunchWeeks } from '../../../src/domain/free-queue/launch-scheduler.js';

const routes: FixtureRoutes = {};
let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite(routes);
});
after(async () => {
  await site.close();
});

const signedIn = (env: TestEnv, label = 'launcher') => signedInAs(env, label);

describeEachDatabase(
  'the launch page',
  (env) => {
    beforeEach(async () => {
      env().clock.now = new Date(FIXED_NOW);
      await emptyFreeQueue(env());
    });

    test('it asks for sign-in first', async () => {
      const res = await new FormClient(env().app).get('/my/listings/1/launch');
      assert.equal(res.statusCode, 303);
      assert.equal(decodeURIComponent(String(res.headers.location)), '/signin?next=/my/listings/1/launch');
    });

    test('a draft shows the escaped embed code and a Launch for free button', async () => {
      const { b, email } = await signedIn(env());
      const id = await draftListing(env(), email, 'page-draft');
      const res = await b.get(`/my/listings/${id}/launch`);
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /data-status="draft"/);
      assert.match(
        res.body,
        new RegExp(`<form method="post" action="/my/listings/${id}/launch/free">[\\s\\S]*?Launch for free</button>`),
      );
      assert.match(
        res.body,
        /<pre><code id="badge-embed">&lt;a href=&quot;http:\/\/launchdeck\.test\/p\/page-draft&quot;/,
      );
    });

    test('launching for free queues the listing and shows the week and what is missing', async () => {
      const { b, email } = await signedIn(env());
      routes['/page-queued'] = { body: homepageWithoutBadge };
      const id = await draftListing(env(), email, 'page-queued', `${site.origin}/page-queued`);
      const res = await b.submit(`/my/listings/${id}/launch`, `/my/listings/${id}/launch/free`, {});
      assert.equal(res.statusCode, 303);
      const page = await b.get(String(res.headers.location));
      assert.match(page.body, /data-status="awaiting_badge"/);
      assert.match(page.body, /week of <strong>2027-01-04<\/strong>/);
      assert.match(
        page.body,
        /<ul class="missing"><li>our badge on http:\/\/127\.0\.0\.1:\d+\/page-queued \(not checked yet/,
      );
      assert.match(page.body, /Check my homepage now/);
    });

    test('checking the homepage now schedules the listing once the badge is there', async () => {
      const { b, email } = await signedIn(env());
      routes['/page-check'] = { body: homepageWithoutBadge };
      const id = await draftListing(env(), email, 'page-check', `${site.origin}/page-check`);
      await b.submit(`/my/listings/${id}/launch`, `/my/listings/${id}/launch/free`, {});
      let res = await b.submit(`/my/listings/${id}/launch`, `/my/listings/${id}/launch/check`, {});
      assert.equal(res.headers.location, `/my/listings/${id}/launch?checked=1`);
      assert.match((await b.get(String(res.headers.location))).body, /last checked 2026-11-18 12:00 UTC: not found/);

      routes['/page-check'] = { body: homepageWithBadge('page-check') };
      res = await b.submit(`/my/listings/${id}/launch`, `/my/listings/${id}/launch/check`, {});
      assert.equal(res.headers.location, `/my/listings/${id}/launch?recent=1`, 'at most one check a minute');
      env().clock.now = new Date(FIXED_NOW.getTime() + 61_000);
      res = await b.submit(`/my/listings/${id}/launch`, `/my/listings/${id}/launch/check`, {});
      const page = await b.get(String(res.headers.location));
      assert.match(page.body, /data-status="scheduled"/);
      assert.match(page.body, /goes live on Monday 2027-01-04/);
    });

    test('a listing taken out of the free queue shows why and offers to launch for free again', async () => {
      const { b, email } = await signedIn(env());
      routes['/page-returned'] = { body: homepageWithoutBadge };
      const id = await draftListing(env(), email, 'page-returned', `${site.origin}/page-returned`);
      await b.submit(`/my/listings/${id}/launch`, `/my/listings/${id}/launch/free`, {});
      await env().ctx.db.query(`UPDATE listings SET launch_week = '2026-11-16' WHERE id = $1`, [id]);
      await alreadyMoved(env(), id, 2);
      await moveMissedLaunchWeeks(env().ctx);
      const page = await b.get(`/my/listings/${id}/launch`);
      assert.match(page.body, /data-status="draft"/);
      assert.match(
        page.body,
        /<div class="notice free-queue-exit" role="status"><p>Taken out of the free queue on 2026-11-18 12:00 UTC: our badge was not found on the homepage before the week of 2026-11-16 began, and its launch had already moved 2 times/,
      );
      assert.match(page.body, /Launch for free again<\/button>/);
      assert.match(page.body, /<h2>Moved launch weeks<\/h2>/);
    });

    test('a listing awaiting its badge says what happens if the badge is still missing when its week begins', async () => {
      const { b, email } = await signedIn(env());
      routes['/page-warned'] = { body: homepageWithoutBadge };
      const id = await draftListing(env(), email, 'page-warned', `${site.origin}/page-warned`);
      await b.submit(`/my/listings/${id}/launch`, `/my/listings/${id}/launch/free`, {});
      const page = await b.get(`/my/listings/${id}/launch`);
      assert.match(
        page.body,
        /the launch moves to a later week \(at most 2 times\), then the listing leaves the free queue and is a draft again/,
      );
    });

    test('a form post without the CSRF token is refused', async () => {
      const { b, email } = await signedIn(env());
      const id = await draftListing(env(), email, 'page-csrf');
      const res = await b.submit(`/my/listings/${id}/launch`, `/my/listings/${id}/launch/free`, {}, { csrf: false });
      assert.equal(res.statusCode, 403);
      const rows = await env().ctx.db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [id]);
      assert.equal(rows[0].status, 'draft');
    });

    test("someone else's listing is forbidden and an unknown one is not found", async () => {
      const owner = await signedIn(env(), 'page-owner');
      const id = await draftListing(env(), owner.email, 'page-theirs');
      const { b } = await signedIn(env(), 'page-stranger');
      assert.equal((await b.get(`/my/listings/${id}/launch`)).statusCode, 403);
      assert.equal((await b.get('/my/listings/999999/launch')).statusCode, 404);
      assert.equal((await b.get('/my/listings/abc/launch')).statusCode, 404);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
