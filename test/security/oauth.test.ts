import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { createUser, TEST_PASSWORD } from '../support/credentials.js';
import { HttpBrowser, hiddenInputs } from '../support/http-browser.js';
import { s256 } from '../../src/oauth/pkce.js';

/**
 * Attacks on the authorization server (test/oauth/oauth-flow.test.ts covers the flow itself):
 * PKCE downgrade, redirect-URI look-alikes, code replay, refresh-token reuse, tokens used for
 * another resource (RFC 8707) and codes presented by another client.
 */

const REDIRECT = 'https://app.example/cb';
const LOOPBACK_REDIRECT = 'http://127.0.0.1:43110/callback';

async function post(env: TestEnv, path: string, fields: Record<string, string>) {
  const res = await fetch(`${env.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, string> };
}

async function register(env: TestEnv): Promise<string> {
  const res = await fetch(`${env.baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Security Probe',
      redirect_uris: [REDIRECT, LOOPBACK_REDIRECT],
      token_endpoint_auth_method: 'none',
    }),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { client_id: string }).client_id;
}

const authorizeQuery = (clientId: string, extra: Record<string, string> = {}, verifier = 'v'.repeat(50)) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    scope: 'account:read',
    state: 'st',
    ...extra,
  });

/** Signs in and allows; returns the code and the verifier it is bound to. */
async function authorizeCode(
  env: TestEnv,
  clientId: string,
  email: string,
  extra: Record<string, string> = {},
): Promise<{ code: string; verifier: string }> {
  const verifier = crypto.randomBytes(48).toString('base64url');
  const browser = new HttpBrowser(env.baseUrl);
  let page = await browser.get(`/oauth/authorize?${authorizeQuery(clientId, extra, verifier)}`);
  assert.equal(page.status, 200, page.body.slice(0, 300));
  page = await browser.post('/oauth/authorize/signin', [
    ...hiddenInputs(page.body, '/oauth/authorize/signin'),
    ['email', email],
    ['password', TEST_PASSWORD],
  ]);
  const back = await browser.post('/oauth/authorize', [
    ...hiddenInputs(page.body, '/oauth/authorize'),
    ['decision', 'allow'],
  ]);
  assert.equal(back.status, 303);
  return { code: new URL(back.location!).searchParams.get('code')!, verifier };
}

const exchange = (
  env: TestEnv,
  clientId: string,
  code: string,
  verifier: string | undefined,
  extra: Record<string, string> = {},
) =>
  post(env, '/oauth/token', {
    grant_type: 'authorization_code',
    code,
    client_id: clientId,
    redirect_uri: REDIRECT,
    ...(verifier !== undefined ? { code_verifier: verifier } : {}),
    ...extra,
  });

const me = async (env: TestEnv, token: string) =>
  (await fetch(`${env.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status;

describeEachDatabase('OAuth attacks', (env) => {
  let clientId = '';
  let email = '';
  before(async () => {
    clientId = await register(env());
    email = await createUser(env(), 'oauth-target');
  });

  test('PKCE downgrade: the plain method, or no challenge at all, is refused back to the client', async () => {
    for (const extra of [
      { code_challenge_method: 'plain', code_challenge: 'v'.repeat(50) },
      { code_challenge_method: '' },
      { code_challenge: '' },
    ] as Record<string, string>[]) {
      const q = authorizeQuery(clientId, extra);
      if (extra.code_challenge_method === '') q.delete('code_challenge_method');
      if (extra.code_challenge === '') q.delete('code_challenge');
      const page = await new HttpBrowser(env().baseUrl).get(`/oauth/authorize?${q}`);
      assert.equal(page.status, 303, JSON.stringify(extra));
      assert.equal(new URL(page.location!).searchParams.get('error'), 'invalid_request', JSON.stringify(extra));
    }
  });

  test('PKCE downgrade at the token endpoint: a missing verifier, or the challenge sent as the verifier, gets no token and burns the code', async () => {
    const missing = await authorizeCode(env(), clientId, email);
    assert.equal((await exchange(env(), clientId, missing.code, undefined)).body.error, 'invalid_request');
    const plain = await authorizeCode(env(), clientId, email);
    const asPlain = await exchange(env(), clientId, plain.code, s256(plain.verifier));
    assert.equal(asPlain.body.error, 'invalid_grant');
    assert.equal(
      (await exchange(env(), clientId, plain.code, plain.verifier)).body.error,
      'invalid_grant',
      'a code tried with a wrong verifier is spent',
    );
  });

  test('redirect URIs that only look like the registered one are refused on the page, never redirected to', async () => {
    for (const redirect of [
      'https://app.example/cb/',
      'https://app.example/cbx',
      'https://app.example/cb/../evil',
      'https://app.example/cb?next=https://evil.example',
      'https://app.example/cb#x',
      'https://app.example.evil.example/cb',
      'https://evil.example/app.example/cb',
      'https://app.example@evil.example/cb',
      'https://evil.example/?https://app.example/cb',
      'http://app.example/cb',
      'https://app.example:8443/cb',
      'https://sub.app.example/cb',
      'http://127.0.0.1.evil.example:43110/callback',
      'http://127.0.0.1:43110/callback/../evil',
      'http://127.0.0.1:43110/callbackx',
      'http://localhost:43110/callback',
    ]) {
      const page = await new HttpBrowser(env().baseUrl).get(
        `/oauth/authorize?${authorizeQuery(clientId, { redirect_uri: redirect })}`,
      );
      assert.equal(page.status, 400, redirect);
      assert.equal(page.location, null, redirect);
    }
  });

  test('a code is bound to its redirect URI and to its client', async () => {
    const other = await register(env());
    const a = await authorizeCode(env(), clientId, email);
    assert.equal(
      (await exchange(env(), clientId, a.code, a.verifier, { redirect_uri: 'https://app.example/cb2' })).body.error,
      'invalid_grant',
    );
    const b = await authorizeCode(env(), clientId, email);
    assert.equal(
      (await exchange(env(), other, b.code, b.verifier)).body.error,
      'invalid_grant',
      'another client cannot spend it',
    );
  });

  test('a replayed code is refused and revokes the tokens issued from it, refreshed ones included', async () => {
    const { code, verifier } = await authorizeCode(env(), clientId, email);
    const first = await exchange(env(), clientId, code, verifier);
    assert.equal(first.status, 200);
    const refreshed = await post(env(), '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: clientId,
    });
    assert.equal(refreshed.status, 200);
    assert.equal(await me(env(), refreshed.body.access_token), 200);
    const replay = await exchange(env(), clientId, code, verifier);
    assert.equal(replay.body.error, 'invalid_grant');
    assert.equal(await me(env(), first.body.access_token), 401);
    assert.equal(await me(env(), refreshed.body.access_token), 401);
    assert.equal(
      (
        await post(env(), '/oauth/token', {
          grant_type: 'refresh_token',
          refresh_token: refreshed.body.refresh_token,
          client_id: clientId,
        })
      ).body.error,
      'invalid_grant',
    );
  });

  test('reusing a rotated refresh token revokes the whole family', async () => {
    const { code, verifier } = await authorizeCode(env(), clientId, email);
    const issued = await exchange(env(), clientId, code, verifier);
    const rotated = await post(env(), '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.body.refresh_token,
      client_id: clientId,
    });
    assert.equal(rotated.status, 200);
    const reuse = await post(env(), '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.body.refresh_token,
      client_id: clientId,
    });
    assert.equal(reuse.body.error, 'invalid_grant');
    assert.equal(await me(env(), rotated.body.access_token), 401, 'the access token of the newest rotation is revoked');
    const next = await post(env(), '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: rotated.body.refresh_token,
      client_id: clientId,
    });
    assert.equal(next.body.error, 'invalid_grant', 'the newest refresh token is revoked too');
  });

  test('a refresh token presented by another client is refused and stays usable by its own', async () => {
    const other = await register(env());
    const { code, verifier } = await authorizeCode(env(), clientId, email);
    const issued = await exchange(env(), clientId, code, verifier);
    assert.equal(
      (
        await post(env(), '/oauth/token', {
          grant_type: 'refresh_token',
          refresh_token: issued.body.refresh_token,
          client_id: other,
        })
      ).body.error,
      'invalid_grant',
    );
    assert.equal(
      (
        await post(env(), '/oauth/token', {
          grant_type: 'refresh_token',
          refresh_token: issued.body.refresh_token,
          client_id: clientId,
        })
      ).status,
      200,
    );
  });

  test('a token issued for one resource is refused by the other (RFC 8707)', async () => {
    const base = env().ctx.config.publicUrl;
    const { code, verifier } = await authorizeCode(env(), clientId, email, { resource: `${base}/mcp` });
    const mcpOnly = await exchange(env(), clientId, code, verifier);
    assert.equal(mcpOnly.status, 200);
    const res = await fetch(`${env().baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${mcpOnly.body.access_token}` },
    });
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /invalid_token/);
    const widened = await post(env(), '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: mcpOnly.body.refresh_token,
      client_id: clientId,
      resource: `${base}/api/v1`,
    });
    assert.equal(widened.body.error, 'invalid_target', 'a refresh cannot add an audience');
  });

  test('an authorization request for a resource this server does not protect is refused', async () => {
    for (const resource of [
      'https://evil.example/mcp',
      `${env().ctx.config.publicUrl}/mcp.evil.example`,
      `${env().ctx.config.publicUrl}/admin`,
    ]) {
      const page = await new HttpBrowser(env().baseUrl).get(
        `/oauth/authorize?${authorizeQuery(clientId, { resource })}`,
      );
      assert.equal(page.status, 303, resource);
      assert.equal(new URL(page.location!).searchParams.get('error'), 'invalid_target', resource);
    }
  });
});
