import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import {
  collectPageErrors,
  launchBrowser,
  openPage,
  seriousAxeFindings as seriousFindings,
  signInThroughForm,
} from '../support/browser.js';
import { createUser } from '../support/credentials.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describeEachDatabase(
  'browser: the discussion on a listing page',
  (env) => {
    test('a member comments and replies through the page forms; the discussion, every form open, is accessible and fits a phone, light and dark', async () => {
      const email = await createUser(env(), 'browser-commenter');
      const { context, page } = await openPage(browser, env().baseUrl);
      const problems = collectPageErrors(page);
      try {
        await signInThroughForm(page, email);
        await page.goto('/p/quillnote');
        await page.getByLabel('Add a comment').fill('Does it **summarise** meetings? See https://docs.example/notes');
        await page.getByRole('button', { name: 'Post comment' }).click();
        await page.waitForURL(/\/p\/quillnote#comment-\d+$/);
        const comment = page.locator('li.comment').first();
        await comment.locator('strong', { hasText: 'summarise' }).waitFor();
        await comment.locator('summary', { hasText: 'Reply' }).click();
        await comment.getByRole('textbox', { name: /Your reply to/ }).fill('Answering myself: yes.');
        await comment.getByRole('button', { name: 'Post reply' }).click();
        await page.locator('li.comment.reply', { hasText: 'Answering myself: yes.' }).waitFor();
        // Every form of the discussion open at once, as the worst case for layout and labels.
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const width of [1280, 360]) {
            await page.setViewportSize({ width, height: 800 });
            await page.goto('/p/quillnote');
            await page.evaluate(() => {
              for (const d of document.querySelectorAll('#comments details')) d.setAttribute('open', '');
            });
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            assert.ok(overflow <= 0, `scrolls sideways by ${overflow}px at ${width}px (${scheme})`);
            assert.deepEqual(await seriousFindings(page), [], `${width}px, ${scheme}`);
          }
        }
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
