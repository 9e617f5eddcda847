import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { startSmtpServer } from '../support/smtp-server.js';
import { deliverPendingMail, queueMail } from '../../src/mail/outbox.js';

let failing = false;
const smtp = await startSmtpServer({ fail: () => failing });
after(() => smtp.close());

describeEachDatabase(
  'mail delivery',
  (env) => {
    before(() => {
      smtp.received.length = 0;
    });

    test('queued mail is delivered through SMTP_URL and marked sent', async () => {
      await queueMail(env().ctx.db, { to: 'founder@example.com', subject: 'Hello', text: 'Body text' });
      assert.equal(await deliverPendingMail(env().ctx), 1);
      assert.equal(smtp.received.length, 1);
      assert.deepEqual(smtp.received[0].to, ['founder@example.com']);
      assert.match(smtp.received[0].raw, /Subject: Hello/);
      assert.match(smtp.received[0].raw, /Body text/);
      const rows = await env().ctx.db.query<{ sent_at: string | null }>('SELECT sent_at FROM mail_outbox');
      assert.ok(rows[0].sent_at);
      assert.equal(await deliverPendingMail(env().ctx), 0, 'nothing is sent twice');
    });

    test('a refused message stays queued with its error and is retried later', async () => {
      failing = true;
      try {
        await queueMail(env().ctx.db, { to: 'later@example.com', subject: 'Retry me', text: 'x' });
        assert.equal(await deliverPendingMail(env().ctx), 0);
        const rows = await env().ctx.db.query<{ attempts: number; error: string; sent_at: string | null }>(
          `SELECT attempts, error, sent_at FROM mail_outbox WHERE subject = 'Retry me'`,
        );
        assert.equal(rows[0].attempts, 1);
        assert.match(rows[0].error, /mailbox unavailable/);
        assert.equal(rows[0].sent_at, null);
      } finally {
        failing = false;
      }
      await env().ctx.db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE subject = 'Retry me'`);
      assert.equal(await deliverPendingMail(env().ctx), 1);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);

describeEachDatabase('mail without SMTP', (env) => {
  test('mail stays in the outbox, readable on /outbox from this machine', async () => {
    await queueMail(env().ctx.db, { to: 'local@example.com', subject: 'Local only', text: 'Read me here' });
    assert.equal(await deliverPendingMail(env().ctx), 0);
    const page = await env().app.inject({ method: 'GET', url: '/outbox', remoteAddress: '127.0.0.1' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Read me here/);
    const remote = await env().app.inject({ method: 'GET', url: '/outbox', remoteAddress: '203.0.113.9' });
    assert.equal(remote.statusCode, 404);
  });
});
