import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { createUser, TEST_PASSWORD } from '../support/credentials.js';
import { HttpBrowser, hiddenInputs } from '../support/http-browser.js';
import { pressProviderButton } from '../support/provider-journey.js';
import { startSignInProviders } from '../support/sign-in-providers.js';

/**
 * Account takeover through a sign-in provider. Anyone can put any address on a GitHub, Google or
 * company-directory profile without proving it, so only an address the provider says it verified
 * may lead to an existing account; and an account nobody confirmed belongs to whoever proves the
 * address, not to whoever typed it first.
 */

const providers = await startSignInProviders();
const { github, google, sso } = providers;

const fingerprintOf = async (env: TestEnv, email: string) =>
  (
    await env.ctx.db.query<Record<string, unknown>>(
      `SELECT u.password_hash, u.email_verified_at,
              (SELECT count(*)::int FROM user_identities i WHERE i.user_id = u.id) AS identities,
              (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id) AS sessions
         FROM users u WHERE lower(u.email) = lower($1)`,
      [email],
    )
  )[0];

async function signedInAs(b: HttpBrowser): Promise<string | null> {
  const page = await b.get('/account');
  return page.status === 200 ? (/Signed in as <strong>([^<]+)<\/strong>/.exec(page.body)?.[1] ?? null) : null;
}

async function passwordSignIn(env: TestEnv, email: string, password: string) {
  const b = new HttpBrowser(env.baseUrl);
  const form = await b.get('/signin');
  const res = await b.post('/signin', [
    ...hiddenInputs(form.body, '/signin'),
    ['email', email],
    ['password', password],
  ]);
  return { b, status: res.status };
}

describeEachDatabase(
  'account takeover through a sign-in provider',
  (env) => {
    const browser = () => new HttpBrowser(env().baseUrl);

    test('an unverified provider address never signs into the account that has it, on any provider, and says how to link instead', async () => {
      const victim = await createUser(env(), 'victim');
      const before = await fingerprintOf(env(), victim);
      const attempts: [string, string, () => void][] = [
        ['/auth/oidc', 'Acme SSO', () => sso.signInAs({ sub: 'attacker-sso', email: victim, email_verified: false })],
        // No email_verified claim at all counts as not verified.
        ['/auth/google', 'Google', () => google.signInAs({ sub: 'attacker-google', email: victim })],
        [
          '/auth/github',
          'GitHub',
          () =>
            github.signInAs({
              id: 666,
              login: 'attacker',
              name: null,
              emails: [
                { email: victim, primary: true, verified: false },
                { email: 'attacker@example.com', primary: false, verified: true },
              ],
            }),
        ],
      ];
      for (const [action, label, asAttacker] of attempts) {
        asAttacker();
        const b = browser();
        const { final } = await pressProviderButton(b, '/signin', action);
        assert.equal(final.status, 403, label);
        assert.match(final.body, new RegExp(`${label} has not verified that this address is yours`));
        assert.match(final.body, /Sign in another way/);
        assert.match(final.body, new RegExp(`link ${label} from your account page`));
        assert.equal(await signedInAs(b), null, `${label}: nobody signed in`);
      }
      assert.deepEqual(await fingerprintOf(env(), victim), before, 'nothing linked, nothing changed');
    });

    test('an unverified provider address makes no account either', async () => {
      const email = `unverified-${crypto.randomUUID()}@example.com`;
      sso.signInAs({ sub: crypto.randomUUID(), email, email_verified: false });
      const b = browser();
      const { final } = await pressProviderButton(b, '/signin', '/auth/oidc');
      assert.equal(final.status, 403);
      assert.match(final.body, /did not give us an email address it has verified/);
      assert.equal(await fingerprintOf(env(), email), undefined);
    });

    test("an account registered with someone else's address before they came is theirs once their provider verifies it: the squatter's password and session stop working", async () => {
      const email = `squatted-${crypto.randomUUID()}@example.com`;
      const squatter = browser();
      const form = await squatter.get('/signup');
      await squatter.post('/signup', [
        ...hiddenInputs(form.body, '/signup'),
        ['email', email],
        ['password', TEST_PASSWORD],
      ]);
      const { b: squatterSession, status } = await passwordSignIn(env(), email, TEST_PASSWORD);
      assert.equal(status, 303, 'an unconfirmed account can sign in with its password');
      assert.equal(await signedInAs(squatterSession), email);

      google.signInAs({ sub: crypto.randomUUID(), email, email_verified: true });
      const owner = browser();
      await pressProviderButton(owner, '/signin', '/auth/google');
      assert.equal(await signedInAs(owner), email, 'the owner is in');
      assert.equal(await signedInAs(squatterSession), null, "the squatter's session has ended");
      assert.equal((await passwordSignIn(env(), email, TEST_PASSWORD)).status, 401, 'the squatted password is gone');
      const after = (await fingerprintOf(env(), email))!;
      assert.ok(after.email_verified_at);
      assert.equal(after.identities, 1);
    });

    test('a verified address of a confirmed account links without touching its other ways in', async () => {
      const email = await createUser(env(), 'confirmed');
      const { b: earlier } = await passwordSignIn(env(), email, TEST_PASSWORD);
      github.signInAs({ id: 4242, login: 'confirmed', name: null, emails: [{ email, primary: true, verified: true }] });
      await pressProviderButton(browser(), '/signin', '/auth/github');
      assert.equal(await signedInAs(earlier), email, 'the earlier session goes on');
      assert.equal((await passwordSignIn(env(), email, TEST_PASSWORD)).status, 303, 'the password still works');
    });
  },
  { env: providers.env, publicUrlIsListenAddress: true },
);
