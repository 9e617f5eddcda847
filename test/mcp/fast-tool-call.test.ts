import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';

const MODERN = '2026-07-28';
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
};

/** Calls a tool; `viaSdk` adds a progress token, which the fast path leaves to the SDK. */
async function call(env: TestEnv, version: string, name: string, args: Record<string, unknown>, viaSdk: boolean) {
  const meta = { ...(version === MODERN ? envelope : {}), ...(viaSdk ? { progressToken: 'p1' } : {}) };
  const res = await fetch(`${env.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': version,
      ...(version === MODERN ? { 'mcp-method': 'tools/call', 'mcp-name': name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 42,
      method: 'tools/call',
      params: { name, arguments: args, ...(Object.keys(meta).length ? { _meta: meta } : {}) },
    }),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.startsWith('text/event-stream')
    ? JSON.parse(/^data: (.*)$/m.exec(text)![1])
    : JSON.parse(text);
  return { status: res.status, type: res.headers.get('content-type')?.split(';')[0], json, headers: res.headers };
}

describeEachDatabase(
  'the fast tools/call path',
  (env) => {
    for (const version of [MODERN, '2025-11-25', '2025-06-18', '2025-03-26']) {
      for (const [name, args] of [
        ['get_listing', { slug: 'tablewise' }],
        ['search_listings', { q: 'tablewsie' }],
        ['get_listing', { slug: 'missing-one' }],
        ['search_listings', { per_page: 101 }],
      ] as const) {
        test(`answers ${name}(${JSON.stringify(args)}) on ${version} exactly as the SDK does`, async () => {
          const fast = await call(env(), version, name, args, false);
          const sdk = await call(env(), version, name, args, true);
          assert.equal(fast.status, sdk.status);
          assert.equal(fast.type, sdk.type);
          assert.deepEqual(fast.json, sdk.json);
        });
      }
    }

    test('a fast reply carries the rate-limit and security headers every answer has', async () => {
      const fast = await call(env(), MODERN, 'get_listing', { slug: 'tablewise' }, false);
      for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'x-content-type-options'])
        assert.ok(fast.headers.get(name), `${name} is missing`);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
