import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { createUser } from '../support/credentials.js';
import {
  collectPageErrors,
  launchBrowser,
  openPage,
  signInThroughForm,
  accessibleAtBothWidths,
} from '../support/browser.js';

// What the pages say after sign-in, and that each kept action is done, is tested without a browser
// (test/site/community/vote-after-sign-in.test.ts, on both databases). Here: the same journeys as
// a person clicks them, the sign-in page they reach, and the pages they come back to.

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A signed-out visitor in a fresh browser profile; no console error or uncaught exception on the way. */
async function asVisitor(env: TestEnv, run: (page: Page) => Promise<void>) {
  const { context, page } = await openPage(browser, env.baseUrl);
  const problems = collectPageErrors(page);
  try {
    await run(page);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

const onSignInPage = (page: Page, next: string) =>
  page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('next') === next);

const cameBackTo = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

describeEachDatabase(
  'browser: what a signed-out visitor asks for survives signing in',
  (env) => {
    test('Upvote on a listing → one sign-in page with every method → a sign-in link by email → back on the listing, the vote cast', async () => {
      const email = `journey-${Date.now()}@example.com`;
      await asVisitor(env(), async (page) => {
        await page.goto('/p/cafe-ledger');
        await page.locator('form.vote-box button').click();
        await onSignInPage(page, '/p/cafe-ledger');
        // Every method on the one page (the providers show only when configured).
        await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
        await page.getByLabel('Password').waitFor();
        await page.getByRole('button', { name: 'Email me a sign-in link' }).waitFor();
        await page.getByRole('link', { name: 'Create an account' }).waitFor();
        await accessibleAtBothWidths(page, 'the sign-in page reached by Upvote');

        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        const [mail] = await env().ctx.db.query<{ text_body: string }>(
          'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
          [email],
        );
        await page.goto(/\/signin\/email\/link\?token=\S+/.exec(mail.text_body)![0]);
        await page.getByRole('button', { name: 'Create my account and sign in' }).click();
        await cameBackTo(page, '/p/cafe-ledger');
        await page.getByRole('status').filter({ hasText: 'You are signed in, and your upvote is counted.' }).waitFor();
        assert.equal(await page.locator('form[data-vote] button').getAttribute('aria-pressed'), 'true');
        await accessibleAtBothWidths(page, 'the listing after the vote was cast');
      });
    });

    test('Upvote on a home page card → sign in → back on the home page, told the vote for that listing is counted', async () => {
      const email = await createUser(env(), 'card-journey');
      await asVisitor(env(), async (page) => {
        await page.goto('/');
        await page.locator('li.listing-card', { hasText: 'Café Ledger' }).locator('button.card-vote').first().click();
        await onSignInPage(page, '/');
        await signInThroughForm(page, email);
        await cameBackTo(page, '/');
        await page
          .getByRole('status')
          .filter({ hasText: 'You are signed in, and your upvote for Café Ledger is counted.' })
          .waitFor();
        await accessibleAtBothWidths(page, 'the home page after the vote was cast');
      });
    });

    test('Follow → sign in → back on the listing, following it', async () => {
      const email = await createUser(env(), 'follow-journey');
      await asVisitor(env(), async (page) => {
        await page.goto('/p/rowboat');
        await page.getByRole('button', { name: 'Follow' }).click();
        await onSignInPage(page, '/p/rowboat');
        await signInThroughForm(page, email);
        await cameBackTo(page, '/p/rowboat');
        await page.getByText('You are signed in and follow this launch: its updates come by email.').waitFor();
        await page.getByRole('button', { name: 'Unfollow' }).waitFor();
      });
    });

    test('a comment, then a reply to it, each typed signed out → sign in → posted, the discussion says so', async () => {
      const [commenter, replier] = [
        await createUser(env(), 'comment-journey'),
        await createUser(env(), 'reply-journey'),
      ];
      await asVisitor(env(), async (page) => {
        await page.goto('/p/rowboat');
        await page.getByLabel('Add a comment').fill('Typed in the browser before signing in.');
        await page.getByRole('button', { name: 'Sign in and post' }).click();
        await onSignInPage(page, '/p/rowboat#comments');
        await signInThroughForm(page, commenter);
        await cameBackTo(page, '/p/rowboat');
        const discussion = page.locator('section#comments');
        await discussion.getByRole('status').filter({ hasText: 'your comment is posted' }).waitFor();
        await discussion.locator('.comment-body', { hasText: 'Typed in the browser before signing in.' }).waitFor();
        await accessibleAtBothWidths(page, 'the listing after the comment was posted');
      });
      await asVisitor(env(), async (page) => {
        await page.goto('/p/rowboat');
        const thread = page.locator('li.comment', { hasText: 'Typed in the browser before signing in.' });
        await thread.locator('summary', { hasText: 'Reply' }).click();
        await thread.getByRole('textbox').fill('A reply typed signed out.');
        await thread.getByRole('button', { name: 'Sign in and post reply' }).click();
        await signInThroughForm(page, replier);
        await cameBackTo(page, '/p/rowboat');
        await page
          .locator('section#comments')
          .getByRole('status')
          .filter({ hasText: 'your comment is posted' })
          .waitFor();
        await thread.locator('li.reply', { hasText: 'A reply typed signed out.' }).waitFor();
      });
    });

    test('a review written signed out → sign in → published, the reviews say so', async () => {
      const email = await createUser(env(), 'review-journey');
      await asVisitor(env(), async (page) => {
        await page.goto('/p/quillnote');
        await page.getByLabel('4 stars').check();
        await page.getByLabel('Your review').fill('Written in the browser before signing in.');
        await page.getByRole('button', { name: 'Publish my review' }).click();
        await onSignInPage(page, '/p/quillnote#reviews');
        await signInThroughForm(page, email);
        await cameBackTo(page, '/p/quillnote');
        const reviews = page.locator('section#reviews');
        await reviews.getByRole('status').filter({ hasText: 'your review is published' }).waitFor();
        await reviews.getByRole('paragraph').filter({ hasText: 'Written in the browser before signing in.' }).waitFor();
      });
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
    // The journeys' outcomes run on both databases in the site tests; the browser checks the pages on one.
    kinds: ['postgres'],
  },
);
