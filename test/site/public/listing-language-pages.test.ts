import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { addListing, finishFixtures } from '../../support/fixtures.js';

describeEachDatabase(
  'site: the language of a listing’s text',
  (env) => {
    test('the listing page marks its name, tagline, headline, description and features with their language', async () => {
      const res = await env().get('/p/gamen');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<h1 lang="ja">画面共有アプリ<\/h1><p class="lead" lang="ja">ブラウザに画面を映す<\/p>/);
      assert.match(res.body, /<p class="headline" lang="ja"><strong>画面共有アプリ headline<\/strong><\/p>/);
      assert.match(res.body, /<h2 id="about-h">About 画面共有アプリ<\/h2><p lang="ja">無料で使えます。<\/p>/);
      assert.match(res.body, /<ul class="features" lang="ja">/);
    });

    test('the site’s own words around it stay English: the page is lang="en" and its headings carry no other', async () => {
      const res = await env().get('/p/gamen');
      assert.match(res.body, /<html lang="en">/);
      assert.equal(res.body.match(/ lang="ja"/g)?.length, 5, 'name, tagline, headline, description, features');
      assert.match(res.body, /<h2 id="features-h">Features<\/h2>/);
    });

    test('a card marks the listing’s name and tagline with their language', async () => {
      const res = await env().get(`/search?q=${encodeURIComponent('画面共有')}`);
      assert.equal(res.statusCode, 200);
      assert.match(
        res.body,
        /<h3 class="name" lang="ja"><a href="\/p\/gamen">画面共有アプリ<\/a><\/h3>\s*<p class="tagline" lang="ja">/,
      );
    });

    test('a listing whose language is unknown carries no lang of its own', async () => {
      const page = await env().get('/p/plainly');
      assert.equal(page.statusCode, 200);
      assert.deepEqual(page.body.match(/<[a-z0-9]+[^>]* lang="[^"]*"/g), ['<html lang="en"'], 'the page’s own only');
      const search = await env().get('/search?q=plainly');
      assert.match(search.body, /<h3 class="name"><a href="\/p\/plainly">/);
    });
  },
  {
    seed: async (ctx) => {
      const { listingId } = await addListing(ctx.db, ctx.site.id, {
        slug: 'gamen',
        name: '画面共有アプリ',
        tagline: 'ブラウザに画面を映す',
        description: '無料で使えます。',
      });
      await ctx.db.query("UPDATE listings SET language = 'ja', language_stated = true WHERE id = $1", [listingId]);
      await addListing(ctx.db, ctx.site.id, { slug: 'plainly', name: 'Plainly' });
      await finishFixtures(ctx);
    },
  },
);
