import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import {
  collectPageErrors,
  launchBrowser,
  openPage,
  signInThroughForm,
  accessibleAtBothWidths,
} from '../support/browser.js';
import { createUser } from '../support/credentials.js';
import { unsubscribeUrl } from '../../src/domain/notifications/unsubscribe-links.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describeEachDatabase(
  'browser: notification settings and unsubscribing',
  (env) => {
    test('turn a kind off on the account page, then unsubscribe from another through its mailed link', async () => {
      const email = await createUser(env(), 'notified');
      const [{ id }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      const { context, page } = await openPage(browser, env().baseUrl);
      const problems = collectPageErrors(page);
      try {
        await signInThroughForm(page, email);
        await page.goto('/account#notifications');
        await accessibleAtBothWidths(page, '/account');
        const reviews = page.getByLabel('New reviews of your listings');
        assert.equal(await reviews.isChecked(), true, 'on by default');
        await reviews.uncheck();
        await page.getByRole('button', { name: 'Save notification settings' }).click();
        await page.getByText('Your notification settings are saved.').waitFor();
        assert.equal(await page.getByLabel('New reviews of your listings').isChecked(), false);
        assert.equal(await page.getByLabel('New comments on your listings').isChecked(), true);

        // The digest's link, opened in a browser that is not signed in: it asks first.
        const link = unsubscribeUrl(env().ctx.config.publicUrl, env().ctx.secret, id, 'digest');
        const visitor = await openPage(browser, env().baseUrl);
        try {
          await visitor.page.goto(link.slice(env().ctx.config.publicUrl.length));
          await visitor.page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
          await accessibleAtBothWidths(visitor.page, '/unsubscribe');
          await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
          await visitor.page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
          await accessibleAtBothWidths(visitor.page, 'the unsubscribed page');
        } finally {
          await visitor.context.close();
        }
        await page.goto('/account#notifications');
        assert.equal(await page.getByLabel(/A weekly digest/).isChecked(), false);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  },
  { kinds: ['postgres'] },
);
