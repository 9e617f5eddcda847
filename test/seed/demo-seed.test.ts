import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import sharp from 'sharp';
import { seedDemoIfEmpty } from '../../src/seed/demo-seed.js';

describeEachDatabase('demo content', (env) => {
  test('an empty site gets the demo set once', async () => {
    assert.equal(await seedDemoIfEmpty(env().ctx), true);
    assert.equal(await seedDemoIfEmpty(env().ctx), false);
    const [counts] = await env().ctx.db.query<{
      listings: number;
      live: number;
      categories: number;
      founders: number;
      posts: number;
      questions: number;
    }>(
      `SELECT (SELECT count(*)::int FROM listings) AS listings, (SELECT count(*)::int FROM listings WHERE status = 'live') AS live,
              (SELECT count(*)::int FROM categories) AS categories, (SELECT count(*)::int FROM founders) AS founders,
              (SELECT count(*)::int FROM blog_posts) AS posts, (SELECT count(*)::int FROM interview_questions) AS questions`,
    );
    assert.ok(counts.listings >= 300, `${counts.listings} listings`);
    assert.ok(counts.live >= 200);
    assert.ok(counts.categories >= 30);
    assert.ok(counts.founders >= 100);
    assert.ok(counts.posts >= 10);
    assert.ok(counts.questions >= 10);
  });

  test('vote counts equal the votes recorded, and votes are never in the future', async () => {
    const [row] = await env().ctx.db.query<{ mismatched: number; future: number }>(
      `SELECT (SELECT count(*)::int FROM listings l WHERE l.votes_count <> (SELECT count(*) FROM votes v WHERE v.listing_id = l.id)) AS mismatched,
              (SELECT count(*)::int FROM votes WHERE created_at > $1) AS future`,
      [env().clock.now.toISOString()],
    );
    assert.deepEqual(row, { mismatched: 0, future: 0 });
  });

  test('the calendar has launches this week and in past weeks, with awards for finished weeks', async () => {
    const thisWeek = await env().json('/api/v1/launches/weeks/this');
    assert.ok(thisWeek.body.total >= 1);
    const last = await env().json('/api/v1/launches/weeks/last');
    assert.ok(last.body.total >= 5);
    const awards = await env().json('/api/v1/awards');
    assert.ok(awards.body.total >= 3 * 8, `${awards.body.total} awards`);
    assert.equal(awards.body.items[0].week, last.body.week);
  });

  test('every public read answers on demo data', async () => {
    const first = (await env().json('/api/v1/listings?per_page=1')).body.items[0];
    const founder = (await env().json('/api/v1/founders?per_page=1')).body.items[0];
    const post = (await env().json('/api/v1/blog?per_page=1')).body.items[0];
    const category = (await env().json('/api/v1/categories')).body.items[0];
    for (const url of [
      `/api/v1/listings/${first.slug}`,
      `/api/v1/listings/${first.slug}/alternatives`,
      `/api/v1/listings/${first.slug}/badges`,
      `/api/v1/categories/${category.slug}`,
      `/api/v1/founders/${founder.slug}`,
      `/api/v1/blog/${post.slug}`,
      '/api/v1/leaderboards/community-all-time',
      '/api/v1/leaderboards/billboard',
      '/api/v1/leaderboards/domain-rating',
      '/api/v1/leaderboards/revenue',
      '/api/v1/launches?section=trending',
      '/api/v1/interview-questions',
      '/',
      `/p/${first.slug}`,
      '/categories',
    ]) {
      assert.equal((await env().get(url)).statusCode, 200, url);
    }
  });

  test('accented names are found without their accents', async () => {
    const accented = await env().ctx.db.query<{ slug: string; name: string }>(
      `SELECT l.slug, c.name FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.status = 'live' AND c.name <> unaccent(c.name) LIMIT 1`,
    );
    assert.ok(accented[0], 'the demo set has an accented live listing');
    const plain = accented[0].name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    const { body } = await env().json(`/api/v1/listings?q=${encodeURIComponent(plain)}`);
    assert.ok(body.items.slice(0, 3).some((i: { slug: string }) => i.slug === accented[0].slug));
  });

  test('demo listings show generated screenshots from our origin and their demo videos, where media is unlocked', async () => {
    const rows = await env().ctx.db.query<{ slug: string; images: number; videos: number }>(
      `SELECT l.slug, count(*) FILTER (WHERE m.kind = 'image')::int AS images, count(*) FILTER (WHERE m.kind = 'video')::int AS videos
         FROM listing_media m JOIN listings l ON l.id = m.listing_id GROUP BY l.slug ORDER BY images DESC, l.slug`,
    );
    const withShots = rows.filter((r) => r.images > 0);
    assert.ok(withShots.length >= 4, JSON.stringify(rows.slice(0, 5)));
    assert.ok(rows.filter((r) => r.videos > 0).length >= 10);
    const { body } = await env().json(`/api/v1/listings/${withShots[0].slug}`);
    const images = body.media.filter((m: { kind: string }) => m.kind === 'image');
    assert.equal(images.length, withShots[0].images);
    assert.deepEqual([images[0].width, images[0].height], [1280, 800]);
    assert.ok(images.every((m: { caption: string }) => m.caption.length > 10));
    const file = await env().get(new URL(images[0].url).pathname);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/webp');
    // Not a flat placeholder: a screen of many colours.
    const stats = await sharp(file.rawPayload).stats();
    assert.ok(
      stats.channels.every((c) => c.stdev > 20),
      'the screenshot has content',
    );
    const hidden = await env().ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listing_media m JOIN listings l ON l.id = m.listing_id
        WHERE l.plan IS DISTINCT FROM 'paid' AND NOT ('media' = ANY (l.unlocked_sections))`,
    );
    assert.equal(hidden[0].n, 0, 'the demo adds media only where it is shown');
  });
});
