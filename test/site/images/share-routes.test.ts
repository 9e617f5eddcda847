import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { describeEachDatabase } from '../../support/app.js';
import { seedPublicWorld, WEEK } from '../../support/public-world.js';
import { addListing, addVotes, finishFixtures } from '../../support/fixtures.js';

const XSS_NAME = `<script>alert("x")</script>"/><image href="http://evil.example/x.png"/>`;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describeEachDatabase(
  'Share images of listings and launch weeks',
  (env) => {
    async function png(url: string) {
      const res = await env().get(url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.deepEqual(res.rawPayload.subarray(0, 8), PNG_SIGNATURE, 'a PNG file');
      const meta = await sharp(res.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', 1200, 630]);
      return res;
    }

    test('a listing has a 1200×630 PNG share image with an ETag and an hour of caching', async () => {
      const res = await png('/images/share/listings/tablewise.png');
      assert.equal(res.headers['cache-control'], 'public, max-age=3600');
      const etag = String(res.headers.etag);
      assert.match(etag, /^"[0-9a-f]{32}"$/);
      assert.equal(
        (await env().get('/images/share/listings/tablewise.png', { 'if-none-match': etag })).statusCode,
        304,
      );
      const again = await env().get('/images/share/listings/tablewise.png');
      assert.deepEqual(again.rawPayload, res.rawPayload, 'the same picture while nothing changed');
    });

    test('the picture changes (new ETag) when what it shows changes', async () => {
      const before = String((await env().get('/images/share/listings/pipelane.png')).headers.etag);
      const [p] = await env().ctx.db.query<{ id: number }>(`SELECT id FROM listings WHERE slug = 'pipelane'`);
      await addVotes(env().ctx.db, p.id, 2, `${WEEK.this}T12:00:00Z`);
      env().ctx.listingCache.clear();
      const after = await png('/images/share/listings/pipelane.png');
      assert.notEqual(String(after.headers.etag), before);
    });

    test('a stored XSS payload in the name is drawn as text: the image renders and nothing is injected', async () => {
      await png('/images/share/listings/xss-listing.png');
      await png(`/images/share/weeks/${WEEK.this}.png`);
    });

    test('a week has a share image at its Monday only; unknown listings and malformed addresses are 404s', async () => {
      await png(`/images/share/weeks/${WEEK.last}.png`);
      await png(`/images/share/weeks/${WEEK.next}.png`);
      for (const url of [
        '/images/share/listings/no-such-listing.png',
        '/images/share/listings/secret-draft.png',
        '/images/share/listings/Tablewise.png',
        '/images/share/listings/tablewise.jpg',
        '/images/share/weeks/2026-11-17.png',
        '/images/share/weeks/2026-13-40.png',
        '/images/share/weeks/this.png',
      ]) {
        assert.equal((await env().get(url)).statusCode, 404, url);
      }
    });

    test('the listing page and the launch week page name their share image as og:image and twitter:image (large card)', async () => {
      const base = env().ctx.config.publicUrl;
      for (const [path, image] of [
        ['/p/tablewise', `${base}/images/share/listings/tablewise.png`],
        [`/launches/weeks/${WEEK.last}`, `${base}/images/share/weeks/${WEEK.last}.png`],
      ]) {
        const { body } = await env().get(path);
        assert.ok(body.includes(`<meta property="og:image" content="${image}">`), `${path} og:image`);
        assert.ok(body.includes(`<meta name="twitter:image" content="${image}">`), `${path} twitter:image`);
        assert.ok(body.includes('<meta name="twitter:card" content="summary_large_image">'), `${path} twitter:card`);
        const fetched = await env().get(image.slice(base.length));
        assert.equal(fetched.statusCode, 200, image);
      }
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
      const x = await addListing(ctx.db, ctx.site.id, {
        slug: 'xss-listing',
        name: XSS_NAME,
        tagline: `<img src=x onerror=alert(1)> & "quotes" \u0008 control`,
        category: 'notes',
        launchWeek: WEEK.this,
      });
      await addVotes(ctx.db, x.listingId, 9, `${WEEK.this}T10:00:00Z`);
      await finishFixtures(ctx);
    },
  },
);
