import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { Precompressed, compress, preferredCoding } from '../../src/net/content-coding.js';

test('the coding chosen is the one Accept-Encoding weighs highest, Brotli on a tie', () => {
  assert.equal(preferredCoding('gzip, deflate, br'), 'br');
  assert.equal(preferredCoding('gzip, deflate'), 'gzip');
  assert.equal(preferredCoding('br;q=0.5, gzip'), 'gzip');
  assert.equal(preferredCoding('br;q=0.9, gzip;q=0.8'), 'br');
  assert.equal(preferredCoding('x-gzip'), 'gzip');
  assert.equal(preferredCoding('GZIP'), 'gzip');
  assert.equal(preferredCoding(['deflate', 'br']), 'br');
});

test('no coding is chosen when none is accepted: absent, identity, q=0 or a refusing wildcard', () => {
  assert.equal(preferredCoding(undefined), null);
  assert.equal(preferredCoding(''), null);
  assert.equal(preferredCoding('identity'), null);
  assert.equal(preferredCoding('gzip;q=0, br;q=0'), null);
  assert.equal(preferredCoding('deflate, *;q=0'), null);
});

test('a wildcard stands for the codings it does not name', () => {
  assert.equal(preferredCoding('*'), 'br');
  assert.equal(preferredCoding('br;q=0, *'), 'gzip');
  assert.equal(preferredCoding('gzip;q=1, *;q=0.5'), 'gzip');
});

test('compressed text reads back the same in either coding', async () => {
  const text = 'Launch day '.repeat(500);
  assert.equal(zlib.brotliDecompressSync(await compress(text, 'br', 'often')).toString(), text);
  assert.equal(zlib.gunzipSync(await compress(text, 'gzip', 'once')).toString(), text);
});

test('a repeating answer is compressed once per coding, on first demand, and kept', async () => {
  const body = new Precompressed(Buffer.from('<p>kept page</p>'.repeat(200)), 'often');
  const br = await body.encoded('br');
  assert.ok(br instanceof Buffer);
  assert.equal(body.encoded('br'), br, 'the same bytes, ready at once');
  const gzip = await body.encoded('gzip');
  assert.equal(zlib.gunzipSync(gzip!).toString(), body.identity.toString());
  assert.equal(zlib.brotliDecompressSync(br).toString(), body.identity.toString());
});

test('an answer too small to gain is never compressed', () => {
  assert.equal(new Precompressed(Buffer.from('{"status":"ok"}'), 'once').encoded('br'), null);
});
