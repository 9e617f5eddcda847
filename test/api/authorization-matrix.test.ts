import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import {
  createApiKey,
  createUser,
  obtainAccessToken,
  registerOAuthClient,
  revokeAccessToken,
  revokeApiKeyOf,
} from '../support/credentials.js';
import { apiOperations as operations } from '../../src/api/operations/index.js';
import { SCOPES, type Operation, type Scope } from '../../src/api/registry.js';
import { plainSchema } from '../../src/api/openapi.js';
import { API_PREFIX } from '../../src/api/rest.js';
import { compile } from '../../src/api/validation.js';
import { mergedInputSchema } from '../../src/mcp/tool-catalog.js';
import { toolProblem } from '../support/mcp-rpc.js';
import { sample } from '../support/schema-sample.js';

// Every protected operation of the registry × every kind of credential × REST and MCP: the cases are
// generated, so an operation added to the registry is covered without touching this file.

const PROTECTED = operations.filter((op): op is Operation & { scope: Scope } => op.scope !== null);
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// A minimal valid input, generated from the operation's JSON Schemas: required properties only.

interface Input {
  url: string;
  body?: Record<string, unknown>;
  args: Record<string, unknown>;
}

/** The REST request (path with its parameters, required query, minimal body) and the same input as MCP arguments. */
function inputOf(op: Operation): Input {
  const part = (schema: Operation['params']) =>
    schema ? (sample(plainSchema(schema)) as Record<string, unknown>) : undefined;
  const params = part(op.params) ?? {};
  const query = part(op.query) ?? {};
  const body = part(op.body);
  const path = op.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k])));
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return { url: `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`, body, args: { ...params, ...query, ...body } };
}

const INPUTS = new Map(PROTECTED.map((op) => [op.operationId, inputOf(op)]));

// ---------------------------------------------------------------------------------------------
// The two surfaces: REST through app.inject, MCP tools/call over real HTTP (2025-11-25 and 2026-07-28).

interface Outcome {
  status: number;
  challenge: string;
  body: any;
}

interface Surface {
  name: string;
  /** The path of the RFC 9728 metadata document its challenges must name, below the public URL. */
  metadataPath: string;
  /** Which access token belongs to this surface's audience. */
  audience: 'rest' | 'mcp';
  /** `bom` prefixes a UTF-8 byte order mark to the JSON body (MCP only), which JSON parsers may ignore (RFC 8259 §8.1). */
  call(env: TestEnv, op: Operation, authorization: string | undefined, opts?: { bom?: boolean }): Promise<Outcome>;
  assertAllowed(op: Operation, outcome: Outcome): void;
}

const rest: Surface = {
  name: 'REST',
  metadataPath: '/.well-known/oauth-protected-resource/api/v1',
  audience: 'rest',
  async call(env, op, authorization) {
    const input = INPUTS.get(op.operationId)!;
    const res = await env.app.inject({
      method: op.method,
      url: input.url,
      headers: authorization ? { authorization } : {},
      ...(input.body !== undefined ? { payload: input.body } : {}),
    });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, challenge: String(res.headers['www-authenticate'] ?? ''), body };
  },
  assertAllowed(op, { status, body }) {
    assert.ok(status !== 401 && status !== 403, `${status} ${JSON.stringify(body)}`);
    if (!op.handler) assert.equal(status, 501, JSON.stringify(body));
    else assert.ok(status < 500, `${status} ${JSON.stringify(body)}`);
  },
};

let rpcId = 1;

function mcpSurface(version: '2025-11-25' | '2026-07-28'): Surface {
  const modern = version === '2026-07-28';
  return {
    name: `MCP ${version}`,
    metadataPath: '/.well-known/oauth-protected-resource/mcp',
    audience: 'mcp',
    async call(env, op, authorization, opts = {}) {
      const params: Record<string, unknown> = { name: op.operationId, arguments: INPUTS.get(op.operationId)!.args };
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': version,
      };
      if (modern) {
        // 2026-07-28 is stateless: no initialize; the revision and client facts ride on every request.
        params._meta = {
          'io.modelcontextprotocol/protocolVersion': version,
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'matrix', version: '1.0.0' },
        };
        headers['mcp-method'] = 'tools/call';
        headers['mcp-name'] = op.operationId;
      }
      if (authorization) headers.authorization = authorization;
      const json = JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params });
      const res = await fetch(`${env.baseUrl}/mcp`, {
        method: 'POST',
        headers,
        body: opts.bom ? `\uFEFF${json}` : json,
      });
      const text = await res.text();
      let body: unknown = text;
      if (res.headers.get('content-type')?.includes('text/event-stream')) {
        body = text
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => JSON.parse(l.slice(5)))
          .at(-1);
      } else {
        try {
          body = JSON.parse(text);
        } catch {
          /* keep the text */
        }
      }
      return { status: res.status, challenge: res.headers.get('www-authenticate') ?? '', body };
    },
    assertAllowed(op, { status, body }) {
      assert.equal(status, 200, JSON.stringify(body));
      const result = body?.result;
      assert.ok(result, `a tools/call result: ${JSON.stringify(body)}`);
      if (!op.handler) {
        assert.equal(result.isError, true);
        assert.equal(toolProblem(result).status, 501, JSON.stringify(result));
      } else if (result.isError) {
        const s = toolProblem(result).status;
        assert.ok(s !== 401 && s !== 403 && s < 500, JSON.stringify(result));
      }
    },
  };
}

const SURFACES = [rest, mcpSurface('2025-11-25'), mcpSurface('2026-07-28')];

// ---------------------------------------------------------------------------------------------
// The credentials, created once per database with the admin CLI and the real OAuth flow.

interface Credentials {
  keyWith: Record<Scope, string>;
  keyWithout: Record<Scope, string>;
  revokedKey: string;
  expiringKey: string;
  accessToken: { rest: string; mcp: string };
  revokedAccessToken: string;
}

type Expectation =
  | { kind: 'challenge' } // 401, a challenge naming the metadata and scope, no error code (RFC 6750 §3)
  | { kind: 'unauthorized' } // 401 with a challenge naming the metadata and scope, whatever the error code
  | { kind: 'invalid_token' } // 401, error="invalid_token"
  | { kind: 'insufficient_scope' } // 403, error="insufficient_scope", scope="<granted> <needed>"
  | { kind: 'allowed' }; // neither 401 nor 403: 501 until implemented

interface CredentialCase {
  name: string;
  authorization(c: Credentials, op: Operation & { scope: Scope }, surface: Surface): string | undefined;
  expect: Expectation;
  /** Run with the clock this far ahead (expiry). */
  laterMs?: number;
}

const bearer = (token: string) => `Bearer ${token}`;

const CASES: CredentialCase[] = [
  { name: 'no credential', authorization: () => undefined, expect: { kind: 'challenge' } },
  {
    name: 'a non-Bearer Authorization header',
    authorization: () => 'Basic dXNlcjpwYXNzd29yZA==',
    expect: { kind: 'unauthorized' },
  },
  { name: 'a malformed bearer token', authorization: () => 'Bearer ldk_1', expect: { kind: 'unauthorized' } },
  {
    name: 'an unknown API key',
    authorization: () => bearer(`ldk_${crypto.randomBytes(24).toString('base64url')}`),
    expect: { kind: 'invalid_token' },
  },
  {
    name: 'an unknown access token',
    authorization: () => bearer(`lda_${crypto.randomBytes(32).toString('base64url')}`),
    expect: { kind: 'invalid_token' },
  },
  { name: 'a revoked API key', authorization: (c) => bearer(c.revokedKey), expect: { kind: 'invalid_token' } },
  {
    name: 'an expired API key',
    authorization: (c) => bearer(c.expiringKey),
    expect: { kind: 'invalid_token' },
    laterMs: 2 * DAY_MS,
  },
  {
    name: 'a revoked access token',
    authorization: (c) => bearer(c.revokedAccessToken),
    expect: { kind: 'invalid_token' },
  },
  {
    name: 'an expired access token',
    authorization: (c, _op, s) => bearer(c.accessToken[s.audience]),
    expect: { kind: 'invalid_token' },
    laterMs: 2 * DAY_MS,
  },
  {
    name: 'an access token issued for the other audience',
    authorization: (c, _op, s) => bearer(c.accessToken[s.audience === 'rest' ? 'mcp' : 'rest']),
    expect: { kind: 'invalid_token' },
  },
  {
    name: 'an API key with every scope but the one needed',
    authorization: (c, op) => bearer(c.keyWithout[op.scope]),
    expect: { kind: 'insufficient_scope' },
  },
  {
    name: 'an API key with only the scope needed',
    authorization: (c, op) => bearer(c.keyWith[op.scope]),
    expect: { kind: 'allowed' },
  },
  {
    name: 'an access token for this audience',
    authorization: (c, _op, s) => bearer(c.accessToken[s.audience]),
    expect: { kind: 'allowed' },
  },
];

const EXPECTED: Record<Expectation['kind'], string> = {
  challenge: '401 with a challenge and no error code',
  unauthorized: '401 with a challenge',
  invalid_token: '401 invalid_token',
  insufficient_scope: '403 insufficient_scope naming the scopes granted and the one needed',
  allowed: 'allowed (not 401/403)',
};

async function later<T>(env: TestEnv, ms: number | undefined, run: () => Promise<T>): Promise<T> {
  if (!ms) return run();
  const was = env.clock.now;
  env.clock.now = new Date(was.getTime() + ms);
  try {
    return await run();
  } finally {
    env.clock.now = was;
  }
}

function check(
  env: TestEnv,
  expect: Expectation,
  op: Operation & { scope: Scope },
  surface: Surface,
  outcome: Outcome,
) {
  const metadata = `resource_metadata="${env.ctx.config.publicUrl}${surface.metadataPath}"`;
  const { status, challenge, body } = outcome;
  const detail = `${status} ${challenge} ${JSON.stringify(body)}`;
  if (expect.kind === 'allowed') return surface.assertAllowed(op, outcome);
  if (expect.kind === 'insufficient_scope') {
    assert.equal(status, 403, detail);
    assert.match(challenge, /^Bearer /);
    assert.ok(challenge.includes('error="insufficient_scope"'), challenge);
    // The key has every other scope: re-authorizing with this list keeps them (MCP scope challenge handling).
    const granted = SCOPES.filter((s) => s !== op.scope);
    assert.ok(challenge.includes(`scope="${[...granted, op.scope].join(' ')}"`), challenge);
    assert.ok(challenge.includes(metadata), challenge);
    assert.equal(body.status, 403);
    return;
  }
  assert.equal(status, 401, detail);
  assert.match(challenge, /^Bearer /);
  assert.ok(challenge.includes(metadata), challenge);
  assert.ok(challenge.includes(`scope="${op.scope}"`), challenge);
  assert.equal(body.status, 401, detail);
  if (expect.kind === 'invalid_token') assert.ok(challenge.includes('error="invalid_token"'), challenge);
  if (expect.kind === 'challenge') assert.ok(!challenge.includes('error='), challenge);
}

describeEachDatabase('authorization of every protected operation', (env) => {
  const creds = {} as Credentials;

  before(async () => {
    const e = env();
    const email = await createUser(e, 'matrix');
    creds.keyWith = {} as Record<Scope, string>;
    creds.keyWithout = {} as Record<Scope, string>;
    for (const scope of SCOPES) {
      creds.keyWith[scope] = await createApiKey(e, email, [scope]);
      creds.keyWithout[scope] = await createApiKey(
        e,
        email,
        SCOPES.filter((s) => s !== scope),
      );
    }
    creds.expiringKey = await createApiKey(e, email, SCOPES, { expiresDays: 1 });
    creds.revokedKey = await createApiKey(e, email, SCOPES);
    // Used once (so it is in the credential cache) before it is revoked.
    assert.equal((await e.get(`${API_PREFIX}/me`, { authorization: bearer(creds.revokedKey) })).statusCode, 200);
    await revokeApiKeyOf(e, creds.revokedKey);

    const client = await registerOAuthClient(e);
    const scope = SCOPES.join(' ');
    const base = e.ctx.config.publicUrl;
    creds.accessToken = {
      rest: await obtainAccessToken(e, client, email, { scope, resource: `${base}/api/v1` }),
      mcp: await obtainAccessToken(e, client, email, { scope, resource: `${base}/mcp` }),
    };
    creds.revokedAccessToken = await obtainAccessToken(e, client, email, { scope });
    assert.equal(
      (await e.get(`${API_PREFIX}/me`, { authorization: bearer(creds.revokedAccessToken) })).statusCode,
      200,
    );
    await revokeAccessToken(e, client, creds.revokedAccessToken);
  });

  test('the registry has protected operations for every scope', () => {
    assert.deepEqual([...new Set(PROTECTED.map((op) => op.scope))].sort(), [...SCOPES].sort());
  });

  test('the expiring key is accepted until it expires', async () => {
    assert.equal((await env().get(`${API_PREFIX}/me`, { authorization: bearer(creds.expiringKey) })).statusCode, 200);
  });

  describe('generated inputs', () => {
    for (const op of PROTECTED) {
      test(`${op.operationId}: the minimal input satisfies its schema`, () => {
        const validate = compile(mergedInputSchema(op), false);
        const args = structuredClone(INPUTS.get(op.operationId)!.args);
        assert.ok(validate(args), JSON.stringify(validate.errors));
      });
    }
  });

  for (const surface of SURFACES) {
    describe(surface.name, () => {
      for (const op of PROTECTED) {
        describe(`${op.operationId} (${op.scope})`, () => {
          for (const c of CASES) {
            test(`${c.name} → ${EXPECTED[c.expect.kind]}`, async () => {
              const outcome = await later(env(), c.laterMs, () =>
                surface.call(env(), op, c.authorization(creds, op, surface)),
              );
              check(env(), c.expect, op, surface, outcome);
            });
          }
        });
      }

      // Credential parsing happens before any operation is looked at, so these hold for one operation as for all.
      const op = PROTECTED[0];
      test(`a malformed bearer token is reported as invalid_token (${op.operationId})`, async () => {
        const { status, challenge } = await surface.call(env(), op, 'Bearer ldk_1');
        assert.equal(status, 401);
        assert.ok(challenge.includes('error="invalid_token"'), challenge);
      });
      test(`a non-Bearer scheme gets a challenge without an error code (${op.operationId})`, async () => {
        const { status, challenge } = await surface.call(env(), op, 'Basic dXNlcjpwYXNzd29yZA==');
        assert.equal(status, 401);
        assert.ok(!challenge.includes('error='), challenge);
      });
      if (surface.audience === 'mcp') {
        test(`a tools/call body starting with a byte order mark still gets the HTTP 401 challenge (${op.operationId})`, async () => {
          const { status, challenge } = await surface.call(env(), op, undefined, { bom: true });
          assert.equal(status, 401);
          assert.ok(
            challenge.includes(`resource_metadata="${env().ctx.config.publicUrl}${surface.metadataPath}"`),
            challenge,
          );
        });
      }
    });
  }
});
