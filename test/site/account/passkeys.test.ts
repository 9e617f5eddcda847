import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { FormClient } from '../../support/form-client.js';
import { SoftAuthenticator } from '../../support/soft-authenticator.js';

// The suite's PUBLIC_URL is http://launchdeck.test: the relying party is its host, answers come from its origin.
const ORIGIN = 'http://launchdeck.test';
const ICLOUD = 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd';

/** A person at a browser: cookies, the page's CSRF token, and an authenticator of their own. */
async function person(env: TestEnv, opts: { signedInAs?: string; authenticator?: SoftAuthenticator } = {}) {
  const browser = new FormClient(env.app);
  if (opts.signedInAs) {
    const res = await browser.submit('/signin', '/signin', { email: opts.signedInAs, password: TEST_PASSWORD });
    assert.equal(res.statusCode, 303);
  }
  const csrf = await browser.csrfOf(opts.signedInAs ? '/account' : '/signin');
  return { browser, csrf, authenticator: opts.authenticator ?? new SoftAuthenticator({ aaguid: ICLOUD }) };
}
type Person = Awaited<ReturnType<typeof person>>;

async function addPasskey(p: Person, name?: string) {
  const options = await p.browser.postJson('/account/passkeys/options', {}, p.csrf);
  assert.equal(options.statusCode, 200, options.body);
  const creation: PublicKeyCredentialCreationOptionsJSON = options.json().options;
  return p.browser.postJson(
    '/account/passkeys',
    { response: p.authenticator.register(creation, ORIGIN), ...(name ? { name } : {}) },
    p.csrf,
  );
}

async function signInOptions(p: Person): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const res = await p.browser.postJson('/signin/passkey/options', {}, p.csrf);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().options;
}

/** Registration options of some other site's making, answered with a sign-in challenge of ours. */
const foreignCreation = (challenge: string) =>
  ({
    challenge,
    rp: { id: 'launchdeck.test', name: 'x' },
    user: { id: 'AAAA', name: 'x', displayName: 'x' },
    pubKeyCredParams: [],
  }) as PublicKeyCredentialCreationOptionsJSON;

const signInWith = (p: Person, response: unknown, next?: string) =>
  p.browser.postJson('/signin/passkey', { response, ...(next ? { next } : {}) }, p.csrf);

/** A confirmed account (password TEST_PASSWORD) with one passkey, and the person who made it. */
async function accountWithPasskey(env: TestEnv, label: string) {
  const email = await createUser(env, label);
  const owner = await person(env, { signedInAs: email });
  assert.equal((await addPasskey(owner)).statusCode, 200);
  return { email, authenticator: owner.authenticator };
}

const passkeysOf = (env: TestEnv, email: string) =>
  env.ctx.db.query<{ id: number; name: string; counter: number }>(
    'SELECT p.id, p.name, p.counter FROM passkeys p JOIN users u ON u.id = p.user_id WHERE u.email = $1 ORDER BY p.id',
    [email],
  );

describeEachDatabase('passkeys', (env) => {
  test('the sign-in page offers a passkey and passkey autofill on its email field', async () => {
    const page = await new FormClient(env().app).get('/signin?next=%2Fp%2Fx');
    assert.match(page.body, /data-passkey-signin[^>]*data-next="\/p\/x"/);
    assert.match(page.body, /<input type="email" name="email"[^>]*autocomplete="username webauthn"/);
    assert.match(page.body, /<script src="\/assets\/passkeys\.[0-9a-f]{12}\.js" defer><\/script>/);
    const script = /src="(\/assets\/passkeys\.[0-9a-f]{12}\.js)"/.exec(page.body)![1];
    const js = await env().get(script);
    assert.equal(js.statusCode, 200);
    assert.match(String(js.headers['content-type']), /javascript/);
    assert.match(js.body, /mediation/);
  });

  test('a signed-in person adds a passkey, named after its provider, and later signs in with it without typing an email', async () => {
    const { email, authenticator } = await accountWithPasskey(env(), 'adds');
    assert.deepEqual(
      (await passkeysOf(env(), email)).map((p) => p.name),
      ['Apple Passwords'],
    );
    const visitor = await person(env(), { authenticator });
    const options = await signInOptions(visitor);
    assert.equal(options.rpId, 'launchdeck.test');
    assert.equal(options.userVerification, 'required');
    assert.deepEqual(options.allowCredentials ?? [], [], 'discoverable: no account is named');
    const res = await signInWith(visitor, authenticator.authenticate(options, ORIGIN), '/p/somewhere');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { redirect: '/p/somewhere' });
    assert.match((await visitor.browser.get('/account')).body, new RegExp(`Signed in as <strong>${email}</strong>`));
    const [passkey] = await passkeysOf(env(), email);
    assert.equal(passkey.counter, 1);
  });

  test('the registration options ask for a discoverable, user-verified passkey and exclude the ones the account has', async () => {
    const { email } = await accountWithPasskey(env(), 'excludes');
    const p = await person(env(), { signedInAs: email });
    const res = await p.browser.postJson('/account/passkeys/options', {}, p.csrf);
    const options: PublicKeyCredentialCreationOptionsJSON = res.json().options;
    assert.equal(options.rp.id, 'launchdeck.test');
    assert.equal(options.user.name, email);
    assert.deepEqual(options.authenticatorSelection, {
      residentKey: 'required',
      userVerification: 'required',
      requireResidentKey: true,
    });
    assert.equal(options.excludeCredentials?.length, 1);
  });

  test('several passkeys per account, each with the name given or its provider’s', async () => {
    const email = await createUser(env(), 'several');
    const p = await person(env(), { signedInAs: email });
    assert.equal((await addPasskey(p, 'Work laptop')).statusCode, 200);
    const phone = { ...p, authenticator: new SoftAuthenticator({ aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4' }) };
    assert.equal((await addPasskey(phone)).statusCode, 200);
    const unknownModel = { ...p, authenticator: new SoftAuthenticator() };
    assert.equal((await addPasskey(unknownModel)).statusCode, 200);
    assert.deepEqual(
      (await passkeysOf(env(), email)).map((k) => k.name),
      ['Work laptop', 'Google Password Manager', 'Passkey'],
    );
    const page = (await p.browser.get('/account')).body;
    assert.match(page, /<h2 id="passkeys">Passkeys<\/h2>/);
    assert.match(page, /aria-label="Remove Google Password Manager"/);
  });

  test('a passkey’s name is shown as text, never as markup', async () => {
    const email = await createUser(env(), 'markup');
    const p = await person(env(), { signedInAs: email });
    assert.equal((await addPasskey(p, '<img src=x onerror=alert(1)>')).statusCode, 200);
    const page = (await p.browser.get('/account')).body;
    assert.ok(!page.includes('<img src=x'));
    assert.match(page, /<strong>&lt;img src=x onerror=alert\(1\)&gt;<\/strong>/);
  });

  test('an answer without user verification, from another origin or for another site is refused, and signs nobody in', async () => {
    const { authenticator } = await accountWithPasskey(env(), 'strict');
    const visitor = await person(env(), { authenticator });
    const refused = async (response: unknown) => {
      const res = await signInWith(visitor, response);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal((await visitor.browser.get('/account')).statusCode, 303, 'still signed out');
    };
    await refused(authenticator.authenticate(await signInOptions(visitor), 'http://evil.example'));
    const forOtherSite = await signInOptions(visitor);
    await refused(authenticator.authenticate({ ...forOtherSite, rpId: 'evil.example' }, ORIGIN));
    const unverified = new SoftAuthenticator({ userVerified: false });
    unverified.credentials.push(...authenticator.credentials);
    await refused(unverified.authenticate(await signInOptions(visitor), ORIGIN));
  });

  test('a challenge works once, only in the browser it was given to, and not after ten minutes', async () => {
    const { authenticator } = await accountWithPasskey(env(), 'challenges');
    const visitor = await person(env(), { authenticator });
    const options = await signInOptions(visitor);
    const first = authenticator.authenticate(options, ORIGIN);
    assert.equal((await signInWith(visitor, first)).statusCode, 200);
    const replay = authenticator.authenticate(options, ORIGIN);
    assert.equal((await signInWith(await person(env(), { authenticator }), replay)).statusCode, 400, 'used');

    const other = await person(env(), { authenticator });
    const stolen = authenticator.authenticate(await signInOptions(visitor), ORIGIN);
    assert.equal((await signInWith(other, stolen)).statusCode, 400, 'another browser');

    const slow = await person(env(), { authenticator });
    const late = await signInOptions(slow);
    const clock = env().clock;
    const before = clock.now;
    clock.now = new Date(before.getTime() + 10 * 60_000 + 1000);
    try {
      assert.equal((await signInWith(slow, authenticator.authenticate(late, ORIGIN))).statusCode, 400, 'expired');
    } finally {
      clock.now = before;
    }
  });

  test('a cloned authenticator that reports an older counter is refused; the original goes on working', async () => {
    const { email, authenticator } = await accountWithPasskey(env(), 'clone');
    const visitor = await person(env(), { authenticator });
    assert.equal(
      (await signInWith(visitor, authenticator.authenticate(await signInOptions(visitor), ORIGIN, { counter: 7 })))
        .statusCode,
      200,
    );
    const clone = await person(env(), { authenticator });
    const cloned = authenticator.authenticate(await signInOptions(clone), ORIGIN, { counter: 5 });
    assert.equal((await signInWith(clone, cloned)).statusCode, 400);
    const same = authenticator.authenticate(await signInOptions(clone), ORIGIN, { counter: 7 });
    assert.equal((await signInWith(clone, same)).statusCode, 400, 'the same counter twice is a replay');
    assert.equal((await clone.browser.get('/account')).statusCode, 303);
    assert.equal((await passkeysOf(env(), email))[0].counter, 7);
    const next = authenticator.authenticate(await signInOptions(clone), ORIGIN, { counter: 8 });
    assert.equal((await signInWith(clone, next)).statusCode, 200);
  });

  test('a passkey this site does not know is named as such, so the browser can forget it', async () => {
    const stranger = new SoftAuthenticator();
    const visitor = await person(env(), { authenticator: stranger });
    const options = await signInOptions(visitor);
    stranger.register(foreignCreation(options.challenge), ORIGIN);
    const res = await signInWith(visitor, stranger.authenticate(options, ORIGIN));
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      { unknownCredential: res.json().unknownCredential, rpId: res.json().rpId },
      { unknownCredential: true, rpId: 'launchdeck.test' },
    );
  });

  test('signing up with a passkey alone makes an account without a password, mails the confirmation link, and the passkey signs in', async () => {
    const email = `passkey-only-${crypto.randomUUID()}@example.com`;
    const p = await person(env(), { authenticator: new SoftAuthenticator() });
    const csrf = await p.browser.csrfOf('/signup');
    const options = await p.browser.postJson('/signup/passkey/options', { email, name: 'Pat', next: '/p/x' }, csrf);
    assert.equal(options.statusCode, 200, options.body);
    const creation: PublicKeyCredentialCreationOptionsJSON = options.json().options;
    assert.equal(creation.user.name, email);
    const done = await p.browser.postJson(
      '/signup/passkey',
      { response: p.authenticator.register(creation, ORIGIN) },
      csrf,
    );
    assert.equal(done.statusCode, 200, done.body);
    assert.deepEqual(done.json(), { redirect: '/signup/sent?next=%2Fp%2Fx' });
    const [user] = await env().ctx.db.query<{
      password_hash: string | null;
      email_verified_at: string | null;
      name: string;
    }>('SELECT password_hash, email_verified_at, name FROM users WHERE email = $1', [email]);
    assert.deepEqual(user, { password_hash: null, email_verified_at: null, name: 'Pat' });
    const [mail] = await env().ctx.db.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE to_address = $1',
      [email],
    );
    assert.match(mail.subject, /Confirm your email/);
    const signIn = await signInWith(p, p.authenticator.authenticate(await signInOptions(p), ORIGIN));
    assert.equal(signIn.statusCode, 200);
    assert.match((await p.browser.get('/account')).body, /Email not confirmed yet/);
  });

  test('a passkey sign-up with a taken address gets the same answer, keeps no passkey, and mails the owner', async () => {
    const email = await createUser(env(), 'taken');
    const p = await person(env(), { authenticator: new SoftAuthenticator() });
    const csrf = await p.browser.csrfOf('/signup');
    const options = await p.browser.postJson('/signup/passkey/options', { email: email.toUpperCase() }, csrf);
    const creation: PublicKeyCredentialCreationOptionsJSON = options.json().options;
    const done = await p.browser.postJson(
      '/signup/passkey',
      { response: p.authenticator.register(creation, ORIGIN) },
      csrf,
    );
    assert.equal(done.statusCode, 200);
    assert.deepEqual(done.json(), { redirect: '/signup/sent' });
    assert.deepEqual(await passkeysOf(env(), email), []);
    const [mail] = await env().ctx.db.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    assert.match(mail.subject, /Someone tried to sign up/);
    assert.equal((await signInWith(p, p.authenticator.authenticate(await signInOptions(p), ORIGIN))).statusCode, 400);
  });

  test('a passkey sign-up refuses a bad address before any passkey is made', async () => {
    const p = await person(env());
    const res = await p.browser.postJson(
      '/signup/passkey/options',
      { email: 'nope' },
      await p.browser.csrfOf('/signup'),
    );
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /Email: enter a valid address/);
  });

  test('passkeys are renamed and removed on the account page, but the last way in stays', async () => {
    const email = `last-way-${crypto.randomUUID()}@example.com`;
    const p = await person(env(), { authenticator: new SoftAuthenticator() });
    const csrf = await p.browser.csrfOf('/signup');
    const creation = (await p.browser.postJson('/signup/passkey/options', { email }, csrf)).json().options;
    await p.browser.postJson('/signup/passkey', { response: p.authenticator.register(creation, ORIGIN) }, csrf);
    await signInWith(p, p.authenticator.authenticate(await signInOptions(p), ORIGIN));
    p.csrf = await p.browser.csrfOf('/account');
    const [only] = await passkeysOf(env(), email);

    const renamed = await p.browser.submit('/account', `/account/passkeys/${only.id}/rename`, { name: 'My phone' });
    assert.equal(renamed.headers.location, '/account?passkey=renamed#passkeys');
    assert.equal((await passkeysOf(env(), email))[0].name, 'My phone');
    const blank = await p.browser.submit('/account', `/account/passkeys/${only.id}/rename`, { name: '  ' });
    assert.equal(blank.headers.location, '/account?passkey=name#passkeys');

    const last = await p.browser.submit('/account', `/account/passkeys/${only.id}/remove`, {});
    assert.equal(last.headers.location, '/account?passkey=last#passkeys');
    assert.equal((await passkeysOf(env(), email)).length, 1, 'no password and no other passkey: it stays');
    assert.match(
      (await p.browser.get('/account?passkey=last')).body,
      /role="alert">That passkey is your only way to sign in/,
    );

    const second = { ...p, authenticator: new SoftAuthenticator() };
    assert.equal((await addPasskey(second)).statusCode, 200);
    const removed = await p.browser.submit('/account', `/account/passkeys/${only.id}/remove`, {});
    assert.equal(removed.headers.location, '/account?passkey=removed#passkeys');
    assert.deepEqual(
      (await passkeysOf(env(), email)).map((k) => k.name),
      ['Passkey'],
    );
    const gone = await person(env(), { authenticator: p.authenticator });
    const stale = gone.authenticator.authenticate(await signInOptions(gone), ORIGIN, {
      credential: p.authenticator.credentials[0],
    });
    assert.equal((await signInWith(gone, stale)).statusCode, 400, 'a removed passkey no longer signs in');
  });

  test('an account with a password may remove its only passkey', async () => {
    const { email } = await accountWithPasskey(env(), 'with-password');
    const p = await person(env(), { signedInAs: email });
    const [only] = await passkeysOf(env(), email);
    const res = await p.browser.submit('/account', `/account/passkeys/${only.id}/remove`, {});
    assert.equal(res.headers.location, '/account?passkey=removed#passkeys');
  });

  test("nobody renames or removes another account's passkey, nor adds a passkey with another account's challenge", async () => {
    const victim = await accountWithPasskey(env(), 'victim');
    const [theirs] = await passkeysOf(env(), victim.email);
    const attacker = await person(env(), { signedInAs: await createUser(env(), 'attacker') });
    const rename = await attacker.browser.submit('/account', `/account/passkeys/${theirs.id}/rename`, { name: 'mine' });
    assert.equal(rename.headers.location, '/account?passkey=missing#passkeys');
    const remove = await attacker.browser.submit('/account', `/account/passkeys/${theirs.id}/remove`, {});
    assert.equal(remove.headers.location, '/account?passkey=missing#passkeys');
    assert.deepEqual(await passkeysOf(env(), victim.email), [{ ...theirs }]);

    // A sign-in challenge is not a registration challenge.
    const options = await signInOptions(attacker);
    const creation = foreignCreation(options.challenge);
    const res = await attacker.browser.postJson(
      '/account/passkeys',
      { response: attacker.authenticator.register(creation, ORIGIN) },
      attacker.csrf,
    );
    assert.equal(res.statusCode, 400);
  });

  test('the passkey endpoints refuse a post without the page’s CSRF token', async () => {
    const p = await person(env());
    const res = await p.browser.postJson('/signin/passkey/options', {}, 'forged');
    assert.equal(res.statusCode, 403);
  });
});
