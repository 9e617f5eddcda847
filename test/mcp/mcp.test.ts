import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { mcpOperations as operations } from '../../src/api/operations/index.js';
import { sha256 } from '../../src/api/auth.js';
import { callTool, legacyCall, post, toolProblem, request } from '../support/mcp-rpc.js';

// Raw JSON-RPC over HTTP: the official v2 client (@modelcontextprotocol/client) is not installed.

const LEGACY_VERSIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;
const MODERN_VERSION = '2026-07-28';

/** A 2026-07-28 request: no initialize; the revision and client capabilities travel with every request. */
function modernCall(env: TestEnv, method: string, params: Record<string, unknown> = {}) {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
  };
  const headers: Record<string, string> = { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': method };
  if (typeof params.name === 'string') headers['mcp-name'] = params.name;
  return post(env, request(method, { ...params, _meta: meta }), headers);
}

async function apiKey(env: TestEnv, scopes: string[], opts: { revoked?: boolean } = {}) {
  const users = await env.ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, name) VALUES ($1, 'Key Owner') RETURNING id`,
    [`owner-${crypto.randomUUID()}@test.invalid`],
  );
  const key = `ldk_${crypto.randomBytes(24).toString('base64url')}`;
  await env.ctx.db.query(
    `INSERT INTO api_keys (user_id, name, prefix, key_hash, scopes, revoked_at) VALUES ($1, 'test', $2, $3, $4, $5)`,
    [users[0].id, key.slice(0, 12), sha256(key), scopes, opts.revoked ? new Date().toISOString() : null],
  );
  return { authorization: `Bearer ${key}` };
}

describeEachDatabase('MCP server', (env) => {
  for (const version of LEGACY_VERSIONS) {
    test(`initialize with ${version} negotiates it and tools/list lists every operation`, async () => {
      const init = await post(
        env(),
        request('initialize', {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: 'test', version: '1.0.0' },
        }),
      );
      assert.equal(init.status, 200);
      assert.equal(init.body.result.protocolVersion, version);
      assert.ok(init.body.result.capabilities.tools);
      assert.match(init.body.result.instructions, /submit_listing/);
      assert.equal(
        (
          await post(
            env(),
            { jsonrpc: '2.0', method: 'notifications/initialized' },
            { 'mcp-protocol-version': version },
          )
        ).status,
        202,
      );

      const list = await post(env(), request('tools/list'), { 'mcp-protocol-version': version });
      const tools: any[] = list.body.result.tools;
      assert.deepEqual(tools.map((t) => t.name).sort(), operations.map((o) => o.operationId).sort());
      // A hint a tool leaves out has the protocol's default: not read-only, destructive, not idempotent, open world.
      const hint = (tool: any, name: string) =>
        tool.annotations[name] ??
        { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }[name];
      for (const tool of tools) {
        assert.equal(tool.inputSchema.type, 'object', tool.name);
        // 2025-03-26 knows a tool's title only as an annotation; later revisions have the field.
        const title = version === '2025-03-26' ? tool.annotations.title : tool.title;
        assert.ok(title && tool.description, tool.name);
      }
      const byName = new Map(tools.map((t) => [t.name, t]));
      assert.deepEqual(byName.get('get_listing').inputSchema.required, ['slug']);
      assert.ok(byName.get('get_listing').outputSchema.properties.slug);
      const search = byName.get('search_listings');
      assert.deepEqual(
        ['readOnlyHint', 'openWorldHint'].map((h) => hint(search, h)),
        [true, false],
      );
      assert.equal(hint(byName.get('delete_milestone'), 'destructiveHint'), true);
      assert.equal(hint(byName.get('delete_milestone'), 'idempotentHint'), true);
      assert.equal(hint(byName.get('update_draft'), 'destructiveHint'), false);
      assert.equal(hint(byName.get('submit_listing'), 'openWorldHint'), true);
      assert.equal(hint(byName.get('submit_listing'), 'readOnlyHint'), false);
      assert.equal(hint(byName.get('quote_order'), 'readOnlyHint'), true, 'a quote saves nothing');
      assert.deepEqual(Object.keys(byName.get('update_draft').inputSchema.properties).slice(0, 2), ['id', 'fields']);
    });
  }

  test('an initialize asking for an unsupported version is offered 2025-11-25', async () => {
    const init = await post(
      env(),
      request('initialize', {
        protocolVersion: '2024-11-05',
        capabilities: {},
        clientInfo: { name: 'old', version: '1' },
      }),
    );
    assert.equal(init.body.result.protocolVersion, '2025-11-25');
  });

  test('2026-07-28 requests are served without initialize: server/discover and tools/list', async () => {
    const discover = await modernCall(env(), 'server/discover');
    assert.equal(discover.status, 200);
    assert.ok(discover.body.result.supportedVersions.includes(MODERN_VERSION));
    const list = await modernCall(env(), 'tools/list');
    assert.equal(list.status, 200);
    assert.equal(list.body.result.tools.length, operations.length);
  });

  test('a 2026-07-28 tools/call returns structuredContent', async () => {
    const res = await modernCall(env(), 'tools/call', { name: 'get_site_info', arguments: {} });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.structuredContent.urls.mcp, 'http://launchdeck.test/mcp');
  });

  test('get_site_info returns its result as structuredContent and as JSON text', async () => {
    const res = await callTool(env(), 'get_site_info');
    assert.equal(res.status, 200);
    const result = res.body.result;
    assert.notEqual(result.isError, true);
    assert.equal(result.structuredContent.urls.mcp, 'http://launchdeck.test/mcp');
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  });

  test('search_listings takes its query arguments and fills defaults', async () => {
    const res = await callTool(env(), 'search_listings', { q: 'notes', per_page: 5 });
    const page = res.body.result.structuredContent;
    assert.equal(page.per_page, 5);
    assert.equal(page.page, 1);
    assert.ok(Array.isArray(page.items));
  });

  test('per_page 101 is an isError result whose problem names per_page', async () => {
    const res = await callTool(env(), 'search_listings', { per_page: 101 });
    assert.equal(res.status, 200);
    const result = res.body.result;
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    assert.equal(toolProblem(result).status, 400);
    assert.deepEqual(toolProblem(result).errors, [{ path: 'per_page', message: 'must be at most 100' }]);
  });

  test('an unknown argument is refused rather than ignored', async () => {
    const res = await callTool(env(), 'search_listings', { query: 'notes' });
    assert.deepEqual(toolProblem(res.body.result).errors, [{ path: 'query', message: 'is not an allowed property' }]);
  });

  test('a nested invalid field is named by its path', async () => {
    const res = await callTool(
      env(),
      'update_draft',
      { id: crypto.randomUUID(), fields: { tagline: 'x'.repeat(501) } },
      await apiKey(env(), ['listings:write']),
    );
    assert.equal(res.body.result.isError, true);
    assert.deepEqual(
      toolProblem(res.body.result).errors.map((e: { path: string }) => e.path),
      ['fields.tagline'],
    );
  });

  test('a handler 404 is an isError result with the 404 problem', async () => {
    const res = await callTool(env(), 'get_listing', { slug: 'no-such-listing' });
    assert.equal(res.body.result.isError, true);
    assert.equal(toolProblem(res.body.result).status, 404);
  });

  test('a protected tool without a token is an HTTP 401 pointing at the MCP resource metadata and naming its scope', async () => {
    const res = await callTool(env(), 'get_account');
    assert.equal(res.status, 401);
    assert.match(
      String(res.headers.get('www-authenticate')),
      /^Bearer .*resource_metadata="http:\/\/launchdeck\.test\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    assert.match(String(res.headers.get('www-authenticate')), /scope="account:read"/);
    assert.equal(res.body.status, 401);
  });

  test('tools/list needs no token', async () => {
    const res = await legacyCall(env(), 'tools/list');
    assert.equal(res.status, 200);
    assert.equal(res.body.result.tools.length, operations.length);
  });

  test('a revoked key is an HTTP 401 invalid_token even for a public call', async () => {
    const res = await legacyCall(env(), 'tools/list', {}, await apiKey(env(), ['account:read'], { revoked: true }));
    assert.equal(res.status, 401);
    assert.match(String(res.headers.get('www-authenticate')), /error="invalid_token"/);
    assert.match(String(res.headers.get('www-authenticate')), /oauth-protected-resource\/mcp"/);
    // Nothing in particular is asked for: the challenge names every scope the tools use.
    assert.match(String(res.headers.get('www-authenticate')), /scope="account:read listings:write orders:write"/);
  });

  test('a key without the scope is an HTTP 403 insufficient_scope naming the scopes it has and the one it lacks', async () => {
    const res = await callTool(env(), 'get_account', {}, await apiKey(env(), ['orders:write']));
    assert.equal(res.status, 403);
    const challenge = String(res.headers.get('www-authenticate'));
    assert.match(challenge, /error="insufficient_scope"/);
    assert.match(challenge, /scope="orders:write account:read"/);
    assert.match(
      challenge,
      /resource_metadata="http:\/\/launchdeck\.test\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
  });

  test('get_account with an account:read key says who the key belongs to', async () => {
    const res = await callTool(env(), 'get_account', {}, await apiKey(env(), ['account:read']));
    assert.equal(res.status, 200);
    assert.equal(res.body.result.structuredContent.user.name, 'Key Owner');
    assert.deepEqual(res.body.result.structuredContent.auth, { via: 'api_key', scopes: ['account:read'] });
  });

  test('a tool refusing its input is an isError result carrying the same problem as REST', async () => {
    const res = await callTool(
      env(),
      'quote_order',
      { items: [{ product: 'launch' }] },
      await apiKey(env(), ['orders:write']),
    );
    assert.equal(res.status, 200);
    assert.equal(res.body.result.isError, true);
    assert.equal(toolProblem(res.body.result).status, 400);
    assert.equal(toolProblem(res.body.result).errors[0].path, 'items[0].listing_id');
  });

  test('an unknown tool is a JSON-RPC invalid-params error', async () => {
    const res = await callTool(env(), 'cast_vote');
    assert.equal(res.body.error.code, -32602);
  });

  test('a request from a foreign Origin is refused with 403', async () => {
    const res = await legacyCall(env(), 'tools/list', {}, { origin: 'https://evil.example' });
    assert.equal(res.status, 403);
  });

  test('a request from the site itself or localhost is accepted', async () => {
    assert.equal((await legacyCall(env(), 'tools/list', {}, { origin: 'http://launchdeck.test' })).status, 200);
    assert.equal((await legacyCall(env(), 'tools/list', {}, { origin: 'http://localhost:5173' })).status, 200);
  });

  test('GET /mcp is 405: there are no server-initiated streams in stateless serving', async () => {
    const res = await fetch(`${env().baseUrl}/mcp`, { headers: { accept: 'text/event-stream' } });
    assert.equal(res.status, 405);
  });

  test('a body that is not JSON is a JSON-RPC parse error', async () => {
    const res = await fetch(`${env().baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":',
    });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error.code, -32700);
  });

  test('the protected-resource metadata for /mcp names the resource, the authorization server and the scopes', async () => {
    const { status, body } = await env().json('/.well-known/oauth-protected-resource/mcp');
    assert.equal(status, 200);
    assert.equal(body.resource, 'http://launchdeck.test/mcp');
    assert.deepEqual(body.authorization_servers, ['http://launchdeck.test']);
    assert.deepEqual(body.scopes_supported, ['account:read', 'listings:write', 'orders:write']);
    assert.deepEqual(body.bearer_methods_supported, ['header']);
    assert.ok(body.resource_name);
  });

  test('the protected-resource metadata for /api/v1 names the REST API', async () => {
    const { status, body } = await env().json('/.well-known/oauth-protected-resource/api/v1');
    assert.equal(status, 200);
    assert.equal(body.resource, 'http://launchdeck.test/api/v1');
    assert.deepEqual(body.authorization_servers, ['http://launchdeck.test']);
  });
});
