import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { awardsOf, launch, mailTo, owner, vote, votes } from '../../support/award-fixtures.js';
import { awardWeek } from '../../../src/domain/awards/award-week.js';
import { addWeeks } from '../../../src/domain/weeks/weeks.js';
import { sendNotificationBatches } from '../../../src/domain/notifications/send-notifications.js';

/** A different finished week for each test, so they never see each other's launches. */
let weeksBack = 10;
const freshWeek = () => addWeeks('2026-11-16', -weeksBack++);
/** An instant `days` and `hour` into the week of `monday`, UTC. */
const at = (monday: string, days: number, hour = 12) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + days * 86_400_000 + hour * 3_600_000).toISOString();

describeEachDatabase('the weekly awards', (env) => {
  const db = () => env().ctx.db;
  const site = () => env().ctx.site;
  const award = (monday: string) => awardWeek(db(), site(), monday, env().ctx.config.publicUrl, () => env().ctx.now());

  test('the three launches of the week with the most counted votes cast in it win #1, #2 and #3', async () => {
    const week = freshWeek();
    const [a, b, c, d] = [
      await launch(db(), site().id, week, 'Alpha'),
      await launch(db(), site().id, week, 'Bravo'),
      await launch(db(), site().id, week, 'Charlie'),
      await launch(db(), site().id, week, 'Delta'),
    ];
    await votes(db(), a, 3, at(week, 1));
    await votes(db(), b, 5, at(week, 2));
    await votes(db(), c, 2, at(week, 3));
    await votes(db(), d, 4, at(week, 4));
    const given = await award(week);
    assert.deepEqual(
      given.map((g) => [g.rank, g.listing_id, g.votes]),
      [
        [1, b, 5],
        [2, d, 4],
        [3, a, 3],
      ],
    );
    assert.deepEqual(await awardsOf(db(), site().id, week), [
      [1, b, 5],
      [2, d, 4],
      [3, a, 3],
    ]);
  });

  test('on equal votes the launch that reached the count first wins: its last counted vote of the week came earlier', async () => {
    const week = freshWeek();
    const late = await launch(db(), site().id, week, 'Late');
    const early = await launch(db(), site().id, week, 'Early');
    await vote(db(), late, at(week, 0));
    await vote(db(), late, at(week, 4)); // reaches 2 on Friday
    await vote(db(), early, at(week, 1));
    await vote(db(), early, at(week, 2)); // reaches 2 on Wednesday
    assert.deepEqual(
      (await award(week)).map((g) => g.listing_id),
      [early, late],
    );
  });

  test('on equal votes reached at the same instant the lower listing id wins', async () => {
    const week = freshWeek();
    const first = await launch(db(), site().id, week, 'First');
    const second = await launch(db(), site().id, week, 'Second');
    await votes(db(), second, 2, at(week, 3));
    await votes(db(), first, 2, at(week, 3));
    assert.deepEqual(
      (await award(week)).map((g) => g.listing_id),
      [first, second],
    );
  });

  test("votes that do not count (an owner's, a voided one) are ignored", async () => {
    const week = freshWeek();
    const padded = await launch(db(), site().id, week, 'Padded');
    const honest = await launch(db(), site().id, week, 'Honest');
    await votes(db(), padded, 1, at(week, 1));
    for (let i = 0; i < 5; i++) await vote(db(), padded, at(week, 1), false);
    await votes(db(), honest, 2, at(week, 2));
    assert.deepEqual(
      (await award(week)).map((g) => [g.listing_id, g.votes]),
      [
        [honest, 2],
        [padded, 1],
      ],
    );
  });

  test('only votes cast during the week count', async () => {
    const week = freshWeek();
    const lateBloomer = await launch(db(), site().id, week, 'Late bloomer');
    const steady = await launch(db(), site().id, week, 'Steady');
    await votes(db(), lateBloomer, 1, at(week, 6, 23));
    await votes(db(), lateBloomer, 6, at(week, 7, 0)); // next Monday 00:00 UTC: the week is over
    await votes(db(), steady, 2, at(week, 0, 0)); // Monday 00:00 UTC: the week has begun
    assert.deepEqual(
      (await award(week)).map((g) => [g.listing_id, g.votes]),
      [
        [steady, 2],
        [lateBloomer, 1],
      ],
    );
  });

  test('only live listings that launched that week compete', async () => {
    const week = freshWeek();
    const launched = await launch(db(), site().id, week, 'Launched');
    const earlier = await launch(db(), site().id, addWeeks(week, -1), 'Earlier');
    const hidden = await launch(db(), site().id, week, 'Hidden', 'hidden');
    await votes(db(), launched, 1, at(week, 2));
    await votes(db(), earlier, 5, at(week, 2));
    await votes(db(), hidden, 5, at(week, 2));
    assert.deepEqual(
      (await award(week)).map((g) => g.listing_id),
      [launched],
    );
  });

  test('a week is awarded once and never re-ranked, even when its votes are voided later', async () => {
    const week = freshWeek();
    const winner = await launch(db(), site().id, week, 'Winner');
    const runnerUp = await launch(db(), site().id, week, 'Runner-up');
    await votes(db(), winner, 3, at(week, 1));
    await votes(db(), runnerUp, 2, at(week, 1));
    await award(week);
    await db().query('UPDATE votes SET counted = false, voided_at = now() WHERE listing_id = $1', [winner]);
    await votes(db(), runnerUp, 5, at(week, 5));
    assert.deepEqual(await award(week), []);
    assert.deepEqual(await awardsOf(db(), site().id, week), [
      [1, winner, 3],
      [2, runnerUp, 2],
    ]);
  });

  test('a week that already has awards (given before weeks were marked as awarded) is not awarded again', async () => {
    const week = freshWeek();
    const old = await launch(db(), site().id, week, 'Old winner');
    const other = await launch(db(), site().id, week, 'Other');
    await db().query('INSERT INTO awards (site_id, week_start, rank, listing_id, votes) VALUES ($1, $2, 1, $3, 1)', [
      site().id,
      week,
      old,
    ]);
    await votes(db(), other, 4, at(week, 1));
    assert.deepEqual(await award(week), []);
    assert.deepEqual(await awardsOf(db(), site().id, week), [[1, old, 1]]);
  });

  test("each owner and co-owner of a winner gets one mail with the award's verification page and how to embed its badge", async () => {
    const week = freshWeek();
    const listing = await launch(db(), site().id, week, 'Tablewise');
    const [ownerMail, cofounderMail] = [await owner(db(), listing), await owner(db(), listing, 'cofounder')];
    await votes(db(), listing, 2, at(week, 1));
    const [given] = await award(week);
    // Awards are notifications: mailed by the next batch.
    await sendNotificationBatches(env().ctx);
    for (const address of [ownerMail, cofounderMail]) {
      const mails = await mailTo(db(), address);
      assert.equal(mails.length, 1, address);
      assert.equal(mails[0].subject, 'Tablewise is Launch of the Week #1');
      assert.ok(mails[0].text_body.includes(`http://launchdeck.test/awards/${given.id}\n`), mails[0].text_body);
      assert.ok(
        mails[0].text_body.includes(`http://launchdeck.test/api/v1/listings/${given.slug}/badges`),
        mails[0].text_body,
      );
      assert.ok(mails[0].text_body.includes(`http://launchdeck.test/p/${given.slug}`), mails[0].text_body);
    }
  });
});
