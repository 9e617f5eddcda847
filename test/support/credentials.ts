import crypto from 'node:crypto';
import { runAdmin } from '../../src/admin/cli.js';
import { s256 } from '../../src/oauth/pkce.js';
import { sha256 } from '../../src/crypto/sha256.js';
import { revokeApiKey } from '../../src/domain/accounts/api-keys.js';
import type { TestEnv } from './app.js';
import { HttpBrowser, hiddenInputs } from './http-browser.js';

export const TEST_PASSWORD = 'a long passphrase';

/** Runs one admin CLI command the way an operator would and returns its output lines. */
export async function admin(env: TestEnv, argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runAdmin(env.ctx, argv, (line) => lines.push(line));
  return lines;
}

/** A user created with `admin create-user` (password TEST_PASSWORD); returns its email. */
export async function createUser(env: TestEnv, label = 'user'): Promise<string> {
  const email = `${label}-${crypto.randomUUID()}@example.com`;
  await admin(env, ['create-user', '--email', email, '--password', TEST_PASSWORD]);
  return email;
}

/** An API key from `admin create-api-key`: the key is the last line of its output. */
export async function createApiKey(
  env: TestEnv,
  email: string,
  scopes: readonly string[],
  opts: { expiresDays?: number } = {},
): Promise<string> {
  const lines = await admin(env, [
    'create-api-key',
    '--email',
    email,
    '--scopes',
    scopes.join(','),
    ...(opts.expiresDays !== undefined ? ['--expires-days', String(opts.expiresDays)] : []),
  ]);
  const key = lines.at(-1);
  if (!key) throw new Error('create-api-key printed nothing');
  return key;
}

export interface OAuthClientHandle {
  clientId: string;
  redirectUri: string;
  browser: HttpBrowser;
}

/** Registers a public client (RFC 7591) and opens a browser for the person who will sign in. */
export async function registerOAuthClient(env: TestEnv): Promise<OAuthClientHandle> {
  const redirectUri = 'http://127.0.0.1:43110/callback';
  const res = await fetch(`${env.baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Credentials Helper',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
    }),
  });
  if (res.status !== 201) throw new Error(`client registration failed: ${res.status} ${await res.text()}`);
  const { client_id } = (await res.json()) as { client_id: string };
  return { clientId: client_id, redirectUri, browser: new HttpBrowser(env.baseUrl) };
}

/**
 * Walks the real authorization-code flow with PKCE: authorize → (sign in) → Allow access → token.
 * `resource` omitted asks for every protected resource the server knows (/mcp and /api/v1).
 */
export async function obtainAccessToken(
  env: TestEnv,
  client: OAuthClientHandle,
  email: string,
  opts: { scope: string; resource?: string },
): Promise<string> {
  const verifier = crypto.randomBytes(48).toString('base64url');
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    scope: opts.scope,
    state: 'st',
  });
  if (opts.resource) q.set('resource', opts.resource);
  let page = await client.browser.get(`/oauth/authorize?${q}`);
  if (page.status !== 200) throw new Error(`authorize failed: ${page.status} ${page.body.slice(0, 300)}`);
  if (page.body.includes('action="/oauth/authorize/signin"')) {
    page = await client.browser.post('/oauth/authorize/signin', [
      ...hiddenInputs(page.body, '/oauth/authorize/signin'),
      ['email', email],
      ['password', TEST_PASSWORD],
    ]);
    if (page.status !== 200) throw new Error(`sign-in failed: ${page.status}`);
  }
  const back = await client.browser.post('/oauth/authorize', [
    ...hiddenInputs(page.body, '/oauth/authorize'),
    ['decision', 'allow'],
  ]);
  const code = back.location ? new URL(back.location).searchParams.get('code') : null;
  if (back.status !== 303 || !code) throw new Error(`consent failed: ${back.status} ${back.location}`);
  const token = await fetch(`${env.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await token.json()) as { access_token?: string };
  if (token.status !== 200 || !body.access_token)
    throw new Error(`token exchange failed: ${token.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** RFC 7009 revocation, as the client itself would do it. */
export async function revokeAccessToken(env: TestEnv, client: OAuthClientHandle, token: string): Promise<void> {
  const res = await fetch(`${env.baseUrl}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: client.clientId }).toString(),
  });
  if (res.status !== 200) throw new Error(`revocation failed: ${res.status}`);
}

/** Revokes an API key the way the account page does: mark it revoked, then drop cached credentials. */
export async function revokeApiKeyOf(env: TestEnv, key: string): Promise<void> {
  const rows = await env.ctx.db.query<{ id: number; user_id: number }>(
    'SELECT id, user_id FROM api_keys WHERE key_hash = $1',
    [sha256(key)],
  );
  if (!rows[0] || !(await revokeApiKey(env.ctx.db, rows[0].user_id, rows[0].id))) throw new Error('no such active key');
  await env.ctx.credentials.userChanged(rows[0].user_id);
}
