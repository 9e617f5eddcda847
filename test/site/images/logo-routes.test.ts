import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { describeEachDatabase, FIXED_NOW, type TestEnv } from '../../support/app.js';
import { seedPublicWorld } from '../../support/public-world.js';
import { addListing, finishFixtures } from '../../support/fixtures.js';
import { imageFiles, startFakeImageServer, type FakeImageServer } from '../../support/fake-images.js';
import { logoVersion } from '../../../src/domain/images/image-addresses.js';
import { findImage } from '../../../src/domain/images/image-repository.js';
import { imageUrlHash } from '../../../src/domain/images/image-addresses.js';
import type { AppContext } from '../../../src/app-context.js';

let server: FakeImageServer | null = null;
const imageServer = async () => (server ??= await startFakeImageServer(await imageFiles()));
after(async () => {
  await server?.close();
});

/** Each database kind asks for its own paths (`/pglite/logo.png`), so request counts are its own. */
const logoUrl = (kind: string, file: string) => `${server!.origin}/${kind}${file}`;
const PRIVATE_LOGO = 'http://169.254.169.254/latest/meta-data/logo.png';

async function setLogo(ctx: AppContext, slug: string, url: string | null) {
  await ctx.db.query(
    'UPDATE companies SET logo_url = $2 WHERE id = (SELECT company_id FROM listings WHERE slug = $1)',
    [slug, url],
  );
  ctx.listingCache.clear();
}

/** The logo address a page shows for a listing (its <img class="logo logo-l">). */
async function logoSrcOnPage(env: TestEnv, slug: string): Promise<string | null> {
  const res = await env.get(`/p/${slug}`);
  assert.equal(res.statusCode, 200);
  return /<img class="logo logo-l" src="([^"]+)"/.exec(res.body)?.[1]?.replace(/&amp;/g, '&') ?? null;
}

describeEachDatabase(
  'Listing logos are served from our origin, never hot-linked',
  (env) => {
    const kind = () => env().kind;

    test('a logo is fetched once with our User-Agent, redrawn as a 256 px WebP and cached for a year', async () => {
      const src = await logoSrcOnPage(env(), 'tablewise');
      assert.ok(src, 'the listing page shows a logo image');
      assert.match(src, /^\/images\/logos\/\d+\.webp\?v=[0-9a-f]{16}$/);
      const first = await env().get(src);
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers['content-type'], 'image/webp');
      assert.equal(first.headers['cache-control'], 'public, max-age=31536000, immutable');
      const meta = await sharp(first.rawPayload).metadata();
      assert.deepEqual(
        [meta.format, meta.width, meta.height],
        ['webp', 256, 256],
        'a 600×300 PNG becomes a 256 px square',
      );
      const again = await env().get(src);
      assert.equal(again.statusCode, 200);
      assert.deepEqual(again.rawPayload, first.rawPayload);
      assert.equal(server!.hits(`/${kind()}/logo.png`), 1, "fetched from the listing's server exactly once");
      assert.ok(
        server!.userAgents.every((ua) => ua.startsWith('LaunchdeckBot/')),
        "with the crawler's User-Agent",
      );
      const etag = String(first.headers.etag);
      const notModified = await env().get(src, { 'if-none-match': etag });
      assert.equal(notModified.statusCode, 304);
    });

    test('JPEG, octet-stream and SVG logos all come out as WebP: a remote SVG is rasterised, never served as it is', async () => {
      for (const slug of ['pipelane', 'quillnote', 'binlogo']) {
        const src = (await logoSrcOnPage(env(), slug))!;
        const res = await env().get(src);
        assert.equal(res.statusCode, 200, slug);
        assert.equal(res.headers['content-type'], 'image/webp', slug);
        assert.equal((await sharp(res.rawPayload).metadata()).format, 'webp', slug);
        assert.ok(!res.rawPayload.includes('<script'), `${slug}: nothing of the SVG's markup survives`);
      }
    });

    test('a broken logo shows the monogram: too large, not an image, missing, or on a private address', async () => {
      const cases: [string, string, RegExp][] = [
        ['cafe-ledger', 'CL', /larger than 2000000 bytes/],
        ['rowboat', 'R', /not an image \(text\/html\)/],
        ['fakepng', 'F', /not a readable image/],
        ['missinglogo', 'M', /HTTP 404/],
        ['orbitly', 'O', /private or reserved address/],
      ];
      for (const [slug, letters, why] of cases) {
        const src = await logoSrcOnPage(env(), slug);
        assert.ok(src, slug);
        const res = await env().get(src);
        assert.equal(res.statusCode, 200, slug);
        assert.match(String(res.headers['content-type']), /^image\/svg\+xml/, slug);
        assert.match(
          String(res.headers['cache-control']),
          /max-age=3600$/,
          `${slug}: cached briefly, so a fixed logo shows up`,
        );
        assert.match(res.body, new RegExp(`>${letters}</text></svg>$`), slug);
        const [row] = await env().ctx.db.query<{ logo_url: string }>(
          'SELECT c.logo_url FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.slug = $1',
          [slug],
        );
        const stored = await findImage(env().ctx.db, imageUrlHash(row.logo_url));
        assert.equal(stored?.status, 'failed', slug);
        assert.match(stored!.error!, why, slug);
      }
    });

    test('a failure is remembered for a day, then tried again', async () => {
      const src = (await logoSrcOnPage(env(), 'missinglogo'))!;
      const path = `/${kind()}/missing.png`;
      const before = server!.hits(path);
      await env().get(src);
      assert.equal(server!.hits(path), before, 'not asked again within the day');
      env().clock.now = new Date(FIXED_NOW.getTime() + 25 * 3_600_000);
      try {
        await env().get(src);
        assert.equal(server!.hits(path), before + 1, 'asked again a day later');
      } finally {
        env().clock.now = new Date(FIXED_NOW);
      }
    });

    test('a server error is tried again after an hour, not a day', async () => {
      const src = (await logoSrcOnPage(env(), 'flaky'))!;
      const path = `/${kind()}/flaky.png`;
      assert.match(String((await env().get(src)).headers['content-type']), /^image\/svg\+xml/);
      assert.equal(server!.hits(path), 1);
      env().clock.now = new Date(FIXED_NOW.getTime() + 61 * 60_000);
      try {
        await env().get(src);
        assert.equal(server!.hits(path), 2);
      } finally {
        env().clock.now = new Date(FIXED_NOW);
      }
    });

    test('requests arriving together share one download', async () => {
      const src = (await logoSrcOnPage(env(), 'slowlogo'))!;
      server!.delayMs = 300;
      try {
        const all = await Promise.all(Array.from({ length: 6 }, () => env().get(src)));
        assert.ok(all.every((r) => r.statusCode === 200 && r.headers['content-type'] === 'image/webp'));
      } finally {
        server!.delayMs = 0;
      }
      assert.equal(server!.hits(`/${kind()}/slow.png`), 1);
    });

    test('only the logo stored on a listing is ever fetched: any other address is a 404 (no open proxy)', async () => {
      const [t] = await env().ctx.db.query<{ id: number }>(`SELECT id FROM listings WHERE slug = 'tablewise'`);
      const requestsBefore = server!.userAgents.length;
      for (const url of [
        `/images/logos/${t.id}.webp?v=0123456789abcdef`, // a made-up hash
        `/images/logos/${t.id}.webp?v=${logoVersion(logoUrl(kind(), '/photo.jpg'))}`, // another listing's logo
        `/images/logos/${t.id}.webp`, // no version
        `/images/logos/999999.webp?v=${logoVersion(logoUrl(kind(), '/logo.png'))}`, // no such listing
        `/images/logos/${t.id}.png?v=${logoVersion(logoUrl(kind(), '/logo.png'))}`,
        `/images/logos/abc.webp?v=0123456789abcdef`,
        `/images/logos/${t.id}.webp?v=${encodeURIComponent('http://127.0.0.1/x')}`,
      ]) {
        const res = await env().get(url);
        assert.equal(res.statusCode, 404, url);
      }
      assert.equal(server!.userAgents.length, requestsBefore, 'nothing was fetched for them');
    });

    test('a listing without a logo shows its monogram inline and asks for no image', async () => {
      await setLogo(env().ctx, 'rowboat', null);
      try {
        const res = await env().get('/p/rowboat');
        assert.doesNotMatch(res.body, /<img class="logo logo-l"/);
        assert.match(res.body, /<span class="logo logo-l"><span class="monogram hue-\d+" aria-hidden="true">R<\/span>/);
      } finally {
        await setLogo(env().ctx, 'rowboat', logoUrl(kind(), '/page.html'));
      }
    });

    test('a new logo URL gets a new address; the old address is gone', async () => {
      const old = (await logoSrcOnPage(env(), 'tablewise'))!;
      await setLogo(env().ctx, 'tablewise', logoUrl(kind(), '/logo-new.png'));
      try {
        const fresh = (await logoSrcOnPage(env(), 'tablewise'))!;
        assert.notEqual(fresh, old);
        assert.equal(fresh.split('?')[0], old.split('?')[0], 'the same listing, another version');
        assert.equal((await env().get(old)).statusCode, 404);
        const res = await env().get(fresh);
        assert.equal(res.statusCode, 200);
        const { dominant } = await sharp(res.rawPayload).stats();
        assert.ok(dominant.g > dominant.r && dominant.g > dominant.b, 'the new (green) logo');
      } finally {
        await setLogo(env().ctx, 'tablewise', logoUrl(kind(), '/logo.png'));
      }
    });

    test("a founder's avatar is served from our origin too, by the founder's slug and the hash of the stored URL only", async () => {
      const page = await env().get('/founders/ada-row');
      const src = /<img class="logo logo-l avatar" src="([^"]+)"/.exec(page.body)?.[1];
      assert.equal(src, `/images/avatars/ada-row.webp?v=${logoVersion(logoUrl(kind(), '/avatar.jpg'))}`);
      const res = await env().get(src!);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/webp');
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(server!.hits(`/${kind()}/avatar.jpg`), 1);
      for (const url of [
        '/images/avatars/ada-row.webp?v=0123456789abcdef',
        '/images/avatars/elodie-quill.webp?v=0123456789abcdef',
        '/images/avatars/nobody.webp?v=0123456789abcdef',
      ]) {
        assert.equal((await env().get(url)).statusCode, 404, url);
      }
    });

    test('pages show images of our origin only, and the CSP allows no other', async () => {
      for (const path of [
        '/',
        '/p/tablewise',
        '/launches/weeks/2026-11-09',
        '/categories/databases',
        '/leaderboards',
        '/awards',
        '/search?q=notes',
        '/founders',
        '/founders/ada-row',
      ]) {
        const res = await env().get(path);
        assert.equal(res.statusCode, 200, path);
        const srcs = [...res.body.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);
        for (const src of srcs) assert.match(src, /^\/(?!\/)/, `${path}: <img src="${src}"> is on our origin`);
        assert.doesNotMatch(
          res.body,
          new RegExp(`${server!.origin.replace(/[.:/]/g, '\\$&')}[^"]*\\.(png|jpg|svg)`),
          `${path} never links the listing's own image`,
        );
        for (const m of res.body.matchAll(/<meta (?:property="og:image"|name="twitter:image") content="([^"]+)"/g)) {
          assert.ok(m[1].startsWith(`${env().ctx.config.publicUrl}/`), `${path}: ${m[1]} is on our origin`);
        }
        const imgSrc = /img-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];
        assert.equal(imgSrc, "'self' data:", path);
      }
      assert.ok(
        (await env().get('/p/tablewise')).body.includes('"image":"http://launchdeck.test/images/logos/'),
        'JSON-LD names our copy of the logo',
      );
    });
  },
  {
    env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' },
    seed: async (ctx) => {
      await imageServer();
      await seedPublicWorld(ctx);
      const k = ctx.db.kind;
      for (const [slug, name] of [
        ['binlogo', 'Binlogo'],
        ['fakepng', 'Fakepng'],
        ['missinglogo', 'Missinglogo'],
        ['slowlogo', 'Slowlogo'],
        ['flaky', 'Flaky'],
      ]) {
        await addListing(ctx.db, ctx.site.id, { slug, name, category: 'notes', launchWeek: '2026-11-16' });
      }
      for (const [slug, url] of [
        ['tablewise', logoUrl(k, '/logo.png')],
        ['pipelane', logoUrl(k, '/photo.jpg')],
        ['quillnote', logoUrl(k, '/logo.svg')],
        ['binlogo', logoUrl(k, '/logo.bin')],
        ['cafe-ledger', logoUrl(k, '/huge.png')],
        ['rowboat', logoUrl(k, '/page.html')],
        ['fakepng', logoUrl(k, '/text.png')],
        ['missinglogo', logoUrl(k, '/missing.png')],
        ['orbitly', PRIVATE_LOGO],
        ['slowlogo', logoUrl(k, '/slow.png')],
        ['flaky', logoUrl(k, '/flaky.png')],
      ] as const)
        await setLogo(ctx, slug, url);
      await ctx.db.query(`UPDATE founders SET avatar_url = $1 WHERE slug = 'ada-row'`, [logoUrl(k, '/avatar.jpg')]);
      await finishFixtures(ctx);
    },
  },
);
