import { after, before, describe } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { createAppContext } from '../../src/context.js';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/app-context.js';
import { DATABASE_KINDS, openTestDatabase, type DatabaseKind } from './databases.js';

export interface TestEnv {
  kind: DatabaseKind;
  ctx: AppContext;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`: the app on real HTTP, for clients that need a socket (MCP streams). */
  baseUrl: string;
  /** The test clock; assign to move time. */
  clock: { now: Date };
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  json<T = any>(url: string, headers?: Record<string, string>): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
}

export const FIXED_NOW = new Date('2026-11-18T12:00:00Z'); // a Wednesday

/**
 * Runs `suite` once per database kind (PGlite and PostgreSQL), each with a fresh migrated
 * database, an app around it and a controllable clock.
 */
export function describeEachDatabase(name: string, suite: (env: () => TestEnv) => void, opts: { env?: Record<string, string>; seed?: (ctx: AppContext) => Promise<void> } = {}) {
  for (const kind of DATABASE_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let env: TestEnv;
      let close: () => Promise<void>;
      before(async () => {
        const opened = await openTestDatabase(kind);
        const clock = { now: new Date(FIXED_NOW) };
        const config = loadConfig({ PUBLIC_URL: 'http://launchdeck.test', RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'silent', ...opts.env });
        const ctx = await createAppContext(config, { db: opened.db, now: () => clock.now });
        if (opts.seed) await opts.seed(ctx);
        const app = await buildApp(ctx);
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        close = async () => { await app.close(); await opened.close(); };
        env = {
          kind, ctx, app, clock, baseUrl: `http://127.0.0.1:${port}`,
          get: (url, headers) => app.inject({ method: 'GET', url, headers }),
          async json(url, headers) {
            const res = await app.inject({ method: 'GET', url, headers });
            return { status: res.statusCode, body: res.json(), headers: res.headers };
          },
        };
      });
      after(async () => { await close?.(); });
      suite(() => env);
    });
  }
}
