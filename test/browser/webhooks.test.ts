import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { createUser } from '../support/credentials.js';
import { runJobs } from '../support/draft-client.js';
import {
  collectPageErrors,
  launchBrowser,
  openPage,
  signInThroughForm,
  accessibleAtBothWidths,
} from '../support/browser.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { publishEvent } from '../../src/domain/events/publish-event.js';

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
before(async () => {
  browser = await launchBrowser();
  receiver = await startWebhookReceiver([{ status: 500, body: 'not now' }]);
});
after(async () => {
  await browser?.close();
  await receiver?.close();
});

describeEachDatabase(
  'browser: the webhooks page',
  (env) => {
    test('add an endpoint (secret shown once), read its delivery log: accessible at both widths, without script', async () => {
      const email = await createUser(env(), 'hooks-browser');
      const { context, page } = await openPage(browser, env().baseUrl);
      const problems = collectPageErrors(page);
      try {
        await signInThroughForm(page, email);
        await page.goto('/account');
        await page.getByRole('link', { name: 'Webhooks' }).click();
        await page.getByLabel('URL').fill(receiver.url);
        await page.getByLabel('Note (optional)').fill('Our CRM');
        await page.getByLabel('order.paid').check();
        await page.getByRole('button', { name: 'Add the endpoint' }).click();
        assert.match((await page.locator('code.secret').textContent()) ?? '', /^whsec_/);
        await accessibleAtBothWidths(page, 'the webhooks page with a new secret');
        const [{ id }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
        await publishEvent(env().ctx, { type: 'order.paid', accountIds: [id], data: { order: { number: 'LD-1' } } });
        await runJobs(env());
        await page.goto('/account/webhooks');
        await page.getByRole('link', { name: receiver.url }).click();
        assert.match(await page.locator('#deliveries ~ table').innerText(), /HTTP 500/);
        await accessibleAtBothWidths(page, 'an endpoint with its delivery log');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' }, kinds: ['pglite'], publicUrlIsListenAddress: true },
);
