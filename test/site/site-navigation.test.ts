import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { describeEachDatabase } from '../support/app.js';
import { seedDemo } from '../../src/seed/demo-seed.js';

/** Every kind of public page, by the shape of its path, and the header section it belongs to. */
const KINDS: { kind: string; path: RegExp; section: string | null }[] = [
  { kind: 'home', path: /^\/$/, section: null },
  { kind: 'launches', path: /^\/launches$/, section: '/launches' },
  { kind: 'week', path: /^\/launches\/weeks\/[\w-]+$/, section: '/launches' },
  { kind: 'listing', path: /^\/p\/[a-z0-9-]+$/, section: null },
  { kind: 'categories', path: /^\/categories$/, section: '/categories' },
  { kind: 'category', path: /^\/categories\/[a-z0-9-]+$/, section: '/categories' },
  { kind: 'leaderboards', path: /^\/leaderboards$/, section: '/leaderboards' },
  { kind: 'leaderboard', path: /^\/leaderboards\/[a-z-]+$/, section: '/leaderboards' },
  { kind: 'founders', path: /^\/founders$/, section: '/founders' },
  { kind: 'founder', path: /^\/founders\/[a-z0-9-]+$/, section: '/founders' },
  { kind: 'blog', path: /^\/blog$/, section: '/blog' },
  { kind: 'blog post', path: /^\/blog\/[a-z0-9-]+$/, section: '/blog' },
  { kind: 'awards', path: /^\/awards$/, section: '/hall-of-fame' },
  { kind: 'award', path: /^\/awards\/\d+$/, section: '/hall-of-fame' },
  { kind: 'hall of fame', path: /^\/hall-of-fame$/, section: '/hall-of-fame' },
  { kind: 'site map', path: /^\/sitemap$/, section: null },
  { kind: 'API docs', path: /^\/docs$/, section: '/docs' },
  { kind: 'MCP page', path: /^\/docs\/mcp$/, section: '/docs/mcp' },
  { kind: 'search', path: /^\/search$/, section: null },
  { kind: 'compare', path: /^\/compare$/, section: null },
];
/** The sections every page's header or footer links to: one click from anywhere. */
const SECTIONS = ['/launches', '/leaderboards', '/categories', '/founders', '/blog', '/hall-of-fame', '/awards'];
const DEVELOPERS = ['/docs', '/docs/mcp', '/api/v1/openapi.json'];

const kindOf = (path: string) => KINDS.find((k) => k.path.test(path));

interface Visit {
  url: string;
  depth: number;
  body: string;
}

describeEachDatabase(
  'site navigation: every kind of public page within three clicks of home, each with breadcrumbs, its section marked and headings in order',
  (env) => {
    const fetchPage = async (url: string) => {
      const res = await fetch(new URL(url, env().baseUrl), { redirect: 'manual' });
      return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
    };
    /** The first page of each kind reached from /, following links breadth first, up to three clicks deep. */
    const reached = new Map<string, Visit>();

    before(async () => {
      let frontier = ['/'];
      const seen = new Set(frontier);
      for (let depth = 0; depth <= 3 && frontier.length; depth++) {
        const next: string[] = [];
        for (const url of frontier) {
          const kind = kindOf(new URL(url, 'http://x').pathname)!.kind;
          // One page of each kind is read: reaching a kind at all is what counts.
          if (reached.has(kind)) continue;
          const page = await fetchPage(url);
          assert.equal(page.status, 200, url);
          reached.set(kind, { url, depth, body: page.body });
          for (const a of cheerio.load(page.body)('a[href]').toArray()) {
            const href = a.attribs.href;
            if (!href.startsWith('/') || href.startsWith('//')) continue;
            const target = new URL(href, 'http://x');
            const link = `${target.pathname}${target.search}`;
            if (seen.has(link) || !kindOf(target.pathname)) continue;
            seen.add(link);
            next.push(link);
          }
        }
        frontier = next;
      }
    });

    test('every kind of public page is reached from the home page within three clicks', () => {
      const missing = KINDS.filter((k) => !reached.has(k.kind)).map((k) => k.kind);
      assert.deepEqual(missing, []);
      for (const [kind, v] of reached) assert.ok(v.depth <= 3, `${kind} at ${v.depth} clicks (${v.url})`);
      // A crawler from / finds a blog post: the home page links the newest ones.
      assert.equal(reached.get('blog post')!.depth, 1);
    });

    test('the header and footer of every page link every public section, the API and the MCP page', () => {
      for (const [kind, v] of reached) {
        const $ = cheerio.load(v.body);
        const nav = $('header a, footer a')
          .toArray()
          .map((a) => a.attribs.href);
        for (const href of [...SECTIONS, ...DEVELOPERS, '/sitemap', '/search'])
          assert.ok(nav.includes(href), `the ${kind} page's header or footer links ${href}`);
      }
    });

    test('every page but the home page shows its breadcrumbs and gives them to search engines', () => {
      for (const [kind, v] of reached) {
        if (kind === 'home') continue;
        const $ = cheerio.load(v.body);
        const crumbs = $('nav.breadcrumbs[aria-label="Breadcrumb"] li');
        assert.ok(crumbs.length >= 2, `${kind}: a trail from Home`);
        assert.equal(crumbs.first().find('a').attr('href'), '/', `${kind}: starts at Home`);
        assert.equal(crumbs.last().find('[aria-current="page"]').length, 1, `${kind}: ends at the page itself`);
        const list = $('script[type="application/ld+json"]')
          .toArray()
          .map((s) => JSON.parse($(s).text()))
          .find((o) => o['@type'] === 'BreadcrumbList');
        assert.ok(list, `${kind}: a BreadcrumbList`);
        assert.equal(list.itemListElement.length, crumbs.length, kind);
        assert.equal(list.itemListElement[0].item, 'http://launchdeck.test/');
        assert.equal(list.itemListElement.at(-1).item, $('link[rel="canonical"]').attr('href'), kind);
        for (const [i, e] of list.itemListElement.entries()) {
          assert.equal(e.position, i + 1);
          assert.equal(e.name, crumbs.eq(i).text());
        }
      }
    });

    test("the header marks the section a page is in: 'page' on the section itself, 'true' within it", () => {
      for (const [kind, v] of reached) {
        const expected = KINDS.find((k) => k.kind === kind)!.section;
        const marked = cheerio
          .load(v.body)('header nav[aria-label="Main"] a[aria-current]')
          .toArray()
          .map((a) => [a.attribs.href, a.attribs['aria-current']]);
        const path = new URL(v.url, 'http://x').pathname;
        assert.deepEqual(
          marked,
          expected ? [[expected, path === expected ? 'page' : 'true']] : [],
          `${kind} (${v.url})`,
        );
      }
    });

    test('headings never skip a level: one h1 first, then each at most one level deeper than the one before', () => {
      for (const [kind, v] of reached) {
        const levels = cheerio
          .load(v.body)('h1, h2, h3, h4, h5, h6')
          .toArray()
          .map((h) => Number(h.tagName.slice(1)));
        assert.equal(levels[0], 1, `${kind}: the first heading is the h1`);
        assert.equal(levels.filter((l) => l === 1).length, 1, `${kind}: one h1`);
        for (let i = 1; i < levels.length; i++)
          assert.ok(levels[i] <= levels[i - 1] + 1, `${kind} (${v.url}): h${levels[i - 1]} then h${levels[i]}`);
      }
    });

    test('the site map links every section, every leaderboard and every category', async () => {
      const $ = cheerio.load(reached.get('site map')!.body);
      const links = new Set(
        $('main a')
          .toArray()
          .map((a) => a.attribs.href),
      );
      for (const href of [...SECTIONS, ...DEVELOPERS, '/search', '/compare', '/submit', '/sitemap.xml'])
        assert.ok(links.has(href), href);
      for (const board of ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'])
        assert.ok(links.has(`/leaderboards/${board}`), board);
      const { body } = await env().json('/api/v1/categories?include_empty=false');
      const slugs: string[] = [];
      const walk = (nodes: { slug: string; children: unknown[] }[]) => {
        for (const n of nodes) {
          slugs.push(n.slug);
          walk(n.children as typeof nodes);
        }
      };
      walk(body.items);
      assert.ok(slugs.length > 30);
      assert.deepEqual(
        slugs.filter((s) => !links.has(`/categories/${s}`)),
        [],
      );
    });

    test('sitemap.xml lists the sections, the leaderboards, the categories, the blog posts and the site map', async () => {
      const page = await fetchPage('/sitemaps/pages.xml');
      assert.equal(page.status, 200);
      const locs = new Set([...page.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
      const posts = (await env().json('/api/v1/blog?per_page=100')).body.items as { slug: string }[];
      for (const path of [
        '/',
        '/launches',
        '/launches/weeks/2026-11-16',
        '/leaderboards/billboard',
        '/categories/developer-tools',
        '/founders',
        '/blog',
        ...posts.map((p) => `/blog/${p.slug}`),
        '/hall-of-fame',
        '/awards',
        '/docs/mcp',
        '/sitemap',
      ])
        assert.ok(locs.has(`http://launchdeck.test${path}`), path);
    });
  },
  {
    seed: async (ctx) => {
      await seedDemo(ctx);
    },
    kinds: ['pglite'],
  },
);
