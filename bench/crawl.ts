// Crawl speed: a 15-page site on loopback (home, navigation, footer, sitemap; ~40 KB a page), read
// whole by crawlSite, with no added latency and with 100 ms per request (a far-away server). The
// baseline is the same crawl one page at a time; the ratio says what fetching four at once buys.
// With Chromium present, also the time to render one JavaScript shell (CRAWL_RENDER=chromium).
import fs from 'node:fs';
import { crawlSite } from '../src/crawler/crawl-site.js';
import { startFixtureSite, type FixtureRoutes } from '../test/support/fixture-site.js';

const paths = [
  '/features',
  '/pricing',
  '/docs',
  '/blog',
  '/about',
  '/team',
  '/faq',
  '/contact',
  '/why',
  '/announcing-v1',
  '/integrations',
  '/changelog',
  '/security',
  '/community',
];
const filler = Array.from(
  { length: 300 },
  (_, i) => `<p>Paragraph ${i}: Orbit keeps your team in sync with short written updates.</p>`,
).join('\n');
const page = (title: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
  <header><nav>${paths
    .slice(0, 6)
    .map((p) => `<a href="${p}">${p.slice(1)}</a>`)
    .join(' ')}</nav></header>
  <main><h1>${title}</h1>${filler}<p>${paths
    .slice(6, 10)
    .map((p) => `<a href="${p}">${p.slice(1)}</a>`)
    .join(' ')}</p></main>
  <footer>${paths
    .slice(10, 12)
    .map((p) => `<a href="${p}">${p.slice(1)}</a>`)
    .join(' ')}</footer></body></html>`;

function routes(delayMs: number): FixtureRoutes {
  return {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\nSitemap: /sitemap.xml\n', delayMs },
    '/sitemap.xml': (o) => ({
      type: 'application/xml',
      body: `<urlset>${paths.map((p) => `<url><loc>${o}${p}</loc></url>`).join('')}</urlset>`,
      delayMs,
    }),
    '/': { body: page('Orbit'), delayMs },
    ...Object.fromEntries(paths.map((p) => [p, { body: page(`Orbit ${p}`), delayMs }])),
  };
}

const opts = { publicUrl: 'http://launchdeck.test', allowHosts: ['127.0.0.1'] };
const RUNS = 5;
async function median(origin: string, concurrency: number): Promise<{ ms: number; pages: number }> {
  const times: number[] = [];
  let pages = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = await crawlSite(`${origin}/`, { ...opts, concurrency });
    times.push(performance.now() - t0);
    pages = r.pages.filter((p) => p.text).length;
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[Math.floor(RUNS / 2)]), pages };
}

const results: Record<string, unknown> = {};
for (const delayMs of [0, 100]) {
  const site = await startFixtureSite(routes(delayMs));
  await crawlSite(`${site.origin}/`, opts); // warm-up
  const serial = await median(site.origin, 1);
  const four = await median(site.origin, 4);
  results[`latency_${delayMs}ms`] = {
    pages: four.pages,
    baseline_one_at_a_time_ms: serial.ms,
    four_at_once_ms: four.ms,
    ratio: +(serial.ms / Math.max(1, four.ms)).toFixed(2),
  };
  await site.close();
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  const shell = await startFixtureSite({
    '/': {
      body: '<!doctype html><html><head><title>Orbitly</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>',
    },
    '/app.js': {
      type: 'application/javascript',
      body: 'document.getElementById("root").innerHTML = "<h1>Orbitly</h1><p>Retrospectives your team will actually enjoy.</p>";',
    },
  });
  const t0 = performance.now();
  const r = await crawlSite(`${shell.origin}/`, { ...opts, render: { chromiumPath: chromium } });
  results.render_one_shell_ms = {
    ms: Math.round(performance.now() - t0),
    rendered: r.pages[0].javascript?.rendered === true,
    target_ms: 10_000,
  };
  await shell.close();
}

console.log(JSON.stringify({ bench: 'crawl_15_pages', ...results }));
