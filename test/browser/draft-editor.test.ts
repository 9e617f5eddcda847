import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { addCategory } from '../support/fixtures.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { saasWebsite } from '../support/fixture-websites.js';
import { inReadyDraftEditor, launchBrowser } from '../support/browser.js';

let browser: Browser;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  browser = await launchBrowser();
  site = await startFixtureSite(saasWebsite().routes);
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const TAGLINE = 'Invoices that chase themselves';

describeEachDatabase(
  'browser: the draft editor',
  (env) => {
    before(async () => {
      for (const c of [
        { slug: 'invoicing', name: 'Invoicing' },
        { slug: 'accounting', name: 'Accounting' },
      ])
        await addCategory(env().ctx.db, env().ctx.site.id, c);
    });

    /**
     * A founder signed in through the browser, looking at the editor of a ready draft of the SaaS
     * website (the crawl and drafting ran as the worker would run them).
     */
    async function inEditor(e: TestEnv, run: (page: Page) => Promise<void>) {
      await inReadyDraftEditor(browser, e, site.origin, 'editor', run);
    }

    /** The state badge next to a field's label. */
    const badge = (page: Page, field: string) => page.locator(`#field-${field} .badge`);
    /** A button of a field's own row (Lock, Restore the website's value…). */
    const fieldButton = (page: Page, field: string, name: string) =>
      page.locator(`#field-${field}`).getByRole('button', { name, exact: true });

    test('the name field shows the quoted value, its badge and the quote', async () => {
      await inEditor(env(), async (page) => {
        assert.equal(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), 'Tallyflow');
        assert.equal((await badge(page, 'name').textContent())?.trim(), 'Quoted from your website');
        const quotes = await page.locator('#field-name ul.evidence q').allTextContents();
        assert.ok(quotes.length > 0, 'at least one quote is shown');
        assert.ok(
          quotes.some((q) => q.includes('Tallyflow')),
          `a quote names Tallyflow: ${JSON.stringify(quotes)}`,
        );
      });
    });

    test('editing the tagline and saving marks it as edited', async () => {
      await inEditor(env(), async (page) => {
        const tagline = page.getByRole('textbox', { name: 'Tagline', exact: true });
        assert.equal(await tagline.inputValue(), TAGLINE);
        await tagline.fill('Polite invoice reminders that get you paid');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await page.getByRole('status').filter({ hasText: 'Your changes were saved.' }).waitFor();
        assert.equal(
          await page.getByRole('textbox', { name: 'Tagline', exact: true }).inputValue(),
          'Polite invoice reminders that get you paid',
        );
        assert.equal((await badge(page, 'tagline').textContent())?.trim(), 'Edited by you');
        assert.equal(
          (await badge(page, 'name').textContent())?.trim(),
          'Quoted from your website',
          'the untouched fields stay quoted',
        );
      });
    });

    test('locking a field marks it as locked', async () => {
      await inEditor(env(), async (page) => {
        await fieldButton(page, 'tagline', 'Lock').click();
        await page.getByRole('status').filter({ hasText: 'Tagline is locked' }).waitFor();
        assert.equal((await badge(page, 'tagline').textContent())?.trim(), 'Locked — AI redrafts skip it');
        assert.equal(await fieldButton(page, 'tagline', 'Lock').count(), 0, 'a locked field offers no Lock button');
        assert.equal(
          await page.getByRole('textbox', { name: 'Tagline', exact: true }).inputValue(),
          TAGLINE,
          'locking keeps the value',
        );
      });
    });

    test("restoring an edited field brings back the website's value", async () => {
      await inEditor(env(), async (page) => {
        await page.getByRole('textbox', { name: 'Tagline', exact: true }).fill('Something we made up');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await page.getByRole('status').filter({ hasText: 'Your changes were saved.' }).waitFor();
        await fieldButton(page, 'tagline', "Restore the website's value").click();
        await page
          .getByRole('status')
          .filter({ hasText: 'Tagline is back to the value quoted from your website.' })
          .waitFor();
        assert.equal(await page.getByRole('textbox', { name: 'Tagline', exact: true }).inputValue(), TAGLINE);
        assert.equal((await badge(page, 'tagline').textContent())?.trim(), 'Quoted from your website');
        assert.equal(await fieldButton(page, 'tagline', "Restore the website's value").count(), 0);
      });
    });

    test('an evidence link shows the quote highlighted on the page it came from', async () => {
      await inEditor(env(), async (page) => {
        const quote = (await page.locator('#field-tagline ul.evidence q').first().textContent()) ?? '';
        assert.ok(quote.includes(TAGLINE), `the tagline's first quote: ${quote}`);
        await page.locator('#field-tagline').getByRole('link', { name: 'show it on the page' }).first().click();
        await page.waitForURL(
          (url) => url.pathname.endsWith('/evidence') && url.searchParams.get('field') === 'tagline',
        );
        await page.getByRole('heading', { level: 1, name: 'Where “Tagline” comes from' }).waitFor();
        const mark = page.locator('mark#quote');
        assert.equal(await mark.count(), 1);
        assert.equal((await mark.textContent())?.replace(/\s+/g, ' ').trim(), quote.replace(/\s+/g, ' ').trim());
        assert.ok(await mark.isVisible(), 'the highlight is visible');
        await page.getByRole('link', { name: 'Back to the draft' }).first().click();
        await page.getByRole('heading', { level: 1, name: 'Tallyflow' }).waitFor();
      });
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' }, publicUrlIsListenAddress: true },
);
