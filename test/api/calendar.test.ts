import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld, WEEK } from '../support/public-world.js';

const slugs = (items: { slug: string }[]) => items.map((i) => i.slug);

describeEachDatabase(
  'categories',
  (env) => {
    test('list_categories returns the tree with live counts including subcategories', async () => {
      const { status, body } = await env().json('/api/v1/categories');
      assert.equal(status, 200);
      assert.deepEqual(
        body.items.map((c: { slug: string; live_listings: number }) => [c.slug, c.live_listings]),
        [
          ['developer-tools', 3],
          ['productivity', 2],
          ['design', 1],
        ],
      );
      const dev = body.items[0];
      assert.deepEqual(
        dev.children.map((c: { slug: string; live_listings: number }) => [c.slug, c.live_listings]),
        [
          ['ci-cd', 1],
          ['databases', 2],
        ],
      );
      assert.equal(body.total, 6);
    });

    test('include_empty=false drops categories without live listings', async () => {
      await env().ctx.db.query(`INSERT INTO categories (site_id, slug, name) VALUES ($1, 'empty-one', 'Empty')`, [
        env().ctx.site.id,
      ]);
      const all = await env().json('/api/v1/categories?include_empty=true');
      assert.ok(all.body.items.some((c: { slug: string }) => c.slug === 'empty-one'));
      const some = await env().json('/api/v1/categories?include_empty=false');
      assert.ok(!some.body.items.some((c: { slug: string }) => c.slug === 'empty-one'));
      assert.equal((await env().get('/api/v1/categories?include_empty=maybe')).json().errors[0].path, 'include_empty');
    });

    test('get_category has description, FAQs, parent, subcategories and live listings most voted first', async () => {
      const { status, body } = await env().json('/api/v1/categories/developer-tools');
      assert.equal(status, 200);
      assert.equal(body.parent, null);
      assert.deepEqual(body.faqs, [{ question: 'What is a developer tool?', answer: 'Software for software makers.' }]);
      assert.deepEqual(
        body.subcategories.map((s: { slug: string }) => s.slug),
        ['ci-cd', 'databases'],
      );
      assert.deepEqual(slugs(body.listings.items), ['tablewise', 'rowboat', 'pipelane']);
      const child = await env().json('/api/v1/categories/databases');
      assert.deepEqual(child.body.parent, { slug: 'developer-tools', name: 'Developer Tools' });
    });

    test('an unknown category is a 404', async () => {
      assert.equal((await env().get('/api/v1/categories/nope')).statusCode, 404);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);

describeEachDatabase(
  'launch calendar',
  (env) => {
    test('this week lists live launches ranked by votes cast this week', async () => {
      const { status, body } = await env().json('/api/v1/launches/weeks/this');
      assert.equal(status, 200);
      assert.equal(body.week, WEEK.this);
      assert.equal(body.ends, '2026-11-22');
      assert.equal(body.state, 'current');
      assert.deepEqual(slugs(body.items), ['quillnote', 'cafe-ledger']);
      assert.deepEqual(
        body.items.map((i: { rank: number }) => i.rank),
        [1, 2],
      );
    });

    test('last week ranks by the votes of that week, not later ones', async () => {
      const { body } = await env().json('/api/v1/launches/weeks/last');
      assert.equal(body.week, WEEK.last);
      assert.deepEqual(
        body.items.map((i: { slug: string; week_votes: number }) => [i.slug, i.week_votes]),
        [
          ['pipelane', 5],
          ['tablewise', 3],
        ],
      );
    });

    test('a date is snapped to its Monday', async () => {
      const { body } = await env().json('/api/v1/launches/weeks/2026-11-12');
      assert.equal(body.week, WEEK.last);
    });

    test('a future week shows scheduled launches', async () => {
      const { body } = await env().json('/api/v1/launches/weeks/next');
      assert.equal(body.state, 'upcoming');
      assert.deepEqual(slugs(body.items), ['orbitly']);
    });

    test('an unreadable week is a 400 and an empty past week a 404', async () => {
      assert.equal((await env().get('/api/v1/launches/weeks/2026-02-30')).statusCode, 400);
      assert.equal((await env().get('/api/v1/launches/weeks/yesterday')).json().errors[0].path, 'week');
      assert.equal((await env().get('/api/v1/launches/weeks/2026-11-123')).statusCode, 400);
      assert.equal((await env().get('/api/v1/launches/weeks/2020-01-01')).statusCode, 404);
    });

    test('list_launches serves each of the eight sections', async () => {
      const section = async (s: string) => slugs((await env().json(`/api/v1/launches?section=${s}`)).body.items);
      assert.deepEqual(await section('this-week'), ['quillnote', 'cafe-ledger']);
      assert.deepEqual((await env().json('/api/v1/launches')).body.section, 'this-week');
      assert.deepEqual(await section('today'), []);
      assert.equal((await section('most-voted'))[0], 'tablewise');
      assert.equal((await section('most-viewed'))[0], 'pipelane');
      assert.equal((await section('most-followed'))[0], 'quillnote');
      assert.deepEqual((await section('recent')).slice(-1), ['rowboat']);
      assert.deepEqual(await section('upcoming'), ['orbitly']);
      const trending = await section('trending');
      assert.ok(trending.indexOf('tablewise') < trending.indexOf('rowboat'), trending.join());
      assert.equal((await env().get('/api/v1/launches?section=yesterday')).statusCode, 400);
    });

    test('today lists what launched today', async () => {
      env().clock.now = new Date('2026-11-16T18:00:00Z');
      try {
        assert.deepEqual(slugs((await env().json('/api/v1/launches?section=today')).body.items).sort(), [
          'cafe-ledger',
          'quillnote',
        ]);
      } finally {
        env().clock.now = new Date('2026-11-18T12:00:00Z');
      }
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);

describeEachDatabase(
  'leaderboards and awards',
  (env) => {
    const board = async (url: string) => (await env().json(url)).body;

    test('community-weekly ranks by votes cast in the week', async () => {
      const b = await board('/api/v1/leaderboards/community-weekly?week=last');
      assert.equal(b.week, WEEK.last);
      assert.equal(b.paid, false);
      assert.deepEqual(
        b.items.map((i: { rank: number; listing: { slug: string }; metric: { value: number } }) => [
          i.rank,
          i.listing.slug,
          i.metric.value,
        ]),
        [
          [1, 'pipelane', 5],
          [2, 'tablewise', 3],
        ],
      );
      const thisWeek = await board('/api/v1/leaderboards/community-weekly');
      assert.equal(thisWeek.items[0].listing.slug, 'tablewise');
    });

    test('community-all-time ranks by all votes', async () => {
      const b = await board('/api/v1/leaderboards/community-all-time');
      assert.deepEqual(
        b.items.slice(0, 2).map((i: { listing: { slug: string } }) => i.listing.slug),
        ['tablewise', 'rowboat'],
      );
    });

    test('the billboard ranks by money and is always marked as paid', async () => {
      const b = await board('/api/v1/leaderboards/billboard');
      assert.equal(b.paid, true);
      assert.match(b.title, /paid/i);
      assert.deepEqual(
        b.items.map((i: { listing: { slug: string }; metric: { value: number; unit: string } }) => [
          i.listing.slug,
          i.metric.value,
          i.metric.unit,
        ]),
        [
          ['pipelane', 20000, 'USD cents'],
          ['quillnote', 5000, 'USD cents'],
        ],
      );
    });

    test('domain-rating and revenue boards rank by the latest figure', async () => {
      assert.deepEqual(
        (await board('/api/v1/leaderboards/domain-rating')).items.map(
          (i: { listing: { slug: string }; metric: { value: number } }) => [i.listing.slug, i.metric.value],
        ),
        [
          ['pipelane', 55],
          ['tablewise', 41],
        ],
      );
      assert.deepEqual(
        (await board('/api/v1/leaderboards/revenue')).items.map((i: { listing: { slug: string } }) => i.listing.slug),
        ['cafe-ledger', 'tablewise'],
      );
    });

    test('week is only for community-weekly, and an unknown board is a 404', async () => {
      assert.equal((await env().get('/api/v1/leaderboards/revenue?week=last')).json().errors[0].path, 'week');
      assert.equal((await env().get('/api/v1/leaderboards/community-weekly?week=next')).statusCode, 400);
      assert.equal((await env().get(`/api/v1/leaderboards/community-weekly?week=${'1'.repeat(11)}`)).statusCode, 400);
      assert.equal((await env().get('/api/v1/leaderboards/best-looking')).statusCode, 404);
    });

    test('list_awards shows the newest week first, #1 before #2', async () => {
      const { body } = await env().json('/api/v1/awards');
      assert.deepEqual(
        body.items.map((a: { week: string; rank: number; listing: { slug: string } }) => [
          a.week,
          a.rank,
          a.listing.slug,
        ]),
        [
          [WEEK.last, 1, 'pipelane'],
          [WEEK.last, 2, 'tablewise'],
          [WEEK.twoAgo, 1, 'rowboat'],
        ],
      );
      assert.equal(body.items[0].title, 'Launch of the Week #1');
      assert.ok(
        body.items.every((a: { id: unknown }) => Number.isInteger(a.id)),
        'each award has its id (its verification page is /awards/{id})',
      );
    });

    test('list_awards filters by listing and 404s an unknown one', async () => {
      const { body } = await env().json('/api/v1/awards?listing=tablewise');
      assert.deepEqual(
        body.items.map((a: { rank: number }) => a.rank),
        [2],
      );
      assert.equal((await env().get('/api/v1/awards?listing=nope')).statusCode, 404);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
