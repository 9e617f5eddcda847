import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { founder, runJobs } from '../support/draft-client.js';
import { sampleValue } from './exposition.js';

let site: Awaited<ReturnType<typeof startFixtureSite>>;
let blocked: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite({
    '/': {
      body: '<!doctype html><html><head><title>Gaugely</title></head><body><h1>Gaugely</h1><p>Dashboards for your gauges.</p></body></html>',
    },
  });
  blocked = await startFixtureSite({
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /\n' },
    '/': { body: '<p>private</p>' },
  });
});
after(async () => {
  await site.close();
  await blocked.close();
});

describeEachDatabase(
  'crawl metrics',
  (env) => {
    test('each crawl of a submitted website is timed, read or blocked', async () => {
      const f = await founder(env());
      assert.equal((await f.call('POST', '/drafts', { url: `${site.origin}/` })).status, 201);
      assert.equal((await f.call('POST', '/drafts', { url: `${blocked.origin}/` })).status, 201);
      await runJobs(env());
      const text = (await env().get('/metrics')).body;
      assert.equal(sampleValue(text, 'launchdeck_crawl_duration_seconds_count', { outcome: 'read' }), 1);
      assert.equal(sampleValue(text, 'launchdeck_crawl_duration_seconds_count', { outcome: 'blocked' }), 1);
      assert.ok(sampleValue(text, 'launchdeck_job_runs_total', { kind: 'draft.process', outcome: 'done' })! >= 2);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
