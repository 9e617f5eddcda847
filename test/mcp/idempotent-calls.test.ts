import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { founder } from '../support/draft-client.js';
import { addListing } from '../support/fixtures.js';
import { toolProblem } from '../support/mcp-rpc.js';

type Founder = Awaited<ReturnType<typeof founder>>;

const KEY_META = 'io.launchdeck/idempotency-key';
const REPLAYED_META = 'io.launchdeck/idempotent-replayed';

/** A tools/call with `_meta` on the call, as MCP clients send per-call metadata (they have no per-call headers). */
async function postCall(env: TestEnv, who: Founder, name: string, args: Record<string, unknown>, meta?: object) {
  const res = await fetch(`${env.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${who.key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
    }),
  });
  const text = await res.text();
  return JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text).result;
}

async function updatesOf(env: TestEnv, listingId: number): Promise<number> {
  const [row] = await env.ctx.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM listing_updates WHERE listing_id = $1',
    [listingId],
  );
  return row.n;
}

describeEachDatabase('idempotent tool calls over MCP', (env) => {
  let owner: Founder;
  let listingId = 0;

  before(async () => {
    const e = env();
    owner = await founder(e, 'idempotent-owner');
    const [site] = await e.ctx.db.query<{ id: number }>('SELECT id FROM sites LIMIT 1');
    ({ listingId } = await addListing(e.ctx.db, site.id, { slug: 'idem-listing', name: 'Idem' }));
    const [user] = await e.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [owner.email]);
    await e.ctx.db.query("INSERT INTO listing_owners (listing_id, user_id, role) VALUES ($1, $2, 'owner')", [
      listingId,
      user.id,
    ]);
  });

  const post = (title: string) => ({ listing_id: listingId, title, body: 'News.' });

  test('a key in _meta makes a retry return the first result, marked as replayed, without acting again', async () => {
    const before = await updatesOf(env(), listingId);
    const first = await postCall(env(), owner, 'post_listing_update', post('Meta key'), { [KEY_META]: 'meta-1' });
    const retry = await postCall(env(), owner, 'post_listing_update', post('Meta key'), { [KEY_META]: 'meta-1' });
    assert.ok(!first.isError, JSON.stringify(first));
    assert.equal(first._meta?.[REPLAYED_META], undefined);
    assert.deepEqual(retry.structuredContent, first.structuredContent);
    assert.equal(retry._meta?.[REPLAYED_META], true);
    assert.equal(await updatesOf(env(), listingId), before + 1);
  });

  test('the idempotency_key argument does the same', async () => {
    const before = await updatesOf(env(), listingId);
    const args = { ...post('Argument key'), idempotency_key: 'arg-1' };
    const first = await postCall(env(), owner, 'post_listing_update', args);
    const retry = await postCall(env(), owner, 'post_listing_update', args);
    assert.deepEqual(retry.structuredContent, first.structuredContent);
    assert.equal(retry._meta?.[REPLAYED_META], true);
    assert.equal(await updatesOf(env(), listingId), before + 1);
  });

  test('a key from the argument and the same key in _meta are one request; the key is not part of the input', async () => {
    const first = await postCall(env(), owner, 'post_listing_update', { ...post('Both'), idempotency_key: 'both-1' });
    const retry = await postCall(env(), owner, 'post_listing_update', post('Both'), { [KEY_META]: 'both-1' });
    assert.deepEqual(retry.structuredContent, first.structuredContent);
    assert.equal(retry._meta?.[REPLAYED_META], true);
  });

  test('without a key every call acts', async () => {
    const before = await updatesOf(env(), listingId);
    await postCall(env(), owner, 'post_listing_update', post('No key'));
    await postCall(env(), owner, 'post_listing_update', post('No key'));
    assert.equal(await updatesOf(env(), listingId), before + 2);
  });

  test('the same key with other arguments is refused and names the key', async () => {
    await postCall(env(), owner, 'post_listing_update', post('First'), { [KEY_META]: 'reuse-1' });
    const other = await postCall(env(), owner, 'post_listing_update', post('Second'), { [KEY_META]: 'reuse-1' });
    assert.equal(toolProblem(other).status, 400);
    assert.match(toolProblem(other).detail, /different parameters/);
  });

  test('an argument key and a different _meta key are refused', async () => {
    const res = await postCall(
      env(),
      owner,
      'post_listing_update',
      { ...post('Two keys'), idempotency_key: 'a' },
      { [KEY_META]: 'b' },
    );
    assert.equal(toolProblem(res).status, 400);
    assert.deepEqual(
      toolProblem(res).errors.map((e: { path: string }) => e.path),
      ['idempotency_key'],
    );
  });

  test('a _meta key that is not printable ASCII text is refused and names where it was', async () => {
    for (const bad of ['', 'é', 42]) {
      const res = await postCall(env(), owner, 'post_listing_update', post('Bad key'), { [KEY_META]: bad });
      assert.equal(toolProblem(res).status, 400, JSON.stringify(bad));
    }
    const res = await postCall(env(), owner, 'post_listing_update', post('Bad key'), { [KEY_META]: 42 });
    assert.deepEqual(
      toolProblem(res).errors.map((e: { path: string }) => e.path),
      [`_meta.${KEY_META}`],
    );
  });

  test('a key used over REST replays over MCP: one store for both surfaces', async () => {
    const rest = await owner.call(
      'POST',
      `/me/listings/${listingId}/updates`,
      { title: 'Cross', body: 'News.' },
      {
        'idempotency-key': 'cross-1',
      },
    );
    assert.equal(rest.status, 201, JSON.stringify(rest.body));
    const mcp = await postCall(env(), owner, 'post_listing_update', post('Cross'), { [KEY_META]: 'cross-1' });
    assert.equal(mcp._meta?.[REPLAYED_META], true);
    assert.equal(mcp.structuredContent.id, rest.body.id);
  });

  test('read-only tools take no idempotency_key argument', async () => {
    const res = await postCall(env(), owner, 'get_account', { idempotency_key: 'x' });
    assert.equal(toolProblem(res).status, 400);
  });
});
