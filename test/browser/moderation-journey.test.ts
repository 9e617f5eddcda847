import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { createUser } from '../support/credentials.js';
import {
  collectPageErrors,
  launchBrowser,
  openPage,
  seriousAxeFindings,
  signInThroughForm,
} from '../support/browser.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Set SCREENSHOTS=1 to refresh docs/screenshots/admin-*.png.
const screenshots = process.env.SCREENSHOTS === '1';

/** No serious axe finding and no sideways scrolling, on a desktop and a phone, light and dark. */
async function checkLayout(page: Page, label: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `${label} scrolls sideways by ${overflow}px at ${width}px (${scheme})`);
      assert.deepEqual(await seriousAxeFindings(page), [], `${label} at ${width}px (${scheme})`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

describeEachDatabase(
  'browser: moderation',
  (env) => {
    test('a visitor reports a listing; an administrator finds it from the header, hides it with a reason, and it is gone from the site', async () => {
      const reporterEmail = await createUser(env(), 'browser-reporter');
      const adminEmail = await createUser(env(), 'browser-admin');
      await env().ctx.db.query('UPDATE users SET is_admin = true WHERE email = $1', [adminEmail]);
      const visitor = await openPage(browser, env().baseUrl);
      const admin = await openPage(browser, env().baseUrl);
      const problems = [...collectPageErrors(visitor.page), ...collectPageErrors(admin.page)];
      try {
        const page = visitor.page;
        await signInThroughForm(page, reporterEmail);
        await page.goto('/p/rowboat');
        await page.getByRole('link', { name: 'Report this listing' }).click();
        await page.getByRole('heading', { name: 'Report this listing' }).waitFor();
        await checkLayout(page, 'the report form');
        await page.getByLabel('Misleading or fake').check();
        await page.getByLabel(/Anything our moderators should know/).fill('The features listed do not exist.');
        await page.getByRole('button', { name: 'Send report' }).click();
        await page.getByRole('heading', { name: /Thank you/ }).waitFor();

        const a = admin.page;
        await signInThroughForm(a, adminEmail);
        await a.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Admin' }).click();
        await a.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
        await checkLayout(a, '/admin');
        await a.getByRole('link', { name: /1 reported item waiting/ }).click();
        const item = a.locator('li.moderation-item', { hasText: 'Rowboat' });
        await item.getByText('The features listed do not exist.').waitFor();
        await checkLayout(a, '/admin/moderation');
        if (screenshots) await a.screenshot({ path: 'docs/screenshots/admin-moderation.png', fullPage: true });
        await item.getByRole('textbox', { name: 'Reason' }).first().fill('Misleading listing, confirmed');
        await item.getByRole('button', { name: 'Hide' }).click();
        await a.getByRole('status').filter({ hasText: 'Rowboat is hidden.' }).waitFor();
        await a.getByRole('cell', { name: 'Misleading listing, confirmed' }).waitFor();

        const gone = await page.goto('/p/rowboat');
        assert.equal(gone?.status(), 404);
        await page.goto('/search?q=rowboat');
        assert.equal(await page.locator('li.listing-card', { hasText: 'Rowboat' }).count(), 0);

        for (const path of ['/admin/votes', '/admin/settings']) {
          await a.goto(path);
          await checkLayout(a, path);
        }
        assert.deepEqual(problems, []);
      } finally {
        await visitor.context.close();
        await admin.context.close();
      }
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
    kinds: ['postgres'],
  },
);

if (screenshots) fs.mkdirSync('docs/screenshots', { recursive: true });
