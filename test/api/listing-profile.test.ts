import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';

describeEachDatabase(
  'get_listing, get_alternatives and compare_listings',
  (env) => {
    test('get_listing returns the full public profile', async () => {
      const { status, body } = await env().json('/api/v1/listings/tablewise');
      assert.equal(status, 200);
      assert.equal(body.name, 'Tablewise');
      assert.equal(body.url, 'https://tablewise.example');
      assert.equal(body.tagline, 'Postgres hosting for small teams');
      assert.deepEqual(body.pricing, { model: 'subscription', summary: 'subscription plans' });
      assert.deepEqual(body.categories, [{ slug: 'databases', name: 'Databases', primary: true }]);
      assert.deepEqual(
        body.founders.map((f: { slug: string }) => f.slug),
        ['ada-row'],
      );
      assert.deepEqual(body.faqs, [{ question: 'Is there a free tier?', answer: 'Yes, one database.' }]);
      assert.equal(body.latest_updates[0].title, 'Branching is live');
      assert.deepEqual(body.features, ['Fast', 'Simple']);
      assert.equal(body.socials.x, 'https://x.example/tablewise');
      assert.equal(body.links.page, 'http://launchdeck.test/p/tablewise');
      assert.equal(body.votes, 7);
    });

    test('the community rating counts genuine reviews only', async () => {
      const { body } = await env().json('/api/v1/listings/tablewise');
      assert.deepEqual(body.community_rating, { average: 4.5, count: 2 });
    });

    test('the Domain Rating shows its latest value and a month-on-month trend', async () => {
      const { body } = await env().json('/api/v1/listings/tablewise');
      assert.equal(body.domain_rating.current, 41);
      assert.equal(body.domain_rating.measured_on, '2026-11-01');
      assert.equal(body.domain_rating.change, 7);
      assert.equal(body.domain_rating.trend, 'up');
      assert.equal(body.domain_rating.history.length, 3);
      const none = await env().json('/api/v1/listings/quillnote');
      assert.equal(none.body.domain_rating.current, null);
    });

    test('not_found_on_website lists the facts the company site did not state', async () => {
      const { body } = await env().json('/api/v1/listings/pipelane');
      assert.deepEqual(body.not_found_on_website, ['city', 'founded_year']);
    });

    test('paid listings show their story, milestones and media', async () => {
      const { body } = await env().json('/api/v1/listings/tablewise');
      assert.deepEqual(body.unlocked_sections, ['story', 'milestones', 'media']);
      assert.equal(body.story.title, 'Why we built Tablewise');
      assert.equal(body.milestones[0].title, 'First customer');
      assert.equal(body.media[0].url, 'https://www.youtube.com/watch?v=tablewise01');
      assert.equal(body.media[0].embed_url, 'https://www.youtube-nocookie.com/embed/tablewise01');
    });

    test('free listings hide paid-only sections unless unlocked one by one', async () => {
      const free = (await env().json('/api/v1/listings/pipelane')).body;
      assert.equal(free.story, undefined);
      assert.equal(free.milestones, undefined);
      assert.equal(free.media, undefined);
      const cafe = (await env().json('/api/v1/listings/cafe-ledger')).body;
      assert.deepEqual(cafe.unlocked_sections, ['milestones']);
      assert.equal(cafe.milestones[0].title, 'Cafe milestone');
      assert.equal(cafe.story, undefined);
    });

    test('awards won are shown on the listing', async () => {
      const { body } = await env().json('/api/v1/listings/pipelane');
      assert.deepEqual(
        body.awards.map(({ id: _id, ...rest }: { id: number }) => rest),
        [{ week: '2026-11-09', rank: 1, title: 'Launch of the Week #1' }],
      );
      assert.ok(Number.isInteger(body.awards[0].id), 'the award id, for its verification page');
    });

    test('scheduled listings can be read; drafts cannot', async () => {
      assert.equal((await env().get('/api/v1/listings/orbitly')).statusCode, 200);
      const res = await env().get('/api/v1/listings/secret-draft');
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().status, 404);
    });

    test('an unknown slug is a 404 problem and a malformed one a 400', async () => {
      const missing = await env().get('/api/v1/listings/no-such-thing');
      assert.equal(missing.statusCode, 404);
      assert.match(String(missing.headers['content-type']), /problem\+json/);
      const bad = await env().get('/api/v1/listings/Bad_Slug');
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().errors[0].path, 'slug');
      const long = await env().get(`/api/v1/listings/${'a'.repeat(221)}`);
      assert.equal(long.statusCode, 400);
    });

    test('alternatives put owner-approved ones first, then the same primary category', async () => {
      const { status, body } = await env().json('/api/v1/listings/tablewise/alternatives');
      assert.equal(status, 200);
      assert.deepEqual(
        body.items.map((i: { slug: string; approved: boolean }) => [i.slug, i.approved]),
        [
          ['pipelane', true],
          ['rowboat', false],
        ],
      );
    });

    test('alternatives of an unknown listing are a 404', async () => {
      assert.equal((await env().get('/api/v1/listings/nope/alternatives')).statusCode, 404);
    });

    test('compare shows category attributes side by side, null where a listing is silent', async () => {
      const { status, body } = await env().json('/api/v1/compare?a=tablewise&b=pipelane');
      assert.equal(status, 200);
      assert.equal(body.a.name, 'Tablewise');
      const row = (key: string) => body.rows.find((r: { key: string }) => r.key === key);
      assert.deepEqual([row('open_source').a, row('open_source').b], ['no', 'yes']);
      assert.deepEqual([row('api').a, row('api').b], ['yes', null]);
      assert.deepEqual([row('self_hosted').a, row('self_hosted').b], ['no', null]);
      assert.deepEqual([row('founded_year').a, row('founded_year').b], [null, null]);
    });

    test('compare needs two known, different listings', async () => {
      assert.equal((await env().get('/api/v1/compare?a=tablewise')).json().errors[0].path, 'b');
      assert.equal((await env().get('/api/v1/compare?a=tablewise&b=tablewise')).statusCode, 400);
      assert.equal((await env().get('/api/v1/compare?a=tablewise&b=missing')).statusCode, 404);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
