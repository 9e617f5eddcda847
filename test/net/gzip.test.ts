import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { acceptsGzip, finishGzip, gzipOnce, openGzip } from '../../src/net/gzip.js';

test('gzip is accepted when Accept-Encoding names it or a wildcard, unless its q is 0', () => {
  assert.equal(acceptsGzip('gzip, deflate'), true);
  assert.equal(acceptsGzip('br, gzip;q=0.5'), true);
  assert.equal(acceptsGzip('*'), true);
  assert.equal(acceptsGzip('deflate, *;q=0'), false);
  assert.equal(acceptsGzip('gzip;q=0, *'), false);
  assert.equal(acceptsGzip('identity'), false);
  assert.equal(acceptsGzip(undefined), false);
  assert.equal(acceptsGzip(['deflate', 'gzip']), true);
});

test('a text is gzipped once per owner', () => {
  const owner = {};
  const first = gzipOnce(owner, 'x'.repeat(2000));
  assert.equal(gzipOnce(owner, 'ignored the second time'), first);
  assert.equal(zlib.gunzipSync(first).toString(), 'x'.repeat(2000));
});

test('a finished stream shares the opened start and adds only a small ending', () => {
  const open = openGzip(Buffer.from('start '.repeat(400)));
  const [start, ending] = finishGzip(open, Buffer.from('end'));
  assert.equal(start, open.bytes);
  assert.equal(ending.length, 5 + 3 + 8);
});

test('a gzip stream opened once and finished per reply decodes to the start followed by each end', () => {
  const start = Buffer.from(`{"result":${JSON.stringify({ text: 'é'.repeat(3000), n: [1, 2, 3] })}`);
  const open = openGzip(start);
  for (const id of [1, 'a"b', 987654321]) {
    const end = Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`);
    const whole = Buffer.concat(finishGzip(open, end));
    assert.deepEqual(zlib.gunzipSync(whole), Buffer.concat([start, end]));
    assert.ok(whole.length < start.length / 4, `${whole.length} bytes`);
  }
});

test('fetch decodes a finished stream as it does any gzip answer', async () => {
  const start = Buffer.from('data '.repeat(500));
  const whole = Buffer.concat(finishGzip(openGzip(start), Buffer.from('end')));
  const response = new Response(new Uint8Array(whole), { headers: { 'content-encoding': 'gzip' } });
  const decoded = await new Response(response.body?.pipeThrough(new DecompressionStream('gzip'))).text();
  assert.equal(decoded, `${'data '.repeat(500)}end`);
});
