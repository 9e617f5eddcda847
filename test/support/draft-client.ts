import type { TestEnv } from './app.js';
import { createApiKey, createUser } from './credentials.js';
import { Worker } from '../../src/jobs/queue.js';
import { jobHandlers } from '../../src/jobs/worker.js';

/** A signed-up founder calling the REST API with a key holding every scope. */
export async function founder(env: TestEnv, label = 'founder') {
  const email = await createUser(env, label);
  const key = await createApiKey(env, email, ['account:read', 'listings:write', 'orders:write']);
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await env.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
  };
  return { email, key, call };
}

/** Runs every due background job (crawls, drafting) to the end, as the worker would. */
export async function runJobs(env: TestEnv): Promise<number> {
  const worker = new Worker(env.ctx.db, jobHandlers(env.ctx), { id: 'test-worker', now: () => env.ctx.now() });
  return worker.drain(env.ctx.now());
}
