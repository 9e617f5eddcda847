import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { FormClient } from '../../support/form-client.js';
import { hiddenInputs } from '../../support/http-browser.js';
import { receivedText, startSmtpServer } from '../../support/smtp-server.js';
import { deliverPendingMail } from '../../../src/mail/outbox.js';

const smtp = await startSmtpServer();
after(() => smtp.close());

let addressCounter = 0;
/** A client address no other test uses (TRUST_PROXY: X-Forwarded-For is the client), so counts stay apart. */
const freshAddress = () => `198.19.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;
const browserAt = (env: TestEnv, address = freshAddress()) => new FormClient(env.app, { 'x-forwarded-for': address });
const newAddress = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;

/** Asks for a sign-in mail from the sign-in page, as its "Email me a sign-in link" button does. */
const ask = (b: FormClient, email: string, next?: string) =>
  b.submit(next ? `/signin?next=${encodeURIComponent(next)}` : '/signin', '/signin/email', {
    email,
    password: '',
    ...(next ? { next } : {}),
  });

/** The newest mail the SMTP server received for `to` (the outbox delivered first), with its link and code. */
async function mailFor(env: TestEnv, to: string) {
  await deliverPendingMail(env.ctx);
  const mail = smtp.received.filter((m) => m.to.includes(to) || m.to.includes(to.toLowerCase())).at(-1);
  assert.ok(mail, `a mail reached ${to}`);
  const { subject, text } = receivedText(mail);
  const link = /http:\/\/launchdeck\.test(\/signin\/email\/link\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  const code = /code on the .* page where you asked: (\d{6})/.exec(text)?.[1];
  assert.ok(link && code, `a link and a code in: ${text}`);
  return { subject, text, link, code };
}

/** Opens the mailed link (a page that asks) and presses its button. */
async function openLink(b: FormClient, link: string) {
  const page = await b.get(link);
  if (page.statusCode !== 200) return page;
  const fields = Object.fromEntries(hiddenInputs(page.body, '/signin/email/link').filter(([k]) => k !== '_csrf'));
  return b.submit(link, '/signin/email/link', fields);
}

/** Types a code on the check-your-email page; once the mail is spent or dead the page has no code form, and says so. */
async function typeCode(b: FormClient, code: string) {
  const page = await b.get('/signin/email/sent');
  if (!page.body.includes('action="/signin/email/code"')) return page;
  return b.submit('/signin/email/sent', '/signin/email/code', { code });
}

const userRow = (env: TestEnv, email: string) =>
  env.ctx.db
    .query<{ id: number; password_hash: string | null; email_verified_at: string | null }>(
      'SELECT id, password_hash, email_verified_at FROM users WHERE lower(email) = lower($1)',
      [email],
    )
    .then((rows) => rows[0]);

const signedInAs = async (b: FormClient) =>
  /Signed in as <strong>([^<]+)<\/strong>/.exec((await b.get('/account')).body)?.[1] ?? null;

describeEachDatabase(
  'sign-in links by email',
  (env) => {
    test('the sign-in and sign-up pages offer a mailed link from their own email field', async () => {
      const signin = (await browserAt(env()).get('/signin')).body;
      assert.match(
        signin,
        /<button type="submit" class="secondary" formaction="\/signin\/email" formnovalidate>Email me a sign-in link<\/button>/,
      );
      const signup = (await browserAt(env()).get('/signup')).body;
      assert.match(signup, /formaction="\/signin\/email" formnovalidate>Email me a sign-up link</);
    });

    test('asking answers an address with an account exactly as one without, and each mail says which case it is', async () => {
      const known = await createUser(env(), 'known');
      const unknown = newAddress('unknown');
      const a = await ask(browserAt(env()), known);
      const b = await ask(browserAt(env()), unknown);
      assert.equal(a.statusCode, 303);
      assert.deepEqual([a.statusCode, a.headers.location], [b.statusCode, b.headers.location]);
      const pageA = await browserAt(env()).get(String(a.headers.location));
      assert.equal(pageA.statusCode, 200);
      const toKnown = await mailFor(env(), known);
      assert.match(toKnown.subject, /Your Launchdeck sign-in link|sign-in link/);
      assert.match(toKnown.text, /works once, for 15 minutes/);
      const toUnknown = await mailFor(env(), unknown);
      assert.match(toUnknown.subject, /Create your .* account/);
      assert.match(toUnknown.text, /there is no .* account for it yet/);
    });

    test('the check-your-email page names the address, and the link asks before it signs in, once, back to the page asked from', async () => {
      const email = await createUser(env(), 'link');
      const b = browserAt(env());
      const asked = await ask(b, email, '/p/some-listing');
      const sent = await b.get(String(asked.headers.location));
      assert.match(sent.body, new RegExp(`We sent a message to <strong>${email}</strong>`));
      assert.match(sent.body, /autocomplete="one-time-code"/);
      const { link } = await mailFor(env(), email);

      const reader = browserAt(env());
      const preview = await reader.get(link);
      assert.equal(preview.statusCode, 200);
      assert.match(preview.body, new RegExp(`Sign in as <strong>${email}</strong>\\?`));
      assert.equal(await signedInAs(reader), null, 'opening the link alone signs nobody in (mail scanners open links)');
      assert.equal((await reader.get(link)).statusCode, 200, 'and does not spend it');

      const used = await openLink(reader, link);
      assert.equal(used.statusCode, 303);
      assert.equal(used.headers.location, '/p/some-listing');
      assert.equal(await signedInAs(reader), email);
      assert.equal((await openLink(browserAt(env()), link)).statusCode, 400, 'a used link does not work twice');
      assert.equal((await typeCode(b, '000000')).statusCode, 400, 'and its code died with it');
    });

    test('the code typed in the browser that asked signs in, and spends the link', async () => {
      const email = await createUser(env(), 'code');
      const b = browserAt(env());
      await ask(b, email);
      const { link, code } = await mailFor(env(), email);
      const res = await typeCode(b, `${code.slice(0, 3)} ${code.slice(3)}`);
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/account');
      assert.equal(await signedInAs(b), email);
      assert.equal((await openLink(browserAt(env()), link)).statusCode, 400, 'the link died with the code');
    });

    test('only hashes of the link and the code are stored', async () => {
      const email = await createUser(env(), 'hashed');
      await ask(browserAt(env()), email);
      const { link, code } = await mailFor(env(), email);
      const token = new URL(link, 'http://x').searchParams.get('token')!;
      const rows = await env().ctx.db.query<Record<string, unknown>>(
        'SELECT * FROM email_sign_ins WHERE lower(email) = lower($1)',
        [email],
      );
      const stored = JSON.stringify(rows);
      assert.equal(rows.length, 1);
      assert.ok(!stored.includes(token), 'the link token');
      assert.ok(!stored.includes(code), 'the code');
    });

    test('the code works only in the browser that asked for it', async () => {
      const email = await createUser(env(), 'elsewhere');
      await ask(browserAt(env()), email);
      const { code } = await mailFor(env(), email);
      const other = browserAt(env());
      await ask(other, newAddress('other'));
      const res = await typeCode(other, code);
      assert.equal(res.statusCode, 400);
      assert.equal(await signedInAs(other), null);
    });

    test('five wrong codes kill the code and the link', async () => {
      const email = await createUser(env(), 'guessed');
      const b = browserAt(env());
      await ask(b, email);
      const { link, code } = await mailFor(env(), email);
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 1; i <= 4; i++) {
        const res = await typeCode(b, wrong);
        assert.equal(res.statusCode, 400, `wrong code ${i}`);
        assert.match(res.body, /That code is not right/);
      }
      const fifth = await typeCode(b, wrong);
      assert.match(fifth.body, /Too many wrong codes: this code and its link no longer work/);
      assert.equal((await typeCode(b, code)).statusCode, 400, 'even the right code is refused now');
      assert.equal(await signedInAs(b), null);
      assert.equal((await openLink(browserAt(env()), link)).statusCode, 400, 'and the link');
    });

    test('the link and the code work for 15 minutes', async () => {
      const email = await createUser(env(), 'late');
      const b = browserAt(env());
      await ask(b, email);
      const { link, code } = await mailFor(env(), email);
      const clock = env().clock;
      const before = clock.now;
      clock.now = new Date(before.getTime() + 15 * 60_000 + 1000);
      try {
        assert.equal((await b.get(link)).statusCode, 400);
        assert.equal((await typeCode(b, code)).statusCode, 400);
        assert.equal(await signedInAs(b), null);
      } finally {
        clock.now = before;
      }
    });

    test('using one mailed sign-in spends the others sent to the same address', async () => {
      const email = await createUser(env(), 'twice');
      await ask(browserAt(env()), email);
      const first = await mailFor(env(), email);
      await ask(browserAt(env()), email);
      const second = await mailFor(env(), email);
      assert.notEqual(first.link, second.link);
      assert.equal((await openLink(browserAt(env()), second.link)).statusCode, 303);
      assert.equal((await openLink(browserAt(env()), first.link)).statusCode, 400);
    });

    test('an address without an account gets one on first use: confirmed, no password, welcomed', async () => {
      const email = newAddress('newcomer');
      const b = browserAt(env());
      await ask(b, email);
      const { link } = await mailFor(env(), email);
      const preview = await b.get(link);
      assert.match(preview.body, /Create my account and sign in/);
      assert.equal(await userRow(env(), email), undefined, 'no account before the link is used');
      const res = await openLink(b, link);
      assert.equal(res.headers.location, '/account?welcome=1');
      const user = await userRow(env(), email);
      assert.equal(user.password_hash, null);
      assert.ok(user.email_verified_at, 'the link proved the inbox');
      assert.equal(await signedInAs(b), email);
    });

    test('signing in by link confirms an unconfirmed address, and a stranger’s password set on it before does not survive', async () => {
      // A stranger signs up first with the owner's address and a password of their own…
      const email = newAddress('owner');
      const stranger = browserAt(env());
      await stranger.submit('/signup', '/signup', { email, password: 'the stranger knows this' });
      assert.equal(
        (await stranger.submit('/signin', '/signin', { email, password: 'the stranger knows this' })).statusCode,
        303,
      );
      // …then the owner signs in with a mailed link.
      const owner = browserAt(env());
      await ask(owner, email);
      const { link } = await mailFor(env(), email);
      const res = await openLink(owner, link);
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /the password and passkeys set on it then were removed/);
      const user = await userRow(env(), email);
      assert.ok(user.email_verified_at);
      assert.equal(user.password_hash, null);
      assert.equal(await signedInAs(stranger), null, "the stranger's session ended");
      assert.equal(
        (await browserAt(env()).submit('/signin', '/signin', { email, password: 'the stranger knows this' }))
          .statusCode,
        401,
      );
      assert.equal(await signedInAs(owner), email);
    });

    test('a confirmed account keeps its password when its owner signs in by link', async () => {
      const email = await createUser(env(), 'keeps');
      const before = await userRow(env(), email);
      const b = browserAt(env());
      await ask(b, email);
      await openLink(b, (await mailFor(env(), email)).link);
      assert.equal((await userRow(env(), email)).password_hash, before.password_hash);
      assert.equal(
        (await browserAt(env()).submit('/signin', '/signin', { email, password: TEST_PASSWORD })).statusCode,
        303,
      );
    });

    test('a bad address is refused with what was typed', async () => {
      const res = await ask(browserAt(env()), 'not-an-address');
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Email: enter a valid address/);
      assert.match(res.body, /value="not-an-address"/);
    });

    test('requests are throttled per address typed and per client, the same whether or not the address has an account', async () => {
      const known = await createUser(env(), 'flooded');
      const unknown = newAddress('flooded');
      const statuses = async (email: string) => {
        const seen: number[] = [];
        for (let i = 0; i < 6; i++) seen.push((await ask(browserAt(env()), email)).statusCode);
        return seen;
      };
      const expected = [303, 303, 303, 303, 303, 429];
      assert.deepEqual(await statuses(known), expected);
      assert.deepEqual(await statuses(unknown), expected);
      const refused = await ask(browserAt(env()), known);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.match(refused.body, /Too many sign-in links were asked for this address or from your network/);

      const client = freshAddress();
      const fromOne: number[] = [];
      for (let i = 0; i < 9; i++) fromOne.push((await ask(browserAt(env(), client), newAddress('spray'))).statusCode);
      assert.deepEqual(fromOne, [303, 303, 303, 303, 303, 303, 303, 303, 429], 'SIGNIN_ADDRESS_MAX_FAILURES=8');
    });

    test('wrong codes count like wrong passwords: the account locks, and a lock from wrong passwords holds for codes too', async () => {
      const email = await createUser(env(), 'locked');
      for (let i = 0; i < 5; i++)
        await browserAt(env()).submit('/signin', '/signin', { email, password: 'wrong password!' });
      const b = browserAt(env());
      await ask(b, email);
      const { code } = await mailFor(env(), email);
      const res = await typeCode(b, code);
      assert.equal(res.statusCode, 429);
      assert.match(res.body, /open the link in the mail/);
      assert.equal(await signedInAs(b), null);
    });
  },
  {
    env: {
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      SIGNIN_MAX_FAILURES: '5',
      SIGNIN_ADDRESS_MAX_FAILURES: '8',
    },
  },
);
