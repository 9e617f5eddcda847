import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { founder } from '../support/draft-client.js';
import { callTool, toolProblem } from '../support/mcp-rpc.js';

type Client = Awaited<ReturnType<typeof founder>>;

describeEachDatabase('webhook endpoint operations (REST and MCP)', (env) => {
  let owner: Client;

  before(async () => {
    owner = await founder(env(), 'webhook-limits');
  });

  const problemOf = (res: { status: number; body: any }) => ({
    status: res.status,
    paths: (res.body?.errors ?? []).map((e: { path: string }) => e.path),
  });
  const add = (body: Record<string, unknown>) => owner.call('POST', '/me/webhooks', body);

  test('an endpoint is created with its secret once; the list never shows the secret', async () => {
    const res = await add({ url: 'https://hooks.example.com/in', events: ['listing.live'], description: 'CRM' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.match(res.body.secret, /^whsec_/);
    assert.deepEqual(
      [res.body.url, res.body.events, res.body.enabled],
      ['https://hooks.example.com/in', ['listing.live'], true],
    );
    const list = await owner.call('GET', '/me/webhooks');
    assert.equal(list.status, 200);
    assert.ok(list.body.items.some((e: { id: number }) => e.id === res.body.id));
    assert.ok(!JSON.stringify(list.body).includes(res.body.secret));
    assert.ok(!('secret' in list.body.items[0]));
  });

  test('a URL that is not https, has credentials or names a private address is a 400 naming url', async () => {
    for (const url of [
      'http://hooks.example.com/in',
      'https://user:pw@hooks.example.com/in',
      'https://10.1.2.3/in',
      'https://localhost/in',
      'https://169.254.169.254/latest',
      'not a url',
    ])
      assert.deepEqual(problemOf(await add({ url, events: ['order.paid'] })), { status: 400, paths: ['url'] }, url);
  });

  test('events must be one or more of the listed types; a note is at most 200 characters', async () => {
    assert.deepEqual(problemOf(await add({ url: 'https://a.example/', events: [] })), {
      status: 400,
      paths: ['events'],
    });
    const unknown = problemOf(await add({ url: 'https://a.example/', events: ['order.shipped'] }));
    assert.equal(unknown.status, 400);
    assert.match(unknown.paths[0], /^events/);
    assert.deepEqual(
      problemOf(await add({ url: 'https://a.example/', events: ['order.paid'], description: 'x'.repeat(201) })),
      {
        status: 400,
        paths: ['description'],
      },
    );
  });

  test('an account has at most 10 endpoints: the 11th is a 400 naming url', async () => {
    const have = (await owner.call('GET', '/me/webhooks')).body.total as number;
    for (let i = have; i < 10; i++)
      assert.equal((await add({ url: `https://h${i}.example/`, events: ['order.paid'] })).status, 201);
    const eleventh = await add({ url: 'https://h11.example/', events: ['order.paid'] });
    assert.deepEqual(problemOf(eleventh), { status: 400, paths: ['url'] });
    assert.match(eleventh.body.detail, /at most 10 endpoints/);
  });

  test('update changes only what is sent; a private URL there is a 400 too', async () => {
    const [first] = (await owner.call('GET', '/me/webhooks')).body.items;
    const res = await owner.call('PATCH', `/me/webhooks/${first.id}`, {
      events: ['award.won', 'award.won'],
      enabled: false,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.url, res.body.events, res.body.enabled], [first.url, ['award.won'], false]);
    assert.deepEqual(problemOf(await owner.call('PATCH', `/me/webhooks/${first.id}`, { url: 'https://127.0.0.1/' })), {
      status: 400,
      paths: ['url'],
    });
  });

  test('over MCP, create_webhook_endpoint answers the secret and list_webhook_deliveries of an unknown endpoint is 404', async () => {
    await owner.call('DELETE', `/me/webhooks/${(await owner.call('GET', '/me/webhooks')).body.items[0].id}`);
    const auth = { authorization: `Bearer ${owner.key}` };
    const created = await callTool(
      env(),
      'create_webhook_endpoint',
      { url: 'https://mcp.example/hooks', events: ['draft.ready'] },
      auth,
    );
    assert.match(created.body.result.structuredContent.secret, /^whsec_/);
    const missing = await callTool(env(), 'list_webhook_deliveries', { endpoint_id: 2147483647 }, auth);
    assert.equal(toolProblem(missing.body.result).status, 404);
  });
});
