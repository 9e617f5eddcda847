import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { crawlSite } from '../../src/crawler/crawl-site.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { kindOf, rankPages } from '../../src/crawler/page-picker.js';
import { decodeBody } from '../../src/crawler/decode.js';

const opts = { publicUrl: 'http://launchdeck.test', allowHosts: ['127.0.0.1'] };
const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

const saas = await startFixtureSite({
  '/robots.txt': {
    type: 'text/plain',
    body: 'User-agent: *\nDisallow: /admin\n\nUser-agent: LaunchdeckBot\nDisallow: /private\n',
  },
  '/': (o) => ({
    body: page(
      'Tallyflow — invoices that chase themselves',
      `<h1>Invoices that chase themselves</h1><p>Tallyflow sends reminders.</p>
    <a href="/about">About us</a> <a href="/pricing">Pricing</a> <a href="/private/team">Team</a> <a href="https://elsewhere.example/blog">Blog</a>
    <a href="${o}/faq#top">FAQ</a><script>var hidden = "not text";</script><style>p{}</style>`,
    ),
  }),
  '/about': { body: page('About', '<p>Founded in 2021 in Lisbon.</p>') },
  '/pricing': { body: page('Pricing', '<ul><li>Starter: $9/month</li><li>Team: $29/month</li></ul>') },
  '/faq': { body: page('FAQ', '<dl><dt>Is there a trial?</dt><dd>Yes, 14 days.</dd></dl>'), gzip: true },
  '/private/team': { body: page('Team', '<p>Secret team page</p>') },
  '/sitemap.xml': { type: 'application/xml', body: '<urlset><url><loc>/contact</loc></url></urlset>' },
});
const blocked = await startFixtureSite({
  '/robots.txt': { type: 'text/plain', body: 'User-agent: LaunchdeckBot\nDisallow: /\n' },
  '/': { body: page('Hidden', '<p>x</p>') },
});
const latin1 = await startFixtureSite({
  '/': {
    type: 'text/html; charset=iso-8859-1',
    headers: { 'content-language': 'FR' },
    body: Buffer.from(page('Café', '<p>Crème brûlée café</p>'), 'latin1'),
  },
});
const redirects = await startFixtureSite({
  '/': { status: 301, headers: { location: '/one' } },
  '/one': { status: 302, headers: { location: '/home' } },
  '/home': { body: page('Home', '<p>Landed</p>') },
  '/loop': { status: 302, headers: { location: '/loop' } },
  '/metadata': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
});
const odd = await startFixtureSite({
  '/doc.pdf': { type: 'application/pdf', body: '%PDF-1.4' },
  '/huge': { body: page('Huge', `<p>${'x'.repeat(3_000_000)}</p>`) },
});
const broken = await startFixtureSite({ '/robots.txt': { status: 503, body: 'down' }, '/': { body: page('x', 'y') } });
after(async () => {
  for (const s of [saas, blocked, latin1, redirects, odd, broken]) await s.close();
});

test('the homepage and its about, pricing and FAQ pages are read, with visible text only', async () => {
  const r = await crawlSite(`${saas.origin}/`, opts);
  assert.equal(r.blocked, null);
  assert.deepEqual(
    r.pages.map((p) => p.kind),
    ['homepage', 'about', 'pricing', 'faq', 'contact'],
  );
  const home = r.pages[0];
  assert.equal(home.title, 'Tallyflow — invoices that chase themselves');
  assert.match(home.text!, /Invoices that chase themselves\nTallyflow sends reminders\./);
  assert.doesNotMatch(home.text!, /not text/);
  assert.match(r.pages.find((p) => p.kind === 'pricing')!.text!, /Team: \$29\/month/);
  assert.match(r.pages.find((p) => p.kind === 'faq')!.text!, /Yes, 14 days\./, 'gzip is decoded');
});

test('pages robots.txt disallows for our User-Agent are never fetched', async () => {
  const before = saas.requests.length;
  await crawlSite(`${saas.origin}/`, opts);
  const paths = saas.requests.slice(before).map((r) => r.path);
  assert.ok(!paths.includes('/private/team'));
  assert.equal(paths[0], '/robots.txt');
  assert.match(saas.requests[before].userAgent, /^LaunchdeckBot\/1\.0/);
});

test('a site whose robots.txt disallows us is not read at all, and says why', async () => {
  const r = await crawlSite(`${blocked.origin}/`, opts);
  assert.match(r.blocked!, /robots\.txt does not allow LaunchdeckBot/);
  assert.deepEqual(
    blocked.requests.map((q) => q.path),
    ['/robots.txt'],
  );
});

test('a robots.txt answering 5xx means nothing is read', async () => {
  const r = await crawlSite(`${broken.origin}/`, opts);
  assert.match(r.blocked!, /HTTP 503/);
});

test('the charset of the page is honoured', async () => {
  const r = await crawlSite(`${latin1.origin}/`, opts);
  assert.match(r.pages[0].text!, /Crème brûlée café/);
});

test('a page keeps its Content-Language header, lower-cased, as a sign of its language', async () => {
  const r = await crawlSite(`${latin1.origin}/`, opts);
  assert.equal(r.pages[0].contentLanguage, 'fr');
});

test('redirects are followed up to five, never to a private address', async () => {
  assert.match((await crawlSite(`${redirects.origin}/`, opts)).pages[0].text!, /Landed/);
  assert.match((await crawlSite(`${redirects.origin}/loop`, opts)).blocked!, /more than 5 redirects/);
  assert.match((await crawlSite(`${redirects.origin}/metadata`, opts)).blocked!, /private or reserved/);
});

test('non-HTML and oversized pages are skipped with the reason', async () => {
  assert.match((await crawlSite(`${odd.origin}/doc.pdf`, opts)).blocked!, /not an HTML page \(application\/pdf\)/);
  assert.match((await crawlSite(`${odd.origin}/huge`, opts)).blocked!, /larger than 2000000 bytes/);
});

test('without an allow-list entry a loopback site is refused before any request', async () => {
  const before = saas.requests.length;
  const r = await crawlSite(`${saas.origin}/`, { ...opts, allowHosts: [] });
  assert.match(r.blocked!, /private or reserved/);
  assert.equal(saas.requests.length, before);
});

test('page kinds come from shallow paths or link words', () => {
  assert.equal(kindOf(new URL('https://x.example/')), 'homepage');
  assert.equal(kindOf(new URL('https://x.example/pricing')), 'pricing');
  assert.equal(kindOf(new URL('https://x.example/company/about-us')), 'about');
  assert.equal(kindOf(new URL('https://x.example/blog/2024/05/pricing-update')), null);
  assert.equal(kindOf(new URL('https://x.example/p/42'), 'FAQ'), 'faq');
});

test('only same-site links are ranked, each page once whatever its fragment, query or trailing slash', () => {
  const { ranked } = rankPages(new URL('https://www.x.example/'), [
    { href: 'https://x.example/pricing', text: '', source: 'body' },
    { href: 'https://x.example/pricing/?ref=nav#plans', text: '', source: 'nav' },
    { href: 'https://other.example/about', text: '', source: 'nav' },
    { href: 'https://www.x.example/index.html', text: '', source: 'nav' },
  ]);
  assert.deepEqual(ranked, [{ url: 'https://x.example/pricing', kind: 'pricing', rank: 'body' }]);
});

test('a body without a charset falls back to its meta tag, then UTF-8', () => {
  assert.equal(
    decodeBody(Buffer.from('<meta charset="iso-8859-1"><p>é</p>', 'latin1'), 'text/html'),
    '<meta charset="iso-8859-1"><p>é</p>',
  );
  assert.equal(decodeBody(Buffer.from('<p>é</p>'), null), '<p>é</p>');
});

test("a redirect to another site obeys that site's robots.txt", async () => {
  const target = await startFixtureSite({
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /\n' },
    '/home': { body: page('Elsewhere', '<p>Not for robots</p>') },
  });
  const hop = await startFixtureSite({
    '/': (_o) => ({ status: 302, headers: { location: `${target.origin}/home` } }),
  });
  try {
    const r = await crawlSite(`${hop.origin}/`, opts);
    assert.match(r.blocked ?? '', /disallowed by robots\.txt after a redirect/);
    assert.equal(r.pages[0].text, undefined);
    assert.equal(r.retryable, false);
    assert.ok(!target.requests.some((q) => q.path === '/home'), 'the disallowed target was never fetched');
  } finally {
    await target.close();
    await hop.close();
  }
});

test('an unreachable site is blocked as worth retrying; a robots.txt refusal is not', async () => {
  const down = await crawlSite('http://127.0.0.1:1/', opts);
  assert.ok(down.blocked);
  assert.equal(down.retryable, true);
  const refused = await crawlSite(`${blocked.origin}/`, opts);
  assert.equal(refused.retryable, false);
});

// ───────────── a small site read whole: up to 15 pages in rank order, every other page with its reason ─────────────

const navPage = (title: string, text: string) =>
  page(
    title,
    `<header><nav><a href="/features">Features</a> <a href="/pricing">Pricing</a></nav></header><h1>${title}</h1><p>${text}</p>`,
  );
const wholeSite = await startFixtureSite({
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /internal/\n\nSitemap: /sitemap-index.xml\n' },
  '/sitemap-index.xml': {
    type: 'application/xml',
    body: '<sitemapindex><sitemap><loc>/sitemap-pages.xml</loc></sitemap></sitemapindex>',
  },
  '/sitemap-pages.xml': (o) => ({
    type: 'application/xml',
    body: `<urlset>${['/', '/pricing', '/security', '/community', '/brochure', '/roadmap', '/careers'].map((p) => `<url><loc>${o}${p}</loc></url>`).join('')}</urlset>`,
  }),
  '/': {
    body: `<!doctype html><html lang="en"><head><title>Orbit</title></head><body>
    <header><a href="/">Orbit</a><nav><a href="/features">Features</a> <a href="/pricing">Pricing</a> <a href="/docs">Docs</a> <a href="/blog/">Blog</a></nav></header>
    <main><h1>Orbit keeps your team in sync</h1>
      <p><a href="/login">Sign in</a> <a href="/announcing-v1">Announcing 1.0</a> <a href="/why">Why Orbit</a> <a href="/pricing?ref=hero">See plans</a> <a href="#top">Top</a></p>
      <p><a href="/case-studies">Case studies</a> <a href="/download/orbit.dmg">Download for macOS</a> <a href="/internal/roadmap">Internal</a> <a href="/de/">Deutsch</a>
        <a href="/integrations">Integrations</a> <a href="/changelog">Changelog</a></p></main>
    <footer><a href="/about">About</a> <a href="/license">License</a> <a href="/imprint">Imprint</a> <a href="/contact">Contact</a> <a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
  </body></html>`,
  },
  ...Object.fromEntries(
    [
      '/features',
      '/pricing',
      '/docs',
      '/blog/',
      '/about',
      '/contact',
      '/announcing-v1',
      '/why',
      '/case-studies',
      '/integrations',
      '/changelog',
      '/security',
      '/community',
      '/roadmap',
      '/careers',
      '/license',
      '/imprint',
      '/privacy',
      '/terms',
      '/de/',
      '/login',
      '/internal/roadmap',
    ].map((p) => [p, { body: navPage(`Orbit ${p}`, `This is ${p}.`) }]),
  ),
  '/brochure': { type: 'application/pdf', body: '%PDF-1.7' },
});
after(() => wholeSite.close());

test('a small site is read whole: home, navigation, footer, other links, then the sitemap, up to 15 pages', async () => {
  const r = await crawlSite(`${wholeSite.origin}/`, opts);
  assert.equal(r.blocked, null);
  const read = r.pages.filter((p) => p.text).map((p) => new URL(p.url).pathname);
  assert.deepEqual(read, [
    '/',
    '/features',
    '/pricing',
    '/docs',
    '/blog/',
    '/about',
    '/contact',
    '/announcing-v1',
    '/why',
    '/case-studies',
    '/integrations',
    '/changelog',
    '/security',
    '/community',
    '/roadmap',
  ]);
  assert.equal(
    r.pages.find((p) => p.url.endsWith('/announcing-v1'))!.kind,
    'page',
    'pages outside the name list are read too',
  );
});

test('every page found and not read is reported with its reason', async () => {
  const r = await crawlSite(`${wholeSite.origin}/`, opts);
  const why = Object.fromEntries(r.skipped.map((s) => [new URL(s.url).pathname, s.reason]));
  assert.deepEqual(why, {
    '/brochure': 'not_html',
    '/download/orbit.dmg': 'not_html',
    '/internal/roadmap': 'robots',
    // Over the limit: what the sitemap alone lists, then legal pages, then the German copy, then signing in.
    '/careers': 'page_limit',
    '/license': 'page_limit',
    '/imprint': 'page_limit',
    '/privacy': 'page_limit',
    '/terms': 'page_limit',
    '/de/': 'page_limit',
    '/login': 'page_limit',
  });
  assert.deepEqual(
    r.skipped.filter((s) => s.reason === 'page_limit').map((s) => new URL(s.url).pathname),
    ['/careers', '/license', '/imprint', '/privacy', '/terms', '/de/', '/login'],
  );
  assert.match(r.skipped.find((s) => s.url.endsWith('/brochure'))!.detail, /not an HTML page \(application\/pdf\)/);
});

test('pages disallowed by robots.txt, files by their extension and pages over the limit are never fetched', async () => {
  const before = wholeSite.requests.length;
  await crawlSite(`${wholeSite.origin}/`, opts);
  const paths = wholeSite.requests.slice(before).map((q) => q.path);
  for (const p of ['/internal/roadmap', '/download/orbit.dmg', '/careers', '/license', '/de/', '/login'])
    assert.ok(!paths.includes(p), `${p} was fetched`);
  assert.equal(
    paths.filter((p) => p === '/pricing').length,
    1,
    'a page linked with a query or a fragment is fetched once',
  );
});

test('a page redirecting off the site, a slow page and an oversized page are skipped with their reason', async () => {
  const elsewhere = await startFixtureSite({ '/blog': { body: page('Elsewhere', '<p>Another site</p>') } });
  const site = await startFixtureSite({
    '/': {
      body: page(
        'Home',
        '<nav><a href="/blog">Blog</a> <a href="/slow">Slow</a> <a href="/huge">Huge</a> <a href="/ok">OK</a></nav><p>Home text</p>',
      ),
    },
    '/blog': (_o) => ({ status: 301, headers: { location: `${elsewhere.origin}/blog` } }),
    '/slow': { body: page('Slow', '<p>late</p>'), delayMs: 2_000 },
    '/huge': { body: page('Huge', `<p>${'x'.repeat(2_100_000)}</p>`) },
    '/ok': { body: page('OK', '<p>Fine</p>') },
  });
  try {
    const r = await crawlSite(`${site.origin}/`, { ...opts, pageTimeoutMs: 500 });
    const why = Object.fromEntries(r.skipped.map((s) => [new URL(s.url).pathname, s.reason]));
    assert.deepEqual(why, { '/blog': 'off_site_redirect', '/slow': 'timeout', '/huge': 'too_large' });
    assert.deepEqual(
      r.pages.filter((p) => p.text).map((p) => new URL(p.url).pathname),
      ['/', '/ok'],
    );
    assert.equal(elsewhere.requests.length, 0, 'the other site was never asked');
  } finally {
    await site.close();
    await elsewhere.close();
  }
});

test('links found on the pages read are followed too, after the home page’s own', async () => {
  const site = await startFixtureSite({
    '/': { body: page('Home', '<p>Home <a href="/why">Why</a></p>') },
    '/why': { body: page('Why', '<p>Because. <a href="/story">Our story</a></p>') },
    '/story': { body: page('Story', '<p>Once upon a time.</p>') },
  });
  try {
    const r = await crawlSite(`${site.origin}/`, opts);
    assert.deepEqual(
      r.pages.map((p) => new URL(p.url).pathname),
      ['/', '/why', '/story'],
    );
  } finally {
    await site.close();
  }
});

test('pages are fetched a few at once, so fifteen slow pages take a fraction of their sum', async () => {
  const paths = Array.from({ length: 14 }, (_, i) => `/p${i}`);
  const site = await startFixtureSite({
    '/': { body: page('Home', paths.map((p) => `<a href="${p}">${p}</a>`).join(' ')) },
    ...Object.fromEntries(paths.map((p) => [p, { body: page(p, `<p>${p}</p>`), delayMs: 300 }])),
  });
  try {
    const started = Date.now();
    const r = await crawlSite(`${site.origin}/`, opts);
    assert.equal(r.pages.filter((p) => p.text).length, 15);
    assert.ok(Date.now() - started < (14 * 300) / 2, `took ${Date.now() - started} ms`);
  } finally {
    await site.close();
  }
});

test('a near-empty homepage that sends browsers on at once (meta refresh or script) is read where it sends them', async () => {
  const refresh = await startFixtureSite({
    '/': {
      body: page('Acme', '<p>Redirection…</p>').replace(
        '</head>',
        '<meta http-equiv="refresh" content="0; url=/ja/"></head>',
      ),
    },
    '/ja/': { body: page('Acme — 請求書をかんたんに', '<h1>請求書をかんたんに</h1><a href="/ja/pricing">料金</a>') },
    '/ja/pricing': { body: page('料金', '<p>月額980円</p>') },
  });
  const scripted = await startFixtureSite({
    '/': { body: page('Acme', '<script>window.location.href = "/pt-br/";</script>') },
    '/pt-br/': { body: page('Acme — faturas simples', '<h1>Faturas simples</h1><p>Crie faturas em dois minutos.</p>') },
  });
  try {
    const r = await crawlSite(`${refresh.origin}/`, opts);
    assert.deepEqual(
      r.pages.map((p) => `${p.kind} ${new URL(p.url).pathname}`),
      ['homepage /ja/', 'pricing /ja/pricing'],
    );
    const s = await crawlSite(`${scripted.origin}/`, opts);
    assert.equal(new URL(s.pages[0].url).pathname, '/pt-br/');
    assert.match(s.pages[0].text!, /Crie faturas em dois minutos/);
  } finally {
    await refresh.close();
    await scripted.close();
  }
});

test('a copy served from another host reads its links to the domain it declares as its own from this host', async () => {
  const copy = await startFixtureSite({
    '/': {
      body: `<!doctype html><html><head><title>Acme</title><link rel="canonical" href="https://www.acme.example/"><meta property="og:url" content="https://acme.example/"></head><body><h1>Acme</h1><footer><a href="https://www.acme.example/precos/">Preços</a> <a href="https://acme.example/sobre/">Sobre</a> <a href="https://elsewhere.example/blog">Blog</a></footer></body></html>`,
    },
    '/precos/': { body: page('Preços', '<p>Plano Pro: R$ 29/mês</p>') },
    '/sobre/': { body: page('Sobre', '<p>Fundada em 2020.</p>') },
  });
  try {
    const r = await crawlSite(`${copy.origin}/`, opts);
    const read = r.pages.filter((p) => !p.skipped).map((p) => new URL(p.url).pathname);
    assert.deepEqual(read.sort(), ['/', '/precos/', '/sobre/']);
    assert.ok(r.pages.every((p) => p.url.startsWith(copy.origin)));
  } finally {
    await copy.close();
  }
});

test('the same site gives the same pages whichever of them answers first', async () => {
  const first = ['/a', '/b', '/c', '/d'];
  const crawl = async (slow: string) => {
    const site = await startFixtureSite({
      '/': { body: page('Home', first.map((p) => `<a href="${p}">${p}</a>`).join(' ')) },
      // Each page of the first wave links pages of its own; only some fit under the page limit.
      ...Object.fromEntries(
        first.map((p) => [
          p,
          {
            body: page(p, `<p>${p}</p><a href="${p}/x">x</a> <a href="${p}/y">y</a>`),
            delayMs: p === slow ? 400 : 0,
          },
        ]),
      ),
      ...Object.fromEntries(
        first.flatMap((p) => [`${p}/x`, `${p}/y`].map((q) => [q, { body: page(q, `<p>${q}</p>`) }])),
      ),
    });
    try {
      const r = await crawlSite(`${site.origin}/`, { ...opts, maxPages: 7 });
      return r.pages.map((p) => new URL(p.url).pathname);
    } finally {
      await site.close();
    }
  };
  assert.deepEqual(await crawl('/a'), await crawl('/d'));
});
