import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { seedPublicWorld } from '../../support/public-world.js';
import { addListing, finishFixtures } from '../../support/fixtures.js';
import { assertPage } from '../../support/html-page.js';

const XSS = '<img src=x onerror=alert(1)>';

describeEachDatabase(
  'site: home, search, categories and listing pages',
  (env) => {
    test("the home page shows this week's launches as cards, ranked, and links the launch sections", async () => {
      const res = await env().get('/');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<h1 id="hero-h">/);
      const week = res.body.slice(res.body.indexOf('<h2 id="week-h">'));
      const names = [...week.matchAll(/<h3 class="name"><a href="\/p\/([a-z0-9-]+)">/g)].map((m) => m[1]);
      assert.deepEqual(names.slice(0, 2), ['quillnote', 'cafe-ledger']);
      assert.match(week, /aria-label="Rank 1"/);
      assert.match(res.body, /href="\/launches\?section=trending"/);
      assert.match(res.body, /<link rel="canonical" href="http:\/\/launchdeck\.test\/">/);
    });

    test('a paid-plan listing is marked as such wherever votes are ranked', async () => {
      const res = await env().get('/');
      assert.match(res.body, /href="\/p\/quillnote"[\s\S]*?class="chip paid"[\s\S]*?Paid launch/);
    });

    test('the launches page has the sections as tabs, the one shown marked', async () => {
      const res = await env().get('/launches?section=upcoming');
      assertPage(res);
      assert.match(res.body, /<nav class="section-nav" aria-label="Launch sections">/);
      assert.match(res.body, /<a href="\/launches\?section=upcoming" aria-current="page">Upcoming<\/a>/);
      assert.match(res.body, /href="\/p\/orbitly"/);
      assert.match(res.body, /Launches 2026-11-23/);
    });

    test("the home page's old section addresses lead to the launches page", async () => {
      const res = await env().get('/?section=upcoming&page=2');
      assert.equal(res.statusCode, 301);
      assert.equal(res.headers.location, '/launches?section=upcoming&page=2');
    });

    test('search shows the typo correction and the matching products', async () => {
      const res = await env().get('/search?q=postgress');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /Showing results for postgress → postgres/);
      assert.match(res.body, /href="\/p\/tablewise"/);
    });

    test('search filters by category (subcategories included) and keeps the filters in the pagination links', async () => {
      const res = await env().get('/search?category=developer-tools&per_page=1');
      assert.match(res.body, /3 products/);
      assert.match(res.body, /rel="next" href="\/search\?category=developer-tools&amp;per_page=1&amp;page=2"/);
    });

    test('a bad search parameter is an HTML page naming it, never JSON', async () => {
      const res = await env().get('/search?per_page=500');
      assert.equal(res.statusCode, 400);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(res.body, /per_page must be at most 100/);
    });

    test('the category tree links every category with its live count', async () => {
      const res = await env().get('/categories');
      assert.match(
        res.body,
        /<a href="\/categories\/developer-tools">Developer Tools<\/a> <span class="muted">\(3\)<\/span>/,
      );
      assert.match(res.body, /<a href="\/categories\/notes">Notes<\/a>/);
    });

    test('a category page shows its parent, subcategories, FAQs and listings most voted first', async () => {
      const res = await env().get('/categories/developer-tools');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<h1>Developer Tools<\/h1>/);
      assert.match(res.body, /href="\/categories\/databases">Databases \(2\)/);
      assert.match(res.body, /What is a developer tool\?/);
      const sub = await env().get('/categories/databases');
      assert.match(sub.body, /<a href="\/categories\/developer-tools">Developer Tools<\/a>/);
    });

    test('an unknown category is an HTML 404 page', async () => {
      const res = await env().get('/categories/no-such-thing');
      assert.equal(res.statusCode, 404);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(res.body, /Page not found/);
    });

    test('the listing page links its categories and founders and says in plain words what its website does not state', async () => {
      const res = await env().get('/p/pipelane');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<a class="chip" href="\/categories\/ci-cd">CI\/CD<\/a>/);
      assert.match(res.body, /own website does not state its city and the year it was founded/);
      assert.doesNotMatch(res.body, /founded_year/);
    });

    test('the listing page describes the product for search engines, with the rating of genuine reviews only', async () => {
      const res = await env().get('/p/tablewise');
      const blocks = [...res.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
        JSON.parse(m[1]),
      );
      const app = blocks.find((b) => b['@type'] === 'SoftwareApplication');
      assert.equal(app.name, 'Tablewise');
      assert.deepEqual(app.aggregateRating, {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        ratingCount: 2,
        bestRating: 5,
        worstRating: 1,
      });
      assert.ok(blocks.some((b) => b['@type'] === 'BreadcrumbList'));
      assert.match(res.body, /<meta property="og:title" content="Tablewise SEO">/);
    });

    test('text that tries to close the structured-data block stays inside it', async () => {
      await addListing(env().ctx.db, env().ctx.site.id, {
        slug: 'ld-escape',
        name: '</script><script>alert(1)</script>',
        category: 'databases',
        launchWeek: '2026-11-16',
      });
      await finishFixtures(env().ctx);
      const res = await env().get('/p/ld-escape');
      assert.ok(!res.body.includes('<script>alert(1)'));
      assert.match(res.body, /\\u003c\/script>\\u003cscript>alert\(1\)/);
    });

    test("the MCP page gives ready client configurations with this server's address", async () => {
      const res = await env().get('/docs/mcp');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /&quot;url&quot;: &quot;http:\/\/launchdeck\.test\/mcp&quot;/);
      assert.match(res.body, /<code>quote_order<\/code>/);
    });

    test('a scheduled listing says when it launches', async () => {
      const res = await env().get('/p/orbitly');
      assert.match(res.body, /Launches on Monday 2026-11-23/);
    });

    test('the listing page offers the embed code of a badge the listing earned, its award linking to the award to check it', async () => {
      const res = await env().get('/p/tablewise');
      assert.match(
        res.body,
        /<textarea id="badge-code" readonly rows="4">&lt;a href=&quot;http:\/\/launchdeck\.test\/awards\/\d+&quot;/,
      );
      assert.match(res.body, /launch-of-the-week\.svg/);
    });

    test('every page a browser asks for is HTML: an unknown address is a 404 page, the API keeps its JSON', async () => {
      const page = await env().get('/no/such/page');
      assert.equal(page.statusCode, 404);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      const api = await env().get('/api/v1/no-such-thing');
      assert.match(String(api.headers['content-type']), /^application\/problem\+json/);
    });

    test('pages send security headers: a CSP without inline scripts, no framing, nosniff', async () => {
      const res = await env().get('/');
      assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
      assert.doesNotMatch(String(res.headers['content-security-policy']), /unsafe-inline/);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.ok(res.headers['referrer-policy']);
    });

    test('the launches and blog feeds are RSS with escaped text', async () => {
      const feed = await env().get('/feed.xml');
      assert.match(String(feed.headers['content-type']), /^application\/rss\+xml/);
      assert.match(feed.body, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0"/);
      assert.match(feed.body, /<link>http:\/\/launchdeck\.test\/p\/quillnote<\/link>/);
      assert.ok(!feed.body.includes('<img'), 'names are escaped');
      const blog = await env().get('/blog/feed.xml');
      assert.match(blog.body, /<link>http:\/\/launchdeck\.test\/blog\/how-to-launch<\/link>/);
    });

    test('robots.txt, the sitemap and the favicon are served', async () => {
      assert.match((await env().get('/robots.txt')).body, /Sitemap: http:\/\/launchdeck\.test\/sitemap\.xml/);
      const index = await env().get('/sitemap.xml');
      assert.match(index.body, /<loc>http:\/\/launchdeck\.test\/sitemaps\/listings-1\.xml<\/loc>/);
      const listings = await env().get('/sitemaps/listings-1.xml');
      assert.match(listings.body, /<loc>http:\/\/launchdeck\.test\/p\/tablewise<\/loc>/);
      assert.doesNotMatch(listings.body, /secret-draft/);
      assert.equal((await env().get('/favicon.ico')).statusCode, 200);
    });

    test('llms.txt points agents at the MCP server and the OpenAPI document; the web manifest names the site', async () => {
      const llms = await env().get('/llms.txt');
      assert.match(llms.body, /^# Launchdeck\n/);
      assert.match(llms.body, /\[MCP server\]\(http:\/\/launchdeck\.test\/mcp\)/);
      assert.match(llms.body, /\[OpenAPI 3\.1\]\(http:\/\/launchdeck\.test\/api\/v1\/openapi\.json\)/);
      const manifest = (await env().get('/manifest.webmanifest')).json();
      assert.equal(manifest.name, 'Launchdeck');
    });

    test('a name written to inject markup is shown as text on every browsing page', async () => {
      await addListing(env().ctx.db, env().ctx.site.id, {
        slug: 'xss-name',
        name: XSS,
        tagline: XSS,
        category: 'databases',
        launchWeek: '2026-11-16',
        description: XSS,
      });
      await finishFixtures(env().ctx);
      for (const path of ['/', '/search?q=img', '/categories/databases', '/p/xss-name', '/p/tablewise']) {
        const res = await env().get(path);
        assert.equal(res.statusCode, 200, path);
        assert.ok(!res.body.includes(XSS), `${path} shows the raw tag`);
      }
    });

    test('following links from the home page reaches every live listing, and no link is broken', async () => {
      const live = (
        await env().ctx.db.query<{ slug: string }>(`SELECT slug FROM listings WHERE site_id = $1 AND status = 'live'`, [
          env().ctx.site.id,
        ])
      ).map((r) => r.slug);
      const seen = new Set<string>();
      const queue = ['/'];
      const from = new Map<string, string>();
      const broken: string[] = [];
      while (queue.length && seen.size < 400) {
        const path = queue.shift()!;
        if (seen.has(path)) continue;
        seen.add(path);
        const res = await env().get(path);
        if (res.statusCode >= 400) {
          broken.push(`${path} → ${res.statusCode} (linked from ${from.get(path)})`);
          continue;
        }
        if (!String(res.headers['content-type']).startsWith('text/html')) continue;
        for (const m of res.body.matchAll(/href="(\/[^"#]*)"/g)) {
          const href = m[1].replace(/&amp;/g, '&');
          if (
            /^\/(api|assets|badges|mcp|oauth|signin|signup|submit|claims|account|my|drafts|orders|checkout|admin|favicon)/.test(
              href,
            )
          )
            continue;
          if (!seen.has(href)) {
            queue.push(href);
            if (!from.has(href)) from.set(href, path);
          }
        }
      }
      assert.deepEqual(broken, []);
      const reached = new Set([...seen].filter((p) => p.startsWith('/p/')).map((p) => p.slice(3)));
      assert.deepEqual(
        live.filter((s) => !reached.has(s)),
        [],
      );
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
