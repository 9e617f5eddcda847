import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { finishFixtures } from '../support/fixtures.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { imageFiles, startFakeImageServer, type FakeImageServer } from '../support/fake-images.js';

let browser: Browser;
let images: FakeImageServer | null = null;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await images?.close();
});

describeEachDatabase(
  'browser: logos and avatars load from our origin under the CSP, and broken ones show the monogram',
  (env) => {
    test('every logo and avatar on listing, home and founder pages is drawn, none comes from another origin, the CSP is never broken', async () => {
      const { context, page } = await openPage(browser, env().baseUrl);
      const problems: string[] = [];
      const foreign: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('request', (r) => {
        if (r.resourceType() === 'image' && !r.url().startsWith(env().baseUrl)) foreign.push(r.url());
      });
      try {
        for (const path of ['/p/tablewise', '/p/rowboat', '/', '/founders/ada-row']) {
          await page.goto(path);
          const logos = page.locator('img.logo');
          // Lazy images below the fold load once scrolled into view.
          for (let i = 0; i < (await logos.count()); i++) await logos.nth(i).scrollIntoViewIfNeeded();
          await page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLImageElement>('img.logo')].every((i) => i.complete),
          );
          const drawn = await page.$$eval('img.logo', (els) =>
            els.map((e) => ({ src: e.getAttribute('src'), w: (e as HTMLImageElement).naturalWidth })),
          );
          assert.ok(drawn.length > 0, `${path} shows logos`);
          for (const d of drawn)
            assert.ok(d.w > 0, `${path}: ${d.src} is drawn (a logo or the monogram), not a broken image`);
        }
        assert.deepEqual(foreign, []);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  },
  {
    kinds: ['postgres'],
    env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' },
    seed: async (ctx) => {
      images = await startFakeImageServer(await imageFiles());
      await seedPublicWorld(ctx);
      for (const [slug, file] of [
        ['tablewise', '/logo.png'],
        ['pipelane', '/logo.svg'],
        ['quillnote', '/photo.jpg'],
        ['rowboat', '/page.html'],
        ['cafe-ledger', '/missing.png'],
      ]) {
        await ctx.db.query(
          'UPDATE companies SET logo_url = $2 WHERE id = (SELECT company_id FROM listings WHERE slug = $1)',
          [slug, `${images.origin}${file}`],
        );
      }
      await ctx.db.query(`UPDATE founders SET avatar_url = $1 WHERE slug = 'ada-row'`, [`${images.origin}/avatar.jpg`]);
      await finishFixtures(ctx);
    },
  },
);
