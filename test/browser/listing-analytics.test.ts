import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { addListing, addVotes, finishFixtures } from '../support/fixtures.js';
import { createUser } from '../support/credentials.js';
import {
  collectPageErrors,
  launchBrowser,
  openPage,
  seriousAxeFindings,
  signInThroughForm,
} from '../support/browser.js';
import { addDailyCounts } from '../../src/domain/analytics/analytics-repository.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Set SCREENSHOTS=1 to refresh docs/screenshots/analytics-owner.png.
const screenshots = process.env.SCREENSHOTS === '1';
if (screenshots) fs.mkdirSync('docs/screenshots', { recursive: true });

const DAY_MS = 86_400_000;

describeEachDatabase(
  "browser: an owner reads their listing's analytics",
  (env) => {
    test('the charts, their tables and the range links read well and pass axe at 1280 and 390 px', async () => {
      const { ctx } = env();
      const { listingId } = await addListing(ctx.db, ctx.site.id, {
        slug: 'brewbase',
        name: 'Brewbase',
        tagline: 'Recipes and batches for craft breweries',
        launchWeek: '2026-11-09',
      });
      await finishFixtures(ctx);
      const email = await createUser(env(), 'brewer');
      await ctx.db.query('INSERT INTO listing_owners (listing_id, user_id) SELECT $1, id FROM users WHERE email = $2', [
        listingId,
        email,
      ]);
      // A month that peaks in launch week, as instances would have flushed it.
      const end = Date.parse('2026-11-18T00:00:00Z');
      const days = Array.from({ length: 30 }, (_, i) => {
        const day = new Date(end - (29 - i) * DAY_MS).toISOString().slice(0, 10);
        const peak = day >= '2026-11-09' && day <= '2026-11-12' ? 6 : 1;
        return {
          listing_id: listingId,
          day,
          views: (20 + ((i * 37) % 23)) * peak,
          clicks: (3 + ((i * 11) % 7)) * peak,
        };
      });
      await addDailyCounts(ctx.db, days, [
        { listing_id: listingId, day: '2026-11-09', host: 'news.ycombinator.com', n: 412 },
        { listing_id: listingId, day: '2026-11-10', host: 'reddit.com', n: 138 },
        { listing_id: listingId, day: '2026-11-11', host: 'x.com', n: 57 },
      ]);
      await addVotes(ctx.db, listingId, 14, '2026-11-09T10:00:00Z');
      await addVotes(ctx.db, listingId, 6, '2026-11-10T15:00:00Z');

      const { context, page } = await openPage(browser, env().baseUrl);
      const problems = collectPageErrors(page);
      try {
        await signInThroughForm(page, email);
        await page.goto('/my/listings');
        await page.getByRole('link', { name: 'Analytics of Brewbase' }).click();
        await page.getByRole('heading', { level: 1, name: 'Analytics of Brewbase' }).waitFor();
        assert.equal(await page.getByRole('img', { name: 'Page views' }).count(), 1);
        await page.getByText('Website clicks: data table').click();
        assert.equal(await page.locator('#chart-clicks details table tbody tr').count(), 30);
        for (const [width, height] of [
          [1280, 900],
          [390, 844],
        ]) {
          await page.setViewportSize({ width, height });
          assert.deepEqual(await seriousAxeFindings(page), [], `axe at ${width}px`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `no sideways scrolling at ${width}px (${overflow}px too wide)`);
        }
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.getByText('Website clicks: data table').click();
        if (screenshots) await page.screenshot({ path: 'docs/screenshots/analytics-owner.png', fullPage: true });
        await page.getByRole('link', { name: 'Launch week of 2026-11-09' }).click();
        await page.waitForURL(/launch=2026-11-09/);
        assert.match((await page.locator('#chart-votes-counted desc').textContent()) ?? '', /^20 votes counted/);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  },
  { kinds: ['pglite'] },
);
