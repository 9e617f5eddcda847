import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { createUser } from '../support/credentials.js';
import { runJobs } from '../support/draft-client.js';
import { ownedListing } from '../support/orders.js';
import { collectPageErrors, launchBrowser, openPage, signInThroughForm } from '../support/browser.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Set SCREENSHOTS=1 to refresh the committed pictures of the checkout in docs/screenshots.
const screenshots = process.env.SCREENSHOTS === '1';

describeEachDatabase('browser: a paid launch, paid with the test provider', (env) => {
  test('choose a paid launch, pay on the checkout page, and the listing is live on its public page', async () => {
    const email = await createUser(env(), 'paying-founder');
    const id = await ownedListing(env(), email, `paid-${env().kind}`);
    const { context, page } = await openPage(browser, env().baseUrl);
    const problems = collectPageErrors(page);
    try {
      await signInThroughForm(page, email);
      await page.goto(`/my/listings/${id}/launch`);
      await page.getByRole('heading', { level: 2, name: /Paid launch/ }).waitFor();
      await page.getByLabel('Launch week').selectOption('');
      await page.getByLabel(/Profile review/).check();
      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await page.waitForURL(/\/checkout\/LD-\d{4}-\d{6}$/);
      await page.getByText('Test mode:').waitFor();
      const lines = await page.locator('table.order-lines tbody tr').count();
      assert.equal(lines, 2);

      await page.getByLabel('Full name or company').fill('Ada Lovelace');
      await page.getByLabel('Billing address').fill('12 Analytical Row, London');
      await page.getByLabel(/Country/).fill('GB');
      await page.getByRole('button', { name: 'Save details and show the total' }).click();
      await page.getByText('No VAT applies (0 %)').waitFor();
      if (screenshots) await page.screenshot({ path: 'docs/screenshots/checkout.png', fullPage: true });
      await page.getByRole('button', { name: /^Pay \$88\.00 \(test\)$/ }).click();
      await page.waitForURL(/\/orders\/LD-\d{4}-\d{6}\?paid=1$/);
      await page.getByRole('status').filter({ hasText: 'Payment received.' }).waitFor();

      await runJobs(env());
      await page.reload();
      assert.equal(await page.locator('[data-status]').getAttribute('data-status'), 'fulfilled');
      await page.getByRole('heading', { name: /Profile review/ }).waitFor();
      if (screenshots) await page.screenshot({ path: 'docs/screenshots/order-fulfilled.png', fullPage: true });

      await page.goto(`/p/paid-${env().kind}`);
      await page.getByRole('heading', { level: 1, name: `Product paid-${env().kind}` }).waitFor();
      // The site has no favicon yet (issue 13); anything else the pages report is a failure.
      assert.deepEqual(
        problems.filter((p) => !p.includes('/favicon.ico')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});

if (screenshots) fs.mkdirSync('docs/screenshots', { recursive: true });
