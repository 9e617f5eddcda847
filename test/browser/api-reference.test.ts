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

/**
 * Swagger UI parses the whole OpenAPI document (≈ 190 kB) before it draws anything: about 2 s of
 * CPU on a small test machine, several times that when the machine is busy with other suites.
 */
const DRAWN_MS = 45_000;

/** Opens one operation of Swagger UI, presses "Try it out" and "Execute", and returns the block once a response is shown. */
async function tryOperation(page: Page, domId: string, summary: string) {
  const op = page.locator(`#${domId}`);
  await op.waitFor({ timeout: DRAWN_MS });
  await op
    .getByRole('button', { name: new RegExp(summary) })
    .first()
    .click();
  await op.getByRole('button', { name: 'Try it out' }).click();
  await op.getByRole('button', { name: 'Execute' }).click();
  await op.locator('.live-responses-table tr.response .response-col_status').waitFor();
  return op;
}

// PUBLIC_URL is http://launchdeck.test here, not the address the browser uses: "Try it out" must
// still call the origin the page came from (the CSP allows no other).
describeEachDatabase(
  'browser: the interactive API reference at /docs',
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
        // Inside the site's layout, after our introduction.
        await page.getByRole('link', { name: 'Launchdeck' }).first().waitFor();
        await page.getByRole('contentinfo').getByRole('link', { name: 'OpenAPI' }).waitFor();
        await page.getByRole('heading', { level: 1, name: 'Launchdeck API reference' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'Operations' }).waitFor();
        await page.locator('#operations-Categories-list_categories').waitFor({ timeout: DRAWN_MS });

        // Authorize: the dialog takes the API key as a bearer token.
        await page.getByRole('button', { name: 'Authorize' }).first().click();
        const dialog = page.locator('.dialog-ux .modal-ux');
        await dialog.getByRole('heading', { name: 'Available authorizations' }).waitFor();
        assert.deepEqual(await seriousAxeFindings(page), [], 'the Authorize dialog is accessible');
        await dialog.getByLabel('Value:').fill(key);
        await dialog.getByRole('button', { name: 'Authorize' }).first().click();
        await dialog.getByRole('button', { name: 'Logout' }).first().waitFor();
        await dialog.getByRole('button', { name: 'Close' }).first().click();
        await dialog.waitFor({ state: 'detached' });

        // Try it out on a public read: a 200 with the categories, shown in the page.
        const categories = await tryOperation(page, 'operations-Categories-list_categories', 'List categories');
        assert.equal(
          (await categories.locator('.live-responses-table tr.response .response-col_status').innerText()).trim(),
          '200',
        );
        assert.match(
          await categories.locator('.live-responses-table tr.response .response-col_description').innerText(),
          /"slug": "developer-tools"/,
        );
        const listCall = requests.find((r) => new URL(r.url).pathname === '/api/v1/categories');
        assert.ok(listCall, 'the browser called GET /api/v1/categories');
        assert.equal(new URL(listCall.url).origin, env().baseUrl, "on the page's own origin, not PUBLIC_URL");

        // The key is really used: who-am-I answers with the developer's account.
        const me = await tryOperation(page, 'operations-Account-get_account', 'Who am I');
        assert.equal(
          (await me.locator('.live-responses-table tr.response .response-col_status').innerText()).trim(),
          '200',
        );
        assert.match(
          await me.locator('.live-responses-table tr.response .response-col_description').innerText(),
          new RegExp(`"email": "${email}"`),
        );
        const meCall = requests.find((r) => new URL(r.url).pathname === '/api/v1/me');
        assert.equal(meCall?.authorization, `Bearer ${key}`);

        // Everything the page loaded came from our origin; no console error, no CSP report, no exception.
        for (const r of requests)
          assert.ok(
            r.url.startsWith(`${env().baseUrl}/`) || r.url.startsWith('data:'),
            `${r.url} is not on our origin`,
          );
        assert.deepEqual(problems, []);
        // And the opened operations, parameters and responses are as accessible as the rest of the site.
        assert.deepEqual(await seriousAxeFindings(page), []);
      } finally {
        await context.close();
      }
    });

    // site-quality checks /docs as soon as it has loaded; this checks it once Swagger UI has drawn
    // everything, with an operation opened and tried.
    for (const scheme of ['light', 'dark'] as const) {
      for (const vp of [
        { name: 'desktop', width: 1280, height: 800 },
        { name: 'phone', width: 390, height: 844 },
      ]) {
        test(`${vp.name}, ${scheme}: the drawn reference, an operation tried, has no serious accessibility finding and no sideways scrolling`, async () => {
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
            await tryOperation(page, 'operations-Listings-search_listings', 'Search listings');
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            assert.ok(overflow <= 0, `/docs scrolls sideways by ${overflow}px at ${vp.width}px`);
            assert.deepEqual(await seriousAxeFindings(page), []);
            assert.deepEqual(problems, []);
            // SCREENSHOTS=1 refreshes the README's pictures (as in site-quality).
            if (process.env.SCREENSHOTS === '1' && scheme === 'light' && vp.name === 'desktop') {
              await page.screenshot({ path: `docs/screenshots/docs-${vp.name}-${scheme}.png`, fullPage: false });
            }
          } finally {
            await context.close();
          }
        });
      }
    }

    test("a link to an operation, old (#op-…) or Swagger UI's own (#/Tag/operation), opens it without a console error", async () => {
      const { context, page } = await openPage(browser, env().baseUrl);
      const problems = collectPageErrors(page);
      try {
        await page.goto('/docs#op-claim_listing');
        await page.locator('#operations-Claims-claim_listing.is-open').waitFor({ timeout: DRAWN_MS });
        assert.equal(new URL(page.url()).hash, '#/Claims/claim_listing');
        await page.goto('about:blank'); // a new document, not a jump within this one
        await page.goto('/docs#/My%20listings/list_my_listings');
        await page.locator('#operations-My_listings-list_my_listings.is-open').waitFor({ timeout: DRAWN_MS });
        assert.ok(await page.evaluate(() => scrollY > 0), 'scrolled to the operation');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('without JavaScript the page still lists every operation, with method, path and summary', async () => {
      const context = await browser.newContext({ baseURL: env().baseUrl, javaScriptEnabled: false });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      try {
        const page = await context.newPage();
        await page.goto('/docs');
        const item = page.locator('#op-list_categories');
        await item.waitFor();
        assert.match(await item.innerText(), /^GET \/api\/v1\/categories List categories\s+list_categories · public$/);
        const doc = (await env().json<{ paths: Record<string, object> }>('/api/v1/openapi.json')).body;
        const documented = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
        assert.equal(await page.locator('li[id^="op-"]').count(), documented);
        assert.equal(await page.locator('#swagger-ui').innerHTML(), '', 'nothing interactive is half-drawn');
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
