import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { seedPublicWorld, WEEK } from '../../support/public-world.js';
import { addListing } from '../../support/fixtures.js';
import { signedIn } from '../../support/signed-in.js';
import { FormClient } from '../../support/form-client.js';
import { TEST_PASSWORD } from '../../support/credentials.js';
import { hideReview, restoreReview } from '../../../src/domain/reviews/reviews.js';

let seq = 0;
/** A live listing of its own, so each test starts from no reviews. */
const freshListing = async (env: TestEnv) => {
  const slug = `reviewed-${++seq}`;
  await addListing(env.ctx.db, env.ctx.site.id, {
    slug,
    name: `Reviewed ${seq}`,
    category: 'productivity',
    launchWeek: WEEK.this,
  });
  return slug;
};
const userId = async (env: TestEnv, email: string) =>
  (await env.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
const makeOwner = async (env: TestEnv, email: string, slug: string, role: 'owner' | 'cofounder') =>
  env.ctx.db.query(
    `INSERT INTO listing_owners (listing_id, user_id, role) SELECT id, $1, $2 FROM listings WHERE slug = $3`,
    [await userId(env, email), role, slug],
  );
const reviewsOf = async (env: TestEnv, slug: string) =>
  env.ctx.db.query<{ id: number; rating: number; body: string; owner_reply: string | null }>(
    'SELECT r.id, r.rating, r.body, r.owner_reply FROM reviews r JOIN listings l ON l.id = r.listing_id WHERE l.slug = $1 ORDER BY r.id',
    [slug],
  );
const apiRating = async (env: TestEnv, slug: string) =>
  (await env.json(`/api/v1/listings/${slug}`)).body.community_rating;
/** A signed-in reviewer posts a review from the listing page. */
const postReview = (b: FormClient, slug: string, fields: Record<string, string>) =>
  b.submit(`/p/${slug}`, `/p/${slug}/reviews`, fields);
/** The Reviews section of a listing page. */
const section = (body: string) =>
  body.slice(body.indexOf('<section id="reviews"'), body.indexOf('</section>', body.indexOf('<section id="reviews"')));

describeEachDatabase(
  'site: reviews',
  (env) => {
    test('a signed-out visitor sees the rating from genuine reviews and a form that signs in first', async () => {
      const page = await new FormClient(env().app).get('/p/tablewise');
      const reviews = section(page.body);
      assert.match(reviews, /<h2 id="reviews-h">Reviews<\/h2>/);
      assert.match(
        reviews,
        /<strong>4\.5<\/strong> out of 5\s*<span class="muted">from 2 genuine reviews \(3 shown; only genuine reviews count\)/,
      );
      assert.match(reviews, /<form method="post" action="\/p\/tablewise\/reviews" class="review-form"/);
      assert.match(
        reviews,
        /what you wrote is kept\. <a href="\/signin\?next=%2Fp%2Ftablewise%23reviews">Sign in<\/a>/,
      );
      assert.doesNotMatch(reviews, /name="_csrf"/, 'the signed-out page is shared by every visitor');
    });

    test('posting while signed out leads to sign-in and back to the reviews', async () => {
      const slug = await freshListing(env());
      const res = await new FormClient(env().app).submit('/signin', `/p/${slug}/reviews`, {
        rating: '5',
        body: 'Nice',
      });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, `/signin?next=${encodeURIComponent(`/p/${slug}#reviews`)}`);
      assert.equal((await reviewsOf(env(), slug)).length, 0);
    });

    test('a review is published, shown on the listing page and back in the form to edit or delete', async () => {
      const slug = await freshListing(env());
      const { b } = await signedIn(env(), 'writer');
      const res = await postReview(b, slug, { rating: '4', body: 'Does the job.\n\nSetup took five minutes.' });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, `/p/${slug}#reviews`);
      const reviews = section((await b.get(`/p/${slug}`)).body);
      assert.match(
        reviews,
        /<span class="stars" aria-hidden="true">★★★★☆<\/span><span class="sr-only">Rated 4 out of 5<\/span>/,
      );
      assert.match(reviews, /<p>Does the job\.<\/p><p>Setup took five minutes\.<\/p>/);
      assert.match(reviews, /<input type="radio" name="rating" value="4" required checked>/);
      assert.match(
        reviews,
        /<textarea id="review-body" name="body" rows="6" maxlength="2000" required>Does the job\.\n\nSetup took five minutes\.<\/textarea>/,
      );
      assert.match(reviews, /action="\/p\/[a-z0-9-]+\/reviews\/delete"/);
      assert.match(reviews, /href="\/reports\/new\?kind=review&amp;id=\d+"/);
    });

    test('a second review by the same person edits the first and is marked edited', async () => {
      const slug = await freshListing(env());
      const { b } = await signedIn(env(), 'twice');
      await postReview(b, slug, { rating: '2', body: 'Buggy.' });
      await postReview(b, slug, { rating: '5', body: 'Fixed, great now.' });
      assert.deepEqual(
        (await reviewsOf(env(), slug)).map((r) => [r.rating, r.body]),
        [[5, 'Fixed, great now.']],
      );
      assert.match(section((await b.get(`/p/${slug}`)).body), /<span class="edited">edited<\/span>/);
    });

    test('the listing page and get_listing show the new rating at once', async () => {
      const slug = await freshListing(env());
      assert.deepEqual(await apiRating(env(), slug), { average: null, count: 0 });
      await new FormClient(env().app).get(`/p/${slug}`);
      for (const rating of ['5', '4'])
        await postReview((await signedIn(env(), 'rater')).b, slug, { rating, body: 'Rated.' });
      assert.deepEqual(await apiRating(env(), slug), { average: 4.5, count: 2 });
      assert.match(
        section((await new FormClient(env().app).get(`/p/${slug}`)).body),
        /<strong>4\.5<\/strong> out of 5\s*<span class="muted">from 2 genuine reviews</,
      );
    });

    test('a person deletes their own review', async () => {
      const slug = await freshListing(env());
      const { b } = await signedIn(env(), 'regret');
      await postReview(b, slug, { rating: '1', body: 'Hasty.' });
      const res = await b.submit(`/p/${slug}`, `/p/${slug}/reviews/delete`, {});
      assert.equal(res.statusCode, 303);
      assert.equal((await reviewsOf(env(), slug)).length, 0);
      assert.match(section((await b.get(`/p/${slug}`)).body), /<h3>Write a review<\/h3>/);
    });

    test("a listing's owner or co-owner cannot review it, and is told why", async () => {
      const slug = await freshListing(env());
      for (const role of ['owner', 'cofounder'] as const) {
        const { b, email } = await signedIn(env(), role);
        await makeOwner(env(), email, slug, role);
        assert.match(section((await b.get(`/p/${slug}`)).body), /so you cannot review it/);
        const res = await postReview(b, slug, { rating: '5', body: 'Best product ever.' });
        assert.equal(res.statusCode, 403);
        assert.match(res.body, /You cannot review your own product/);
      }
      assert.equal((await reviewsOf(env(), slug)).length, 0);
    });

    test('an account whose email is not confirmed cannot review', async () => {
      const slug = await freshListing(env());
      const b = new FormClient(env().app);
      const unconfirmedEmail = `unconfirmed-${Date.now()}@example.com`;
      await b.submit('/signup', '/signup', { email: unconfirmedEmail, password: TEST_PASSWORD });
      await b.submit('/signin', '/signin', { email: unconfirmedEmail, password: TEST_PASSWORD }); // sign-up itself does not sign in
      const res = await postReview(b, slug, { rating: '4', body: 'Good.' });
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Confirm your email first/);
      assert.equal((await reviewsOf(env(), slug)).length, 0);
    });

    test('a suspended account cannot review', async () => {
      const slug = await freshListing(env());
      const { b, email } = await signedIn(env(), 'suspended');
      await env().ctx.db.query('UPDATE users SET suspended_at = now() WHERE email = $1', [email]);
      const res = await postReview(b, slug, { rating: '4', body: 'Good.' });
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Your account is suspended/);
      assert.equal((await reviewsOf(env(), slug)).length, 0);
    });

    test('a rating outside 1–5 is a 400 naming the rating, keeping the text typed', async () => {
      const slug = await freshListing(env());
      const { b } = await signedIn(env(), 'sixstars');
      for (const rating of ['0', '6', '']) {
        const res = await postReview(b, slug, { rating, body: 'Keep <this> text' });
        assert.equal(res.statusCode, 400);
        assert.match(res.body, /<p class="error" role="alert" id="review-error">Rating: choose /);
        assert.match(res.body, /<fieldset class="rating-choice" aria-describedby="review-error">/);
        assert.match(res.body, />Keep &lt;this&gt; text<\/textarea>/);
      }
      assert.equal((await reviewsOf(env(), slug)).length, 0);
    });

    test('review text over 2,000 characters is a 400 naming the text, keeping what was typed', async () => {
      const slug = await freshListing(env());
      const { b } = await signedIn(env(), 'verbose');
      const long = 'a'.repeat(2001);
      const res = await postReview(b, slug, { rating: '3', body: long });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Review text: keep it to 2,000 characters; this has 2,001\./);
      assert.match(res.body, /aria-invalid="true" aria-describedby="review-error">a{2001}<\/textarea>/);
      assert.match(res.body, /value="3" required checked/);
      assert.equal((await reviewsOf(env(), slug)).length, 0);
    });

    test('a review needs its CSRF token', async () => {
      const slug = await freshListing(env());
      const { b } = await signedIn(env(), 'nocsrf');
      const res = await b.submit(`/p/${slug}`, `/p/${slug}/reviews`, { rating: '5', body: 'Forged' }, { csrf: false });
      assert.equal(res.statusCode, 403);
      assert.equal((await reviewsOf(env(), slug)).length, 0);
    });

    test('an owner replies to a review once, shown as the reply from the maker', async () => {
      const slug = await freshListing(env());
      await postReview((await signedIn(env(), 'critic')).b, slug, { rating: '2', body: 'Export is broken.' });
      const [{ id }] = await reviewsOf(env(), slug);
      const { b, email } = await signedIn(env(), 'maker');
      await makeOwner(env(), email, slug, 'owner');
      assert.match(section((await b.get(`/p/${slug}`)).body), new RegExp(`action="/p/${slug}/reviews/${id}/reply"`));
      const res = await b.submit(`/p/${slug}`, `/p/${slug}/reviews/${id}/reply`, { reply: 'Fixed in 2.1, thanks!' });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, `/p/${slug}#reviews`);
      const reviews = section((await new FormClient(env().app).get(`/p/${slug}`)).body);
      assert.match(reviews, /<strong>Reply from the maker<\/strong>[\s\S]*<p>Fixed in 2\.1, thanks!<\/p>/);
      assert.doesNotMatch(section((await b.get(`/p/${slug}`)).body), /\/reply"/);
    });

    test('a review already answered refuses a second reply', async () => {
      const slug = await freshListing(env());
      await postReview((await signedIn(env(), 'critic')).b, slug, { rating: '3', body: 'OK.' });
      const [{ id }] = await reviewsOf(env(), slug);
      const { b, email } = await signedIn(env(), 'maker');
      await makeOwner(env(), email, slug, 'owner');
      const first = await b.submit(`/p/${slug}`, `/p/${slug}/reviews/${id}/reply`, { reply: 'Thanks.' });
      const second = await b.submit(`/p/${slug}`, `/p/${slug}/reviews/${id}/reply`, { reply: 'Changed my mind.' });
      assert.deepEqual([first.statusCode, second.statusCode], [303, 409]);
      assert.match(second.body, /This review already has a reply/);
      assert.equal((await reviewsOf(env(), slug))[0].owner_reply, 'Thanks.');
    });

    test('someone who does not own the listing cannot reply', async () => {
      const slug = await freshListing(env());
      await postReview((await signedIn(env(), 'critic')).b, slug, { rating: '3', body: 'OK.' });
      const [{ id }] = await reviewsOf(env(), slug);
      const { b } = await signedIn(env(), 'bystander');
      assert.doesNotMatch(section((await b.get(`/p/${slug}`)).body), /\/reply"/);
      const res = await b.submit(`/p/${slug}`, `/p/${slug}/reviews/${id}/reply`, { reply: 'I am the maker, honest.' });
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Only the makers can reply/);
      assert.equal((await reviewsOf(env(), slug))[0].owner_reply, null);
    });

    test('a reply over 1,000 characters is a 400 naming the reply, keeping what was typed', async () => {
      const slug = await freshListing(env());
      await postReview((await signedIn(env(), 'critic')).b, slug, { rating: '3', body: 'OK.' });
      const [{ id }] = await reviewsOf(env(), slug);
      const { b, email } = await signedIn(env(), 'maker');
      await makeOwner(env(), email, slug, 'owner');
      const res = await b.submit(`/p/${slug}`, `/p/${slug}/reviews/${id}/reply`, { reply: 'r'.repeat(1001) });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Reply: keep it to 1,000 characters; this has 1,001\./);
      assert.match(res.body, />r{1001}<\/textarea>/);
    });

    test('markup in a review and a reply is shown as text, never run', async () => {
      const slug = await freshListing(env());
      const { b: author } = await signedIn(env(), 'attacker');
      await postReview(author, slug, { rating: '1', body: '<script>alert(1)</script><img src=x onerror=alert(2)>' });
      const [{ id }] = await reviewsOf(env(), slug);
      const { b: maker, email } = await signedIn(env(), 'maker');
      await makeOwner(env(), email, slug, 'owner');
      await maker.submit(`/p/${slug}`, `/p/${slug}/reviews/${id}/reply`, {
        reply: '"><svg onload=alert(3)></textarea><script>alert(4)</script>',
      });
      for (const page of [
        await new FormClient(env().app).get(`/p/${slug}`),
        await author.get(`/p/${slug}`),
        await maker.get(`/p/${slug}`),
      ]) {
        assert.doesNotMatch(page.body, /<script>alert|<img src=x|<svg onload/i);
        assert.match(page.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;&lt;img src=x onerror=alert\(2\)&gt;/);
        assert.match(
          page.body,
          /&quot;&gt;&lt;svg onload=alert\(3\)&gt;&lt;\/textarea&gt;&lt;script&gt;alert\(4\)&lt;\/script&gt;/,
        );
      }
    });

    test('a hidden review leaves the page and the rating, and restoring brings it back', async () => {
      const slug = await freshListing(env());
      await postReview((await signedIn(env(), 'kind')).b, slug, { rating: '5', body: 'Lovely product.' });
      await postReview((await signedIn(env(), 'rude')).b, slug, { rating: '1', body: 'Rude words here.' });
      const rude = (await reviewsOf(env(), slug)).find((r) => r.rating === 1)!;
      assert.deepEqual(await apiRating(env(), slug), { average: 3, count: 2 });
      // What the moderation queue does: hide, then announce the listing changed.
      assert.equal(await hideReview(env().ctx.db, rude.id), slug);
      env().ctx.db.changed({ kind: 'listing', siteId: env().ctx.site.id, slug });
      assert.deepEqual(await apiRating(env(), slug), { average: 5, count: 1 });
      assert.doesNotMatch((await new FormClient(env().app).get(`/p/${slug}`)).body, /Rude words here/);
      await restoreReview(env().ctx.db, rude.id);
      env().ctx.db.changed({ kind: 'listing', siteId: env().ctx.site.id, slug });
      assert.deepEqual(await apiRating(env(), slug), { average: 3, count: 2 });
      assert.match((await new FormClient(env().app).get(`/p/${slug}`)).body, /Rude words here/);
    });

    test('the author of a hidden review cannot edit it', async () => {
      const slug = await freshListing(env());
      const { b } = await signedIn(env(), 'hidden');
      await postReview(b, slug, { rating: '1', body: 'Rude words here.' });
      await hideReview(env().ctx.db, (await reviewsOf(env(), slug))[0].id);
      assert.match(section((await b.get(`/p/${slug}`)).body), /A moderator hid your review/);
      const res = await postReview(b, slug, { rating: '5', body: 'Sorry.' });
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Your review is hidden/);
    });

    test('a scheduled listing shows its reviews section but takes no review yet', async () => {
      const { b } = await signedIn(env(), 'early');
      assert.match(section((await b.get('/p/orbitly')).body), /Reviews open once Orbitly launches\./);
      assert.equal((await postReview(b, 'orbitly', { rating: '5', body: 'Cannot wait.' })).statusCode, 404);
    });

    test('an account that wrote its reviews for the minute is told to wait', async () => {
      const slug = await freshListing(env());
      const { b, email } = await signedIn(env(), 'busy');
      await env().ctx.db.query(
        `INSERT INTO reviews (listing_id, rating, body, owner_reply, owner_reply_at, owner_reply_by)
      SELECT l.id, 3, 'Seeded', 'Thanks', $2, $1 FROM listings l CROSS JOIN generate_series(1, 10) WHERE l.slug = 'secret-draft'`,
        [await userId(env(), email), env().ctx.now().toISOString()],
      );
      const res = await postReview(b, slug, { rating: '4', body: 'One more.' });
      assert.equal(res.statusCode, 429);
      assert.equal(res.headers['retry-after'], '60');
      assert.match(res.body, /Too many reviews at once/);
    });

    test('reviews beyond the first ten are a link away, a page at a time', async () => {
      const slug = await freshListing(env());
      await env().ctx.db.query(
        `INSERT INTO reviews (listing_id, rating, body, created_at)
      SELECT l.id, 4, 'Review number ' || g, now() - make_interval(mins => g) FROM listings l CROSS JOIN generate_series(1, 25) g WHERE l.slug = $1`,
        [slug],
      );
      const listingPage = section((await env().get(`/p/${slug}`)).body);
      assert.equal(listingPage.match(/<li class="review"/g)?.length, 10);
      assert.match(listingPage, new RegExp(`href="/p/${slug}/reviews\\?page=2">Older reviews \\(25 in all\\)`));
      const second = await env().get(`/p/${slug}/reviews?page=2`);
      assert.equal(second.statusCode, 200);
      assert.match(second.body, /<h1>Reviews of Reviewed \d+<\/h1>/);
      assert.equal(second.body.match(/<li class="review"/g)?.length, 5);
      assert.match(second.body, /Review number 21<\/p>/);
      assert.match(second.body, /Page 2 of 2/);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
