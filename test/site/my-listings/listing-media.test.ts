import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import type { FormClient } from '../../support/form-client.js';
import { signedIn } from '../../support/signed-in.js';
import { addCategory, addListing } from '../../support/fixtures.js';
import { pngOf } from '../../support/fake-images.js';

/** Posts a form with a file input as a browser does (multipart/form-data), with the page's CSRF token. */
async function upload(
  env: TestEnv,
  b: FormClient,
  page: string,
  action: string,
  fields: Record<string, string | Blob>,
) {
  const token = /name="_csrf" value="([^"]+)"/.exec((await b.get(page)).body)?.[1] ?? '';
  const form = new FormData();
  form.set('_csrf', token);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return env.app.inject({
    method: 'POST',
    url: action,
    headers: {
      'content-type': req.headers.get('content-type')!,
      cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: Buffer.from(await req.arrayBuffer()),
  });
}

const png = async (w: number, h: number, colour: string) =>
  new Blob([new Uint8Array(await pngOf(w, h, colour))], { type: 'image/png' });

describeEachDatabase(
  'the media page of My listings (without JavaScript)',
  (env) => {
    let owner: Awaited<ReturnType<typeof signedIn>>;
    let stranger: Awaited<ReturnType<typeof signedIn>>;
    const ids: Record<string, number> = {};
    const page = (key: string) => `/my/listings/${ids[key]}/media`;

    before(async () => {
      const e = env();
      owner = await signedIn(e, 'owner');
      stranger = await signedIn(e, 'stranger');
      await addCategory(e.ctx.db, e.ctx.site.id, { slug: 'tools', name: 'Tools' });
      for (const [key, plan] of [
        ['gallery', 'paid'],
        ['hidden', 'free'],
      ] as const) {
        ids[key] = (
          await addListing(e.ctx.db, e.ctx.site.id, {
            slug: key,
            name: key === 'gallery' ? 'Gallery App' : 'Hidden App',
            category: 'tools',
            plan,
            launchWeek: '2026-11-09',
          })
        ).listingId;
        await e.ctx.db.query(
          'INSERT INTO listing_owners (listing_id, user_id) SELECT $1, id FROM users WHERE email = $2',
          [ids[key], owner.email],
        );
      }
    });

    test('a screenshot uploaded with the form is added, and the page lists it with its size set', async () => {
      const res = await upload(env(), owner.b, page('gallery'), page('gallery'), {
        form: 'screenshot',
        image_file: await png(1200, 750, '#1e7a34'),
        caption: 'The inbox',
      });
      assert.equal(res.statusCode, 303, res.body.slice(0, 500));
      assert.match(String(res.headers.location), /\?done=added#media-\d+$/);
      const shown = (await owner.b.get(String(res.headers.location))).body;
      assert.match(shown, /The screenshot was added\./);
      assert.match(shown, /value="The inbox"/);
      assert.match(
        shown,
        /<img src="\/media\/[0-9a-f]{64}-1200\.webp" srcset="[^"]+480w[^"]+960w[^"]+1200w" sizes="160px" width="1200" height="750"/,
      );
      assert.match(shown, /Shown on <a href="\/p\/gallery">your public listing<\/a>/);
    });

    test('a file the operation refuses is explained beside the file field, in words about the file', async () => {
      const big = new Blob([new Uint8Array(800_000)], { type: 'image/png' });
      const res = await upload(env(), owner.b, page('gallery'), page('gallery'), {
        form: 'screenshot',
        image_file: big,
      });
      assert.equal(res.statusCode, 400);
      assert.match(
        res.body,
        /The file is larger than 750 KB: send a smaller file, or give its address instead \(up to 5 MB\)/,
      );
      const text = new Blob([Buffer.from('not a picture')], { type: 'image/png' });
      const bad = await upload(env(), owner.b, page('gallery'), page('gallery'), {
        form: 'screenshot',
        image_file: text,
        image_url: '',
      });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /The file is not a readable image/);
      const none = await upload(env(), owner.b, page('gallery'), page('gallery'), {
        form: 'screenshot',
        caption: 'Nothing',
      });
      assert.equal(none.statusCode, 400);
      assert.match(none.body, /Send a screenshot \(image_base64 or image_url\) or a video_url\./);
      assert.match(none.body, /id="shot-caption" name="caption" value="Nothing"/);
    });

    test('screenshots move up and down with buttons, captions change, and one is deleted', async () => {
      for (const c of ['#3f51b5', '#a3245e'])
        assert.equal(
          (
            await upload(env(), owner.b, page('gallery'), page('gallery'), {
              form: 'screenshot',
              image_file: await png(400, 250, c),
            })
          ).statusCode,
          303,
        );
      const order = async () =>
        [...(await owner.b.get(page('gallery'))).body.matchAll(/<li id="media-(\d+)">/g)].map((m) => Number(m[1]));
      const [a, b, c] = await order();
      const body = (await owner.b.get(page('gallery'))).body;
      assert.match(body, /aria-label="Move up screenshot 1" disabled/);
      assert.match(body, /aria-label="Move down screenshot 3" disabled/);
      const moved = await owner.b.submit(page('gallery'), `${page('gallery')}/${c}`, { position: '1' });
      assert.equal(moved.statusCode, 303);
      assert.deepEqual(await order(), [c, a, b]);
      await owner.b.submit(page('gallery'), `${page('gallery')}/${c}`, { position: '2' });
      assert.deepEqual(await order(), [a, c, b]);
      const captioned = await owner.b.submit(page('gallery'), `${page('gallery')}/${b}`, { caption: 'Reports' });
      assert.match(String(captioned.headers.location), /done=caption#media-/);
      assert.match(
        (await owner.b.get(page('gallery'))).body,
        new RegExp(`id="caption-${b}" name="caption" value="Reports"`),
      );
      const long = await owner.b.submit(page('gallery'), `${page('gallery')}/${b}`, { caption: 'x'.repeat(201) });
      assert.equal(long.statusCode, 400);
      assert.match(long.body, /field-error/);
      assert.equal((await owner.b.submit(page('gallery'), `${page('gallery')}/${c}/delete`, {})).statusCode, 303);
      assert.deepEqual(await order(), [a, b]);
      assert.equal((await owner.b.submit(page('gallery'), `${page('gallery')}/${c}/delete`, {})).statusCode, 404);
    });

    test('a demo video is added by its link; a link elsewhere is refused beside the field', async () => {
      const bad = await owner.b.submit(page('gallery'), page('gallery'), {
        form: 'video',
        video_url: 'https://example.com/demo.mp4',
      });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /must be a link to a YouTube, Vimeo or Loom video/);
      assert.match(bad.body, /value="https:\/\/example.com\/demo.mp4"/);
      const ok = await owner.b.submit(page('gallery'), page('gallery'), {
        form: 'video',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        caption: 'A tour',
      });
      assert.match(String(ok.headers.location), /done=video-added/);
      assert.match((await owner.b.get(page('gallery'))).body, /Delete the video/);
    });

    test('the public page shows the gallery as responsive pictures and the video as a poster that loads nothing', async () => {
      const res = await env().get('/p/gallery');
      assert.equal(res.statusCode, 200);
      const body = res.body;
      assert.match(body, /<h2 id="media-h">Screenshots and demo<\/h2>/);
      assert.match(
        body,
        /<source type="image\/avif" srcset="\/media\/[0-9a-f]{64}-480\.avif 480w, [^"]+-960\.avif 960w, [^"]+-1200\.avif 1200w" sizes="[^"]+">/,
      );
      assert.match(body, /<a class="shot" href="\/media\/[0-9a-f]{64}-1200\.webp" data-shot="0"><picture>/);
      assert.match(body, /width="1200" height="750" alt="The inbox" loading="lazy" decoding="async"/);
      assert.match(
        body,
        /<a class="video-poster" href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ" rel="nofollow noopener" data-embed="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"/,
      );
      assert.doesNotMatch(body, /<iframe|ytimg|youtube\.com\/embed/);
      assert.match(body, /<script src="\/assets\/media\.[0-9a-f]{12}\.js" defer><\/script>/);
      assert.match(body, /"screenshot":\["http:\/\/launchdeck\.test\/media\//);
      const csp = String(res.headers['content-security-policy']);
      assert.match(
        csp,
        /frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com https:\/\/www\.loom\.com(;|$)/,
      );
      const script = await env().get(/<script src="(\/assets\/media\.[0-9a-f]{12}\.js)"/.exec(body)![1]);
      assert.equal(script.statusCode, 200);
      assert.match(String(script.headers['content-type']), /javascript/);
    });

    test('on a listing whose media section is locked, the page says so and the public page shows none', async () => {
      const res = await owner.b.submit(page('hidden'), page('hidden'), {
        form: 'video',
        video_url: 'https://vimeo.com/76979871',
      });
      assert.equal(res.statusCode, 303);
      assert.match(
        (await owner.b.get(page('hidden'))).body,
        /shown publicly only on paid listings or when the media section is unlocked/,
      );
      assert.doesNotMatch((await env().get('/p/hidden')).body, /media-h|video-poster/);
    });

    test("another person's listing is a 403 page, and nothing is added", async () => {
      assert.equal((await stranger.b.get(page('gallery'))).statusCode, 403);
      const res = await upload(env(), stranger.b, '/my/listings', page('gallery'), {
        form: 'screenshot',
        image_file: await png(300, 200, '#000000'),
      });
      assert.equal(res.statusCode, 403);
    });
  },
  { kinds: ['pglite'] },
);
