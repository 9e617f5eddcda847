import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describeEachDatabase } from '../support/app.js';
import { founder } from '../support/draft-client.js';
import { createApiKey } from '../support/credentials.js';
import { addCategory, addListing } from '../support/fixtures.js';
import { callTool, toolProblem } from '../support/mcp-rpc.js';
import { pngOf, startFakeImageServer, type FakeImageServer } from '../support/fake-images.js';

type Client = Awaited<ReturnType<typeof founder>>;

/** A photo as cameras send it: EXIF with a place and an owner, and turned sideways by its orientation tag. */
const photoWithExif = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#1b62b0' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Person', ImageDescription: 'At home, 12 Secret Street' } })
    .toBuffer()
    .then((b) => sharp(b).withMetadata({ orientation: 6 }).jpeg().toBuffer());

/** A PNG that says it is 10,000 × 10,000 pixels (a decompression bomb's header) with nothing behind it. */
function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(10_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let images: FakeImageServer;
before(async () => {
  images = await startFakeImageServer({
    '/shot.png': { type: 'image/png', body: await pngOf(1280, 800, '#00756a') },
    '/huge.png': { type: 'image/png', body: Buffer.concat([await pngOf(200, 200), Buffer.alloc(5_100_000)]) },
    '/page.html': { type: 'text/html; charset=utf-8', body: '<!doctype html><h1>Not a screenshot</h1>' },
  });
});
after(async () => {
  await images?.close();
});

describeEachDatabase(
  'listing media operations (REST and MCP)',
  (env) => {
    let owner: Client;
    let other: Client;
    let shot: string;
    const ids: Record<string, number> = {};
    const media = (key: string) => `/me/listings/${ids[key]}/media`;

    before(async () => {
      const e = env();
      owner = await founder(e, 'media-owner');
      other = await founder(e, 'media-other');
      shot = (await pngOf(1280, 800, '#a84300')).toString('base64');
      await addCategory(e.ctx.db, e.ctx.site.id, { slug: 'tools', name: 'Tools' });
      const add = async (key: string, who: Client, f: Partial<Parameters<typeof addListing>[2]> = {}) => {
        ids[key] = (
          await addListing(e.ctx.db, e.ctx.site.id, {
            slug: key,
            name: key[0].toUpperCase() + key.slice(1),
            category: 'tools',
            launchWeek: '2026-11-09',
            ...f,
          })
        ).listingId;
        await e.ctx.db.query(
          `INSERT INTO listing_owners (listing_id, user_id, role) SELECT $1, id, 'owner' FROM users WHERE email = $2`,
          [ids[key], who.email],
        );
      };
      await add('paidshots', owner, { plan: 'paid' });
      await add('freeshots', owner);
      await add('ordered', owner, { plan: 'paid' });
      await add('limits', owner, { plan: 'paid' });
      await add('videos', owner, { plan: 'paid' });
      await add('agentic', owner, { plan: 'paid' });
      await add('theirs', other, { plan: 'paid' });
    });

    const problemOf = (res: { status: number; body: any }) => ({
      status: res.status,
      paths: (res.body?.errors ?? []).map((e: { path: string }) => e.path),
    });

    test('an owner adds a screenshot as base64: 201, shown on the paid listing, served from our origin', async () => {
      const res = await owner.call('POST', media('paidshots'), { image_base64: shot, caption: 'The dashboard' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.public, true);
      const item = res.body.media.find((m: { id: number }) => m.id === res.body.id);
      assert.equal(item.kind, 'image');
      assert.equal(item.caption, 'The dashboard');
      assert.deepEqual([item.width, item.height], [1280, 800]);
      assert.match(item.url, /^http:\/\/launchdeck\.test\/media\/[0-9a-f]{64}-1280\.webp$/);
      const profile = (await env().json('/api/v1/listings/paidshots')).body;
      assert.deepEqual(
        profile.media.map((m: { url: string }) => m.url),
        [item.url],
      );
    });

    test('a screenshot is served as WebP and AVIF at the widths of its srcset, cached for a year; other widths are 404', async () => {
      const [item] = (await owner.call('GET', `/me/listings/${ids.paidshots}`)).body.media;
      const path = new URL(item.url).pathname;
      const full = await env().get(path);
      assert.equal(full.statusCode, 200);
      assert.equal(full.headers['content-type'], 'image/webp');
      assert.match(String(full.headers['cache-control']), /max-age=31536000, immutable/);
      const small = await env().get(path.replace('-1280.webp', '-480.avif'));
      assert.equal(small.statusCode, 200);
      assert.equal(small.headers['content-type'], 'image/avif');
      const meta = await sharp(small.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['heif', 480, 300]);
      assert.equal((await env().get(path.replace('-1280.webp', '-960.webp'))).statusCode, 200);
      for (const odd of ['-481.webp', '-1440.webp', '-2000.avif', '-480.png'])
        assert.equal((await env().get(path.replace('-1280.webp', odd))).statusCode, 404, odd);
      assert.equal((await env().get(`/media/${'0'.repeat(64)}-480.webp`)).statusCode, 404);
    });

    test('an uploaded photo is turned upright and keeps none of its metadata', async () => {
      const res = await owner.call('POST', media('paidshots'), {
        image_base64: (await photoWithExif()).toString('base64'),
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const item = res.body.media.find((m: { id: number }) => m.id === res.body.id);
      // Orientation 6 (rotated 90°): 400 × 300 as stored, 300 × 400 as seen.
      assert.deepEqual([item.width, item.height], [300, 400]);
      const served = await env().get(new URL(item.url).pathname);
      const meta = await sharp(served.rawPayload).metadata();
      assert.equal(meta.exif, undefined);
      assert.equal(meta.orientation, undefined);
      assert.doesNotMatch(served.rawPayload.toString('latin1'), /Secret/);
    });

    test('the same picture added again, to any listing, is stored once', async () => {
      const count = async () =>
        (await env().ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media_images'))[0].n;
      const before = await count();
      assert.equal((await owner.call('POST', media('ordered'), { image_base64: shot })).status, 201);
      assert.equal(await count(), before);
    });

    test('a screenshot by URL is fetched once through the SSRF guard; a private address is refused', async () => {
      const res = await owner.call('POST', media('limits'), { image_url: `${images.origin}/shot.png` });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(images.hits('/shot.png'), env().kind === 'pglite' ? 1 : 2);
      for (const url of ['http://10.1.2.3/shot.png', 'http://localhost:1/shot.png', 'file:///etc/passwd']) {
        const refused = await owner.call('POST', media('limits'), { image_url: url });
        assert.deepEqual(problemOf(refused), { status: 400, paths: ['image_url'] }, url);
      }
      await owner.call('DELETE', `${media('limits')}/${res.body.id}`);
    });

    test('every limit is a 400 naming the field, and stores nothing', async () => {
      const before = await env().ctx.db.query('SELECT id FROM listing_media ORDER BY id');
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"></svg>');
      const cases: [string, Record<string, unknown>, string][] = [
        ['not base64', { image_base64: 'not base64!' }, 'image_base64'],
        ['over 1,000,000 characters of base64', { image_base64: 'A'.repeat(1_000_004) }, 'image_base64'],
        [
          'base64 of something that is not an image',
          { image_base64: Buffer.from('hello').toString('base64') },
          'image_base64',
        ],
        ['an SVG', { image_base64: svg.toString('base64') }, 'image_base64'],
        [
          'a TIFF',
          {
            image_base64: (
              await sharp(await pngOf(300, 300))
                .tiff()
                .toBuffer()
            ).toString('base64'),
          },
          'image_base64',
        ],
        ['100 million pixels (a decompression bomb)', { image_base64: bombPng().toString('base64') }, 'image_base64'],
        ['an image of 50 × 50 pixels', { image_base64: (await pngOf(50, 50)).toString('base64') }, 'image_base64'],
        ['a fetched file over 5 MB', { image_url: `${images.origin}/huge.png` }, 'image_url'],
        ['a fetched page that is not an image', { image_url: `${images.origin}/page.html` }, 'image_url'],
        ['a caption over 200 characters', { image_base64: shot, caption: 'x'.repeat(201) }, 'caption'],
        ['a video on another site', { video_url: 'https://example.com/demo.mp4' }, 'video_url'],
        ['a YouTube channel, not a video', { video_url: 'https://www.youtube.com/@someone' }, 'video_url'],
        ['a video link over 500 characters', { video_url: `https://youtu.be/${'a'.repeat(490)}` }, 'video_url'],
        [
          'a screenshot and a video at once',
          { image_base64: shot, video_url: 'https://youtu.be/aaaaaaaaaaa' },
          'video_url',
        ],
      ];
      for (const [what, body, path] of cases) {
        const res = await owner.call('POST', media('limits'), body);
        assert.deepEqual(problemOf(res), { status: 400, paths: [path] }, `${what}: ${JSON.stringify(res.body)}`);
      }
      const nothing = await owner.call('POST', media('limits'), { caption: 'No picture' });
      assert.equal(nothing.status, 400);
      assert.match(nothing.body.detail, /image_base64 or image_url\) or a video_url/);
      assert.deepEqual(await env().ctx.db.query('SELECT id FROM listing_media ORDER BY id'), before);
    });

    test('a ninth screenshot is a 400 naming the field', async () => {
      const colours = ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666', '#777777', '#888888'];
      for (const c of colours)
        assert.equal(
          (await owner.call('POST', media('limits'), { image_base64: (await pngOf(200, 120, c)).toString('base64') }))
            .status,
          201,
        );
      const ninth = await owner.call('POST', media('limits'), { image_base64: shot });
      assert.deepEqual(problemOf(ninth), { status: 400, paths: ['image_base64'] });
      assert.match(ninth.body.errors[0].message, /at most 8 screenshots/);
      const byUrl = await owner.call('POST', media('limits'), { image_url: `${images.origin}/shot.png` });
      assert.deepEqual(problemOf(byUrl), { status: 400, paths: ['image_url'] });
    });

    test('one demo video from YouTube, Vimeo or Loom, played from its privacy-enhanced player', async () => {
      const cases: [string, string][] = [
        ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
        ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
        ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
        ['https://vimeo.com/76979871/abc123def0', 'https://player.vimeo.com/video/76979871?dnt=1&h=abc123def0'],
        [
          'https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184',
          'https://www.loom.com/embed/0281766fa2d04bb788eaf19e65135184',
        ],
      ];
      for (const [url, embed] of cases) {
        const res = await owner.call('POST', media('videos'), { video_url: url, caption: 'A tour' });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        const video = res.body.media.find((m: { id: number }) => m.id === res.body.id);
        assert.deepEqual([video.kind, video.url, video.embed_url, video.width], ['video', url, embed, null]);
        const second = await owner.call('POST', media('videos'), { video_url: 'https://youtu.be/aaaaaaaaaaa' });
        assert.deepEqual(problemOf(second), { status: 400, paths: ['video_url'] });
        assert.equal((await owner.call('DELETE', `${media('videos')}/${res.body.id}`)).status, 200);
      }
    });

    test('screenshots are reordered and captioned; the video is listed first and has no place in the order', async () => {
      const base = media('ordered');
      const added: number[] = [];
      for (const c of ['#1e7a34', '#3f51b5']) {
        const r = await owner.call('POST', base, { image_base64: (await pngOf(300, 200, c)).toString('base64') });
        added.push(r.body.id);
      }
      const video = (await owner.call('POST', base, { video_url: 'https://vimeo.com/76979871' })).body.id;
      const all = (await owner.call('GET', `/me/listings/${ids.ordered}`)).body.media.map((m: { id: number }) => m.id);
      const [first] = all.filter((id: number) => id !== video && !added.includes(id));
      assert.deepEqual(all, [video, first, ...added]);
      const moved = await owner.call('PATCH', `${base}/${added[1]}`, { position: 1, caption: 'Settings' });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.deepEqual(
        moved.body.media.map((m: { id: number }) => m.id),
        [video, added[1], first, added[0]],
      );
      assert.equal(moved.body.media[1].caption, 'Settings');
      const public_ = (await env().json('/api/v1/listings/ordered')).body.media;
      assert.deepEqual(
        public_.map((m: { id: number }) => m.id),
        [video, added[1], first, added[0]],
      );
      const cleared = await owner.call('PATCH', `${base}/${added[1]}`, { caption: '' });
      assert.equal(cleared.body.media[1].caption, '');
      assert.deepEqual(problemOf(await owner.call('PATCH', `${base}/${added[0]}`, { position: 4 })), {
        status: 400,
        paths: ['position'],
      });
      assert.deepEqual(problemOf(await owner.call('PATCH', `${base}/${added[0]}`, { position: 9 })), {
        status: 400,
        paths: ['position'],
      });
      assert.deepEqual(problemOf(await owner.call('PATCH', `${base}/${video}`, { position: 1 })), {
        status: 400,
        paths: ['position'],
      });
      assert.deepEqual(problemOf(await owner.call('PATCH', `${base}/${video}`, { caption: 'y'.repeat(201) })), {
        status: 400,
        paths: ['caption'],
      });
    });

    test('deleting closes the gap in the order, and a picture no listing shows is deleted with its sizes', async () => {
      const base = media('ordered');
      const before = (await owner.call('GET', `/me/listings/${ids.ordered}`)).body.media;
      const shots = before.filter((m: { kind: string }) => m.kind === 'image');
      const unique = shots.at(-1);
      const hash = /\/media\/([0-9a-f]{64})-/.exec(unique.url)![1];
      await env().get(new URL(unique.url).pathname.replace(/-\d+\.webp$/, '-480.avif'));
      const res = await owner.call('DELETE', `${base}/${unique.id}`);
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.media.map((m: { id: number }) => m.id),
        before.filter((m: { id: number }) => m.id !== unique.id).map((m: { id: number }) => m.id),
      );
      const left = await env().ctx.db.query<{ n: number }>(
        'SELECT (SELECT count(*) FROM media_images WHERE hash = $1)::int + (SELECT count(*) FROM media_renditions WHERE hash = $1)::int AS n',
        [hash],
      );
      assert.equal(left[0].n, 0);
      assert.equal((await env().get(new URL(unique.url).pathname)).statusCode, 404);
      // Its first screenshot is also on paidshots: deleting it here keeps the picture there.
      const shared = shots.find((m: { width: number }) => m.width === 1280);
      assert.equal((await owner.call('DELETE', `${base}/${shared.id}`)).status, 200);
      assert.equal((await env().get(new URL(shared.url).pathname)).statusCode, 200);
      assert.equal((await owner.call('DELETE', `${base}/${unique.id}`)).status, 404);
    });

    test('media of a free listing is saved but shown publicly only once its section is unlocked', async () => {
      const res = await owner.call('POST', media('freeshots'), { image_base64: shot });
      assert.equal(res.status, 201);
      assert.equal(res.body.public, false);
      assert.equal((await env().json('/api/v1/listings/freeshots')).body.media, undefined);
      const mine = (await owner.call('GET', `/me/listings/${ids.freeshots}`)).body;
      assert.deepEqual(mine.unlocked_sections, []);
      assert.deepEqual(
        mine.media.map((m: { id: number }) => m.id),
        [res.body.id],
      );
      await env().ctx.db.query(`UPDATE listings SET unlocked_sections = '{media}' WHERE id = $1`, [ids.freeshots]);
      env().ctx.db.changed({ kind: 'listing', siteId: env().ctx.site.id, slug: 'freeshots' });
      const shown = (await env().json('/api/v1/listings/freeshots')).body;
      assert.deepEqual(
        shown.media.map((m: { id: number }) => m.id),
        [res.body.id],
      );
    });

    test("someone else's listing is a 403, an unknown one a 404, another listing's item a 404", async () => {
      const theirs = media('theirs');
      assert.equal((await owner.call('POST', theirs, { image_base64: shot })).status, 403);
      const item = (await other.call('POST', theirs, { video_url: 'https://youtu.be/aaaaaaaaaaa' })).body.id;
      assert.equal((await owner.call('PATCH', `${theirs}/${item}`, { caption: 'Mine now' })).status, 403);
      assert.equal((await owner.call('DELETE', `${theirs}/${item}`)).status, 403);
      assert.equal((await owner.call('POST', '/me/listings/2147483647/media', { image_base64: shot })).status, 404);
      assert.equal((await owner.call('PATCH', `${media('paidshots')}/${item}`, { caption: 'x' })).status, 404);
      assert.equal((await owner.call('DELETE', `${media('paidshots')}/${item}`)).status, 404);
      const readOnly = await createApiKey(env(), owner.email, ['account:read']);
      const res = await env().app.inject({
        method: 'POST',
        url: `/api/v1${media('paidshots')}`,
        headers: { authorization: `Bearer ${readOnly}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ image_base64: shot }),
      });
      assert.equal(res.statusCode, 403);
      assert.match(String(res.headers['www-authenticate']), /insufficient_scope.*listings:write/);
    });

    test('the same operations are MCP tools, with the same refusals naming the field', async () => {
      const auth = { authorization: `Bearer ${owner.key}` };
      const added = await callTool(
        env(),
        'add_listing_media',
        { listing_id: ids.agentic, image_base64: shot, caption: 'From an agent' },
        auth,
      );
      const result = added.body.result;
      assert.equal(result.isError, undefined, JSON.stringify(result));
      assert.equal(result.structuredContent.public, true);
      const id = result.structuredContent.id;
      const updated = await callTool(
        env(),
        'update_listing_media',
        { listing_id: ids.agentic, media_id: id, caption: 'Renamed' },
        auth,
      );
      assert.equal(updated.body.result.structuredContent.media[0].caption, 'Renamed');
      const bad = await callTool(
        env(),
        'add_listing_media',
        { listing_id: ids.agentic, video_url: 'https://example.com/v' },
        auth,
      );
      const problem = toolProblem(bad.body.result);
      assert.equal(problem.status, 400);
      assert.deepEqual(
        problem.errors.map((e: { path: string }) => e.path),
        ['video_url'],
      );
      const big = await callTool(
        env(),
        'add_listing_media',
        { listing_id: ids.agentic, image_base64: 'A'.repeat(1_000_004) },
        auth,
      );
      assert.equal(toolProblem(big.body.result).errors[0].path, 'image_base64');
      const theirs = await callTool(env(), 'delete_listing_media', { listing_id: ids.theirs, media_id: id }, auth);
      assert.equal(toolProblem(theirs.body.result).status, 403);
      const deleted = await callTool(env(), 'delete_listing_media', { listing_id: ids.agentic, media_id: id }, auth);
      assert.deepEqual(deleted.body.result.structuredContent.media, []);
      const again = await callTool(env(), 'delete_listing_media', { listing_id: ids.agentic, media_id: id }, auth);
      assert.equal(toolProblem(again.body.result).status, 404);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
