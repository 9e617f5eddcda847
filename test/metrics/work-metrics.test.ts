import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, freeLoopbackPort } from '../support/app.js';
import { startSmtpServer } from '../support/smtp-server.js';
import { enqueue, Worker } from '../../src/jobs/queue.js';
import { queueMail, deliverPendingMail } from '../../src/mail/outbox.js';
import { instrumentJobs } from '../../src/metrics/job-metrics.js';
import { metricsOf } from '../../src/metrics/metrics.js';
import { startMetricsServer } from '../../src/metrics/metrics-server.js';
import { sampleValue } from './exposition.js';

describeEachDatabase('metrics of background work', (env) => {
  const scrape = async () => (await env().get('/metrics')).body;

  test('job attempts are counted as done, retry or failed per kind', async () => {
    const { ctx } = env();
    const worker = new Worker(
      ctx.db,
      instrumentJobs(metricsOf(ctx), {
        'metrics-ok': async () => {},
        'metrics-boom': async () => {
          throw new Error('boom');
        },
      }),
      { id: 'metrics-test' },
    );
    const now = new Date(Date.now() + 1_000);
    await enqueue(ctx.db, 'metrics-ok', {}, { runAt: now });
    await enqueue(ctx.db, 'metrics-boom', {}, { runAt: now, maxAttempts: 2 });
    await worker.drain(now);
    // The failed attempt is retried after its backoff; the second is its last.
    await worker.drain(new Date(now.getTime() + 60_000));
    const text = await scrape();
    assert.equal(sampleValue(text, 'launchdeck_job_runs_total', { kind: 'metrics-ok', outcome: 'done' }), 1);
    assert.equal(sampleValue(text, 'launchdeck_job_runs_total', { kind: 'metrics-boom', outcome: 'retry' }), 1);
    assert.equal(sampleValue(text, 'launchdeck_job_runs_total', { kind: 'metrics-boom', outcome: 'failed' }), 1);
    assert.equal(sampleValue(text, 'launchdeck_job_duration_seconds_count', { kind: 'metrics-ok' }), 1);
  });

  test('mail sent and mail refused by the SMTP server are counted', async () => {
    const { ctx } = env();
    let refuse = false;
    const smtp = await startSmtpServer({ fail: () => refuse });
    const config = ctx.config;
    ctx.config = { ...config, smtpUrl: smtp.url };
    try {
      await queueMail(ctx.db, { to: 'a@example.com', subject: 'one', text: 'hello' });
      assert.equal(await deliverPendingMail(ctx), 1);
      refuse = true;
      await queueMail(ctx.db, { to: 'b@example.com', subject: 'two', text: 'hello' });
      assert.equal(await deliverPendingMail(ctx), 0);
    } finally {
      ctx.config = config;
      await smtp.close();
    }
    const text = await scrape();
    assert.equal(sampleValue(text, 'launchdeck_mail_total', { outcome: 'sent' }), 1);
    assert.equal(sampleValue(text, 'launchdeck_mail_total', { outcome: 'failed' }), 1);
  });

  test('a worker process serves them on their own port (METRICS_PORT)', async () => {
    const { ctx } = env();
    const port = await freeLoopbackPort();
    const server = await startMetricsServer(ctx, port, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.equal(
        sampleValue(text, 'launchdeck_job_runs_total', { kind: 'metrics-ok', outcome: 'done' }),
        1,
        'the same counts as the app of this process',
      );
      assert.match(text, /# TYPE launchdeck_jobs_waiting gauge/);
    } finally {
      await server.close();
    }
  });
});
