import { test } from 'node:test';
import assert from 'node:assert/strict';
import { operations } from '../../src/api/operations/index.js';
import { offeredOn } from '../../src/api/registry.js';
import { describeEachDatabase } from '../support/app.js';
import { post, request } from '../support/mcp-rpc.js';

/** The operations people may do only on the website (votes, checkout steps, …), read from the registry. */
const siteOnly = operations.filter((op) => !offeredOn(op, 'api') && !offeredOn(op, 'mcp'));

test('the registry has site-only operations, and every operation is offered somewhere', () => {
  assert.ok(siteOnly.length > 0);
  for (const op of operations) assert.ok(op.surfaces === undefined || op.surfaces.length > 0, op.operationId);
});

test('an operation of the API is both a REST route and an MCP tool: never one without the other', () => {
  for (const op of operations) assert.equal(offeredOn(op, 'api'), offeredOn(op, 'mcp'), op.operationId);
});

describeEachDatabase('site-only operations', (env) => {
  test('are not in the OpenAPI document', async () => {
    const doc = (await env().json('/api/v1/openapi.json')).body;
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    for (const op of siteOnly) assert.ok(!ids.includes(op.operationId), op.operationId);
  });

  test('have no REST route', async () => {
    for (const op of siteOnly) {
      const path = `/api/v1${op.path.replace(/\{[^}]+\}/g, 'x1')}`;
      const res = await fetch(`${env().baseUrl}${path}`, {
        method: op.method,
        headers: { 'content-type': 'application/json' },
        body: op.method === 'GET' ? undefined : '{}',
      });
      assert.equal(res.status, 404, `${op.method} ${path}`);
    }
  });

  test('are not MCP tools, nor callable as one', async () => {
    const list = await post(env(), request('tools/list'), { 'mcp-protocol-version': '2025-11-25' });
    const names: string[] = list.body.result.tools.map((t: { name: string }) => t.name);
    for (const op of siteOnly) {
      assert.ok(!names.includes(op.operationId), op.operationId);
      const call = await post(env(), request('tools/call', { name: op.operationId, arguments: {} }), {
        'mcp-protocol-version': '2025-11-25',
      });
      const refused = call.body.error !== undefined || call.body.result?.isError === true;
      assert.ok(refused, `${op.operationId}: ${JSON.stringify(call.body)}`);
    }
  });
});
