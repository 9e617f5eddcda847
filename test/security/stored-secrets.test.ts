import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import {
  createApiKey,
  createUser,
  obtainAccessToken,
  registerOAuthClient,
  TEST_PASSWORD,
} from '../support/credentials.js';
import { FormClient } from '../support/form-client.js';
import { HttpBrowser, hiddenInputs } from '../support/http-browser.js';
import { sha256 } from '../../src/crypto/sha256.js';
import { s256 } from '../../src/oauth/pkce.js';

/**
 * Credentials are stored only as hashes: a copy of the database (a backup, a leaked dump) holds
 * nothing anyone could sign in or call the API with. Each test searches every row of every table.
 */

/** The tables in which some row's text contains `secret`. */
async function tablesHolding(env: TestEnv, secret: string, except: string[] = []): Promise<string[]> {
  const tables = await env.ctx.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    if (except.includes(table_name)) continue;
    const [row] = await env.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table_name}" t WHERE strpos(t::text, $1) > 0`,
      [secret],
    );
    if (row.n > 0) found.push(table_name);
  }
  return found;
}

describeEachDatabase('secrets at rest', (env) => {
  test('an API key is stored as its SHA-256 only, whether made by the CLI or on the account page', async () => {
    const email = await createUser(env(), 'keys');
    const cliKey = await createApiKey(env(), email, ['account:read']);
    const b = new FormClient(env().app);
    await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
    const created = await b.submit('/account', '/account/api-keys', { name: 'page key', scopes: 'account:read' });
    const pageKey = /<code class="secret">(ldk_[^<]+)<\/code>/.exec(created.body)![1];
    for (const key of [cliKey, pageKey]) {
      assert.deepEqual(await tablesHolding(env(), key), [], 'the key appears nowhere');
      assert.deepEqual(await tablesHolding(env(), key.slice(12)), [], 'not even its secret part');
      assert.equal((await env().ctx.db.query('SELECT 1 FROM api_keys WHERE key_hash = $1', [sha256(key)])).length, 1);
    }
  });

  test('a session cookie is stored as its SHA-256 only, and its CSRF secret is not the cookie', async () => {
    const email = await createUser(env(), 'session');
    const b = new FormClient(env().app);
    await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
    const token = decodeURIComponent(b.cookies.get('ld_session')!);
    assert.ok(token.length >= 32);
    assert.deepEqual(await tablesHolding(env(), token), []);
    assert.equal((await env().ctx.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [sha256(token)])).length, 1);
  });

  test('passwords are argon2id hashes', async () => {
    const email = await createUser(env(), 'password');
    const [row] = await env().ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    assert.match(row.password_hash, /^\$argon2id\$/);
    assert.deepEqual(await tablesHolding(env(), TEST_PASSWORD), []);
  });

  test('OAuth codes, access and refresh tokens and client secrets are stored as hashes only', async () => {
    const email = await createUser(env(), 'oauth');
    const client = await registerOAuthClient(env());
    const access = await obtainAccessToken(env(), client, email, { scope: 'account:read' });
    assert.deepEqual(await tablesHolding(env(), access), []);
    const refreshed = await fetch(`${env().baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: client.clientId,
        refresh_token: await latestRefreshToken(env(), client.clientId, email),
      }).toString(),
    });
    const tokens = (await refreshed.json()) as { access_token: string; refresh_token: string };
    for (const t of [tokens.access_token, tokens.refresh_token]) assert.deepEqual(await tablesHolding(env(), t), []);
    const confidential = await fetch(`${env().baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Server App',
        redirect_uris: ['https://server.example/cb'],
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    });
    const { client_secret } = (await confidential.json()) as { client_secret: string };
    assert.ok(client_secret);
    assert.deepEqual(await tablesHolding(env(), client_secret), []);
  });

  test('mailed tokens (password reset) are stored hashed; only the outgoing mail carries the link', async () => {
    const email = await createUser(env(), 'reset');
    await new FormClient(env().app).submit('/forgot-password', '/forgot-password', { email });
    const [mail] = await env().ctx.db.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
    assert.deepEqual(await tablesHolding(env(), token, ['mail_outbox']), []);
  });
});

/**
 * A refresh token for the flow above: obtainAccessToken keeps only the access token, so walk
 * the flow once more and keep the refresh token too.
 */
async function latestRefreshToken(env: TestEnv, clientId: string, email: string): Promise<string> {
  const verifier = crypto.randomBytes(48).toString('base64url');
  const browser = new HttpBrowser(env.baseUrl);
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: 'http://127.0.0.1:43110/callback',
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    scope: 'account:read',
  });
  let page = await browser.get(`/oauth/authorize?${q}`);
  page = await browser.post('/oauth/authorize/signin', [
    ...hiddenInputs(page.body, '/oauth/authorize/signin'),
    ['email', email],
    ['password', TEST_PASSWORD],
  ]);
  const back = await browser.post('/oauth/authorize', [
    ...hiddenInputs(page.body, '/oauth/authorize'),
    ['decision', 'allow'],
  ]);
  const code = new URL(back.location!).searchParams.get('code')!;
  const res = await fetch(`${env.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: 'http://127.0.0.1:43110/callback',
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await res.json()) as { refresh_token: string };
  assert.deepEqual(await tablesHolding(env, code), [], 'the code is stored hashed too');
  return body.refresh_token;
}
