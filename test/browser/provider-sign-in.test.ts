import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { createUser } from '../support/credentials.js';
import { collectPageErrors, launchBrowser, openPage, seriousAxeFindings } from '../support/browser.js';
import { startSignInProviders } from '../support/sign-in-providers.js';

const providers = await startSignInProviders();

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The page as it is now, at a desktop's and a phone's width: no serious axe finding, no sideways scrolling. */
async function checkAtEveryWidth(page: Page, what: string) {
  for (const vp of VIEWPORTS) {
    await page.setViewportSize(vp);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px at ${vp.width}px`);
    assert.deepEqual(await seriousAxeFindings(page), [], `${what} at ${vp.width}px`);
  }
}

describeEachDatabase(
  'browser: signing in with a provider',
  (env) => {
    test('Chromium signs in with the OpenID Connect provider and comes back to the page it left; the pages on the way are accessible at 1280 and 390 px', async () => {
      const email = `chromium-${crypto.randomUUID()}@example.com`;
      providers.sso.signInAs({ sub: crypto.randomUUID(), email, email_verified: true, name: 'Chromium Person' });
      const { context, page } = await openPage(browser, env().baseUrl);
      const errors = collectPageErrors(page);
      try {
        await page.goto('/signin?next=%2Flaunches');
        await checkAtEveryWidth(page, 'the sign-in page');
        await page.getByRole('button', { name: 'Continue with Acme SSO' }).click();
        await page.waitForURL((url) => url.pathname === '/launches');

        await page.goto('/account');
        const account = await page.locator('main').innerText();
        assert.match(account, new RegExp(`Signed in as ${email}`));
        assert.match(account, /Acme SSO/, 'listed among the ways to sign in');
        assert.match(account, /\(this browser\)/, 'listed among the sessions');
        await checkAtEveryWidth(page, 'the account page');

        // The refusal a takeover attempt meets is a page of its own, as accessible.
        const existing = await createUser(env(), 'existing');
        providers.google.signInAs({ sub: crypto.randomUUID(), email: existing, email_verified: false });
        const { context: other, page: second } = await openPage(browser, env().baseUrl);
        try {
          await second.goto('/signin');
          await second.getByRole('button', { name: 'Continue with Google' }).click();
          await second.getByRole('heading', { name: 'Sign in another way first' }).waitFor();
          await checkAtEveryWidth(second, 'the refusal page');
        } finally {
          await other.close();
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  },
  { kinds: ['pglite'], env: providers.env, publicUrlIsListenAddress: true },
);
