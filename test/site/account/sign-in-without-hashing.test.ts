import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { FormClient } from '../../support/form-client.js';
import { HttpBrowser, hiddenInputs } from '../../support/http-browser.js';
import { pressProviderButton } from '../../support/provider-journey.js';
import { startSignInProviders } from '../../support/sign-in-providers.js';
import { SoftAuthenticator } from '../../support/soft-authenticator.js';
import { ARGON2_CHANNEL } from '../../../src/domain/accounts/passwords.js';

// argon2 costs tens of milliseconds of CPU: only a password sign-up, sign-in or reset may spend it.
// The other ways in — passkeys, mailed links and codes, providers — never hash, for a new account
// or an existing one (README "argon2 only where a password is typed").

const providers = await startSignInProviders();

/** The argon2 work (hashes and checks) done while `run` runs. */
async function argon2During(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (what: unknown) => seen.push(String(what));
  diagnostics.subscribe(ARGON2_CHANNEL, listen);
  try {
    await run();
  } finally {
    diagnostics.unsubscribe(ARGON2_CHANNEL, listen);
  }
  return seen;
}

const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

const signedInAs = async (b: { get(path: string): Promise<{ body: string }> }) =>
  /Signed in as <strong>([^<]+)<\/strong>/.exec((await b.get('/account')).body)?.[1] ?? null;

const newestMail = async (env: TestEnv, to: string) =>
  (
    await env.ctx.db.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [to],
    )
  )[0].text_body;

describeEachDatabase(
  'signing in without a password hashes nothing',
  (env) => {
    test('a password sign-in checks its password (the channel sees argon2 work)', async () => {
      const email = await createUser(env(), 'password-person');
      const b = new FormClient(env().app);
      const work = await argon2During(async () => {
        await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
      });
      assert.equal(await signedInAs(b), email);
      assert.deepEqual(work, ['verify']);
    });

    test('a mailed link makes a new account and signs it in, and a mailed code signs in an existing one, without argon2', async () => {
      const newcomer = unique('link-newcomer');
      const existing = await createUser(env(), 'code-person');
      const [b, c] = [new FormClient(env().app), new FormClient(env().app)];
      const work = await argon2During(async () => {
        await b.submit('/signin', '/signin/email', { email: newcomer, password: '' });
        const link = /\/signin\/email\/link\?token=[A-Za-z0-9_-]+/.exec(await newestMail(env(), newcomer))![0];
        const page = await b.get(link);
        const fields = Object.fromEntries(hiddenInputs(page.body, '/signin/email/link').filter(([k]) => k !== '_csrf'));
        await b.submit(link, '/signin/email/link', fields);

        await c.submit('/signin', '/signin/email', { email: existing, password: '' });
        const code = /code on the .* page where you asked: (\d{6})/.exec(await newestMail(env(), existing))![1];
        await c.submit('/signin/email/sent', '/signin/email/code', { code });
      });
      assert.equal(await signedInAs(b), newcomer);
      assert.equal(await signedInAs(c), existing);
      assert.deepEqual(work, []);
    });

    test('a passkey sign-up and a passkey sign-in, without argon2', async () => {
      const email = unique('passkey-person');
      const origin = env().ctx.config.publicUrl;
      const b = new FormClient(env().app);
      const authenticator = new SoftAuthenticator();
      const work = await argon2During(async () => {
        const csrf = await b.csrfOf('/signup');
        const options = await b.postJson('/signup/passkey/options', { email, name: 'Pat' }, csrf);
        const creation: PublicKeyCredentialCreationOptionsJSON = options.json().options;
        const made = await b.postJson('/signup/passkey', { response: authenticator.register(creation, origin) }, csrf);
        assert.equal(made.statusCode, 200, made.body);
        const asked = await b.postJson('/signin/passkey/options', {}, csrf);
        const request: PublicKeyCredentialRequestOptionsJSON = asked.json().options;
        const res = await b.postJson(
          '/signin/passkey',
          { response: authenticator.authenticate(request, origin) },
          csrf,
        );
        assert.equal(res.statusCode, 200, res.body);
      });
      assert.equal(await signedInAs(b), email);
      assert.deepEqual(work, []);
    });

    test('GitHub, Google and OpenID Connect sign-ins, new accounts and an existing one, without argon2', async () => {
      const existing = await createUser(env(), 'google-person');
      const people = {
        github: unique('octo'),
        google: existing,
        oidc: unique('sso-person'),
      };
      providers.github.signInAs({
        id: crypto.randomInt(1, 2 ** 31),
        login: 'octo',
        name: 'Octo',
        emails: [{ email: people.github, primary: true, verified: true }],
      });
      providers.google.signInAs({ sub: crypto.randomUUID(), email: existing, email_verified: true, name: 'G' });
      providers.sso.signInAs({ sub: crypto.randomUUID(), email: people.oidc, email_verified: true, name: 'S' });
      const browsers = {
        github: new HttpBrowser(env().baseUrl),
        google: new HttpBrowser(env().baseUrl),
        oidc: new HttpBrowser(env().baseUrl),
      };
      const work = await argon2During(async () => {
        for (const [key, b] of Object.entries(browsers)) await pressProviderButton(b, '/signin', `/auth/${key}`);
      });
      for (const [key, b] of Object.entries(browsers))
        assert.equal(await signedInAs(b), people[key as keyof typeof people], key);
      assert.deepEqual(work, []);
    });
  },
  { env: providers.env, publicUrlIsListenAddress: true, publicHost: 'localhost' },
);
