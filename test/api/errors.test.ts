import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase } from '../support/app.js';
import { sha256 } from '../../src/api/auth.js';

async function apiKey(
  env: ReturnType<Parameters<Parameters<typeof describeEachDatabase>[1]>[0]>,
  scopes: string[],
  opts: { revoked?: boolean; expired?: boolean } = {},
) {
  const users = await env.ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, name) VALUES ($1, 'Key Owner') RETURNING id`,
    [`owner-${crypto.randomUUID()}@test.invalid`],
  );
  const key = `ldk_${crypto.randomBytes(24).toString('base64url')}`;
  await env.ctx.db.query(
    `INSERT INTO api_keys (user_id, name, prefix, key_hash, scopes, revoked_at, expires_at) VALUES ($1, 'test', $2, $3, $4, $5, $6)`,
    [
      users[0].id,
      key.slice(0, 12),
      sha256(key),
      scopes,
      opts.revoked ? new Date().toISOString() : null,
      opts.expired ? '2020-01-01T00:00:00Z' : null,
    ],
  );
  return key;
}

describeEachDatabase('errors, credentials and unfinished operations', (env) => {
  test('an unknown route is a 404 problem pointing to the docs', async () => {
    const res = await env().get('/api/v1/nothing-here');
    assert.equal(res.statusCode, 404);
    assert.match(String(res.headers['content-type']), /application\/problem\+json/);
    assert.match(res.json().detail, /\/docs/);
  });

  test('a protected operation without a credential is a 401 with WWW-Authenticate naming its scope', async () => {
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      payload: { url: 'https://example.com' },
    });
    assert.equal(res.statusCode, 401);
    assert.match(String(res.headers['www-authenticate']), /^Bearer /);
    assert.match(
      String(res.headers['www-authenticate']),
      /resource_metadata="http:\/\/launchdeck\.test\/\.well-known\/oauth-protected-resource/,
    );
    assert.match(String(res.headers['www-authenticate']), /scope="listings:write"/);
  });

  test('a bad credential on a public operation is a 401 naming every scope', async () => {
    const res = await env().get('/api/v1/listings', { authorization: 'Bearer ldk_not-a-real-key-at-all' });
    assert.equal(res.statusCode, 401);
    assert.match(String(res.headers['www-authenticate']), /scope="account:read listings:write orders:write"/);
  });

  test('an anonymous caller with a bad body still gets 401, not a description of the body', async () => {
    const res = await env().app.inject({ method: 'POST', url: '/api/v1/drafts', payload: { nope: 1 } });
    assert.equal(res.statusCode, 401);
  });

  test('an unknown, revoked or expired key is a 401 invalid_token', async () => {
    for (const token of [
      'ldk_not-a-real-key-at-all',
      await apiKey(env(), ['account:read'], { revoked: true }),
      await apiKey(env(), ['account:read'], { expired: true }),
    ]) {
      const res = await env().get('/api/v1/me', { authorization: `Bearer ${token}` });
      assert.equal(res.statusCode, 401);
      assert.match(String(res.headers['www-authenticate']), /error="invalid_token"/);
    }
    assert.equal((await env().get('/api/v1/me', { authorization: 'Basic abc' })).statusCode, 401);
  });

  test('a key without the scope is a 403 insufficient_scope naming the scopes it has and the one it lacks', async () => {
    const key = await apiKey(env(), ['account:read']);
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: { authorization: `Bearer ${key}` },
      payload: { url: 'https://example.com' },
    });
    assert.equal(res.statusCode, 403);
    assert.match(String(res.headers['www-authenticate']), /error="insufficient_scope"/);
    assert.match(String(res.headers['www-authenticate']), /scope="account:read listings:write"/);
  });

  test('get_account says who the key belongs to and its scopes', async () => {
    const key = await apiKey(env(), ['account:read', 'orders:write']);
    const { status, body } = await env().json('/api/v1/me', { authorization: `Bearer ${key}` });
    assert.equal(status, 200);
    assert.equal(body.user.name, 'Key Owner');
    assert.deepEqual(body.auth, { via: 'api_key', scopes: ['account:read', 'orders:write'] });
  });

  test('a rule the schema cannot express is still a 400 naming the field', async () => {
    const key = await apiKey(env(), ['orders:write']);
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/v1/orders/quote',
      headers: { authorization: `Bearer ${key}` },
      payload: { items: [{ product: 'launch' }] },
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors[0].path, 'items[0].listing_id');
  });

  test('bodies reject unknown properties and wrong types with the field named', async () => {
    const key = await apiKey(env(), ['listings:write']);
    const auth = { authorization: `Bearer ${key}` };
    const extra = await env().app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: auth,
      payload: { url: 'https://example.com', admin: true },
    });
    assert.equal(extra.statusCode, 400);
    assert.deepEqual(extra.json().errors, [{ path: 'admin', message: 'is not an allowed property' }]);
    const long = await env().app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: auth,
      payload: { url: `https://example.com/${'a'.repeat(2048)}` },
    });
    assert.deepEqual(long.json().errors, [{ path: 'url', message: 'must be at most 2048 characters' }]);
    const patch = await env().app.inject({
      method: 'PATCH',
      url: `/api/v1/drafts/${crypto.randomUUID()}`,
      headers: auth,
      payload: { fields: { tagline: 'x'.repeat(501) }, faqs: Array(11).fill({ question: 'q', answer: 'a' }) },
    });
    assert.equal(patch.statusCode, 400);
    assert.deepEqual(
      patch
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
      ['faqs', 'fields.tagline'],
    );
    const json = await env().app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"url":',
    });
    assert.equal(json.statusCode, 400);
    assert.match(json.json().detail, /not valid JSON/);
  });

  test('order items are bounded: 1 to 20 items, amount_cents and options limits', async () => {
    const key = await apiKey(env(), ['orders:write']);
    const post = (payload: unknown) =>
      env().app.inject({
        method: 'POST',
        url: '/api/v1/orders/quote',
        headers: { authorization: `Bearer ${key}` },
        payload: payload as object,
      });
    assert.equal((await post({ items: [] })).json().errors[0].path, 'items');
    assert.equal((await post({ items: Array(21).fill({ product: 'launch' }) })).json().errors[0].path, 'items');
    assert.equal(
      (await post({ items: [{ product: 'billboard_min', amount_cents: 0 }] })).json().errors[0].path,
      'items[0].amount_cents',
    );
    assert.equal(
      (
        await post({
          items: [{ product: 'x', options: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }],
        })
      ).json().errors[0].path,
      'items[0].options',
    );
  });
});

describeEachDatabase(
  'rate limiting',
  (env) => {
    test('every route sends RateLimit headers and the quota ends in a 429 with Retry-After', async () => {
      const first = await env().get('/api/v1/site');
      assert.equal(first.headers['ratelimit-limit'], '3');
      assert.equal(first.headers['ratelimit-remaining'], '2');
      assert.ok(first.headers['ratelimit-reset']);
      await env().get('/api/v1/categories');
      await env().get('/docs');
      const limited = await env().get('/api/v1/listings');
      assert.equal(limited.statusCode, 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);
      assert.equal(limited.json().status, 429);
      assert.match(String(limited.headers['content-type']), /problem\+json/);
    });

    test('made-up bearer tokens do not open new rate-limit buckets', async () => {
      const limited = await env().app.inject({ method: 'GET', url: '/api/v1/site', remoteAddress: '198.51.100.7' });
      assert.equal(limited.headers['ratelimit-remaining'], '2');
      for (let i = 0; i < 2; i++)
        await env().app.inject({
          method: 'GET',
          url: '/api/v1/site',
          remoteAddress: '198.51.100.7',
          headers: { authorization: `Bearer ldk_made_up_token_${i}` },
        });
      const after = await env().app.inject({
        method: 'GET',
        url: '/api/v1/site',
        remoteAddress: '198.51.100.7',
        headers: { authorization: 'Bearer ldk_yet_another_fake' },
      });
      assert.equal(after.statusCode, 429);
    });
  },
  { env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } },
);
