import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { crawlSite, renderNotice, type CrawledPage } from '../../src/crawler/crawl-site.js';
import { extractPage } from '../../src/crawler/page-text.js';
import { hasUndrawnParts, isAppShell } from '../../src/crawler/render-page.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { chromiumPath } from '../support/browser.js';

const opts = { publicUrl: 'http://launchdeck.test', allowHosts: ['127.0.0.1'] };
const withChromium = { ...opts, render: { chromiumPath: chromiumPath() } };
const shell = (
  title: string,
  extra = '',
) => `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title} in short">${extra}</head>
  <body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/app.js"></script></body></html>`;

/** Another origin the rendered page tries to reach: it must never hear from us. */
const other = await startFixtureSite({
  '/beacon': { body: 'seen' },
  '/pixel.png': { type: 'image/png', body: 'x' },
  '/style.css': { type: 'text/css', body: 'p{}' },
});
const spa = await startFixtureSite({
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
  '/private/data.json': { type: 'application/json', body: '{}' },
  '/': { body: shell('Orbitly', `<link rel="stylesheet" href="${other.origin}/style.css">`) },
  '/pricing': { body: shell('Orbitly pricing') },
  '/content.json': {
    type: 'application/json',
    body: JSON.stringify({
      '/': ['Retrospectives your team will actually enjoy', 'Orbitly runs async retrospectives in Slack.'],
      '/pricing': ['Pricing', 'Free for teams of five.'],
    }),
  },
  '/app.js': (_o) => ({
    type: 'application/javascript',
    body: `fetch(${JSON.stringify(other.origin)} + '/beacon').catch(() => {});
      fetch('/private/data.json').catch(() => {});
      new Image().src = ${JSON.stringify(other.origin)} + '/pixel.png';
      fetch('/content.json').then((r) => r.json()).then((all) => {
        const [h, p] = all[location.pathname];
        document.getElementById('root').innerHTML = '<nav><a href="/pricing">Pricing</a></nav><h1>' + h + '</h1><p>' + p + '</p>';
      });`,
  }),
});
after(async () => {
  await spa.close();
  await other.close();
});

test('an application shell is told apart from a page with text of its own', () => {
  const html = shell('Orbitly');
  assert.equal(isAppShell(html, extractPage(html, 'https://x.example/')), true);
  const page = `<html><body><div id="main"><h1>Orbitly</h1><p>${'Orbitly runs async retrospectives in Slack. '.repeat(8)}</p></div><script src="/a.js"></script></body></html>`;
  assert.equal(isAppShell(page, extractPage(page, 'https://x.example/')), false);
  const noScript = '<html><body><div id="root"></div></body></html>';
  assert.equal(isAppShell(noScript, extractPage(noScript, 'https://x.example/')), false);
});

test('a page whose navigation or footer are web components left empty for a script to draw needs rendering; an icon element does not', () => {
  const body = `<h1>Counter</h1><p>${'Simple, privacy-friendly web analytics. '.repeat(8)}</p>`;
  assert.equal(
    hasUndrawnParts(
      `<html><head><script src="/load.js"></script></head><body><header><base-navbar></base-navbar></header>${body}<base-footer></base-footer></body></html>`,
    ),
    true,
  );
  assert.equal(
    hasUndrawnParts(
      `<html><head><script src="/ionicons.js"></script></head><body><main>${body}<p><ion-icon name="star"></ion-icon> Rated 5</p></main></body></html>`,
    ),
    false,
  );
  assert.equal(
    hasUndrawnParts(`<html><body>${body}<base-footer></base-footer></body></html>`),
    false,
    'no script, nothing will draw it',
  );
});

test('a page read without its script-drawn navigation and footer is reported as partly read, not as a shell', () => {
  const page = {
    url: 'https://counter.example/',
    javascript: { rendered: false, why: 'rendering is off', partly: true },
  } as unknown as CrawledPage;
  const notice = renderNotice([page], false)!;
  assert.match(
    notice,
    /^Parts of the page https:\/\/counter\.example\/ are drawn by JavaScript \(its navigation, footer or sections\)/,
  );
  assert.match(notice, /set CRAWL_RENDER=chromium/);
  assert.doesNotMatch(notice, /only the title and meta tags/);
});

test('with CRAWL_RENDER=chromium a JavaScript shell is read as the browser renders it, links included', async () => {
  const r = await crawlSite(`${spa.origin}/`, withChromium);
  assert.equal(r.blocked, null);
  assert.match(
    r.pages[0].text!,
    /Retrospectives your team will actually enjoy\nOrbitly runs async retrospectives in Slack\./,
  );
  assert.deepEqual(r.pages[0].javascript, { rendered: true });
  const pricing = r.pages.find((p) => p.url.endsWith('/pricing'));
  assert.match(
    pricing?.text ?? '',
    /Free for teams of five\./,
    'a link that only the rendered page has is followed and rendered too',
  );
  assert.equal(r.notice, null);
});

test('a render cannot reach any other origin, nor what robots.txt disallows', async () => {
  const before = other.requests.length;
  const ownBefore = spa.requests.length;
  const r = await crawlSite(`${spa.origin}/`, withChromium);
  assert.match(r.pages[0].text!, /Orbitly runs async retrospectives/);
  assert.equal(
    other.requests.length - before,
    0,
    `the other origin was asked for ${other.requests
      .slice(before)
      .map((q) => q.path)
      .join(', ')}`,
  );
  assert.ok(
    r.notes.some((n) => n.includes(`${other.origin}/beacon (another origin)`)),
    r.notes.join('\n'),
  );
  assert.ok(
    !spa.requests.slice(ownBefore).some((q) => q.path === '/private/data.json'),
    'robots.txt is obeyed for what scripts load',
  );
});

test('without rendering the shell keeps its title and meta tags, and the notice says how to render it', async () => {
  const before = spa.requests.length;
  const r = await crawlSite(`${spa.origin}/`, opts);
  assert.equal(r.blocked, null);
  assert.equal(r.pages[0].text, '');
  assert.match(r.pages[0].headText!, /Orbitly in short/);
  assert.deepEqual(r.pages[0].javascript, { rendered: false, why: 'rendering is off' });
  assert.match(r.notice!, /rendered by JavaScript; set CRAWL_RENDER=chromium/);
  assert.ok(
    !spa.requests.slice(before).some((q) => q.path === '/content.json'),
    'nothing a script would load is fetched',
  );
});

test('when Chromium cannot be started the shell is still read, and the notice says why', async () => {
  const r = await crawlSite(`${spa.origin}/`, { ...opts, render: { chromiumPath: '/nonexistent/chromium' } });
  assert.equal(r.blocked, null);
  assert.match(r.pages[0].headText!, /Orbitly in short/);
  assert.match(r.notice!, /could not be rendered \(no Chromium at \/nonexistent\/chromium\)/);
});

test('a render is cut at its time limit, and the page is read without it', async () => {
  const slow = await startFixtureSite({
    '/': { body: shell('Slowly') },
    '/app.js': {
      type: 'application/javascript',
      body: 'document.getElementById("root").textContent = "Finally here";',
      delayMs: 5_000,
    },
  });
  try {
    const started = Date.now();
    const r = await crawlSite(`${slow.origin}/`, { ...withChromium, pageTimeoutMs: 1_500 });
    assert.ok(Date.now() - started < 4_000, `took ${Date.now() - started} ms`);
    assert.doesNotMatch(r.pages[0].text ?? '', /Finally here/);
    assert.match(r.pages[0].headText!, /Slowly in short/);
  } finally {
    await slow.close();
  }
});
