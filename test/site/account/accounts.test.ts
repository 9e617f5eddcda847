import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { FormClient } from '../../support/form-client.js';
import { safeNext } from '../../../src/site/session.js';

const lastMail = async (db: { query: (s: string, p?: unknown[]) => Promise<any[]> }, to: string) =>
  (
    await db.query(
      'SELECT subject, text_body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1',
      [to],
    )
  )[0];
const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

describeEachDatabase('site accounts', (env) => {
  const browser = () => new FormClient(env().app);

  test('sign-up creates the account, says to check the inbox and mails a confirmation link; signing in works before confirming', async () => {
    const b = browser();
    const res = await b.submit('/signup', '/signup', {
      email: 'maker@example.com',
      name: 'Maker',
      password: 'a long passphrase',
    });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/signup/sent');
    assert.match((await b.get('/signup/sent')).body, /Check your email/);
    const mail = await lastMail(env().ctx.db, 'maker@example.com');
    assert.match(mail.subject, /Confirm your email/);
    const signin = await b.submit('/signin', '/signin', { email: 'maker@example.com', password: 'a long passphrase' });
    const cookie = ([] as string[])
      .concat(signin.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('ld_session='))!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/);
    const account = await b.get('/account');
    assert.match(account.body, /Signed in as <strong>maker@example\.com<\/strong>/);
    assert.match(account.body, /Email not confirmed yet/);
  });

  test('sign-up keeps the page it was asked from and returns there, never to another site', async () => {
    const b = browser();
    const form = await b.get('/signup?next=%2Finvites%2Fabc');
    assert.match(form.body, /name="next" value="\/invites\/abc"/);
    const res = await b.submit('/signup?next=%2Finvites%2Fabc', '/signup', {
      email: 'invited@example.com',
      password: 'a long passphrase',
      next: '/invites/abc',
    });
    assert.equal(res.headers.location, '/signup/sent?next=%2Finvites%2Fabc');
    const link = linkIn((await lastMail(env().ctx.db, 'invited@example.com')).text_body);
    const confirmed = await b.get(link.pathname + link.search);
    assert.equal(confirmed.headers.location, '/invites/abc', 'the confirmation link signs in and returns to the page');
    const evil = browser();
    await evil.submit('/signup', '/signup', {
      email: 'evil@example.com',
      password: 'a long passphrase',
      next: '//evil.example/',
    });
    const evilLink = linkIn((await lastMail(env().ctx.db, 'evil@example.com')).text_body);
    assert.equal((await evil.get(evilLink.pathname + evilLink.search)).headers.location, '/account');
  });

  test('the sign-in page offers sign-up with the same destination', async () => {
    const page = await browser().get('/signin?next=%2Fsubmit');
    assert.match(page.body, /href="\/signup\?next=%2Fsubmit"/);
  });

  test('the confirmation link confirms the email once', async () => {
    const b = browser();
    const link = linkIn((await lastMail(env().ctx.db, 'maker@example.com')).text_body);
    assert.equal(link.pathname, '/verify-email');
    const first = await b.get(link.pathname + link.search);
    assert.equal(first.statusCode, 303);
    assert.equal(first.headers.location, '/account?welcome=1');
    assert.match((await b.get('/account?welcome=1')).body, /Signed in as <strong>maker@example\.com/);
    assert.equal((await b.get(link.pathname + link.search)).statusCode, 400, 'a used link does not work twice');
    const rows = await env().ctx.db.query<{ email_verified_at: string | null }>(
      `SELECT email_verified_at FROM users WHERE email = 'maker@example.com'`,
    );
    assert.ok(rows[0].email_verified_at);
  });

  test('sign-up answers a taken email as it answers a new one, mails its owner instead, and refuses a short password and a bad address, keeping what was typed', async () => {
    const taken = await browser().submit('/signup', '/signup', {
      email: 'MAKER@example.com',
      password: 'another passphrase',
    });
    assert.equal(taken.statusCode, 303);
    assert.equal(taken.headers.location, '/signup/sent');
    assert.match((await lastMail(env().ctx.db, 'maker@example.com')).subject, /Someone tried to sign up/);
    const short = await browser().submit('/signup', '/signup', { email: 'new@example.com', password: 'short' });
    assert.equal(short.statusCode, 400);
    assert.match(short.body, /Password: must be at least 10 characters/);
    assert.match(short.body, /value="new@example\.com"/);
    assert.equal(
      (await browser().submit('/signup', '/signup', { email: 'nope', password: 'a long passphrase' })).statusCode,
      400,
    );
  });

  test('a form posted without its CSRF token is refused', async () => {
    const res = await browser().submit(
      '/signup',
      '/signup',
      { email: 'csrf@example.com', password: 'a long passphrase' },
      { csrf: false },
    );
    assert.equal(res.statusCode, 403);
    assert.equal((await env().ctx.db.query(`SELECT 1 FROM users WHERE email = 'csrf@example.com'`)).length, 0);
  });

  test('sign-in answers the same for a wrong password and an unknown email, and follows only local next links', async () => {
    const wrong = await browser().submit('/signin', '/signin', {
      email: 'maker@example.com',
      password: 'not the password',
    });
    const unknown = await browser().submit('/signin', '/signin', {
      email: 'ghost@example.com',
      password: 'not the password',
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.match(wrong.body, /Email or password is not right/);
    const ok = await browser().submit('/signin?next=/account%23api-keys', '/signin', {
      email: 'maker@example.com',
      password: 'a long passphrase',
      next: '//evil.example/x',
    });
    assert.equal(ok.statusCode, 303);
    assert.equal(ok.headers.location, '/account');
  });

  test('an API key is shown once, listed by prefix, works as a Bearer credential and is revoked at once', async () => {
    const b = browser();
    await b.submit('/signin', '/signin', { email: 'maker@example.com', password: 'a long passphrase' });
    const created = await b.submit('/account', '/account/api-keys', {
      name: 'my agent',
      scopes: ['account:read', 'listings:write'],
      expires: '30',
    });
    assert.equal(created.statusCode, 201);
    assert.equal(created.headers['cache-control'], 'no-store');
    const key = /<code class="secret">(ldk_[^<]+)<\/code>/.exec(created.body)![1];
    const me = await env().json('/api/v1/me', { authorization: `Bearer ${key}` });
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.auth.scopes, ['account:read', 'listings:write']);
    const listing = await b.get('/account');
    assert.ok(!listing.body.includes(key), 'the key is never shown again');
    assert.ok(listing.body.includes(`${key.slice(0, 12)}…`));
    const id = /action="\/account\/api-keys\/(\d+)\/revoke"/.exec(listing.body)![1];
    const revoked = await b.submit('/account', `/account/api-keys/${id}/revoke`, {});
    assert.equal(revoked.statusCode, 303);
    assert.equal((await env().get('/api/v1/me', { authorization: `Bearer ${key}` })).statusCode, 401);
  });

  test('creating a key needs a scope, a name and a confirmed email', async () => {
    const b = browser();
    await b.submit('/signup', '/signup', { email: 'unconfirmed@example.com', password: 'a long passphrase' });
    await b.submit('/signin', '/signin', { email: 'unconfirmed@example.com', password: 'a long passphrase' });
    const unconfirmed = await b.submit('/account', '/account/api-keys', { name: 'k', scopes: 'account:read' });
    assert.equal(unconfirmed.statusCode, 400);
    const m = browser();
    await m.submit('/signin', '/signin', { email: 'maker@example.com', password: 'a long passphrase' });
    assert.equal((await m.submit('/account', '/account/api-keys', { name: 'k', scopes: 'admin:all' })).statusCode, 400);
    assert.equal(
      (await m.submit('/account', '/account/api-keys', { name: '', scopes: 'account:read' })).statusCode,
      400,
    );
  });

  test("nobody can revoke another user's key", async () => {
    const owner = browser();
    await owner.submit('/signin', '/signin', { email: 'maker@example.com', password: 'a long passphrase' });
    await owner.submit('/account', '/account/api-keys', { name: 'keep', scopes: 'account:read' });
    const id = /action="\/account\/api-keys\/(\d+)\/revoke"/.exec((await owner.get('/account')).body)![1];
    const other = browser();
    await other.submit('/signin', '/signin', { email: 'unconfirmed@example.com', password: 'a long passphrase' });
    assert.equal((await other.submit('/account', `/account/api-keys/${id}/revoke`, {})).statusCode, 404);
    const rows = await env().ctx.db.query<{ revoked_at: string | null }>(
      'SELECT revoked_at FROM api_keys WHERE id = $1',
      [Number(id)],
    );
    assert.equal(rows[0].revoked_at, null);
  });

  test('password reset mails a one-hour link; the new password works and other sessions end', async () => {
    const other = browser();
    await other.submit('/signin', '/signin', { email: 'maker@example.com', password: 'a long passphrase' });
    const asked = await browser().submit('/forgot-password', '/forgot-password', { email: 'maker@example.com' });
    assert.equal(asked.statusCode, 200);
    const unknown = await browser().submit('/forgot-password', '/forgot-password', { email: 'ghost@example.com' });
    assert.equal(unknown.body.match(/<h1>.*<\/h1>/)![0], asked.body.match(/<h1>.*<\/h1>/)![0], 'no account discovery');
    const link = linkIn((await lastMail(env().ctx.db, 'maker@example.com')).text_body);
    const b = browser();
    const res = await b.submit(link.pathname + link.search, '/reset-password', {
      token: link.searchParams.get('token')!,
      password: 'a brand new passphrase',
    });
    assert.equal(res.statusCode, 303);
    assert.match((await other.get('/account')).headers.location ?? '', /signin/, 'the other session was signed out');
    assert.equal(
      (await browser().submit('/signin', '/signin', { email: 'maker@example.com', password: 'a brand new passphrase' }))
        .statusCode,
      303,
    );
    const again = await browser().submit('/reset-password', '/reset-password', {
      token: link.searchParams.get('token')!,
      password: 'yet another passphrase',
    });
    assert.equal(again.statusCode, 400, 'the link works once');
  });

  test('sign-out ends the session', async () => {
    const b = browser();
    await b.submit('/signin', '/signin', { email: 'maker@example.com', password: 'a brand new passphrase' });
    assert.equal((await b.get('/account')).statusCode, 200);
    const out = await b.submit('/account', '/signout', {});
    assert.equal(out.statusCode, 303);
    assert.equal((await b.get('/account')).statusCode, 303);
  });
});

describeEachDatabase(
  'cookies over TLS',
  (env) => {
    test('the session cookie is Secure when the site is served over https', async () => {
      const b = new FormClient(env().app);
      await b.submit('/signup', '/signup', { email: 'tls@example.com', password: 'a long passphrase' });
      const res = await b.submit('/signin', '/signin', { email: 'tls@example.com', password: 'a long passphrase' });
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ld_session='))!;
      assert.match(cookie, /Secure/);
    });
  },
  { env: { PUBLIC_URL: 'https://launchdeck.test' } },
);

test('next links stay on this site', () => {
  assert.equal(safeNext('/account#keys'), '/account#keys');
  assert.equal(safeNext('//evil.example'), '/account');
  assert.equal(safeNext('/\\evil.example'), '/account');
  assert.equal(safeNext('https://evil.example'), '/account');
  assert.equal(safeNext(undefined, '/'), '/');
});

describeEachDatabase('API keys and the credential cache', (env) => {
  test('a revoked key stops working at once even after it was just used (and cached)', async () => {
    const b = new FormClient(env().app);
    await b.submit('/signup', '/signup', { email: 'cache@example.com', password: 'a long passphrase' });
    await b.submit('/signin', '/signin', { email: 'cache@example.com', password: 'a long passphrase' });
    await env().ctx.db.query(`UPDATE users SET email_verified_at = now() WHERE email = 'cache@example.com'`);
    const created = await b.submit('/account', '/account/api-keys', { name: 'hot', scopes: 'account:read' });
    const key = /<code class="secret">(ldk_[^<]+)<\/code>/.exec(created.body)![1];
    for (let i = 0; i < 3; i++)
      assert.equal((await env().get('/api/v1/me', { authorization: `Bearer ${key}` })).statusCode, 200);
    const id = /action="\/account\/api-keys\/(\d+)\/revoke"/.exec((await b.get('/account')).body)![1];
    await b.submit('/account', `/account/api-keys/${id}/revoke`, {});
    assert.equal((await env().get('/api/v1/me', { authorization: `Bearer ${key}` })).statusCode, 401);
  });

  test('a revocation on another instance reaches this one through the database', async () => {
    const users = await env().ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'cache@example.com'`);
    const { createApiKey } = await import('../../../src/domain/accounts/api-keys.js');
    const { key, record } = await createApiKey(env().ctx.db, users[0].id, { name: 'other', scopes: ['account:read'] });
    assert.equal((await env().get('/api/v1/me', { authorization: `Bearer ${key}` })).statusCode, 200);
    // Another instance revokes: its own cache is not ours, so only the NOTIFY can tell us.
    await env().ctx.db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [record.id]);
    await env().ctx.db.query(`SELECT pg_notify('launchdeck_credentials', $1)`, [String(users[0].id)]);
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await env().get('/api/v1/me', { authorization: `Bearer ${key}` })).statusCode;
    }
    assert.equal(status, 401);
  });
});
