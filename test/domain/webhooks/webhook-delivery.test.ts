import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { describeEachDatabase } from '../../support/app.js';
import { founder, runJobs } from '../../support/draft-client.js';
import { startWebhookReceiver, type HookAnswer } from '../../support/webhook-receiver.js';
import { publishEvent } from '../../../src/domain/events/publish-event.js';

type Client = Awaited<ReturnType<typeof founder>>;
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const receivers: Receiver[] = [];
async function receiver(script: HookAnswer[] = []) {
  const r = await startWebhookReceiver(script);
  receivers.push(r);
  return r;
}
after(async () => {
  for (const r of receivers) await r.close();
});

describeEachDatabase(
  'webhook delivery',
  (env) => {
    let owner: Client;
    let ownerId: number;

    before(async () => {
      owner = await founder(env(), 'hooks');
      [{ id: ownerId }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
        owner.email,
      ]);
    });

    /** Each test's endpoint is the account's only one, so it alone receives the test's events. */
    const addEndpoint = async (url: string, events = ['order.paid']) => {
      await env().ctx.db.query('DELETE FROM webhook_endpoints WHERE user_id = $1', [ownerId]);
      const res = await owner.call('POST', '/me/webhooks', { url, events });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body as { id: number; secret: string };
    };
    const paid = (number: string) =>
      publishEvent(env().ctx, { type: 'order.paid', accountIds: [ownerId], data: { order: { number } } });
    const deliveries = async (endpointId: number) =>
      (await owner.call('GET', `/me/webhooks/${endpointId}/deliveries`)).body.items as Record<string, any>[];
    const later = (ms: number) => {
      env().clock.now = new Date(env().clock.now.getTime() + ms);
    };

    test('an event arrives signed per Standard Webhooks: Webhook.verify with the secret accepts it', async () => {
      const r = await receiver([{ status: 200, body: 'thanks' }]);
      const endpoint = await addEndpoint(r.url);
      assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      assert.equal(await paid('LD-1001'), true);
      await runJobs(env());
      assert.equal(r.received.length, 1);
      const [hook] = r.received;
      const verified = new Webhook(endpoint.secret).verify(hook.raw, hook.headers) as Record<string, any>;
      assert.equal(verified.type, 'order.paid');
      assert.deepEqual(verified.data, { order: { number: 'LD-1001' } });
      assert.equal(verified.timestamp, env().ctx.now().toISOString());
      assert.match(hook.headers['webhook-signature'], /^v1,[A-Za-z0-9+/]+=*$/);
      assert.throws(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(hook.raw, hook.headers),
      );
      const [d] = await deliveries(endpoint.id);
      assert.equal(d.status, 'delivered');
      assert.equal(d.response_code, 200);
      assert.equal(d.response_excerpt, 'thanks');
      assert.equal(d.attempts, 1);
      assert.equal(d.message_id, hook.headers['webhook-id']);
      assert.equal(typeof d.duration_ms, 'number');
    });

    test('the secret is stored sealed under SECRETS_KEY, never as is', async () => {
      const r = await receiver();
      const endpoint = await addEndpoint(r.url);
      const [row] = await env().ctx.db.query<Record<string, string | null>>(
        'SELECT secret_plain, secret_ciphertext FROM webhook_endpoints WHERE id = $1',
        [endpoint.id],
      );
      assert.equal(row.secret_plain, null);
      assert.ok(row.secret_ciphertext && !row.secret_ciphertext.includes(endpoint.secret.slice(6)));
    });

    test('a 500 is retried after a backoff, then delivered; the log keeps each attempt count', async () => {
      const r = await receiver([{ status: 500, body: 'oops' }, { status: 204 }]);
      const endpoint = await addEndpoint(r.url);
      await paid('LD-1002');
      await runJobs(env());
      let [d] = await deliveries(endpoint.id);
      assert.equal(d.status, 'pending');
      assert.equal(d.response_code, 500);
      assert.equal(d.response_excerpt, 'oops');
      assert.match(d.error, /HTTP 500/);
      const wait = Date.parse(d.next_attempt_at) - env().ctx.now().getTime();
      // 30 s base, ±20 % jitter.
      assert.ok(wait >= 24_000 && wait <= 36_000, `retry in ${wait} ms`);
      await runJobs(env());
      assert.equal(r.received.length, 1, 'not retried before it is due');
      later(40_000);
      await runJobs(env());
      [d] = await deliveries(endpoint.id);
      assert.equal(d.status, 'delivered');
      assert.equal(d.attempts, 2);
      assert.equal(d.response_code, 204);
      assert.equal(r.received.length, 2);
      assert.equal(r.received[0].headers['webhook-id'], r.received[1].headers['webhook-id']);
    });

    test('an endpoint that does not answer in time is retried like a 500', async () => {
      const r = await receiver(['hang', { status: 200 }]);
      const endpoint = await addEndpoint(r.url);
      await paid('LD-1003');
      await runJobs(env());
      let [d] = await deliveries(endpoint.id);
      assert.equal(d.status, 'pending');
      assert.equal(d.response_code, null);
      assert.match(d.error, /no answer within 1 s/);
      later(40_000);
      await runJobs(env());
      [d] = await deliveries(endpoint.id);
      assert.equal(d.status, 'delivered');
      assert.equal(d.attempts, 2);
    });

    test('nothing is sent to a private address: the guard refuses, and the delivery fails with the reason', async () => {
      const r = await receiver();
      const endpoint = await addEndpoint(r.url);
      const allowed = env().ctx.config;
      // The operator's exception for loopback is gone: 127.0.0.1 is a private address again.
      env().ctx.config = { ...allowed, crawlAllowHosts: [] };
      try {
        await paid('LD-1004');
        await runJobs(env());
      } finally {
        env().ctx.config = allowed;
      }
      assert.equal(r.received.length, 0);
      const [d] = await deliveries(endpoint.id);
      assert.equal(d.status, 'failed');
      assert.equal(d.error, 'refused: 127.0.0.1 is a private or reserved address');
      assert.equal(d.next_attempt_at, null);
    });

    test('a delivery is redelivered as a new delivery with the same webhook-id', async () => {
      const r = await receiver([{ status: 200 }]);
      const endpoint = await addEndpoint(r.url);
      await paid('LD-1005');
      await runJobs(env());
      const [first] = await deliveries(endpoint.id);
      const again = await owner.call('POST', `/me/webhook-deliveries/${first.id}/redeliver`);
      assert.equal(again.status, 201, JSON.stringify(again.body));
      assert.equal(again.body.status, 'pending');
      await runJobs(env());
      const [newest] = await deliveries(endpoint.id);
      assert.equal(newest.id, again.body.id);
      assert.equal(newest.redelivery_of, first.id);
      assert.equal(newest.status, 'delivered');
      assert.equal(r.received.length, 2);
      assert.equal(r.received[1].headers['webhook-id'], r.received[0].headers['webhook-id']);
      assert.equal(r.received[1].raw, r.received[0].raw);
    });

    test('an endpoint failing attempt after attempt is disabled, its owner mailed once, its waiting deliveries closed', async () => {
      const r = await receiver([{ status: 503 }]);
      const endpoint = await addEndpoint(r.url);
      await paid('LD-1006');
      await paid('LD-1007');
      await runJobs(env()); // two failures
      later(40_000);
      await runJobs(env()); // the third disables it
      const list = (await owner.call('GET', '/me/webhooks')).body.items as Record<string, any>[];
      const mine = list.find((e) => e.id === endpoint.id)!;
      assert.equal(mine.enabled, false);
      assert.equal(mine.disabled_reason, 'Disabled after 3 failed attempts in a row.');
      const statuses = (await deliveries(endpoint.id)).map((d) => d.status);
      assert.deepEqual(statuses, ['failed', 'failed']);
      const mail = await env().ctx.db.query<{ subject: string; text_body: string }>(
        'SELECT subject, text_body FROM mail_outbox WHERE to_address = $1',
        [owner.email],
      );
      assert.equal(mail.length, 1);
      assert.match(mail[0].subject, /webhook endpoint was disabled/);
      assert.ok(mail[0].text_body.includes(r.url));
      // Disabled: a new event is not even recorded for it, and redelivery asks to enable it first.
      assert.equal(await paid('LD-1008'), false);
      const [d] = await deliveries(endpoint.id);
      assert.equal((await owner.call('POST', `/me/webhook-deliveries/${d.id}/redeliver`)).status, 409);
      const enabled = await owner.call('PATCH', `/me/webhooks/${endpoint.id}`, { enabled: true });
      assert.equal(enabled.body.enabled, true);
      assert.equal(enabled.body.disabled_reason, null);
    });

    test('a delivery failing for the whole retry window gives up, and the endpoint failing that long is disabled', async () => {
      const r = await receiver([{ status: 500 }]);
      const endpoint = await addEndpoint(r.url);
      await paid('LD-1009');
      await runJobs(env());
      later(25 * 3_600_000);
      await runJobs(env());
      const [d] = await deliveries(endpoint.id);
      assert.equal(d.status, 'failed');
      assert.equal(d.attempts, 2);
      assert.match(d.error, /gave up after 2 attempts/);
      const [row] = await env().ctx.db.query<{ enabled: boolean; disabled_reason: string }>(
        'SELECT enabled, disabled_reason FROM webhook_endpoints WHERE id = $1',
        [endpoint.id],
      );
      assert.equal(row.enabled, false);
      assert.match(row.disabled_reason, /^Disabled: every attempt failed since \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    });

    test('an event of a type the endpoint did not choose is not sent to it', async () => {
      const r = await receiver();
      await addEndpoint(r.url, ['order.fulfilled']);
      const before = r.received.length;
      await paid('LD-1010');
      await runJobs(env());
      assert.equal(r.received.length, before);
    });
  },
  {
    env: {
      CRAWL_ALLOW_HOSTS: '127.0.0.1',
      WEBHOOK_TIMEOUT_SECONDS: '1',
      WEBHOOK_DISABLE_AFTER_FAILURES: '3',
      SECRETS_KEY: Buffer.alloc(32, 1).toString('hex'),
    },
  },
);
