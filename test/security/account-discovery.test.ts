import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { createUser, TEST_PASSWORD } from '../support/credentials.js';
import { FormClient } from '../support/form-client.js';

/** Nobody can learn whether an email is registered from sign-up, sign-in or password reset. */

const mailTo = (env: TestEnv, to: string) =>
  env.ctx.db.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id',
    [to],
  );

/** The answer with what legitimately differs (the CSRF token, the echoed email) taken out. */
const comparable = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, email: string) => ({
  status: res.statusCode,
  location: res.headers.location,
  body: res.body.replace(/name="_csrf" value="[^"]+"/g, '').replaceAll(email, 'EMAIL'),
});

describeEachDatabase('account discovery', (env) => {
  test('sign-up answers a registered email exactly as a new one, and the registered account is untouched', async () => {
    const taken = await createUser(env(), 'taken');
    const [before] = await env().ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [taken],
    );
    const fresh = `fresh-${crypto.randomUUID()}@example.com`;
    const a = await new FormClient(env().app).submit('/signup', '/signup', {
      email: taken.toUpperCase(),
      password: 'an attacker passphrase',
    });
    const b = await new FormClient(env().app).submit('/signup', '/signup', {
      email: fresh,
      password: 'an attacker passphrase',
    });
    assert.deepEqual(comparable(a, taken.toUpperCase()), comparable(b, fresh));
    assert.equal(a.statusCode, 303);
    assert.equal(String(a.headers['set-cookie'] ?? '').includes('ld_session='), false, 'no session either way');
    const [after] = await env().ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [taken],
    );
    assert.equal(after.password_hash, before.password_hash);
    assert.equal((await env().ctx.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [taken])).length, 1);
    // The owner hears about it and how to get in; the stranger's password does not work.
    const [notice] = await mailTo(env(), taken);
    assert.match(notice.subject, /Someone tried to sign up/);
    assert.match(notice.text_body, /\/forgot-password/);
    assert.doesNotMatch(notice.text_body, /token=/, 'no link that signs in');
    assert.equal(
      (
        await new FormClient(env().app).submit('/signin', '/signin', {
          email: taken,
          password: 'an attacker passphrase',
        })
      ).statusCode,
      401,
    );
    assert.match((await mailTo(env(), fresh))[0].subject, /Confirm your email/);
  });

  test('password reset answers a registered email exactly as an unknown one', async () => {
    const known = await createUser(env(), 'reset-known');
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const a = await new FormClient(env().app).submit('/forgot-password', '/forgot-password', { email: known });
    const b = await new FormClient(env().app).submit('/forgot-password', '/forgot-password', { email: unknown });
    assert.deepEqual(comparable(a, known), comparable(b, unknown));
    assert.equal((await mailTo(env(), known)).length, 1);
    assert.equal((await mailTo(env(), unknown)).length, 0);
  });

  test('sign-in answers a wrong password exactly as an unknown email', async () => {
    const known = await createUser(env(), 'signin-known');
    const unknown = `nobody-${crypto.randomUUID()}@example.com`;
    const a = await new FormClient(env().app).submit('/signin', '/signin', {
      email: known,
      password: `not ${TEST_PASSWORD}`,
    });
    const b = await new FormClient(env().app).submit('/signin', '/signin', {
      email: unknown,
      password: `not ${TEST_PASSWORD}`,
    });
    assert.deepEqual(comparable(a, known), comparable(b, unknown));
    assert.equal(a.statusCode, 401);
  });
});
