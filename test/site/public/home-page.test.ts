import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { describeEachDatabase } from '../../support/app.js';
import { seedDemo } from '../../../src/seed/demo-seed.js';

type Slugged = { slug: string };
const slugs = (items: Slugged[]) => items.map((i) => i.slug);

describeEachDatabase(
  'the home page on the demo content',
  (env) => {
    let $: cheerio.CheerioAPI;
    /** The listing slugs of a section's cards, in order, with the rank and votes each card shows. */
    const cards = (section: string) =>
      $(`section[aria-labelledby="${section}"] li.listing-card`)
        .toArray()
        .map((li) => ({
          slug: $(li).find('h3.name a').attr('href')?.replace('/p/', ''),
          rank: Number($(li).find('.rank').text()),
          votes: Number($(li).find('.vote-count').text()),
        }));
    const sideLinks = (section: string) =>
      $(`section[aria-labelledby="${section}"] a`)
        .toArray()
        .map((a) => a.attribs.href);

    before(async () => {
      const res = await env().get('/');
      assert.equal(res.statusCode, 200);
      $ = cheerio.load(res.body);
    });

    test("today's launches are ranked by their votes, as list_launches ranks them", async () => {
      const api = (await env().json('/api/v1/launches?section=today&per_page=5')).body;
      assert.ok(api.items.length > 0, 'the demo has launches today');
      const shown = cards('today-h');
      assert.deepEqual(
        shown.map((c) => c.slug),
        slugs(api.items),
      );
      assert.deepEqual(
        shown.map((c) => c.rank),
        shown.map((_, i) => i + 1),
      );
      assert.deepEqual(
        shown.map((c) => c.votes),
        api.items.map((i: { votes: number }) => i.votes),
      );
    });

    test("this week's top ten are ranked by votes, with a link to the whole week", async () => {
      const api = (await env().json('/api/v1/launches?section=this-week&per_page=10')).body;
      const shown = cards('week-h');
      assert.equal(shown.length, 10);
      assert.deepEqual(
        shown.map((c) => c.slug),
        slugs(api.items),
      );
      assert.ok(shown.every((c, i) => c.rank === i + 1 && (i === 0 || c.votes <= shown[i - 1].votes)));
      assert.ok(sideLinks('week-h').includes('/launches/weeks/2026-11-16'));
    });

    test('the featured strip shows the live paid placements, labelled paid on the strip and on every tile', async () => {
      const featured = await env().ctx.db.query<{ slug: string }>(
        `SELECT slug FROM listings WHERE status = 'live' AND featured_until > $1 ORDER BY featured_until DESC, id`,
        [env().clock.now.toISOString()],
      );
      assert.ok(featured.length > 0, 'the demo has featured listings');
      const strip = $('section.featured-strip');
      assert.match(strip.find('h2').text(), /Featured\s+Paid placement/);
      const tiles = strip.find('li.tile').toArray();
      assert.deepEqual(
        tiles.map((t) => $(t).find('h3 a').attr('href')),
        featured.slice(0, 4).map((f) => `/p/${f.slug}`),
      );
      for (const t of tiles) assert.equal($(t).find('.chip.featured').text(), 'Featured');
    });

    test('upcoming launches show when they launch', async () => {
      const api = (await env().json('/api/v1/launches?section=upcoming&per_page=5')).body;
      assert.ok(api.items.length > 0);
      const panel = $('section[aria-labelledby="upcoming-h"]');
      assert.deepEqual(
        panel
          .find('.mini-list a.name')
          .toArray()
          .map((a) => a.attribs.href),
        api.items.map((i: Slugged) => `/p/${i.slug}`),
      );
      assert.match(panel.find('.note').first().text(), /^Launches the week of [A-Z][a-z]{2} \d+$/);
    });

    test("the latest Launch of the Week winners link their awards' pages", async () => {
      const awards = (await env().json('/api/v1/awards?per_page=3')).body.items as {
        id: number;
        week: string;
        rank: number;
      }[];
      assert.equal(awards[0].week, '2026-11-09');
      const panel = $('section[aria-labelledby="winners-h"]');
      assert.deepEqual(
        panel
          .find('.medal')
          .toArray()
          .map((m) => $(m).text()),
        ['#1', '#2', '#3'],
      );
      const links = sideLinks('winners-h');
      for (const a of awards) assert.ok(links.includes(`/awards/${a.id}`), `award ${a.id}`);
      assert.ok(links.includes('/launches/weeks/2026-11-09'));
      assert.ok(links.includes('/hall-of-fame'));
    });

    test('the top categories are the top-level ones with the most live products, with their counts', async () => {
      const tree = (await env().json('/api/v1/categories?include_empty=false')).body.items as {
        slug: string;
        name: string;
        live_listings: number;
      }[];
      const top = [...tree]
        .sort((a, b) => b.live_listings - a.live_listings || a.name.localeCompare(b.name))
        .slice(0, 8);
      const shown = $('section[aria-labelledby="categories-h"] ul li')
        .toArray()
        .map((li) => [$(li).find('a').attr('href'), Number.parseInt($(li).find('span.muted').text(), 10)]);
      assert.deepEqual(
        shown,
        top.map((c) => [`/categories/${c.slug}`, c.live_listings]),
      );
    });

    test('the newest blog posts are linked', async () => {
      const posts = (await env().json('/api/v1/blog?per_page=3')).body.items as Slugged[];
      assert.equal(posts.length, 3);
      const links = sideLinks('blog-h');
      assert.deepEqual(
        links.slice(0, 3),
        posts.map((p) => `/blog/${p.slug}`),
      );
      assert.ok(links.includes('/blog'));
    });

    test('the counts at the top say how many launched today, this week and are coming up', async () => {
      const total = async (section: string) =>
        (await env().json(`/api/v1/launches?section=${section}&per_page=1`)).body.total as number;
      const stats = $('.hero-card .stats li')
        .toArray()
        .map((li) => [$(li).find('a').attr('href'), Number($(li).find('strong').text().replace(/,/g, ''))]);
      assert.deepEqual(stats, [
        ['/launches?section=today', await total('today')],
        ['/launches/weeks/2026-11-16', await total('this-week')],
        ['/launches?section=upcoming', await total('upcoming')],
      ]);
    });
  },
  {
    seed: async (ctx) => {
      await seedDemo(ctx);
    },
    kinds: ['pglite'],
  },
);
