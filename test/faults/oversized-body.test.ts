import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { createApiKey, createUser } from '../support/credentials.js';

/**
 * Issue 16, faults: request bodies over the 1 MiB limit answer 413 on every surface — problem
 * documents on REST, MCP and the webhook, the HTML error page on the site's forms — never a 500,
 * whether the length is declared or the body is streamed (chunked); and uploads the client
 * abandons halfway crash nothing, log no error and leave no connection behind.
 */

const LIMIT = 1_048_576;
const OVER = LIMIT + 64 * 1024;

/** Every line the app logs at warn or above. */
const lines: string[] = [];
const stream = {
  write: (line: string) => {
    lines.push(line);
  },
};

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** A body of `size` bytes that is valid JSON, so only its size can be refused. */
const jsonOf = (size: number, wrap: (filler: string) => unknown) => {
  const frame = JSON.stringify(wrap('')).length;
  return Buffer.from(JSON.stringify(wrap('x'.repeat(size - frame))));
};
const formOf = (size: number, field: string) => Buffer.from(`${field}=${'x'.repeat(size - field.length - 1)}`);

/** No keep-alive: every request's connection is the server's to close, so leftovers show. */
const agent = new http.Agent({ keepAlive: false });

/**
 * POSTs `body` on a real socket: with its Content-Length, or chunked in 64 kB pieces when
 * `chunked`. The server may answer and close before all of it is sent; that is fine.
 */
function post(
  baseUrl: string,
  path: string,
  contentType: string,
  body: Buffer,
  opts: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': contentType,
          accept: 'application/json, text/html',
          ...(opts.chunked ? {} : { 'content-length': String(body.length) }),
          ...opts.headers,
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    (async () => {
      for (let i = 0; i < body.length && !req.destroyed; i += 64 * 1024) {
        if (!req.write(body.subarray(i, i + 64 * 1024)))
          await new Promise((r) => {
            req.once('drain', r);
            req.once('close', r);
          });
      }
      if (!req.destroyed) req.end();
    })().catch(() => {});
  });
}

/** Starts an upload of `declared` bytes (or chunked), sends `sent` of them, then drops the connection. */
async function abandon(
  baseUrl: string,
  path: string,
  contentType: string,
  sent: number,
  declared?: number,
): Promise<void> {
  const req = http.request(`${baseUrl}${path}`, {
    method: 'POST',
    agent,
    headers: { 'content-type': contentType, ...(declared ? { 'content-length': String(declared) } : {}) },
  });
  req.on('error', () => {});
  req.on('response', (res) => res.resume());
  for (let i = 0; i < sent; i += 32 * 1024) {
    req.write(Buffer.alloc(Math.min(32 * 1024, sent - i), 0x78));
    await sleep(2);
  }
  await sleep(30);
  req.destroy();
}

function assertProblem413(a: Answer, where: string) {
  assert.equal(a.status, 413, `${where}: ${a.status} ${a.body.slice(0, 200)}`);
  assert.match(a.contentType, /^application\/problem\+json/, where);
  const p = JSON.parse(a.body);
  assert.equal(p.status, 413, where);
  assert.equal(typeof p.type, 'string', where);
  assert.equal(typeof p.title, 'string', where);
  assert.equal(typeof p.detail, 'string', where);
}

const SECRET = 'whsec_oversized';

describeEachDatabase(
  'bodies over the limit, and bodies cut off',
  (env) => {
    let key: string;
    const count = async (sql: string) => (await env().ctx.db.query<{ n: number }>(sql))[0].n;

    before(async () => {
      const email = await createUser(env() as TestEnv, 'oversized');
      key = await createApiKey(env() as TestEnv, email, ['account:read', 'listings:write']);
    });

    test('a REST call over the limit answers a 413 problem document, with its length declared or streamed, and stores nothing', async () => {
      const body = jsonOf(OVER, (filler) => ({ url: `https://example.com/${filler}` }));
      for (const chunked of [false, true]) {
        const a = await post(env().baseUrl, '/api/v1/drafts', 'application/json', body, {
          chunked,
          headers: { authorization: `Bearer ${key}` },
        });
        assertProblem413(a, `submit_listing, ${chunked ? 'chunked' : 'declared'}`);
      }
      assert.equal(await count('SELECT count(*)::int AS n FROM drafts'), 0);
    });

    test('an MCP request over the limit answers a 413 problem document, JSON or not, declared or streamed', async () => {
      const call = jsonOf(OVER, (filler) => ({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'submit_listing', arguments: { url: `https://example.com/${filler}` } },
      }));
      for (const [type, chunked] of [
        ['application/json', false],
        ['application/json', true],
        ['text/plain', false],
        ['text/plain', true],
      ] as const) {
        const a = await post(env().baseUrl, '/mcp', type, call, {
          chunked,
          headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
        });
        assertProblem413(a, `MCP ${type}, ${chunked ? 'chunked' : 'declared'}`);
      }
      assert.equal(await count('SELECT count(*)::int AS n FROM drafts'), 0);
    });

    test('a site form over the limit answers the 413 error page in HTML', async () => {
      for (const [path, field] of [
        ['/signin', 'email'],
        ['/signup', 'email'],
        ['/submit', 'url'],
      ] as const) {
        for (const chunked of [false, true]) {
          const a = await post(env().baseUrl, path, 'application/x-www-form-urlencoded', formOf(OVER, field), {
            chunked,
            headers: { accept: 'text/html' },
          });
          assert.equal(a.status, 413, `${path}: ${a.status}`);
          assert.match(a.contentType, /^text\/html/, path);
          assert.match(a.body, /That was too much to send/, path);
        }
      }
      assert.equal(await count('SELECT count(*)::int AS n FROM sessions'), 0);
    });

    test('a webhook over the limit answers a 413 problem document and records no event', async () => {
      const event = jsonOf(OVER, (filler) => ({
        id: 'evt_oversized',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_x', metadata: { order_number: filler } } },
      }));
      for (const chunked of [false, true]) {
        const a = await post(env().baseUrl, '/webhooks/stripe', 'application/json', event, {
          chunked,
          headers: { 'stripe-signature': 't=1,v1=00' },
        });
        assertProblem413(a, `Stripe webhook, ${chunked ? 'chunked' : 'declared'}`);
      }
      assert.equal(await count('SELECT count(*)::int AS n FROM payment_events'), 0);
    });

    test('uploads abandoned halfway crash nothing, log no error and leave no connection open', async () => {
      const logged = lines.length;
      const targets = [
        ['/api/v1/drafts', 'application/json'],
        ['/mcp', 'application/json'],
        ['/mcp', 'text/plain'],
        ['/signin', 'application/x-www-form-urlencoded'],
        ['/webhooks/stripe', 'application/json'],
      ] as const;
      for (let round = 0; round < 4; round++) {
        await Promise.all(
          targets.flatMap(([path, type]) => [
            abandon(env().baseUrl, path, type, 300 * 1024), // chunked, cut after 300 kB
            abandon(env().baseUrl, path, type, 300 * 1024, 900 * 1024), // 900 kB declared, 300 kB sent
          ]),
        );
      }
      const server = env().app.server;
      const open = () =>
        new Promise<number>((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
      const deadline = Date.now() + 5_000;
      while ((await open()) > 0 && Date.now() < deadline) await sleep(50);
      assert.equal(await open(), 0, 'every abandoned connection is closed');
      const health = await fetch(`${env().baseUrl}/healthz`);
      assert.equal(health.status, 200);
      const bad = lines.slice(logged).filter((l) => (JSON.parse(l) as { level: number }).level >= 40);
      assert.deepEqual(bad, [], 'nothing logged at warn or above');
      assert.equal(await count('SELECT count(*)::int AS n FROM drafts'), 0);
    });
  },
  {
    env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_oversized', STRIPE_WEBHOOK_SECRET: SECRET },
    logger: { level: 'warn', stream },
  },
);
