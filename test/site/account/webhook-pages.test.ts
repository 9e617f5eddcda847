import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { signedIn } from '../../support/signed-in.js';
import { runJobs } from '../../support/draft-client.js';
import { startWebhookReceiver } from '../../support/webhook-receiver.js';
import { publishEvent } from '../../../src/domain/events/publish-event.js';
import type { FormClient } from '../../support/form-client.js';

describeEachDatabase(
  'the account webhooks page',
  (env) => {
    let b: FormClient;
    let email: string;
    let endpointPath = '';
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

    before(async () => {
      ({ b, email } = await signedIn(env(), 'hook-page'));
      receiver = await startWebhookReceiver([{ status: 500, body: 'down' }, { status: 200 }]);
    });
    after(async () => {
      await receiver.close();
    });

    test('the account page links to it; adding an endpoint shows its secret once, not cached', async () => {
      assert.match((await b.get('/account')).body, /href="\/account\/webhooks"/);
      const res = await b.submit('/account/webhooks', '/account/webhooks', {
        url: receiver.url,
        description: 'Our CRM',
        events: ['order.paid', 'award.won'],
      });
      assert.equal(res.statusCode, 201, res.body.slice(0, 500));
      assert.equal(res.headers['cache-control'], 'no-store');
      const secret = /<code class="secret">(whsec_[^<]+)<\/code>/.exec(res.body)?.[1];
      assert.ok(secret, 'the secret is shown');
      const list = await b.get('/account/webhooks');
      assert.ok(!list.body.includes(secret), 'and never again');
      endpointPath = /href="(\/account\/webhooks\/\d+)"/.exec(list.body)![1];
      assert.match(list.body, /order\.paid, award\.won/);
    });

    test('a refused URL is shown beside the form, which keeps what was typed', async () => {
      const res = await b.submit('/account/webhooks', '/account/webhooks', {
        url: 'http://intranet.example/hooks',
        events: ['order.paid'],
      });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /role="alert"[\s\S]*url: only https URLs/);
      assert.match(res.body, /value="http:\/\/intranet\.example\/hooks"/);
    });

    test('the events are edited, and the endpoint disabled and enabled again', async () => {
      const saved = await b.submit(endpointPath, endpointPath, { url: receiver.url, events: ['draft.ready'] });
      assert.equal(saved.statusCode, 303);
      const page = await b.get(endpointPath);
      assert.match(page.body, /value="draft\.ready" checked/);
      assert.doesNotMatch(page.body, /value="order\.paid" checked/);
      assert.equal((await b.submit(endpointPath, `${endpointPath}/disable`, {})).statusCode, 303);
      assert.match((await b.get(endpointPath)).body, /— disabled/);
      assert.equal((await b.submit(endpointPath, `${endpointPath}/enable`, {})).statusCode, 303);
      assert.match((await b.get(endpointPath)).body, /— enabled/);
    });

    test('the delivery log shows a failed attempt, and Redeliver sends it again', async () => {
      const [{ id }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      await publishEvent(env().ctx, { type: 'draft.ready', accountIds: [id], data: { draft: { id: 'd1' } } });
      await runJobs(env());
      const log = await b.get(endpointPath);
      assert.match(log.body, /the endpoint answered HTTP 500/);
      const action = /action="(\/account\/webhook-deliveries\/\d+\/redeliver)"/.exec(log.body)![1];
      const res = await b.submit(endpointPath, action, {});
      assert.equal(res.statusCode, 303);
      await runJobs(env());
      const after = await b.get(endpointPath);
      assert.match(after.body, /redelivery of #\d+/);
      assert.match(after.body, /delivered/);
      assert.equal(receiver.received.length, 2);
    });

    test('deleting it removes it from the list', async () => {
      const res = await b.submit(endpointPath, `${endpointPath}/delete`, {});
      assert.equal(res.statusCode, 303);
      assert.equal((await b.get(endpointPath)).statusCode, 404);
      assert.match((await b.get('/account/webhooks')).body, /No endpoints yet/);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
