import { after, afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW, type TestEnv } from '../../support/app.js';
import { receivedText, startSmtpServer } from '../../support/smtp-server.js';
import { deliveredTo, ownedLiveListing, person } from '../../support/notification-fixtures.js';
import { addComment, commentableListing } from '../../../src/domain/comments/comments.js';
import { reviewedListing, writeReview } from '../../../src/domain/reviews/reviews.js';
import { castVote } from '../../../src/domain/votes/votes.js';
import { moderate } from '../../../src/domain/moderation/moderate.js';
import { completeOrder } from '../../../src/domain/orders/fulfil-order.js';
import { sendNotificationBatches } from '../../../src/domain/notifications/send-notifications.js';
import { saveKindsOn } from '../../../src/domain/notifications/notification-repository.js';

const smtp = await startSmtpServer();
after(() => smtp.close());

const MINUTE = 60_000;

describeEachDatabase(
  'notifications to owners',
  (env) => {
    afterEach(() => {
      env().clock.now = new Date(FIXED_NOW);
    });
    const later = (minutes: number) => {
      env().clock.now = new Date(env().clock.now.getTime() + minutes * MINUTE);
    };
    const mails = async (to: string) =>
      (await deliveredTo(env(), smtp.received, to)).map((m) => {
        const { subject, text } = receivedText(m);
        return { subject, text: text.replace(/\r\n/g, '\n') };
      });
    const comment = async (e: TestEnv, slug: string, userId: number, body: string) => {
      const target = await commentableListing(e.ctx.db, e.ctx.site.id, slug);
      const r = await addComment(e.ctx.db, target!, userId, { body }, e.ctx.now());
      assert.ok(r.ok, JSON.stringify(r));
    };

    test('a new comment mails every owner but the one who wrote it, with its text and a link to it', async () => {
      const [owner, cofounder, visitor] = [
        await person(env(), 'owner'),
        await person(env(), 'cofounder'),
        await person(env(), 'visitor'),
      ];
      const l = await ownedLiveListing(env(), 'Tallyflow', [owner, cofounder]);
      await comment(env(), l.slug, visitor.id, 'Does it import CSV files?');
      await sendNotificationBatches(env().ctx);
      for (const to of [owner.email, cofounder.email]) {
        const got = await mails(to);
        assert.equal(got.length, 1, to);
        assert.equal(got[0].subject, 'A new comment on Tallyflow');
        assert.match(got[0].text, /Visitor on Tallyflow:\n {2}“Does it import CSV files\?”/);
        assert.match(got[0].text, new RegExp(`http://launchdeck.test/p/${l.slug}#comment-\\d+`));
      }
      later(90);
      await comment(env(), l.slug, owner.id, 'Yes, and Excel too.');
      await sendNotificationBatches(env().ctx);
      assert.equal((await mails(owner.email)).length, 1, 'the owner is not told of their own answer');
      assert.equal((await mails(cofounder.email)).length, 2, 'the co-founder is');
    });

    test('two comments within the hour come as one mail listing both; one after it waits for the hour', async () => {
      const owner = await person(env(), 'owner');
      const [ada, bob] = [await person(env(), 'ada'), await person(env(), 'bob')];
      const l = await ownedLiveListing(env(), 'Quillpad', [owner]);
      await comment(env(), l.slug, ada.id, 'First!');
      later(20);
      await comment(env(), l.slug, bob.id, 'Looks great.');
      assert.equal(await sendNotificationBatches(env().ctx), 1);
      let got = await mails(owner.email);
      assert.equal(got.length, 1);
      assert.equal(got[0].subject, '2 new comments on Quillpad');
      assert.ok(got[0].text.indexOf('First!') < got[0].text.indexOf('Looks great.'), 'oldest first');

      later(10);
      await comment(env(), l.slug, ada.id, 'Any discount?');
      later(40);
      await comment(env(), l.slug, bob.id, 'Ship it.');
      assert.equal(await sendNotificationBatches(env().ctx), 0, 'less than an hour since the last mail');
      assert.equal((await mails(owner.email)).length, 1);
      later(11);
      assert.equal(await sendNotificationBatches(env().ctx), 1, 'an hour after the last mail, everything waiting goes');
      got = await mails(owner.email);
      assert.equal(got.length, 2);
      assert.match(got[1].text, /Any discount\?[\s\S]*Ship it\./);
      assert.equal(await sendNotificationBatches(env().ctx), 0, 'nothing is left waiting');
    });

    test('two workers sending at once send each mail once', async () => {
      const owner = await person(env(), 'owner');
      const l = await ownedLiveListing(env(), 'Twinrun', [owner]);
      await comment(env(), l.slug, (await person(env(), 'ada')).id, 'Hello there.');
      const sent = await Promise.all([sendNotificationBatches(env().ctx), sendNotificationBatches(env().ctx)]);
      assert.equal(sent[0] + sent[1], 1);
      assert.equal((await mails(owner.email)).length, 1);
    });

    test('a new review mails the owners its stars and text; editing it mails nothing more', async () => {
      const owner = await person(env(), 'owner');
      const reviewer = await person(env(), 'reviewer');
      const l = await ownedLiveListing(env(), 'Ledgerly', [owner]);
      const listing = await reviewedListing(env().ctx.db, env().ctx.site.id, l.slug);
      const write = (body: string) =>
        writeReview(env().ctx.db, listing!, reviewer.id, { rating: '4', body }, env().ctx.now());
      assert.ok((await write('Solid bookkeeping, clunky export.')).ok);
      await sendNotificationBatches(env().ctx);
      const got = await mails(owner.email);
      assert.equal(got.length, 1);
      assert.equal(got[0].subject, 'A new review on Ledgerly');
      assert.match(got[0].text, /Reviewer rated Ledgerly ★★★★☆ \(4\/5\):\n {2}“Solid bookkeeping, clunky export\.”/);
      later(120);
      assert.ok((await write('Solid bookkeeping; export fixed.')).ok);
      await sendNotificationBatches(env().ctx);
      assert.equal((await mails(owner.email)).length, 1);
    });

    test('votes held for new accounts are told as a count, never who cast them', async () => {
      const owner = await person(env(), 'owner');
      const l = await ownedLiveListing(env(), 'Heldback', [owner]);
      const fresh = [
        await person(env(), 'newcomer', env().clock.now),
        await person(env(), 'newcomer', env().clock.now),
      ];
      for (const v of fresh) {
        const r = await castVote(
          env().ctx.db,
          env().ctx.site.id,
          l.slug,
          { userId: v.id },
          { now: env().ctx.now(), ip: null, holdHours: 48 },
        );
        assert.ok(r.voted && r.held_until, JSON.stringify(r));
      }
      const old = await person(env(), 'regular');
      await castVote(
        env().ctx.db,
        env().ctx.site.id,
        l.slug,
        { userId: old.id },
        { now: env().ctx.now(), ip: null, holdHours: 48 },
      );
      await sendNotificationBatches(env().ctx);
      const got = await mails(owner.email);
      assert.equal(got.length, 1);
      assert.equal(got[0].subject, 'Votes held or voided on Heldback');
      assert.match(got[0].text, /2 new votes on Heldback are held/);
      assert.ok(!got[0].text.includes('Newcomer') && !got[0].text.includes(fresh[0].email), 'voters stay anonymous');
    });

    test("votes a moderator voids are told to the owners with the moderator's reason", async () => {
      const owner = await person(env(), 'owner');
      const moderator = await person(env(), 'moderator');
      const l = await ownedLiveListing(env(), 'Ringvote', [owner]);
      const voteIds: number[] = [];
      for (let i = 0; i < 3; i++) {
        const v = await person(env(), 'voter');
        await castVote(env().ctx.db, env().ctx.site.id, l.slug, { userId: v.id }, { now: env().ctx.now(), ip: null });
        const [row] = await env().ctx.db.query<{ id: number }>(
          'SELECT id FROM votes WHERE listing_id = $1 AND user_id = $2',
          [l.id, v.id],
        );
        voteIds.push(row.id);
      }
      const r = await moderate(
        env().ctx.db,
        env().ctx.site.id,
        moderator.id,
        { action: 'void_votes', voteIds, reason: 'Cast from one address within a minute' },
        env().ctx.now(),
      );
      assert.ok(r.ok);
      await sendNotificationBatches(env().ctx);
      const got = await mails(owner.email);
      assert.equal(got.length, 1);
      assert.match(got[0].text, /A moderator voided 3 votes on Ringvote: Cast from one address within a minute/);
      assert.equal((await mails(moderator.email)).length, 0);
    });

    test("a paid order's fulfilment mails its buyer and the owners of its listing", async () => {
      const [buyer, cofounder] = [await person(env(), 'buyer'), await person(env(), 'cofounder')];
      const l = await ownedLiveListing(env(), 'Paidplan', [buyer, cofounder]);
      const number = `LD-${l.id}-TEST`;
      const [order] = await env().ctx.db.query<{ id: number }>(
        `INSERT INTO orders (number, site_id, user_id, status, checkout_token, paid_at) VALUES ($1, $2, $3, 'paid', $4, $5) RETURNING id`,
        [number, env().ctx.site.id, buyer.id, `tok-${number}`, env().ctx.now().toISOString()],
      );
      await env().ctx.db.query(
        `INSERT INTO order_lines (order_id, product_code, listing_id, unit_price_cents, total_cents, fulfilled_at) VALUES ($1, 'featured', $2, 4900, 4900, $3)`,
        [order.id, l.id, env().ctx.now().toISOString()],
      );
      assert.equal(await completeOrder(env().ctx, order.id), true);
      assert.equal(await completeOrder(env().ctx, order.id), false);
      await sendNotificationBatches(env().ctx);
      for (const to of [buyer.email, cofounder.email]) {
        const got = await mails(to);
        assert.equal(got.length, 1, to);
        assert.equal(got[0].subject, `Order ${number} is fulfilled`);
        assert.ok(got[0].text.includes(`http://launchdeck.test/orders/${number}`), got[0].text);
      }
    });

    test('a kind turned off is not mailed, and what was waiting of it is dropped; other kinds still are', async () => {
      const owner = await person(env(), 'owner');
      const [ada, bob] = [await person(env(), 'ada'), await person(env(), 'bob')];
      const l = await ownedLiveListing(env(), 'Quietly', [owner]);
      await comment(env(), l.slug, ada.id, 'Queued before the change.');
      await saveKindsOn(env().ctx.db, owner.id, ['review', 'votes', 'award', 'order', 'digest']);
      await comment(env(), l.slug, bob.id, 'Queued after it.');
      const listing = await reviewedListing(env().ctx.db, env().ctx.site.id, l.slug);
      await writeReview(env().ctx.db, listing!, ada.id, { rating: '5', body: 'Lovely.' }, env().ctx.now());
      await sendNotificationBatches(env().ctx);
      const got = await mails(owner.email);
      assert.deepEqual(
        got.map((m) => m.subject),
        ['A new review on Quietly'],
      );
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
