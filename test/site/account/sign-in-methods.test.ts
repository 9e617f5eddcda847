import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { HttpBrowser, hiddenInputs } from '../../support/http-browser.js';
import { follow, pressProviderButton } from '../../support/provider-journey.js';
import { startSignInProviders } from '../../support/sign-in-providers.js';

const providers = await startSignInProviders();
const { github, google } = providers;

const githubPerson = (email: string) => ({
  id: crypto.randomInt(1, 2 ** 31),
  login: `person-${crypto.randomUUID().slice(0, 6)}`,
  name: null,
  emails: [{ email, primary: true, verified: true }],
});

const linkedProviders = async (env: TestEnv, email: string) =>
  (
    await env.ctx.db.query<{ provider: string }>(
      `SELECT i.provider FROM user_identities i JOIN users u ON u.id = i.user_id
        WHERE lower(u.email) = lower($1) ORDER BY i.id`,
      [email],
    )
  ).map((r) => r.provider);

async function passwordBrowser(env: TestEnv, email: string, password = TEST_PASSWORD) {
  const b = new HttpBrowser(env.baseUrl);
  const form = await b.get('/signin');
  const res = await b.post('/signin', [
    ...hiddenInputs(form.body, '/signin'),
    ['email', email],
    ['password', password],
  ]);
  return { b, status: res.status };
}

/** The one form on the account page whose button is labelled `label` (an aria-label or its text). */
function formWithButton(page: string, label: RegExp): string {
  const form = [...page.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/gs)].find((m) => label.test(m[2]));
  if (!form) throw new Error(`no form with a button ${label}`);
  return form[1];
}

async function press(b: HttpBrowser, label: RegExp) {
  const page = await b.get('/account');
  const action = formWithButton(page.body, label);
  return follow(b, await b.post(action, hiddenInputs(page.body, action)));
}

describeEachDatabase(
  'ways to sign in on the account page',
  (env) => {
    test('a signed-in person links GitHub from the account page, then signs in with it', async () => {
      const email = await createUser(env(), 'linker');
      const { b } = await passwordBrowser(env(), email);
      const before = await b.get('/account');
      assert.match(before.body, /<h2 id="sign-in-methods">Ways to sign in<\/h2>/);
      assert.match(before.body, /Link GitHub/);
      // The GitHub account's address is not the account's: signing in at GitHub proves the link.
      github.signInAs(githubPerson(`elsewhere-${crypto.randomUUID()}@example.com`));
      const { final, visited } = await pressProviderButton(b, '/account', '/account/providers/github/link');
      assert.equal(visited.at(-1), '/account?methods=linked&provider=github#sign-in-methods');
      assert.match(final.body, /GitHub is linked: you can sign in with it from now on/);
      assert.deepEqual(await linkedProviders(env(), email), ['github']);

      const later = new HttpBrowser(env().baseUrl);
      await pressProviderButton(later, '/signin', '/auth/github');
      assert.match((await later.get('/account')).body, new RegExp(`Signed in as <strong>${email}`));
    });

    test('a provider account that signs into another account here is not linked to a second one', async () => {
      const ownerEmail = `owner-${crypto.randomUUID()}@example.com`;
      const person = githubPerson(ownerEmail);
      github.signInAs(person);
      await pressProviderButton(new HttpBrowser(env().baseUrl), '/signin', '/auth/github');

      const email = await createUser(env(), 'second');
      const { b } = await passwordBrowser(env(), email);
      const { final } = await pressProviderButton(b, '/account', '/account/providers/github/link');
      assert.match(final.body, /That GitHub account signs into another account here, so it was not linked/);
      assert.deepEqual(await linkedProviders(env(), email), []);
      assert.deepEqual(await linkedProviders(env(), ownerEmail), ['github']);
    });

    test('a link trip finishes only into the account that started it', async () => {
      const first = await createUser(env(), 'first');
      const second = await createUser(env(), 'second');
      const { b } = await passwordBrowser(env(), first);
      const page = await b.get('/account');
      const toGithub = await b.post(
        '/account/providers/github/link',
        hiddenInputs(page.body, '/account/providers/github/link'),
      );
      // Meanwhile this browser signs in as someone else (a shared computer), then the answer arrives.
      const signin = await b.get('/signin');
      await b.post('/signin', [
        ...hiddenInputs(signin.body, '/signin'),
        ['email', second],
        ['password', TEST_PASSWORD],
      ]);
      github.signInAs(githubPerson(`trip-${crypto.randomUUID()}@example.com`));
      const { final } = await follow(b, toGithub);
      assert.equal(final.status, 403);
      assert.match(final.body, /no longer signed in to the account that asked to link GitHub/);
      assert.deepEqual(await linkedProviders(env(), first), []);
      assert.deepEqual(await linkedProviders(env(), second), []);
    });

    test('a provider may be unlinked while another way in remains; the last way in is refused and stays', async () => {
      const email = `providers-only-${crypto.randomUUID()}@example.com`;
      google.signInAs({ sub: crypto.randomUUID(), email, email_verified: true });
      const b = new HttpBrowser(env().baseUrl);
      await pressProviderButton(b, '/signin', '/auth/google');
      github.signInAs(githubPerson(email));
      await pressProviderButton(b, '/account', '/account/providers/github/link');
      assert.deepEqual(await linkedProviders(env(), email), ['google', 'github']);
      const page = (await b.get('/account')).body;
      assert.match(page, /<td>Password<\/td><td>Not set<\/td>/);

      const unlinked = await press(b, /aria-label="Unlink GitHub/);
      assert.match(unlinked.final.body, /The account was unlinked: it no longer signs you in/);
      assert.deepEqual(await linkedProviders(env(), email), ['google']);
      const onlyWay = (await b.get('/account')).body;
      assert.match(onlyWay, /Your only way in/);
      assert.doesNotMatch(onlyWay, /aria-label="Unlink Google/, 'no button to remove the last way in');

      // Posted anyway (an old page, a crafted form): refused by the server too.
      const [{ id }] = await env().ctx.db.query<{ id: number }>(
        'SELECT i.id FROM user_identities i JOIN users u ON u.id = i.user_id WHERE lower(u.email) = lower($1)',
        [email],
      );
      const refused = await follow(
        b,
        await b.post(`/account/linked-accounts/${id}/unlink`, hiddenInputs(onlyWay, '/signout')),
      );
      assert.match(refused.final.body, /That is the only way left to sign in to your account, so it stays/);
      assert.deepEqual(await linkedProviders(env(), email), ['google']);
    });

    test("someone who signed up with a provider sets a password through the emailed reset link, and may then unlink the provider; another account's link cannot be removed", async () => {
      const email = `set-password-${crypto.randomUUID()}@example.com`;
      google.signInAs({ sub: crypto.randomUUID(), email, email_verified: true });
      const b = new HttpBrowser(env().baseUrl);
      await pressProviderButton(b, '/signin', '/auth/google');
      const sent = await press(b, /Set one by email/);
      assert.match(sent.final.body, /Check your email/);
      const [mail] = await env().ctx.db.query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1',
        [email],
      );
      const link = new URL(/https?:\/\/\S+reset-password\S+/.exec(mail.text_body)![0]);
      const form = await b.get(link.pathname + link.search);
      const reset = await b.post('/reset-password', [
        ...hiddenInputs(form.body, '/reset-password'),
        ['password', 'a brand new passphrase'],
      ]);
      assert.equal(reset.status, 303);
      assert.equal((await passwordBrowser(env(), email, 'a brand new passphrase')).status, 303);

      const intruder = await createUser(env(), 'intruder');
      const { b: other } = await passwordBrowser(env(), intruder);
      const [{ id }] = await env().ctx.db.query<{ id: number }>(
        'SELECT i.id FROM user_identities i JOIN users u ON u.id = i.user_id WHERE lower(u.email) = lower($1)',
        [email],
      );
      const otherPage = await other.get('/account');
      const idor = await follow(
        other,
        await other.post(`/account/linked-accounts/${id}/unlink`, hiddenInputs(otherPage.body, '/signout')),
      );
      assert.match(idor.final.body, /No such linked account on your account/);
      assert.deepEqual(await linkedProviders(env(), email), ['google']);

      const account = (await b.get('/account')).body;
      assert.match(account, /<td>Password<\/td><td>Set<\/td>/);
      await press(b, /aria-label="Unlink Google/);
      assert.deepEqual(await linkedProviders(env(), email), []);
    });
  },
  { env: providers.env, publicUrlIsListenAddress: true },
);
