import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase, FIXED_NOW } from '../support/app.js';
import { ACTION_TIMEOUT_MS, launchBrowser, seriousAxeFindings } from '../support/browser.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { launchWeek } from '../../src/domain/launches/launch-repository.js';
import { addWeeks, mondayOf } from '../../src/domain/weeks/weeks.js';
import type { AppContext } from '../../src/app-context.js';

// Set SCREENSHOTS=1 to refresh docs/screenshots/home-*.png, week-*.png and ranking-panel.png (demo content).
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
  // Last week's #1 launch (found once seeded): its page with the "How this rank is made" panel.
  { name: 'launch', path: '/p/' },
];
let topLaunch = '';

/**
 * Votes for the launch that do not count (two held from young accounts, three voided), so its panel shows
 * them: they move no count, so the pages pictured with it stay as they were.
 */
async function uncountedVotes(ctx: AppContext, slug: string) {
  await ctx.db.query(
    `WITH l AS (SELECT id, launch_week, launched_at FROM listings WHERE slug = $1),
     u AS (INSERT INTO users (email, name, created_at) SELECT 'uncounted' || g || '@demo.invalid', 'Demo member', l.launched_at
             FROM generate_series(1, 5) g, l RETURNING id, email)
     INSERT INTO votes (listing_id, user_id, launch_week, created_at, counted, held_until, voided_at, voided_reason)
     SELECT l.id, u.id, l.launch_week, l.launched_at + interval '3 hours', false,
            CASE WHEN u.email < 'uncounted3' THEN $2::timestamptz END,
            CASE WHEN u.email > 'uncounted3' THEN $3::timestamptz END, CASE WHEN u.email > 'uncounted3' THEN 'demo' END
       FROM l, u`,
    [slug, new Date(FIXED_NOW.getTime() + 30 * 86_400_000).toISOString(), FIXED_NOW.toISOString()],
  );
}
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
              const res = await page.goto(p.name === 'launch' ? `/p/${topLaunch}` : p.path);
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
              if (p.name === 'launch') {
                assert.equal(await page.locator('#ranking svg[role="img"]').count(), 1, 'the panel and its chart');
                if (screenshots && vp.name === 'desktop' && scheme === 'light')
                  await page.locator('#ranking').screenshot({ path: 'docs/screenshots/ranking-panel.png' });
              }
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
      const last = await launchWeek(ctx.db, ctx.site.id, addWeeks(mondayOf(FIXED_NOW), -1), FIXED_NOW, 1, 0);
      topLaunch = last.items[0].slug;
      await uncountedVotes(ctx, topLaunch);
    },
    kinds: ['pglite'],
  },
);
