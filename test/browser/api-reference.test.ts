import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { createApiKey, createUser } from '../support/credentials.js';
import {
  ACTION_TIMEOUT_MS,
  collectPageErrors,
  launchBrowser,
  openPage,
  seriousAxeFindings,
} from '../support/browser.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens the "Try it" form of one operation, sends it, and returns the section once an answer is shown. */
async function tryOperation(page: Page, operationId: string, fill: Record<string, string> = {}) {
  const op = page.locator(`#op-${operationId}`);
  await op.locator('.ref-try > summary').click();
  for (const [label, value] of Object.entries(fill)) await op.getByLabel(label).fill(value);
  await op.getByRole('button', { name: /^Send / }).click();
  await op.locator('.ref-result strong').waitFor();
  return op;
}

// PUBLIC_URL is http://launchdeck.test here, not the address the browser uses: "Try it" must
// still call the origin the page came from (the CSP allows no other).
describeEachDatabase(
  'browser: the API reference at /docs',
  (env) => {
    test('a developer authorizes with an API key, tries list_categories and get_account, and sees the 200 responses; nothing breaks the CSP', async () => {
      const email = await createUser(env(), 'docs-reader');
      const key = await createApiKey(env(), email, ['account:read']);
      const { context, page } = await openPage(browser, env().baseUrl);
      const problems = collectPageErrors(page);
      const requests: { url: string; authorization?: string }[] = [];
      page.on('request', (r) => requests.push({ url: r.url(), authorization: r.headers().authorization }));
      try {
        await page.goto('/docs');
        await page.getByRole('heading', { level: 1, name: 'Launchdeck API reference' }).waitFor();
        await page.getByRole('contentinfo').getByRole('link', { name: 'OpenAPI' }).waitFor();

        // Authorize: the key is kept for the tab and sent as a bearer token.
        await page.getByLabel('Try operations as yourself: API key').fill(key);
        await page.getByRole('button', { name: 'Authorize' }).click();
        await page.getByText('Authorized: the calls below send this key.').waitFor();

        // Try it on a public read: a 200 with the categories, shown in the page.
        const categories = await tryOperation(page, 'list_categories');
        assert.match(await categories.locator('.ref-result strong').innerText(), /^200\b/);
        assert.match(await categories.locator('.ref-result pre').innerText(), /"slug": "developer-tools"/);
        const listCall = requests.find((r) => new URL(r.url).pathname === '/api/v1/categories');
        assert.ok(listCall, 'the browser called GET /api/v1/categories');
        assert.equal(new URL(listCall.url).origin, env().baseUrl, "on the page's own origin, not PUBLIC_URL");

        // The key is really used: who-am-I answers with the developer's account.
        const me = await tryOperation(page, 'get_account');
        assert.match(await me.locator('.ref-result strong').innerText(), /^200\b/);
        assert.match(await me.locator('.ref-result pre').innerText(), new RegExp(`"email": "${email}"`));
        const meCall = requests.find((r) => new URL(r.url).pathname === '/api/v1/me');
        assert.equal(meCall?.authorization, `Bearer ${key}`);

        // A path parameter is filled in, and an error answer is shown as it came.
        const listing = await tryOperation(page, 'get_listing', { 'slug (path, required)': 'no-such-listing' });
        assert.match(await listing.locator('.ref-result strong').innerText(), /^404\b/);
        assert.match(await listing.locator('.ref-result pre').innerText(), /"status": 404/);

        for (const r of requests)
          assert.ok(
            r.url.startsWith(`${env().baseUrl}/`) || r.url.startsWith('data:'),
            `${r.url} is not on our origin`,
          );
        // The browser logs the 404 asked for above; nothing else may be logged.
        assert.deepEqual(
          problems.filter((p) => !p.includes('404 (Not Found) (http://127.0.0.1') || !p.includes('no-such-listing')),
          [],
        );
        assert.deepEqual(await seriousAxeFindings(page), []);
      } finally {
        await context.close();
      }
    });

    test('at 1280 and 390 px, light and dark: an operation tried has no serious accessibility finding and nothing scrolls sideways', async () => {
      for (const scheme of ['light', 'dark'] as const) {
        for (const vp of [
          { name: 'desktop', width: 1280, height: 800 },
          { name: 'phone', width: 390, height: 844 },
        ]) {
          const context = await browser.newContext({
            baseURL: env().baseUrl,
            viewport: { width: vp.width, height: vp.height },
            colorScheme: scheme,
          });
          context.setDefaultTimeout(ACTION_TIMEOUT_MS);
          const page = await context.newPage();
          const problems = collectPageErrors(page);
          try {
            await page.goto('/docs');
            const op = await tryOperation(page, 'search_listings', { 'q (query)': 'notes' });
            await op.locator('.ref-response > summary').first().click();
            await op.locator('.ref-response-fields').first().waitFor();
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            const wide = await page.evaluate(() =>
              [...document.querySelectorAll('body *')]
                .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                .slice(0, 5)
                .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
            );
            assert.ok(overflow <= 0, `/docs scrolls sideways by ${overflow}px at ${vp.width}px: ${wide.join(', ')}`);
            assert.deepEqual(await seriousAxeFindings(page), [], `${vp.name} ${scheme}`);
            assert.deepEqual(problems, []);
            // SCREENSHOTS=1 refreshes the README's pictures (as in site-quality).
            if (process.env.SCREENSHOTS === '1' && scheme === 'light' && vp.name === 'desktop') {
              await page.evaluate(() => scrollTo(0, 0));
              await page.screenshot({ path: `docs/screenshots/docs-${vp.name}-${scheme}.png`, fullPage: false });
            }
          } finally {
            await context.close();
          }
        }
      }
    });

    test('a link to an operation (#op-…) lands on its section', async () => {
      const { context, page } = await openPage(browser, env().baseUrl);
      try {
        await page.goto('/docs#op-claim_listing');
        await page.locator('#op-claim_listing').waitFor();
        assert.ok(await page.evaluate(() => scrollY > 0), 'scrolled to the operation');
        assert.ok(
          await page.locator('#op-claim_listing').evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.top >= 0 && box.top < innerHeight;
          }),
          'its heading is in view',
        );
      } finally {
        await context.close();
      }
    });

    test('without JavaScript every operation is documented, and no half-drawn "Try it" is shown', async () => {
      const context = await browser.newContext({ baseURL: env().baseUrl, javaScriptEnabled: false });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      try {
        const page = await context.newPage();
        await page.goto('/docs');
        const doc = (await env().json<{ paths: Record<string, object> }>('/api/v1/openapi.json')).body;
        const documented = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
        assert.equal(await page.locator('section.ref-op').count(), documented);
        assert.match(await page.locator('#op-list_categories h3').innerText(), /^GET\s+List categories$/);
        assert.equal(await page.locator('.ref-try').count(), 0);
        assert.equal(await page.locator('#ref-key').isDisabled(), true, 'Authorize needs the script');
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
