import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';

const slugs = (items: { slug: string }[]) => items.map((i) => i.slug);
const renameQuillnote = (env: () => { ctx: { db: { query(sql: string): Promise<unknown> } } }) =>
  env().ctx.db.query(
    `UPDATE companies SET name = 'Quillnote Two' WHERE id = (SELECT company_id FROM listings WHERE slug = 'quillnote')`,
  );

describeEachDatabase(
  'public list reads reused for READ_CACHE_SECONDS',
  (env) => {
    test('a list answer is reused while fresh, even when the database changed behind it', async () => {
      const first = await env().json('/api/v1/launches?section=most-voted');
      await renameQuillnote(env);
      const again = await env().json('/api/v1/launches?section=most-voted');
      assert.deepEqual(again.body, first.body);
    });

    test('a listing write on this instance clears the reused answers at once', async () => {
      await env().json('/api/v1/listings?q=quillnote');
      await env().ctx.db.query(
        `UPDATE companies SET tagline = 'Notes, rewritten' WHERE id = (SELECT company_id FROM listings WHERE slug = 'quillnote')`,
      );
      env().ctx.db.changed({ kind: 'listing', siteId: env().ctx.site.id, slug: 'quillnote' });
      const after = await env().json('/api/v1/listings?q=quillnote');
      assert.equal(after.body.items.find((i: { slug: string }) => i.slug === 'quillnote').tagline, 'Notes, rewritten');
    });

    test('different parameters are different answers, the same parameters in another order the same one', async () => {
      const votes = await env().json('/api/v1/listings?sort=votes&per_page=2');
      const newest = await env().json('/api/v1/listings?sort=newest&per_page=2');
      assert.notDeepEqual(slugs(votes.body.items), slugs(newest.body.items));
      assert.deepEqual((await env().json('/api/v1/listings?per_page=2&sort=votes')).body, votes.body);
    });

    test('an error is not reused: a bad parameter is refused every time and an unknown category stays 404', async () => {
      for (let i = 0; i < 2; i++) {
        assert.equal((await env().get('/api/v1/launches?section=nope')).statusCode, 400);
        assert.equal((await env().get('/api/v1/categories/nope')).statusCode, 404);
      }
    });

    test('a signed-out visitor sees the same listing page until the listing changes, then the change at once', async () => {
      const first = await env().get('/p/quillnote');
      assert.equal((await env().get('/p/quillnote')).body, first.body);
      await env().ctx.db.query(
        `UPDATE companies SET tagline = 'Notes with a new tagline' WHERE id = (SELECT company_id FROM listings WHERE slug = 'quillnote')`,
      );
      env().ctx.db.changed({ kind: 'listing', siteId: env().ctx.site.id, slug: 'quillnote' });
      const after = await env().get('/p/quillnote');
      assert.equal(after.statusCode, 200);
      assert.match(after.body, /Notes with a new tagline/);
    });

    test('the site pages show the reused answer too', async () => {
      const before = await env().get('/categories/notes');
      await renameQuillnote(env);
      assert.equal((await env().get('/categories/notes')).body, before.body);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
    env: { READ_CACHE_SECONDS: '60' },
  },
);

describeEachDatabase(
  'public list reads with READ_CACHE_SECONDS=0',
  (env) => {
    test('every read sees the database as it is', async () => {
      await env().json('/api/v1/launches?section=most-voted');
      await renameQuillnote(env);
      const after = await env().json('/api/v1/launches?section=most-voted');
      assert.ok(slugs(after.body.items).includes('quillnote'));
      assert.equal(after.body.items.find((i: { slug: string }) => i.slug === 'quillnote').name, 'Quillnote Two');
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
