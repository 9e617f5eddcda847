import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { TestEnv } from './app.js';
import { createUser, TEST_PASSWORD } from './credentials.js';
import { runJobs } from './draft-client.js';
import { startDraft } from '../../src/domain/drafts/start-draft.js';

/** Where the browser tests find Chromium: CHROMIUM_PATH, else Debian's package (`apt-get install -y chromium`). */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How long one browser action or wait may take before the test fails with a readable timeout. */
export const ACTION_TIMEOUT_MS = 10_000;

/**
 * A headless Chromium driven by playwright-core: Debian's own Chromium (no browser download).
 * `--no-sandbox` because the tests run as root, where Chromium's sandbox refuses to start.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `The browser tests need Chromium, and there is none at ${executablePath}. ` +
        'Install it with `apt-get install -y chromium` (as root, on Debian or Ubuntu; `npm test` does this itself when run as root), ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
}

/** A fresh browser profile (no cookies) with one tab, its base URL set to the app. */
export async function openPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the /signin form as a person would: type the email and password, press "Sign in". */
export async function signInThroughForm(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/signin')) await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  try {
    await page.waitForURL((url) => url.pathname !== '/signin');
  } catch (err) {
    const shown = await page
      .locator('main')
      .innerText()
      .catch(() => '');
    throw new Error(
      `Signing in as ${email} through /signin did not leave the sign-in page: ${shown.replace(/\s+/g, ' ').slice(0, 300)}`,
      { cause: err },
    );
  }
}

/** Everything a page reports as broken: console errors and uncaught exceptions, as readable lines. */
export function collectPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error')
      problems.push(
        `console.error on ${page.url()}: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`,
      );
  });
  page.on('pageerror', (err) => problems.push(`uncaught exception on ${page.url()}: ${err.message}`));
  return problems;
}

/**
 * A founder signed in through the browser, looking at the editor of a ready draft of the website at
 * `origin` (the crawl and drafting ran as the worker runs them).
 */
export async function inReadyDraftEditor(
  browser: Browser,
  env: TestEnv,
  origin: string,
  label: string,
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const email = await createUser(env, label);
  const [user] = await env.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  const draftId = await startDraft(env.ctx, user.id, `${origin}/`);
  await runJobs(env);
  const { context, page } = await openPage(browser, env.baseUrl);
  try {
    await signInThroughForm(page, email);
    await page.goto(`/drafts/${draftId}`);
    await page.getByRole('heading', { level: 1, name: 'Tallyflow' }).waitFor();
    await run(page);
  } finally {
    await context.close();
  }
}

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe-core findings on the page as it is now, as readable lines. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            o: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
}

/** No serious axe finding and no sideways scrolling, at desktop and phone width. */
export async function accessibleAtBothWidths(page: Page, what: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px at ${width}px`);
    assert.deepEqual(await seriousAxeFindings(page), [], `${what} at ${width}px`);
  }
}
