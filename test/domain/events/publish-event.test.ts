import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { describeEachDatabase } from '../../support/app.js';
import { founder, runJobs } from '../../support/draft-client.js';
import { createUser } from '../../support/credentials.js';
import { orderCategories, ownedListing, payOnCheckoutPage } from '../../support/orders.js';
import { votes } from '../../support/award-fixtures.js';
import { startFixtureSite } from '../../support/fixture-site.js';
import { tallyflowMiniRoutes } from '../../support/fixture-websites.js';
import { startWebhookReceiver } from '../../support/webhook-receiver.js';
import { EVENT_TYPES } from '../../../src/domain/events/event-types.js';
import { publishEvent } from '../../../src/domain/events/publish-event.js';
import { findUserById, type User } from '../../../src/domain/accounts/user-repository.js';
import {
  addCommentOperation,
  castVoteOperation,
  removeVoteOperation,
  writeReviewOperation,
} from '../../../src/api/operations/community.js';
import { runOperation } from '../../../src/site/forms/run-form.js';
import { launchScheduledListings } from '../../../src/domain/free-queue/launch-scheduler.js';
import { awardFinishedWeeks } from '../../../src/jobs/scheduler.js';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
type Hook = { type: string; timestamp: string; data: Record<string, any> };

let receiver: Receiver;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  receiver = await startWebhookReceiver();
  site = await startFixtureSite(tallyflowMiniRoutes());
});
after(async () => {
  await receiver.close();
  await site.close();
});

const THIS_MONDAY = '2026-11-16';
const NEXT_MONDAY = '2026-11-23';

describeEachDatabase(
  'webhook events at their domain points',
  (env) => {
    let maker: Awaited<ReturnType<typeof founder>>;
    let secret: string;
    let visitor: User;
    let listingId: number;
    const slug = 'hooked-product';

    before(async () => {
      const e = env();
      await orderCategories(e);
      maker = await founder(e, 'maker');
      const created = await maker.call('POST', '/me/webhooks', { url: receiver.url, events: [...EVENT_TYPES] });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      secret = created.body.secret;
      listingId = await ownedListing(e, maker.email, slug, {
        status: 'live',
        plan: 'free',
        launchWeek: THIS_MONDAY,
        launchedAt: `${THIS_MONDAY}T09:00:00Z`,
      });
      const email = await createUser(e, 'visitor');
      // Old enough that a vote counts at once (young accounts' votes are held).
      await e.ctx.db.query(`UPDATE users SET created_at = '2020-01-01' WHERE email = $1`, [email]);
      const [{ id }] = await e.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      visitor = (await findUserById(e.ctx.db, id))!;
    });

    /** The events the receiver got since `from`, each checked with Webhook.verify. */
    const hooksSince = (from: number): Hook[] =>
      receiver.received.slice(from).map((h) => new Webhook(secret).verify(h.raw, h.headers) as Hook);
    const ofType = (hooks: Hook[], type: string) => hooks.filter((h) => h.type === type);

    test('an edit of a listing sends listing.updated with the listing and the fields changed', async () => {
      const from = receiver.received.length;
      const res = await maker.call('PATCH', `/me/listings/${listingId}`, { fields: { tagline: 'Hooks for makers' } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      await runJobs(env());
      const [hook] = ofType(hooksSince(from), 'listing.updated');
      assert.deepEqual(hook.data.listing, {
        id: listingId,
        slug,
        name: `Product ${slug}`,
        url: `http://launchdeck.test/p/${slug}`,
      });
      assert.deepEqual(hook.data.changed, ['tagline']);
    });

    test("comments and first reviews send comment.created and review.created, without the writer's address", async () => {
      const from = receiver.received.length;
      const comment = await runOperation(env().ctx, visitor, addCommentOperation, {
        params: { slug },
        body: { body: 'Does it do retries?' },
      });
      assert.ok(comment.ok && comment.value.ok, JSON.stringify(comment));
      const review = { params: { slug }, body: { rating: '5', body: 'Reliable deliveries, and signed.' } };
      assert.ok((await runOperation(env().ctx, visitor, writeReviewOperation, review)).ok);
      // Editing one's review is not a new review.
      review.body.rating = '4';
      assert.ok((await runOperation(env().ctx, visitor, writeReviewOperation, review)).ok);
      await runJobs(env());
      const hooks = hooksSince(from);
      const [c] = ofType(hooks, 'comment.created');
      assert.equal(c.data.comment.body, 'Does it do retries?');
      assert.match(c.data.comment.url, new RegExp(`/p/${slug}#comment-\\d+$`));
      const reviews = ofType(hooks, 'review.created');
      assert.equal(reviews.length, 1);
      assert.equal(reviews[0].data.review.rating, 5);
      for (const h of receiver.received.slice(from)) assert.ok(!h.raw.includes(visitor.email));
    });

    test('the 10th counted vote sends vote.milestone once, even when it is taken back and cast again', async () => {
      await env().ctx.db.query('UPDATE listings SET votes_count = 9 WHERE id = $1', [listingId]);
      const from = receiver.received.length;
      const cast = () => runOperation(env().ctx, visitor, castVoteOperation, { params: { slug } });
      const first = await cast();
      assert.ok(first.ok && first.value.counted && first.value.votes === 10, JSON.stringify(first));
      await runOperation(env().ctx, visitor, removeVoteOperation, { params: { slug } });
      await cast();
      await runJobs(env());
      const milestones = ofType(hooksSince(from), 'vote.milestone');
      assert.equal(milestones.length, 1);
      assert.deepEqual([milestones[0].data.milestone, milestones[0].data.votes], [10, 10]);
      assert.equal(milestones[0].data.listing.id, listingId);
    });

    test('a paid launch sends order.paid, listing.published and order.fulfilled; its Monday sends listing.live', async () => {
      const e = env();
      const draft = await ownedListing(e, maker.email, 'hooked-next', { category: 'dev-tools' });
      const from = receiver.received.length;
      const order = await maker.call('POST', '/orders/checkout', {
        items: [{ product: 'launch', listing_id: draft, week: NEXT_MONDAY }],
      });
      assert.equal(order.status, 201, JSON.stringify(order.body));
      await payOnCheckoutPage(e, maker.email, order.body.number);
      await runJobs(e);
      const hooks = hooksSince(from);
      assert.deepEqual(
        hooks.map((h) => h.type),
        ['order.paid', 'listing.published', 'order.fulfilled'],
      );
      assert.equal(hooks[0].data.order.number, order.body.number);
      assert.equal(hooks[0].data.order.url, `http://launchdeck.test/orders/${order.body.number}`);
      assert.equal(hooks[1].data.listing.id, draft);
      const monday = e.clock.now;
      e.clock.now = new Date(`${NEXT_MONDAY}T00:05:00Z`);
      try {
        await launchScheduledListings(e.ctx);
        await runJobs(e);
      } finally {
        e.clock.now = monday;
      }
      const live = ofType(hooksSince(from), 'listing.live');
      assert.deepEqual(
        live.map((h) => h.data.listing.id),
        [draft],
      );
    });

    test('a finished week sends award.won to the winners', async () => {
      const e = env();
      const winner = await ownedListing(e, maker.email, 'hooked-winner', {
        status: 'live',
        launchWeek: '2026-11-09',
        launchedAt: '2026-11-09T09:00:00Z',
      });
      await votes(e.ctx.db, winner, 3, '2026-11-10T12:00:00Z');
      const from = receiver.received.length;
      await awardFinishedWeeks(e.ctx);
      await runJobs(e);
      const won = ofType(hooksSince(from), 'award.won').filter((h) => h.data.listing.id === winner);
      assert.equal(won.length, 1);
      assert.equal(won[0].data.award.rank, 1);
      assert.equal(won[0].data.award.week, '2026-11-09');
    });

    test('a submitted website sends draft.ready once its draft is written', async () => {
      const from = receiver.received.length;
      const created = await maker.call('POST', '/drafts', { url: `${site.origin}/` });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      await runJobs(env());
      const [ready] = ofType(hooksSince(from), 'draft.ready');
      assert.equal(ready.data.draft.id, created.body.id);
      assert.equal(ready.data.draft.url, `http://launchdeck.test/drafts/${created.body.id}`);
    });

    test('nothing is recorded for accounts without an endpoint for the type', async () => {
      const [{ n: before }] = await env().ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events');
      const other = await ownedListing(env(), visitor.email, 'nobody-listens');
      assert.equal(await publishEvent(env().ctx, { type: 'listing.updated', listingId: other }), false);
      assert.equal(await publishEvent(env().ctx, { type: 'order.paid', accountIds: [visitor.id], data: {} }), false);
      const [{ n: afterwards }] = await env().ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_events',
      );
      assert.equal(afterwards, before);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
