import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { ACTION_TIMEOUT_MS, launchBrowser, seriousAxeFindings } from '../support/browser.js';

// Set SCREENSHOTS=1 to refresh the pictures in docs/screenshots.
const screenshots = process.env.SCREENSHOTS === '1';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/p/tablewise' },
  { name: 'categories', path: '/categories' },
  { name: 'category', path: '/categories/developer-tools' },
  { name: 'search', path: '/search?q=postgress' },
  { name: 'week', path: '/launches/weeks/this' },
  { name: 'leaderboards', path: '/leaderboards' },
  { name: 'billboard', path: '/leaderboards/billboard' },
  { name: 'awards', path: '/awards' },
  { name: 'award', path: '/awards/1' },
  { name: 'hall-of-fame', path: '/hall-of-fame' },
  { name: 'founders', path: '/founders' },
  { name: 'founder', path: '/founders/ada-row' },
  { name: 'blog', path: '/blog' },
  { name: 'post', path: '/blog/how-to-launch' },
  { name: 'compare', path: '/compare?a=tablewise&b=rowboat' },
  { name: 'mcp', path: '/docs/mcp' },
  { name: 'docs', path: '/docs' },
  { name: 'sign-in', path: '/signin' },
  { name: 'not-found', path: '/no-such-page', status: 404 },
];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

describeEachDatabase(
  'browser: every page is accessible, fits a phone and breaks no rule of its CSP',
  (env) => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const vp of VIEWPORTS) {
        test(`${vp.name}, ${scheme}: no serious accessibility finding, no horizontal scrolling, no console error`, async () => {
          const context = await browser.newContext({
            baseURL: env().baseUrl,
            viewport: { width: vp.width, height: vp.height },
            colorScheme: scheme,
          });
          context.setDefaultTimeout(ACTION_TIMEOUT_MS);
          const page = await context.newPage();
          const problems: string[] = [];
          page.on('console', (m) => {
            if (m.type() === 'error' && !(m.text().includes('404') && page.url().includes('no-such-page')))
              problems.push(`${page.url()}: ${m.text()}`);
          });
          page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
          try {
            for (const p of PAGES) {
              const res = await page.goto(p.path);
              assert.equal(res?.status(), p.status ?? 200, p.path);
              assert.match(res?.headers()['content-type'] ?? '', /^text\/html/, `${p.path} is a page, not JSON`);
              const overflow = await page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              );
              assert.ok(overflow <= 0, `${p.path} scrolls sideways by ${overflow}px at ${vp.width}px`);
              const serious = await seriousAxeFindings(page);
              assert.deepEqual(serious, [], `${p.path} (${vp.name}, ${scheme})`);
              if (p.name === 'listing')
                assert.equal(
                  await page.locator('#ranking svg[role="img"]').count(),
                  1,
                  'the ranking panel, checked too',
                );
              // The home page's pictures are taken on the demo content (home-and-site-map.test.ts).
              if (screenshots && p.name === 'listing') {
                await page.screenshot({ path: `docs/screenshots/${p.name}-${vp.name}-${scheme}.png`, fullPage: true });
              }
            }
            assert.deepEqual(problems, []);
          } finally {
            await context.close();
          }
        });
      }
    }
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
    kinds: ['postgres'],
  },
);
