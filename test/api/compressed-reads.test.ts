import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { addListing } from '../support/fixtures.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
};

describeEachDatabase('gzip on cached reads of the API and MCP', (env) => {
  const slug = 'gzip-listing';
  before(async () => {
    const [site] = await env().ctx.db.query<{ id: number }>('SELECT id FROM sites LIMIT 1');
    await addListing(env().ctx.db, site.id, {
      slug,
      name: 'Gzip',
      description: 'A product described at length. '.repeat(60),
    });
  });

  const rest = (encoding: string) =>
    fetch(`${env().baseUrl}/api/v1/listings/${slug}`, { headers: { 'accept-encoding': encoding } });
  const mcp = (encoding: string, id: number) =>
    fetch(`${env().baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'accept-encoding': encoding,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'get_listing',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'get_listing', arguments: { slug }, _meta: META },
      }),
    });

  test('a REST read comes gzipped to a client that accepts gzip, and reads the same', async () => {
    const plain = await rest('identity');
    const zipped = await rest('gzip, deflate');
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.equal(zipped.headers.get('content-encoding'), 'gzip');
    assert.equal(zipped.headers.get('vary'), 'accept-encoding');
    assert.deepEqual(await zipped.json(), await plain.json());
  });

  test('an MCP tool call comes gzipped too, with its own id each time', async () => {
    const plain = await (await mcp('identity', 7)).json();
    for (const id of [8, 9]) {
      const zipped = await mcp('gzip', id);
      assert.equal(zipped.headers.get('content-encoding'), 'gzip');
      const body = await zipped.json();
      assert.equal(body.id, id);
      assert.deepEqual(body.result, plain.result);
    }
  });

  test('a small answer is sent as it is', async () => {
    const res = await fetch(`${env().baseUrl}/api/v1/listings/no-such-listing`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-encoding'), null);
  });
});
