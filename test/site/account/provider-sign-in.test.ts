import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { createUser } from '../../support/credentials.js';
import { HttpBrowser } from '../../support/http-browser.js';
import { follow, pressProviderButton } from '../../support/provider-journey.js';
import { startSignInProviders } from '../../support/sign-in-providers.js';

const providers = await startSignInProviders();
const { github, google, sso } = providers;

const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const githubId = () => crypto.randomInt(1, 2 ** 31);

async function account(env: TestEnv, email: string) {
  const rows = await env.ctx.db.query<{
    id: number;
    email_verified_at: string | null;
    password_hash: string | null;
    name: string;
  }>('SELECT id, email_verified_at, password_hash, name FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

const identities = (env: TestEnv, userId: number) =>
  env.ctx.db.query<{ provider: string; subject: string; email: string | null }>(
    'SELECT provider, subject, email FROM user_identities WHERE user_id = $1 ORDER BY id',
    [userId],
  );

/** Who the browser's session belongs to, as the account page says. */
async function signedInAs(b: HttpBrowser): Promise<string | null> {
  const page = await b.get('/account');
  return page.status === 200 ? (/Signed in as <strong>([^<]+)<\/strong>/.exec(page.body)?.[1] ?? null) : null;
}

describeEachDatabase(
  'signing in with GitHub, Google and OpenID Connect',
  (env) => {
    const browser = () => new HttpBrowser(env().baseUrl);

    test('the sign-in and sign-up pages offer every enabled provider, each bringing people back to the page they came from', async () => {
      for (const page of ['/signin?next=%2Fsubmit', '/signup?next=%2Fsubmit']) {
        const body = (await browser().get(page)).body;
        for (const [provider, label] of [
          ['github', 'GitHub'],
          ['google', 'Google'],
          ['oidc', 'Acme SSO'],
        ]) {
          assert.match(body, new RegExp(`action="/auth/${provider}"`), `${page}: ${provider}`);
          assert.match(body, new RegExp(`Continue with ${label}`));
        }
        assert.match(body, /name="next" value="\/submit"/);
      }
    });

    test('a first GitHub sign-in with a verified primary address makes a confirmed account without a password, and comes back to the page it started from', async () => {
      const email = unique('octo');
      const id = githubId();
      github.signInAs({
        id,
        login: 'octo-maker',
        name: 'Octo Maker',
        emails: [
          { email: unique('old'), primary: false, verified: false },
          { email, primary: true, verified: true },
        ],
      });
      const b = browser();
      const { final, visited } = await pressProviderButton(b, '/signin?next=%2Fsubmit', '/auth/github');
      const authorize = new URL(visited[0]);
      assert.equal(`${authorize.origin}${authorize.pathname}`, `${github.url}/login/oauth/authorize`);
      assert.equal(authorize.searchParams.get('client_id'), 'github-client');
      assert.equal(authorize.searchParams.get('redirect_uri'), `${env().baseUrl}/auth/github/callback`);
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      assert.ok(authorize.searchParams.get('state'));
      assert.equal(visited.at(-1), '/submit', 'back where sign-in began');
      assert.equal(final.status, 200);
      assert.equal(await signedInAs(b), email);
      const user = (await account(env(), email))!;
      assert.ok(user.email_verified_at, 'GitHub verified the address, so it is confirmed');
      assert.equal(user.password_hash, null);
      assert.equal(user.name, 'Octo Maker');
      assert.deepEqual(await identities(env(), user.id), [{ provider: 'github', subject: String(id), email }]);
      assert.ok(
        github.requests.some((r) => r.path === '/api/v3/user/emails'),
        'asked the API host (GITHUB_API_URL)',
      );
    });

    test('the same GitHub account signs into the same account later, even after its address changed at GitHub', async () => {
      const first = unique('renamed');
      const id = githubId();
      const person = { id, login: 'renamed', name: null, emails: [{ email: first, primary: true, verified: true }] };
      github.signInAs(person);
      await pressProviderButton(browser(), '/signin', '/auth/github');
      const userId = (await account(env(), first))!.id;

      const moved = unique('moved');
      github.signInAs({ ...person, emails: [{ email: moved, primary: true, verified: true }] });
      const b = browser();
      const { visited } = await pressProviderButton(b, '/signin', '/auth/github');
      assert.equal(visited.at(-1), '/account');
      assert.equal(await signedInAs(b), first, 'the account keeps its own address');
      assert.equal(await account(env(), moved), null, 'no second account');
      assert.deepEqual(await identities(env(), userId), [{ provider: 'github', subject: String(id), email: moved }]);
    });

    test('a Google address the provider verified signs into the existing account that has it and links Google to it', async () => {
      const email = await createUser(env(), 'existing');
      const userId = (await account(env(), email))!.id;
      const sub = crypto.randomUUID();
      google.signInAs({ sub, email: email.toUpperCase(), email_verified: true, name: 'Existing' });
      const b = browser();
      const { visited } = await pressProviderButton(b, '/signin?next=%2Flaunches', '/auth/google');
      assert.equal(new URL(visited[0]).origin, google.issuer);
      assert.equal(visited.at(-1), '/launches');
      assert.equal(await signedInAs(b), email);
      assert.equal((await identities(env(), userId))[0]?.subject, sub);
      assert.ok((await account(env(), email))!.password_hash, 'the password stays');
    });

    test('the OpenID Connect provider is found by discovery, named on its button, and may give the address in userinfo alone', async () => {
      const email = unique('sso');
      sso.signInAs(
        { sub: `sso-${crypto.randomUUID()}`, email, email_verified: true, name: 'Sso Person' },
        { onlyInUserinfo: true },
      );
      const b = browser();
      const { visited } = await pressProviderButton(b, '/signin', '/auth/oidc');
      const authorize = new URL(visited[0]);
      assert.equal(authorize.origin, sso.issuer);
      assert.equal(authorize.searchParams.get('scope'), 'openid email profile');
      assert.ok(authorize.searchParams.get('nonce'));
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(await signedInAs(b), email);
      assert.ok((await account(env(), email))!.email_verified_at);
    });

    test('an ID token with a bad signature, another nonce, for another client, from another issuer or expired signs nobody in', async () => {
      const tampering: [string, () => void | Promise<void>][] = [
        ['signature', () => sso.badlySignNextIdToken()],
        ['nonce', () => sso.tamperWithNextIdToken((p) => void (p.nonce = 'someone-elses-nonce'))],
        ['audience', () => sso.tamperWithNextIdToken((p) => void (p.aud = 'another-client'))],
        ['issuer', () => sso.tamperWithNextIdToken((p) => void (p.iss = 'https://evil.example'))],
        ['expiry', () => sso.tamperWithNextIdToken((p) => void (p.exp = Math.floor(Date.now() / 1000) - 3600))],
      ];
      for (const [what, tamper] of tampering) {
        const email = unique(`tampered-${what}`);
        sso.signInAs({ sub: crypto.randomUUID(), email, email_verified: true });
        await tamper();
        const b = browser();
        const { final } = await pressProviderButton(b, '/signin', '/auth/oidc');
        assert.equal(final.status, 502, what);
        assert.match(final.body, /could not confirm who you are with Acme SSO/);
        assert.equal(await signedInAs(b), null, what);
        assert.equal(await account(env(), email), null, what);
      }
      const email = unique('untampered');
      sso.signInAs({ sub: crypto.randomUUID(), email, email_verified: true });
      const b = browser();
      await pressProviderButton(b, '/signin', '/auth/oidc');
      assert.equal(await signedInAs(b), email, 'the same provider, untouched, still signs in (with either key)');
    });

    test("an answer from the provider without this browser's trip, or with another state, is refused", async () => {
      google.signInAs({ sub: crypto.randomUUID(), email: unique('state'), email_verified: true });
      const starter = browser();
      const form = await starter.get('/signin');
      const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)![1];
      const toProvider = await starter.post('/auth/google', [
        ['_csrf', csrf],
        ['next', '/account'],
      ]);
      const back = (await starter.get(toProvider.location!)).location!;
      assert.match(back, /\/auth\/google\/callback\?/);

      // Another browser (an attacker's victim, say) handed the callback URL: no trip of its own.
      const other = browser();
      const elsewhere = await other.get(back);
      assert.equal(elsewhere.status, 400);
      assert.match(elsewhere.body, /started in another browser or tab/);
      assert.equal(await signedInAs(other), null);

      const forged = new URL(back);
      forged.searchParams.set('state', 'forged');
      const wrongState = await starter.get(forged.pathname + forged.search);
      assert.equal(wrongState.status, 400);
      assert.equal(await signedInAs(starter), null);
      const replay = await starter.get(back);
      assert.equal(replay.status, 400, 'the trip was used up by the first answer');
    });

    test('declining at the provider comes back to a page that says so', async () => {
      sso.declineNext();
      const b = browser();
      const { final } = await pressProviderButton(b, '/signin', '/auth/oidc');
      assert.equal(final.status, 400);
      assert.match(final.body, /Acme SSO did not sign you in: access was not allowed/);
      assert.equal(await signedInAs(b), null);
    });

    test('a provider that is not enabled has no routes', async () => {
      const b = browser();
      const form = await b.get('/signin');
      const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)![1];
      assert.equal((await b.post('/auth/facebook', [['_csrf', csrf]])).status, 404);
      assert.equal((await b.get('/auth/facebook/callback?code=x&state=y')).status, 404);
    });

    test('a sign-in trip starts only from a form of this site (CSRF token)', async () => {
      const res = await follow(browser(), await browser().post('/auth/github', [['next', '/account']]));
      assert.equal(res.final.status, 403);
    });
  },
  { env: providers.env, publicUrlIsListenAddress: true },
);
