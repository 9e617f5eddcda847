import { after, afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW } from '../../support/app.js';
import { receivedText, startSmtpServer } from '../../support/smtp-server.js';
import { deliveredTo, headerOf, ownedLiveListing, person } from '../../support/notification-fixtures.js';
import { votes } from '../../support/award-fixtures.js';
import { awardWeek } from '../../../src/domain/awards/award-week.js';
import { sendWeeklyDigests } from '../../../src/domain/notifications/weekly-digest.js';
import { saveKindsOn } from '../../../src/domain/notifications/notification-repository.js';

const smtp = await startSmtpServer();
after(() => smtp.close());

// The test clock stands on Wednesday 2026-11-18 12:00 UTC; the digest is set for Wednesdays at 13:00.
const LAST_WEEK = '2026-11-09';

describeEachDatabase(
  'the weekly digest',
  (env) => {
    afterEach(() => {
      env().clock.now = new Date(FIXED_NOW);
    });
    const db = () => env().ctx.db;
    const at = (iso: string) => {
      env().clock.now = new Date(iso);
    };
    const follow = (listingId: number, userId: number) =>
      db().query('INSERT INTO followers (listing_id, user_id) VALUES ($1, $2)', [listingId, userId]);
    const texts = async (to: string) =>
      (await deliveredTo(env(), smtp.received, to)).map((m) => ({ mail: m, ...receivedText(m) }));

    test("each follower gets one digest of what their listings did last week and of last week's winners", async () => {
      const maker = await person(env(), 'maker');
      const launched = await ownedLiveListing(env(), 'Launchly', [maker], LAST_WEEK);
      const updated = await ownedLiveListing(env(), 'Updatey', [maker], '2026-10-05');
      const quiet = await ownedLiveListing(env(), 'Quietus', [maker], '2026-10-05');
      const notFollowed = await ownedLiveListing(env(), 'Elsewhere', [maker], '2026-10-05');
      await db().query(`UPDATE listings SET updated_at = '2026-10-05T10:00:00Z' WHERE id = ANY($1::int[])`, [
        [updated.id, quiet.id, notFollowed.id],
      ]);
      await db().query(
        `INSERT INTO listing_updates (listing_id, author_id, title, body, created_at) VALUES ($1, $2, 'Dark mode is here', 'At last.', '2026-11-12T10:00:00Z'),
           ($1, $2, 'An update from the week before', 'Old.', '2026-11-05T10:00:00Z'), ($3, $2, 'Not followed', 'x', '2026-11-12T10:00:00Z')`,
        [updated.id, maker.id, notFollowed.id],
      );
      await db().query(
        `INSERT INTO milestones (listing_id, date, title, created_at) VALUES ($1, '2026-11-13', '1,000 users', '2026-11-13T08:00:00Z')`,
        [updated.id],
      );
      await votes(db(), launched.id, 3, `${LAST_WEEK}T10:00:00Z`);
      const [winner] = await awardWeek(db(), env().ctx.site, LAST_WEEK, env().ctx.config.publicUrl, () =>
        env().ctx.now(),
      );

      const follower = await person(env(), 'follower');
      const stranger = await person(env(), 'stranger');
      const optedOut = await person(env(), 'optedout');
      await saveKindsOn(db(), optedOut.id, ['comment', 'review', 'votes', 'award', 'order']);
      for (const l of [launched, updated, quiet]) await follow(l.id, follower.id);
      await follow(quiet.id, optedOut.id);

      assert.equal(await sendWeeklyDigests(env().ctx), 0, 'not before Wednesday 13:00');
      at('2026-11-18T13:00:00Z');
      assert.equal(await sendWeeklyDigests(env().ctx), 1);
      const [digest] = await texts(follower.email);
      assert.equal(digest.subject, `Your weekly Launchdeck digest: the week of ${LAST_WEEK}`);
      const text = digest.text.replace(/\r\n/g, '\n');
      assert.match(
        text,
        new RegExp(`Launchly \\(http://launchdeck.test/p/${launched.slug}\\)\n {2}- launched that week`),
      );
      assert.match(
        text,
        new RegExp(
          `Updatey \\(http://launchdeck.test/p/${updated.slug}\\)\n {2}- posted an update: Dark mode is here\n {2}- reached a milestone: 1,000 users\n`,
        ),
      );
      assert.ok(!text.includes('Quietus'), 'a followed listing that did nothing is left out');
      assert.ok(!text.includes('the week before') && !text.includes('Not followed'), text);
      assert.match(
        text,
        new RegExp(`Launch of the Week #1: Launchly, 3 votes \\(http://launchdeck.test/awards/${winner.id}\\)`),
      );
      assert.match(
        headerOf(digest.mail, 'List-Unsubscribe') ?? '',
        /^<http:\/\/launchdeck\.test\/unsubscribe\?token=\d+\.digest\.[\w-]+>$/,
      );
      assert.equal(headerOf(digest.mail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
      assert.equal((await texts(stranger.email)).length, 0, 'people who follow nothing get no digest');
      assert.equal((await texts(optedOut.email)).length, 0, 'nor do those who turned it off');
      assert.equal((await texts(maker.email)).length, 0);
    });

    test('a digest goes once per week per person, however often and by however many workers it is run', async () => {
      const maker = await person(env(), 'maker');
      const l = await ownedLiveListing(env(), 'Weekly', [maker], LAST_WEEK);
      const follower = await person(env(), 'follower');
      await follow(l.id, follower.id);
      at('2026-11-19T08:00:00Z');
      const sent = await Promise.all([sendWeeklyDigests(env().ctx), sendWeeklyDigests(env().ctx)]);
      assert.equal(sent[0] + sent[1], 1);
      at('2026-11-22T23:00:00Z');
      assert.equal(await sendWeeklyDigests(env().ctx), 0, 'later the same week: nothing');
      assert.equal((await texts(follower.email)).length, 1);

      await db().query(
        `INSERT INTO listing_updates (listing_id, author_id, title, body, created_at) VALUES ($1, $2, 'Week two', 'More.', '2026-11-20T10:00:00Z')`,
        [l.id, maker.id],
      );
      at('2026-11-25T13:00:00Z');
      assert.equal(await sendWeeklyDigests(env().ctx), 1, "the next week's digest");
      const got = await texts(follower.email);
      assert.equal(got.length, 2);
      assert.equal(got[1].subject, 'Your weekly Launchdeck digest: the week of 2026-11-16');
      assert.match(got[1].text, /posted an update: Week two/);
    });
  },
  { env: { SMTP_URL: smtp.url, DIGEST_WEEKDAY: '3', DIGEST_HOUR: '13' } },
);
