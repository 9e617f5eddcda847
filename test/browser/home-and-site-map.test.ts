import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { ACTION_TIMEOUT_MS, launchBrowser, seriousAxeFindings } from '../support/browser.js';
import { seedDemo } from '../../src/seed/demo-seed.js';

// Set SCREENSHOTS=1 to refresh docs/screenshots/home-*.png and week-*.png (demo content).
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
  { name: 'site-map', path: '/sitemap' },
  { name: 'week', path: '/launches/weeks/this' },
];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** Scrolls through the page so lazy logos load before a full-page picture is taken. */
async function loadEverything(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 20));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
}

describeEachDatabase(
  'browser: the home page, the week page and the site map on the demo content',
  (env) => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const vp of VIEWPORTS) {
        test(`${vp.name}, ${scheme}: no serious accessibility finding, no sideways scrolling, no console error`, async () => {
          const context = await browser.newContext({
            baseURL: env().baseUrl,
            viewport: { width: vp.width, height: vp.height },
            colorScheme: scheme,
          });
          context.setDefaultTimeout(ACTION_TIMEOUT_MS);
          const page = await context.newPage();
          const problems: string[] = [];
          page.on('console', (m) => m.type() === 'error' && problems.push(`${page.url()}: ${m.text()}`));
          page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
          try {
            for (const p of PAGES) {
              const res = await page.goto(p.path);
              assert.equal(res?.status(), 200, p.path);
              const overflow = await page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              );
              assert.ok(overflow <= 0, `${p.path} scrolls sideways by ${overflow}px at ${vp.width}px`);
              assert.deepEqual(await seriousAxeFindings(page), [], `${p.path} (${vp.name}, ${scheme})`);
              // The home page in all four; the week page in the two the README has shown so far.
              const pictured =
                p.name === 'home' ||
                (p.name === 'week' &&
                  `${vp.name}-${scheme}` !== 'desktop-dark' &&
                  `${vp.name}-${scheme}` !== 'phone-light');
              if (screenshots && pictured) {
                await loadEverything(page);
                await page.screenshot({ path: `docs/screenshots/${p.name}-${vp.name}-${scheme}.png`, fullPage: true });
              }
            }
            // The header's sections stay on screen at both widths: all eight, none cut off.
            const sections = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
            assert.equal(await sections.count(), 8);
            for (const link of await sections.all()) {
              const box = await link.boundingBox();
              assert.ok(box && box.x >= 0 && box.x + box.width <= vp.width, await link.innerText());
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
      if (screenshots) fs.mkdirSync('docs/screenshots', { recursive: true });
      await seedDemo(ctx);
    },
    kinds: ['pglite'],
  },
);
