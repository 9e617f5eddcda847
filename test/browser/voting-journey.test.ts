import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { TEST_PASSWORD } from '../support/credentials.js';
import { collectPageErrors, launchBrowser, openPage } from '../support/browser.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Set SCREENSHOTS=1 to refresh docs/screenshots/vote.png.
const screenshots = process.env.SCREENSHOTS === '1';

describeEachDatabase(
  'browser: a newcomer votes',
  (env) => {
    test('sign up, confirm the email, vote, see the week and the community board move, then take the vote back', async () => {
      const weekVotes = async () =>
        (await env().json('/api/v1/launches/weeks/this')).body.items.find(
          (i: { slug: string }) => i.slug === 'cafe-ledger',
        ).week_votes as number;
      const boardVotes = async () =>
        (await env().json('/api/v1/leaderboards/community-weekly?per_page=100')).body.items.find(
          (i: { listing: { slug: string } }) => i.listing.slug === 'cafe-ledger',
        )?.metric.value as number;
      const before = { week: await weekVotes(), board: await boardVotes() };
      const email = `newcomer-${Date.now()}@example.com`;
      const { context, page } = await openPage(browser, env().baseUrl);
      const problems = collectPageErrors(page);
      try {
        await page.goto('/signup');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(TEST_PASSWORD);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        const [mail] = await env().ctx.db.query<{ text_body: string }>(
          'SELECT text_body FROM mail_outbox WHERE to_address = $1',
          [email],
        );
        const link = /\/verify-email\?token=\S+/.exec(mail.text_body)![0];
        await page.goto(link);
        await page.getByText('Welcome! Your email is confirmed.').waitFor(); // the link signs in, too

        await page.goto('/p/cafe-ledger');
        const button = page.locator('form[data-vote] button');
        assert.equal(await button.getAttribute('aria-pressed'), 'false');
        await button.click();
        await page.locator('form[data-vote] button[aria-pressed="true"]').waitFor();
        assert.equal(page.url().endsWith('/p/cafe-ledger'), true, 'the vote happened in place');
        await page.getByText('Press again to take your vote back.').waitFor();
        if (screenshots) await page.screenshot({ path: 'docs/screenshots/vote.png' });
        assert.equal(await weekVotes(), before.week + 1);
        assert.equal(await boardVotes(), before.board + 1);

        await page.goto('/launches/weeks/this');
        const card = page.locator('li.listing-card', { hasText: 'Café Ledger' });
        assert.match(await card.locator('.votes').innerText(), new RegExp(`^${before.week + 1}\\b`));

        await page.goto('/p/cafe-ledger');
        await page.locator('form[data-vote] button').click();
        await page.locator('form[data-vote] button[aria-pressed="false"]').waitFor();
        assert.equal(await weekVotes(), before.week);
        assert.equal(await boardVotes(), before.board);
        assert.deepEqual(problems, []);
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
