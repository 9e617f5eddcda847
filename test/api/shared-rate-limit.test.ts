import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/app-context.js';
import { describeEachDatabase, freeLoopbackPort } from '../support/app.js';
import { startRedis } from '../support/redis-server.js';

const MAX = 5;
const redis = await startRedis();
after(() => redis.stop());

let addressSeq = 0;
/** A client address of its own for each test, so tests (and the two database runs) never share a count. */
const newClient = () => `198.51.100.${++addressSeq}`;

/** Another instance of the service: its own Fastify app and rate-limit store, the given REDIS_URL (or none). */
async function instance(ctx: AppContext, redisUrl: string | null, lines?: string[]): Promise<FastifyInstance> {
  const logger = lines
    ? {
        level: 'info',
        stream: {
          write: (line: string) => {
            lines.push(line);
          },
        },
      }
    : undefined;
  return buildApp({ ...ctx, config: { ...ctx.config, redisUrl } }, { logger });
}

const hit = (app: FastifyInstance, client: string) =>
  app.inject({ method: 'GET', url: '/api/v1/openapi.json', remoteAddress: client });

/** Statuses of n requests from one client, sent alternately to each app. */
async function alternate(apps: FastifyInstance[], client: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await hit(apps[i % apps.length], client)).statusCode);
  return statuses;
}

const warnings = (lines: string[]) => lines.filter((l) => l.includes('Redis is unavailable for rate limits')).length;

async function until(what: string, ok: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeEachDatabase(
  'rate limits shared through Redis',
  (env) => {
    const apps: FastifyInstance[] = [];
    const started = async (redisUrl: string | null, lines?: string[]) => {
      const app = await instance(env().ctx, redisUrl, lines);
      apps.push(app);
      return app;
    };
    after(async () => {
      for (const app of apps) await app.close();
    });

    test('two instances on one Redis count a client once: the request after the quota is refused on either', async () => {
      const [a, b] = [await started(redis.url), await started(redis.url)];
      const statuses = await alternate([a, b], newClient(), MAX + 2);
      assert.deepEqual(statuses, [...Array(MAX).fill(200), 429, 429]);
    });

    test('a refusal counted in Redis still answers 429 with Retry-After and a problem document', async () => {
      const [a, b] = [await started(redis.url), await started(redis.url)];
      const client = newClient();
      await alternate([a, b], client, MAX);
      const refused = await hit(b, client);
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal(refused.headers['ratelimit-limit'], String(MAX));
      assert.match(String(refused.headers['content-type']), /problem\+json/);
    });

    test('a route with its own limit (reports: 10 a minute per address) is counted once across instances too', async () => {
      const [a, b] = [await started(redis.url), await started(redis.url)];
      const client = newClient();
      const post = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/reports', remoteAddress: client, payload: {} });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await post(i % 2 ? b : a)).statusCode);
      // Refused for the missing CSRF token (403) until the route's own quota is spent.
      assert.ok(
        statuses.slice(0, 10).every((s) => s !== 429),
        String(statuses),
      );
      assert.equal(statuses[10], 429);
    });

    test('without REDIS_URL each instance counts its own requests, as before', async () => {
      const [a, b] = [await started(null), await started(null)];
      const statuses = await alternate([a, b], newClient(), 2 * MAX);
      assert.deepEqual(statuses, Array(2 * MAX).fill(200));
    });

    test('Redis down at start: requests are counted per instance, with one warning and never a 500', async () => {
      const lines: string[] = [];
      const nowhere = `redis://127.0.0.1:${await freeLoopbackPort()}`;
      const a = await started(nowhere, lines);
      const statuses = await alternate([a], newClient(), MAX + 3);
      assert.deepEqual(statuses, [...Array(MAX).fill(200), 429, 429, 429]);
      await new Promise((r) => setTimeout(r, 500)); // a few reconnection attempts fail meanwhile
      await hit(a, newClient());
      assert.equal(warnings(lines), 1);
    });

    test('Redis going down later: counting falls back per instance with one warning, then is shared again when it returns', async () => {
      const lines: string[] = [];
      const [a, b] = [await started(redis.url, lines), await started(redis.url)];
      await redis.down();
      try {
        // Down: each instance counts alone, so the same client gets MAX on each; nothing fails.
        const client = newClient();
        const statuses = await alternate([a, b], client, 2 * MAX + 2);
        assert.ok(
          statuses.every((s) => s === 200 || s === 429),
          String(statuses),
        );
        assert.equal(statuses.filter((s) => s === 200).length, 2 * MAX);
        assert.equal(warnings(lines), 1);
      } finally {
        await redis.up();
      }
      await until('the instance to reconnect', () => lines.some((l) => l.includes('Redis is back')));
      // ioredis reconnects every instance within its retry delay (at most 2 s).
      await new Promise((r) => setTimeout(r, 2_500));
      const statuses = await alternate([a, b], newClient(), MAX + 1);
      assert.deepEqual(statuses, [...Array(MAX).fill(200), 429]);
      assert.equal(warnings(lines), 1);
    });
  },
  { env: { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_SECONDS: '60' } },
);
