import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { HttpBrowser, hiddenInputs } from '../support/http-browser.js';
import { runAdmin } from '../../src/admin/cli.js';
import { s256 } from '../../src/oauth/pkce.js';
import { ROTATED_ACCESS_TOKEN_GRACE_MS } from '../../src/oauth/tokens.js';

// A client metadata document served on loopback (its client_id is its own URL).
const docServer = http.createServer((req, res) => {
  const port = (docServer.address() as AddressInfo).port;
  if (req.url === '/oauth/client.json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(
      JSON.stringify({
        client_id: `http://127.0.0.1:${port}/oauth/client.json`,
        client_name: 'Metadata Agent',
        redirect_uris: ['http://127.0.0.1/callback'],
        token_endpoint_auth_method: 'none',
      }),
    );
  }
  if (req.url === '/oauth/liar.json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(
      JSON.stringify({
        client_id: 'https://someone-else.example/client.json',
        client_name: 'Liar',
        redirect_uris: ['http://127.0.0.1/callback'],
      }),
    );
  }
  res.writeHead(404).end();
});
await new Promise<void>((r) => docServer.listen(0, '127.0.0.1', r));
after(() => docServer.close());
const docBase = `http://127.0.0.1:${(docServer.address() as AddressInfo).port}`;

const verifier = crypto.randomBytes(48).toString('base64url');
const REDIRECT = 'http://127.0.0.1:43110/callback';

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
}
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function mcp(env: TestEnv, token: string | null, name: string, args: Record<string, unknown> = {}) {
  const res = await fetch(`${env.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await res.text();
  const data = text.startsWith('{') ? JSON.parse(text) : JSON.parse(/data: (.*)/.exec(text)![1]);
  return { status: res.status, headers: res.headers, result: data.result };
}

/** A public client registered by dynamic registration (RFC 7591); returns its client_id. */
async function register(env: TestEnv, name: string): Promise<string> {
  const { status, body } = await json(`${env.baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
    }),
  });
  assert.equal(status, 201);
  return body.client_id;
}

/** Spends the code of a redirect back to the client at the token endpoint. */
async function exchange(env: TestEnv, clientId: string, back: URL) {
  const res = await json(
    `${env.baseUrl}/oauth/token`,
    form({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      client_id: clientId,
      code_verifier: verifier,
    }),
  );
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { access_token: string; refresh_token: string; scope: string };
}

const authorizeQuery = (env: TestEnv, clientId: string, scope: string) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    scope,
    state: 'st-123',
    resource: `${env.ctx.config.publicUrl}/mcp`,
  });

/** Walks the browser part: authorize → sign in → Allow access; returns the redirect back to the client. */
async function authorize(
  env: TestEnv,
  browser: HttpBrowser,
  clientId: string,
  opts: { redirect?: string; scope?: string; resource?: string; decision?: 'allow' | 'deny'; signIn?: boolean } = {},
) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: opts.redirect ?? REDIRECT,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    scope: opts.scope ?? 'account:read listings:write',
    state: 'st-123',
    resource: opts.resource ?? `${env.ctx.config.publicUrl}/mcp`,
  });
  let page = await browser.get(`/oauth/authorize?${q}`);
  assert.equal(page.status, 200, page.body.slice(0, 500));
  if (opts.signIn !== false) {
    assert.match(page.body, /Sign in to/);
    page = await browser.post('/oauth/authorize/signin', [
      ...hiddenInputs(page.body, '/oauth/authorize/signin'),
      ['email', 'agent-owner@example.com'],
      ['password', 'a long passphrase'],
    ]);
    assert.equal(page.status, 200);
  }
  assert.match(page.body, /Allow access/);
  const res = await browser.post('/oauth/authorize', [
    ...hiddenInputs(page.body, '/oauth/authorize'),
    ['decision', opts.decision ?? 'allow'],
  ]);
  assert.equal(res.status, 303);
  return new URL(res.location!);
}

describeEachDatabase(
  'OAuth 2.1 for MCP clients',
  (env) => {
    let clientId = '';
    let tokens: { access_token: string; refresh_token: string } = { access_token: '', refresh_token: '' };

    test('authorization server metadata (RFC 8414) advertises PKCE S256, registration and metadata documents', async () => {
      await runAdmin(
        env().ctx,
        ['create-user', '--email', 'agent-owner@example.com', '--password', 'a long passphrase'],
        () => {},
      );
      const { status, body } = await json(`${env().baseUrl}/.well-known/oauth-authorization-server`);
      assert.equal(status, 200);
      assert.equal(body.issuer, env().ctx.config.publicUrl);
      assert.deepEqual(body.code_challenge_methods_supported, ['S256']);
      assert.equal(body.registration_endpoint, `${env().ctx.config.publicUrl}/oauth/register`);
      assert.equal(body.client_id_metadata_document_supported, true);
      const prm = await json(`${env().baseUrl}/.well-known/oauth-protected-resource/mcp`);
      assert.deepEqual(prm.body.authorization_servers, [env().ctx.config.publicUrl]);
    });

    test('dynamic client registration (RFC 7591) returns a public client id', async () => {
      const { status, body } = await json(`${env().baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: 'Test Agent',
          redirect_uris: ['http://127.0.0.1/callback'],
          token_endpoint_auth_method: 'none',
        }),
      });
      assert.equal(status, 201);
      assert.match(body.client_id, /^ldc_/);
      assert.equal(body.client_secret, undefined);
      clientId = body.client_id;
      const bad = await json(`${env().baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://evil.example/cb'] }),
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error, 'invalid_redirect_uri');
    });

    test('the sign-in and consent pages name the app and the scopes in plain words; Allow access returns a code', async () => {
      const browser = new HttpBrowser(env().baseUrl);
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: s256(verifier),
        code_challenge_method: 'S256',
        scope: 'account:read listings:write',
        state: 'st-123',
        resource: `${env().ctx.config.publicUrl}/mcp`,
      });
      const page = await browser.get(`/oauth/authorize?${q}`);
      assert.match(page.body, /<strong>Test Agent<\/strong>/);
      assert.match(page.body, /See your account, drafts, listings, claims and orders/);
      assert.match(page.body, /Submit products and manage your drafts/);
      const back = await authorize(env(), browser, clientId);
      assert.equal(back.origin + back.pathname, REDIRECT, 'any port on a loopback redirect');
      assert.equal(back.searchParams.get('state'), 'st-123');
      assert.equal(back.searchParams.get('iss'), env().ctx.config.publicUrl);
      const code = back.searchParams.get('code')!;
      const wrong = await json(
        `${env().baseUrl}/oauth/token`,
        form({
          grant_type: 'authorization_code',
          code,
          client_id: clientId,
          redirect_uri: REDIRECT,
          code_verifier: crypto.randomBytes(48).toString('base64url'),
        }),
      );
      assert.equal(wrong.body.error, 'invalid_grant', 'a wrong verifier fails (and spends the code)');
      const again = await authorize(env(), browser, clientId, { signIn: false });
      const res = await json(
        `${env().baseUrl}/oauth/token`,
        form({
          grant_type: 'authorization_code',
          code: again.searchParams.get('code')!,
          client_id: clientId,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
        }),
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.body.token_type, 'Bearer');
      assert.equal(res.body.scope, 'account:read listings:write');
      tokens = res.body;
    });

    test('the access token calls protected MCP tools, only for its audience', async () => {
      const call = await mcp(env(), tokens.access_token, 'get_account');
      assert.equal(call.status, 200);
      assert.equal(call.result.structuredContent.user.email, 'agent-owner@example.com');
      assert.equal(call.result.structuredContent.auth.via, 'oauth');
      const rest = await fetch(`${env().baseUrl}/api/v1/me`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      assert.equal(rest.status, 401, 'a token bound to /mcp is not a REST token');
    });

    test('a token without the scope gets a 403 naming the scopes it has and the one it lacks', async () => {
      const stepUp = await register(env(), 'Step-up Agent');
      const t = await exchange(
        env(),
        stepUp,
        await authorize(env(), new HttpBrowser(env().baseUrl), stepUp, { scope: 'account:read' }),
      );
      const res = await mcp(env(), t.access_token, 'submit_listing', { url: 'https://example.com' });
      assert.equal(res.status, 403);
      const challenge = res.headers.get('www-authenticate') ?? '';
      assert.match(challenge, /error="insufficient_scope"/);
      assert.match(challenge, /scope="account:read listings:write"/);
    });

    test('authorizing a client for more scope adds to what it was allowed: the new token can do both', async () => {
      const stepUp = await register(env(), 'Step-up Agent');
      const browser = new HttpBrowser(env().baseUrl);
      const first = await exchange(env(), stepUp, await authorize(env(), browser, stepUp, { scope: 'account:read' }));
      assert.equal(first.scope, 'account:read');
      // The client asks only for the scope it lacks; the consent page says what is new and what stays.
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(env(), stepUp, 'listings:write')}`);
      assert.match(page.body, /It asks to:<\/p><ul><li>Submit products and manage your drafts/);
      assert.match(page.body, /You already allowed it to:<\/p><ul><li>See your account, drafts/);
      const second = await exchange(
        env(),
        stepUp,
        await authorize(env(), browser, stepUp, { scope: 'listings:write', signIn: false }),
      );
      assert.equal(second.scope, 'account:read listings:write');
      assert.equal((await mcp(env(), second.access_token, 'get_account')).status, 200);
      const submitted = await mcp(env(), second.access_token, 'submit_listing', { url: 'https://example.com' });
      assert.equal(submitted.status, 200);
      assert.equal(submitted.result.isError, undefined, JSON.stringify(submitted.result));
      assert.equal(submitted.result.structuredContent.status, 'crawling');
    });

    test('asking again for what was allowed says there is nothing new', async () => {
      const browser = new HttpBrowser(env().baseUrl);
      await authorize(env(), browser, clientId);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(env(), clientId, 'account:read')}`);
      assert.match(page.body, /It asks for nothing more than you already allowed/);
    });

    test('a refresh asking for more than the grant is refused and leaves the refresh token usable', async () => {
      const issued = await exchange(env(), clientId, await authorize(env(), new HttpBrowser(env().baseUrl), clientId));
      const wider = await json(
        `${env().baseUrl}/oauth/token`,
        form({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id: clientId, scope: 'admin' }),
      );
      assert.equal(wider.status, 400);
      assert.equal(wider.body.error, 'invalid_scope');
      const plain = await json(
        `${env().baseUrl}/oauth/token`,
        form({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id: clientId }),
      );
      assert.equal(plain.status, 200, JSON.stringify(plain.body));
    });

    test('refresh rotates the refresh token; reusing the old one revokes the family', async () => {
      const first = await json(
        `${env().baseUrl}/oauth/token`,
        form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId }),
      );
      assert.equal(first.status, 200);
      assert.notEqual(first.body.refresh_token, tokens.refresh_token);
      assert.equal((await mcp(env(), first.body.access_token, 'get_account')).status, 200);
      const reuse = await json(
        `${env().baseUrl}/oauth/token`,
        form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId }),
      );
      assert.equal(reuse.body.error, 'invalid_grant');
      assert.equal(
        (await mcp(env(), first.body.access_token, 'get_account')).status,
        401,
        'tokens of the family are revoked',
      );
    });

    test('after a refresh the previous access token keeps working for a minute; the old refresh token stays single-use', async () => {
      const issued = await exchange(env(), clientId, await authorize(env(), new HttpBrowser(env().baseUrl), clientId));
      const refresh = (token: string) =>
        json(
          `${env().baseUrl}/oauth/token`,
          form({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId }),
        );
      const rotated = await refresh(issued.refresh_token);
      assert.equal(rotated.status, 200);
      assert.equal((await mcp(env(), issued.access_token, 'get_account')).status, 200, 'a worker still holding it');
      const was = env().clock.now;
      try {
        env().clock.now = new Date(was.getTime() + ROTATED_ACCESS_TOKEN_GRACE_MS - 1000);
        assert.equal((await mcp(env(), issued.access_token, 'get_account')).status, 200);
        env().clock.now = new Date(was.getTime() + ROTATED_ACCESS_TOKEN_GRACE_MS);
        assert.equal((await mcp(env(), issued.access_token, 'get_account')).status, 401, 'its grace is over');
        assert.equal((await mcp(env(), rotated.body.access_token, 'get_account')).status, 200);
      } finally {
        env().clock.now = was;
      }
      const reuse = await refresh(issued.refresh_token);
      assert.equal(reuse.body.error, 'invalid_grant');
      assert.equal((await mcp(env(), issued.access_token, 'get_account')).status, 401, 'reuse revokes the family');
      assert.equal((await mcp(env(), rotated.body.access_token, 'get_account')).status, 401);
    });

    test('revocation (RFC 7009) makes the token fail with 401', async () => {
      const browser = new HttpBrowser(env().baseUrl);
      const back = await authorize(env(), browser, clientId);
      const t = await json(
        `${env().baseUrl}/oauth/token`,
        form({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          client_id: clientId,
          code_verifier: verifier,
        }),
      );
      assert.equal((await mcp(env(), t.body.access_token, 'get_account')).status, 200);
      const revoked = await fetch(
        `${env().baseUrl}/oauth/revoke`,
        form({ token: t.body.access_token, client_id: clientId }),
      );
      assert.equal(revoked.status, 200);
      const after = await mcp(env(), t.body.access_token, 'get_account');
      assert.equal(after.status, 401);
      assert.match(after.headers.get('www-authenticate') ?? '', /resource_metadata=/);
    });

    test('a code works once; a second use revokes what it issued', async () => {
      const browser = new HttpBrowser(env().baseUrl);
      const back = await authorize(env(), browser, clientId);
      const code = back.searchParams.get('code')!;
      const t = await json(
        `${env().baseUrl}/oauth/token`,
        form({ grant_type: 'authorization_code', code, client_id: clientId, code_verifier: verifier }),
      );
      assert.equal(t.status, 200);
      const twice = await json(
        `${env().baseUrl}/oauth/token`,
        form({ grant_type: 'authorization_code', code, client_id: clientId, code_verifier: verifier }),
      );
      assert.equal(twice.body.error, 'invalid_grant');
      assert.equal((await mcp(env(), t.body.access_token, 'get_account')).status, 401);
    });

    test('Deny sends the user back with access_denied', async () => {
      const back = await authorize(env(), new HttpBrowser(env().baseUrl), clientId, { decision: 'deny' });
      assert.equal(back.searchParams.get('error'), 'access_denied');
      assert.equal(back.searchParams.get('code'), null);
    });

    test('an unregistered redirect URI is never redirected to', async () => {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'https://evil.example/cb',
        code_challenge: s256(verifier),
        code_challenge_method: 'S256',
      });
      const page = await new HttpBrowser(env().baseUrl).get(`/oauth/authorize?${q}`);
      assert.equal(page.status, 400);
      assert.equal(page.location, null);
    });

    test('requests without PKCE S256 are refused back to the client', async () => {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: 'plain-challenge',
        code_challenge_method: 'plain',
        state: 's',
      });
      const page = await new HttpBrowser(env().baseUrl).get(`/oauth/authorize?${q}`);
      assert.equal(page.status, 303);
      assert.equal(new URL(page.location!).searchParams.get('error'), 'invalid_request');
    });

    test('a client metadata document (its URL is its client_id) is fetched and shown by name', async () => {
      const docClient = `${docBase}/oauth/client.json`;
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: docClient,
        redirect_uri: 'http://127.0.0.1:5555/callback',
        code_challenge: s256(verifier),
        code_challenge_method: 'S256',
        state: 's',
      });
      const browser = new HttpBrowser(env().baseUrl);
      const page = await browser.get(`/oauth/authorize?${q}`);
      assert.equal(page.status, 200, page.body.slice(0, 300));
      assert.match(page.body, /Metadata Agent/);
      const back = await authorize(env(), browser, docClient, { redirect: 'http://127.0.0.1:5555/callback' });
      const t = await json(
        `${env().baseUrl}/oauth/token`,
        form({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          client_id: docClient,
          code_verifier: verifier,
        }),
      );
      assert.equal(t.status, 200);
      const liar = await new HttpBrowser(env().baseUrl).get(
        `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: `${docBase}/oauth/liar.json`, redirect_uri: 'http://127.0.0.1/callback', code_challenge: s256(verifier), code_challenge_method: 'S256' })}`,
      );
      assert.equal(liar.status, 400);
      assert.match(liar.body, /must name its own URL/);
    });

    test('the account page lists connected apps, and disconnecting one stops its tokens', async () => {
      const browser = new HttpBrowser(env().baseUrl);
      const back = await authorize(env(), browser, clientId);
      const t = await json(
        `${env().baseUrl}/oauth/token`,
        form({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          client_id: clientId,
          code_verifier: verifier,
        }),
      );
      const account = await browser.get('/account');
      assert.match(account.body, /Connected apps/);
      assert.match(account.body, /Test Agent/);
      const id = /action="\/account\/connected-apps\/(\d+)\/disconnect"/.exec(account.body)![1];
      const csrf = hiddenInputs(account.body, `/account/connected-apps/${id}/disconnect`);
      const res = await browser.post(`/account/connected-apps/${id}/disconnect`, csrf);
      assert.equal(res.status, 303);
      assert.equal((await mcp(env(), t.body.access_token, 'get_account')).status, 401);
    });

    test('after disconnecting, authorizing again grants only what is asked', async () => {
      const t = await exchange(
        env(),
        clientId,
        await authorize(env(), new HttpBrowser(env().baseUrl), clientId, { scope: 'account:read' }),
      );
      assert.equal(t.scope, 'account:read');
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
