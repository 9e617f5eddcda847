import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Client,
  SdkHttpError,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type ClientOptions,
} from '@modelcontextprotocol/client';
import { describeEachDatabase } from '../support/app.js';
import { createApiKey, createUser } from '../support/credentials.js';
import { mcpOperations as operations } from '../../src/api/operations/index.js';

/**
 * How each protocol version is forced with the official v2 client (read from its dist/ sources):
 * - 2025-era (initialize-based): by default (`versionNegotiation` mode 'legacy') the client offers the
 *   first pre-2026 entry of `supportedProtocolVersions` in `initialize` and rejects any answer not in
 *   that list, so `supportedProtocolVersions: [version]` pins exactly one 2025 revision.
 * - 2026-07-28 (stateless): `versionNegotiation: { mode: { pin: '2026-07-28' } }` makes connect() probe
 *   with `server/discover` and adopt exactly that revision, with no initialize and no fallback.
 * Nothing is rewritten on the wire: a recording `fetch` passed to the transport only observes what the
 * client sends, so the tests can check the version it really used (initialize offer, MCP-Protocol-Version).
 */
const VERSIONS = [
  { version: '2025-03-26', options: { supportedProtocolVersions: ['2025-03-26'] } },
  { version: '2025-06-18', options: { supportedProtocolVersions: ['2025-06-18'] } },
  { version: '2025-11-25', options: { supportedProtocolVersions: ['2025-11-25'] } },
  { version: '2026-07-28', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } } },
] satisfies { version: string; options: ClientOptions }[];

interface SentRequest {
  httpMethod: string;
  protocolHeader: string | null;
  rpcMethod?: string;
  offered?: string;
}

/** A fetch that records every request the transport makes, then passes it on unchanged. */
function recordingFetch(log: SentRequest[]): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    let rpcMethod: string | undefined;
    let offered: string | undefined;
    if (typeof init?.body === 'string') {
      const message = JSON.parse(init.body) as { method?: string; params?: { protocolVersion?: string } };
      rpcMethod = message.method;
      offered = message.params?.protocolVersion;
    }
    log.push({
      httpMethod: init?.method ?? 'GET',
      protocolHeader: headers.get('mcp-protocol-version'),
      rpcMethod,
      offered,
    });
    return fetch(input, init);
  };
}

describeEachDatabase('the official MCP client v2', (env) => {
  let apiKey = '';

  before(async () => {
    const email = await createUser(env(), 'mcp-client');
    apiKey = await createApiKey(env(), email, ['account:read']);
  });

  for (const { version, options } of VERSIONS) {
    describe(`protocol ${version}`, () => {
      const sent: SentRequest[] = [];
      let client: Client;
      let anonymous: Client;

      before(async () => {
        client = new Client({ name: 'official-client-test', version: '1.0.0' }, options);
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${env().baseUrl}/mcp`), {
            // The SDK's simple bearer provider: the API key goes out as `Authorization: Bearer <key>`.
            authProvider: { token: async () => apiKey },
            fetch: recordingFetch(sent),
          }),
        );
        anonymous = new Client({ name: 'official-client-test-anonymous', version: '1.0.0' }, options);
        await anonymous.connect(new StreamableHTTPClientTransport(new URL(`${env().baseUrl}/mcp`)));
      });
      after(async () => {
        await client?.close();
        await anonymous?.close();
      });

      test(`connect negotiates ${version}`, () => {
        assert.equal(client.getNegotiatedProtocolVersion(), version);
        assert.equal(client.getProtocolEra(), version === '2026-07-28' ? 'modern' : 'legacy');
      });

      if (version === '2026-07-28') {
        test('connect probes with server/discover and never sends initialize', () => {
          assert.equal(sent[0].rpcMethod, 'server/discover');
          assert.ok(!sent.some((r) => r.rpcMethod === 'initialize'));
        });
      } else {
        test(`initialize offers ${version}`, () => {
          const init = sent.find((r) => r.rpcMethod === 'initialize');
          assert.equal(init?.offered, version);
        });
      }

      test('the server instructions reach the client', () => {
        assert.match(client.getInstructions() ?? '', /search_listings/);
      });

      test('tools/list lists every operation of the registry', async () => {
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), operations.map((o) => o.operationId).sort());
      });

      test('search_listings takes arguments and returns a page as structuredContent', async () => {
        const result = await client.callTool({ name: 'search_listings', arguments: { q: 'notes', per_page: 5 } });
        assert.notEqual(result.isError, true);
        const page = result.structuredContent as { items: unknown[]; page: number; per_page: number; total: number };
        assert.equal(page.page, 1);
        assert.equal(page.per_page, 5);
        assert.ok(Array.isArray(page.items));
        assert.equal(typeof page.total, 'number');
      });

      test('get_account with the API key as a Bearer token says who the key belongs to', async () => {
        const result = await client.callTool({ name: 'get_account', arguments: {} });
        assert.notEqual(result.isError, true, JSON.stringify(result.content));
        const account = result.structuredContent as {
          user: { email: string };
          auth: { via: string; scopes: string[] };
        };
        assert.match(account.user.email, /^mcp-client-/);
        assert.deepEqual(account.auth, { via: 'api_key', scopes: ['account:read'] });
      });

      test(`every request after connect carries MCP-Protocol-Version: ${version}`, () => {
        const after = sent.filter(
          (r) => r.httpMethod === 'POST' && r.rpcMethod !== 'initialize' && r.rpcMethod !== 'server/discover',
        );
        assert.ok(after.length >= 3, 'tools/list and two tools/call were sent');
        for (const r of after) assert.equal(r.protocolHeader, version, `${r.rpcMethod}`);
      });

      test('a protected tool without a token makes the client raise the HTTP 401', async () => {
        // Without an authProvider, client 2.4.0 raises SdkHttpError (status 401, the problem body as text);
        // with a provider that has no token it raises UnauthorizedError. Either one surfaces the 401.
        await assert.rejects(anonymous.callTool({ name: 'get_account', arguments: {} }), (err: unknown) => {
          const status = SdkHttpError.isInstance(err)
            ? err.status
            : UnauthorizedError.isInstance(err)
              ? 401
              : undefined;
          assert.equal(status, 401, `${(err as Error)?.constructor?.name}: ${(err as Error)?.message}`);
          return true;
        });
      });

      test('the anonymous client can still call public tools after the 401', async () => {
        const result = await anonymous.callTool({ name: 'get_site_info', arguments: {} });
        assert.equal(
          (result.structuredContent as { urls: { mcp: string } }).urls.mcp,
          `${env().ctx.config.publicUrl}/mcp`,
        );
      });
    });
  }
});
