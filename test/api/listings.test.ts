import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';

describeEachDatabase(
  'search_listings',
  (env) => {
    const slugs = (body: { items: { slug: string }[] }) => body.items.map((i) => i.slug);

    test('an empty query browses live listings, most voted first', async () => {
      const { status, body } = await env().json('/api/v1/listings');
      assert.equal(status, 200);
      assert.deepEqual(slugs(body), ['tablewise', 'rowboat', 'pipelane', 'quillnote', 'cafe-ledger']);
      assert.equal(body.total, 5);
      assert.equal(body.page, 1);
      assert.equal(body.per_page, 20);
      assert.equal(body.total_pages, 1);
    });

    test('drafts and listings awaiting their badge are never listed', async () => {
      const { body } = await env().json('/api/v1/listings?q=secret');
      assert.deepEqual(slugs(body), []);
      const queued = await env().json('/api/v1/listings?q=queued');
      assert.deepEqual(slugs(queued.body), []);
    });

    test('full-text search matches name, tagline, description and keywords', async () => {
      assert.deepEqual(slugs((await env().json('/api/v1/listings?q=tablewise')).body), ['tablewise']);
      assert.deepEqual(slugs((await env().json('/api/v1/listings?q=continuous%20delivery')).body), ['pipelane']);
      assert.deepEqual(slugs((await env().json('/api/v1/listings?q=espresso')).body), ['cafe-ledger']);
      assert.deepEqual(slugs((await env().json('/api/v1/listings?q=bookkeeping')).body), ['cafe-ledger']);
    });

    test('a one-letter typo still finds the listing and says what it was read as', async () => {
      const { body } = await env().json('/api/v1/listings?q=tablewsie');
      assert.equal(body.items[0]?.slug, 'tablewise');
      assert.deepEqual(body.corrected, { tablewsie: ['tablewise'] });
      assert.equal((await env().json('/api/v1/listings?q=pipelnae')).body.items[0]?.slug, 'pipelane');
    });

    test('a half-typed word finds the listings whose words it begins, as people type', async () => {
      assert.deepEqual(slugs((await env().json('/api/v1/listings?q=tablew')).body), ['tablewise']);
      assert.deepEqual(slugs((await env().json('/api/v1/listings?q=espres')).body), ['cafe-ledger']);
      assert.deepEqual(slugs((await env().json('/api/v1/listings?q=continuous%20deliv')).body), ['pipelane']);
    });

    test('search ignores accents and case', async () => {
      assert.equal((await env().json('/api/v1/listings?q=CAFE')).body.items[0]?.slug, 'cafe-ledger');
      assert.equal((await env().json('/api/v1/listings?q=caf%C3%A9')).body.items[0]?.slug, 'cafe-ledger');
    });

    test('the name outranks a mention in a description', async () => {
      const { body } = await env().json('/api/v1/listings?q=database');
      assert.ok(slugs(body).includes('tablewise'));
      assert.ok(slugs(body).includes('rowboat'));
    });

    test('category includes its subcategories and extra categories', async () => {
      assert.deepEqual(slugs((await env().json('/api/v1/listings?category=developer-tools&sort=votes')).body), [
        'tablewise',
        'rowboat',
        'pipelane',
      ]);
      assert.deepEqual(slugs((await env().json('/api/v1/listings?category=design')).body), ['quillnote']);
    });

    test('the stage filter matches a stage whatever its case (drafted stages keep the site’s "Beta")', async () => {
      await env().ctx.db.query("UPDATE companies SET stage = 'Beta' WHERE stage = 'beta'");
      try {
        assert.deepEqual(slugs((await env().json('/api/v1/listings?stage=beta&sort=newest')).body), ['pipelane']);
      } finally {
        await env().ctx.db.query("UPDATE companies SET stage = 'beta' WHERE stage = 'Beta'");
      }
    });

    test('stage, country, pricing model and domain filter the results', async () => {
      assert.deepEqual(slugs((await env().json('/api/v1/listings?stage=beta')).body), ['pipelane']);
      assert.deepEqual(slugs((await env().json('/api/v1/listings?country=de&sort=votes')).body), [
        'tablewise',
        'rowboat',
      ]);
      assert.deepEqual(slugs((await env().json('/api/v1/listings?pricing_model=Freemium&sort=votes')).body), [
        'pipelane',
        'quillnote',
      ]);
      assert.deepEqual(
        slugs((await env().json('/api/v1/listings?domain=https://www.quillnote.example/pricing')).body),
        ['quillnote'],
      );
    });

    test('status upcoming lists scheduled launches', async () => {
      assert.deepEqual(slugs((await env().json('/api/v1/listings?status=upcoming')).body), ['orbitly']);
    });

    test('every sort orders as named', async () => {
      const newest = slugs((await env().json('/api/v1/listings?sort=newest')).body);
      assert.deepEqual(newest.slice(0, 2).sort(), ['cafe-ledger', 'quillnote']);
      assert.equal(newest[4], 'rowboat');
      assert.equal((await env().json('/api/v1/listings?sort=most_viewed')).body.items[0].slug, 'pipelane');
      assert.equal((await env().json('/api/v1/listings?sort=most_followed')).body.items[0].slug, 'quillnote');
      // Trending: Tablewise's four fresh votes this week beat Rowboat's six two weeks ago.
      const trending = slugs((await env().json('/api/v1/listings?sort=trending')).body);
      assert.ok(trending.indexOf('tablewise') < trending.indexOf('rowboat'));
    });

    test('pagination splits results and sends Link headers', async () => {
      const res = await env().json('/api/v1/listings?per_page=2&page=2');
      assert.deepEqual(slugs(res.body), ['pipelane', 'quillnote']);
      assert.equal(res.body.total, 5);
      assert.equal(res.body.total_pages, 3);
      const link = String(res.headers.link);
      assert.match(link, /page=1>; rel="first"/);
      assert.match(link, /page=1>; rel="prev"/);
      assert.match(link, /page=3>; rel="next"/);
      assert.match(link, /page=3>; rel="last"/);
    });

    for (const [query, field] of [
      [`q=${'x'.repeat(201)}`, 'q'],
      ['per_page=101', 'per_page'],
      ['per_page=0', 'per_page'],
      ['page=1001', 'page'],
      ['page=abc', 'page'],
      ['country=DEU', 'country'],
      [`pricing_model=${'x'.repeat(41)}`, 'pricing_model'],
      [`domain=${'x'.repeat(254)}`, 'domain'],
      ['status=archived', 'status'],
      ['sort=cheapest', 'sort'],
      ['category=Not%20A%20Slug', 'category'],
      ['category=no-such-category', 'category'],
    ] as const) {
      test(`${field} out of bounds (${query.slice(0, 30)}) is a 400 naming it`, async () => {
        const res = await env().get(`/api/v1/listings?${query}`);
        assert.equal(res.statusCode, 400);
        assert.match(String(res.headers['content-type']), /application\/problem\+json/);
        const body = res.json();
        assert.equal(body.status, 400);
        assert.ok(
          body.errors.some((e: { path: string }) => e.path === field),
          JSON.stringify(body),
        );
      });
    }
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
