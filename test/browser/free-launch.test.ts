import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { addCategory } from '../support/fixtures.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { saasWebsite } from '../support/fixture-websites.js';
import { inReadyDraftEditor, launchBrowser } from '../support/browser.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describeEachDatabase(
  'browser: from draft to free launch',
  (env) => {
    const sites: { close(): Promise<void> }[] = [];
    before(async () => {
      for (const c of [
        { slug: 'invoicing', name: 'Invoicing' },
        { slug: 'accounting', name: 'Accounting' },
      ])
        await addCategory(env().ctx.db, env().ctx.site.id, c);
    });
    after(async () => {
      await Promise.all(sites.map((s) => s.close()));
    });

    /**
     * A founder signed in through the browser on the editor of a ready Tallyflow draft. Each test
     * gets its own copy of the website (its own port, so its own domain): a domain is listed once.
     */
    async function inEditor(e: TestEnv, run: (page: Page) => Promise<void>) {
      const site = await startFixtureSite(saasWebsite().routes);
      sites.push(site);
      await inReadyDraftEditor(browser, e, site.origin, 'launch', run);
    }

    async function saveAsMyListing(page: Page) {
      await page.getByRole('button', { name: 'Save as my listing' }).click();
      await page.getByRole('heading', { level: 1, name: 'Saved as your listing' }).waitFor();
    }

    test('saving the draft as my listing names it and says it is not published', async () => {
      await inEditor(env(), async (page) => {
        await saveAsMyListing(page);
        const confirmation = (await page.getByRole('status').textContent())?.replace(/\s+/g, ' ') ?? '';
        assert.match(
          confirmation,
          /^Tallyflow is saved as your listing \S+ \(status: draft\)\. It is not published yet, and nothing was charged\.$/,
        );
        // The draft remembers it.
        await page.getByRole('link', { name: 'Back to the draft' }).click();
        await page.getByText('Saved as your listing (not published yet).').waitFor();
      });
    });

    test('launching for free puts the listing in the queue awaiting the badge and shows the embed code', async () => {
      await inEditor(env(), async (page) => {
        await saveAsMyListing(page);
        // From the menu to the listing, then to its launch page.
        await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My listings' }).click();
        await page.getByRole('heading', { level: 1, name: 'My listings' }).waitFor();
        await page.getByRole('link', { name: 'Tallyflow', exact: true }).click();
        await page.getByRole('link', { name: 'Launch for free' }).click();
        await page.waitForURL(/\/my\/listings\/\d+\/launch$/);
        await page.getByRole('heading', { level: 1, name: 'Launch Tallyflow' }).waitFor();
        assert.equal(await page.locator('[data-status]').getAttribute('data-status'), 'draft');

        await page.getByRole('button', { name: 'Launch for free' }).click();
        await page.waitForURL(/\/launch\?queued=1$/);
        await page.getByRole('status').filter({ hasText: 'Your listing is in the free queue.' }).waitFor();
        const status = page.locator('[data-status]');
        assert.equal(await status.getAttribute('data-status'), 'awaiting_badge');
        assert.match(
          (await status.textContent())?.replace(/\s+/g, ' ') ?? '',
          /In the free queue for the week of \d{4}-\d{2}-\d{2}, waiting for our badge on your homepage\./,
        );
        assert.equal(await page.getByRole('button', { name: 'Launch for free' }).count(), 0, 'no second free launch');
        await page.getByRole('button', { name: 'Check my homepage now' }).waitFor();

        const listingId = Number(/\/my\/listings\/(\d+)\/launch/.exec(page.url())?.[1]);
        const [{ slug }] = await env().ctx.db.query<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [
          listingId,
        ]);
        const embed = (await page.locator('#badge-embed').textContent()) ?? '';
        assert.ok(embed.includes(`href="${env().baseUrl}/p/${slug}"`), `the embed code links to the listing: ${embed}`);
        assert.ok(embed.includes(`${env().baseUrl}/badges/${slug}/`), `the embed code shows our badge image: ${embed}`);
        assert.ok(await page.locator('#badge-embed').isVisible(), 'the code is on screen to copy');
      });
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' }, publicUrlIsListenAddress: true },
);
