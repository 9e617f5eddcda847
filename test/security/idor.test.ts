import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { founder } from '../support/draft-client.js';
import { orderCategories, ownedListing } from '../support/orders.js';
import { addListing } from '../support/fixtures.js';
import { callTool, toolProblem } from '../support/mcp-rpc.js';
import { FormClient } from '../support/form-client.js';
import { TEST_PASSWORD } from '../support/credentials.js';
import { changedTables, fingerprint } from '../support/db-fingerprint.js';
import { apiOperations as operations } from '../../src/api/operations/index.js';
import { plainSchema } from '../../src/api/openapi.js';
import type { Operation } from '../../src/api/registry.js';
import { sample } from '../support/schema-sample.js';

/**
 * Insecure direct object references: account A, holding a key with every scope, tries every
 * operation that takes an id on account B's drafts, listings, milestones, claims and orders.
 * The operations come from the registry, so a new one with an id is covered (or this test names
 * the id it does not know how to fill).
 */

const WITH_IDS = operations.filter((op) => op.scope !== null && /\{\w+\}/.test(op.path));
const OWN_LISTS = operations.filter((op) => op.scope !== null && op.method === 'GET' && !/\{\w+\}/.test(op.path));

interface Victim {
  ids: Record<string, string>;
  secrets: string[];
}

describeEachDatabase("IDOR: account A on account B's objects", (env) => {
  let a: Awaited<ReturnType<typeof founder>>;
  let b: Awaited<ReturnType<typeof founder>>;
  let victim: Victim;

  before(async () => {
    a = await founder(env(), 'attacker');
    b = await founder(env(), 'victim');
    await orderCategories(env());
    const draft = await b.call('POST', '/drafts', { url: 'https://victims-secret-product.example/' });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    const listingId = await ownedListing(env(), b.email, 'victims-listing');
    const milestone = await b.call('POST', `/me/listings/${listingId}/milestones`, {
      title: 'Victim milestone nobody else may see',
      date: '2026-10-01',
    });
    assert.equal(milestone.status, 201, JSON.stringify(milestone.body));
    const media = await b.call('POST', `/me/listings/${listingId}/media`, {
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      caption: 'Victim video nobody else may edit',
    });
    assert.equal(media.status, 201, JSON.stringify(media.body));
    await addListing(env().ctx.db, env().ctx.site.id, {
      slug: 'unclaimed-product',
      name: 'Unclaimed Product',
      status: 'live',
    });
    const claim = await b.call('POST', '/claims', { slug: 'unclaimed-product', method: 'dns' });
    assert.equal(claim.status, 201, JSON.stringify(claim.body));
    const order = await b.call('POST', '/orders/checkout', {
      items: [{ product: 'ai_review', listing_id: listingId }],
    });
    assert.equal(order.status, 201, JSON.stringify(order.body));
    const [{ token }] = await env().ctx.db.query<{ token: string }>('SELECT token FROM claims WHERE id = $1', [
      claim.body.id,
    ]);
    const endpoint = await b.call('POST', '/me/webhooks', {
      url: 'https://victims-secret-hooks.example/receive',
      events: ['order.paid'],
    });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    // A delivery of B's (recorded as the fan-out job records it; nothing needs to be sent).
    const [delivery] = await env().ctx.db.query<{ id: number }>(
      `WITH ev AS (INSERT INTO webhook_events (message_id, type, account_ids, payload, created_at)
                   SELECT 'msg_victim', 'order.paid', ARRAY[user_id], '{}', now() FROM webhook_endpoints WHERE id = $1
                   RETURNING id)
       INSERT INTO webhook_deliveries (endpoint_id, event_id, created_at) SELECT $1, id, now() FROM ev RETURNING id`,
      [endpoint.body.id],
    );
    victim = {
      ids: {
        id: draft.body.id,
        listing_id: String(listingId),
        slug: 'victims-listing',
        milestone_id: String(milestone.body.id),
        media_id: String(media.body.id),
        claim_id: String(claim.body.id),
        number: order.body.number,
        endpoint_id: String(endpoint.body.id),
        delivery_id: String(delivery.id),
      },
      // Strings only B's objects hold: none may reach A, whatever the status.
      secrets: [
        b.email,
        'victims-secret-product',
        'Victim milestone nobody else may see',
        token,
        'victims-secret-hooks',
        endpoint.body.secret,
      ],
    };
  });

  const inputOf = (op: Operation) => {
    const params = op.path.match(/\{(\w+)\}/g)!.map((p) => p.slice(1, -1));
    const missing = params.filter((p) => !(p in victim.ids));
    assert.deepEqual(missing, [], `${op.operationId}: give B an object for ${missing.join(', ')}`);
    const path = op.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(victim.ids[k]));
    const body = op.body ? (sample(plainSchema(op.body)) as Record<string, unknown>) : undefined;
    const args = {
      ...Object.fromEntries(
        params.map((p) => [p, /^\d+$/.test(victim.ids[p]) ? Number(victim.ids[p]) : victim.ids[p]]),
      ),
      ...body,
    };
    return { path, body, args };
  };

  const leaks = (text: string) => victim.secrets.filter((s) => text.includes(s));

  test("every operation with an id answers 403 or 404 over REST, shows nothing of B's and changes nothing", async () => {
    assert.ok(WITH_IDS.length >= 10, `${WITH_IDS.length} operations with ids`);
    const before = await fingerprint(env());
    const wrong: string[] = [];
    for (const op of WITH_IDS) {
      const { path, body } = inputOf(op);
      const res = await a.call(op.method, path, body);
      const text = JSON.stringify(res.body);
      if (res.status !== 403 && res.status !== 404)
        wrong.push(`${op.operationId} → ${res.status} ${text.slice(0, 200)}`);
      if (leaks(text).length) wrong.push(`${op.operationId} shows ${leaks(text).join(', ')}`);
    }
    assert.deepEqual(wrong, []);
    // api_keys changes: A's key records when it was last used.
    assert.deepEqual(
      changedTables(before, await fingerprint(env())).filter((t) => t !== 'api_keys'),
      [],
      "nothing of B's changed",
    );
  });

  test('the same calls as MCP tools are refused with the same statuses', async () => {
    const wrong: string[] = [];
    for (const op of WITH_IDS) {
      const res = await callTool(env(), op.operationId, inputOf(op).args, { authorization: `Bearer ${a.key}` });
      const result = res.body?.result;
      const status = result?.isError ? toolProblem(result).status : undefined;
      if (!result?.isError || (status !== 403 && status !== 404))
        wrong.push(`${op.operationId} → ${JSON.stringify(res.body).slice(0, 200)}`);
      if (leaks(JSON.stringify(res.body)).length)
        wrong.push(`${op.operationId} shows ${leaks(JSON.stringify(res.body)).join(', ')}`);
    }
    assert.deepEqual(wrong, []);
  });

  test("A's own lists (drafts, listings, claims, orders) hold nothing of B's", async () => {
    const wrong: string[] = [];
    for (const op of OWN_LISTS) {
      const res = await a.call('GET', op.path, undefined);
      if (leaks(JSON.stringify(res.body)).length)
        wrong.push(`${op.operationId} shows ${leaks(JSON.stringify(res.body)).join(', ')}`);
    }
    assert.deepEqual(wrong, []);
    // And B does see them, so the check above is not vacuous.
    assert.ok(leaks(JSON.stringify((await b.call('GET', '/drafts')).body)).length > 0);
  });

  test("on the site, A's session opens none of B's pages either", async () => {
    const browser = new FormClient(env().app);
    assert.equal(
      (await browser.submit('/signin', '/signin', { email: a.email, password: TEST_PASSWORD })).statusCode,
      303,
    );
    const { id, listing_id, number, endpoint_id } = victim.ids;
    const wrong: string[] = [];
    for (const path of [
      `/drafts/${id}`,
      `/drafts/${id}/evidence`,
      `/drafts/${id}/progress.json`,
      `/my/listings/${listing_id}`,
      `/my/listings/${listing_id}/launch`,
      `/my/listings/${listing_id}/revenue`,
      `/orders/${number}`,
      `/orders/${number}/invoice`,
      `/checkout/${number}`,
      `/account/webhooks/${endpoint_id}`,
    ]) {
      const res = await browser.get(path);
      if (res.statusCode !== 403 && res.statusCode !== 404) wrong.push(`${path} → ${res.statusCode}`);
      if (leaks(res.body).length) wrong.push(`${path} shows ${leaks(res.body).join(', ')}`);
    }
    assert.deepEqual(wrong, []);
  });

  test("B's own calls still work, so the refusals above are about ownership", async () => {
    assert.equal((await b.call('GET', `/drafts/${victim.ids.id}`)).status, 200);
    assert.equal((await b.call('GET', `/me/listings/${victim.ids.listing_id}`)).status, 200);
    assert.equal((await b.call('GET', `/orders/${victim.ids.number}`)).status, 200);
  });
});
