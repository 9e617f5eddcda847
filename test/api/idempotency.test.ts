import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { toolProblem } from '../support/mcp-rpc.js';
import { sha256 } from '../../src/api/auth.js';
import { HttpError, problemOf } from '../../src/api/errors.js';
import { installErrorHandlers } from '../../src/api/error-handler.js';
import { defineOperation, type Operation } from '../../src/api/registry.js';
import { registerRestRoutes } from '../../src/api/rest.js';
import { compile } from '../../src/api/validation.js';
import { registerMcpRoutes } from '../../src/mcp/mcp-routes.js';
import {
  IDEMPOTENCY_TTL_MS,
  purgeExpiredIdempotencyKeys,
  requestHash,
  withIdempotency,
  type IdempotentRequest,
  type IdempotentResponse,
} from '../../src/api/idempotency.js';

async function newUser(env: TestEnv): Promise<number> {
  const rows = await env.ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, name) VALUES ($1, 'Idem User') RETURNING id`,
    [`idem-${crypto.randomUUID()}@test.invalid`],
  );
  return rows[0].id;
}

async function apiKeyFor(env: TestEnv, userId: number, scopes: string[]): Promise<string> {
  const key = `ldk_${crypto.randomBytes(24).toString('base64url')}`;
  await env.ctx.db.query(
    `INSERT INTO api_keys (user_id, name, prefix, key_hash, scopes) VALUES ($1, 'test', $2, $3, $4)`,
    [userId, key.slice(0, 12), sha256(key), scopes],
  );
  return key;
}

/** A request for a fresh key; `body` goes into the hash as the operation input. */
function request(
  userId: number,
  body: unknown = { url: 'https://example.com' },
  operationId = 'submit_listing',
): IdempotentRequest {
  return { userId, key: crypto.randomUUID(), operationId, requestHash: requestHash(operationId, body) };
}

/** A `run` that counts its calls and answers 201 with the call number. */
function counter() {
  const c = {
    runs: 0,
    run: async (): Promise<IdempotentResponse> => {
      c.runs++;
      return { status: 201, body: { run: c.runs, at: '2026-11-18T12:00:00.000Z' } };
    },
  };
  return c;
}

const storedRow = async (env: TestEnv, req: IdempotentRequest) =>
  (
    await env.ctx.db.query<{ status_code: number | null; response: any }>(
      `SELECT status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [req.userId, req.key],
    )
  )[0];

const isProblem = (status: number, path?: string) => (err: unknown) => {
  assert.ok(err instanceof HttpError, `expected an HttpError, got ${String(err)}`);
  assert.equal(err.status, status);
  if (path)
    assert.deepEqual(
      err.errors?.map((e) => e.path),
      [path],
    );
  return true;
};

async function withClock<T>(env: TestEnv, at: Date, fn: () => Promise<T>): Promise<T> {
  const before = env.clock.now;
  env.clock.now = at;
  try {
    return await fn();
  } finally {
    env.clock.now = before;
  }
}

/** Test-only operations behind the real REST and MCP wiring, on a small app of their own sharing the test database. */
async function serveOperations(env: TestEnv, ops: Operation[]): Promise<{ base: string; close(): Promise<void> }> {
  const app = Fastify();
  app.setValidatorCompiler(({ schema, httpPart }) => compile(schema, httpPart !== 'body'));
  installErrorHandlers(app);
  registerRestRoutes(app, ops, env.ctx);
  registerMcpRoutes(app, ops, env.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}

describeEachDatabase('the Idempotency-Key store', (env) => {
  test('a first call runs once and stores its status and body', async () => {
    const req = request(await newUser(env()));
    const c = counter();
    const out = await withIdempotency(env().ctx, req, c.run);
    assert.deepEqual(out, { status: 201, body: { run: 1, at: '2026-11-18T12:00:00.000Z' }, replayed: false });
    assert.equal(c.runs, 1);
    const row = await storedRow(env(), req);
    assert.equal(row.status_code, 201);
    assert.deepEqual(row.response.body, { run: 1, at: '2026-11-18T12:00:00.000Z' });
  });

  test('a retry with the same request returns the same status and body without running again', async () => {
    const req = request(await newUser(env()));
    const c = counter();
    const first = await withIdempotency(env().ctx, req, c.run);
    const retry = await withIdempotency(env().ctx, { ...req }, c.run);
    const again = await withIdempotency(env().ctx, { ...req }, c.run);
    assert.equal(c.runs, 1);
    assert.deepEqual({ status: retry.status, body: retry.body }, { status: first.status, body: first.body });
    assert.equal(retry.replayed, true);
    assert.deepEqual(again.body, first.body);
  });

  test('the same request hashes alike whatever the order of its properties', () => {
    assert.equal(
      requestHash('update_draft', { id: 'a', fields: { x: 1, y: [1, { b: 2, a: 1 }] } }),
      requestHash('update_draft', { fields: { y: [1, { a: 1, b: 2 }], x: 1 }, id: 'a' }),
    );
    assert.notEqual(requestHash('update_draft', { id: 'a' }), requestHash('update_draft', { id: 'b' }));
    assert.notEqual(requestHash('update_draft', { id: 'a' }), requestHash('submit_draft', { id: 'a' }));
  });

  test('the same key with a different body is a 400 naming the header, and nothing runs', async () => {
    const req = request(await newUser(env()), { url: 'https://example.com' });
    const c = counter();
    await withIdempotency(env().ctx, req, c.run);
    const other = { ...req, requestHash: requestHash('submit_listing', { url: 'https://example.org' }) };
    await assert.rejects(withIdempotency(env().ctx, other, c.run), (err) => {
      isProblem(400, 'Idempotency-Key')(err);
      assert.match((err as HttpError).message, /different parameters or body/);
      return true;
    });
    assert.equal(c.runs, 1);
  });

  test('the same key for a different operation is a 400 naming the first operation', async () => {
    const req = request(await newUser(env()), { id: 'x' }, 'submit_draft');
    const c = counter();
    await withIdempotency(env().ctx, req, c.run);
    const other = { ...req, operationId: 'update_draft', requestHash: requestHash('update_draft', { id: 'x' }) };
    await assert.rejects(withIdempotency(env().ctx, other, c.run), (err) => {
      isProblem(400, 'Idempotency-Key')(err);
      assert.match((err as HttpError).message, /submit_draft/);
      return true;
    });
    assert.equal(c.runs, 1);
  });

  test('different users may use the same key independently', async () => {
    const a = request(await newUser(env()));
    const b = {
      ...a,
      userId: await newUser(env()),
      requestHash: requestHash('submit_listing', { url: 'https://other.example' }),
    };
    const c = counter();
    const outA = await withIdempotency(env().ctx, a, c.run);
    const outB = await withIdempotency(env().ctx, b, c.run);
    assert.equal(c.runs, 2);
    assert.equal(outB.replayed, false);
    assert.notDeepEqual(outA.body, outB.body);
    assert.deepEqual((await withIdempotency(env().ctx, a, c.run)).body, outA.body);
    assert.deepEqual((await withIdempotency(env().ctx, b, c.run)).body, outB.body);
    assert.equal(c.runs, 2);
  });

  test('a concurrent duplicate waits for the first request, then replays its response', async () => {
    const req = request(await newUser(env()));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let runs = 0;
    const run = async (): Promise<IdempotentResponse> => {
      runs++;
      await gate;
      return { status: 201, body: { run: runs } };
    };
    const first = withIdempotency(env().ctx, req, run);
    while (!(await storedRow(env(), req))) await sleep(5); // the first has reserved the key
    let settled = false;
    const second = withIdempotency(env().ctx, req, run, { waitMs: 5_000, pollMs: 10 }).finally(() => {
      settled = true;
    });
    await sleep(100);
    assert.equal(settled, false, 'the duplicate must wait while the first runs');
    open();
    const [a, b] = await Promise.all([first, second]);
    assert.equal(runs, 1);
    assert.equal(a.replayed, false);
    assert.equal(b.replayed, true);
    assert.deepEqual({ status: b.status, body: b.body }, { status: 201, body: { run: 1 } });
  });

  test('a concurrent duplicate gets 409 when the first takes longer than the wait', async () => {
    const req = request(await newUser(env()));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let runs = 0;
    const run = async (): Promise<IdempotentResponse> => {
      runs++;
      await gate;
      return { status: 201, body: { run: runs } };
    };
    const first = withIdempotency(env().ctx, req, run);
    while (!(await storedRow(env(), req))) await sleep(5);
    await assert.rejects(withIdempotency(env().ctx, req, run, { waitMs: 150, pollMs: 20 }), (err) => {
      isProblem(409)(err);
      assert.equal((err as HttpError).headers['Retry-After'], '1');
      return true;
    });
    open();
    await first;
    const later = await withIdempotency(env().ctx, req, run);
    assert.equal(later.replayed, true);
    assert.equal(runs, 1);
  });

  test('a reservation left in flight for over 15 minutes (its instance died) is taken over by a retry', async () => {
    const stale = request(await newUser(env()));
    const young = request(await newUser(env()));
    const now = env().clock.now.getTime();
    for (const [req, age] of [
      [stale, 16 * 60_000],
      [young, 5 * 60_000],
    ] as const) {
      await env().ctx.db.query(
        `INSERT INTO idempotency_keys (user_id, key, operation_id, request_hash, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [req.userId, req.key, req.operationId, req.requestHash, new Date(now - age).toISOString()],
      );
    }
    const c = counter();
    const out = await withIdempotency(env().ctx, stale, c.run);
    assert.equal(out.replayed, false);
    assert.equal(c.runs, 1);
    await assert.rejects(withIdempotency(env().ctx, young, c.run, { waitMs: 50, pollMs: 10 }), isProblem(409));
    assert.equal(c.runs, 1);
  });

  test('a 4xx answer is stored: a retry gets the same problem without running again', async () => {
    const req = request(await newUser(env()));
    let runs = 0;
    const run = async (): Promise<IdempotentResponse> => {
      runs++;
      throw new HttpError(404, 'No draft with this id.', { extra: { hint: 'list_my_drafts' } });
    };
    let firstProblem: unknown;
    await assert.rejects(withIdempotency(env().ctx, req, run), (err) => {
      isProblem(404)(err);
      firstProblem = problemOf(err as HttpError);
      return true;
    });
    await assert.rejects(withIdempotency(env().ctx, req, run), (err) => {
      isProblem(404)(err);
      assert.deepEqual(problemOf(err as HttpError), firstProblem);
      assert.equal((err as HttpError).headers['Idempotent-Replayed'], 'true');
      return true;
    });
    assert.equal(runs, 1);
    assert.equal((await storedRow(env(), req)).status_code, 404);
  });

  test('a 5xx or unexpected error is not stored, so a retry runs again', async () => {
    for (const failure of [
      new Error('database went away'),
      new HttpError(501, 'Not implemented yet.'),
      new HttpError(503, 'Try later.'),
    ]) {
      const req = request(await newUser(env()));
      let runs = 0;
      const run = async (): Promise<IdempotentResponse> => {
        runs++;
        if (runs === 1) throw failure;
        return { status: 200, body: { ok: true } };
      };
      await assert.rejects(withIdempotency(env().ctx, req, run), (err) => err === failure);
      assert.equal(await storedRow(env(), req), undefined, 'the reservation is freed');
      const retry = await withIdempotency(env().ctx, req, run);
      assert.deepEqual(retry, { status: 200, body: { ok: true }, replayed: false });
      assert.equal(runs, 2);
    }
  });

  test('a key older than 24 hours (by the app clock) runs anew, even with a different body', async () => {
    const req = request(await newUser(env()));
    const c = counter();
    const start = env().clock.now;
    await withIdempotency(env().ctx, req, c.run);
    const later = new Date(start.getTime() + IDEMPOTENCY_TTL_MS + 60_000);
    const out = await withClock(env(), later, () => withIdempotency(env().ctx, req, c.run));
    assert.equal(out.replayed, false);
    assert.equal(c.runs, 2);
    const other = { ...req, requestHash: requestHash('submit_listing', { url: 'https://example.org' }) };
    const evenLater = new Date(later.getTime() + IDEMPOTENCY_TTL_MS + 60_000);
    const fresh = await withClock(env(), evenLater, () => withIdempotency(env().ctx, other, c.run));
    assert.equal(fresh.replayed, false);
    assert.equal(c.runs, 3);
    // Within 24 h of that run, the new request is the one remembered.
    const replay = await withClock(env(), new Date(evenLater.getTime() + 3_600_000), () =>
      withIdempotency(env().ctx, other, c.run),
    );
    assert.equal(replay.replayed, true);
    assert.deepEqual(replay.body, fresh.body);
  });

  test('purging deletes keys older than 24 hours and keeps younger ones', async () => {
    const userId = await newUser(env());
    const old = request(userId);
    const young = request(userId);
    const start = env().clock.now;
    const c = counter();
    await withIdempotency(env().ctx, old, c.run);
    await withClock(env(), new Date(start.getTime() + 3 * 3_600_000), () => withIdempotency(env().ctx, young, c.run));
    const purged = await withClock(env(), new Date(start.getTime() + IDEMPOTENCY_TTL_MS + 60_000), () =>
      purgeExpiredIdempotencyKeys(env().ctx),
    );
    assert.ok(purged >= 1);
    assert.equal(await storedRow(env(), old), undefined);
    assert.ok(await storedRow(env(), young));
  });

  test('an invalid key is a 400 naming the Idempotency-Key header, and nothing runs', async () => {
    const userId = await newUser(env());
    const c = counter();
    for (const key of ['', 'x'.repeat(256), 'clé', 'tab\there', 'line\nbreak']) {
      await assert.rejects(
        withIdempotency(env().ctx, { ...request(userId), key }, c.run),
        isProblem(400, 'Idempotency-Key'),
      );
    }
    assert.equal(c.runs, 0);
    const ok = await withIdempotency(env().ctx, { ...request(userId), key: 'x'.repeat(255) }, c.run);
    assert.equal(ok.replayed, false);
  });

  test('over REST an invalid Idempotency-Key header is a 400 naming the header, before the operation runs', async () => {
    const key = await apiKeyFor(env(), await newUser(env()), ['listings:write']);
    for (const bad of ['', 'x'.repeat(256)]) {
      const res = await env().app.inject({
        method: 'POST',
        url: '/api/v1/drafts',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': bad },
        payload: { url: 'https://example.com' },
      });
      assert.equal(res.statusCode, 400);
      assert.match(String(res.headers['content-type']), /application\/problem\+json/);
      assert.deepEqual(
        res.json().errors.map((e: { path: string }) => e.path),
        ['Idempotency-Key'],
      );
    }
  });

  test('over REST an unfinished operation (501) is not stored, so a retry runs again', async () => {
    // Declared without a handler, as operations are until implemented: executeOperation answers 501.
    const op = defineOperation({
      operationId: 'test_unfinished',
      method: 'POST',
      path: '/test-unfinished',
      tag: 'Submit',
      title: 'Unfinished',
      summary: 'Test only.',
      scope: 'listings:write',
      idempotent: true,
      body: Type.Object({ text: Type.String() }),
      response: Type.Object({ ok: Type.Boolean() }),
    });
    const served = await serveOperations(env(), [op]);
    try {
      const userId = await newUser(env());
      const token = await apiKeyFor(env(), userId, ['listings:write']);
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${served.base}/api/v1/test-unfinished`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': 'retry-501',
          },
          body: '{"text":"x"}',
        });
        assert.equal(res.status, 501);
        assert.equal(res.headers.get('idempotent-replayed'), null);
      }
      assert.equal(
        await storedRow(env(), { userId, key: 'retry-501', operationId: 'test_unfinished', requestHash: '' }),
        undefined,
      );
    } finally {
      await served.close();
    }
  });

  test('over REST and MCP (fast path and SDK) a retry replays the stored response; a different body is a 400', async () => {
    // A test-only operation (no idempotent operation of the registry may be implemented yet).
    let runs = 0;
    const op = defineOperation({
      operationId: 'test_add_note',
      method: 'POST',
      path: '/test-notes/{box}',
      tag: 'Submit',
      title: 'Add a note',
      summary: 'Test only.',
      scope: 'listings:write',
      status: 201,
      idempotent: true,
      params: Type.Object({ box: Type.String({ maxLength: 20 }) }),
      body: Type.Object({ text: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
      response: Type.Object({ id: Type.Integer(), box: Type.String(), text: Type.String() }),
      handler: async ({ box, text }) => {
        runs++;
        return { id: runs, box, text };
      },
    });
    const served = await serveOperations(env(), [op]);
    try {
      const base = served.base;
      const token = await apiKeyFor(env(), await newUser(env()), ['listings:write']);
      const rest = async (idem: string | undefined, text: string) => {
        const res = await fetch(`${base}/api/v1/test-notes/inbox`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            ...(idem !== undefined ? { 'idempotency-key': idem } : {}),
          },
          body: JSON.stringify({ text }),
        });
        return {
          status: res.status,
          replayed: res.headers.get('idempotent-replayed'),
          json: (await res.json()) as any,
        };
      };
      const mcp = async (idem: string | undefined, text: string, viaSdk: boolean) => {
        const res = await fetch(`${base}/mcp`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
            ...(idem !== undefined ? { 'idempotency-key': idem } : {}),
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'test_add_note',
              arguments: { box: 'inbox', text },
              ...(viaSdk ? { _meta: { progressToken: 'p' } } : {}),
            },
          }),
        });
        const body = await res.text();
        const message = JSON.parse(/^data: (.*)$/m.exec(body)?.[1] ?? body);
        return message.result as { isError?: boolean; structuredContent: any };
      };

      const first = await rest('note-1', 'hello');
      assert.deepEqual([first.status, first.replayed, first.json], [201, null, { id: 1, box: 'inbox', text: 'hello' }]);
      const retry = await rest('note-1', 'hello');
      assert.deepEqual(
        [retry.status, retry.replayed, retry.json],
        [201, 'true', { id: 1, box: 'inbox', text: 'hello' }],
      );
      const changed = await rest('note-1', 'goodbye');
      assert.equal(changed.status, 400);
      assert.deepEqual(
        changed.json.errors.map((e: { path: string }) => e.path),
        ['Idempotency-Key'],
      );
      assert.equal(runs, 1);

      // The same key and input over MCP is the same request: replayed on both MCP paths.
      for (const viaSdk of [false, true]) {
        const result = await mcp('note-1', 'hello', viaSdk);
        assert.ok(!result.isError, JSON.stringify(result));
        assert.deepEqual(result.structuredContent, { id: 1, box: 'inbox', text: 'hello' });
        const different = await mcp('note-1', 'goodbye', viaSdk);
        assert.equal(different.isError, true);
        assert.equal(toolProblem(different).status, 400);
        const invalid = await mcp('x'.repeat(256), 'hello', viaSdk);
        assert.equal(invalid.isError, true);
        assert.deepEqual(
          toolProblem(invalid).errors.map((e: { path: string }) => e.path),
          ['Idempotency-Key'],
        );
      }
      assert.equal(runs, 1);

      // A new key on MCP runs once and replays; without a key every call runs.
      for (const viaSdk of [false, true]) {
        const key = `mcp-${viaSdk}`;
        const a = await mcp(key, 'via mcp', viaSdk);
        const b = await mcp(key, 'via mcp', viaSdk);
        assert.deepEqual(b.structuredContent, a.structuredContent);
      }
      assert.equal(runs, 3);
      await rest(undefined, 'no key');
      await rest(undefined, 'no key');
      await mcp(undefined, 'no key', false);
      assert.equal(runs, 6);
    } finally {
      await served.close();
    }
  });
});
