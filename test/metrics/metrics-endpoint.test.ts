import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { callTool, legacyCall } from '../support/mcp-rpc.js';
import { sampleValue } from './exposition.js';

describeEachDatabase(
  'GET /metrics',
  (env) => {
    const scrape = async () => {
      const res = await env().get('/metrics');
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      return res.body;
    };

    test('API requests are counted under their operationId and status', async () => {
      await env().get('/api/v1/listings/tablewise');
      await env().get('/api/v1/listings/no-such-listing');
      const text = await scrape();
      assert.ok(
        sampleValue(text, 'launchdeck_http_requests_total', {
          operation: 'get_listing',
          method: 'GET',
          status: '200',
        })! >= 1,
      );
      assert.ok(
        sampleValue(text, 'launchdeck_http_requests_total', {
          operation: 'get_listing',
          method: 'GET',
          status: '404',
        })! >= 1,
      );
      assert.ok(
        sampleValue(text, 'launchdeck_http_request_duration_seconds_count', {
          operation: 'get_listing',
          method: 'GET',
          status: '200',
        })! >= 1,
      );
    });

    test('pages are labelled by their route pattern, never by the URL asked for', async () => {
      await env().get('/p/tablewise');
      await env().get('/definitely/not/a/page-4711');
      const text = await scrape();
      assert.ok(
        sampleValue(text, 'launchdeck_http_requests_total', { operation: '/p/:slug', method: 'GET', status: '200' })! >=
          1,
      );
      assert.ok(
        sampleValue(text, 'launchdeck_http_requests_total', {
          operation: 'unmatched',
          method: 'GET',
          status: '404',
        })! >= 1,
      );
      assert.doesNotMatch(text, /tablewise|page-4711/);
    });

    test('MCP tool calls are counted per tool and outcome', async () => {
      await callTool(env(), 'get_listing', { slug: 'tablewise' });
      await callTool(env(), 'get_listing', { slug: 'no-such-listing' });
      const text = await scrape();
      assert.ok(sampleValue(text, 'launchdeck_mcp_tool_calls_total', { tool: 'get_listing', outcome: 'ok' })! >= 1);
      assert.ok(sampleValue(text, 'launchdeck_mcp_tool_calls_total', { tool: 'get_listing', outcome: 'error' })! >= 1);
    });

    test('MCP requests the SDK answers itself are counted too', async () => {
      const res = await legacyCall(env(), 'tools/list');
      assert.equal(res.status, 200);
      const text = await scrape();
      assert.ok(
        sampleValue(text, 'launchdeck_http_requests_total', { operation: '/mcp', method: 'POST', status: '200' })! >= 1,
      );
    });

    test('queue depth and the oldest waiting job are read from the jobs table per kind', async () => {
      const { db } = env().ctx;
      const now = Date.now();
      await db.query(
        `INSERT INTO jobs (kind, run_at) VALUES ('metrics-probe', $1), ('metrics-probe', $2), ('metrics-probe', $3)`,
        [
          new Date(now - 90_000).toISOString(),
          new Date(now - 10_000).toISOString(),
          new Date(now + 3_600_000).toISOString(),
        ],
      );
      await db.query(`INSERT INTO jobs (kind, attempts, max_attempts) VALUES ('metrics-probe', 3, 3)`);
      env().clock.now = new Date(now);
      const text = await scrape();
      assert.equal(sampleValue(text, 'launchdeck_jobs_waiting', { kind: 'metrics-probe' }), 2);
      assert.equal(sampleValue(text, 'launchdeck_jobs_dead', { kind: 'metrics-probe' }), 1);
      const oldest = sampleValue(text, 'launchdeck_jobs_oldest_waiting_seconds', { kind: 'metrics-probe' })!;
      assert.ok(oldest >= 89 && oldest < 120, `oldest ${oldest}`);
      await db.query(`DELETE FROM jobs WHERE kind = 'metrics-probe'`);
    });

    test('the database pool is reported on PostgreSQL only', async () => {
      const text = await scrape();
      if (env().kind === 'postgres')
        assert.ok(sampleValue(text, 'launchdeck_db_pool_clients', { state: 'total' })! >= 1);
      else assert.doesNotMatch(text, /launchdeck_db_pool_clients/);
    });

    test('a caller that is not on loopback is refused while no METRICS_TOKEN is set', async () => {
      const res = await env().app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
      assert.equal(res.statusCode, 403);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    });

    test('a request relayed by a proxy on the same host is refused too', async () => {
      const res = await env().get('/metrics', { 'x-forwarded-for': '203.0.113.9' });
      assert.equal(res.statusCode, 403);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);

describeEachDatabase(
  'GET /metrics with METRICS_TOKEN',
  (env) => {
    test('the token is required, from loopback too', async () => {
      const res = await env().get('/metrics');
      assert.equal(res.statusCode, 401);
      assert.match(String(res.headers['www-authenticate']), /^Bearer/);
    });

    test('a wrong token is refused', async () => {
      assert.equal((await env().get('/metrics', { authorization: 'Bearer not-the-token' })).statusCode, 401);
    });

    test('the right token opens them from anywhere', async () => {
      const res = await env().app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer s3cret-metrics-token' },
      });
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /launchdeck_http_requests_total/);
    });
  },
  { env: { METRICS_TOKEN: 's3cret-metrics-token' } },
);
