import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, CDPSession } from 'playwright-core';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { collectPageErrors, launchBrowser, openPage, accessibleAtBothWidths } from '../support/browser.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A platform authenticator in the tab (Chromium's virtual one over CDP): resident keys, verifies its user. */
async function addAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

const newestLink = async (env: TestEnv, to: string, path: string) => {
  const [mail] = await env.ctx.db.query<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  );
  return new RegExp(`${path.replace(/[?]/g, '\\?')}\\S+`).exec(mail.text_body)![0];
};

describeEachDatabase(
  'browser: passkeys and emailed links',
  (env) => {
    test('sign up with a passkey alone, confirm, sign in with the button, keep the last one, add another, remove the first, sign in by autofill', async () => {
      const email = `passkey-${Date.now()}@example.com`;
      // localhost, not 127.0.0.1: WebAuthn refuses IP addresses as relying parties.
      const { context, page } = await openPage(browser, env().ctx.config.publicUrl);
      const problems = collectPageErrors(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const first = await addAuthenticator(cdp);
      try {
        await page.goto('/signup');
        await accessibleAtBothWidths(page, '/signup');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Name').fill('Pat Passkey');
        await page.getByRole('button', { name: 'Use a passkey instead of a password' }).click();
        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        const [user] = await env().ctx.db.query<{ password_hash: string | null }>(
          'SELECT password_hash FROM users WHERE email = $1',
          [email],
        );
        assert.equal(user.password_hash, null, 'no password: the passkey is the way in');

        await page.goto(await newestLink(env(), email, '/verify-email?token='));
        await page.getByText('Welcome! Your email is confirmed.').waitFor();
        await page.getByRole('button', { name: 'Sign out' }).click();

        // The button: the autofill request (below) must not answer first, so the authenticator is
        // away while the page loads and its autofill request starts, and back before the click.
        const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: first });
        await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: first });
        await page.goto('/signin?next=/account%23passkeys');
        assert.equal(await page.getByLabel('Email').getAttribute('autocomplete'), 'username webauthn');
        const again = await addAuthenticator(cdp);
        await cdp.send('WebAuthn.addCredential', { authenticatorId: again, credential: credentials[0] });
        await page.getByRole('button', { name: 'Use a passkey' }).click();
        await page.waitForURL((url) => url.pathname === '/account');
        await page.getByText(`Signed in as ${email}`).waitFor();

        // The only way in stays.
        await page.getByRole('button', { name: 'Remove Passkey' }).click();
        await page.locator('[role=alert]', { hasText: 'That passkey is your only way to sign in' }).waitFor();
        await accessibleAtBothWidths(page, '/account with passkeys');

        // Another device: a second authenticator adds its own passkey, then the first one goes.
        await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: again });
        await addAuthenticator(cdp);
        await page.getByLabel('Name (optional)').fill('Backup key');
        await page.getByRole('button', { name: 'Add a passkey' }).click();
        await page.getByText('Passkey added.').waitFor();
        await page.getByRole('button', { name: 'Remove Passkey' }).click();
        await page.getByText('Passkey removed').waitFor();
        assert.deepEqual(await page.locator('ul.passkeys strong').allInnerTexts(), ['Backup key']);

        // Autofill (conditional mediation) on the email field: the browser offers the passkey as the
        // page loads; Chromium's virtual authenticator picks it at once, so nothing is clicked or typed.
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.goto('/signin');
        await page.waitForURL((url) => url.pathname === '/account');
        const [used] = await env().ctx.db.query<{ last_used_at: string | null }>(
          `SELECT last_used_at FROM passkeys WHERE name = 'Backup key'`,
        );
        assert.ok(used.last_used_at, 'the backup key signed in');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('a sign-in link by email: ask from the sign-in page, open the link, and the account is made', async () => {
      const email = `link-${Date.now()}@example.com`;
      const { context, page } = await openPage(browser, env().ctx.config.publicUrl);
      const problems = collectPageErrors(page);
      try {
        await page.goto('/signin');
        await accessibleAtBothWidths(page, '/signin');
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        await accessibleAtBothWidths(page, '/signin/email/sent');
        const link = await newestLink(env(), email, '/signin/email/link?token=');
        await page.goto(link);
        await page.getByRole('heading', { name: 'Create your account' }).waitFor();
        await accessibleAtBothWidths(page, 'the link page');
        await page.getByRole('button', { name: 'Create my account and sign in' }).click();
        await page.getByText('Welcome! Your email is confirmed.').waitFor();

        await page.goto('/signin/email');
        await accessibleAtBothWidths(page, '/signin/email');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  },
  { publicUrlIsListenAddress: true, publicHost: 'localhost' },
);
