import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { addCategory, addListing } from '../../support/fixtures.js';
import type { AppContext } from '../../../src/app-context.js';
import {
  deleteOwnReview,
  hideReview,
  listReviews,
  ownReview,
  replyToReview,
  restoreReview,
  reviewedListing,
  reviewForModeration,
  reviewWritesSince,
  writeReview,
  type ReviewListing,
} from '../../../src/domain/reviews/reviews.js';
import { communityRating } from '../../../src/domain/reviews/community-rating.js';
import { checkRating, checkReply, checkReviewBody } from '../../../src/domain/reviews/review-rules.js';

const NOW = new Date('2026-11-18T12:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
let seq = 0;

const newUser = async (ctx: AppContext, o: { name?: string; confirmed?: boolean; suspended?: boolean } = {}) =>
  (
    await ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, name, email_verified_at, suspended_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [
        `reviewer-${++seq}-${Math.random().toString(36).slice(2)}@test.invalid`,
        o.name ?? '',
        o.confirmed === false ? null : NOW.toISOString(),
        o.suspended ? NOW.toISOString() : null,
      ],
    )
  )[0].id;

/** A new live listing of its own, so each test starts from no reviews. */
const newListing = async (ctx: AppContext, status = 'live'): Promise<ReviewListing> => {
  const slug = `product-${++seq}`;
  await addListing(ctx.db, ctx.site.id, {
    slug,
    name: `Product ${seq}`,
    category: 'tools',
    status,
    launchWeek: status === 'live' ? '2026-11-16' : '2026-11-23',
  });
  return (await reviewedListing(ctx.db, ctx.site.id, slug))!;
};

const makeOwner = (ctx: AppContext, listing: ReviewListing, userId: number, role: 'owner' | 'cofounder' = 'owner') =>
  ctx.db.query('INSERT INTO listing_owners (listing_id, user_id, role) VALUES ($1, $2, $3)', [
    listing.id,
    userId,
    role,
  ]);

const review = (rating: unknown, body: unknown = 'Solid tool, does what it says.') => ({ rating, body });

describeEachDatabase(
  'reviews',
  (env) => {
    test('a second review by the same person edits the first', async () => {
      const { ctx } = env();
      const [listing, user] = [await newListing(ctx), await newUser(ctx)];
      const first = await writeReview(ctx.db, listing, user, review('3', 'Fine.'), NOW);
      const second = await writeReview(ctx.db, listing, user, review('5', 'Great after the update.'), later(5));
      assert.ok(first.ok && second.ok);
      assert.equal(second.review_id, first.review_id);
      const { items, total } = await listReviews(ctx.db, listing.id);
      assert.equal(total, 1);
      assert.deepEqual(
        [items[0].rating, items[0].body, items[0].edited_at],
        [5, 'Great after the update.', later(5).toISOString()],
      );
    });

    test('sending the same review again does not mark it edited', async () => {
      const { ctx } = env();
      const [listing, user] = [await newListing(ctx), await newUser(ctx)];
      await writeReview(ctx.db, listing, user, review('4'), NOW);
      await writeReview(ctx.db, listing, user, review('4'), later(1));
      assert.equal((await listReviews(ctx.db, listing.id)).items[0].edited_at, null);
    });

    test("a listing's owner or co-owner cannot review it", async () => {
      const { ctx } = env();
      const listing = await newListing(ctx);
      const [owner, cofounder] = [await newUser(ctx), await newUser(ctx)];
      await makeOwner(ctx, listing, owner, 'owner');
      await makeOwner(ctx, listing, cofounder, 'cofounder');
      for (const user of [owner, cofounder]) {
        const r = await writeReview(ctx.db, listing, user, review('5'), NOW);
        assert.deepEqual(r.ok ? null : [r.status, r.reason], [403, 'owner']);
      }
      assert.equal((await listReviews(ctx.db, listing.id)).total, 0);
    });

    test('an account whose email is not confirmed cannot review', async () => {
      const { ctx } = env();
      const r = await writeReview(
        ctx.db,
        await newListing(ctx),
        await newUser(ctx, { confirmed: false }),
        review('4'),
        NOW,
      );
      assert.deepEqual(r.ok ? null : [r.status, r.reason], [403, 'unconfirmed']);
    });

    test('a suspended account can neither review nor edit its review', async () => {
      const { ctx } = env();
      const [listing, user] = [await newListing(ctx), await newUser(ctx)];
      await writeReview(ctx.db, listing, user, review('4', 'Before.'), NOW);
      await ctx.db.query('UPDATE users SET suspended_at = $2 WHERE id = $1', [user, NOW.toISOString()]);
      const r = await writeReview(ctx.db, listing, user, review('1', 'After.'), later(1));
      assert.deepEqual(r.ok ? null : [r.status, r.reason], [403, 'suspended']);
      assert.equal((await ownReview(ctx.db, listing.id, user))!.body, 'Before.');
    });

    test('only a live listing takes reviews', async () => {
      const { ctx } = env();
      const r = await writeReview(ctx.db, await newListing(ctx, 'scheduled'), await newUser(ctx), review('4'), NOW);
      assert.deepEqual(r.ok ? null : [r.status, r.reason], [404, 'no_listing']);
      assert.equal(await reviewedListing(ctx.db, ctx.site.id, 'no-such-listing'), null);
    });

    test('a rating is a whole number of stars from 1 to 5', () => {
      for (const bad of ['0', '6', '2.5', '', 'five', '-1', '10'])
        assert.equal(checkRating(bad).ok, false, `rating ${JSON.stringify(bad)}`);
      assert.deepEqual(checkRating('0'), {
        ok: false,
        problem: { field: 'rating', message: 'choose a whole number of stars from 1 to 5' },
      });
      assert.deepEqual(checkRating(' 5 '), { ok: true, value: 5 });
    });

    test('review text is trimmed, must not be empty and may have 2,000 characters', () => {
      assert.deepEqual(checkReviewBody('  Nice.  '), { ok: true, value: 'Nice.' });
      assert.equal(checkReviewBody(' \n ').ok, false);
      assert.equal(checkReviewBody('é'.repeat(2000)).ok, true);
      assert.deepEqual(checkReviewBody('a'.repeat(2001)), {
        ok: false,
        problem: { field: 'body', message: 'keep it to 2,000 characters; this has 2,001' },
      });
    });

    test("a browser's CRLF line breaks count as one character, as the form's maxlength does", () => {
      assert.deepEqual(checkReviewBody(`${'a'.repeat(999)}\r\n${'b'.repeat(1000)}`).ok, true);
    });

    test('a refused review says which field is wrong and saves nothing', async () => {
      const { ctx } = env();
      const [listing, user] = [await newListing(ctx), await newUser(ctx)];
      const r = await writeReview(ctx.db, listing, user, review('7'), NOW);
      assert.deepEqual(r.ok ? null : [r.status, r.reason === 'invalid' && r.problem.field], [400, 'rating']);
      assert.equal(await ownReview(ctx.db, listing.id, user), null);
    });

    test("the community rating is the mean of genuine reviews only: hidden, non-genuine and owners' reviews do not count", async () => {
      const { ctx } = env();
      const listing = await newListing(ctx);
      const write = async (rating: number) => {
        const user = await newUser(ctx);
        const r = await writeReview(ctx.db, listing, user, review(String(rating)), NOW);
        assert.ok(r.ok);
        return { user, id: r.review_id };
      };
      await write(5);
      await write(4);
      const hidden = await write(1);
      const notGenuine = await write(1);
      const turnedOwner = await write(1);
      await hideReview(ctx.db, hidden.id);
      await ctx.db.query('UPDATE reviews SET is_genuine = false WHERE id = $1', [notGenuine.id]);
      await makeOwner(ctx, listing, turnedOwner.user, 'cofounder');
      assert.deepEqual(await communityRating(ctx.db, listing.id), { average: 4.5, count: 2 });
    });

    test('a listing without genuine reviews has no rating', async () => {
      const { ctx } = env();
      assert.deepEqual(await communityRating(ctx.db, (await newListing(ctx)).id), { average: null, count: 0 });
    });

    test('reviews list newest first, a page at a time, with what does not count marked', async () => {
      const { ctx } = env();
      const listing = await newListing(ctx);
      for (let i = 0; i < 3; i++)
        await writeReview(ctx.db, listing, await newUser(ctx), review(String(i + 1), `Review ${i}`), later(i));
      await ctx.db.query(`UPDATE reviews SET is_genuine = false WHERE listing_id = $1 AND body = 'Review 0'`, [
        listing.id,
      ]);
      const first = await listReviews(ctx.db, listing.id, { perPage: 2 });
      const second = await listReviews(ctx.db, listing.id, { page: 2, perPage: 2 });
      assert.deepEqual(
        first.items.map((r) => r.body),
        ['Review 2', 'Review 1'],
      );
      assert.deepEqual(
        second.items.map((r) => [r.body, r.counted]),
        [['Review 0', false]],
      );
      assert.deepEqual([first.total, first.total_pages], [3, 2]);
    });

    test('an author is shown by name, else by the part of their email before the @, never by the whole email', async () => {
      const { ctx } = env();
      const listing = await newListing(ctx);
      const named = await newUser(ctx, { name: 'Ada Lovelace' });
      const unnamed = await newUser(ctx);
      await writeReview(ctx.db, listing, named, review('5'), NOW);
      await writeReview(ctx.db, listing, unnamed, review('4'), later(1));
      const [email] = (await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [unnamed])).map(
        (r) => r.email,
      );
      const names = (await listReviews(ctx.db, listing.id)).items.map((r) => r.author_name);
      assert.deepEqual(names, [email.split('@')[0], 'Ada Lovelace']);
      assert.ok(!names.some((n) => n?.includes('@')));
    });

    test('a person deletes their own review; deleting when there is none changes nothing', async () => {
      const { ctx } = env();
      const [listing, user] = [await newListing(ctx), await newUser(ctx)];
      await writeReview(ctx.db, listing, user, review('2'), NOW);
      assert.deepEqual(await deleteOwnReview(ctx.db, listing, user), { ok: true, deleted: true });
      assert.deepEqual(await deleteOwnReview(ctx.db, listing, user), { ok: true, deleted: false });
      assert.equal((await listReviews(ctx.db, listing.id)).total, 0);
    });

    test('a hidden review is not listed, and its author can neither edit nor delete it', async () => {
      const { ctx } = env();
      const [listing, user] = [await newListing(ctx), await newUser(ctx)];
      const w = await writeReview(ctx.db, listing, user, review('1', 'Abusive text'), NOW);
      assert.ok(w.ok);
      await hideReview(ctx.db, w.review_id);
      assert.equal((await listReviews(ctx.db, listing.id)).total, 0);
      const edit = await writeReview(ctx.db, listing, user, review('5', 'Nice now'), later(1));
      const del = await deleteOwnReview(ctx.db, listing, user);
      assert.deepEqual([edit.ok ? null : edit.reason, del.ok ? null : del.reason], ['hidden', 'hidden']);
      assert.equal((await reviewForModeration(ctx.db, w.review_id))!.body, 'Abusive text');
    });

    test('hiding and restoring answer the listing slug once, and null when there is nothing to change', async () => {
      const { ctx } = env();
      const listing = await newListing(ctx);
      const w = await writeReview(ctx.db, listing, await newUser(ctx), review('3'), NOW);
      assert.ok(w.ok);
      assert.equal(await hideReview(ctx.db, w.review_id), listing.slug);
      assert.equal(await hideReview(ctx.db, w.review_id), null);
      assert.equal(await restoreReview(ctx.db, w.review_id), listing.slug);
      assert.equal(await restoreReview(ctx.db, w.review_id), null);
      assert.equal((await listReviews(ctx.db, listing.id)).total, 1);
      assert.equal(await hideReview(ctx.db, 2_000_000_000), null);
    });

    test('a moderator sees a review with its author email and whether it is hidden', async () => {
      const { ctx } = env();
      const [listing, user] = [await newListing(ctx), await newUser(ctx)];
      const w = await writeReview(ctx.db, listing, user, review('2', 'Meh.'), NOW);
      assert.ok(w.ok);
      const [{ email }] = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [user]);
      assert.deepEqual(await reviewForModeration(ctx.db, w.review_id), {
        id: w.review_id,
        listing_slug: listing.slug,
        author_email: email,
        rating: 2,
        body: 'Meh.',
        hidden_at: null,
      });
      assert.equal(await reviewForModeration(ctx.db, 2_000_000_000), null);
    });

    test('an owner replies to a review once; a second reply is refused', async () => {
      const { ctx } = env();
      const listing = await newListing(ctx);
      const [owner, cofounder] = [await newUser(ctx), await newUser(ctx)];
      await makeOwner(ctx, listing, owner, 'owner');
      await makeOwner(ctx, listing, cofounder, 'cofounder');
      const w = await writeReview(ctx.db, listing, await newUser(ctx), review('2'), NOW);
      assert.ok(w.ok);
      assert.deepEqual(
        await replyToReview(ctx.db, listing, w.review_id, owner, '  Thanks, fixed in 2.1.  ', later(1)),
        { ok: true },
      );
      const again = await replyToReview(ctx.db, listing, w.review_id, cofounder, 'Also thanks!', later(2));
      assert.deepEqual(again.ok ? null : [again.status, again.reason], [409, 'already_replied']);
      assert.deepEqual((await listReviews(ctx.db, listing.id)).items[0].reply, {
        body: 'Thanks, fixed in 2.1.',
        at: later(1).toISOString(),
      });
    });

    test('someone who does not own the listing cannot reply', async () => {
      const { ctx } = env();
      const listing = await newListing(ctx);
      const w = await writeReview(ctx.db, listing, await newUser(ctx), review('2'), NOW);
      assert.ok(w.ok);
      const r = await replyToReview(ctx.db, listing, w.review_id, await newUser(ctx), 'I am not the maker', NOW);
      assert.deepEqual(r.ok ? null : [r.status, r.reason], [403, 'not_owner']);
    });

    test('an owner cannot reply to a review of another listing', async () => {
      const { ctx } = env();
      const [mine, other, owner] = [await newListing(ctx), await newListing(ctx), await newUser(ctx)];
      await makeOwner(ctx, mine, owner);
      const w = await writeReview(ctx.db, other, await newUser(ctx), review('2'), NOW);
      assert.ok(w.ok);
      const r = await replyToReview(ctx.db, mine, w.review_id, owner, 'Not yours', NOW);
      assert.deepEqual(r.ok ? null : [r.status, r.reason], [404, 'no_review']);
    });

    test('a reply has 1 to 1,000 characters', () => {
      assert.equal(checkReply('x'.repeat(1000)).ok, true);
      assert.deepEqual(checkReply('x'.repeat(1001)), {
        ok: false,
        problem: { field: 'reply', message: 'keep it to 1,000 characters; this has 1,001' },
      });
      assert.equal(checkReply('   ').ok, false);
    });

    test('reviews written or edited and replies of the last minute count toward the per-account limit', async () => {
      const { ctx } = env();
      const [a, b, owner] = [await newListing(ctx), await newListing(ctx), await newUser(ctx)];
      const user = await newUser(ctx);
      await makeOwner(ctx, b, owner);
      await writeReview(ctx.db, a, user, review('3'), later(-5));
      const w = await writeReview(ctx.db, b, user, review('3'), later(0));
      assert.ok(w.ok);
      await replyToReview(ctx.db, b, w.review_id, owner, 'Thanks', later(0));
      assert.equal(await reviewWritesSince(ctx.db, user, later(-1)), 1);
      assert.equal(await reviewWritesSince(ctx.db, owner, later(-1)), 1);
      await writeReview(ctx.db, a, user, review('4'), later(0));
      assert.equal(await reviewWritesSince(ctx.db, user, later(-1)), 2);
    });
  },
  {
    seed: async (ctx) => {
      await addCategory(ctx.db, ctx.site.id, { slug: 'tools', name: 'Tools' });
    },
  },
);
