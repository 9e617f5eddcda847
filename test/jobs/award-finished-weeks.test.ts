import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { awardsOf, launch, mailTo, owner, votes } from '../support/award-fixtures.js';
import { awardFinishedWeeks } from '../../src/jobs/scheduler.js';
import { sendNotificationBatches } from '../../src/domain/notifications/send-notifications.js';

// The test clock stands on Wednesday 2026-11-18.
const LAST = '2026-11-09';
const TWO_AGO = '2026-11-02';
const THIS = '2026-11-16';

describeEachDatabase('the award job', (env) => {
  const db = () => env().ctx.db;
  const siteId = () => env().ctx.site.id;

  test('run three times at once, it awards each finished week once and mails each owner once', async () => {
    const [a, b, c] = [
      await launch(db(), siteId(), LAST, 'Alpha'),
      await launch(db(), siteId(), LAST, 'Bravo'),
      await launch(db(), siteId(), LAST, 'Charlie'),
    ];
    const d = await launch(db(), siteId(), TWO_AGO, 'Delta');
    await votes(db(), a, 3, `${LAST}T10:00:00Z`);
    await votes(db(), b, 2, `${LAST}T10:00:00Z`);
    await votes(db(), c, 1, `${LAST}T10:00:00Z`);
    await votes(db(), d, 4, `${TWO_AGO}T10:00:00Z`);
    const owners = [
      await owner(db(), a),
      await owner(db(), a, 'cofounder'),
      await owner(db(), b),
      await owner(db(), c),
      await owner(db(), d),
    ];

    const given = await Promise.all([
      awardFinishedWeeks(env().ctx),
      awardFinishedWeeks(env().ctx),
      awardFinishedWeeks(env().ctx),
    ]);

    assert.equal(
      given.reduce((s, n) => s + n, 0),
      4,
      `awards given by the three runs: ${given.join(', ')}`,
    );
    assert.deepEqual(await awardsOf(db(), siteId(), LAST), [
      [1, a, 3],
      [2, b, 2],
      [3, c, 1],
    ]);
    assert.deepEqual(await awardsOf(db(), siteId(), TWO_AGO), [[1, d, 4]]);
    await Promise.all([sendNotificationBatches(env().ctx), sendNotificationBatches(env().ctx)]);
    for (const address of owners) assert.equal((await mailTo(db(), address)).length, 1, address);
    assert.equal(await awardFinishedWeeks(env().ctx), 0, 'a later run finds nothing left to award');
  });

  test('the week still running is not awarded', async () => {
    const running = await launch(db(), siteId(), THIS, 'Running');
    await votes(db(), running, 2, `${THIS}T10:00:00Z`);
    await awardFinishedWeeks(env().ctx);
    assert.deepEqual(await awardsOf(db(), siteId(), THIS), []);
  });
});
