import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld, WEEK } from '../support/public-world.js';
import { createApiKey, createUser } from '../support/credentials.js';
import { ownedListing } from '../support/orders.js';
import { callTool, toolProblem } from '../support/mcp-rpc.js';
import { requestsFor, seedOf, type FuzzRequest, type KnownValues } from '../support/fuzz-requests.js';
import { changedTables, fingerprint } from '../support/db-fingerprint.js';
import { buildOpenApi } from '../../src/api/openapi.js';
import { apiOperations as operations } from '../../src/api/operations/index.js';

/**
 * Issue 16: requests generated from the OpenAPI document for every operation, on REST and as MCP
 * tools/call, with a fixed seed and a bounded count. Whatever arrives, the service never answers
 * 5xx, every refusal is an RFC 9457 problem document (on MCP a result with isError carrying the
 * same body), and a refused request stores nothing.
 */

const RUNS = 14;
const doc = buildOpenApi(operations, { publicUrl: 'http://launchdeck.test', siteName: 'Launchdeck' });
const documented = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

/** Columns touched by reads (last use of a key, views…): not a sign that a refused request stored something. */
const READ_SIDE_EFFECT_TABLES = new Set(['api_keys', 'listing_views', 'listing_stats', 'oauth_tokens', 'sessions']);
const storedChanges = (before: Record<string, string>, after: Record<string, string>) =>
  changedTables(before, after).filter((t) => !READ_SIDE_EFFECT_TABLES.has(t));

function assertProblem(status: number, body: any, where: string) {
  assert.ok(
    body && typeof body === 'object',
    `${where}: a ${status} must carry a problem document, got ${JSON.stringify(body)?.slice(0, 200)}`,
  );
  assert.equal(typeof body.type, 'string', `${where}: problem without type`);
  assert.equal(typeof body.title, 'string', `${where}: problem without title`);
  assert.equal(body.status, status, `${where}: problem status ${body.status} for an answer of ${status}`);
}

/** fast-check prints the whole counterexample, which may be megabytes: keep the report readable. */
async function check(property: fc.IAsyncProperty<[FuzzRequest]>, seed: number) {
  const details = await fc.check(property, { numRuns: RUNS, seed, endOnFailure: true });
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    assert.fail(`${cause.slice(0, 1500)}\n(seed ${seed}, after ${details.numRuns} runs)`);
  }
}

const describe = (r: FuzzRequest) =>
  JSON.stringify({
    path: r.path.slice(0, 200),
    query: r.query.slice(0, 200),
    body: JSON.stringify(r.body ?? r.rawBody ?? null)?.slice(0, 300),
  });

describeEachDatabase(
  'fuzzing every operation',
  (env) => {
    let key: string;
    let known: KnownValues;

    before(async () => {
      const email = await createUser(env(), 'fuzzer');
      key = await createApiKey(env(), email, ['account:read', 'listings:write', 'orders:write']);
      await ownedListing(env(), email, 'fuzzers-own');
      const ids = await env().ctx.db.query<{ id: number }>('SELECT id FROM listings ORDER BY id LIMIT 5');
      const products = (await env().json('/api/v1/products')).body.items.map((p: { code: string }) => p.code);
      known = {
        ids: ids.map((r) => r.id),
        slugs: ['tablewise', 'pipelane', 'fuzzers-own', 'developer-tools', 'domain-rating', 'US', ...products],
        weeks: [WEEK.this, WEEK.next],
      };
    });

    for (const { path, method, op } of documented) {
      test(`${op.operationId} on REST: never a 5xx, refusals are problem documents, a refusal stores nothing`, async (t) => {
        const answers = new Map<number, number>();
        let last = await fingerprint(env());
        await check(
          fc.asyncProperty(requestsFor(path, op, known), async (r) => {
            const url = `/api/v1${r.path}${r.query ? `?${r.query}` : ''}`;
            const payload = r.rawBody ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
            const res = await env().app.inject({
              method: method as any,
              url,
              headers: {
                authorization: `Bearer ${key}`,
                ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(payload !== undefined ? { payload } : {}),
            });
            const where = `${method} ${describe(r)}`;
            answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
            assert.ok(res.statusCode < 500, `${where} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 400) {
              assert.match(
                String(res.headers['content-type']),
                /application\/problem\+json/,
                `${where}: ${res.statusCode} is not a problem document`,
              );
              assertProblem(res.statusCode, res.json(), where);
            }
            if (method === 'GET') return;
            const now = await fingerprint(env());
            if (res.statusCode >= 400)
              assert.deepEqual(
                storedChanges(last, now),
                [],
                `${where} was refused with ${res.statusCode} but changed these tables`,
              );
            last = now;
          }),
          seedOf(op.operationId),
        );
        t.diagnostic(
          `answers: ${[...answers]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${n}×${s}`)
            .join(', ')}`,
        );
      });

      test(`${op.operationId} as an MCP tool: never an internal error, refusals are isError results with the problem document`, async (t) => {
        const answers = new Map<string, number>();
        let last = await fingerprint(env());
        await check(
          fc.asyncProperty(requestsFor(path, op, known), async (r) => {
            const res = await callTool(env(), op.operationId, r.args, { authorization: `Bearer ${key}` });
            const where = `tools/call ${op.operationId} ${JSON.stringify(r.args).slice(0, 300)}`;
            assert.ok(res.status < 500, `${where} answered HTTP ${res.status}`);
            if (res.status === 413) return assertProblem(413, res.body, where); // the body is over the size limit: refused before MCP
            assert.equal(
              res.body?.error,
              undefined,
              `${where} answered a JSON-RPC error: ${JSON.stringify(res.body?.error)?.slice(0, 300)}`,
            );
            const result = res.body?.result;
            const outcome =
              res.status === 413 ? 'http 413' : result?.isError ? `error ${toolProblem(result).status}` : 'ok';
            answers.set(outcome, (answers.get(outcome) ?? 0) + 1);
            assert.ok(result, `${where}: no result (HTTP ${res.status}: ${JSON.stringify(res.body)?.slice(0, 300)})`);
            if (result.isError) {
              const problem = toolProblem(result);
              assertProblem(problem?.status, problem, where);
              assert.ok(
                problem.status >= 400 && problem.status < 500,
                `${where}: tool error with status ${problem.status}: ${problem.detail}`,
              );
              assert.deepEqual(
                JSON.parse(result.content[0].text),
                problem,
                `${where}: the text and the structured problem differ`,
              );
            }
            if (method === 'GET') return;
            const now = await fingerprint(env());
            if (result.isError)
              assert.deepEqual(storedChanges(last, now), [], `${where} was refused but changed these tables`);
            last = now;
          }),
          seedOf(`mcp:${op.operationId}`),
        );
        t.diagnostic(
          `answers: ${[...answers]
            .sort()
            .map(([s, n]) => `${n}× ${s}`)
            .join(', ')}`,
        );
      });
    }
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
