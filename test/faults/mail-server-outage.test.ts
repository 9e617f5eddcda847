import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { startSmtpServer } from '../support/smtp-server.js';
import { deliverPendingMail, queueMail } from '../../src/mail/outbox.js';

/**
 * Issue 16, faults: the mail server is down. Mail waits in the outbox without spending its
 * attempts (an outage of any length loses nothing) and is sent once the server is back.
 */

const first = await startSmtpServer();
const port = first.port;
await first.close();

describeEachDatabase(
  'mail while the mail server is down',
  (env) => {
    test('mail queued during an outage waits without spending attempts, then is sent when the server returns', async () => {
      const db = env().ctx.db;
      for (const to of ['a@example.com', 'b@example.com', 'c@example.com'])
        await queueMail(db, { to, subject: `Outage ${env().kind}`, text: 'Kept safe.' });

      assert.equal(await deliverPendingMail(env().ctx), 0);
      const waiting = await db.query<{ attempts: number; error: string | null; sent_at: string | null }>(
        'SELECT attempts, error, sent_at FROM mail_outbox ORDER BY id',
      );
      assert.deepEqual(
        waiting.map((m) => m.attempts),
        [0, 0, 0],
        'no attempt is spent on an unreachable server',
      );
      assert.match(waiting[0].error ?? '', /mail server unreachable/);
      assert.ok(waiting.every((m) => m.sent_at === null));

      const revived = await startSmtpServer({ port });
      try {
        await db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE sent_at IS NULL`); // the 30-second pause, elapsed
        assert.equal(await deliverPendingMail(env().ctx), 3);
        assert.deepEqual(revived.received.flatMap((m) => m.to).sort(), [
          'a@example.com',
          'b@example.com',
          'c@example.com',
        ]);
      } finally {
        await revived.close();
      }
      const rows = await db.query<{ error: string | null }>('SELECT error FROM mail_outbox WHERE sent_at IS NOT NULL');
      assert.equal(rows.length, 3);
      assert.ok(rows.every((r) => r.error === null));
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } },
);
