import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { createUser } from '../support/credentials.js';
import {
  collectPageErrors,
  launchBrowser,
  openPage,
  seriousAxeFindings,
  signInThroughForm,
} from '../support/browser.js';
import { demoScreenshots } from '../../src/seed/demo-screenshots.js';

// Set SCREENSHOTS=1 to refresh docs/screenshots/listing-gallery-*.png.
const screenshots = process.env.SCREENSHOTS === '1';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const VIEWS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The captions of the owner's screenshots, in their order on the media page. */
const captions = (page: Page) =>
  page
    .locator('.media-admin input[name="caption"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

async function addScreenshot(page: Page, png: Buffer, caption: string) {
  await page.getByLabel('Image file').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
  await page.locator('#shot-caption').fill(caption);
  await page.getByRole('button', { name: 'Add the screenshot' }).click();
  await page.getByText('The screenshot was added.').waitFor();
}

async function unlockMedia(env: TestEnv, slug: string) {
  await env.ctx.db.query(`UPDATE listings SET unlocked_sections = '{media}' WHERE slug = $1`, [slug]);
  env.ctx.db.changed({ kind: 'listing', siteId: env.ctx.site.id, slug });
}

describeEachDatabase(
  'browser: listing media, from the owners’ page to the gallery and the video',
  (env) => {
    test('owners add, reorder and delete screenshots and add a video without JavaScript; a locked section shows nothing until unlocked', async () => {
      const email = await createUser(env(), 'media-owner');
      await env().ctx.db.query(
        `INSERT INTO listing_owners (listing_id, user_id) SELECT l.id, u.id FROM listings l, users u
          WHERE l.slug IN ('tablewise', 'pipelane') AND u.email = $1`,
        [email],
      );
      const [{ id: tablewise }] = await env().ctx.db.query<{ id: number }>(
        `SELECT id FROM listings WHERE slug = 'tablewise'`,
      );
      const [{ id: pipelane }] = await env().ctx.db.query<{ id: number }>(
        `SELECT id FROM listings WHERE slug = 'pipelane'`,
      );
      const shots = await demoScreenshots({
        slug: 'tablewise',
        name: 'Tablewise',
        domain: 'tablewise.example',
        features: ['Database branching', 'Point-in-time backups', 'Read replicas', 'Query insights'],
        keywords: ['databases', 'branches', 'queries'],
      });
      // Scripts off: the page must work with plain forms alone.
      const noScript = await browser.newContext({ baseURL: env().baseUrl, javaScriptEnabled: false });
      const p = await noScript.newPage();
      const errors = collectPageErrors(p);
      try {
        await signInThroughForm(p, email);
        await p.goto(`/my/listings/${tablewise}`);
        await p.getByRole('link', { name: 'Screenshots and video' }).click();
        await p.getByRole('heading', { level: 1, name: 'Screenshots and video of Tablewise' }).waitFor();
        await addScreenshot(p, shots[1].png, 'Every database and its branches');
        await addScreenshot(p, shots[2].png, 'Planning the next release');
        await addScreenshot(p, shots[0].png, 'The dashboard: queries and storage this week');
        await addScreenshot(p, shots[0].png, 'A copy to delete');
        await p.getByRole('button', { name: 'Delete screenshot 4' }).click();
        await p.getByText('It was deleted.').waitFor();
        // The dashboard to the front: up twice.
        await p.getByRole('button', { name: 'Move up screenshot 3' }).click();
        await p.getByRole('button', { name: 'Move up screenshot 2' }).click();
        await p.getByText('The screenshot was moved.').waitFor();
        assert.deepEqual(await captions(p), [
          'The dashboard: queries and storage this week',
          'Every database and its branches',
          'Planning the next release',
        ]);
        // The free listing: saved, but not shown until its media section is unlocked.
        await p.goto(`/my/listings/${pipelane}/media`);
        await p.getByText('shown publicly only on paid listings or when the media section is unlocked').waitFor();
        await p.getByLabel('Video link').fill('https://vimeo.com/76979871');
        await p.getByRole('button', { name: 'Add the video' }).click();
        await p.getByText('The demo video was added.').waitFor();
        await p.goto('/p/pipelane');
        assert.equal(await p.locator('#media-h').count(), 0);
        await unlockMedia(env(), 'pipelane');
        await p.goto('/p/pipelane');
        await p.getByRole('heading', { name: 'Demo video' }).waitFor();
        // Without the script, the poster is a link to the video's own page.
        assert.equal(await p.locator('a.video-poster').getAttribute('href'), 'https://vimeo.com/76979871');
        assert.deepEqual(errors, []);
      } finally {
        await noScript.close();
      }
    });

    test('the gallery and the video poster: accessible at 1280 and 390 px in light and dark, AVIF at the size shown, nothing from other sites, no layout shift', async () => {
      const { context, page } = await openPage(browser, env().baseUrl);
      const errors = collectPageErrors(page);
      const foreign: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(env().baseUrl)) foreign.push(r.url());
      });
      try {
        await page.addInitScript(() => {
          (window as unknown as { shifts: number }).shifts = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto('/p/tablewise');
        for (const scheme of ['light', 'dark'] as const) {
          for (const v of VIEWS) {
            await page.setViewportSize({ width: v.width, height: v.height });
            await page.emulateMedia({ colorScheme: scheme });
            const shots = page.locator('.gallery img');
            assert.equal(await shots.count(), 3);
            for (let i = 0; i < 3; i++) await shots.nth(i).scrollIntoViewIfNeeded();
            await page.waitForFunction(() =>
              [...document.querySelectorAll<HTMLImageElement>('.gallery img')].every(
                (i) => i.complete && i.naturalWidth > 0,
              ),
            );
            const drawn = await shots.evaluateAll((els) =>
              els.map((e) => {
                const img = e as HTMLImageElement;
                return {
                  src: img.currentSrc,
                  shown: img.getBoundingClientRect().width,
                  w: img.getAttribute('width'),
                  h: img.getAttribute('height'),
                };
              }),
            );
            for (const d of drawn) {
              assert.match(d.src, /\/media\/[0-9a-f]{64}-\d+\.avif$/, 'the browser picks AVIF');
              assert.ok(d.w && d.h, 'width and height are set');
              const picked = Number(/-(\d+)\.avif$/.exec(d.src)![1]);
              assert.ok(picked >= d.shown, `${picked} px file for ${d.shown} CSS px`);
            }
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            assert.ok(overflow <= 0, `scrolls sideways by ${overflow}px at ${v.width}px`);
            assert.deepEqual(await seriousAxeFindings(page), [], `${v.name}, ${scheme}`);
            if (
              screenshots &&
              ((v.name === 'desktop' && scheme === 'light') || (v.name === 'phone' && scheme === 'dark'))
            ) {
              await page.locator('#media-h').scrollIntoViewIfNeeded();
              await page.screenshot({
                path: `docs/screenshots/listing-gallery-${v.name}-${scheme}.png`,
                fullPage: true,
              });
            }
          }
        }
        const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
        assert.ok(shifts < 0.01, `layout shift ${shifts}`);
        assert.deepEqual(foreign, [], 'nothing is loaded from another site before play is pressed');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });

    test('a screenshot opens in a dialog: arrow keys move, Escape closes and focus returns; the video loads its player on press, within the CSP', async () => {
      const { context, page } = await openPage(browser, env().baseUrl);
      const errors = collectPageErrors(page);
      const framed: string[] = [];
      // The player's origin, answered here: the test machine has no Internet.
      await context.route('https://www.youtube-nocookie.com/**', (route) => {
        framed.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Playing</p>' });
      });
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto('/p/tablewise');
        const first = page.locator('a.shot').first();
        await first.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Close');
        await dialog.getByText('The dashboard: queries and storage this week (1 of 3)').waitFor();
        await page.keyboard.press('ArrowRight');
        await dialog.getByText('Every database and its branches (2 of 3)').waitFor();
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await dialog.getByText('Planning the next release (3 of 3)').waitFor();
        await page.waitForFunction(() => {
          const img = document.querySelector<HTMLImageElement>('dialog img');
          return img?.complete && img.naturalWidth > 0;
        });
        assert.deepEqual(await seriousAxeFindings(page), [], 'with the dialog open');
        if (screenshots) await page.screenshot({ path: 'docs/screenshots/listing-gallery-dialog.png' });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('shot')), true);
        assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('a.shot')), true);

        assert.equal(framed.length, 0);
        await page.locator('a.video-poster').click();
        const frame = page.locator('iframe.video-frame');
        await frame.waitFor();
        assert.equal(await frame.getAttribute('src'), 'https://www.youtube-nocookie.com/embed/tablewise01?autoplay=1');
        assert.equal(await frame.getAttribute('title'), 'Demo video of Tablewise');
        await page.frameLocator('iframe.video-frame').getByText('Playing').waitFor();
        assert.equal(framed.length, 1);
        assert.deepEqual(errors, [], 'no CSP refusal, no script error');
      } finally {
        await context.close();
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
