import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { installCompression } from '../../src/net/compress-replies.js';
import { STYLESHEET_PATH, VOTE_SCRIPT_PATH } from '../../src/site/assets.js';

const decode = (encoding: unknown, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? zlib.gunzipSync(body).toString()
      : body.toString();

describeEachDatabase(
  'compression of every text answer',
  (env) => {
    const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

    test('pages, JSON, CSS, scripts, the OpenAPI document and feeds come compressed to a browser, and read the same', async () => {
      const paths = [
        '/search?q=notes', // a page drawn for each request
        '/api/v1/listings?per_page=50', // an API list that is not a cached read
        '/api/v1/openapi.json',
        STYLESHEET_PATH,
        VOTE_SCRIPT_PATH,
        '/feed.xml',
      ];
      for (const path of paths) {
        const plain = await env().get(path);
        const zipped = await env().get(path, BROWSER);
        assert.equal(plain.statusCode, 200, path);
        assert.equal(plain.headers['content-encoding'], undefined, path);
        assert.equal(zipped.headers['content-encoding'], 'br', path);
        assert.match(String(zipped.headers.vary), /accept-encoding/i, path);
        assert.ok(zipped.rawPayload.length < plain.rawPayload.length, path);
        assert.equal(decode('br', zipped.rawPayload), plain.body, path);
      }
    });

    test("the client's weights decide: gzip when it prefers it, nothing when it refuses both", async () => {
      const gzip = await env().get('/api/v1/openapi.json', { 'accept-encoding': 'br;q=0.2, gzip;q=0.8' });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      const none = await env().get('/api/v1/openapi.json', { 'accept-encoding': 'br;q=0, gzip;q=0, deflate' });
      assert.equal(none.headers['content-encoding'], undefined);
      assert.equal(none.body, decode('gzip', gzip.rawPayload));
    });

    test('an answer compressed already is not compressed again', async () => {
      const res = await env().get('/api/v1/listings/tablewise', BROWSER);
      assert.equal(res.headers['content-encoding'], 'gzip');
      assert.equal(JSON.parse(decode('gzip', res.rawPayload)).slug, 'tablewise');
    });

    test('small answers are sent as they are', async () => {
      const res = await env().get('/healthz', BROWSER);
      assert.equal(res.headers['content-encoding'], undefined);
      assert.deepEqual(res.json(), { status: 'ok' });
    });

    test('hashed assets are cached for a year and never revalidated', async () => {
      for (const path of [STYLESHEET_PATH, VOTE_SCRIPT_PATH])
        assert.equal((await env().get(path)).headers['cache-control'], 'public, max-age=31536000, immutable');
    });
  },
  {
    kinds: ['pglite'],
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);

test('an event stream is never compressed: each event leaves as it is written', async () => {
  const app = Fastify();
  installCompression(app);
  const stream = new PassThrough();
  app.get('/events', (_req, reply) => reply.type('text/event-stream').send(stream));
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.server.address() as { port: number };
    const answer = fetch(`http://127.0.0.1:${port}/events`, { headers: { 'accept-encoding': 'gzip, br' } });
    // One event, larger than what is worth compressing, and the stream left open.
    stream.write(`data: ${'x'.repeat(2000)}\n\n`);
    const res = await answer;
    assert.equal(res.headers.get('content-encoding'), null);
    const reader = res.body!.getReader();
    const first = await reader.read();
    assert.match(new TextDecoder().decode(first.value), /^data: x+/);
    stream.end();
    await reader.cancel();
  } finally {
    await app.close();
  }
});
