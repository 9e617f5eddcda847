import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { createUser } from '../support/credentials.js';
import { addCategory } from '../support/fixtures.js';
import { saasWebsite } from '../support/fixture-websites.js';
import type { FixtureRoutes } from '../support/fixture-site.js';
import { collectPageErrors, launchBrowser, openPage, signInThroughForm } from '../support/browser.js';
import { startWorker } from '../../src/jobs/worker.js';
import type { Worker } from '../../src/jobs/queue.js';

/**
 * The SaaS fixture website, answering every request after `delayMs`: its crawl takes a few
 * seconds, so the progress page has time to show pages being read before the draft is ready.
 */
async function startSlowSite(routes: FixtureRoutes, delayMs: number) {
  let origin = '';
  const server = http.createServer((req, res) => {
    const route = routes[(req.url ?? '/').split('?')[0]];
    const r = typeof route === 'function' ? route(origin) : route;
    setTimeout(() => {
      if (!r) {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not found</h1>');
        return;
      }
      res.writeHead(r.status ?? 200, { 'content-type': r.type ?? 'text/html; charset=utf-8', ...r.headers });
      res.end(r.body ?? '');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The draft page waits this long for the worker, without anyone reloading it. */
const EDITOR_TIMEOUT_MS = 20_000;

let browser: Browser;
let site: Awaited<ReturnType<typeof startSlowSite>>;
before(async () => {
  browser = await launchBrowser();
  // Every request takes 1 s and pages are fetched four at once: robots.txt, the homepage, then twelve
  // pages in three rounds make a crawl of about 5 s, across at least one 2 s poll of the page.
  site = await startSlowSite(saasWebsite().routes, 1000);
});
after(async () => {
  await browser?.close();
  await site?.close();
});

describeEachDatabase(
  'browser: submitting a website',
  (env) => {
    before(async () => {
      for (const c of [
        { slug: 'invoicing', name: 'Invoicing' },
        { slug: 'accounting', name: 'Accounting' },
      ])
        await addCategory(env().ctx.db, env().ctx.site.id, c);
    });

    // Nested so the worker stops before the suite closes the database under it.
    describe('with the background worker running', () => {
      let worker: Worker;
      before(async () => {
        worker = await startWorker(env().ctx);
      });
      after(async () => {
        await worker?.stop();
      });

      test('the progress page shows the crawl and turns into the draft editor by itself', async () => {
        const email = await createUser(env(), 'live');
        const { context, page } = await openPage(browser, env().baseUrl);
        try {
          await signInThroughForm(page, email);
          await page.goto('/submit');
          await page.getByLabel('Website URL').fill(`${site.origin}/`);
          await page.getByRole('button', { name: 'Draft my profile' }).click();
          await page.waitForURL(/\/drafts\/[0-9a-f-]{36}$/);
          await page.getByRole('heading', { level: 1, name: 'Drafting your profile' }).waitFor();

          // A mark on this document: it survives the page's own updates and disappears when it reloads.
          await page.evaluate(() => {
            (window as unknown as { sameDocument: boolean }).sameDocument = true;
          });
          const pagesBefore = await page.locator('[data-k="pages"]').textContent();

          // The polling script fills in the crawl as the worker reports it.
          await page.locator('[data-k="phase"]', { hasText: 'Reading your website' }).waitFor();
          await page.locator('[data-k="status"]', { hasText: 'crawling' }).waitFor();
          // (In this same document: the count changes in place, it is not a reload showing a new count.)
          await page.waitForFunction(
            (before) => {
              const now = document.querySelector('[data-k="pages"]')?.textContent ?? '';
              return (
                (window as unknown as { sameDocument?: boolean }).sameDocument === true &&
                now !== before &&
                /^[1-9]\d* of \d+$/.test(now)
              );
            },
            pagesBefore,
            { timeout: EDITOR_TIMEOUT_MS },
          );
          assert.match(
            (await page.locator('[data-k="current_url"]').textContent()) ?? '',
            new RegExp(`^${site.origin}/`),
            'it names the page being read',
          );

          // Nobody reloads: the script does once the draft is ready, and the server sends the editor.
          await page.getByRole('heading', { level: 1, name: 'Tallyflow' }).waitFor({ timeout: EDITOR_TIMEOUT_MS });
          assert.equal(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), 'Tallyflow');
          assert.equal(
            await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
            undefined,
            'the page reloaded itself',
          );
          assert.equal(await page.getByRole('heading', { name: 'Drafting your profile' }).count(), 0);
        } finally {
          await context.close();
        }
      });

      test('the sign-in, submit, progress and editor pages log no errors in the browser', async () => {
        const email = await createUser(env(), 'console');
        const { context, page } = await openPage(browser, env().baseUrl);
        const problems = collectPageErrors(page);
        try {
          await signInThroughForm(page, email);
          await page.goto('/submit');
          await page.getByLabel('Website URL').fill(`${site.origin}/`);
          await page.getByRole('button', { name: 'Draft my profile' }).click();
          await page.waitForURL(/\/drafts\/[0-9a-f-]{36}$/);
          // At least one poll by the progress script, then the editor it reloads into.
          await page.waitForResponse((res) => res.url().endsWith('/progress.json') && res.status() === 200);
          await page.getByRole('heading', { level: 1, name: 'Tallyflow' }).waitFor({ timeout: EDITOR_TIMEOUT_MS });
          await page.waitForLoadState('load');
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' }, publicUrlIsListenAddress: true },
);
