import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { createUser } from '../support/credentials.js';
import { addListing } from '../support/fixtures.js';
import { launchBrowser, openPage, signInThroughForm } from '../support/browser.js';
import { metaTag } from '../../src/domain/claims/claim-instructions.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const SLUG = 'ledgerly';
const WEBSITE = 'https://ledgerly.example/';

describeEachDatabase(
  'browser: claiming a listing',
  (env) => {
    let listingId: number;
    before(async () => {
      const db = env().ctx.db;
      const added = await addListing(db, env().ctx.site.id, {
        slug: SLUG,
        name: 'Ledgerly',
        domain: 'ledgerly.example',
        status: 'live',
      });
      listingId = added.listingId;
      await db.query('UPDATE companies SET website_url = $2 WHERE id = $1', [added.companyId, WEBSITE]);
    });

    test('claiming with a meta tag from the listing page shows the exact tag to paste', async () => {
      const email = await createUser(env(), 'claimant');
      const { context, page } = await openPage(browser, env().baseUrl);
      try {
        // A visitor, not signed in yet, on the public page.
        await page.goto(`/p/${SLUG}`);
        await page.getByRole('heading', { level: 1, name: 'Ledgerly' }).waitFor();
        await page.getByRole('link', { name: 'Claim this listing' }).click();

        // Sign-in first, then straight back to the claim form.
        await page.waitForURL((url) => url.pathname === '/signin');
        await signInThroughForm(page, email);
        await page.waitForURL((url) => url.pathname === '/claims/new' && url.searchParams.get('slug') === SLUG);
        await page.getByRole('heading', { level: 1, name: 'Claim Ledgerly' }).waitFor();

        await page.getByRole('radio', { name: /^Meta tag on the homepage/ }).check();
        await page.getByRole('button', { name: 'Start the claim' }).click();
        await page.waitForURL((url) => url.pathname === '/claims');
        await page.getByRole('status').filter({ hasText: 'Your claim is open.' }).waitFor();

        const [claim] = await env().ctx.db.query<{ id: number; token: string; method: string }>(
          'SELECT c.id, c.token, c.method FROM claims c JOIN users u ON u.id = c.user_id WHERE u.email = $1 AND c.listing_id = $2',
          [email, listingId],
        );
        assert.equal(claim.method, 'meta');
        const card = page.locator(`#claim-${claim.id}`);
        await card.getByRole('heading', { name: /Ledgerly/ }).waitFor();
        assert.equal(await card.locator('[data-status]').getAttribute('data-status'), 'pending');
        assert.equal((await card.locator('code.secret').textContent())?.trim(), metaTag(claim.token));
        assert.match(metaTag(claim.token), /^<meta name="[a-z-]+" content="[^"]+">$/);
        assert.equal(
          await card.getByRole('link', { name: WEBSITE }).getAttribute('href'),
          WEBSITE,
          'it names the page the tag goes on',
        );
        await card.getByRole('button', { name: 'Verify now' }).waitFor();
      } finally {
        await context.close();
      }
    });
  },
  { publicUrlIsListenAddress: true },
);
