import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';

describeEachDatabase(
  'site, founders, blog, interview questions and badges',
  (env) => {
    test('get_site_info names the site and where its parts live, with live counts', async () => {
      const { status, body } = await env().json('/api/v1/site');
      assert.equal(status, 200);
      assert.equal(body.name, 'Launchdeck');
      assert.equal(body.urls.openapi, 'http://launchdeck.test/api/v1/openapi.json');
      assert.equal(body.urls.mcp, 'http://launchdeck.test/mcp');
      assert.equal(body.urls.docs, 'http://launchdeck.test/docs');
      assert.deepEqual(body.counts, { live_listings: 5, categories: 6 });
    });

    test('list_founders lists founders of live listings only', async () => {
      const { body } = await env().json('/api/v1/founders');
      assert.deepEqual(
        body.items.map((f: { slug: string }) => f.slug),
        ['ada-row', 'elodie-quill'],
      );
      assert.deepEqual(body.items[0].companies, ['Rowboat', 'Tablewise']);
      assert.deepEqual(body.items[0].products, [
        { slug: 'rowboat', name: 'Rowboat' },
        { slug: 'tablewise', name: 'Tablewise' },
      ]);
    });

    test('list_founders matches names ignoring accents and filters by country', async () => {
      assert.deepEqual(
        (await env().json('/api/v1/founders?q=elodie')).body.items.map((f: { name: string }) => f.name),
        ['Élodie Quill'],
      );
      assert.deepEqual(
        (await env().json('/api/v1/founders?country=de')).body.items.map((f: { name: string }) => f.name),
        ['Ada Row'],
      );
      assert.equal((await env().get(`/api/v1/founders?q=${'a'.repeat(121)}`)).json().errors[0].path, 'q');
      assert.equal((await env().get('/api/v1/founders?country=D1')).statusCode, 400);
    });

    test('get_founder shows bio, socials, companies and published stories', async () => {
      const { status, body } = await env().json('/api/v1/founders/ada-row');
      assert.equal(status, 200);
      assert.equal(body.bio, 'Builds databases.');
      assert.equal(body.socials.github, 'https://github.example/ada');
      assert.deepEqual(
        body.companies.map((c: { slug: string }) => c.slug),
        ['tablewise', 'rowboat'],
      );
      assert.deepEqual(
        body.stories.map((s: { listing: string }) => s.listing),
        ['tablewise'],
      );
    });

    test('a founder known only from an unpublished listing is a 404', async () => {
      assert.equal((await env().get('/api/v1/founders/hidden-founder')).statusCode, 404);
      assert.equal((await env().get('/api/v1/founders/nobody')).statusCode, 404);
    });

    test('list_blog_posts is newest first and hides posts not yet published', async () => {
      const { body } = await env().json('/api/v1/blog');
      assert.deepEqual(
        body.items.map((p: { slug: string }) => p.slug),
        ['how-to-launch', 'pricing-pages'],
      );
      assert.equal(body.items[0].url, 'http://launchdeck.test/blog/how-to-launch');
    });

    test('list_blog_posts matches q by full text', async () => {
      assert.deepEqual(
        (await env().json('/api/v1/blog?q=pricing')).body.items.map((p: { slug: string }) => p.slug),
        ['pricing-pages'],
      );
      assert.equal((await env().get(`/api/v1/blog?q=${'a'.repeat(201)}`)).statusCode, 400);
    });

    test('get_blog_post returns Markdown and FAQs', async () => {
      const { body } = await env().json('/api/v1/blog/how-to-launch');
      assert.match(body.body_markdown, /^# Launch day/);
      assert.deepEqual(body.faqs, [{ question: 'When should I launch?', answer: 'On a Tuesday.' }]);
      assert.equal((await env().get('/api/v1/blog/future-post')).statusCode, 404);
    });

    test('list_interview_questions lists the active questions in order', async () => {
      const { body } = await env().json('/api/v1/interview-questions');
      assert.deepEqual(
        body.items.map((q: { question: string }) => q.question),
        ['What problem are you solving?', 'What did you learn?'],
      );
      assert.ok(Number.isInteger(body.items[0].id));
    });

    test('get_badges gives embed code and SVG URLs for the badges the listing earned, and only those', async () => {
      const { status, body } = await env().json('/api/v1/listings/tablewise/badges?shape=pill&mode=dark&size=l');
      assert.equal(status, 200);
      assert.deepEqual([body.shape, body.mode, body.size], ['pill', 'dark', 'l']);
      const kinds = Object.fromEntries(body.badges.map((b: { kind: string; earned: boolean }) => [b.kind, b.earned]));
      assert.deepEqual(kinds, {
        listed: true,
        launched: true,
        featured: true,
        'launch-of-the-week': true,
        'top-voted': true,
      });
      const listed = body.badges[0];
      assert.equal(listed.svg_url, 'http://launchdeck.test/badges/tablewise/listed.svg?shape=pill&mode=dark&size=l');
      assert.match(listed.html, /^<a href="http:\/\/launchdeck\.test\/p\/tablewise"/);
      assert.match(
        listed.html,
        /<img src="http:\/\/launchdeck\.test\/badges\/tablewise\/listed\.svg\?shape=pill&amp;mode=dark&amp;size=l"/,
      );
    });

    test('get_badges defaults to standard, auto, m and rejects unknown styles', async () => {
      const { body } = await env().json('/api/v1/listings/pipelane/badges');
      assert.deepEqual([body.shape, body.mode, body.size], ['standard', 'auto', 'm']);
      for (const q of ['shape=round', 'mode=sepia', 'size=xl']) {
        assert.equal((await env().get(`/api/v1/listings/pipelane/badges?${q}`)).json().errors[0].path, q.split('=')[0]);
      }
      assert.equal((await env().get('/api/v1/listings/nope/badges')).statusCode, 404);
    });

    test('badge SVG URLs serve real SVG images in every style', async () => {
      for (const shape of ['standard', 'outline', 'pill', 'banner', 'square']) {
        for (const mode of ['light', 'dark', 'auto']) {
          const res = await env().get(`/badges/tablewise/launch-of-the-week.svg?shape=${shape}&mode=${mode}&size=s`);
          assert.equal(res.statusCode, 200);
          assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
          assert.match(res.body, /^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
          assert.match(res.body, /Launch of the Week #2/);
        }
      }
      assert.equal((await env().get('/badges/tablewise/unknown.svg')).statusCode, 404);
      assert.equal((await env().get('/badges/nope/listed.svg')).statusCode, 404);
    });

    test('a badge the listing has not earned is not served, so nobody can show an award they never won', async () => {
      const res = await env().get('/badges/tablewise/verified.svg');
      assert.equal(res.statusCode, 404);
      assert.match(res.body, /has not earned this badge/);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
